#include "checkers/engine/FunctionAnalysis.h"

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

bool isIdentity(const RelState &S) { return S.sameContext(RelState{}); }

/// A value is unused where it is a statement of its own or cast to void.
bool valueUsedBy(const Stmt *User) {
  if (!User || isa<CompoundStmt>(User))
    return false;
  if (const auto *CE = dyn_cast<CStyleCastExpr>(User))
    return !CE->getType()->isVoidType();
  return true;
}

/// One thing that happens at a CFG element, in the order it happens.
struct Event {
  enum Kind { Effects, Op, Call, Site } K;
  std::vector<Effect> Fx;
  int16_t Note = -1;
  unsigned Index = 0; ///< Into FunctionSummary::Ops, ::Calls or ::Sites.
  const FunctionSummary *Callee = nullptr; ///< Set if the callee has effects.
  /// For the conditional effects of a primitive whose value decides its
  /// block's branch: the successor they happen on.
  int8_t OnlyOnSucc = -1;
};

/// What a block's branch condition tests, seen through parentheses, casts,
/// `!` and likely()/unlikely(): a call (`if (!spin_trylock(l))`) or a known
/// macro's expansion (`if (in_task())`), and the successor taken when it is
/// true.
struct BranchTest {
  const CallExpr *Call = nullptr;
  SourceLocation Macro; ///< The macro's name token, as expansions are keyed.
  int8_t TrueSucc = -1;
  int8_t Param = -1; ///< Or a parameter the function never assigns.
};

/// Parameters (of the first RelState::MaxParams) that a branch may test as
/// the caller passed them: never assigned, incremented or address-taken.
class StableParams : public RecursiveASTVisitor<StableParams> {
public:
  explicit StableParams(const FunctionDecl *FD) : FD(FD) {
    TraverseStmt(FD->getBody());
  }
  int indexOf(const Expr *E) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!PVD || PVD->getDeclContext() != FD)
      return -1;
    unsigned I = PVD->getFunctionScopeIndex();
    return I < RelState::MaxParams && !(Changed & (1u << I)) ? int(I) : -1;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      mark(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      mark(U->getSubExpr());
    return true;
  }

private:
  void mark(const Expr *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *PVD = dyn_cast<ParmVarDecl>(DRE->getDecl());
          PVD && PVD->getFunctionScopeIndex() < RelState::MaxParams)
        Changed |= 1u << PVD->getFunctionScopeIndex();
  }
  const FunctionDecl *FD;
  unsigned Changed = 0;
};

