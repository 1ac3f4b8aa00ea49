#include "checkers/engine/FunctionAnalysis.h"
#include "checkers/engine/ValueSlots.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/Builtins.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <optional>
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
    return Name;
  // Static functions: one per file that defines them (a header's static
  // inline is the same function in every TU that includes it).
  return point(FD->getLocation()).File + "@" + Name;
}

namespace {

constexpr unsigned MaxStatesPerPoint = 32;
using StateSet = llvm::SmallVector<RelState, 4>;

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

/// Whether a callee's exit leaves its caller's context as it was.
bool isIdentity(const RelState &S) {
  return S.withoutLocalFacts().sameContext(RelState{});
}

/// A value is unused where it is a statement of its own or cast to void.
bool valueUsedBy(const Stmt *User) {
  if (!User || isa<CompoundStmt>(User))
    return false;
  if (const auto *CE = dyn_cast<CStyleCastExpr>(User))
    return !CE->getType()->isVoidType();
  return true;
}

/// A callee's parameter test as its caller sees it: decided by a constant
/// argument, or a test of the caller's own parameter (Slot).
struct ImportedTest {
  std::optional<bool> Holds;
  int8_t Slot = -1;
};

/// One thing that happens at a CFG element, in the order it happens.
struct Event {
  enum Kind { Effects, Op, Call, Site, Facts } K;
  std::vector<Effect> Fx;
  int16_t Note = -1;
  unsigned Index = 0; ///< Into FunctionSummary::Ops, ::Calls or ::Sites.
  const FunctionSummary *Callee = nullptr; ///< Set if the callee has effects.
  /// For the conditional effects of a primitive whose value decides its
  /// block's branch: the successor they happen on.
  int8_t OnlyOnSucc = -1;
  int8_t ResultSlot = -1; ///< For a call: the slot its result goes to.
  /// For a call: what each of the callee's parameter tests is here.
  llvm::SmallVector<ImportedTest, 2> Tests = {};
  llvm::SmallVector<SlotWrite, 1> Writes = {}; ///< For Facts.
};

/// What a block's branch condition tests, seen through parentheses, casts,
/// `!` and likely()/unlikely(): a call (`if (!spin_trylock(l))`) or a known
/// macro's expansion (`if (in_task())`), and the successor taken when it is
/// true.
struct BranchTest {
  const CallExpr *Call = nullptr;
  SourceLocation Macro; ///< The macro's name token, as expansions are keyed.
  int8_t TrueSucc = -1;
  int8_t Slot = -1; ///< The value slot it tests, if any ...
  bool OnlyTrueEdge = false; ///< ... or a bit of (only true tells it).
  int8_t Test = -1; ///< The parameter-test slot it is, if any.
};

std::string effectsMessage(llvm::ArrayRef<Effect> Fx, llvm::StringRef Text) {
  if (llvm::is_contained(Fx, Effect::MaySleep) ||
      llvm::is_contained(Fx, Effect::MayFault))
    return ("'" + Text + "' may sleep: preemption and IRQs are enabled here")
        .str();
  bool Irqs = llvm::is_contained(Fx, Effect::IrqEnable);
  bool Preempt = llvm::is_contained(Fx, Effect::PreemptEnable);
  const char *What = Irqs && Preempt ? "preemption and IRQs enabled"
                     : Irqs          ? "IRQs enabled"
                     : Preempt       ? "preemption enabled"
                                     : "context changed";
  return (What + llvm::Twine(" here by '") + Text + "'").str();
}

std::string calleeMessage(const FunctionSummary &Callee) {
  bool Sleeps = false, IrqsOn = false;
  for (const RelState &S : Callee.ExitStates) {
    Sleeps |= S.SleepEvidence;
    IrqsOn |= S.Irq == IrqRel::On;
  }
  std::string Name = "'" + Callee.Name + "()'";
  if (Sleeps)
    return Name + " called here may sleep: preemption and IRQs are enabled";
  if (IrqsOn)
    return Name + " called here enables IRQs";
  return Name + " called here changes the preemption context";
}

class FunctionAnalyzer {
public:
  FunctionAnalyzer(const FunctionDecl *FD, TUContext &TU)
      : FD(FD), TU(TU), SM(TU.sourceManager()), LO(TU.AST.getLangOpts()) {}

