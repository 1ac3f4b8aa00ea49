#include "engine/PointerFlows.h"
#include "engine/IntegerBits.h"
#include "engine/MacroExpansions.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace kharden {

namespace {

bool isFunctionPointer(QualType T) {
  return T->isFunctionPointerType() || T->isFunctionType();
}

/// A function pointer, or a table of them.
bool holdsFunctionPointers(const ASTContext &Ctx, QualType T) {
  while (const ArrayType *A = Ctx.getAsArrayType(T))
    T = A->getElementType();
  return isFunctionPointer(T);
}

/// A local `void *` the code keeps a function in: one initialized with a
/// function (osnoise's `void *main = osnoise_main;`, then `main =
/// timerlat_main;` and `kthread_run_on_cpu(main, ..)`). Its stores, the
/// casts of its value to a function pointer and its address are followed
/// as a function pointer's.
bool keepsFunction(const VarDecl *V) {
  if (!V || !V->isLocalVarDecl() || V->isStaticLocal() ||
      !V->getType()->isVoidPointerType() || !V->getInit())
    return false;
  const Expr *Init = V->getInit()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Init);
      U && U->getOpcode() == UO_AddrOf)
    Init = U->getSubExpr()->IgnoreParens();
  const auto *D = dyn_cast<DeclRefExpr>(Init);
  return D && isa<FunctionDecl>(D->getDecl());
}

/// Whether E names such a variable.
bool keepsFunction(const Expr *E) {
  const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return D && keepsFunction(dyn_cast<VarDecl>(D->getDecl()));
}

} // namespace

/// Whether an object of type T has function pointers in it: itself, its
/// elements, its fields (not what its pointers point to).
static bool
mayHoldFunctionPointers(const ASTContext &Ctx, QualType T,
                        llvm::DenseMap<const RecordDecl *, bool> &Records) {
  while (const ArrayType *A = Ctx.getAsArrayType(T))
    T = A->getElementType();
  if (isFunctionPointer(T))
    return true;
  const RecordType *RT = T->getAs<RecordType>();
  const RecordDecl *RD = RT ? RT->getDecl()->getDefinition() : nullptr;
  if (!RD)
    return false;
  auto [It, New] = Records.try_emplace(RD, false);
  if (!New)
    return It->second; // known, or being computed (a cycle holds nothing)
  bool Holds = llvm::any_of(RD->fields(), [&](const FieldDecl *F) {
    return mayHoldFunctionPointers(Ctx, F->getType(), Records);
  });
  Records[RD] = Holds;
  return Holds;
}

