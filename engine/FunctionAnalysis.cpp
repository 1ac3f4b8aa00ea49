// FunctionAnalyzer, second half: the states at each event, and the summary.
#include "engine/FunctionAnalyzer.h"
#include "engine/StackOffsetSites.h"

#include <cstdlib>
#include <functional>
#include <set>

using namespace clang;

namespace kharden {

SourcePoint TUContext::point(SourceLocation Loc) const {
  return pointAt(sourceManager(), Loc);
}

std::string TUContext::keyOf(const FunctionDecl *FD) const {
  if (const FunctionDecl *Def = FD->getDefinition())
    FD = Def;
  std::string Name = FD->getNameAsString();
  if (FD->isExternallyVisible())
    return linkName(Name);
  // Static functions: one per file that defines them (a header's static
  // inline is the same function in every TU that includes it).
  return linkName(point(FD->getLocation()).File.str() + "@" + Name);
}

std::string TUContext::linkName(llvm::StringRef Name) const {
  return Image.empty() ? Name.str() : Image + "|" + Name.str();
}

const FunctionDecl *namedFunction(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    E = U->getSubExpr()->IgnoreParenCasts();
  const auto *D = dyn_cast<DeclRefExpr>(E);
  return D ? dyn_cast<FunctionDecl>(D->getDecl()) : nullptr;
}

/// Calls Each with every field of RD that initializer list IL (in its
/// semantic form) initializes, and its initializer: a union's one.
void forEachFieldInit(
    const RecordDecl *RD, const InitListExpr *IL,
    llvm::function_ref<void(const FieldDecl *, const Expr *)> Each) {
  if (RD->isUnion()) {
    if (const FieldDecl *FD = IL->getInitializedFieldInUnion();
        FD && IL->getNumInits())
      Each(FD, IL->getInit(0));
    return;
  }
  unsigned I = 0;
  for (const FieldDecl *FD : RD->fields()) {
    if (FD->isUnnamedBitField())
      continue;
    if (I >= IL->getNumInits())
      break;
    Each(FD, IL->getInit(I++));
  }
}

const InitListExpr *semanticForm(const InitListExpr *IL) {
  return !IL->isSemanticForm() && IL->getSemanticForm() ? IL->getSemanticForm()
                                                        : IL;
}

namespace function_analysis {

namespace {

constexpr unsigned MaxStatesPerPoint = 32;
using StateSet = llvm::SmallVector<RelState, 4>;

/// What an exit keeps of a path's facts: what it returns, the parameter
/// tests and the joins. A local's value, or which way the path found a
/// parameter, means nothing to callers, and kept into the exit block they
/// would fill its states with paths that differ only in them, past
/// MaxStatesPerPoint: they are dropped on the way in.
RelState exitFacts(const RelState &S) {
  RelState X = S.withoutLocalFacts();
  X.ParamKnown = X.ParamTrue = 0;
  X.WhyObjectState = -1;
  X.Returns = S.Returns;
  return X;
}

bool addState(StateSet &Set, const RelState &S) {
  if (S.overflowed())
    return false;
  for (const RelState &X : Set)
    if (X.sameContext(S))
      return false;
  if (Set.size() >= MaxStatesPerPoint)
    return false;
  Set.push_back(S);
  return true;
}

void addState(std::vector<RelState> &Set, const RelState &S) {
  if (S.overflowed())
    return;
  for (const RelState &X : Set)
    if (X.sameContext(S))
      return;
  if (Set.size() < MaxStatesPerPoint)
    Set.push_back(S);
}

} // namespace

FunctionSummary FunctionAnalyzer::run() {
  Out.Key = TU.keyOf(FD);
  Out.Where = TU.point(FD->getLocation());
  CFG::BuildOptions Opts;
  Opts.AddImplicitDtors = true; // emits cleanup-attribute calls (guards)
  Cfg = CFG::buildCFG(FD, FD->getBody(), &TU.AST, Opts);
  if (!Cfg)
    return std::move(Out);
  collectEvents();
  markRetries();
  linkSites();
  if (!Out.Sites.empty()) // collectEvents() found them
    readStackOffsetSites(FD, TU, SiteIndex, Out.Sites.edit());
  CallStates.resize(Out.Calls.size());
  solve();
  followValues();
  for (size_t I = 0; I < Out.Calls.size(); ++I)
    Out.Calls[I].States = CallStates[I];
  if (const char *Name = std::getenv("KHARDEN_DEBUG_FUNCTION");
      Name && Out.name() == Name)
    dump(llvm::errs());
  return std::move(Out);
}

void FunctionAnalyzer::computeOrder() {
  // Reverse post-order of the reachable blocks (CFG edges may be null where
  // a branch is known never taken).
  std::vector<bool> Seen(Cfg->getNumBlockIDs());
  std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>> Stack;
  const CFGBlock *Entry = &Cfg->getEntry();
  Seen[Entry->getBlockID()] = true;
  Stack.push_back({Entry, Entry->succ_begin()});
  while (!Stack.empty()) {
    auto &[B, It] = Stack.back();
    if (It == B->succ_end()) {
      Order.push_back(B);
      Stack.pop_back();
      continue;
    }
    const CFGBlock *Succ = *It++;
    if (Succ && !Seen[Succ->getBlockID()]) {
      Seen[Succ->getBlockID()] = true;
      Stack.push_back({Succ, Succ->succ_begin()});
    }
  }
  std::reverse(Order.begin(), Order.end());
}

void FunctionAnalyzer::applyBranchFacts(const CFGBlock &B, unsigned Succ,
                                        StateSet &States) const {
  for (const Event &E : BlockEvents[B.getBlockID()])
    if (E.K == Event::Effects && E.OnlyOnSucc == int(Succ))
      for (RelState &S : States)
        for (Effect Fx : E.Fx)
          S.applyAsked(Fx, E.Note);
  const BranchTest &Test = Branches[B.getBlockID()];
  bool Value = int(Succ) == Test.TrueSucc;
  if (Test.Constant >= 0 && Value != bool(Test.Constant)) {
    States.clear();
    return;
  }
  if (Test.Slot >= 0 && (Value ? !Test.OnlyFalseEdge : !Test.OnlyTrueEdge))
    keepFact(Test.Slot, Value, States);
  if (Test.NonZeroSlot >= 0 && int(Succ) == Test.NonZeroSucc)
    keepFact(Test.NonZeroSlot, true, States);
  if (Test.Test >= 0)
    keepFact(Test.Test, Value != Test.TestNegated, States);
}

bool FunctionAnalyzer::paramChanged(const RelState &S, unsigned Slot) const {
  if (Slots->relationSlot(Slot))
    return false; // only swapped with each other, if assigned at all
  std::optional<unsigned> P = Slots->paramOf(Slot);
  return P && (S.ParamChanged & (1u << *P));
}

bool FunctionAnalyzer::setFact(RelState &S, unsigned Slot, bool Value) const {
  if (paramChanged(S, Slot))
    return true; // no longer what the caller passed
  if (std::optional<bool> Known = S.fact(Slot); Known && *Known != Value)
    return false; // the path found the value the other way before
  S.setFact(Slot, Value);
  return true;
}

void FunctionAnalyzer::keepFact(unsigned Slot, bool Value,
                                StateSet &States) const {
  StateSet Kept;
  for (RelState S : States)
    if (setFact(S, Slot, Value))
      Kept.push_back(S);
  States = std::move(Kept);
}

void FunctionAnalyzer::transfer(const Event &E, StateSet &States) {
  switch (E.K) {
  case Event::Effects:
    if (E.OnlyOnSucc >= 0)
      break; // applied on its edge by solve()
    for (RelState &S : States)
      for (Effect Fx : E.Fx)
        S.apply(Fx, E.Note);
    break;
  case Event::Op:
    for (RelState S : States)
      if (E.FactSlot < 0 ||
          (!paramChanged(S, E.FactSlot) && setFact(S, E.FactSlot, E.FactValue)))
        addState(Out.Ops[E.Index].States, S.withoutLocalFacts());
    break;
  case Event::Site:
    for (const RelState &S : States)
      addState(Out.Sites[E.Index].States, S.withoutLocalFacts());
    break;
  case Event::Facts:
    for (const SlotWrite &W : E.Writes)
      write(W, States);
    break;
  case Event::Call: {
    // What the call site keeps of a path: not the function's own facts,
    // but those of the locals it lends the callee, which decide its tests.
    for (const RelState &S : States) {
      RelState Kept = S.withoutLocalFacts();
      for (auto [Arg, Slot] : Out.Calls[E.Index].Passes->Lent)
        Kept.setFact(Slot, S.fact(Slot));
      addState(CallStates[E.Index], Kept);
    }
    bool Replaces = E.ResultSlot >= 0 && Slots->resultReplaces(E.ResultSlot);
    if (E.Callees.empty()) {
      for (RelState &S : States) {
        if (Replaces)
          S.setFact(E.ResultSlot, std::nullopt);
        if (E.ResultSignSlot >= 0)
          S.setFact(E.ResultSignSlot, std::nullopt);
      }
      break;
    }
    StateSet After;
    for (const RelState &S : States) {
      // Through a function the file does not have: nothing known changes.
      // Elsewhere may be another file's target, or, for a slot the run
      // caps, any: it narrows no object.
      if (RelState Next = S; E.Join >= 0 && Next.setJoin(E.Join, false)) {
        if (Replaces)
          Next.setFact(E.ResultSlot, std::nullopt);
        if (E.ResultSignSlot >= 0)
          Next.setFact(E.ResultSignSlot, std::nullopt);
        addState(After, Next);
      }
      for (const CalleeExits &Callee : E.Callees)
        for (const RelState &Exit : Callee.Summary->ExitStates)
          if (std::optional<RelState> Next =
                  afterCallee(E, Callee, Exit, S, Replaces))
            addState(After, *Next);
    }
    States = std::move(After);
    break;
  }
  }
  // Effects may have made states equal.
  StateSet Unique;
  for (const RelState &S : States)
    addState(Unique, S);
  States = std::move(Unique);
}

bool FunctionAnalyzer::takesTests(const RelState &Exit,
                                  llvm::ArrayRef<ImportedTest> Tests,
                                  RelState &S) const {
  for (unsigned I = 0; I < Tests.size() && I < RelState::MaxTests; ++I) {
    std::optional<bool> Found = Exit.fact(RelState::FirstTestSlot + I);
    if (!Found)
      continue;
    if (Tests[I].Holds && *Tests[I].Holds != *Found)
      return false;
    if (Tests[I].Slot >= 0 &&
        !setFact(S, Tests[I].Slot, *Found != Tests[I].Negated))
      return false;
  }
  return true;
}

std::optional<RelState> FunctionAnalyzer::afterCallee(const Event &E,
                                                      const CalleeExits &Callee,
                                                      const RelState &Exit,
                                                      RelState S,
                                                      bool Replaces) const {
  if (E.Join >= 0 && !S.setJoin(E.Join, true))
    return std::nullopt; // the path went elsewhere through this call before
  if (Callee.Objects && !S.pickObjects(Callee.Objects))
    return std::nullopt; // another object's target before
  if (!takesTests(Exit, Callee.Tests, S))
    return std::nullopt; // an exit the arguments rule out
  for (unsigned J = 0; J < Callee.Joins.size(); ++J)
    if (Callee.Joins[J] >= 0 && (Exit.JoinKnown >> J & 1) &&
        !S.setJoin(Callee.Joins[J], Exit.JoinTrue >> J & 1))
      return std::nullopt;
  S.applyCallee(Exit, Callee.Note);
  if (std::optional<bool> Ret = Exit.fact(RelState::RetSlot);
      E.ResultSlot >= 0 && (Ret || Replaces))
    S.setFact(E.ResultSlot, Ret);
  if (E.ResultSignSlot >= 0)
    S.setFact(E.ResultSignSlot, Exit.returnsNegative());
  return S;
}

void FunctionAnalyzer::write(const SlotWrite &W, StateSet &States) const {
  if (W.When != SlotWrite::Always) {
    // The paths the guard does not hold on pass unchanged.
    StateSet Taken, Rest;
    for (const RelState &S : States)
      (W.holdsOn(S.fact(W.GuardSlot)) ? Taken : Rest).push_back(S);
    if (Taken.empty())
      return;
    SlotWrite Unguarded = W;
    Unguarded.When = SlotWrite::Always;
    write(Unguarded, Taken);
    for (const RelState &S : Taken)
      addState(Rest, S);
    States = std::move(Rest);
    return;
  }
  // Every state once per value of what is split on; Take makes the state
  // for a value, false where the path cannot have it.
  auto SplitOn = [&](llvm::function_ref<bool(RelState &, bool)> Take) {
    StateSet Both;
    for (const RelState &S : States)
      for (bool Value : {true, false})
        if (RelState Next = S; Take(Next, Value))
          addState(Both, Next);
    States = std::move(Both);
  };
  if (W.K == SlotWrite::Split)
    return SplitOn([&](RelState &S, bool Value) {
      if (!setFact(S, W.From, Value))
        return false;
      // A changed parameter keeps no fact: the value is unknown then.
      std::optional<bool> Found = S.fact(W.From);
      S.setFact(W.Slot, Found ? std::optional<bool>(*Found != W.Value)
                              : std::nullopt);
      return true;
    });
  if (W.K == SlotWrite::Fork)
    return SplitOn([&](RelState &S, bool Value) {
      const ValueSlots::Fork &F = Slots->forks()[W.From];
      for (Effect Fx : Value ? F.IfTrue : F.IfFalse)
        S.applyAsked(Fx, ForkNotes[W.From][!Value]);
      S.setFact(W.Slot, Value);
      return true;
    });
  for (RelState &S : States)
    switch (W.K) {
    case SlotWrite::Set:
      S.setFact(W.Slot, W.Value);
      break;
    case SlotWrite::Forget:
      S.setFact(W.Slot, std::nullopt);
      break;
    case SlotWrite::Copy:
      S.setFact(W.Slot, paramChanged(S, W.From) ? std::nullopt
                                                : S.fact(W.From));
      break;
    case SlotWrite::ParamChanged:
      S.ParamChanged |= uint8_t(1u << W.Slot);
      break;
    case SlotWrite::Returns:
      S.Returns = RetFact(W.From);
      break;
    case SlotWrite::Fork:
    case SlotWrite::Split:
      break;
    }
}

void FunctionAnalyzer::solve() {
  std::vector<StateSet> In(Cfg->getNumBlockIDs());
  std::vector<unsigned> RpoIndex(Cfg->getNumBlockIDs(), ~0u);
  for (unsigned I = 0; I < Order.size(); ++I)
    RpoIndex[Order[I]->getBlockID()] = I;
  In[Cfg->getEntry().getBlockID()].push_back(RelState{});
  // The CFG ties a block that ends in a noreturn call (BUG(), panic()) to
  // the exit: its states never return to a caller. They stand for the
  // exit only where no path returns.
  StateSet NoReturn;
  const CFGBlock *ExitBlock = &Cfg->getExit();
  std::set<unsigned> Work{RpoIndex[Cfg->getEntry().getBlockID()]};
  while (!Work.empty()) {
    const CFGBlock *B = Order[*Work.begin()];
    Work.erase(Work.begin());
    StateSet States = In[B->getBlockID()];
    for (const Event &E : BlockEvents[B->getBlockID()])
      transfer(E, States);
    for (unsigned I = 0; I < B->succ_size(); ++I) {
      const CFGBlock *Succ = *(B->succ_begin() + I);
      if (!Succ || RpoIndex[Succ->getBlockID()] == ~0u)
        continue;
      StateSet Edge = States;
      applyBranchFacts(*B, I, Edge);
      bool Ends = Succ == ExitBlock && B->hasNoReturnElement();
      bool Changed = false;
      for (const RelState &S : Edge)
        Changed |= addState(Ends ? NoReturn : In[Succ->getBlockID()],
                            Succ == ExitBlock ? exitFacts(S) : S);
      if (Changed && !Ends)
        Work.insert(RpoIndex[Succ->getBlockID()]);
    }
  }
  BlockIn = In;
  const StateSet &Exit = In[ExitBlock->getBlockID()].empty()
                             ? NoReturn
                             : In[ExitBlock->getBlockID()];
  // A path-insensitive join of "lock here, unlock there under the same
  // condition" leaves spurious unbalanced exits beside the real balanced one;
  // callers inherit only the balanced ones then. A lock or unlock wrapper
  // (no balanced exit at all) keeps its effect, and so does an exit holding
  // a lock whose return value tells it from every balanced one (a trylock
  // wrapper). A release on one return value is more often a lock taken in
  // another file, which this file does not see. The same for RCU readers,
  // bottom-half disables and IRQs left off beside an exit that enabled
  // them: a guard's destructor unlocks only `if (_T->lock)`
  // (include/linux/cleanup.h, 6.1 and 6.12), which the constructor always
  // set.
  //
  // A parameter's truth that the two exits found the other way (`if (ci)
  // spin_unlock(&ci->lock);`, `if (locked) spin_unlock(l);`, or the truth
  // of what it points to: compact_unlock_should_abort()'s `if (*locked)`,
  // whose caller lends its local) separates a
  // release: a caller that knows what it passes (it locked through the
  // pointer, a callee returned it with the lock, a constant flag) takes
  // the one exit, and one that does not takes both, keeping the lock on
  // one path. So does a pointer field's:
  // a guard's destructor unlocks only `if (_T->lock)` (6.12's
  // include/linux/cleanup.h), and its caller knows the `.lock` its
  // constructor set from the pointer it was given. Not a hold: within a cycle
  // of calls a callee's release can be missing (6.1's
  // hugepage_subpool_put_pages() -> unlock_or_release_subpool() -> ... ->
  // free_huge_page() -> hugepage_subpool_put_pages()), and its lock would
  // then be kept on every path that found the pointer.
  uint8_t Truths = 0;
  for (unsigned I = 0; I < Slots->tests().size() && I < RelState::MaxTests; ++I)
    if (Slots->tests()[I].truth() || Slots->tests()[I].fieldTruth() ||
        Slots->tests()[I].pointeeTruth())
      Truths |= uint8_t(1u << I);
  auto Separated = [Truths](int8_t Depth, const RelState &A,
                            const RelState &B) {
    bool OtherJoin = A.JoinKnown & B.JoinKnown & (A.JoinTrue ^ B.JoinTrue);
    bool OtherTruth = Truths & A.TestKnown & B.TestKnown &
                      (A.TestTrue ^ B.TestTrue);
    std::optional<bool> RA = A.fact(RelState::RetSlot),
                        RB = B.fact(RelState::RetSlot);
    return (Depth < 0 && OtherTruth) ||
           (Depth > 0 && (OtherJoin || (RA && RB && *RA != *RB)));
  };
  // Readers and bottom-half disables keep their releases: a guard's
  // destructor is the join's other half, which callers need.
  auto Kept = [&](const RelState &S, int8_t RelState::*Depth,
                  bool KeepReleases) {
    return S.*Depth == 0 || (KeepReleases && S.*Depth < 0) ||
           llvm::all_of(Exit, [&](const RelState &B) {
             return B.*Depth != 0 || Separated(S.*Depth, S, B);
           });
  };
  auto IrqsKept = [&](const RelState &S) {
    return S.Irq != IrqRel::Off || llvm::all_of(Exit, [&](const RelState &B) {
             return B.Irq != IrqRel::On || Separated(1, S, B);
           });
  };
  std::vector<RelState> Exits;
  for (const RelState &S : Exit)
    if (Kept(S, &RelState::PreemptDepth, false) &&
        Kept(S, &RelState::RcuDepth, true) &&
        Kept(S, &RelState::BhDepth, true) && IrqsKept(S)) {
      addState(Exits, S); // exitFacts() already, on the way in
    }
  // Parameter tests and joins at the exits tell callers which exits their
  // arguments and the run rule out; where every exit leaves the same
  // context, none matters.
  std::vector<RelState> Untested;
  for (RelState X : Exits) {
    X.TestKnown = X.TestTrue = X.JoinKnown = X.JoinTrue = 0;
    addState(Untested, X);
  }
  Out.ExitStates = Untested.size() <= 1 ? Untested : Exits;
  // A caller applies a stored parameter's effects after the callee's own,
  // so they hold only where nothing in the callee switched the checks they
  // switch (a constant stored after it, a callee that stores one).
  if (!Out.ForCallers->StoredParams.empty() &&
      llvm::any_of(Out.ExitStates, [](const RelState &X) {
        return X.SleepChecks != Switch::Unknown;
      }))
    Out.ForCallers.set().StoredParams.clear();
  Out.Tests = Slots->tests().vec();
  if (std::optional<unsigned> P = Slots->returnsMemberOf())
    Out.ForCallers.set().ReturnsMember = int8_t(*P);
  summarizeReturns();
  summarizeReturnedFields();
  KnownBits Returned =
      Slots->returnBits([&](const CallExpr *CE) { return returnBits(CE); });
  if (!Returned.unknown())
    Out.ForCallers.set().ReturnBits = Returned;
}

llvm::SmallVector<const ReturnStmt *, 4> FunctionAnalyzer::returns() const {
  llvm::SmallVector<const ReturnStmt *, 4> Out;
  for (const CFGBlock *B : Order)
    for (const CFGElement &E : *B)
      if (auto S = E.getAs<CFGStmt>())
        if (const auto *Ret = dyn_cast<ReturnStmt>(S->getStmt()))
          Out.push_back(Ret);
  return Out;
}

void FunctionAnalyzer::summarizeReturns() {
  if (!FD->getReturnType()->isIntegralOrEnumerationType() &&
      !FD->getReturnType()->isPointerType())
    return;
  std::optional<FunctionSummary::ReturnedParam> R;
  for (const ReturnStmt *Ret : returns()) {
    auto [P, T] = Ret->getRetValue()
                      ? paramTransfer(Ret, Ret->getRetValue())
                      : std::pair(0u, std::optional<BitsTransfer>());
    if (!T || P >= RelState::MaxParams || (R && R->Param != int(P)))
      return;
    R = {int8_t(P), R ? R->Bits.join(*T) : *T};
  }
  if (R)
    Out.ForCallers.set().ReturnTransfer = *R;
}

using FieldParams = std::vector<std::pair<std::string, uint8_t>>;

/// The fields of local V's initializer list that hold a parameter of FD
/// (a guard constructor's `{ .lock = l }`), where FD's body changes
/// neither the parameter nor V nor any field of that declaration.
static FieldParams fieldsHoldingParams(const FunctionDecl &FD,
                                       const VarDecl &V) {
  const auto *List = dyn_cast_or_null<InitListExpr>(
      V.getInit() ? V.getInit()->IgnoreParenImpCasts() : nullptr);
  const auto *Record = List ? List->getType()->getAsStructureType() : nullptr;
  if (!Record)
    return {};
  struct Held {
    const FieldDecl *Field;
    const ParmVarDecl *Param;
  };
  llvm::SmallVector<Held, 2> Found;
  unsigned I = 0;
  for (const FieldDecl *F : Record->getDecl()->fields()) {
    if (I >= List->getNumInits())
      break;
    const auto *D =
        dyn_cast<DeclRefExpr>(List->getInit(I++)->IgnoreParenImpCasts());
    const auto *P = D ? dyn_cast<ParmVarDecl>(D->getDecl()) : nullptr;
    if (P && !F->getName().empty() && P->getDeclContext() == &FD &&
        P->getFunctionScopeIndex() < RelState::MaxParams)
      Found.push_back({F, P});
  }
  // A store into V, into the parameter or into a field of that
  // declaration (through any pointer); the parameter's address taken.
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S || Found.empty())
      return;
    if (std::optional<StoreStmt> W = storeOf(S)) {
      const Expr *T = W->Target->IgnoreParenImpCasts();
      const auto *M = dyn_cast<MemberExpr>(T);
      const auto *D = dyn_cast<DeclRefExpr>(T);
      llvm::erase_if(Found, [&](const Held &H) {
        return (M && M->getMemberDecl() == H.Field) ||
               (D && (D->getDecl() == &V || D->getDecl() == H.Param));
      });
    } else if (const auto *U = dyn_cast<UnaryOperator>(S);
               U && U->getOpcode() == UO_AddrOf) {
      const auto *D =
          dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts());
      llvm::erase_if(
          Found, [&](const Held &H) { return D && D->getDecl() == H.Param; });
    }
    for (const Stmt *C : S->children())
      Scan(C);
  };
  Scan(FD.getBody());
  FieldParams Out;
  for (const Held &H : Found)
    Out.push_back(
        {H.Field->getName().str(), uint8_t(H.Param->getFunctionScopeIndex())});
  llvm::sort(Out);
  return Out;
}