  FunctionSummary run() {
    Out.Key = TU.keyOf(FD);
    Out.Name = FD->getNameAsString();
    Out.Where = TU.point(FD->getLocation());
    CFG::BuildOptions Opts;
    Opts.AddImplicitDtors = true; // emits cleanup-attribute calls (guards)
    Cfg = CFG::buildCFG(FD, FD->getBody(), &TU.AST, Opts);
    if (!Cfg)
      return std::move(Out);
    collectEvents();
    markValueFlow();
    markSiteStorage();
    solve();
    if (const char *Name = std::getenv("KHARDEN_DEBUG_FUNCTION");
        Name && Out.Name == Name)
      dump(llvm::errs());
    return std::move(Out);
  }

private:
  void computeOrder();
  BranchTest branchTest(const CFGBlock &B) const;
  /// The name token of a primitive macro whose expansion is all of E.
  SourceLocation primitiveMacro(const Expr *E) const;
  std::pair<SourceLocation, const Primitive *>
  primitiveExpansion(const Expr *E) const;
  const Primitive *primitiveOf(const Expr *E) const;
  const FunctionSummary *summaryOf(const FunctionDecl *Callee) const;
  /// Whether E, inside the expansion of the macro named at NameLoc, is all
  /// of it but parentheses.
  bool wholeExpansion(const Expr *E, SourceLocation NameLoc) const;
  ParentMap &parents() const;
  void applyBranchFacts(const CFGBlock &B, unsigned Succ,
                        StateSet &States) const;
  /// Whether Slot is about a parameter the path assigned: its facts say
  /// nothing of what the caller passed.
  bool paramChanged(const RelState &S, unsigned Slot) const;
  /// Records that the path found Slot to be Value; false if it found it the
  /// other way before (a path that cannot run).
  bool setFact(RelState &S, unsigned Slot, bool Value) const;
  /// Keeps the states that can find Slot to be Value, with that fact.
  void keepFact(unsigned Slot, bool Value, StateSet &States) const;
  /// What is known of the bits of an integer argument, and of what a
  /// callee in this file returns.
  KnownBits argumentBits(const Expr *E) const;
  KnownBits returnBits(const CallExpr *CE) const;
  /// What the caller's arguments (with what Call knows of their bits)
  /// make of the callee's parameter tests.
  llvm::SmallVector<ImportedTest, 2>
  importTests(const FunctionSummary &Callee, const CallExpr *CE,
              const CallSite &Call);
  /// The caller's own value that argument Arg passes as the callee's
  /// CalleeRef: a parameter passed on, or a field of what one points to.
  std::optional<ArgRef> callerRef(const Expr *Arg,
                                  const ArgRef &CalleeRef) const;
  void collectEvents();
  void markValueFlow();
  void markSiteStorage();
  const Stmt *userOf(const Stmt *S, SourceLocation NameLoc);
  void classify(const CFGElement &E, std::vector<Event> &Events);
  bool classifyMacro(const Stmt *S, llvm::ArrayRef<SourceLocation> Chain,
                     std::vector<Event> &Events);
  void noteSites(llvm::ArrayRef<SourceLocation> Chain,
                 std::vector<Event> &Events);
  void classifyCall(const CallExpr *CE, std::vector<Event> &Events);
  void emitPrimitive(const Primitive &P, llvm::StringRef Name,
                     llvm::ArrayRef<std::string> Args, std::string Text,
                     const Stmt *S, SourceLocation UseLoc,
                     llvm::ArrayRef<SourceLocation> Chain, int Outer,
                     std::vector<Event> &Events);
  /// Effects: whether the callee's summary changes the context after it
  /// (not for a primitive whose effects stand for it).
  void addCall(const FunctionDecl *Callee, SourceLocation Loc,
               std::vector<Event> &Events, const CallExpr *CE = nullptr,
               bool Effects = true);
  bool usedAsPointer(const Stmt *S, SourceLocation NameLoc);
  bool inExpansion(SourceLocation Loc, SourceLocation NameLoc) const;
  std::vector<Note> macroNotes(llvm::ArrayRef<SourceLocation> Chain,
                               int Outer) const;
  std::string argumentText(const Expr *Arg) const;
  int16_t addNote(SourceLocation Loc, std::string Message);
  void transfer(const Event &E, StateSet &States);
  /// Whether a callee's exit can be taken with these arguments; records in
  /// S what it found of the caller's own parameters.
  bool takesTests(const RelState &Exit, llvm::ArrayRef<ImportedTest> Tests,
                  RelState &S) const;
  /// Applies one write; a fork or a split splits every state in two.
  void write(const SlotWrite &W, StateSet &States) const;
  void solve();
  void dump(llvm::raw_ostream &OS) const;

