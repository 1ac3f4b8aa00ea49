// FunctionAnalyzer, first half: from the CFG to events.
#include "engine/CfgReach.h"
#include "engine/CrossFileEffects.h"
#include "engine/FunctionAnalyzer.h"
#include "engine/IntegerBits.h"
#include "engine/PointerFlows.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace kharden::function_analysis {

namespace {

/// Whether a callee's exit leaves its caller's context as it was.
bool isIdentity(const RelState &S) {
  return S.withoutLocalFacts().sameContext(RelState{});
}

/// Whether User, E's parent, uses E's value. A statement of its own is
/// unused wherever it stands: in a block, and as the branch of an `if`, the
/// body of a loop or what a label or `case` marks (`out: __this_cpu_inc(x);`,
/// whose kernel macro is a statement expression); so is an expression cast
/// to void or left of a comma. A condition, an operand, an initializer or a
/// returned value is used.
bool valueUsedBy(const Stmt *User, const Stmt *E) {
  if (!User || isa<CompoundStmt, LabelStmt, SwitchCase, AttributedStmt>(User))
    return false;
  auto Is = [E](const Expr *Part) {
    return Part && Part->IgnoreParenCasts() == E;
  };
  if (const auto *CE = dyn_cast<CStyleCastExpr>(User))
    return !CE->getType()->isVoidType();
  if (const auto *BO = dyn_cast<BinaryOperator>(User); BO && BO->isCommaOp())
    return !Is(BO->getLHS());
  if (const auto *If = dyn_cast<IfStmt>(User))
    return Is(If->getCond());
  if (const auto *While = dyn_cast<WhileStmt>(User))
    return Is(While->getCond());
  if (const auto *Do = dyn_cast<DoStmt>(User))
    return Is(Do->getCond());
  if (const auto *For = dyn_cast<ForStmt>(User))
    return Is(For->getCond());
  if (const auto *Switch = dyn_cast<SwitchStmt>(User))
    return Is(Switch->getCond());
  return true;
}

std::string effectsMessage(llvm::ArrayRef<Effect> Fx, llvm::StringRef Text) {
  llvm::StringRef Sleep = sleepRuleOf(Fx);
  if (Sleep == rules::MaySchedule)
    return ("'" + Text + "' may sleep: preemption is enabled here").str();
  if (!Sleep.empty())
    return ("'" + Text + "' may sleep: preemption and IRQs are enabled here")
        .str();
  if (llvm::is_contained(Fx, Effect::SimdBegin))
    return ("kernel FPU/SIMD section begun here by '" + Text + "'").str();
  if (llvm::is_contained(Fx, Effect::AssertSimdUsable))
    return ("'" + Text + "' said here that the FPU/SIMD may be used").str();
  if (llvm::is_contained(Fx, Effect::RcuReadLock))
    return ("RCU read-side critical section begun here by '" + Text + "'")
        .str();
  if (llvm::is_contained(Fx, Effect::HardirqEnter))
    return ("hard IRQ context entered here by '" + Text + "'").str();
  if (llvm::is_contained(Fx, Effect::NmiEnter))
    return ("NMI context entered here by '" + Text + "'").str();
  if (llvm::is_contained(Fx, Effect::IrqAsInterrupted))
    return ("IRQs as the interrupted context had them from here: '" + Text +
            "'")
        .str();
  if (llvm::is_contained(Fx, Effect::LastReference))
    return ("the last reference dropped here, where '" + Text +
            "' is true: whether the caller's reference is the last is the "
            "object's state")
        .str();
  if (llvm::is_contained(Fx, Effect::SleepChecksOff))
    return ("the kernel's sleep checks are off from here: '" + Text + "'")
        .str();
  bool Irqs = llvm::is_contained(Fx, Effect::IrqEnable);
  bool Preempt = llvm::is_contained(Fx, Effect::PreemptEnable);
  const char *What = Irqs && Preempt ? "preemption and IRQs enabled"
                     : Irqs          ? "IRQs enabled"
                     : Preempt       ? "preemption enabled"
                                     : "context changed";
  return (What + llvm::Twine(" here by '") + Text + "'").str();
}

/// Through: how the code names the pointer the call reads, if it is one.
std::string calleeMessage(const FunctionSummary &Callee,
                          llvm::StringRef Through) {
  bool Sleeps = false, IrqsOn = false;
  uint16_t Section = 0;
  for (const RelState &S : Callee.ExitStates) {
    Sleeps |= S.SleepEvidence;
    IrqsOn |= irqsTurnedOn(S.Irq);
    Section |= S.SectionKind;
  }
  std::string Name = "'" + Callee.name().str() + "()'";
  if (!Through.empty())
    Name += " (through '" + Through.str() + "')";
  if (Section == KindNmi || Section == KindHardirq) // not SectionLeft
    return Name + " called here enters " +
           (Section == KindNmi ? "NMI" : "hard IRQ") + " context";
  if (Sleeps)
    return Name + " called here may sleep: preemption and IRQs are enabled";
  if (IrqsOn)
    return Name + " called here enables IRQs";
  return Name + " called here changes the preemption context";
}

} // namespace

BranchTest FunctionAnalyzer::branchTest(const CFGBlock &B) const {
  // The condition this block decides on: for `a || b`, the block of `b`
  // tests b, not the whole expression.
  const Expr *E = branchCondition(B);
  if (!E || inIfArgument(E))
    return {};
  bool Negated = false;
  for (E = E->IgnoreParenImpCasts();; ) {
    // A known macro whose whole expansion the condition is (not a `!`
    // inside it, nor a branch inside the macro's own definition).
    if (SourceLocation L = primitiveMacro(E); L.isValid()) {
      if (!wholeExpansion(E, L))
        return {};
      BranchTest T{nullptr, L, int8_t(Negated)};
      T.Expansion = E;
      // Its value is still its expansion's (`WARN_ON_ONCE(cond)` is
      // cond's truth), which a test of the parameters may decide.
      const Expr *Value = ValueSlots::strip(E, T.TestNegated, TU.AST);
      if (std::optional<unsigned> Test =
              Slots->testSlotOf(Value, T.TestNegated))
        T.Test = int8_t(*Test);
      else
        T.TestNegated = false;
      return T;
    }
    const Expr *Inner = ValueSlots::stripOnce(E, Negated, TU.AST);
    if (Inner == E)
      break;
    E = Inner;
  }
  // The successor where a sign slot's variable is negative.
  if (std::optional<ValueSlots::SignTest> S = Slots->signTestOf(E)) {
    BranchTest T{nullptr, {}, int8_t(Negated != S->Flipped), int8_t(S->Slot)};
    T.OnlyTrueEdge = S->Says == ValueSlots::SignTest::WhereNegative;
    T.OnlyFalseEdge = S->Says == ValueSlots::SignTest::WhereNotNegative;
    if (std::optional<unsigned> NonZero = Slots->nonZeroWhenTrue(E)) {
      T.NonZeroSlot = int8_t(*NonZero);
      T.NonZeroSucc = int8_t(Negated);
    }
    return T;
  }
  std::optional<unsigned> Slot = Slots->slotOf(E);
  bool OnlyTrueEdge = false;
  if (!Slot && (Slot = Slots->nonZeroWhenTrue(E)))
    OnlyTrueEdge = true;
  bool TestNegated = false;
  std::optional<unsigned> Test = Slots->testSlotOf(E, TestNegated);
  BranchTest T{dyn_cast<CallExpr>(E),
               {},
               int8_t(Negated),
               int8_t(Slot ? int(*Slot) : -1),
               OnlyTrueEdge,
               int8_t(Test ? int(*Test) : -1),
               TestNegated};
  if (std::optional<bool> Truth = argumentBits(E).truth())
    T.Constant = int8_t(*Truth);
  return T;
}

bool FunctionAnalyzer::inIfArgument(const Expr *E) const {
  if (!E->getBeginLoc().isMacroID())
    return false;
  for (const Stmt *User = parents().getParent(E); User;
       User = parents().getParent(User)) {
    if (const RecordedExpansion *R =
            primitiveUsing(TU.Expansions, SM, E, User))
      return R->Prim && R->Prim->IfArgument;
    if (!isa<Expr>(User))
      break;
  }
  return false;
}

