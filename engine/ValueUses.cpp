// Where values go: FunctionAnalyzer's third part (the uses of the values
// noted while turning the CFG into events, with the states at each), and
// ValueGraph, which follows them between functions.
#include "engine/ValueUses.h"
#include "engine/FunctionAnalyzer.h"
#include "engine/IntegerBits.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace kharden {

namespace {

/// More uses of one value than this are not recorded.
constexpr size_t MaxUsesPerValue = 32;
/// Parameters past this one are not followed (as CallSite's function
/// arguments).
constexpr unsigned MaxFollowedParams = CallSite::MaxFunctionParams;

/// The name of the function CE calls directly; empty through a pointer.
std::string directCalleeName(const CallExpr &CE) {
  const FunctionDecl *FD = CE.getDirectCallee();
  return FD && FD->getIdentifier() ? FD->getName().str() : std::string();
}

/// What the body does to its variables: their reads, and whatever would
/// make a variable hold something else than the value followed into it.
class VariableUses : public RecursiveASTVisitor<VariableUses> {
public:
  explicit VariableUses(const FunctionDecl *FD) {
    TraverseStmt(FD->getBody());
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Reads[V].push_back(E);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf || U->isIncrementDecrementOp())
      if (const VarDecl *V = varOf(U->getSubExpr()))
        Spoiled.insert(V);
    if (const FieldDecl *F = fieldOf(U->getSubExpr())) {
      if (U->getOpcode() == UO_AddrOf)
        SpoiledFields.insert(F);
      else if (U->isIncrementDecrementOp())
        FieldWrites[F].push_back(U);
    }
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
        F && M->isArrow())
      if (const VarDecl *V = varOf(M->getBase()))
        FieldReads[{V, F}].push_back(M);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    Calls.push_back(C);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    if (const FieldDecl *F = fieldOf(B->getLHS()))
      FieldWrites[F].push_back(B);
    if (const VarDecl *V = varOf(B->getLHS())) {
      Defs[V].push_back(B);
      if (B->isCompoundAssignmentOp())
        Spoiled.insert(V);
    }
    return true;
  }
  bool VisitDeclStmt(DeclStmt *D) {
    for (const Decl *X : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(X); V && V->getInit())
        Defs[V].push_back(D);
    return true;
  }

  static const FieldDecl *fieldOf(const Expr *E) {
    const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    return M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
  }

  /// Whether the value in V can be followed: a local or parameter of
  /// pointer or integer type whose address is never taken, never stepped
  /// (`p++`, `p += n`). A parameter holds the caller's value where no
  /// assignment came before.
  bool followable(const VarDecl *V) const {
    QualType T = V->getType();
    return V->hasLocalStorage() && !Spoiled.contains(V) &&
           (T->isPointerType() || T->isIntegralOrEnumerationType());
  }

  llvm::DenseMap<const VarDecl *, std::vector<const DeclRefExpr *>> Reads;
  /// The assignments (and the declaration with an initializer) of each.
  llvm::DenseMap<const VarDecl *, std::vector<const Stmt *>> Defs;
  llvm::DenseSet<const VarDecl *> Spoiled;
  /// `p->f` of a local or parameter p, by p and f.
  llvm::DenseMap<std::pair<const VarDecl *, const FieldDecl *>,
                 std::vector<const MemberExpr *>>
      FieldReads;
  /// What assigns, increments or decrements a field, of any object.
  llvm::DenseMap<const FieldDecl *, std::vector<const Stmt *>> FieldWrites;
  /// Fields whose address is taken somewhere: written where not seen.
  llvm::DenseSet<const FieldDecl *> SpoiledFields;
  std::vector<const Stmt *> Calls;
};

/// One use found in the AST.
struct FoundUse {
  ValueUse::Kind K;
  const Stmt *At;       ///< The node that uses the value.
  const VarDecl *Via;   ///< The variable it was read from, if any.
  uint8_t Arg = 0;
  const CallExpr *Call = nullptr;
  std::string Callee = {};
  bool Load = false;
};