/// The stores of one function body.
class FlowVisitor : public RecursiveASTVisitor<FlowVisitor> {
public:
  explicit FlowVisitor(PointerFlows &P) : P(P), Ctx(P.TU.AST) {}

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign &&
        (isFunctionPointer(B->getLHS()->getType()) ||
         keepsFunction(B->getLHS())))
      if (auto S = P.slotOf(B->getLHS())) {
        P.store(*S, B->getRHS());
        P.blockStore(B->getLHS(), B->getRHS());
      }
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (!isa<ParmVarDecl>(V) && V->getInit() && mayHold(V->getType()))
      P.init(V->getType(), V->getInit(),
             holdsFunctionPointers(Ctx, V->getType()) ? P.variableSlot(V)
                                                      : std::nullopt);
    else if (keepsFunction(V))
      P.store(*P.variableSlot(V), V->getInit());
    if (!isa<ParmVarDecl>(V))
      P.blockInit(V);
    return true;
  }

  bool VisitCompoundLiteralExpr(CompoundLiteralExpr *C) {
    if (mayHold(C->getType()))
      P.init(C->getType(), C->getInitializer(), std::nullopt);
    return true;
  }

  bool VisitReturnStmt(ReturnStmt *R) {
    if (R->getRetValue() && isFunctionPointer(P.Current->getReturnType()))
      P.store({"ret:" + P.TU.keyOf(P.Current), "", "", false},
              R->getRetValue());
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *Callee = CE->getDirectCallee()) {
      std::string Key = P.TU.keyOf(Callee);
      for (unsigned I = 0; I < CE->getNumArgs() && I <= INT8_MAX; ++I)
        if (isFunctionPointer(CE->getArg(I)->getType()))
          P.store({parameterSlot(Key, I), "", "", false}, CE->getArg(I));
      P.chainFlows(CE, Key);
      return true;
    }
    CallThrough T = through(CE);
    PointerFlows::SlotName Slot{T.Slot, T.Display, T.Field, false};
    for (unsigned I = 0; I < CE->getNumArgs() && I <= INT8_MAX; ++I)
      if (isFunctionPointer(CE->getArg(I)->getType()))
        P.store(Slot, CE->getArg(I), int(I));
    P.SlotsCalled[P.Current].push_back(T.Slot);
    P.Calls[CE] = std::move(T);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref) {
      // `*(volatile T *)&x`, READ_ONCE()/WRITE_ONCE(): a use of x.
      if (const auto *A =
              dyn_cast<UnaryOperator>(U->getSubExpr()->IgnoreParenCasts());
          A && A->getOpcode() == UO_AddrOf)
        ReadThrough.insert(A);
    } else if (U->getOpcode() == UO_AddrOf && !ReadThrough.count(U) &&
               (holdsFunctionPointers(Ctx, U->getSubExpr()->getType()) ||
                keepsFunction(U->getSubExpr()))) {
      // Whoever gets the address may store anything there.
      if (auto S = P.slotOf(U->getSubExpr()))
        P.unseen(*S, U->getExprLoc());
    }
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
    ReadThrough.insert(A->getBase()->IgnoreParens());
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    // A table of function pointers passed on as a pointer (not a const
    // one, which nobody may write through).
    if (C->getCastKind() == CK_ArrayToPointerDecay && !ReadThrough.count(C) &&
        holdsFunctionPointers(Ctx, C->getSubExpr()->getType()) &&
        !C->getType()->getPointeeType().isConstQualified())
      if (auto S = P.slotOf(C->getSubExpr()))
        P.unseen(*S, C->getExprLoc());
    return true;
  }

private:
  bool mayHold(QualType T) { return mayHoldFunctionPointers(Ctx, T, Records); }

  /// The slot the callee expression of a call through a pointer reads: the
  /// field, variable or parameter it names, or else a slot of this call
  /// that the expression's values flow into.
  CallThrough through(const CallExpr *CE) {
    const Expr *E = CE->getCallee()->IgnoreParenImpCasts();
    while (const auto *U = dyn_cast<UnaryOperator>(E))
      if (U->getOpcode() == UO_Deref &&
          isFunctionPointer(U->getSubExpr()->getType()))
        E = U->getSubExpr()->IgnoreParenImpCasts();
      else
        break;
    if (auto S = P.slotOf(E))
      return {S->Key, S->Display, S->Field};
    const SourceManager &SM = Ctx.getSourceManager();
    SourcePoint At = P.TU.point(CE->getBeginLoc());
    SourceLocation Spelled = SM.getSpellingLoc(CE->getBeginLoc());
    CallThrough T;
    T.Slot = ("call:" + P.TU.linkName(At.File) + ":" +
              llvm::Twine(At.Line) + ":" + llvm::Twine(At.Column) + ":" +
              llvm::Twine(SM.getSpellingLineNumber(Spelled)) + ":" +
              llvm::Twine(SM.getSpellingColumnNumber(Spelled)))
                 .str();
    T.Display =
        writtenText(CE->getCallee(), Ctx.getSourceManager(), Ctx.getLangOpts())
            .value_or("a function pointer");
    P.store({T.Slot, T.Display, "", false}, CE->getCallee());
    return T;
  }

  PointerFlows &P;
  const ASTContext &Ctx;
  llvm::DenseSet<const Expr *> ReadThrough;
  llvm::DenseMap<const RecordDecl *, bool> Records;
};