SourceLocation FunctionAnalyzer::primitiveMacro(const Expr *E) const {
  return primitiveExpansion(E).first;
}

std::pair<SourceLocation, const Primitive *>
FunctionAnalyzer::primitiveExpansion(const Expr *E) const {
  if (!E->getBeginLoc().isMacroID())
    return {};
  llvm::SmallVector<SourceLocation, 8> Begin, End;
  expansionChain(SM, E->getBeginLoc(), Begin);
  expansionChain(SM, E->getEndLoc(), End);
  for (SourceLocation L : llvm::reverse(Begin))
    if (const RecordedExpansion *R = TU.Expansions.find(L);
        R && R->Prim && llvm::is_contained(End, L))
      return {L, R->Prim};
  return {};
}

const Primitive *FunctionAnalyzer::primitiveOf(const Expr *E) const {
  const auto *CE = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
  if (Callee && Callee->getIdentifier())
    if (const Primitive *P = TU.Lookup.find(Callee->getName()))
      return P;
  return primitiveExpansion(E).second;
}

void FunctionAnalyzer::collectEvents() {
  BlockEvents.resize(Cfg->getNumBlockIDs());
  Branches.assign(Cfg->getNumBlockIDs(), {});
  computeOrder();
  Blocks.emplace(*Cfg);
  Slots.emplace(
      FD, *Cfg, TU.AST, [&](const Expr *E) { return primitiveOf(E); },
      [&](const CallExpr *CE) {
        const FunctionSummary *Callee = summaryOf(CE->getDirectCallee());
        return Callee && llvm::any_of(Callee->ExitStates, [](const RelState &S) {
                 return S.Returns != RetFact::Unknown;
               });
      },
      [&](const CallExpr *CE) {
        llvm::SmallVector<std::pair<unsigned, unsigned>, 1> Pairs;
        if (const FunctionSummary *Callee = summaryOf(CE->getDirectCallee()))
          for (const ParamTest &T : Callee->Tests)
            if (T.relation())
              Pairs.push_back({T.Arg.Index, unsigned(T.Other)});
        return Pairs;
      },
      [this](const CallExpr *CE) -> std::optional<unsigned> {
        const FunctionSummary *Callee = summaryOf(CE->getDirectCallee());
        if (!Callee || Callee->ForCallers->ReturnsMember < 0)
          return std::nullopt;
        return unsigned(Callee->ForCallers->ReturnsMember);
      },
      [this](const FunctionDecl *F) {
        return F->getIdentifier() && TU.Lookup.model().isBitTest(F->getName());
      },
      [this](const CallExpr *CE) {
        llvm::SmallVector<ValueSlots::TestedArg, 1> Args;
        if (const FunctionSummary *Callee = summaryOf(CE->getDirectCallee()))
          for (const ParamTest &T : Callee->Tests)
            if (T.truth() || T.pointeeTruth())
              Args.push_back({T.Arg.Index, T.pointeeTruth(), T.Mask});
        return Args;
      },
      [this](const CallExpr *CE) -> std::optional<ParamTest> {
        const FunctionSummary *Callee = summaryOf(CE->getDirectCallee());
        return Callee ? returnedTest(*Callee) : std::nullopt;
      });
  Fields.emplace(
      *Cfg, *Blocks, *Slots, [&](const Expr *E) { return argumentBits(E); },
      [&](const CallExpr *CE) -> const ArgFacts * {
        const FunctionSummary *Callee = summaryOf(CE->getDirectCallee());
        return Callee && !Callee->ForCallers->Stores.empty()
                   ? &Callee->ForCallers->Stores
                   : nullptr;
      },
      [&](const CallExpr *CE) { return returnedFields(CE); });
  if (ArgFacts Stores = Fields->parameterStores(); !Stores.empty())
    Out.ForCallers.set().Stores = std::move(Stores);
  ParamBits.emplace(
      *Cfg, TU.AST, *FD, [&](const Expr *E) { return argumentBits(E); },
      [&](const CallExpr *CE) { return returnTransfer(CE); },
      [&](const CallExpr *CE, unsigned Arg,
          bool IfNonZero) -> std::optional<BitsTransfer> {
        const FunctionDecl *F = CE->getDirectCallee();
        if (F && F->getIdentifier() &&
            TU.Lookup.model().readsArgumentsOnly(F->getName()))
          return BitsTransfer::identity();
        if (const FunctionSummary *Callee = transfersOf(F))
          for (const FunctionSummary::OutTransfer &T :
               Callee->ForCallers->OutTransfers)
            if (T.Param == int(Arg)) {
              const ArgBitsTransfer &B = IfNonZero ? T.IfNonZero : T.Bits;
              return B.bind(B.OnesOf >= 0 ? argumentBits(CE, B.OnesOf)
                                          : KnownBits());
            }
        return std::nullopt;
      });
  if (!ParamBits->outTransfers().empty())
    llvm::append_range(Out.ForCallers.set().OutTransfers,
                       ParamBits->outTransfers());
  ForkNotes.assign(Slots->forks().size(), {-1, -1});
  // A macro expansion is one event, at its first element in execution order.
  for (const CFGBlock *B : Order) {
    BranchTest &Test = Branches[B->getBlockID()] = branchTest(*B);
    if (Test.Macro.isValid())
      BlockTestingMacro[Test.Macro.getRawEncoding()] = B->getBlockID();
  }
  ElementEvents.resize(Cfg->getNumBlockIDs());
  for (const CFGBlock *B : Order) {
    Current = B->getBlockID();
    CurrentBlock = B;
    for (const CFGElement &E : *B) {
      if (auto S = E.getAs<CFGStmt>())
        ElementAt.try_emplace(S->getStmt(), Current,
                              unsigned(ElementEvents[Current].size()));
      ElementEvents[Current].push_back(BlockEvents[Current].size());
      classify(E, BlockEvents[Current]);
    }
    classifyTestedMacro(*B);
    noteNotSetUp(*B);
  }
}

void FunctionAnalyzer::noteNotSetUp(const CFGBlock &B) {
  const Expr *Cond = branchCondition(B);
  if (!Cond || B.succ_size() != 2)
    return;
  bool Negated = false;
  const Expr *Tested = ValueSlots::strip(Cond, Negated, TU.AST);
  unsigned Unset = Negated ? 0 : 1;
  auto Text = [&] { return argumentText(Cond->IgnoreParenImpCasts()); };
  std::string Why;
  if (const auto *D = dyn_cast<DeclRefExpr>(Tested)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    V = V ? V->getCanonicalDecl() : nullptr;
    if (isExternalFlag(V))
      TU.FlagsTested.insert(V->getName());
    if (V && TU.Latched.contains(V))
      Why = "before the set-up: '" + Text() + "' finds '" + V->getName().str() +
            (V->isExternallyVisible()
                 ? "' zero, which the run's files only ever set to non-zero "
                   "values: "
                 : "' zero, which the file only ever sets to non-zero "
                   "values: ") +
            "whether the set-up has run is the system's state";
  } else if (isa<MemberExpr>(Tested)) {
    std::optional<FieldPath> Field = Slots->fieldOf(Tested);
    if (Field && !Field->Field.empty() &&
        (Field->Base->hasGlobalStorage() || Slots->argRefOf(*Field)) &&
        Fields->setsUpOnDetour(*Field, B, Unset))
      Why = "the object's first use: '" + Text() + "' finds '" + Field->Field +
            "' zero, and this branch sets it: whether the object is already "
            "set up is its state";
  }
  if (Why.empty())
    return;
  Event E{Event::Effects,
          {Effect::NotSetUp},
          addNote(Cond->getBeginLoc(), std::move(Why)),
          0};
  E.OnlyOnSucc = int8_t(Unset);
  BlockEvents[B.getBlockID()].push_back(std::move(E));
}