  const FunctionDecl *FD;
  TUContext &TU;
  SourceManager &SM;
  const LangOptions &LO;
  FunctionSummary Out;
  std::unique_ptr<CFG> Cfg;
  std::vector<std::vector<Event>> BlockEvents;
  std::vector<const CFGBlock *> Order; ///< Reverse post-order.
  llvm::DenseSet<unsigned> Anchored;    ///< Expansions already turned to events.
  mutable std::unique_ptr<ParentMap> Parents; ///< Built on first use.
  std::vector<SourcePoint> RandomAt, StackSinkAt; ///< Calls, by invocation.
  llvm::DenseMap<unsigned, unsigned> SiteIndex; ///< Expansion -> Out.Sites.
  std::optional<ValueSlots> Slots;
  std::optional<FieldStores> Fields;
  std::vector<BranchTest> Branches; ///< Per block.
  unsigned Current = 0;             ///< The block being classified.
  /// Blocks whose branch tests a macro's expansion, by its name token: the
  /// expansion may begin in an earlier block (a statement expression).
  llvm::DenseMap<unsigned, unsigned> BlockTestingMacro;
  /// Per fork: the notes of its true and false outcomes' effects.
  std::vector<std::array<int16_t, 2>> ForkNotes;
};

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

BranchTest FunctionAnalyzer::branchTest(const CFGBlock &B) const {
  // The condition this block decides on: for `a || b`, the block of `b`
  // tests b, not the whole expression.
  const Expr *E = B.getLastCondition();
  if (!E || B.succ_size() != 2)
    return {};
  bool Negated = false;
  for (E = E->IgnoreParenImpCasts();; ) {
    // A known macro whose whole expansion the condition is (not a `!`
    // inside it, nor a branch inside the macro's own definition).
    if (SourceLocation L = primitiveMacro(E); L.isValid()) {
      if (!wholeExpansion(E, L))
        return {};
      return {nullptr, L, int8_t(Negated)};
    }
    const Expr *Inner = ValueSlots::stripOnce(E, Negated, TU.AST);
    if (Inner == E)
      break;
    E = Inner;
  }
  std::optional<unsigned> Slot = Slots->slotOf(E);
  bool OnlyTrueEdge = false;
  if (!Slot && (Slot = Slots->nonZeroWhenTrue(E)))
    OnlyTrueEdge = true;
  std::optional<unsigned> Test = Slots->testSlotOf(E);
  return {dyn_cast<CallExpr>(E), {}, int8_t(Negated),
          int8_t(Slot ? int(*Slot) : -1), OnlyTrueEdge,
          int8_t(Test ? int(*Test) : -1)};
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

void FunctionAnalyzer::applyBranchFacts(const CFGBlock &B, unsigned Succ,
                                        StateSet &States) const {
  for (const Event &E : BlockEvents[B.getBlockID()])
    if (E.K == Event::Effects && E.OnlyOnSucc == int(Succ))
      for (RelState &S : States)
        for (Effect Fx : E.Fx)
          S.apply(Fx, E.Note);
  const BranchTest &Test = Branches[B.getBlockID()];
  bool Value = int(Succ) == Test.TrueSucc;
  if (Test.Slot >= 0 && (Value || !Test.OnlyTrueEdge))
    keepFact(Test.Slot, Value, States);
  if (Test.Test >= 0)
    keepFact(Test.Test, Value, States);
}

bool FunctionAnalyzer::paramChanged(const RelState &S, unsigned Slot) const {
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

void FunctionAnalyzer::collectEvents() {
  BlockEvents.resize(Cfg->getNumBlockIDs());
  Branches.assign(Cfg->getNumBlockIDs(), {});
  computeOrder();
  Slots.emplace(
      FD, *Cfg, TU.AST,
      [&](const Expr *E) { return primitiveOf(E); },
      [&](const CallExpr *CE) {
        const FunctionSummary *Callee = summaryOf(CE->getDirectCallee());
        return Callee && llvm::any_of(Callee->ExitStates, [](const RelState &S) {
                 return S.Returns != RetFact::Unknown;
               });
      });
  Fields.emplace(
      *Cfg, *Slots, [&](const Expr *E) { return argumentBits(E); },
      [&](const CallExpr *CE) -> const ArgFacts * {
        const FunctionSummary *Callee = summaryOf(CE->getDirectCallee());
        return Callee && !Callee->Stores.empty() ? &Callee->Stores : nullptr;
      });
  Out.Stores = Fields->parameterStores(FD);
  ForkNotes.assign(Slots->forks().size(), {-1, -1});
  // A macro expansion is one event, at its first element in execution order.
  for (const CFGBlock *B : Order) {
    BranchTest &Test = Branches[B->getBlockID()] = branchTest(*B);
    if (Test.Macro.isValid())
      BlockTestingMacro[Test.Macro.getRawEncoding()] = B->getBlockID();
  }
  for (const CFGBlock *B : Order) {
    Current = B->getBlockID();
    for (const CFGElement &E : *B)
      classify(E, BlockEvents[Current]);
  }
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
  const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
  auto It = Def ? TU.Summaries.find(Def) : TU.Summaries.end();
  return It == TU.Summaries.end() ? nullptr : It->second;
}

void FunctionAnalyzer::classify(const CFGElement &E,
                                std::vector<Event> &Events) {
  if (auto Cleanup = E.getAs<CFGCleanupFunction>()) {
    if (const FunctionDecl *F = Cleanup->getFunctionDecl())
      addCall(F, Cleanup->getVarDecl()->getLocation(), Events);
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
  Event Facts{Event::Facts, {}};
  Slots->writes(S, Facts.Writes);
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

namespace {
/// Finds what stack-offset site expansions touch: the task field or a
/// generator call. (Member accesses are not CFG elements of their own.)
class SiteStorageScanner : public RecursiveASTVisitor<SiteStorageScanner> {
public:
  /// Called with the expression, where its storage is named, and whether
  /// it is the task field (else a generator call).
  using Mark =
      llvm::function_ref<void(const Stmt *, SourceLocation, bool TaskField)>;
  SiteStorageScanner(const StackOffsetNames &Names, Mark OnStorage)
      : Names(Names), OnStorage(OnStorage) {}
  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->getMemberDecl()->getName() == Names.TaskField)
      OnStorage(ME, ME->getMemberLoc(), true);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (Callee && Callee->getIdentifier() &&
        llvm::is_contained(Names.Generators, Callee->getName()))
      OnStorage(CE, CE->getBeginLoc(), false);
    return true;
  }

private:
  const StackOffsetNames &Names;
  Mark OnStorage;
};
} // namespace

void FunctionAnalyzer::markSiteStorage() {
  if (SiteIndex.empty())
    return;
  SiteStorageScanner(TU.Lookup.model().stackOffset(),
                     [&](const Stmt *S, SourceLocation Named, bool TaskField) {
                       llvm::SmallVector<SourceLocation, 8> Chain;
                       expansionChain(SM, S->getBeginLoc(), Chain);
                       for (SourceLocation NameLoc : Chain) {
                         auto It = SiteIndex.find(NameLoc.getRawEncoding());
                         if (It == SiteIndex.end())
                           continue;
                         StackOffsetSite &Site = Out.Sites[It->second];
                         bool &Seen = TaskField ? Site.TaskField : Site.Generator;
                         if (!Seen) {
                           Seen = true;
                           Site.StorageWhere = TU.point(SM.getSpellingLoc(Named));
                         }
                         return;
                       }
                     })
      .TraverseStmt(const_cast<Stmt *>(FD->getBody()));
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
    if (Anchored.insert(Chain[I].getRawEncoding()).second)
      emitPrimitive(*R->Prim, R->Name, R->Args, R->text(), S, Chain[I], Chain,
                    I, Events);
    return true;
  }
  return false;
}

std::string FunctionAnalyzer::argumentText(const Expr *Arg) const {
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Arg->getSourceRange()), SM, LO);
  if (Range.isInvalid())
    Range = CharSourceRange::getTokenRange(SM.getSpellingLoc(Arg->getBeginLoc()),
                                           SM.getSpellingLoc(Arg->getEndLoc()));
  return Lexer::getSourceText(Range, SM, LO).str();
}