std::optional<PointerFlows::SlotName>
PointerFlows::fieldSlot(const FieldDecl *FD) const {
  const RecordDecl *RD = FD->getParent();
  bool Union = false;
  // Members of anonymous structures and unions belong to the enclosing one.
  while (RD->isAnonymousStructOrUnion()) {
    Union |= RD->isUnion();
    const auto *Outer = dyn_cast<RecordDecl>(RD->getDeclContext());
    if (!Outer)
      break;
    RD = Outer;
  }
  Union |= RD->isUnion();
  std::string Name, Display;
  if (RD->getIdentifier()) {
    Name = RD->getName().str();
    Display = (RD->isUnion() ? "union " : "struct ") + Name;
  } else if (const TypedefNameDecl *T = RD->getTypedefNameForAnonDecl()) {
    Name = Display = T->getName().str();
  } else {
    SourcePoint At = TU.point(RD->getLocation());
    Name = Display = "(anonymous at " + At.File.str() + ":" +
                     std::to_string(At.Line) + ":" + std::to_string(At.Column) +
                     ")";
  }
  // By the structure's name, as the kernel model names callbacks: two
  // files' own structures of one name share their slots.
  std::string Field = Name + "." + FD->getName().str();
  return SlotName{"field:" + TU.linkName(Field),
                  Display + "." + FD->getName().str(), Field, Union};
}

std::optional<PointerFlows::SlotName>
PointerFlows::variableSlot(const ValueDecl *D) const {
  if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
    const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
    if (!F)
      return std::nullopt;
    return SlotName{parameterSlot(TU.keyOf(F), P->getFunctionScopeIndex()),
                    P->getName().str(), "", false};
  }
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V)
    return std::nullopt;
  std::string Key;
  if (V->isLocalVarDecl()) {
    const auto *F = dyn_cast<FunctionDecl>(V->getDeclContext());
    if (!F)
      return std::nullopt;
    Key = "var:" + TU.keyOf(F) + ":" + V->getName().str();
  } else if (V->isExternallyVisible()) {
    Key = "var:" + TU.linkName(V->getName());
  } else {
    Key = "var:" + TU.linkName(TU.point(V->getLocation()).File.str() + "@" +
                               V->getName().str());
  }
  return SlotName{std::move(Key), displayOf(V), "", false};
}

std::string PointerFlows::displayOf(const VarDecl *V, unsigned Depth) const {
  // A macro's own local (INDIRECT_CALL_1()'s `typeof(f) __f1 = (f);`) is
  // named by what the macro's user wrote for it: `sk->sk_prot->release_cb`.
  const Expr *Init = V->getInit();
  if (!V->isLocalVarDecl() || !V->getLocation().isMacroID() || !Init ||
      Depth > 4)
    return V->getName().str();
  Init = Init->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(Init))
    if (const auto *From = dyn_cast<VarDecl>(D->getDecl());
        From && From->isLocalVarDecl())
      return displayOf(From, Depth + 1);
  return writtenText(Init, TU.AST.getSourceManager(), TU.AST.getLangOpts())
      .value_or(V->getName().str());
}

std::optional<PointerFlows::SlotName>
PointerFlows::slotOf(const Expr *LValue) const {
  const Expr *E = LValue->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    // `*(volatile T *)&x` (READ_ONCE(), WRITE_ONCE()) is x.
    const auto *A =
        dyn_cast<UnaryOperator>(U->getSubExpr()->IgnoreParenCasts());
    if (U->getOpcode() == UO_Deref && A && A->getOpcode() == UO_AddrOf)
      return slotOf(A->getSubExpr());
    return std::nullopt;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (const auto *FD = dyn_cast<FieldDecl>(M->getMemberDecl()))
      return fieldSlot(FD);
    return std::nullopt;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return variableSlot(D->getDecl());
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = A->getBase()->IgnoreParenImpCasts();
    if (TU.AST.getAsArrayType(Base->getType()))
      return slotOf(Base);
  }
  return std::nullopt;
}

void PointerFlows::noteFunction(const FunctionDecl *FD) {
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->hasBody())
    return;
  Definitions.try_emplace(TU.keyOf(Def), Def);
  if (Referenced)
    Referenced->push_back(Def);
}