void FunctionAnalyzer::summarizeReturnedFields() {
  if (!FD->getReturnType()->isStructureType())
    return;
  std::optional<FieldFacts> Common;
  std::optional<FieldParams> CommonParams;
  for (const ReturnStmt *Ret : returns()) {
    const Expr *Value = Ret->getRetValue()
                            ? Ret->getRetValue()->IgnoreParenImpCasts()
                            : nullptr;
    const auto *D = dyn_cast_or_null<DeclRefExpr>(Value);
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V))
      return;
    FieldParams Params = fieldsHoldingParams(*FD, *V);
    if (CommonParams)
      llvm::erase_if(*CommonParams, [&](const auto &X) {
        return !llvm::is_contained(Params, X);
      });
    else
      CommonParams = std::move(Params);
    FieldFacts Here = Fields->knownAt({V, false, ""}, Ret);
    if (!Common) {
      Common = std::move(Here);
      continue;
    }
    FieldFacts Both;
    for (const auto &[Field, Bits] : *Common)
      for (const auto &[Other, OtherBits] : Here)
        if (Field == Other && !Bits.join(OtherBits).unknown())
          Both.push_back({Field, Bits.join(OtherBits)});
    Common = std::move(Both);
  }
  if (Common)
    Out.ForCallers.set().ReturnFields = std::move(*Common);
  if (CommonParams && !CommonParams->empty())
    Out.ForCallers.set().ReturnFieldParams = std::move(*CommonParams);
}

