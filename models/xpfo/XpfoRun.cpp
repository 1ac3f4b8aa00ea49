//===- models/xpfo/XpfoRun.cpp - XPFO in kharden prove --------------------===//
//
// The XPFO model's entry in the registry (models/Models.def): its scheme
// kind, its properties, and its ModelRun. Every (scheme, property) and
// every scheme's flush count is an independent job with its own solver;
// the cost fits follow, one per measurement file the schemes name.
//
//===----------------------------------------------------------------------===//
#include "models/prove/Model.h"
#include "models/xpfo/XpfoProofs.h"
#include "models/xpfo/XpfoReport.h"
#include "support/ForEachIndex.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

#include <functional>
#include <map>
#include <set>

using namespace llvm;

namespace kharden::xpfo {

namespace {

const prove::PropertyInfo Properties[] = {
    {"xpfo.exclusive",
     "Once an allocation to user space has returned, no CPU can translate "
     "the page's physmap address until the kernel maps it again."},
    {"xpfo.kmap-window",
     "After kunmap(), no CPU other than the one that unmapped the page can "
     "reach it until the kernel maps it again."},
    {"xpfo.cost",
     "The local flushes and IPIs of a batch of allocations to user space "
     "and of a kunmap(), counted by the model for 2, 3 and 4 CPUs, and the "
     "law in the CPUs they follow."},
};

class XpfoRun : public prove::ModelRun {
public:
  Error read(StringRef Path) override {
    Expected<XpfoScheme> S = readXpfoScheme(Path);
    if (!S)
      return S.takeError();
    if (!S->MeasurementsFile.empty() && !R.fitOf({*S, {}, {}, {}})) {
      Expected<Measurements> M = readMeasurements(S->MeasurementsFile);
      if (!M)
        return M.takeError();
      R.Fits.push_back(std::make_unique<FitEntry>());
      R.Fits.back()->Data = std::move(*M);
    }
    R.Schemes.push_back({std::move(*S), {}, {}, {}});
    return Error::success();
  }
  bool empty() const override { return R.Schemes.empty(); }

  void prove(const prove::RunOptions &Options) override {
    std::vector<std::function<void()>> Jobs;
    for (SchemeEntry &S : R.Schemes)
      for (XpfoProperty P : {XpfoProperty::Exclusive, XpfoProperty::KmapWindow})
        if (Options.asked(propertyName(P))) {
          S.Results.emplace_back();
          size_t Slot = S.Results.size() - 1;
          Jobs.push_back([&S, P, Slot, &Options] {
            ProofOptions O;
            O.Solver = Options.Solver;
            S.Results[Slot] = proveXpfo(S.Scheme, P, O);
          });
        }
    // Each policy's flushes are counted once, whichever schemes share it;
    // the fits rest on the count of a flush to every CPU.
    std::map<std::string, CountLaw> Laws;
    auto Count = [&](const std::string &Policy, const XpfoScheme &S,
                     CountLaw (*Counter)(const XpfoScheme &,
                                         const smt::SolverConfig &)) {
      if (Laws.emplace(Policy, CountLaw()).second)
        Jobs.push_back([&Laws, Policy, S, Counter, &Options] {
          Laws.at(Policy) = Counter(S, Options.Solver);
        });
    };
    XpfoScheme FlushAll;
    bool Cost = Options.asked("xpfo.cost");
    if (Cost) {
      for (const SchemeEntry &S : R.Schemes) {
        Count(allocationPolicy(S.Scheme), S.Scheme, countAllocation);
        Count(kunmapPolicy(S.Scheme), S.Scheme, countKunmap);
      }
      if (!R.Fits.empty())
        Count(allocationPolicy(FlushAll), FlushAll, countAllocation);
    } else {
      R.Fits.clear();
    }
    forEachIndex(Jobs.size(), Options.Jobs, [&](size_t I) { Jobs[I](); });
    if (!Cost)
      return;
    for (SchemeEntry &S : R.Schemes) {
      S.Allocation = Laws.at(allocationPolicy(S.Scheme));
      S.Kunmap = Laws.at(kunmapPolicy(S.Scheme));
    }
    for (std::unique_ptr<FitEntry> &F : R.Fits) {
      F->FlushAll = Laws.at(allocationPolicy(FlushAll));
      if (F->FlushAll.Affine)
        F->Fit = fitCosts(F->Data, F->FlushAll);
    }
  }

  std::vector<prove::Verdict> verdicts() const override {
    std::vector<prove::Verdict> Out;
    // A count shared by several schemes is timed once, with the first.
    std::set<std::string> Timed;
    for (const SchemeEntry &S : R.Schemes) {
      for (const PropertyResult &PR : S.Results)
        Out.push_back(
            {S.Scheme.Name, PR.Property, PR.Verdict, PR.TimeMs, PR.CpuMs});
      if (S.Allocation)
        Out.push_back(
            costVerdict(S.Scheme.Name, {&*S.Allocation, &*S.Kunmap}, Timed));
    }
    for (const std::unique_ptr<FitEntry> &F : R.Fits)
      Out.push_back(costVerdict(sys::path::stem(F->Data.Path).str(),
                                {&F->FlushAll}, Timed));
    return Out;
  }

  void writeText(raw_ostream &OS) const override { xpfo::writeText(OS, R); }
  void writeMarkdown(raw_ostream &OS) const override {
    xpfo::writeMarkdown(OS, R);
  }
  void writeHtml(raw_ostream &OS) const override { xpfo::writeHtml(OS, R); }
  json::Value toJson() const override { return xpfo::toJson(R); }

private:
  /// xpfo.cost is decided when every count is, and follows a law.
  static prove::Verdict costVerdict(StringRef Scheme,
                                    ArrayRef<const CountLaw *> Laws,
                                    std::set<std::string> &Timed) {
    prove::Verdict V{Scheme.str(), "xpfo.cost", smt::Status::Proved};
    for (const CountLaw *L : Laws) {
      if (Timed.insert(L->Proof.Scheme).second) {
        V.TimeMs += L->Proof.TimeMs;
        V.CpuMs += L->Proof.CpuMs;
      }
      if (L->Proof.Verdict != smt::Status::Proved)
        V.Status = L->Proof.Verdict;
      else if (!L->Affine && V.Status == smt::Status::Proved)
        V.Status = smt::Status::Unknown;
    }
    return V;
  }

  XpfoResults R;
};

std::unique_ptr<prove::ModelRun> createRun() {
  return std::make_unique<XpfoRun>();
}

} // namespace

const prove::ModelInfo &model() {
  static const prove::ModelInfo Info{"xpfo",
                                     "XPFO: exclusive page-frame ownership",
                                     "xpfo",
                                     Properties,
                                     /*ByDefault=*/true,
                                     createRun};
  return Info;
}

} // namespace kharden::xpfo