/// Follows one value through the body, from an expression that computes
/// it to its uses.
class UseFinder {
public:
  /// Reaches: whether a read of a variable may see the value an
  /// assignment (Def) stored, on a path no other assignment of it is on.
  using ReachFn = llvm::function_ref<bool(const Stmt *Def, const Stmt *Read,
                                          llvm::ArrayRef<const Stmt *> Defs)>;

  UseFinder(ParentMap &PM, const VariableUses &Vars, const SourceManager &SM,
            const ExpansionRecorder &Expansions, ReachFn Reaches)
      : PM(PM), Vars(Vars), SM(SM), Expansions(Expansions), Reaches(Reaches) {}

  /// Object: Value is the object a per-CPU address points to, as an
  /// lvalue (get_cpu_var()), not a value read from it. Fields: follow the
  /// value through a field it is stored in (fieldLoads()).
  void follow(const Expr *Value, bool Object, bool Fields,
              std::vector<FoundUse> &Out) {
    Followed.clear();
    FollowFields = Fields;
    climb(Value, nullptr, Object, Out);
  }
  /// Whether the parameter could be followed (then no use found means
  /// that the function never reads what the caller passed).
  bool followParameter(const ParmVarDecl *P, std::vector<FoundUse> &Out) {
    Followed.clear();
    FollowFields = false;
    variable(P, nullptr, Out);
    return Vars.followable(P);
  }

private:
  /// Follows V from Def, the assignment that stored the value (none: a
  /// parameter, from the entry, to the reads no assignment comes before).
  void variable(const VarDecl *V, const Stmt *Def,
                std::vector<FoundUse> &Out) {
    if (Followed.size() > 3 || !Followed.insert(V).second ||
        !Vars.followable(V))
      return;
    auto It = Vars.Reads.find(V);
    if (It == Vars.Reads.end())
      return;
    auto Defs = Vars.Defs.find(V);
    for (const DeclRefExpr *Read : It->second) {
      // `(cpu)` in a macro body: the read is of the parentheses.
      const Stmt *Up = PM.getParent(Read);
      while (isa_and_nonnull<ParenExpr>(Up))
        Up = PM.getParent(Up);
      const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Up);
      if (!Cast || Cast->getCastKind() != CK_LValueToRValue)
        continue;
      if (Defs != Vars.Defs.end() && !Reaches(Def, Read, Defs->second))
        continue;
      climb(Cast, V, false, Out);
    }
  }

  /// Cur computes the value (Object: it is the object a per-CPU address
  /// points to, as an lvalue); climbs to what uses it.
  /// Whether S is inside an operand that is not evaluated: sizeof(p->f)
  /// (READ_ONCE()'s size check), the controlling expression of _Generic().
  bool unevaluated(const Stmt *S) const {
    for (const Stmt *P = PM.getParent(S); P; S = P, P = PM.getParent(P)) {
      if (isa<UnaryExprOrTypeTraitExpr>(P))
        return true;
      if (const auto *G = dyn_cast<GenericSelectionExpr>(P);
          G && G->getControllingExpr() == S)
        return true;
    }
    return false;
  }

  /// A load through the value at Load, with the callee its result is
  /// passed to directly, if any: `mutex_lock(ctx->mutex)` takes a lock the
  /// object names.
  FoundUse load(const CastExpr *Load, const VarDecl *Via) {
    FoundUse U{ValueUse::Kind::Deref, Load, Via, 0, nullptr, {}, true};
    const Stmt *Cur = Load, *P = PM.getParent(Cur);
    while (isa_and_nonnull<ParenExpr, ImplicitCastExpr>(P))
      P = PM.getParent(Cur = P);
    const auto *CE = dyn_cast_or_null<CallExpr>(P);
    std::string Callee = CE ? directCalleeName(*CE) : std::string();
    if (Callee.empty())
      return U;
    for (unsigned I = 0; I < CE->getNumArgs() && I < 256; ++I)
      if (CE->getArg(I) == Cur) {
        U.Arg = uint8_t(I);
        U.Callee = Callee;
      }
    return U;
  }

  void climb(const Stmt *Cur, const VarDecl *Via, bool Object,
             std::vector<FoundUse> &Out) {
    if (unevaluated(Cur))
      return;
    auto Use = [&](ValueUse::Kind K, const Stmt *At) {
      Out.push_back({Object && K == ValueUse::Kind::Read ? ValueUse::Kind::Deref
                                                         : K,
                     At, Via});
    };
    for (unsigned Steps = 0; Steps < 64; ++Steps) {
      const Stmt *P = PM.getParent(Cur);
      if (!P)
        return;
      if (const RecordedExpansion *R = primitiveUsing(Expansions, SM, Cur, P)) {
        Out.push_back({ValueUse::Kind::Arg, P, Via,
                       uint8_t(argumentIndex(SM, *R, Cur)), nullptr, R->Name});
        return;
      }
      if (isa<ParenExpr>(P)) {
        Cur = P;
        continue;
      }
      if (const auto *C = dyn_cast<CastExpr>(P)) {
        if (C->getType()->isVoidType())
          return;
        if (Object && C->getCastKind() == CK_LValueToRValue)
          return Out.push_back(load(C, Via));
        if (C->getCastKind() == CK_ArrayToPointerDecay)
          Object = false;
        Cur = P;
        continue;
      }
      if (const auto *U = dyn_cast<UnaryOperator>(P)) {
        if (U->getOpcode() == UO_AddrOf) {
          Object = false;
          Cur = P;
          continue;
        }
        if (U->getOpcode() == UO_Deref) {
          Object = true;
          Cur = P;
          continue;
        }
        return Use(ValueUse::Kind::Read, P);
      }
      if (const auto *M = dyn_cast<MemberExpr>(P)) {
        if (M->getBase() != Cur)
          return;
        if (!M->isArrow() && !Object)
          return Use(ValueUse::Kind::Read, P);
        Object = true;
        Cur = P;
        continue;
      }
      if (const auto *A = dyn_cast<ArraySubscriptExpr>(P)) {
        if (A->getIdx() == Cur)
          return Use(ValueUse::Kind::Read, P);
        Object = true;
        Cur = P;
        continue;
      }
      if (Object)
        return Use(ValueUse::Kind::Deref, P);
      if (const auto *B = dyn_cast<BinaryOperator>(P)) {
        if (B->getOpcode() == BO_Assign && B->getRHS() == Cur) {
          // A global variable keeps it (misrouted_irq()'s irq_poll_cpu).
          if (const VarDecl *V = varOf(B->getLHS()); V && V->hasLocalStorage())
            return variable(V, B, Out);
          fieldLoads(B, Out);
          return Use(ValueUse::Kind::Store, P);
        }
        if (B->getOpcode() == BO_Comma) {
          if (B->getRHS() != Cur)
            return;
          Cur = P;
          continue;
        }
        if (B->isAdditiveOp() && B->getType()->isPointerType()) {
          Cur = P;
          continue;
        }
        if (B->isAssignmentOp() && B->getLHS() == Cur)
          return;
        return Use(ValueUse::Kind::Read, P);
      }
      if (const auto *C = dyn_cast<AbstractConditionalOperator>(P)) {
        if (C->getCond() == Cur)
          return Use(ValueUse::Kind::Read, P);
        Cur = P;
        continue;
      }
      if (const auto *CE = dyn_cast<CallExpr>(P)) {
        for (unsigned I = 0; I < CE->getNumArgs() && I < 256; ++I)
          if (CE->getArg(I) == Cur)
            Out.push_back({ValueUse::Kind::Arg, P, Via, uint8_t(I), CE,
                           directCalleeName(*CE)});
        return;
      }
      if (isa<ReturnStmt>(P))
        return Use(ValueUse::Kind::Return, P);
      if (const auto *D = dyn_cast<DeclStmt>(P)) {
        for (const Decl *X : D->decls())
          if (const auto *V = dyn_cast<VarDecl>(X); V && V->getInit() == Cur)
            variable(V, D, Out);
        return;
      }
      if (isa<CompoundStmt>(P)) {
        // The value of a statement expression is its last statement's.
        const auto *SE = dyn_cast_or_null<StmtExpr>(PM.getParent(P));
        if (!SE || cast<CompoundStmt>(P)->body_empty() ||
            cast<CompoundStmt>(P)->body_back() != Cur)
          return;
        Cur = SE;
        continue;
      }
      if (isa<InitListExpr>(P))
        return Use(ValueUse::Kind::Store, P);
      if (isa<Expr>(P))
        return Use(ValueUse::Kind::Read, P);
      return; // a statement that only tests it (if, while, switch)
    }
  }

  /// A value stored into a field of what a local pointer points to
  /// (ext4's `ac->ac_lg = raw_cpu_ptr(..)`) is the field's until something
  /// may change it: another write of the field (of any object: the pointer
  /// may alias), an assignment of the pointer, or a call (it may write the
  /// field through an alias). The loads of `p->f` a path from the store
  /// reaches with none of those on it continue the value (the store stays
  /// a use). If some load is reached from the store only past a call, what
  /// the field holds there is not known, and no load is followed: a use
  /// missed could be the one that changes the object.
  void fieldLoads(const BinaryOperator *Store, std::vector<FoundUse> &Out) {
    const auto *M = dyn_cast<MemberExpr>(Store->getLHS()->IgnoreParens());
    if (!FollowFields || InField || !M || !M->isArrow())
      return;
    const VarDecl *V = varOf(M->getBase());
    const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!V || !F || !Vars.followable(V) || Vars.SpoiledFields.contains(F))
      return;
    auto Reads = Vars.FieldReads.find({V, F});
    if (Reads == Vars.FieldReads.end())
      return;
    std::vector<const Stmt *> Writes;
    if (auto W = Vars.FieldWrites.find(F); W != Vars.FieldWrites.end())
      Writes = W->second;
    if (auto D = Vars.Defs.find(V); D != Vars.Defs.end())
      llvm::append_range(Writes, D->second);
    std::vector<const Stmt *> WritesOrCalls = Writes;
    llvm::append_range(WritesOrCalls, Vars.Calls);
    std::vector<const Stmt *> Loads;
    for (const MemberExpr *Read : Reads->second) {
      const Stmt *Up = PM.getParent(Read);
      while (isa_and_nonnull<ParenExpr>(Up))
        Up = PM.getParent(Up);
      const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Up);
      if (!Cast || Cast->getCastKind() != CK_LValueToRValue ||
          !Reaches(Store, Read, Writes))
        continue;
      if (!Reaches(Store, Read, WritesOrCalls))
        return;
      Loads.push_back(Cast);
    }
    InField = true;
    for (const Stmt *Load : Loads)
      climb(Load, V, false, Out);
    InField = false;
  }

  ParentMap &PM;
  const VariableUses &Vars;
  const SourceManager &SM;
  const ExpansionRecorder &Expansions;
  ReachFn Reaches;
  llvm::SmallPtrSet<const VarDecl *, 4> Followed;
  bool FollowFields = false, InField = false;
};

