// FunctionAnalyzer's part on compare-and-exchanges on this CPU's copy of a
// per-CPU variable (the kernel model's `percpu-exchanges`): the branch that
// tests whether one succeeded, and the per-CPU addresses whose pick its
// failure leads back to (Operation::RetriedAt). SLUB's fast paths pick
// raw_cpu_ptr(s->cpu_slab), read through it, then exchange this CPU's copy
// with this_cpu_cmpxchg_double(); where that fails they go back to the pick.
#include "engine/FunctionAnalyzer.h"
#include "engine/PickedObjects.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace kharden::function_analysis {

namespace {

class ReturnCounter : public RecursiveASTVisitor<ReturnCounter> {
public:
  bool VisitReturnStmt(ReturnStmt *) {
    ++Count;
    return true;
  }
  unsigned Count = 0;
};

} // namespace

void FunctionAnalyzer::noteExchange(llvm::StringRef Variable, const Stmt *S,
                                    SourceLocation UseLoc, int Outer) {
  std::string Key = variableKey(Variable);
  const Stmt *Top = Outer >= 0 ? expansionTop(S, UseLoc) : S;
  // The function's only return returns the result: its callers' branches
  // test it, on the variable their argument names.
  if (isa_and_nonnull<ReturnStmt>(parents().getParentIgnoreParenCasts(Top))) {
    ReturnCounter Returns;
    Returns.TraverseStmt(FD->getBody());
    llvm::StringRef Root = variableRoot(Key);
    for (unsigned I = 0; I < FD->getNumParams() && Returns.Count == 1; ++I)
      if (FD->getParamDecl(I)->getName() == Root)
        Out.ForCallers.set().ReturnsExchange =
            "#" + std::to_string(I) + Key.substr(Root.size());
  }
  unsigned Tester = testingBlock(S, UseLoc, Outer);
  if (Tester == ~0u)
    return;
  // The successor taken where the exchange returned false.
  const CFGBlock *B = Blocks->block(Tester);
  if (const CFGBlock *Failed =
          (B->succ_begin() + (1 - Branches[Tester].TrueSucc))
              ->getReachableBlock())
    Exchanges.push_back({Key, Tester, Failed->getBlockID(), TU.point(UseLoc)});
}

void FunctionAnalyzer::noteExchangeMacro(llvm::ArrayRef<std::string> Args,
                                         llvm::ArrayRef<SourceLocation> Chain,
                                         const Stmt *S, SourceLocation UseLoc,
                                         int Outer) {
  // A macro that only names another one (SLUB's `#define
  // this_cpu_try_cmpxchg_freelist this_cpu_try_cmpxchg128`): the arguments,
  // and the expansion branches test, are the next one's.
  while (Args.empty() && Outer > 0) {
    const RecordedExpansion *R = TU.Expansions.find(Chain[--Outer]);
    if (R && R->Prim) {
      Args = R->Args;
      UseLoc = Chain[Outer];
    }
  }
  if (!Args.empty())
    noteExchange(Args.front(), S, UseLoc, Outer);
}

void FunctionAnalyzer::noteExchangeCall(const FunctionSummary &Callee,
                                        const CallExpr *CE) {
  llvm::StringRef Rest = Callee.ForCallers->ReturnsExchange;
  unsigned Param = 0;
  if (!Rest.consume_front("#") || Rest.consumeInteger(10, Param) ||
      Param >= CE->getNumArgs())
    return;
  // The argument a variable of the caller's, which the callee's parameter
  // stands for: `s` of __update_cpu_freelist_fast(s, ...).
  const auto *Arg =
      dyn_cast<DeclRefExpr>(CE->getArg(Param)->IgnoreParenImpCasts());
  if (!Arg || !isa<VarDecl>(Arg->getDecl()))
    return;
  noteExchange(Arg->getDecl()->getName().str() + Rest.str(), CE,
               CE->getBeginLoc(), -1);
}

void FunctionAnalyzer::markRetries() {
  if (Exchanges.empty() || Picks.empty())
    return;
  // The exchange must come after the pick (it checks what was read through
  // it), and its failure lead back to before the pick.
  for (const auto &[Index, Block] : Picks) {
    Operation &Op = Out.Ops[Index];
    std::string Key = variableKey(Op.Variable);
    for (const ExchangeTest &X : Exchanges)
      if (partOf(X.Variable, Key) && Blocks->leads(Block, X.Tester) &&
          Blocks->leads(X.Failed, Block)) {
        Op.RetriedAt = X.Where;
        break;
      }
  }
}

} // namespace kharden::function_analysis