void PointerFlows::values(
    const Expr *E,
    llvm::function_ref<void(PointerFlow::Source, std::string, const Expr *)>
        Out,
    unsigned Depth) {
  using Source = PointerFlow::Source;
  E = E->IgnoreParens();
  if (Depth > 16) // a value no real code writes
    return Out(Source::Unseen, "", E);
  if (isa<ImplicitValueInitExpr>(E) ||
      E->isNullPointerConstant(TU.AST, Expr::NPC_ValueDependentIsNotNull))
    return;
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    // What is cast from data, the analysis cannot see.
    if (isFunctionPointer(Sub->getType()) ||
        C->getCastKind() == CK_LValueToRValue || keepsFunction(Sub))
      return values(Sub, Out, Depth + 1);
    return Out(Source::Unseen, "", E);
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *FD = dyn_cast<FunctionDecl>(D->getDecl())) {
      noteFunction(FD);
      return Out(Source::Function, TU.keyOf(FD), E);
    }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    const Expr *Sub = U->getSubExpr()->IgnoreParens();
    if (U->getOpcode() == UO_AddrOf && isa<DeclRefExpr>(Sub))
      return values(Sub, Out, Depth + 1); // &function
    if (U->getOpcode() == UO_Deref && isFunctionPointer(Sub->getType()))
      return values(Sub, Out, Depth + 1); // *fp: the function it points to
  }
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
    values(C->getTrueExpr(), Out, Depth + 1);
    return values(C->getFalseExpr(), Out, Depth + 1);
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Comma || B->getOpcode() == BO_Assign))
    return values(B->getRHS(), Out, Depth + 1);
  if (const auto *S = dyn_cast<StmtExpr>(E)) {
    if (const Expr *Last = statementValue(S))
      return values(Last, Out, Depth + 1);
    return Out(Source::Unseen, "", E);
  }
  if (const auto *C = dyn_cast<ChooseExpr>(E))
    return values(C->getChosenSubExpr(), Out, Depth + 1);
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (const FunctionDecl *Callee = CE->getDirectCallee())
      return Out(Source::Slot, "ret:" + TU.keyOf(Callee), E);
    return Out(Source::Unseen, "", E);
  }
  if (std::optional<SlotName> S = slotOf(E))
    return Out(Source::Slot, S->Key, E);
  Out(Source::Unseen, "", E);
}

void PointerFlows::unseen(const SlotName &Slot, SourceLocation Loc) {
  Objects.open(Slot.Key);
  Flows.push_back(
      {Slot.Key, -1, PointerFlow::Source::Unseen, "", TU.point(Loc)});
}

void PointerFlows::store(const SlotName &Slot, const Expr *E, int Param) {
  if (!ObjectFields || !ObjectFields->contains(Slot.Key))
    Objects.open(Slot.Key);
  // A union's other members write the same storage.
  if (Slot.Union && UnionsMarked.insert(Slot.Key).second)
    unseen(Slot, E->getExprLoc());
  values(E, [&](PointerFlow::Source From, std::string Key, const Expr *At) {
    Flows.push_back({Slot.Key, int8_t(Param), From, std::move(Key),
                     TU.point(At->getExprLoc())});
  });
}