/// Whether F's value V (a flow not about a parameter) reaches a return.
bool returnsValue(const FunctionSummary &F) {
  return llvm::any_of(F.Values, [](const ValueFlow &V) {
    return V.Source != ValueFlow::From::Parameter &&
           llvm::any_of(V.Uses, [](const ValueUse &U) {
             return U.K == ValueUse::Kind::Return;
           });
  });
}

bool addUseState(std::vector<RelState> &Set, const RelState &S) {
  if (S.overflowed() ||
      llvm::any_of(Set, [&](const RelState &X) { return X.sameContext(S); }))
    return false;
  Set.push_back(S);
  return true;
}

} // namespace

namespace function_analysis {

void FunctionAnalyzer::noteValue(ValueFlow::From Kind, unsigned Index,
                                 const Expr *Value, const ValueSource *Model) {
  Values.push_back({Kind, Index, Value, Model});
}

void FunctionAnalyzer::noteReturnedValue(const FunctionSummary *Callee,
                                         const CallExpr *CE) {
  if (CE && Callee && returnsValue(*Callee))
    noteValue(ValueFlow::From::Call, Out.Calls.size() - 1, CE);
}

StateSet FunctionAnalyzer::statesAt(unsigned Block, unsigned Elem, bool After) {
  const std::vector<unsigned> &Starts = ElementEvents[Block];
  const std::vector<Event> &Events = BlockEvents[Block];
  size_t End = !After                     ? Starts[Elem]
               : Elem + 1 < Starts.size() ? Starts[Elem + 1]
                                          : Events.size();
  StateSet States = BlockIn[Block];
  for (size_t I = 0; I < End; ++I)
    transfer(Events[I], States);
  return States;
}

void FunctionAnalyzer::followValues() {
  if (BlockIn.empty())
    return;
  // A declaration of several variables is one synthetic element each: what
  // a variable's initializer uses is at that variable's element, as if it
  // were declared alone, and the declaration itself at its last variable's.
  // synthetic_stmts() is ordered by address, which must decide nothing.
  llvm::DenseMap<const Decl *, std::pair<unsigned, unsigned>> DeclAt;
  llvm::SmallVector<const DeclStmt *, 4> Originals;
  for (const auto &[Synthetic, Original] : Cfg->synthetic_stmts())
    if (auto It = ElementAt.find(Synthetic); It != ElementAt.end()) {
      std::pair<unsigned, unsigned> At = It->second; // a copy: the map grows
      DeclAt[Synthetic->getSingleDecl()] = At;
      Originals.push_back(Original);
      if (const auto *VD = dyn_cast<VarDecl>(Synthetic->getSingleDecl()))
        if (const Expr *Init = VD->getInit())
          ElementAt.try_emplace(Init, At);
    }
  for (const DeclStmt *Original : Originals)
    for (const Decl *D : llvm::reverse(Original->decls()))
      if (auto It = DeclAt.find(D); It != DeclAt.end()) {
        ElementAt.try_emplace(Original, It->second);
        break;
      }
  // The CFG element a node belongs to: the nearest one that holds it.
  auto ElementOf =
      [&](const Stmt *S) -> std::optional<std::pair<unsigned, unsigned>> {
    for (; S; S = parents().getParent(S))
      if (auto It = ElementAt.find(S); It != ElementAt.end())
        return It->second;
    return std::nullopt;
  };
  // Whether a path leads from Def (null: the entry) to Read that no other
  // of Defs is on.
  auto Reaches = [&](const Stmt *Def, const Stmt *Read,
                     llvm::ArrayRef<const Stmt *> Defs) {
    auto From = Def ? ElementOf(Def)
                    : std::make_optional(
                          std::make_pair(Cfg->getEntry().getBlockID(), 0u));
    auto To = ElementOf(Read);
    if (!From || !To)
      return false;
    if (*From == *To)
      return true;
    std::vector<std::pair<unsigned, unsigned>> Others;
    for (const Stmt *D : Defs)
      if (auto At = D != Def ? ElementOf(D) : std::nullopt)
        Others.push_back(*At);
    auto Clear = [&](unsigned Block, unsigned Begin, unsigned End) {
      return llvm::none_of(Others, [&](const std::pair<unsigned, unsigned> &O) {
        return O.first == Block && O.second >= Begin && O.second < End;
      });
    };
    if (From->first == To->first && From->second < To->second &&
        Clear(From->first, From->second + 1, To->second))
      return true;
    if (!Clear(From->first, From->second + 1, ~0u))
      return false;
    // Into To's block, through blocks no other assignment is in.
    return Blocks->from(From->first, [&](unsigned Block) {
                   return Clear(Block, 0, ~0u);
                 }).test(To->first) &&
           Clear(To->first, 0, To->second);
  };
  VariableUses Vars(FD);
  UseFinder Finder(parents(), Vars, SM, TU.Expansions, Reaches);
  // Where a call that ends a value's region may run between two points.
  auto EndedBetween = [&](std::pair<unsigned, unsigned> From,
                          std::pair<unsigned, unsigned> To,
                          const ValueSource &Model) -> SourcePoint {
    std::vector<std::tuple<unsigned, unsigned, SourcePoint>> Enders;
    for (const auto &[S, Pos] : ElementAt)
      if (const auto *CE = dyn_cast<CallExpr>(S))
        if (const FunctionDecl *Callee = CE->getDirectCallee();
            Callee && Callee->getIdentifier() &&
            llvm::is_contained(Model.Ends, Callee->getName()))
          Enders.push_back({Pos.first, Pos.second, TU.point(CE->getBeginLoc())});
    llvm::sort(Enders);
    auto EnderIn = [&](unsigned Block, unsigned Begin,
                       unsigned End) -> SourcePoint {
      for (const auto &[B, Elem, Where] : Enders)
        if (B == Block && Elem >= Begin && Elem < End)
          return Where;
      return {};
    };
    if (Enders.empty())
      return {};
    if (From.first == To.first && From.second < To.second)
      if (SourcePoint P = EnderIn(From.first, From.second + 1, To.second);
          P.valid())
        return P;
    // Over blocks, remembering where an end was passed (twice per block:
    // not yet, and after one).
    std::vector<bool> Seen(2 * Cfg->getNumBlockIDs());
    std::vector<std::pair<unsigned, SourcePoint>> Work;
    auto Push = [&](unsigned Block, SourcePoint Ended) {
      for (const CFGBlock::AdjacentBlock &Succ :
           Blocks->block(Block)->succs())
        if (const CFGBlock *S = Succ.getReachableBlock()) {
          unsigned Key = 2 * S->getBlockID() + Ended.valid();
          if (!Seen[Key]) {
            Seen[Key] = true;
            Work.push_back({S->getBlockID(), Ended});
          }
        }
    };
    Push(From.first, EnderIn(From.first, From.second + 1, ~0u));
    while (!Work.empty()) {
      auto [Block, Ended] = Work.back();
      Work.pop_back();
      if (Block == To.first) {
        if (!Ended.valid())
          Ended = EnderIn(Block, 0, To.second);
        if (Ended.valid())
          return Ended;
      }
      Push(Block, Ended.valid() ? Ended : EnderIn(Block, 0, ~0u));
    }
    return {};
  };
  // Whether element A comes before element B (blocks in reverse
  // post-order).
  std::vector<unsigned> Rank(Cfg->getNumBlockIDs());
  for (unsigned I = 0; I < Order.size(); ++I)
    Rank[Order[I]->getBlockID()] = I;
  auto Before = [&](std::pair<unsigned, unsigned> A,
                    std::pair<unsigned, unsigned> B) {
    return std::make_pair(Rank[A.first], A.second) <
           std::make_pair(Rank[B.first], B.second);
  };
  auto Record = [&](ValueFlow Flow, llvm::ArrayRef<FoundUse> Found,
                    const Stmt *Source, const ValueSource *Model,
                    bool KeepEmpty = false) {
    auto SourceAt = Source ? ElementOf(Source) : std::nullopt;
    for (const FoundUse &F : Found) {
      if (Flow.Uses.size() >= MaxUsesPerValue)
        break;
      bool OfParameter = Flow.Source == ValueFlow::From::Parameter;
      if (OfParameter && (F.K == ValueUse::Kind::Store ||
                          F.K == ValueUse::Kind::Read))
        continue; // only what a caller's value may be followed into
      auto At = ElementOf(F.At);
      if (!At)
        continue;
      ValueUse U;
      U.K = F.K;
      U.Arg = F.Arg;
      if (F.Call)
        if (auto It = CallIndex.find(F.Call); It != CallIndex.end())
          U.Call = int32_t(It->second);
      U.Callee = F.Callee;
      U.Load = F.Load;
      if (F.Via)
        U.Via = F.Via->getNameAsString();
      U.Where = TU.point(F.At->getBeginLoc());
      // One use per place (a macro's uses share its expansion's); a
      // dereference there loads only if each of them does.
      if (auto Same = llvm::find_if(Flow.Uses, [&](const ValueUse &X) {
            return X.K == U.K && X.Where == U.Where && X.Arg == U.Arg;
          });
          Same != Flow.Uses.end()) {
        Same->Load &= U.Load;
        continue;
      }
      // A use of the expression itself sees what its statement did (the
      // operation's own effects); a use of a variable, what came before; a
      // use inside a known macro's expansion of a value made before it,
      // what came before the macro's events
      // (raw_spin_unlock_irqrestore(&base->lock, flags) uses base before it
      // unlocks, though its events sit at its typecheck()). A value made in
      // the macro's arguments (per_cpu(flip, get_cpu())) is made after them.
      auto Anchor = AnchoredElements.find(*At);
      bool BeforeMacro = Anchor != AnchoredElements.end() &&
                         (!SourceAt || Before(*SourceAt, Anchor->second));
      for (const RelState &S :
           BeforeMacro
               ? statesAt(Anchor->second.first, Anchor->second.second, false)
               : statesAt(At->first, At->second, !F.Via))
        addUseState(U.States, S.withoutLocalFacts());
      if (Model && !Model->Ends.empty() && SourceAt)
        U.EndedAt = EndedBetween(*SourceAt, *At, *Model);
      Flow.Uses.push_back(std::move(U));
    }
    if (!Flow.Uses.empty() || KeepEmpty)
      Out.Values.push_back(std::move(Flow));
  };
  for (const NotedValue &V : Values) {
    std::vector<FoundUse> Found;
    // Only a value source of the kernel model's is an lvalue for its
    // object; a CPU number's lvalue is read for its value.
    // Through a field only a pointer that picks an object (a per-CPU
    // address, or a per-CPU read of a pointer): whose lock is taken on the
    // object it picked (cpu-choice).
    const Operation *Op =
        V.Kind == ValueFlow::From::Operation && Out.Ops[V.Index].isPercpu()
            ? &Out.Ops[V.Index]
            : nullptr;
    bool Pointer =
        Op && (Op->Access == PercpuAccess::Address || Op->PointerValue);
    Finder.follow(V.Value, V.Model && V.Value->isGLValue(), Pointer, Found);
    // Any other per-CPU read's value only where the function returns it
    // (numa_node_id()): what its callers do with it decides what it is for.
    if (Op && Op->Access == PercpuAccess::Read && !Op->PointerValue &&
        llvm::none_of(Found, [](const FoundUse &U) {
          return U.K == ValueUse::Kind::Return;
        }))
      continue;
    Record({V.Kind, V.Index, {}}, Found, V.Value, V.Model);
  }
  for (unsigned I = 0; I < FD->getNumParams() && I < MaxFollowedParams; ++I) {
    std::vector<FoundUse> Found;
    const ParmVarDecl *P = FD->getParamDecl(I);
    bool Followed = Finder.followParameter(P, Found);
    // A parameter assigned before every read: its caller's value goes
    // nowhere (__slab_alloc() picks its own `c`), which an empty flow says.
    Record({ValueFlow::From::Parameter, I, {}}, Found, nullptr, nullptr,
           Followed && Found.empty() && Vars.Defs.count(P) &&
               Vars.Reads.count(P));
  }
}

void FunctionAnalyzer::dumpValues(llvm::raw_ostream &OS) const {
  static const char *From[] = {"operation", "call", "parameter"};
  static const char *Kind[] = {"deref", "arg", "return", "store", "read"};
  for (const ValueFlow &V : Out.Values) {
    OS << "  value of " << From[unsigned(V.Source)] << " " << V.Index << "\n";
    for (const ValueUse &U : V.Uses) {
      OS << "    " << Kind[unsigned(U.K)] << " line " << U.Where.Line;
      if (U.K == ValueUse::Kind::Arg)
        OS << " arg " << unsigned(U.Arg) << " of '" << U.Callee << "'";
      if (!U.Via.empty())
        OS << " via " << U.Via;
      if (U.EndedAt.valid())
        OS << " ended at line " << U.EndedAt.Line;
      if (U.Load)
        OS << " load";
      for (const RelState &S : U.States)
        OS << " [depth " << int(S.PreemptDepth) << ", migrate "
           << int(S.MigrateDepth) << "]";
      OS << "\n";
    }
  }
}

} // namespace function_analysis