void FunctionAnalyzer::classifyTestedMacro(const CFGBlock &B) {
  const BranchTest &Test = Branches[B.getBlockID()];
  if (!Test.Expansion || Anchors.count(Test.Macro.getRawEncoding()) ||
      ElementEvents[Current].empty())
    return;
  llvm::SmallVector<SourceLocation, 8> Chain;
  expansionChain(SM, Test.Expansion->getBeginLoc(), Chain);
  classifyMacro(Test.Expansion, Chain, BlockEvents[Current]);
}

bool FunctionAnalyzer::wholeExpansion(const Expr *E, SourceLocation NameLoc) const {
  const Stmt *P = parents().getParent(E);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P)))
    P = parents().getParent(P);
  return !P || !inExpansion(P->getBeginLoc(), NameLoc) ||
         !inExpansion(P->getEndLoc(), NameLoc);
}

ParentMap &FunctionAnalyzer::parents() const {
  if (!Parents)
    Parents = std::make_unique<ParentMap>(FD->getBody());
  return *Parents;
}

const FunctionSummary *
FunctionAnalyzer::summaryOf(const FunctionDecl *Callee) const {
  if (!Callee)
    return nullptr;
  if (const FunctionDecl *Def = Callee->getDefinition()) {
    auto It = TU.Summaries.find(Def);
    return It == TU.Summaries.end() ? nullptr : It->second;
  }
  if (!TU.Imports || !Callee->getIdentifier())
    return nullptr;
  auto It = TU.Imports->Functions.find(TU.keyOf(Callee));
  return It == TU.Imports->Functions.end() ? nullptr : It->second;
}

const FunctionSummary *
FunctionAnalyzer::transfersOf(const FunctionDecl *Callee) const {
  if (Callee && !Callee->getDefinition() && Callee->getIdentifier())
    TU.BitsAsked.insert(Callee->getCanonicalDecl());
  return summaryOf(Callee);
}

void FunctionAnalyzer::classify(const CFGElement &E,
                                std::vector<Event> &Events) {
  if (auto Cleanup = E.getAs<CFGCleanupFunction>()) {
    if (const FunctionDecl *F = Cleanup->getFunctionDecl())
      addCall(F, Cleanup->getVarDecl()->getLocation(), Events, nullptr, true,
              Cleanup->getVarDecl());
    return;
  }
  auto Elem = E.getAs<CFGStmt>();
  if (!Elem)
    return;
  const Stmt *S = Elem->getStmt();
  llvm::SmallVector<SourceLocation, 8> Chain;
  if (S->getBeginLoc().isMacroID())
    expansionChain(SM, S->getBeginLoc(), Chain);
  noteSites(Chain, Events);
  if (!classifyMacro(S, Chain, Events))
    if (const auto *CE = dyn_cast<CallExpr>(S))
      classifyCall(CE, Events);
  classifyStore(S, Events);
  Event Facts{Event::Facts, {}};
  Slots->writes(S, Facts.Writes);
  if (std::optional<unsigned> Slot = lockedObjectSlot(S))
    Facts.Writes.push_back({SlotWrite::Set, uint8_t(*Slot), 0, true});
  for (const SlotWrite &W : Facts.Writes)
    if (W.K == SlotWrite::Fork) {
      const ValueSlots::Fork &F = Slots->forks()[W.From];
      auto NoteFor = [&](const std::vector<Effect> &Fx) -> int16_t {
        return Fx.empty() ? -1
                          : addNote(F.Value->getBeginLoc(),
                                    effectsMessage(Fx, argumentText(F.Value)));
      };
      ForkNotes[W.From] = {NoteFor(F.IfTrue), NoteFor(F.IfFalse)};
    }
  if (!Facts.Writes.empty())
    Events.push_back(std::move(Facts));
}

/// A store into a global variable the kernel model has effects for
/// (`system_state = SYSTEM_SUSPEND`), by the stored value's text.
void FunctionAnalyzer::classifyStore(const Stmt *S,
                                     std::vector<Event> &Events) {
  const auto *Assign = dyn_cast<BinaryOperator>(S);
  if (!Assign || Assign->getOpcode() != BO_Assign)
    return;
  const auto *To =
      dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
  const auto *Var = To ? dyn_cast<VarDecl>(To->getDecl()) : nullptr;
  if (!Var || !Var->hasGlobalStorage() || !Var->getIdentifier())
    return;
  const StoreRule *Rule = TU.Lookup.model().findStore(Var->getName());
  if (Rule)
    storeEffects(*Rule, Assign->getRHS(), Assign->getBeginLoc(), "", Events);
}

/// Value stored into Rule's variable at Where, or (Callee named) by a call
/// of the file that stores its parameter there: the effects its text
/// selects, or, where Value is a parameter of this function, this
/// function's own stored parameter.
void FunctionAnalyzer::storeEffects(const StoreRule &Rule, const Expr *Value,
                                    SourceLocation Where,
                                    llvm::StringRef Callee,
                                    std::vector<Event> &Events) {
  if (std::optional<unsigned> Param = Slots->passedOn(Value)) {
    if (*Param < RelState::MaxParams && onEveryPathToExit(*CurrentBlock)) {
      std::pair<uint8_t, std::string> Stored{uint8_t(*Param), Rule.Variable};
      auto &All = Out.ForCallers.set().StoredParams;
      if (auto It = llvm::lower_bound(All, Stored);
          It == All.end() || *It != Stored)
        All.insert(It, std::move(Stored));
    }
    return;
  }
  std::string Text = argumentText(Value);
  llvm::ArrayRef<Effect> Fx = Rule.effectsFor(Text);
  if (Fx.empty())
    return;
  Text = Rule.Variable + " = " + Text;
  if (!Callee.empty())
    Text += (" in '" + Callee + "()'").str();
  Events.push_back(
      {Event::Effects, Fx.vec(), addNote(Where, effectsMessage(Fx, Text)), 0});
}

bool FunctionAnalyzer::onEveryPathToExit(const CFGBlock &B) const {
  unsigned Entry = Cfg->getEntry().getBlockID();
  return B.getBlockID() == Entry ||
         !Blocks->from(Entry, [&](unsigned X) { return X != B.getBlockID(); })
              .test(Cfg->getExit().getBlockID());
}

/// A lock taken inside the object a local pointer points to (the kernel
/// model's object-locks: `spin_lock_irqsave(&n->list_lock, flags)`,
/// `mutex_lock(&n->lock)`) dereferences the pointer, so it is not NULL on
/// any path past the lock: SLUB's `if (n) spin_unlock_irqrestore(
/// &n->list_lock, flags)` after a loop that locks each node in turn takes
/// its true branch on every path that took a lock.
std::optional<unsigned>
FunctionAnalyzer::lockedObjectSlot(const Stmt *S) const {
  const auto *CE = dyn_cast<CallExpr>(S);
  if (!CE || CE->getNumArgs() == 0)
    return std::nullopt;
  std::optional<unsigned> Slot = Slots->objectSlot(CE->getArg(0));
  if (!Slot)
    return std::nullopt;
  const KernelModel &Model = TU.Lookup.model();
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (Callee && Callee->getIdentifier() &&
      Model.isObjectLock(Callee->getName()))
    return Slot;
  const RecordedExpansion *Lock =
      primitiveUsing(TU.Expansions, SM, CE->getArg(0), CE);
  if (Lock && Model.isObjectLock(Lock->Name))
    return Slot;
  return std::nullopt;
}

void FunctionAnalyzer::noteSites(llvm::ArrayRef<SourceLocation> Chain,
                                 std::vector<Event> &Events) {
  for (SourceLocation NameLoc : Chain) {
    const RecordedExpansion *R = TU.Expansions.find(NameLoc);
    if (!R || !R->Site)
      continue;
    auto [It, New] = SiteIndex.try_emplace(NameLoc.getRawEncoding(),
                                           unsigned(Out.Sites.size()));
    if (New) {
      StackOffsetSite Site;
      Site.Kind = *R->Site;
      Site.Macro = R->Name;
      Site.Args = R->Args;
      Site.Where = TU.point(NameLoc);
      Out.Sites.push_back(std::move(Site));
      Events.push_back({Event::Site, {}, -1, It->second});
    }
    return; // the innermost site owns the statement
  }
}

