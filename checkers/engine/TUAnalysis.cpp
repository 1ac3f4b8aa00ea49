#include "checkers/engine/TUAnalysis.h"

#include "checkers/engine/FunctionAnalysis.h"
#include "checkers/engine/WorkQueues.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"

using namespace clang;

namespace kharden {
namespace {

/// The functions a body calls directly (or through a cleanup attribute) and
/// whose definitions are in the translation unit.
class CalleeCollector : public RecursiveASTVisitor<CalleeCollector> {
public:
  CalleeCollector(PrimitiveLookup &Lookup,
                  std::vector<const FunctionDecl *> &Out)
      : Lookup(Lookup), Out(Out) {}

  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *Callee = CE->getDirectCallee())
      add(Callee);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (const auto *A = VD->getAttr<CleanupAttr>())
      if (const FunctionDecl *F = A->getFunctionDecl())
        add(F);
    return true;
  }

private:
  void add(const FunctionDecl *F) {
    // Primitives are modelled by the table, never analysed.
    if (F->getIdentifier() && Lookup.find(F->getName()))
      return;
    if (const FunctionDecl *Def = F->getDefinition())
      if (Def->hasBody())
        Out.push_back(Def);
  }
  PrimitiveLookup &Lookup;
  std::vector<const FunctionDecl *> &Out;
};

static const FunctionDecl *referencedFunction(const Expr *E);

/// The callbacks of the kernel model that a store into field Field of a
/// structure named Struct registers (a file_operations field, an hrtimer's
/// function).
static void forStructField(llvm::ArrayRef<Callback> Callbacks,
                           llvm::StringRef Struct, llvm::StringRef Field,
                           llvm::function_ref<void(const Callback &)> Fn) {
  for (const Callback &C : Callbacks)
    if (C.Struct == Struct && llvm::is_contained(C.Fields, Field))
      Fn(C);
}

/// Callbacks registered by calling a function (open_softirq(),
/// cpuhp_setup_state(), request_irq(), ...) with a function as argument, or
/// by assigning a function to a callback field (timer->function = f).
class RegistrationCalls : public RecursiveASTVisitor<RegistrationCalls> {
public:
  /// A callback, its registration, and the call that registers it (none
  /// for a store into a callback field).
  using Found = llvm::function_ref<void(const FunctionDecl *, const Callback &,
                                        SourceLocation, const CallExpr *)>;
  RegistrationCalls(const llvm::StringMap<const Callback *> &ByName,
                    llvm::ArrayRef<Callback> Callbacks, Found OnCallback)
      : ByName(ByName), Callbacks(Callbacks), OnCallback(OnCallback) {}

  bool VisitBinaryOperator(BinaryOperator *BO) {
    const auto *ME = dyn_cast<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts());
    const auto *Field = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
    const RecordDecl *RD = Field ? Field->getParent() : nullptr;
    if (BO->getOpcode() != BO_Assign || !RD || !RD->getIdentifier())
      return true;
    if (const FunctionDecl *FD = referencedFunction(BO->getRHS()))
      forStructField(Callbacks, RD->getName(), Field->getName(),
                     [&](const Callback &C) {
                       OnCallback(FD, C, BO->getBeginLoc(), nullptr);
                     });
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      return true;
    auto It = ByName.find(Callee->getName());
    if (It == ByName.end())
      return true;
    for (unsigned Arg : It->second->Arguments)
      if (Arg < CE->getNumArgs())
        if (const FunctionDecl *FD = referencedFunction(CE->getArg(Arg)))
          OnCallback(FD, *It->second, CE->getBeginLoc(), CE);
    return true;
  }

private:
  const llvm::StringMap<const Callback *> &ByName;
  llvm::ArrayRef<Callback> Callbacks;
  Found OnCallback;
};

class SummarizeConsumer : public ASTConsumer {
public:
  SummarizeConsumer(CompilerInstance &CI, const KernelModel &Model,
                    TUSummary &Out)
      : CI(CI), Lookup(Model), Out(Out) {
    auto Recorder =
        std::make_unique<ExpansionRecorder>(CI.getPreprocessor(), Lookup);
    Expansions = Recorder.get();
    CI.getPreprocessor().addPPCallbacks(std::move(Recorder));
  }