static std::string stateText(const RelState &S) {
  static const char *Irq[] = {"inherited", "off", "on", "on by a sleep"};
  std::string T = "depth " + std::to_string(S.PreemptDepth) + ", irq " +
                  Irq[unsigned(S.Irq)];
  if (S.IrqsOffAsked)
    T += " (asked)";
  if (S.IrqsOffAsserted)
    T += " (asserted)";
  if (S.SleepEvidence)
    T += ", slept at depth " + std::to_string(S.SleepDepth);
  if (S.EnableEvidence)
    T += ", enabled";
  if (S.MigrateDepth)
    T += ", migrate " + std::to_string(S.MigrateDepth);
  for (unsigned Slot = 0;
       Slot < RelState::FirstTestSlot + RelState::MaxTests; ++Slot)
    if (std::optional<bool> V = S.fact(Slot))
      T += ", slot " + std::to_string(Slot) + (*V ? "=true" : "=false");
  for (unsigned J = 0; J < RelState::MaxJoins; ++J)
    if (S.JoinKnown >> J & 1)
      T += ", join " + std::to_string(J) +
           (S.JoinTrue >> J & 1 ? "=through" : "=elsewhere");
  return T;
}

/// KHARDEN_DEBUG_FUNCTION=name: what the analysis saw in one function.
void FunctionAnalyzer::dump(llvm::raw_ostream &OS) const {
  OS << "kharden: debug: " << Out.name() << " at " << Out.Where.File.str()
     << ":" << Out.Where.Line << "\n";
  for (const CFGBlock *B : Order)
    for (const Event &E : BlockEvents[B->getBlockID()]) {
      OS << "  B" << B->getBlockID() << ": ";
      switch (E.K) {
      case Event::Effects:
        for (Effect Fx : E.Fx)
          OS << effectName(Fx) << " ";
        if (E.Note >= 0)
          OS << "(" << Out.Notes[E.Note].Message.str() << ")";
        break;
      case Event::Op:
        OS << Out.Ops[E.Index].Name << "(" << Out.Ops[E.Index].Variable
           << ") line " << Out.Ops[E.Index].Where.Line;
        for (const RelState &S : Out.Ops[E.Index].States)
          OS << " [" << stateText(S) << "]";
        break;
      case Event::Call:
        if (E.ResultSlot >= 0)
          OS << "slot " << int(E.ResultSlot) << " = ";
        OS << "call " << (Out.Calls[E.Index].Through.empty() ? "" : "through ")
           << Out.Calls[E.Index].CalleeName.str() << " line "
           << Out.Calls[E.Index].Where.Line
           << (E.Callees.empty() ? "" : " (effects)");
        if (E.Join >= 0)
          OS << " join " << int(E.Join) << " of "
             << Out.Joins[E.Join].Targets.size() << " targets";
        for (const RelState &S : Out.Calls[E.Index].States)
          OS << " [" << stateText(S) << "]";
        for (const auto &[A, B] : Out.Calls[E.Index].ArgBits)
          OS << " arg" << unsigned(A.Index) << (A.Field.empty() ? "" : "->")
             << A.Field.str() << "=" << describe(B);
        break;
      case Event::Site:
        OS << "site " << Out.Sites[E.Index].Macro;
        break;
      case Event::Facts:
        for (const SlotWrite &W : E.Writes)
          OS << "slot " << unsigned(W.Slot) << " write " << unsigned(W.K)
             << " ";
        break;
      }
      OS << "\n";
    }
  for (const RelState &S : Out.ExitStates)
    OS << "  exit [" << stateText(S) << "]\n";
  for (const auto &[A, B] : Out.ForCallers->Stores)
    OS << "  stores param" << unsigned(A.Index) << "->" << A.Field.str()
       << " = " << describe(B) << "\n";
  OS << "  returns " << describe(Out.ForCallers->ReturnBits) << "\n";
  for (const auto &[Field, B] : Out.ForCallers->ReturnFields)
    OS << "  returns field " << Field << " = " << describe(B) << "\n";
  if (!Out.ForCallers->ReturnsExchange.empty())
    OS << "  returns the exchange of " << Out.ForCallers->ReturnsExchange
       << "\n";
  for (const ExchangeTest &X : Exchanges)
    OS << "  exchange of " << X.Variable << " line " << X.Where.Line
       << " tested by block " << X.Tester << ", failed to " << X.Failed << "\n";
  for (const Operation &Op : Out.Ops)
    if (Op.RetriedAt.valid())
      OS << "  pick line " << Op.Where.Line << " retried at line "
         << Op.RetriedAt.Line << "\n";
  dumpValues(OS);
}

} // namespace function_analysis

FunctionSummary analyzeFunction(const FunctionDecl *FD, TUContext &TU) {
  return function_analysis::FunctionAnalyzer(FD, TU).run();
}

} // namespace kharden