bool FunctionAnalyzer::classifyMacro(const Stmt *S,
                                     llvm::ArrayRef<SourceLocation> Chain,
                                     std::vector<Event> &Events) {
  // The outermost known macro wins: this_cpu_read() hides the raw
  // operations it is built from.
  for (int I = static_cast<int>(Chain.size()) - 1; I >= 0; --I) {
    const RecordedExpansion *R = TU.Expansions.find(Chain[I]);
    if (!R || !R->Prim)
      continue;
    // This element (collectEvents() has counted it already).
    std::pair<unsigned, unsigned> Here{
        Current, unsigned(ElementEvents[Current].size() - 1)};
    auto [It, New] = Anchors.try_emplace(Chain[I].getRawEncoding(), Here);
    if (New) {
      addWatched(R->Name, Chain[I], Events);
      emitPrimitive(*R->Prim, R->Name, R->Args, R->text(), S, Chain[I], Chain,
                    I, Events);
    } else if (It->second != Here && inExpansion(S->getEndLoc(), Chain[I])) {
      // Only a statement of the expansion: `get_cpu() == cpu` begins in
      // get_cpu()'s but is not.
      AnchoredElements.try_emplace(Here, It->second);
    }
    return true;
  }
  return false;
}

std::string FunctionAnalyzer::argumentText(const Expr *Arg) const {
  if (std::optional<std::string> Text = writtenText(Arg, SM, LO))
    return *Text;
  // Inside a macro's body: as spelled there.
  return Lexer::getSourceText(CharSourceRange::getTokenRange(
                                  SM.getSpellingLoc(Arg->getBeginLoc()),
                                  SM.getSpellingLoc(Arg->getEndLoc())),
                              SM, LO)
      .str();
}

std::string FunctionAnalyzer::callText(const CallExpr *CE, llvm::StringRef Name,
                                       std::vector<std::string> &Args) const {
  std::string Text = Name.str() + "(";
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    Args.push_back(argumentText(CE->getArg(I)));
    Text += (I ? ", " : "") + Args.back();
  }
  return Text + ")";
}

void FunctionAnalyzer::classifyCall(const CallExpr *CE,
                                    std::vector<Event> &Events) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee)
    return addCallThrough(CE, Events);
  if (!Callee->getIdentifier())
    return;
  llvm::StringRef Name = Callee->getName();
  addWatched(Name, CE->getBeginLoc(), Events);
  if (const Primitive *P = TU.Lookup.find(Name)) {
    if (P->KeepCall)
      addCall(Callee, CE->getBeginLoc(), Events, CE, /*Effects=*/false);
    std::vector<std::string> Args;
    std::string Text = callText(CE, Name, Args);
    emitPrimitive(*P, Name, Args, Text, CE, CE->getBeginLoc(), {}, -1, Events);
    return;
  }
  if (const FunctionSummary *Sum = summaryOf(Callee);
      Sum && !Sum->ForCallers->ReturnsExchange.empty())
    noteExchangeCall(*Sum, CE);
  if (const ValueSource *V = TU.Lookup.valueSource(Name)) {
    addOperation(V->Rule, Name, CE->getBeginLoc(), Events);
    if (CE->getNumArgs())
      Out.Ops.back().Variable = argumentText(CE->getArg(0));
    noteValue(ValueFlow::From::Operation, Out.Ops.size() - 1, CE, V);
  }
  if (TU.Lookup.isRandomSource(Name))
    addOperation(rules::RandomSource, Name, CE->getBeginLoc(), Events);
  if (TU.Lookup.isStackSink(Name))
    addOperation(rules::StackSink, Name, CE->getBeginLoc(), Events);
  addCall(Callee, CE->getBeginLoc(), Events, CE);
}

void FunctionAnalyzer::addOperation(llvm::StringRef Rule, llvm::StringRef Name,
                                    SourceLocation Loc,
                                    std::vector<Event> &Events) {
  Operation Op;
  Op.Rule = Rule.str();
  Op.Name = Name.str();
  Op.Where = TU.point(Loc);
  Out.Ops.push_back(std::move(Op));
  Events.push_back({Event::Op, {}, -1, unsigned(Out.Ops.size() - 1)});
}

void FunctionAnalyzer::addWatched(llvm::StringRef Name, SourceLocation Loc,
                                  std::vector<Event> &Events) {
  for (const std::string &Check : TU.Lookup.watchers(Name))
    addOperation(Check, Name, Loc, Events);
}

void FunctionAnalyzer::emitPrimitive(const Primitive &P, llvm::StringRef Name,
                                     llvm::ArrayRef<std::string> Args,
                                     std::string Text, const Stmt *S,
                                     SourceLocation UseLoc,
                                     llvm::ArrayRef<SourceLocation> Chain,
                                     int Outer, std::vector<Event> &Events) {
  if (P.Access) {
    if (TU.Lookup.model().isPercpuExchange(Name))
      noteExchangeMacro(Args, Chain, S, UseLoc, Outer);
    if (*P.Access == PercpuAccess::Safe ||
        (!Args.empty() && TU.Lookup.model().isTaskSwitched(Args.front())))
      return;
    // An address is only a problem where it is used to reach the data.
    if (*P.Access == PercpuAccess::Address && Outer >= 0 &&
        !usedAsPointer(S, UseLoc))
      return;
    Operation Op;
    Op.Rule = rules::Percpu.str();
    Op.Access = *P.Access;
    Op.Name = Name.str();
    if (!Args.empty() && *P.Access != PercpuAccess::CpuId)
      Op.Variable = Args.front();
    Op.Where = TU.point(UseLoc);
    if (Outer >= 0) {
      Op.MacroNotes = macroNotes(Chain, Outer);
      // A read-modify-write's value too: __this_cpu_dec_return() decides.
      // A macro that expands to a statement (do { } while (0)) has none,
      // whatever holds it (`if (x) raw_cpu_inc(v);`).
      if (*P.Access == PercpuAccess::Read ||
          *P.Access == PercpuAccess::ReadModifyWrite) {
        const Stmt *Top = expansionTop(S, UseLoc);
        Op.ValueUsed = isa_and_nonnull<Expr>(Top) &&
                       valueUsedBy(parents().getParentIgnoreParenCasts(Top),
                                   cast<Expr>(Top)->IgnoreParenCasts());
      }
    }
    if (*P.Access == PercpuAccess::Address)
      Picks.push_back({unsigned(Out.Ops.size()), Current});
    Out.Ops.push_back(std::move(Op));
    Events.push_back({Event::Op, {}, -1, unsigned(Out.Ops.size() - 1)});
    // A per-CPU address, or a CPU number: where it goes matters; a read's
    // value, where it is a pointer or the function returns it
    // (followValues()).
    if (*P.Access == PercpuAccess::Address ||
        *P.Access == PercpuAccess::CpuId || *P.Access == PercpuAccess::Read)
      if (const auto *V =
              dyn_cast<Expr>(Outer >= 0 ? expansionTop(S, UseLoc) : S)) {
        Out.Ops.back().PointerValue =
            *P.Access == PercpuAccess::Read && V->getType()->isPointerType();
        noteValue(ValueFlow::From::Operation, Out.Ops.size() - 1, V);
      }
    return;
  }
  const auto *X = dyn_cast_or_null<Expr>(S);
  auto IsThis = [&](const Expr *E) {
    return Outer >= 0 ? primitiveMacro(E) == UseLoc
                      : X && X->IgnoreParenImpCasts() == E;
  };
  unsigned Tester = testingBlock(S, UseLoc, Outer);
  bool Tested = Tester != ~0u;
  auto Push = [&](const std::vector<Effect> &Fx, int Succ) {
    if (Fx.empty())
      return;
    Event E{Event::Effects, Fx, addNote(UseLoc, effectsMessage(Fx, Text)), 0};
    E.OnlyOnSucc = static_cast<int8_t>(Succ);
    (Succ >= 0 ? BlockEvents[Tester] : Events).push_back(std::move(E));
  };
  const std::vector<Effect> *Fx = &P.effectsFor(Args);
  // An `if-argument` primitive happens where a constant says, or, where its
  // argument tests a value the callers pass, for the callers that pass one
  // that makes it true: its operation has no effect on the context here.
  std::optional<std::pair<unsigned, bool>> Decider;
  if (P.IfArgument) {
    static const std::vector<Effect> Never;
    ArgumentTruth T = argumentTruth(P.IfArgument->Index, S, UseLoc, Outer);
    Fx = T.Constant.value_or(T.Slot.has_value()) ? &P.IfArgument->Effects
                                                 : &Never;
    if (!T.Constant)
      Decider = T.Slot;
  }
  // What may sleep, as its arguments say, is an operation the checks see.
  if (llvm::StringRef Rule = sleepRuleOf(*Fx); !Rule.empty()) {
    addOperation(Rule, Name, UseLoc, Events);
    if (Outer >= 0)
      Out.Ops.back().MacroNotes = macroNotes(Chain, Outer);
    if (Decider) {
      Out.Ops.back().DecidedBy = int8_t(Decider->first);
      Events.back().FactSlot = int8_t(Decider->first);
      Events.back().FactValue = Decider->second;
    }
  }
  if (!Decider)
    Push(*Fx, -1);
  if (const ValueSource *V = TU.Lookup.valueSource(Name))
    if (const auto *Value =
            dyn_cast_or_null<Expr>(Outer >= 0 ? expansionTop(S, UseLoc) : S)) {
      addOperation(V->Rule, Name, UseLoc, Events);
      if (!Args.empty())
        Out.Ops.back().Variable = Args.front();
      noteValue(ValueFlow::From::Operation, Out.Ops.size() - 1, Value, V);
    }
  if (!Tested) {
    // A fork where its value is kept has its branch effects.
    bool Forked = llvm::any_of(Slots->forks(), [&](const ValueSlots::Fork &F) {
      return llvm::any_of(F.Primitives, IsThis);
    });
    if (P.AssumeTrueIfUntested && !Forked)
      Push(P.WhenTrue, -1);
    return;
  }
  Push(P.WhenTrue, Branches[Tester].TrueSucc);
  Push(P.WhenFalse, 1 - Branches[Tester].TrueSucc);
}