  void HandleTranslationUnit(ASTContext &Ctx) override;

private:
  std::vector<const FunctionDecl *> callees(const FunctionDecl *FD) {
    std::vector<const FunctionDecl *> Found;
    CalleeCollector(Lookup, Found)
        .TraverseStmt(const_cast<Stmt *>(FD->getBody()));
    return Found;
  }
  std::vector<const FunctionDecl *>
  calleesFirst(const std::vector<const FunctionDecl *> &Roots);
  void collectStructCallbacks(const Expr *Init, TUContext &TU);
  /// Returns the work items to name: registrations' macro arguments.
  std::vector<PendingWorkItem>
  collectRegistrations(TUContext &TU,
                       const llvm::StringMap<const FunctionDecl *> &Defs);
  void addHint(const FunctionDecl *FD, const Callback &C, SourceLocation Loc,
               TUContext &TU);

  CompilerInstance &CI;
  PrimitiveLookup Lookup;
  TUSummary &Out;
  ExpansionRecorder *Expansions = nullptr;
};

std::vector<const FunctionDecl *> SummarizeConsumer::calleesFirst(
    const std::vector<const FunctionDecl *> &Roots) {
  std::vector<const FunctionDecl *> Order;
  llvm::DenseSet<const FunctionDecl *> Seen;
  // Iterative depth-first search: kernel call chains can be deep.
  struct Frame {
    const FunctionDecl *FD;
    std::vector<const FunctionDecl *> Callees;
    size_t Next = 0;
  };
  for (const FunctionDecl *Root : Roots) {
    if (!Seen.insert(Root).second)
      continue;
    std::vector<Frame> Stack;
    Stack.push_back({Root, callees(Root)});
    while (!Stack.empty()) {
      Frame &Top = Stack.back();
      if (Top.Next < Top.Callees.size()) {
        const FunctionDecl *Callee = Top.Callees[Top.Next++];
        if (Seen.insert(Callee).second)
          Stack.push_back({Callee, callees(Callee)});
        continue;
      }
      Order.push_back(Top.FD);
      Stack.pop_back();
    }
  }
  return Order;
}

void SummarizeConsumer::addHint(const FunctionDecl *FD, const Callback &C,
                                SourceLocation Loc, TUContext &TU) {
  EntryHint H;
  H.FunctionKey = TU.keyOf(FD);
  H.FunctionName = FD->getNameAsString();
  H.Context = C.Context;
  H.Why = {TU.point(Loc), "'" + H.FunctionName + "' " + C.Reason};
  Out.Hints.push_back(std::move(H));
}

static const FunctionDecl *referencedFunction(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<FunctionDecl>(DRE->getDecl());
  return nullptr;
}

void SummarizeConsumer::collectStructCallbacks(const Expr *Init,
                                               TUContext &TU) {
  const auto *List = dyn_cast<InitListExpr>(Init->IgnoreParenImpCasts());
  if (!List)
    return;
  if (List->isSyntacticForm() && List->getSemanticForm())
    List = List->getSemanticForm();
  const RecordDecl *RD = nullptr;
  if (const auto *RT = List->getType()->getAs<RecordType>())
    RD = RT->getDecl();
  for (unsigned I = 0; I < List->getNumInits(); ++I) {
    const Expr *Field = List->getInit(I);
    if (!Field)
      continue;
    collectStructCallbacks(Field, TU); // nested structs and arrays
    if (!RD || RD->isUnion() || !RD->getIdentifier())
      continue;
    const FunctionDecl *FD = referencedFunction(Field);
    if (!FD || I >= std::distance(RD->field_begin(), RD->field_end()))
      continue;
    const FieldDecl *FDecl = *std::next(RD->field_begin(), I);
    forStructField(Lookup.model().callbacks(), RD->getName(), FDecl->getName(),
                   [&](const Callback &C) {
                     addHint(FD, C, Field->getBeginLoc(), TU);
                   });
  }
}

