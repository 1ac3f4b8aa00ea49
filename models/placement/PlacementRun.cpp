//===- models/placement/PlacementRun.cpp - module placement in kharden prove
//-===//
//
// The module-placement model's part of `kharden prove` (models/prove/
// Model.h). A scheme is evaluated as a whole (each runs its simulation on
// every core); the properties asked only select the report's parts. The
// verdict of a property is that of the proofs its figures rest on: proved
// when every one of them is.
//
//===----------------------------------------------------------------------===//
#include "models/placement/PlacementModel.h"
#include "models/placement/PlacementReport.h"
#include "models/placement/PlacementScheme.h"
#include "models/prove/Model.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace kharden::placement {

namespace {

const prove::PropertyInfo Properties[] = {
    {"placement.min-entropy",
     "A lower bound on the min-entropy of the N-th module's start address, "
     "next to a measured value and the limit."},
    {"placement.leak",
     "A lower bound on the min-entropy of one module's address given "
     "another's."},
    {"placement.fallback",
     "An upper bound on the probability that the N-th module takes the "
     "fallback path."},
};

/// Proved when every status is, else the first that is not.
smt::Status allOf(ArrayRef<smt::Status> Statuses) {
  for (smt::Status S : Statuses)
    if (S != smt::Status::Proved)
      return S;
  return smt::Status::Proved;
}

class PlacementRun : public prove::ModelRun {
public:
  Error read(StringRef Path) override {
    Expected<PlacementScheme> S = readPlacementScheme(Path);
    if (!S)
      return S.takeError();
    Schemes.push_back(std::move(*S));
    return Error::success();
  }
  bool empty() const override { return Schemes.empty(); }

  void prove(const prove::RunOptions &Options) override {
    Asked = Options;
    for (const PlacementScheme &S : Schemes) {
      ModelOptions O;
      O.Solver = Options.Solver;
      O.MinBits = Options.MinBits;
      PlacementResult P = evaluatePlacement(S, O);
      if (!Options.asked("placement.leak"))
        P.Leaks.clear();
      if (!Options.asked("placement.fallback"))
        for (SeriesPoint &SP : P.Series) {
          SP.FallbackProbability.reset();
          SP.FallbackBound.reset();
          SP.DrawnFallbackProbability.reset();
          SP.ProposalEstimateBits.reset();
        }
      Results.push_back(std::move(P));
    }
  }

  std::vector<prove::Verdict> verdicts() const override {
    std::vector<prove::Verdict> Out;
    for (const PlacementResult &R : Results) {
      std::vector<smt::Status> Bound, Leak, Fallback;
      for (const LemmaResult &L : R.Lemmas)
        Bound.push_back(L.Status);
      for (const SeriesPoint &P : R.Series) {
        Bound.push_back(P.BoundBits.Status);
        if (P.FallbackBound)
          Fallback.push_back(P.FallbackBound->Status);
      }
      for (const LeakResult &L : R.Leaks)
        Leak.push_back(L.BoundBits.Status);
      double Ms = R.Seconds * 1000;
      if (Asked.asked("placement.min-entropy"))
        Out.push_back({R.Scheme, "placement.min-entropy", allOf(Bound), Ms});
      if (!Leak.empty())
        Out.push_back({R.Scheme, "placement.leak", allOf(Leak), Ms});
      if (!Fallback.empty())
        Out.push_back({R.Scheme, "placement.fallback", allOf(Fallback), Ms});
    }
    return Out;
  }

  void writeText(raw_ostream &OS) const override {
    for (const PlacementResult &P : Results) {
      OS << "\n";
      printText(OS, P);
    }
  }
  void writeMarkdown(raw_ostream &OS) const override {
    OS << "Min-entropy of the N-th module's start address in bits: the "
          "proved bound, the measured value with its 95% interval, and the "
          "limit (docs/models/module-placement.md).\n\n";
    for (const PlacementResult &P : Results)
      printMarkdown(OS, P);
  }
  void writeHtml(raw_ostream &OS) const override {
    for (const PlacementResult &P : Results)
      printHtmlSection(OS, P);
  }
  json::Value toJson() const override {
    json::Array Out;
    for (const PlacementResult &P : Results)
      Out.push_back(placement::toJson(P));
    return Out;
  }

private:
  std::vector<PlacementScheme> Schemes;
  std::vector<PlacementResult> Results;
  prove::RunOptions Asked;
};

std::unique_ptr<prove::ModelRun> createRun() {
  return std::make_unique<PlacementRun>();
}

} // namespace

const prove::ModelInfo &model() {
  // Its simulations take seconds per scheme: run when asked for.
  static const prove::ModelInfo Info{
      "module-placement",  "Module placement (KASLR)",
      "placement",         Properties,
      /*ByDefault=*/false, createRun};
  return Info;
}

} // namespace kharden::placement