FunctionAnalyzer::ArgumentTruth
FunctionAnalyzer::argumentTruth(unsigned Index, const Stmt *S,
                                SourceLocation UseLoc, int Outer) {
  const Expr *Arg = nullptr;
  if (Outer < 0) {
    const auto *CE = dyn_cast<CallExpr>(S);
    Arg = CE && Index < CE->getNumArgs() ? CE->getArg(Index) : nullptr;
  } else if (const RecordedExpansion *R = TU.Expansions.find(UseLoc);
             R && Index < R->ArgRanges.size()) {
    // The outermost expression of the expansion written as the argument
    // (its last token may be a macro: `gfp & __GFP_DIRECT_RECLAIM`).
    SourceLocation First = SM.getFileLoc(R->ArgRanges[Index].getBegin());
    SourceLocation Last = SM.getFileLoc(R->ArgRanges[Index].getEnd());
    std::function<void(const Stmt *)> Find = [&](const Stmt *X) {
      if (!X || Arg)
        return;
      const auto *E = dyn_cast<Expr>(X);
      if (E && SM.getFileLoc(E->getBeginLoc()) == First &&
          SM.getFileLoc(E->getEndLoc()) == Last)
        Arg = E;
      for (const Stmt *Child : X->children())
        Find(Child);
    };
    Find(expansionTop(S, UseLoc));
  }
  ArgumentTruth T;
  if (!Arg)
    return T;
  T.Constant = argumentBits(Arg).truth();
  bool Negated = false, TestNegated = false;
  const Expr *Value = ValueSlots::strip(Arg, Negated, TU.AST);
  if (std::optional<unsigned> Test = Slots->testSlotOf(Value, TestNegated))
    T.Slot = {*Test, Negated == TestNegated};
  else if (std::optional<unsigned> Param = Slots->slotOf(Value);
           Param && *Param < RelState::MaxParams)
    T.Slot = {*Param, !Negated};
  return T;
}

unsigned FunctionAnalyzer::testingBlock(const Stmt *S, SourceLocation UseLoc,
                                        int Outer) const {
  unsigned Tester = Current;
  if (Outer >= 0) {
    auto It = BlockTestingMacro.find(UseLoc.getRawEncoding());
    Tester = It == BlockTestingMacro.end() ? ~0u : It->second;
  }
  const auto *X = dyn_cast_or_null<Expr>(S);
  bool Tested = Tester != ~0u && Branches[Tester].TrueSucc >= 0 &&
                (Outer >= 0 || (X && X->IgnoreParenImpCasts() ==
                                         Branches[Tester].Call));
  return Tested ? Tester : ~0u;
}

KnownBits FunctionAnalyzer::cleanedUpValue(const VarDecl &V) const {
  if (!V.getType()->isScalarType() || !V.getInit())
    return {};
  // Every use of V in the body: a read, or its address passed to a callee
  // of the file whose summary stores nothing through that argument.
  bool Kept = true;
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S || !Kept)
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == &V) {
      const Stmt *P =
          parents().getParentIgnoreParenImpCasts(const_cast<DeclRefExpr *>(D));
      const auto *Cast =
          dyn_cast_or_null<ImplicitCastExpr>(parents().getParent(D));
      if (Cast && Cast->getCastKind() == CK_LValueToRValue)
        return;
      const auto *Addr = dyn_cast_or_null<UnaryOperator>(P);
      const auto *Call = Addr && Addr->getOpcode() == UO_AddrOf
                             ? dyn_cast_or_null<CallExpr>(
                                   parents().getParentIgnoreParenImpCasts(
                                       const_cast<UnaryOperator *>(Addr)))
                             : nullptr;
      const FunctionSummary *Callee =
          Call ? summaryOf(Call->getDirectCallee()) : nullptr;
      Kept = Callee &&
             llvm::none_of(Callee->ForCallers->Stores, [&](const ArgFact &F) {
               unsigned I = F.first.Index;
               return I < Call->getNumArgs() &&
                      Call->getArg(I)->IgnoreParenImpCasts() == Addr;
             });
      return;
    }
    for (const Stmt *C : S->children())
      Scan(C);
  };
  Scan(FD->getBody());
  return Kept ? argumentBits(V.getInit()) : KnownBits{};
}