void PointerFlows::init(QualType T, const Expr *Init,
                        const std::optional<SlotName> &Slot) {
  if (!Init)
    return;
  Init = Init->IgnoreParens();
  if (const auto *IL = dyn_cast<InitListExpr>(Init)) {
    IL = semanticForm(IL);
    if (const ArrayType *A = TU.AST.getAsArrayType(T)) {
      for (const Expr *E : IL->inits())
        init(A->getElementType(), E, Slot);
      return;
    }
    auto Field = [&](const FieldDecl *FD, const Expr *E) {
      std::optional<SlotName> S;
      if (holdsFunctionPointers(TU.AST, FD->getType()))
        S = fieldSlot(FD);
      init(FD->getType(), E, S);
      // `.nb = { .notifier_call = fn }`: what `&x.nb` passes on.
      if (isBlock(FD->getType()))
        blockInit(fieldSlot(FD)->Key, FD->getType(), E);
    };
    if (const RecordType *RT = T->getAs<RecordType>()) {
      forEachFieldInit(RT->getDecl(), IL, Field);
      return;
    }
    if (IL->getNumInits() == 1) // a scalar in braces
      init(T, IL->getInit(0), Slot);
    return;
  }
  if (const auto *U = dyn_cast<DesignatedInitUpdateExpr>(Init)) {
    init(T, U->getBase(), Slot);
    init(T, U->getUpdater(), Slot);
    return;
  }
  if (Slot && isFunctionPointer(T))
    store(*Slot, Init);
}

void PointerFlows::collectInit(const VarDecl *VD,
                               std::vector<const FunctionDecl *> &Out) {
  llvm::DenseMap<const RecordDecl *, bool> Records;
  if (!VD->getInit() ||
      !mayHoldFunctionPointers(TU.AST, VD->getType(), Records))
    return;
  referencing(Out);
  Current = nullptr;
  llvm::StringSet<> Own = addObject(VD);
  ObjectFields = &Own;
  init(VD->getType(), VD->getInit(),
       holdsFunctionPointers(TU.AST, VD->getType()) ? variableSlot(VD)
                                                    : std::nullopt);
  ObjectFields = nullptr;
  blockInit(VD);
  // Compound literals inside it (`.ops = &(struct foo_ops){ .f = fn }`).
  FlowVisitor(*this).TraverseStmt(const_cast<Expr *>(VD->getInit()));
}

llvm::StringSet<> PointerFlows::addObject(const VarDecl *VD) {
  const RecordDecl *RD = VD->getType()->getAsRecordDecl();
  const auto *IL = dyn_cast<InitListExpr>(VD->getInit()->IgnoreParens());
  if (!RD || RD->isUnion() || !IL || VD->isExternallyVisible() ||
      !VD->hasGlobalStorage())
    return {};
  llvm::StringMap<const FunctionDecl *> Fields;
  forEachFieldInit(
      RD, semanticForm(IL), [&](const FieldDecl *FD, const Expr *E) {
        if (!isFunctionPointer(FD->getType()))
          return;
        const Expr *Bare = E->IgnoreParenCasts();
        if (const FunctionDecl *F = namedFunction(Bare))
          Fields[fieldSlot(FD)->Key] = F;
        else if (isa<ImplicitValueInitExpr>(Bare) ||
                 Bare->isNullPointerConstant(TU.AST,
                                             Expr::NPC_ValueDependentIsNull))
          Fields[fieldSlot(FD)->Key] = nullptr;
      });
  llvm::StringSet<> Own;
  for (const auto &F : Fields)
    Own.insert(F.getKey());
  Objects.add(RD, std::move(Fields));
  return Own;
}

StringRef PointerFlows::blockField() const {
  return StringRef(TU.Lookup.model().notifierChains().Block).split('.').second;
}

std::string PointerFlows::blockFieldOf(StringRef Block) const {
  return (Block + "." + blockField()).str();
}

std::string PointerFlows::everyBlockSlot() const {
  return "field:" + TU.linkName(TU.Lookup.model().notifierChains().Block);
}

bool PointerFlows::isBlock(QualType T) const {
  StringRef Struct =
      StringRef(TU.Lookup.model().notifierChains().Block).split('.').first;
  const RecordDecl *RD = T->getAsRecordDecl();
  return !Struct.empty() && RD && RD->getIdentifier() &&
         RD->getName() == Struct;
}

std::optional<std::string> PointerFlows::blockSlot(const Expr *Block) const {
  const Expr *E = Block->IgnoreParens();
  if (!isBlock(E->getType()) ||
      !(isa<MemberExpr>(E) ||
        (isa<DeclRefExpr>(E) && isa<VarDecl>(cast<DeclRefExpr>(E)->getDecl()))))
    return std::nullopt;
  std::optional<SlotName> S = slotOf(E);
  if (!S)
    return std::nullopt;
  return blockFieldOf(S->Key);
}

