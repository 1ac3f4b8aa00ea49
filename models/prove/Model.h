//===- models/prove/Model.h - how a model plugs into kharden prove -*- C++
//-*-===//
//
// Every model `kharden prove` runs plugs in the same way: one line of
// models/Models.def names its folder, which defines `<folder>::model()`, a
// ModelInfo. The table of ModelInfos drives everything model-specific in
// the command: which scheme files (`kind:`) a model reads, the properties
// `--property` accepts and `--help` lists, which built-in schemes run by
// default, and each model's part of the four report formats. A model's
// ModelRun reads its schemes, proves the properties asked, and reports; the
// verdicts stay typed (smt::Status) from the solver to every output.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PROVE_MODEL_H
#define KHARDEN_MODELS_PROVE_MODEL_H

#include "models/solver/SolverConfig.h"
#include "models/solver/Status.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kharden::prove {

/// A property as `--property`, `--help` and the reports name it.
struct PropertyInfo {
  llvm::StringRef Name;
  /// The theorem in words.
  llvm::StringRef Statement;
};

/// One property of one scheme, decided or not: what the report's header
/// counts and the exit status rests on.
struct Verdict {
  std::string Scheme;
  std::string Property;
  smt::Status Status = smt::Status::Error;
  /// Wall-clock and thread CPU time of its proof (0 when the model does not
  /// time properties one by one).
  double TimeMs = 0;
  double CpuMs = 0;
};

struct RunOptions {
  smt::SolverConfig Solver;
  /// The properties asked of this model; empty: all of them.
  std::vector<std::string> Properties;
  /// Threads for independent proofs.
  unsigned Jobs = 1;
  /// Module placement's `--min-bits`.
  std::optional<double> MinBits;

  bool asked(llvm::StringRef Property) const;
};

/// A model's schemes in one run of `kharden prove`, and its results.
class ModelRun {
public:
  virtual ~ModelRun() = default;
  /// Reads one scheme file of the model's kind; a malformed file is an
  /// InputError (or a list of them) naming file, line and column.
  virtual llvm::Error read(llvm::StringRef Path) = 0;
  virtual bool empty() const = 0;
  virtual void prove(const RunOptions &Options) = 0;
  virtual std::vector<Verdict> verdicts() const = 0;
  /// The model's sections of the report: plain text, Markdown (headings
  /// from level 2), HTML (a fragment of <section>s) and the value of its
  /// key in the JSON report.
  virtual void writeText(llvm::raw_ostream &OS) const = 0;
  virtual void writeMarkdown(llvm::raw_ostream &OS) const = 0;
  virtual void writeHtml(llvm::raw_ostream &OS) const = 0;
  virtual llvm::json::Value toJson() const = 0;
};

struct ModelInfo {
  /// The `kind:` of its scheme files.
  llvm::StringRef Kind;
  /// Its section's title in the reports.
  llvm::StringRef Title;
  /// Its key in the JSON report.
  llvm::StringRef JsonKey;
  llvm::ArrayRef<PropertyInfo> Properties;
  /// Whether `kharden prove` without --scheme and --property proves its
  /// built-in schemes (a model whose evaluation takes long is run when
  /// asked for).
  bool ByDefault = true;
  std::unique_ptr<ModelRun> (*Create)() = nullptr;

  const PropertyInfo *property(llvm::StringRef Name) const;
};

/// Every model, in the order of models/Models.def.
llvm::ArrayRef<const ModelInfo *> models();
/// The model of a scheme kind, or null.
const ModelInfo *modelOfKind(llvm::StringRef Kind);
/// The model one of whose properties is Name, or null.
const ModelInfo *modelOfProperty(llvm::StringRef Name);

} // namespace kharden::prove

#endif