CallSite FunctionAnalyzer::callSite(const CallExpr *CE, SourceLocation Loc,
                                    const VarDecl *CleanedUp) {
  CallSite C;
  C.Where = TU.point(Loc);
  ArgFacts Bits;
  // A cleanup attribute's call passes the variable's address, with the
  // fields its initializer and later stores set (a guard's `.lock`).
  if (CleanedUp) {
    C.ArgKnown = C.ArgTrue = 1;
    for (auto &[Field, B] :
         Fields->knownAt({CleanedUp, false, ""}, CurrentBlock,
                         unsigned(ElementEvents[Current].size() - 1)))
      Bits.push_back({ArgRef{0, Field}, B});
    if (KnownBits B = cleanedUpValue(*CleanedUp); !B.unknown())
      Bits.push_back({ArgRef{0, ArgRef::Pointee}, B});
  }
  CallSite::Passed Passes;
  for (unsigned I = 0; CE && I < std::min(CE->getNumArgs(), RelState::MaxParams);
       ++I) {
    const Expr *Arg = CE->getArg(I);
    auto [Param, Transfer] = paramTransfer(CE, Arg);
    if (std::optional<bool> V = constantTruth(Arg, TU.AST)) {
      C.ArgKnown |= uint8_t(1u << I);
      C.ArgTrue |= uint8_t(unsigned(*V) << I);
    } else if (std::optional<unsigned> P =
                   Slots->forwardedParam(Arg->IgnoreParenImpCasts())) {
      Passes.Forwarded.push_back({uint8_t(I), uint8_t(*P)});
    } else if (Transfer) {
      if (Transfer->isIdentity() && parameterOf(Arg)) // assigned after the call
        Passes.Forwarded.push_back({uint8_t(I), uint8_t(Param)});
      else
        Passes.TransformedArgs.push_back(
            {uint8_t(I), uint8_t(Param), *Transfer});
    }
    // ArgKnown says 0, and says true of a pointer known not NULL (the
    // address of an object or of a member, `&grp->rcu`), which decides the
    // callee's `if (!head)`; ArgBits keep the bits known: also those the
    // caller's own assignments force (`gup_flags |= FOLL_FAST_ONLY`).
    KnownBits B = argumentBits(Arg);
    if (Transfer)
      B = B.meet(Transfer->apply({}));
    if (B.knownNonZero()) {
      C.ArgKnown |= uint8_t(1u << I);
      C.ArgTrue |= uint8_t(1u << I);
    }
    if ((B.Zero | B.One) && !(B == KnownBits::constant(0)))
      Bits.push_back({ArgRef{uint8_t(I), ""}, B});
    if (std::optional<FieldPath> Obj = Slots->pointeeOf(Arg))
      for (auto &[Field, B] : Fields->knownAt(*Obj, CE))
        Bits.push_back({ArgRef{uint8_t(I), std::move(Field)}, B});
  }
  for (unsigned I = 0;
       CE && I < std::min(CE->getNumArgs(), CallSite::MaxFunctionParams); ++I) {
    const Expr *Arg = CE->getArg(I);
    if (const FunctionDecl *F = namedFunction(Arg))
      Passes.FnArgs.push_back({uint8_t(I), TU.keyOf(F)});
    else if (std::optional<unsigned> P =
                 Slots->passedOn(Arg->IgnoreParenImpCasts());
             P && *P < CallSite::MaxFunctionParams &&
             Arg->getType()->isFunctionPointerType())
      Passes.FnForwarded.push_back({uint8_t(I), uint8_t(*P)});
    else if (std::optional<std::string> Slot =
                 TU.Pointers ? TU.Pointers->argumentSlot(Arg) : std::nullopt)
      Passes.FnSlots.push_back({uint8_t(I), std::move(*Slot)});
  }
  if (const std::string *Chain =
          CE && TU.Pointers ? TU.Pointers->chainCalled(CE) : nullptr)
    Passes.Chain = *Chain;
  if (const FunctionSummary *Callee =
          CE ? summaryOf(CE->getDirectCallee()) : nullptr)
    for (const ParamTest &T : Callee->Tests)
      if (std::optional<unsigned> Slot = lentSlot(CE, T))
        Passes.Lent.push_back({T.Arg.Index, uint8_t(*Slot)});
  C.Passes = Passes;
  llvm::sort(Bits, llvm::less_first());
  C.ArgBits = Bits;
  return C;
}

Event FunctionAnalyzer::callEvent(const CallExpr *CE) {
  Event E{Event::Call, {}, -1, unsigned(Out.Calls.size() - 1)};
  if (std::optional<unsigned> Slot = CE ? Slots->resultSlot(CE) : std::nullopt)
    E.ResultSlot = int8_t(*Slot);
  if (std::optional<unsigned> Slot =
          CE ? Slots->signResultSlot(CE) : std::nullopt)
    E.ResultSignSlot = int8_t(*Slot);
  return E;
}

std::optional<CalleeExits>
FunctionAnalyzer::exitsOf(const FunctionSummary &Callee, const CallExpr *CE,
                          const Event &E, SourceLocation Loc,
                          llvm::StringRef Through, uint16_t Objects) {
  bool Changes = llvm::any_of(Callee.ExitStates,
                              [](const RelState &X) { return !isIdentity(X); });
  bool Returns = (E.ResultSlot >= 0 || E.ResultSignSlot >= 0) &&
                 llvm::any_of(Callee.ExitStates, [](const RelState &X) {
                   return X.Returns != RetFact::Unknown;
                 });
  if (!Changes && !Returns && !Objects)
    return std::nullopt;
  CalleeExits X;
  X.Summary = &Callee;
  X.Objects = Objects;
  X.Tests = importTests(Callee, CE, Out.Calls[E.Index]);
  // The callee's joins become the caller's own (each call its own).
  uint8_t Used = 0;
  for (const RelState &Exit : Callee.ExitStates)
    Used |= Exit.JoinKnown;
  for (unsigned J = 0; J < Callee.Joins.size(); ++J) {
    int8_t Mine = -1;
    if ((Used >> J & 1) && Out.Joins.size() < RelState::MaxJoins) {
      Mine = int8_t(Out.Joins.size());
      Out.Joins.push_back(Callee.Joins[J]);
    }
    X.Joins.push_back(Mine);
  }
  if (Changes)
    X.Note = addNote(Loc, calleeMessage(Callee, Through));
  return X;
}

void FunctionAnalyzer::addCall(const FunctionDecl *Callee, SourceLocation Loc,
                               std::vector<Event> &Events, const CallExpr *CE,
                               bool Effects, const VarDecl *CleanedUp) {
  CallSite C = callSite(CE, Loc, CleanedUp);
  C.CalleeKey = TU.keyOf(Callee);
  C.CalleeName = Callee->getNameAsString();
  Out.Calls.push_back(std::move(C));
  if (CE)
    CallIndex[CE] = Out.Calls.size() - 1;
  Event E = callEvent(CE);
  const FunctionSummary *S = summaryOf(Callee);
  noteReturnedValue(S, CE);
  if (S && Effects)
    if (std::optional<CalleeExits> X = exitsOf(*S, CE, E, Loc, ""))
      E.Callees.push_back(std::move(*X));
  Events.push_back(std::move(E));
  if (Effects)
    addDeclaredLocks(Callee, S, Loc, Events);
  if (S && CE)
    for (const auto &[Param, Variable] : S->ForCallers->StoredParams)
      if (const StoreRule *Rule = TU.Lookup.model().findStore(Variable);
          Rule && Param < CE->getNumArgs())
        storeEffects(*Rule, CE->getArg(Param), CE->getArg(Param)->getBeginLoc(),
                     S->name(), Events);
}

void FunctionAnalyzer::addDeclaredLocks(const FunctionDecl *Callee,
                                        const FunctionSummary *Summary,
                                        SourceLocation Loc,
                                        std::vector<Event> &Events) {
  if (!TU.Declared || Callee->getDefinition() || !Callee->getIdentifier())
    return;
  llvm::ArrayRef<DeclaredLock> Locks = TU.Declared->of(Callee);
  if (Locks.empty())
    return;
  // Asked for even where another file's exits replace it: the next round's
  // imports are computed from what this one asked.
  TU.LocksDeclared.insert(Callee->getCanonicalDecl());
  if (Summary)
    return;
  for (const DeclaredLock &L : Locks) {
    const std::vector<Effect> &Fx =
        L.Acquires ? L.Type->Acquire : L.Type->Release;
    Events.push_back(
        {Event::Effects, Fx,
         addNote(Loc, effectsMessage(Fx, L.text(Callee->getName()))), 0});
  }
}