namespace {
/// The values a local variable is given in a body: its initializer and
/// every assignment, or nothing known if its address is taken or it is
/// changed otherwise.
class LocalValues : public RecursiveASTVisitor<LocalValues> {
public:
  LocalValues(const VarDecl *V) : V(V) {
    if (V->getInit())
      Values.push_back(V->getInit());
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp() && names(B->getLHS()))
      B->getOpcode() == BO_Assign ? Values.push_back(B->getRHS())
                                  : void(Known = false);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (names(U->getSubExpr()) && U->getOpcode() != UO_Deref)
      Known = false; // `&v`, `v++`
    return true;
  }
  const VarDecl *V;
  llvm::SmallVector<const Expr *, 2> Values;
  bool Known = true;

private:
  bool names(const Expr *E) const {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParens());
    return D && D->getDecl() == V;
  }
};
} // namespace

std::optional<llvm::SmallVector<const Expr *, 2>>
PointerFlows::localValues(const Expr *E) const {
  const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!V || !Current || !V->isLocalVarDecl() || V->isStaticLocal())
    return std::nullopt;
  LocalValues L(V);
  L.TraverseStmt(const_cast<Stmt *>(Current->getBody()));
  if (!L.Known)
    return std::nullopt;
  return L.Values;
}

std::vector<std::string> PointerFlows::headSlots(const Expr *Head,
                                                 bool ThroughLocal) const {
  const Expr *E = Head->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf) {
    if (std::optional<SlotName> S = slotOf(U->getSubExpr()))
      return {"chain:" + S->Key};
    return {};
  }
  // `struct raw_notifier_head *chain = &switchdev_blocking_notif_chain;`
  std::vector<std::string> Out;
  auto Values = ThroughLocal ? localValues(E) : std::nullopt;
  if (!Values || Values->empty())
    return {};
  for (const Expr *V : *Values) {
    std::vector<std::string> One = headSlots(V, false);
    if (One.empty())
      return {};
    llvm::append_range(Out, One);
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

std::vector<std::string> PointerFlows::blockSources(const Expr *Arg,
                                                    bool ThroughLocal) const {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    if (std::optional<std::string> S = blockSlot(U->getSubExpr()))
      return {*S};
  // A wrapper's parameter (register_die_notifier(nb)): what its callers
  // pass there (chainFlows() of each call).
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *P = dyn_cast<ParmVarDecl>(D->getDecl()))
      if (std::optional<SlotName> S = variableSlot(P))
        return {blockFieldOf(S->Key)};
  // `nb = &dsa_slave_switchdev_blocking_notifier;`
  if (auto Values = ThroughLocal ? localValues(E) : std::nullopt) {
    std::vector<std::string> Out;
    for (const Expr *V : *Values)
      llvm::append_range(Out, blockSources(V, false));
    if (!Out.empty())
      return Out;
  }
  return {everyBlockSlot()};
}

void PointerFlows::blockStore(const Expr *LValue, const Expr *Value) {
  const auto *M = dyn_cast<MemberExpr>(LValue->IgnoreParens());
  if (!M || M->getMemberDecl()->getName() != blockField() ||
      !isBlock(M->isArrow() ? M->getBase()->getType()->getPointeeType()
                            : M->getBase()->getType()))
    return;
  // Through a pointer, the block may be any: on every chain.
  std::optional<std::string> S =
      M->isArrow() ? std::nullopt : blockSlot(M->getBase());
  store({S.value_or(AnyChainSlot.str()), "", "", false}, Value);
}

void PointerFlows::blockInit(const VarDecl *VD) {
  if (std::optional<SlotName> S = variableSlot(VD);
      S && VD->getInit() && isBlock(VD->getType()))
    blockInit(S->Key, VD->getType(), VD->getInit());
}

