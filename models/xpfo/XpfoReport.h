//===- models/xpfo/XpfoReport.h - the XPFO part of the proof report -*- C++
//-*-===//
//
// Per scheme: its policy, each property's verdict with the shortest
// counterexample schedule or the invariant, and the flushes it costs. Per
// measurement file: the fit of the costs (with residuals), the predicted
// overhead of every policy, the cheapest safe one, the batch size under the
// overhead limit, and a plot of overhead against batch size (HTML).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_XPFO_XPFOREPORT_H
#define KHARDEN_MODELS_XPFO_XPFOREPORT_H

#include "models/xpfo/XpfoCost.h"
#include "models/xpfo/XpfoResult.h"
#include "models/xpfo/XpfoScheme.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <vector>

namespace kharden::xpfo {

struct SchemeEntry {
  XpfoScheme Scheme;
  std::vector<PropertyResult> Results;
  /// The model's flush counts (xpfo.cost): per batch of allocations, per
  /// kunmap().
  std::optional<CountLaw> Allocation, Kunmap;
  /// Every property asked was proved.
  bool safe() const;
};

struct FitEntry {
  Measurements Data;
  /// The counts of a flush-all allocation the fit rests on.
  CountLaw FlushAll;
  CostFit Fit;
};

struct XpfoResults {
  std::vector<SchemeEntry> Schemes;
  std::vector<std::unique_ptr<FitEntry>> Fits;
  const FitEntry *fitOf(const SchemeEntry &S) const;
};

void writeText(llvm::raw_ostream &OS, const XpfoResults &R);
void writeMarkdown(llvm::raw_ostream &OS, const XpfoResults &R);
void writeHtml(llvm::raw_ostream &OS, const XpfoResults &R);
llvm::json::Value toJson(const XpfoResults &R);
/// Overhead against batch size for the policies of one measurement file.
std::string renderCostSvg(const FitEntry &F, const XpfoResults &R);

} // namespace kharden::xpfo

#endif