void FunctionAnalyzer::addCallThrough(const CallExpr *CE,
                                      std::vector<Event> &Events) {
  const CallThrough *T = TU.Pointers ? TU.Pointers->through(CE) : nullptr;
  if (!T)
    return;
  CallSite C = callSite(CE, CE->getBeginLoc());
  C.CalleeName = T->Display;
  C.Through = T->Slot;
  Out.Calls.push_back(std::move(C));
  CallIndex[CE] = Out.Calls.size() - 1;
  Event E = callEvent(CE);
  // A callback whose documented contract the kernel model states: the
  // call does what the contract says, whichever function it reaches.
  if (const Primitive *P =
          T->Field.empty() ? nullptr : TU.Lookup.find(T->Field)) {
    Events.push_back(std::move(E));
    std::vector<std::string> Args;
    std::string Text = callText(CE, argumentText(CE->getCallee()), Args);
    emitPrimitive(*P, T->Field, Args, Text, CE, CE->getBeginLoc(), {}, -1,
                  Events);
    return;
  }
  // The targets the file has, its own and those other files' it imports:
  // their exits where the path goes through them, the state unchanged where
  // it goes elsewhere. The run decides which. A target that changes nothing
  // is not joined: its path is the unchanged one, which only a join naming
  // every target the run stores rules out.
  // Where the file's objects tell the targets apart, a target that changes
  // nothing is joined too, with the objects that hold it.
  llvm::SmallVector<std::pair<const FunctionSummary *, uint16_t>, 4> Targets;
  llvm::SmallVector<const FunctionDecl *, 4> Defs;
  const std::vector<const FunctionSummary *> *Imported = nullptr;
  if (TU.Imports)
    if (auto It = TU.Imports->Targets.find(T->Slot);
        It != TU.Imports->Targets.end())
      Imported = &It->second;
  if (TU.Pointers->targets(T->Slot, Defs)) {
    llvm::SmallVector<uint16_t, 4> Held;
    if (!Imported)
      Held = objectsHolding(CE, T->Slot, Defs);
    for (unsigned I = 0; I < Defs.size(); ++I)
      if (const FunctionSummary *S = summaryOf(Defs[I]))
        Targets.push_back({S, Held.empty() ? uint16_t(0) : Held[I]});
  }
  if (Imported)
    for (const FunctionSummary *S : *Imported)
      Targets.push_back({S, 0});
  if (!Targets.empty() && Out.Joins.size() < RelState::MaxJoins) {
    size_t J = Out.Joins.size();
    Out.Joins.push_back({T->Slot, {}});
    for (auto [S, Objects] : Targets)
      if (std::optional<CalleeExits> X =
              exitsOf(*S, CE, E, CE->getBeginLoc(), T->Display, Objects)) {
        Out.Joins[J].Targets.push_back(S->Key);
        E.Callees.push_back(std::move(*X));
      }
    if (E.Callees.empty()) { // no target changes anything: nothing to join
      Out.Joins.pop_back();
    } else {
      llvm::sort(Out.Joins[J].Targets);
      E.Join = int8_t(J);
    }
  }
  Events.push_back(std::move(E));
}

llvm::SmallVector<uint16_t, 4>
FunctionAnalyzer::objectsHolding(const CallExpr *CE, llvm::StringRef Slot,
                                 llvm::ArrayRef<const FunctionDecl *> Defs) {
  const auto *Field =
      dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts());
  if (!Field || !Slots->unchanging(Field->getBase()))
    return {};
  llvm::FoldingSetNodeID Pointer;
  Field->getBase()->Profile(Pointer, TU.AST, /*Canonical=*/true);
  if (PickedPointer && *PickedPointer != Pointer)
    return {};
  llvm::SmallVector<uint16_t, 4> Held;
  for (const FunctionDecl *FD : Defs) {
    Held.push_back(TU.Pointers->objects().holding(Slot, FD));
    if (!Held.back())
      return {};
  }
  if (!Held.empty())
    PickedPointer = std::move(Pointer);
  return Held;
}

std::optional<unsigned> FunctionAnalyzer::lentSlot(const CallExpr *CE,
                                                   const ParamTest &T) const {
  unsigned Arg = T.Arg.Index;
  const Expr *Local =
      T.pointeeTruth() && Arg < std::min(CE->getNumArgs(), RelState::MaxParams)
          ? lentObject(CE->getArg(Arg))
          : nullptr;
  if (!Local || T.Mask != typeBits(Local->getType(), TU.AST))
    return std::nullopt;
  std::optional<unsigned> Slot = Slots->slotOf(Local);
  return Slot && *Slot >= RelState::MaxParams ? Slot : std::nullopt;
}

llvm::SmallVector<ImportedTest, 2>
FunctionAnalyzer::importTests(const FunctionSummary &Callee,
                              const CallExpr *CE, const CallSite &Call) {
  llvm::SmallVector<ImportedTest, 2> Out;
  for (const ParamTest &T : Callee.Tests) {
    ImportedTest &I = Out.emplace_back();
    // A cleanup attribute's call (no CE) has only what callSite() knew.
    if (CE && T.Arg.Index >= CE->getNumArgs())
      continue;
    if (T.relation()) {
      if (CE)
        I = importRelation(T, CE);
      continue;
    }
    if ((I.Holds = T.decide(
             passedBits(Call.ArgKnown, Call.ArgTrue, Call.ArgBits, T.Arg))) ||
        !CE)
      continue;
    // A local lent to the callee (`netlink_attachskb(.., &timeo, ..)`):
    // its slot holds the truth the callee tests on entry.
    if (std::optional<unsigned> Slot = lentSlot(CE, T)) {
      I.Slot = int8_t(*Slot);
      I.Negated = T.Equal;
      continue;
    }
    if (std::optional<ArgRef> Mine = callerRef(CE->getArg(T.Arg.Index), T.Arg)) {
      if (std::optional<unsigned> Slot = Slots->testSlot({*Mine, T.Equal,
                                                          T.Mask, T.Value}))
        I.Slot = int8_t(*Slot);
    } else if (T.truth()) {
      // A local's own slot holds its truth: the test holds where it is not
      // NULL (a local pointer), not zero.
      const Expr *Arg = CE->getArg(T.Arg.Index)->IgnoreParenImpCasts();
      if (std::optional<unsigned> Slot =
              isa<DeclRefExpr>(Arg) ? Slots->slotOf(Arg) : std::nullopt;
          Slot && *Slot >= RelState::MaxParams) {
        I.Slot = int8_t(*Slot);
        I.Negated = T.Equal;
        continue;
      }
      // A flag made of the caller's own parameters (`flags & MSG_DONTWAIT`)
      // is the caller's test.
      bool Negated = false;
      if (std::optional<ParamTest> Mine =
              Slots->truthOfValue(CE->getArg(T.Arg.Index), Negated))
        if (std::optional<unsigned> Slot = Slots->testSlot(*Mine)) {
          I.Slot = int8_t(*Slot);
          I.Negated = Negated;
        }
    }
  }
  // Found in an `if-argument` primitive's argument (might_sleep_if(
  // gfpflags_allow_blocking(pri))), the test decides the primitive's
  // operation only (argumentTruth()): the paths after it learn nothing.
  if (CE && inIfArgument(CE))
    for (ImportedTest &I : Out)
      I.Slot = -1;
  return Out;
}

ImportedTest FunctionAnalyzer::importRelation(const ParamTest &T,
                                              const CallExpr *CE) {
  ImportedTest I;
  if (unsigned(T.Other) >= CE->getNumArgs())
    return I;
  const Expr *X = CE->getArg(T.Arg.Index), *Y = CE->getArg(T.Other);
  const auto *DX = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
  const auto *DY = dyn_cast<DeclRefExpr>(Y->IgnoreParenImpCasts());
  const auto *V = DX ? dyn_cast<VarDecl>(DX->getDecl()) : nullptr;
  if (V && V->hasLocalStorage() && DY && DY->getDecl() == V) {
    I.Holds = T.Equal; // one local read twice, nothing between
    return I;
  }
  I.Negated = T.Equal;
  if (std::optional<ParamTest> Mine = Slots->relationTest(X, Y, false)) {
    if (std::optional<unsigned> Slot = Slots->testSlot(*Mine))
      I.Slot = int8_t(*Slot);
  } else if (std::optional<unsigned> Slot = Slots->pairSlot(X, Y)) {
    I.Slot = int8_t(*Slot);
  }
  return I;
}