void FunctionAnalyzer::classifyCall(const CallExpr *CE,
                                    std::vector<Event> &Events) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return;
  llvm::StringRef Name = Callee->getName();
  if (const Primitive *P = TU.Lookup.find(Name)) {
    if (P->KeepCall)
      addCall(Callee, CE->getBeginLoc(), Events, CE, /*Effects=*/false);
    std::vector<std::string> Args;
    std::string Text = Name.str() + "(";
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      Args.push_back(argumentText(CE->getArg(I)));
      Text += (I ? ", " : "") + Args.back();
    }
    emitPrimitive(*P, Name, Args, Text + ")", CE, CE->getBeginLoc(), {}, -1,
                  Events);
    return;
  }
  if (TU.Lookup.isRandomSource(Name))
    RandomAt.push_back(TU.point(CE->getBeginLoc()));
  if (TU.Lookup.isStackSink(Name))
    StackSinkAt.push_back(TU.point(CE->getBeginLoc()));
  addCall(Callee, CE->getBeginLoc(), Events, CE);
}

void FunctionAnalyzer::emitPrimitive(const Primitive &P, llvm::StringRef Name,
                                     llvm::ArrayRef<std::string> Args,
                                     std::string Text, const Stmt *S,
                                     SourceLocation UseLoc,
                                     llvm::ArrayRef<SourceLocation> Chain,
                                     int Outer, std::vector<Event> &Events) {
  if (P.Access) {
    if (*P.Access == PercpuAccess::Safe ||
        (!Args.empty() && TU.Lookup.model().isTaskSwitched(Args.front())))
      return;
    // An address is only a problem where it is used to reach the data.
    if (*P.Access == PercpuAccess::Address && Outer >= 0 &&
        !usedAsPointer(S, UseLoc))
      return;
    PercpuOp Op;
    Op.Access = *P.Access;
    Op.Operation = Name.str();
    if (!Args.empty() && *P.Access != PercpuAccess::CpuId)
      Op.Variable = Args.front();
    Op.Where = TU.point(UseLoc);
    if (Outer >= 0) {
      Op.MacroNotes = macroNotes(Chain, Outer);
      if (*P.Access == PercpuAccess::Read)
        Op.ValueUsed = valueUsedBy(userOf(S, UseLoc));
    }
    Out.Ops.push_back(std::move(Op));
    Events.push_back({Event::Op, {}, -1, unsigned(Out.Ops.size() - 1)});
    return;
  }
  // The block whose branch tests the primitive's value, if one does.
  const auto *X = dyn_cast_or_null<Expr>(S);
  auto IsThis = [&](const Expr *E) {
    return Outer >= 0 ? primitiveMacro(E) == UseLoc
                      : X && X->IgnoreParenImpCasts() == E;
  };
  unsigned Tester = Current;
  if (Outer >= 0) {
    auto It = BlockTestingMacro.find(UseLoc.getRawEncoding());
    Tester = It == BlockTestingMacro.end() ? ~0u : It->second;
  }
  bool Tested = Tester != ~0u && Branches[Tester].TrueSucc >= 0 &&
                (Outer >= 0 || IsThis(Branches[Tester].Call));
  auto Push = [&](const std::vector<Effect> &Fx, int Succ) {
    if (Fx.empty())
      return;
    Event E{Event::Effects, Fx, addNote(UseLoc, effectsMessage(Fx, Text)), 0};
    E.OnlyOnSucc = static_cast<int8_t>(Succ);
    (Succ >= 0 ? BlockEvents[Tester] : Events).push_back(std::move(E));
  };
  Push(P.effectsFor(Args), -1);
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

void FunctionAnalyzer::addCall(const FunctionDecl *Callee, SourceLocation Loc,
                               std::vector<Event> &Events, const CallExpr *CE,
                               bool Effects) {
  CallSite C;
  C.CalleeKey = TU.keyOf(Callee);
  C.CalleeName = Callee->getNameAsString();
  C.Where = TU.point(Loc);
  for (unsigned I = 0; CE && I < std::min(CE->getNumArgs(), RelState::MaxParams);
       ++I) {
    const Expr *Arg = CE->getArg(I);
    if (std::optional<bool> V = constantTruth(Arg, TU.AST)) {
      C.ArgKnown |= uint8_t(1u << I);
      C.ArgTrue |= uint8_t(unsigned(*V) << I);
    } else if (std::optional<unsigned> P =
                   Slots->forwardedParam(Arg->IgnoreParenImpCasts())) {
      C.Forwarded.push_back({uint8_t(I), uint8_t(*P)});
    }
    // ArgKnown says 0; a pointer's NonZero is no test's business.
    if (KnownBits B = argumentBits(Arg);
        (B.Zero | B.One) && !(B == KnownBits::constant(0)))
      C.ArgBits.push_back({ArgRef{uint8_t(I), ""}, B});
    if (std::optional<FieldPath> Obj = Slots->pointeeOf(Arg))
      for (auto &[Field, B] : Fields->knownAt(*Obj, CE))
        C.ArgBits.push_back({ArgRef{uint8_t(I), std::move(Field)}, B});
  }
  llvm::sort(C.ArgBits, llvm::less_first());
  Out.Calls.push_back(std::move(C));
  Event E{Event::Call, {}, -1, unsigned(Out.Calls.size() - 1)};
  if (std::optional<unsigned> Slot = CE ? Slots->resultSlot(CE) : std::nullopt)
    E.ResultSlot = int8_t(*Slot);
  const FunctionSummary *S = Effects ? summaryOf(Callee) : nullptr;
  if (S) {
    bool Changes = llvm::any_of(S->ExitStates, [](const RelState &X) {
      return !isIdentity(X);
    });
    bool Returns = E.ResultSlot >= 0 &&
                   llvm::any_of(S->ExitStates, [](const RelState &X) {
                     return X.Returns != RetFact::Unknown;
                   });
    if (Changes || Returns) {
      E.Callee = S;
      E.Tests = importTests(*S, CE, Out.Calls.back());
    }
    if (Changes)
      E.Note = addNote(Loc, calleeMessage(*S));
  }
  Events.push_back(std::move(E));
}

llvm::SmallVector<ImportedTest, 2>
FunctionAnalyzer::importTests(const FunctionSummary &Callee,
                              const CallExpr *CE, const CallSite &Call) {
  llvm::SmallVector<ImportedTest, 2> Out;
  for (const ParamTest &T : Callee.Tests) {
    ImportedTest &I = Out.emplace_back();
    if (!CE || T.Arg.Index >= CE->getNumArgs())
      continue;
    if ((I.Holds = T.decide(
             passedBits(Call.ArgKnown, Call.ArgTrue, Call.ArgBits, T.Arg))))
      continue;
    if (std::optional<ArgRef> Mine = callerRef(CE->getArg(T.Arg.Index), T.Arg))
      if (std::optional<unsigned> Slot = Slots->testSlot({*Mine, T.Equal,
                                                          T.Mask, T.Value}))
        I.Slot = int8_t(*Slot);
  }
  return Out;
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
  if (Mine)
    Mine->Field = joinField(Mine->Field, CalleeRef.Field);
  return Mine;
}

KnownBits FunctionAnalyzer::returnBits(const CallExpr *CE) const {
  const FunctionSummary *S = summaryOf(CE->getDirectCallee());
  return S ? S->ReturnBits : KnownBits{};
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

const Stmt *FunctionAnalyzer::userOf(const Stmt *S, SourceLocation NameLoc) {
  // Climb to the outermost node of the expansion, then look at its user.
  const Stmt *Top = S;
  while (const Stmt *P = parents().getParent(Top)) {
    if (!inExpansion(P->getBeginLoc(), NameLoc) ||
        !inExpansion(P->getEndLoc(), NameLoc))
      break;
    Top = P;
  }
  return parents().getParentIgnoreParenCasts(Top);
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

void FunctionAnalyzer::markValueFlow() {
  for (PercpuOp &Op : Out.Ops) {
    if (Op.Access == PercpuAccess::Read) {
      Op.FeedsStack = llvm::is_contained(StackSinkAt, Op.Where);
      Op.PartOfRefill = llvm::any_of(Out.Ops, [&](const PercpuOp &W) {
        return W.Access == PercpuAccess::Write && W.Variable == Op.Variable &&
               W.Where == Op.Where;
      });
    }
    if (Op.Access == PercpuAccess::Write)
      Op.MixesRandom = llvm::is_contained(RandomAt, Op.Where);
  }
  for (StackOffsetSite &Site : Out.Sites)
    for (const PercpuOp &Op : Out.Ops)
      if (Op.Where == Site.Where && Site.PercpuVariable.empty() &&
          !Op.Variable.empty()) {
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
    for (const RelState &S : States)
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
    for (const RelState &S : States)
      addState(Out.Calls[E.Index].States, S.withoutLocalFacts());
    bool Replaces = E.ResultSlot >= 0 && Slots->resultReplaces(E.ResultSlot);
    if (!E.Callee) {
      if (Replaces)
        for (RelState &S : States)
          S.setFact(E.ResultSlot, std::nullopt);
      break;
    }
    StateSet After;
    for (const RelState &S : States)
      for (const RelState &Exit : E.Callee->ExitStates) {
        RelState Next = S;
        if (!takesTests(Exit, E.Tests, Next))
          continue; // an exit the arguments rule out
        Next.applyCallee(Exit, E.Note);
        if (std::optional<bool> Ret = Exit.fact(RelState::RetSlot);
            E.ResultSlot >= 0 && (Ret || Replaces))
          Next.setFact(E.ResultSlot, Ret);
        addState(After, Next);
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
    if (Tests[I].Slot >= 0 && !setFact(S, Tests[I].Slot, *Found))
      return false;
  }
  return true;
}

void FunctionAnalyzer::write(const SlotWrite &W, StateSet &States) const {
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
        S.apply(Fx, ForkNotes[W.From][!Value]);
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
      bool Changed = false;
      for (const RelState &S : Edge)
        Changed |= addState(In[Succ->getBlockID()], S);
      if (Changed)
        Work.insert(RpoIndex[Succ->getBlockID()]);
    }
  }
  const StateSet &Exit = In[Cfg->getExit().getBlockID()];
  // A path-insensitive join of "lock here, unlock there under the same
  // condition" leaves spurious unbalanced exits beside the real balanced one;
  // callers inherit only the balanced ones then. A lock or unlock wrapper
  // (no balanced exit at all) keeps its effect, and so does an exit holding
  // a lock whose return value tells it from every balanced one (a trylock
  // wrapper). A release on one return value is more often a lock taken in
  // another file, which this file does not see.
  auto Separated = [](const RelState &A, const RelState &B) {
    return A.PreemptDepth > 0 && A.Returns != RetFact::Unknown &&
           B.Returns != RetFact::Unknown && A.Returns != B.Returns;
  };
  for (const RelState &S : Exit)
    if (S.PreemptDepth == 0 ||
        llvm::all_of(Exit, [&](const RelState &B) {
          return B.PreemptDepth != 0 || Separated(S, B);
        })) {
      RelState X = S.withoutLocalFacts();
      X.ParamKnown = X.ParamTrue = 0; // about this function's parameters
      X.Returns = S.Returns;
      addState(Out.ExitStates, X);
    }
  // Parameter tests at the exits tell callers which exits their arguments
  // rule out; where every exit leaves the same context, none matters.
  std::vector<RelState> Untested;
  for (RelState X : Out.ExitStates) {
    X.TestKnown = X.TestTrue = 0;
    addState(Untested, X);
  }
  if (Untested.size() <= 1)
    Out.ExitStates = std::move(Untested);
  Out.Tests.assign(Slots->tests().begin(), Slots->tests().end());
  Out.ReturnBits = Slots->returnBits(
      [&](const CallExpr *CE) { return returnBits(CE); });
}

} // namespace

static std::string stateText(const RelState &S) {
  static const char *Irq[] = {"inherited", "off", "on"};
  std::string T = "depth " + std::to_string(S.PreemptDepth) + ", irq " +
                  Irq[unsigned(S.Irq)];
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
  return T;
}

/// KHARDEN_DEBUG_FUNCTION=name: what the analysis saw in one function.
void FunctionAnalyzer::dump(llvm::raw_ostream &OS) const {
  OS << "kharden: debug: " << Out.Name << " at " << Out.Where.File << ":"
     << Out.Where.Line << "\n";
  for (const CFGBlock *B : Order)
    for (const Event &E : BlockEvents[B->getBlockID()]) {
      OS << "  B" << B->getBlockID() << ": ";
      switch (E.K) {
      case Event::Effects:
        for (Effect Fx : E.Fx)
          OS << effectName(Fx) << " ";
        if (E.Note >= 0)
          OS << "(" << Out.Notes[E.Note].Message << ")";
        break;
      case Event::Op:
        OS << Out.Ops[E.Index].Operation << "(" << Out.Ops[E.Index].Variable
           << ") line " << Out.Ops[E.Index].Where.Line;
        for (const RelState &S : Out.Ops[E.Index].States)
          OS << " [" << stateText(S) << "]";
        break;
      case Event::Call:
        if (E.ResultSlot >= 0)
          OS << "slot " << int(E.ResultSlot) << " = ";
        OS << "call " << Out.Calls[E.Index].CalleeName << " line "
           << Out.Calls[E.Index].Where.Line << (E.Callee ? " (effects)" : "");
        for (const RelState &S : Out.Calls[E.Index].States)
          OS << " [" << stateText(S) << "]";
        for (const auto &[A, B] : Out.Calls[E.Index].ArgBits)
          OS << " arg" << unsigned(A.Index) << (A.Field.empty() ? "" : "->")
             << A.Field << "=" << describe(B);
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
  for (const auto &[A, B] : Out.Stores)
    OS << "  stores param" << unsigned(A.Index) << "->" << A.Field << " = "
       << describe(B) << "\n";
  OS << "  returns " << describe(Out.ReturnBits) << "\n";
}

FunctionSummary analyzeFunction(const FunctionDecl *FD, TUContext &TU) {
  return FunctionAnalyzer(FD, TU).run();
}

} // namespace kharden