std::vector<PendingWorkItem> SummarizeConsumer::collectRegistrations(
    TUContext &TU, const llvm::StringMap<const FunctionDecl *> &Defs) {
  std::vector<PendingWorkItem> Pending;
  std::vector<std::pair<unsigned, const RecordedExpansion *>> Uses;
  for (const auto &[Loc, R] : Expansions->all())
    if (R.Registration)
      Uses.push_back({Loc, &R});
  llvm::sort(Uses, llvm::less_first());
  for (const auto &[Loc, R] : Uses) {
    // INIT_DELAYED_WORK() registers through the INIT_WORK() it expands to:
    // the outer registration names the callback and its work item.
    llvm::SmallVector<SourceLocation, 8> Chain;
    expansionChain(TU.sourceManager(), SourceLocation::getFromRawEncoding(Loc),
                   Chain);
    if (llvm::any_of(Chain, [&](SourceLocation L) {
          const RecordedExpansion *Outer = Expansions->find(L);
          return Outer && Outer->Registration;
        }))
      continue;
    const Callback &C = *R->Registration;
    for (unsigned Arg : C.Arguments) {
      if (Arg >= R->Args.size())
        continue;
      auto It = Defs.find(llvm::StringRef(R->Args[Arg]).trim());
      if (It == Defs.end())
        continue;
      addHint(It->second, C, SourceLocation::getFromRawEncoding(Loc), TU);
      if (C.WorkItem && *C.WorkItem < R->Args.size())
        Pending.push_back({R->ArgRanges[*C.WorkItem], R->Args[*C.WorkItem],
                           Out.Hints.size() - 1});
    }
  }
  return Pending;
}

void SummarizeConsumer::HandleTranslationUnit(ASTContext &Ctx) {
  SourceManager &SM = Ctx.getSourceManager();
  Out.ParseErrors = CI.getDiagnostics().getNumErrors();
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    Out.MainFile = Main->getName().str();
  Out.Target.Arch = CI.getTarget().getTriple().getArchName().str();
  Out.Target.FromFlag = CI.getCodeGenOpts().StackAlignment != 0;
  // Without -mstack-alignment, the psABIs kharden meets (x86_64, AAPCS64,
  // RISC-V, ...) all align the stack to 16 bytes.
  Out.Target.StackAlignment =
      Out.Target.FromFlag ? CI.getCodeGenOpts().StackAlignment : 16;
  TUContext TU{Ctx, *Expansions, Lookup, decltype(TUContext::Summaries)(),
               Out.Hints}; // DenseMap(): its default constructor is explicit

  std::vector<const FunctionDecl *> Roots;
  llvm::StringMap<const FunctionDecl *> Defs;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    bool InMain = SM.isInMainFile(SM.getExpansionLoc(D->getLocation()));
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (!FD->doesThisDeclarationHaveABody())
        continue;
      if (FD->getIdentifier())
        Defs[FD->getName()] = FD;
      if (InMain)
        Roots.push_back(FD);
    } else if (const auto *VD = dyn_cast<VarDecl>(D)) {
      if (InMain && VD->hasInit())
        collectStructCallbacks(VD->getInit(), TU);
    }
  }
  std::vector<PendingWorkItem> Pending = collectRegistrations(TU, Defs);
  llvm::StringMap<const Callback *> ByName;
  for (const Callback &C : Lookup.model().callbacks())
    for (const std::string &N : C.Names)
      ByName.try_emplace(N, &C);
  auto OnRegistration = [&](const FunctionDecl *FD, const Callback &C,
                            SourceLocation Loc, const CallExpr *CE) {
    addHint(FD, C, Loc, TU);
    if (CE && C.WorkItem && *C.WorkItem < CE->getNumArgs())
      Out.Hints.back().WorkItem = storageName(CE->getArg(*C.WorkItem), SM);
  };
  RegistrationCalls Calls(ByName, Lookup.model().callbacks(), OnRegistration);
  for (const FunctionDecl *Root : Roots)
    Calls.TraverseStmt(const_cast<Stmt *>(Root->getBody()));
  collectWorkQueues(Roots, Pending, TU, Out);

  std::vector<std::unique_ptr<FunctionSummary>> Owned;
  for (const FunctionDecl *FD : calleesFirst(Roots)) {
    Owned.push_back(std::make_unique<FunctionSummary>(analyzeFunction(FD, TU)));
    TU.Summaries[FD] = Owned.back().get();
  }
  for (auto &S : Owned)
    Out.Functions.push_back(std::move(*S));
}

} // namespace

std::unique_ptr<ASTConsumer>
SummarizeAction::CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) {
  return std::make_unique<SummarizeConsumer>(CI, Model, Out);
}

} // namespace kharden