std::pair<unsigned, std::optional<BitsTransfer>>
FunctionAnalyzer::paramTransfer(const Stmt *At, const Expr *Arg) const {
  using Value = ParamBitsFlow::Value;
  Value V = ParamBitsFlow::evaluate(
      Arg,
      [&](const Expr *E) -> std::optional<Value> {
        // A pointer parameter passed on unchanged is its own caller's.
        if (parameterOf(E))
          if (std::optional<unsigned> I = Slots->forwardedParam(E))
            return Value{int8_t(*I), false, BitsTransfer::identity()};
        // A parameter the function changes, or a local copy of one.
        const VarDecl *Var = varOf(E);
        // A local that only ever holds a parameter passed on unchanged, as
        // its initializer or a statement expression's last (a guard
        // constructor's `t = ({ _lock; _T; })`).
        if (const Expr *Init = Var ? Slots->onlyValue(Var) : nullptr) {
          const Expr *X = Init->IgnoreParenImpCasts();
          if (const auto *SE = dyn_cast<StmtExpr>(X))
            if (const Expr *Last = statementValue(SE))
              X = Last->IgnoreParenImpCasts();
          if (parameterOf(X) &&
              TU.AST.hasSameType(X->getType(), Var->getType()))
            if (std::optional<unsigned> I = Slots->forwardedParam(X))
              return Value{int8_t(*I), false, BitsTransfer::identity()};
        }
        if (auto R = At && Var ? ParamBits->at(At, Var) : std::nullopt)
          return Value{int8_t(R->first), false, R->second};
        return std::nullopt;
      },
      [this](const Expr *E) { return argumentBits(E); },
      [this](const CallExpr *C) { return returnTransfer(C); }, TU.AST);
  if (V.Param < 0 || V.Pointee)
    return {0, std::nullopt};
  return {unsigned(V.Param), V.T.T};
}

std::optional<ArgRef> FunctionAnalyzer::callerRef(const Expr *Arg,
                                                  const ArgRef &CalleeRef) const {
  if (CalleeRef.Field.empty()) {
    std::optional<unsigned> P = Slots->forwardedParam(Arg->IgnoreParenImpCasts());
    return P ? std::optional<ArgRef>(ArgRef{uint8_t(*P), ""}) : std::nullopt;
  }
  // A field of what the argument points to, in an object of a parameter.
  std::optional<FieldPath> Obj = Slots->pointeeOf(Arg);
  std::optional<ArgRef> Mine = Obj ? Slots->argRefOf(*Obj) : std::nullopt;
  // What the argument points to is the object itself, or, where that is a
  // parameter's own pointee, its Pointee.
  if (Mine && CalleeRef.Field == ArgRef::Pointee)
    Mine->Field = Mine->Field.empty() ? ArgRef::Pointee : Mine->Field;
  else if (Mine)
    Mine->Field = joinField(Mine->Field, CalleeRef.Field);
  return Mine;
}

std::optional<std::pair<unsigned, BitsTransfer>>
FunctionAnalyzer::returnTransfer(const CallExpr *CE) const {
  const FunctionSummary *S = transfersOf(CE->getDirectCallee());
  if (!S || S->ForCallers->ReturnTransfer.Param < 0)
    return std::nullopt;
  return std::pair(unsigned(S->ForCallers->ReturnTransfer.Param),
                   S->ForCallers->ReturnTransfer.Bits);
}

KnownBits FunctionAnalyzer::returnBits(const CallExpr *CE) const {
  const FunctionSummary *S = summaryOf(CE->getDirectCallee());
  if (!S)
    return {};
  // A return made from an argument (a guard's constructor returns the
  // pointer it locked) has what the transfer keeps of the argument's bits.
  const FunctionSummary::ReturnedParam &T = S->ForCallers->ReturnTransfer;
  if (T.Param < 0)
    return S->ForCallers->ReturnBits;
  return S->ForCallers->ReturnBits.meet(
      T.Bits.apply(argumentBits(CE, unsigned(T.Param))));
}

FieldFacts FunctionAnalyzer::returnedFields(const CallExpr *CE) const {
  const FunctionSummary *S = summaryOf(CE->getDirectCallee());
  if (!S)
    return {};
  FieldFacts Out = S->ForCallers->ReturnFields;
  for (const auto &[Field, Param] : S->ForCallers->ReturnFieldParams) {
    KnownBits B = argumentBits(CE, Param);
    if (B.unknown())
      continue;
    auto It =
        llvm::find_if(Out, [&](const auto &X) { return X.first == Field; });
    if (It == Out.end())
      Out.push_back({Field, B});
    else
      It->second = It->second.meet(B);
  }
  llvm::sort(Out,
             [](const auto &A, const auto &B) { return A.first < B.first; });
  return Out;
}

KnownBits FunctionAnalyzer::argumentBits(const CallExpr *CE,
                                         unsigned Index) const {
  return Index < CE->getNumArgs() ? argumentBits(CE->getArg(Index))
                                  : KnownBits();
}

KnownBits FunctionAnalyzer::argumentBits(const Expr *E) const {
  return Slots->knownBits(E, [&](const CallExpr *CE) { return returnBits(CE); });
}

bool FunctionAnalyzer::inExpansion(SourceLocation Loc,
                                   SourceLocation NameLoc) const {
  llvm::SmallVector<SourceLocation, 8> Chain;
  expansionChain(SM, Loc, Chain);
  return llvm::is_contained(Chain, NameLoc);
}

const Stmt *FunctionAnalyzer::expansionTop(const Stmt *S,
                                           SourceLocation NameLoc) {
  // A declaration of several variables is one DeclStmt per variable in the
  // CFG, made by the CFG and not in the AST: the parents are the original's
  // (`typeof(pcp) __val, __old = *(ovalp);` begins 6.12's
  // __cpu_fallback_try_cmpxchg()).
  for (const auto &[Synthetic, Original] : Cfg->synthetic_stmts())
    if (Synthetic == S) {
      S = Original;
      break;
    }
  const Stmt *Top = S;
  while (const Stmt *P = parents().getParent(Top)) {
    if (!inExpansion(P->getBeginLoc(), NameLoc) ||
        !inExpansion(P->getEndLoc(), NameLoc))
      break;
    Top = P;
  }
  return Top;
}

const Stmt *FunctionAnalyzer::userOf(const Stmt *S, SourceLocation NameLoc) {
  return parents().getParentIgnoreParenCasts(expansionTop(S, NameLoc));
}

bool FunctionAnalyzer::usedAsPointer(const Stmt *S, SourceLocation NameLoc) {
  const Stmt *User = userOf(S, NameLoc);
  if (!User)
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(User))
    return UO->getOpcode() == UO_Deref;
  if (const auto *ME = dyn_cast<MemberExpr>(User))
    return ME->isArrow();
  if (isa<ArraySubscriptExpr>(User) || isa<DeclStmt>(User))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(User))
    return BO->isAssignmentOp();
  return false;
}

void FunctionAnalyzer::linkSites() {
  for (StackOffsetSite &Site : Out.Sites)
    for (const Operation &Op : Out.Ops)
      if (Op.isPercpu() && Op.Where == Site.Where &&
          Site.PercpuVariable.empty() && !Op.Variable.empty()) {
        Site.PercpuVariable = Op.Variable;
        Site.StorageWhere =
            Op.MacroNotes.empty() ? Op.Where : Op.MacroNotes.front().Where;
      }
}

std::vector<Note>
FunctionAnalyzer::macroNotes(llvm::ArrayRef<SourceLocation> Chain,
                             int Outer) const {
  std::vector<Note> Notes;
  for (size_t J = Outer + 1; J < Chain.size() && Notes.size() < 4; ++J) {
    SourceLocation Spelled = SM.getSpellingLoc(Chain[J - 1]);
    Notes.push_back({TU.point(Spelled),
                     ("expanded from macro '" +
                      macroNameAt(SM, LO, Chain[J]) + "'")
                         .str()});
  }
  return Notes;
}

int16_t FunctionAnalyzer::addNote(SourceLocation Loc, std::string Message) {
  if (Out.Notes.size() >= INT16_MAX)
    return -1;
  Out.Notes.push_back({TU.point(Loc), std::move(Message)});
  return static_cast<int16_t>(Out.Notes.size() - 1);
}

} // namespace kharden::function_analysis