SourcePoint ReachedUse::endedAt() const {
  if (Use->EndedAt.valid())
    return Use->EndedAt;
  for (const ValueStep &S : llvm::reverse(Steps))
    if (S.K == ValueStep::Returned && S.Use->EndedAt.valid())
      return S.Use->EndedAt;
  return {};
}

const ValueFlow *parameterFlow(const FunctionSummary &F, unsigned Index) {
  for (const ValueFlow &V : F.Values)
    if (V.Source == ValueFlow::From::Parameter && V.Index == Index)
      return &V;
  return nullptr;
}

ValueGraph::ValueGraph(const Program &P) : P(P) {
  for (const FunctionSummary &F : P.functions())
    for (const ValueFlow &V : F.Values)
      if (V.Source == ValueFlow::From::Call && V.Index < F.Calls.size())
        CallersOf[F.Calls[V.Index].CalleeKey].push_back({&F, &V});
}

void ValueGraph::uses(const FunctionSummary &F, const ValueFlow &Flow,
                      llvm::function_ref<void(const ReachedUse &)> Each) const {
  std::vector<ValueStep> Steps;
  follow(F, Flow, Steps, Each);
}

void ValueGraph::follow(const FunctionSummary &F, const ValueFlow &Flow,
                        std::vector<ValueStep> &Steps,
                        llvm::function_ref<void(const ReachedUse &)> Each) const {
  for (const ValueUse &U : Flow.Uses) {
    bool Continued = false;
    if (Steps.size() < MaxSteps && U.K == ValueUse::Kind::Arg && U.Call >= 0 &&
        size_t(U.Call) < F.Calls.size())
      if (const FunctionSummary *Callee = P.find(F.Calls[U.Call].CalleeKey))
        if (const ValueFlow *In = parameterFlow(*Callee, U.Arg)) {
          Steps.push_back({ValueStep::PassedTo, &F, &U});
          follow(*Callee, *In, Steps, Each);
          Steps.pop_back();
          Continued = true;
        }
    if (Steps.size() < MaxSteps && U.K == ValueUse::Kind::Return &&
        Flow.Source != ValueFlow::From::Parameter)
      if (auto It = CallersOf.find(F.Key); It != CallersOf.end())
        for (const auto &[Caller, CallFlow] : It->second) {
          Steps.push_back({ValueStep::Returned, &F, &U,
                           &Caller->Calls[CallFlow->Index]});
          follow(*Caller, *CallFlow, Steps, Each);
          Steps.pop_back();
          Continued = true;
        }
    if (!Continued)
      Each(ReachedUse{&F, &U, Steps});
  }
}