void PointerFlows::blockInit(llvm::StringRef Object, QualType T,
                             const Expr *Init) {
  const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreParens());
  if (!IL)
    return;
  std::string Slot = blockFieldOf(Object);
  forEachFieldInit(T->getAsRecordDecl(), semanticForm(IL),
                   [&](const FieldDecl *FD, const Expr *E) {
                     if (FD->getName() == blockField())
                       store({Slot, "", "", false}, E);
                   });
}

void PointerFlows::chainFlows(const CallExpr *CE, StringRef CalleeKey) {
  const NotifierChains &Chains = TU.Lookup.model().notifierChains();
  if (Chains.Block.empty())
    return;
  using Source = PointerFlow::Source;
  SourcePoint At = TU.point(CE->getExprLoc());
  auto Flow = [&](std::string To, const Expr *Block) {
    for (std::string &From : blockSources(Block))
      Flows.push_back({To, -1, Source::Slot, std::move(From), At});
  };
  for (unsigned I = 0; I < CE->getNumArgs() && I <= INT8_MAX; ++I)
    if (QualType T = CE->getArg(I)->getType();
        T->isPointerType() && isBlock(T->getPointeeType()))
      Flow(blockFieldOf(parameterSlot(CalleeKey, I)), CE->getArg(I));
  StringRef Name = functionNameOfKey(CalleeKey);
  if (CE->getNumArgs() == 0 ||
      (!Chains.isCall(Name) && !Chains.isRegister(Name)))
    return;
  std::vector<std::string> Heads = headSlots(CE->getArg(0));
  // A call of a chain the code does not name (or of one of several) walks
  // every block, not the chain its caller was called to walk.
  if (Chains.isCall(Name))
    ChainCalls[CE] = Heads.size() == 1 ? Heads.front() : everyBlockSlot();
  if (Chains.isRegister(Name) && CE->getNumArgs() >= 2) {
    if (Heads.empty())
      Heads.push_back(AnyChainSlot.str());
    for (const std::string &Head : Heads)
      Flow(Head, CE->getArg(1));
  }
}

const std::string *PointerFlows::chainCalled(const CallExpr *CE) const {
  auto It = ChainCalls.find(CE);
  return It == ChainCalls.end() ? nullptr : &It->second;
}

std::optional<std::string> PointerFlows::argumentSlot(const Expr *Arg) const {
  const Expr *E = Arg->IgnoreParenImpCasts();
  if (!isFunctionPointer(E->getType()))
    return std::nullopt;
  if (std::optional<SlotName> S = slotOf(E))
    return std::move(S->Key);
  return std::nullopt;
}

void PointerFlows::collectBody(const FunctionDecl *FD,
                               std::vector<const FunctionDecl *> &Out) {
  referencing(Out);
  Current = FD;
  FlowVisitor(*this).TraverseStmt(const_cast<Stmt *>(FD->getBody()));
}

void PointerFlows::solve() {
  for (const PointerFlow &F : Flows)
    Targets.add(F);
  Targets.solve();
}

const CallThrough *PointerFlows::through(const CallExpr *CE) const {
  auto It = Calls.find(CE);
  return It == Calls.end() ? nullptr : &It->second;
}

bool PointerFlows::targets(
    llvm::StringRef Slot,
    llvm::SmallVectorImpl<const FunctionDecl *> &Out) const {
  std::optional<CallTargets::Held> H = Targets.held(Slot);
  if (!H)
    return true;
  if (H->Open)
    return false;
  for (unsigned Id : H->Functions)
    if (const FunctionDecl *FD = Definitions.lookup(Targets.functionKey(Id)))
      Out.push_back(FD);
  return true;
}

void PointerFlows::targetsCalledBy(
    const FunctionDecl *FD, std::vector<const FunctionDecl *> &Out) const {
  auto It = SlotsCalled.find(FD);
  if (It == SlotsCalled.end())
    return;
  llvm::SmallVector<const FunctionDecl *, 8> Found;
  for (const std::string &Slot : It->second)
    targets(Slot, Found);
  Out.insert(Out.end(), Found.begin(), Found.end());
}

} // namespace kharden
