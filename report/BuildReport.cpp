#include "report/BuildReport.h"

#include "frontend/Results.h"
#include "models/kstack/Properties.h"
#include "models/kstack/StackOffsetRun.h"
#include "models/solver/Solver.h"

using namespace llvm;

namespace kharden {

namespace {

/// Paths relative to the tree's root, so two trees' reports compare.
void relativize(const std::string &Root, SourcePoint &P) {
  P.File = underRoot(Root, P.File);
}

std::vector<kstack::PropertyResult>
proveScheme(const kstack::StackOffsetScheme &S, unsigned TimeoutMs) {
  smt::SolverConfig Config;
  Config.TimeoutMs = TimeoutMs;
  std::vector<kstack::PropertyResult> Results;
  for (const kstack::PropertyInfo &P : kstack::stackOffsetProperties())
    if (P.AppliesTo(S))
      Results.push_back(P.Prove(S, Config));
  return Results;
}

} // namespace

TreeReport buildTreeReport(const AnalysedTree &Tree,
                           ArrayRef<std::unique_ptr<Check>> Checks,
                           unsigned TimeoutMs, ProofReport &Proofs) {
  TreeReport R;
  R.Root = treeRoot(Tree.Inputs);
  for (const std::string &F : Tree.Inputs)
    R.Inputs.push_back(underRoot(R.Root, F));
  for (const std::string &F : Tree.Incomplete)
    R.Incomplete.push_back(underRoot(R.Root, F));
  R.Findings = runChecks(*Tree.Solved, Checks);
  for (Finding &F : R.Findings) {
    relativize(R.Root, F.Where);
    for (Note &N : F.Notes)
      relativize(R.Root, N.Where);
  }
  Proofs.Z3Version = smt::SmtSession::z3Version();
  auto Run = std::make_unique<kstack::StackOffsetRun>();
  for (ExtractedScheme &E :
       extractStackOffsetSchemes(*Tree.Solved, [&](StringRef Function) {
         return filesNaming(Tree, Function);
       })) {
    SchemeReport S;
    S.Name = E.Scheme.Name;
    S.Arch = E.Scheme.Arch;
    S.Complete = E.complete();
    for (ExtractedField F : E.Fields) {
      relativize(R.Root, F.Where);
      S.Fields.push_back(std::move(F));
    }
    if (S.Complete) {
      kstack::SchemeResults SR{E.Scheme, "(extracted)",
                               proveScheme(E.Scheme, TimeoutMs)};
      for (const kstack::PropertyResult &PR : SR.Results) {
        S.Properties.push_back(figuresOf(PR));
        Proofs.TotalMs += PR.TimeMs;
      }
      Run->add(std::move(SR));
    }
    R.Schemes.push_back(std::move(S));
  }
  if (!Run->empty())
    Proofs.Parts.push_back({&kstack::model(), std::move(Run)});
  return R;
}

bool undecided(const TreeReport &R) {
  for (const SchemeReport &S : R.Schemes) {
    if (!S.Complete)
      return true;
    for (const PropertyFigures &P : S.Properties)
      if (!smt::decided(P.Status))
        return true;
  }
  return false;
}

} // namespace kharden