size_t ValueGraph::firstPassedDown(const ReachedUse &R) {
  size_t Down = R.Steps.size();
  for (size_t I = R.Steps.size(); I-- > 0;) {
    if (R.Steps[I].K == ValueStep::Returned)
      break;
    Down = I;
  }
  return Down;
}

std::vector<AbsState> ValueGraph::contextsBelow(const AbsState &AtCall,
                                                const ReachedUse &R,
                                                size_t Down) {
  // Only what the context is travels: the caller's arguments say nothing
  // of the callee's parameters here.
  auto Bare = [](const AbsState &S) {
    AbsState B;
    B.Preempt = S.Preempt;
    B.Irqs = S.Irqs;
    B.MigrateDisabled = S.MigrateDisabled;
    return B;
  };
  std::vector<AbsState> Here{Bare(AtCall)};
  for (size_t I = Down + 1; I <= R.Steps.size(); ++I) {
    const ValueUse &At = I < R.Steps.size() ? *R.Steps[I].Use : *R.Use;
    std::vector<AbsState> Next;
    for (const AbsState &Entry : Here)
      for (const RelState &S : At.States) {
        AbsState A = Bare(compose(Entry, S));
        if (!llvm::is_contained(Next, A))
          Next.push_back(A);
      }
    Here = std::move(Next);
  }
  return Here;
}

} // namespace kharden