/// What a constant argument says about its parameter, if anything.
std::optional<bool> constantArgument(const Expr *Arg, ASTContext &Ctx) {
  if (Arg->isValueDependent())
    return std::nullopt;
  if (Arg->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return false;
  Expr::EvalResult R;
  if (Arg->getType()->isIntegralOrEnumerationType() &&
      Arg->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getBoolValue();
  return std::nullopt;
}

std::string effectsMessage(llvm::ArrayRef<Effect> Fx, llvm::StringRef Text) {
  if (llvm::is_contained(Fx, Effect::MaySleep))
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
  void applyBranchFacts(const CFGBlock &B, unsigned Succ,
                        StateSet &States) const;
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
  void addCall(const FunctionDecl *Callee, SourceLocation Loc,
               std::vector<Event> &Events, const CallExpr *CE = nullptr);
  bool usedAsPointer(const Stmt *S, SourceLocation NameLoc);
  bool inExpansion(SourceLocation Loc, SourceLocation NameLoc) const;
  std::vector<Note> macroNotes(llvm::ArrayRef<SourceLocation> Chain,
                               int Outer) const;
  std::string argumentText(const Expr *Arg) const;
  int16_t addNote(SourceLocation Loc, std::string Message);
  void transfer(const Event &E, StateSet &States);
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
  std::unique_ptr<ParentMap> Parents;
  std::vector<SourcePoint> RandomAt, StackSinkAt; ///< Calls, by invocation.
  llvm::DenseMap<unsigned, unsigned> SiteIndex; ///< Expansion -> Out.Sites.
  BranchTest Branch; ///< Of the block being classified.
  std::optional<StableParams> Params;
  std::vector<int8_t> TestedParam; ///< Per block: BranchTest::Param, TrueSucc.
  std::vector<int8_t> TestedTrueSucc;
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
  while (E) {
    E = E->IgnoreParenImpCasts();
    // A known macro the whole expression lies in (not a `!` inside it).
    if (E->getBeginLoc().isMacroID()) {
      llvm::SmallVector<SourceLocation, 8> Begin, End;
      expansionChain(SM, E->getBeginLoc(), Begin);
      expansionChain(SM, E->getEndLoc(), End);
      for (SourceLocation L : llvm::reverse(Begin))
        if (const RecordedExpansion *R = TU.Expansions.find(L);
            R && R->Prim && llvm::is_contained(End, L))
          return {nullptr, L, int8_t(Negated)};
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_LNot) {
      Negated = !Negated;
      E = U->getSubExpr();
      continue;
    }
    const auto *CE = dyn_cast<CallExpr>(E);
    if (!CE)
      break;
    if (CE->getBuiltinCallee() == Builtin::BI__builtin_expect) {
      E = CE->getArg(0);
      continue;
    }
    return {CE, {}, int8_t(Negated)};
  }
  if (int I = E ? Params->indexOf(E) : -1; I >= 0)
    return {nullptr, {}, int8_t(Negated), int8_t(I)};
  return {};
}

void FunctionAnalyzer::applyBranchFacts(const CFGBlock &B, unsigned Succ,
                                        StateSet &States) const {
  for (const Event &E : BlockEvents[B.getBlockID()])
    if (E.K == Event::Effects && E.OnlyOnSucc == int(Succ))
      for (RelState &S : States)
        for (Effect Fx : E.Fx)
          S.apply(Fx, E.Note);
  int Param = TestedParam[B.getBlockID()];
  if (Param < 0)
    return;
  uint8_t Bit = uint8_t(1u << Param);
  bool Value = int(Succ) == TestedTrueSucc[B.getBlockID()];
  StateSet Kept;
  for (RelState S : States) {
    if ((S.ParamKnown & Bit) && bool(S.ParamTrue & Bit) != Value)
      continue; // the path tested the parameter the other way before
    S.ParamKnown |= Bit;
    S.ParamTrue = Value ? S.ParamTrue | Bit : S.ParamTrue & ~Bit;
    Kept.push_back(S);
  }
  States = std::move(Kept);
}

void FunctionAnalyzer::collectEvents() {
  BlockEvents.resize(Cfg->getNumBlockIDs());
  TestedParam.assign(Cfg->getNumBlockIDs(), -1);
  TestedTrueSucc.assign(Cfg->getNumBlockIDs(), -1);
  Params.emplace(FD);
  computeOrder();
  // A macro expansion is one event, at its first element in execution order.
  for (const CFGBlock *B : Order) {
    Branch = branchTest(*B);
    TestedParam[B->getBlockID()] = Branch.Param;
    TestedTrueSucc[B->getBlockID()] = Branch.TrueSucc;
    for (const CFGElement &E : *B)
      classify(E, BlockEvents[B->getBlockID()]);
  }
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
  if (classifyMacro(S, Chain, Events))
    return;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    classifyCall(CE, Events);
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
  auto Push = [&](const std::vector<Effect> &Fx, int Succ) {
    if (Fx.empty())
      return;
    Event E{Event::Effects, Fx, addNote(UseLoc, effectsMessage(Fx, Text)), 0};
    E.OnlyOnSucc = static_cast<int8_t>(Succ);
    Events.push_back(std::move(E));
  };
  Push(P.effectsFor(Args), -1);
  const auto *X = dyn_cast_or_null<Expr>(S);
  bool Tested = Branch.TrueSucc >= 0 &&
                (Outer >= 0 ? UseLoc == Branch.Macro
                            : X && X->IgnoreParenImpCasts() == Branch.Call);
  if (!Tested) {
    if (P.AssumeTrueIfUntested)
      Push(P.WhenTrue, -1);
    return;
  }
  Push(P.WhenTrue, Branch.TrueSucc);
  Push(P.WhenFalse, 1 - Branch.TrueSucc);
}

void FunctionAnalyzer::addCall(const FunctionDecl *Callee, SourceLocation Loc,
                               std::vector<Event> &Events,
                               const CallExpr *CE) {
  CallSite C;
  C.CalleeKey = TU.keyOf(Callee);
  C.CalleeName = Callee->getNameAsString();
  C.Where = TU.point(Loc);
  for (unsigned I = 0; CE && I < std::min(CE->getNumArgs(), RelState::MaxParams);
       ++I)
    if (std::optional<bool> V = constantArgument(CE->getArg(I), TU.AST)) {
      C.ArgKnown |= uint8_t(1u << I);
      C.ArgTrue |= uint8_t(unsigned(*V) << I);
    }
  Out.Calls.push_back(std::move(C));
  Event E{Event::Call, {}, -1, unsigned(Out.Calls.size() - 1)};
  if (const FunctionDecl *Def = Callee->getDefinition()) {
    auto It = TU.Summaries.find(Def);
    if (It != TU.Summaries.end() &&
        llvm::any_of(It->second->ExitStates,
                      [](const RelState &S) { return !isIdentity(S); })) {
      E.Callee = It->second;
      E.Note = addNote(Loc, calleeMessage(*It->second));
    }
  }
  Events.push_back(std::move(E));
}

bool FunctionAnalyzer::inExpansion(SourceLocation Loc,
                                   SourceLocation NameLoc) const {
  llvm::SmallVector<SourceLocation, 8> Chain;
  expansionChain(SM, Loc, Chain);
  return llvm::is_contained(Chain, NameLoc);
}

const Stmt *FunctionAnalyzer::userOf(const Stmt *S, SourceLocation NameLoc) {
  if (!Parents)
    Parents = std::make_unique<ParentMap>(FD->getBody());
  // Climb to the outermost node of the expansion, then look at its user.
  const Stmt *Top = S;
  while (const Stmt *P = Parents->getParent(Top)) {
    if (!inExpansion(P->getBeginLoc(), NameLoc) ||
        !inExpansion(P->getEndLoc(), NameLoc))
      break;
    Top = P;
  }
  return Parents->getParentIgnoreParenCasts(Top);
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
      addState(Out.Ops[E.Index].States, S);
    break;
  case Event::Site:
    for (const RelState &S : States)
      addState(Out.Sites[E.Index].States, S);
    break;
  case Event::Call: {
    for (const RelState &S : States)
      addState(Out.Calls[E.Index].States, S);
    if (!E.Callee)
      break;
    StateSet After;
    for (const RelState &S : States)
      for (const RelState &Exit : E.Callee->ExitStates) {
        RelState Next = S;
        Next.applyCallee(Exit, E.Note);
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
  // (no balanced exit at all) keeps its effect.
  bool Balanced = llvm::any_of(
      Exit, [](const RelState &S) { return S.PreemptDepth == 0; });
  for (RelState S : Exit)
    if (!Balanced || S.PreemptDepth == 0) {
      S.ParamKnown = S.ParamTrue = 0; // about this function's parameters
      addState(Out.ExitStates, S);
    }
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
        OS << "call " << Out.Calls[E.Index].CalleeName << " line "
           << Out.Calls[E.Index].Where.Line << (E.Callee ? " (effects)" : "");
        for (const RelState &S : Out.Calls[E.Index].States)
          OS << " [" << stateText(S) << "]";
        break;
      case Event::Site:
        OS << "site " << Out.Sites[E.Index].Macro;
        break;
      }
      OS << "\n";
    }
  for (const RelState &S : Out.ExitStates)
    OS << "  exit [" << stateText(S) << "]\n";
}

FunctionSummary analyzeFunction(const FunctionDecl *FD, TUContext &TU) {
  return FunctionAnalyzer(FD, TU).run();
}

} // namespace kharden
