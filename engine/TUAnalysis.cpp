#include "engine/TUAnalysis.h"

#include "engine/BoundThreads.h"
#include "engine/CallbackSequences.h"
#include "engine/FunctionAnalysis.h"
#include "engine/PointerFlows.h"
#include "engine/StateCallbacks.h"
#include "engine/WorkQueues.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SetVector.h"

#include <set>

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

class SummarizeConsumer : public ASTConsumer {
public:
  SummarizeConsumer(CompilerInstance &CI, const KernelModel &Model,
                    TUSummary &Out, const CrossFileImports *Imports)
      : CI(CI), Lookup(Model), Out(Out), Imports(Imports) {
    auto Recorder =
        std::make_unique<ExpansionRecorder>(CI.getPreprocessor(), Lookup);
    Expansions = Recorder.get();
    CI.getPreprocessor().addPPCallbacks(std::move(Recorder));
    auto Locks = std::make_unique<DeclaredLocks>(CI.getPreprocessor(),
                                                 Model.lockAnnotations());
    Declared = Locks.get();
    CI.getPreprocessor().addPPCallbacks(std::move(Locks));
  }

  void HandleTranslationUnit(ASTContext &Ctx) override;

private:
  std::vector<const FunctionDecl *> callees(const FunctionDecl *FD) {
    std::vector<const FunctionDecl *> Found;
    CalleeCollector(Lookup, Found)
        .TraverseStmt(const_cast<Stmt *>(FD->getBody()));
    return Found;
  }
  using Edges =
      llvm::DenseMap<const FunctionDecl *, std::vector<const FunctionDecl *>>;
  /// Every function reachable from Roots through Calls, each after the
  /// ones it reaches (but in cycles).
  std::vector<const FunctionDecl *>
  calleesFirst(llvm::ArrayRef<const FunctionDecl *> Roots, const Edges &Calls);
  /// Returns the work items to name: registrations' macro arguments.
  std::vector<PendingWorkItem>
  collectRegistrations(TUContext &TU,
                       const llvm::StringMap<const FunctionDecl *> &Named);
  void addHint(const FunctionDecl *FD, const Callback &C, SourceLocation Loc,
               TUContext &TU);
  /// The separate image (kernel model) whose macro the compile command
  /// defines, or "" for the kernel.
  std::string separateImage() const;

  CompilerInstance &CI;
  PrimitiveLookup Lookup;
  TUSummary &Out;
  const CrossFileImports *Imports;
  ExpansionRecorder *Expansions = nullptr;
  DeclaredLocks *Declared = nullptr;
};

std::vector<const FunctionDecl *>
SummarizeConsumer::calleesFirst(llvm::ArrayRef<const FunctionDecl *> Roots,
                                const Edges &Calls) {
  std::vector<const FunctionDecl *> Order;
  llvm::DenseSet<const FunctionDecl *> Seen;
  // Iterative depth-first search: kernel call chains can be deep.
  struct Frame {
    const FunctionDecl *FD;
    const std::vector<const FunctionDecl *> &Callees;
    size_t Next = 0;
  };
  for (const FunctionDecl *Root : Roots) {
    if (!Seen.insert(Root).second)
      continue;
    std::vector<Frame> Stack;
    Stack.push_back({Root, Calls.find(Root)->second});
    while (!Stack.empty()) {
      Frame &Top = Stack.back();
      if (Top.Next < Top.Callees.size()) {
        const FunctionDecl *Callee = Top.Callees[Top.Next++];
        if (Seen.insert(Callee).second)
          Stack.push_back({Callee, Calls.find(Callee)->second});
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

std::string SummarizeConsumer::separateImage() const {
  for (const SeparateImage &I : Lookup.model().separateImages()) {
    bool Defined = false; // by the last -D or -U of the macro
    for (const auto &[Macro, Undefined] : CI.getPreprocessorOpts().Macros)
      if (llvm::StringRef(Macro).split('=').first == I.Macro)
        Defined = !Undefined;
    if (Defined)
      return I.Name;
  }
  return "";
}

std::vector<PendingWorkItem> SummarizeConsumer::collectRegistrations(
    TUContext &TU, const llvm::StringMap<const FunctionDecl *> &Named) {
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
      auto It = Named.find(llvm::StringRef(R->Args[Arg]).trim());
      if (It == Named.end())
        continue;
      addHint(It->second, C, SourceLocation::getFromRawEncoding(Loc), TU);
      if (C.WorkItem && *C.WorkItem < R->Args.size())
        Pending.push_back({R->ArgRanges[*C.WorkItem], R->Args[*C.WorkItem],
                           Out.Hints.size() - 1});
    }
  }
  return Pending;
}

/// Adds the keys of Functions to Keys, which stay sorted and unique.
static void addKeys(std::vector<std::string> &Keys,
                    const llvm::DenseSet<const FunctionDecl *> &Functions,
                    const TUContext &TU) {
  std::set<std::string> All(Keys.begin(), Keys.end());
  for (const FunctionDecl *F : Functions)
    All.insert(TU.keyOf(F));
  Keys.assign(All.begin(), All.end());
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
  TU.Image = separateImage();
  TU.Declared = Declared;
  llvm::StringSet<> RunLatches;
  if (Imports && !Imports->Digest.empty()) {
    TU.Imports = Imports;
    Out.ImportsDigest = Imports->Digest;
    RunLatches.insert(Imports->Latches.begin(), Imports->Latches.end());
  }
  PointerFlows Pointers(TU);
  TU.Pointers = &Pointers;
  UnitFlags Flags = findLatches(
      Ctx, [&](llvm::StringRef R) { return Lookup.model().isOptionTable(R); },
      RunLatches);
  TU.Latched = std::move(Flags.Latched);

  std::vector<const FunctionDecl *> Roots;
  // What a registration macro may name: the file's functions, and those
  // another file defines (resctrl's INIT_DELAYED_WORK() in rdtgroup.c names
  // mbm_handle_overflow() of monitor.c).
  llvm::StringMap<const FunctionDecl *> Named;
  std::vector<const VarDecl *> Tables;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    bool InMain = SM.isInMainFile(SM.getExpansionLoc(D->getLocation()));
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      bool Body = FD->doesThisDeclarationHaveABody();
      if (FD->getIdentifier() && (Body || FD->isExternallyVisible()))
        Named[FD->getName()] = FD;
      if (Body && InMain)
        Roots.push_back(FD);
    } else if (const auto *VD = dyn_cast<VarDecl>(D)) {
      // A header's table matters where the file uses it.
      if (VD->hasInit() && (InMain || VD->isReferenced()))
        Pointers.collectInit(VD, Roots);
      if (VD->hasInit() && InMain)
        Tables.push_back(VD);
    }
  }
  std::vector<PendingWorkItem> Pending = collectRegistrations(TU, Named);
  collectWorkQueues(Roots, Pending, TU, Out);
  collectStateCallbacks(Roots, TU, Out);
  collectBoundThreads(Roots, TU, Out);

  // What the file defines, what that calls, and the functions it stores in
  // pointers (whose callers may be in other files).
  Edges Calls;
  llvm::SetVector<const FunctionDecl *, std::vector<const FunctionDecl *>>
      Reached(Roots.begin(), Roots.end());
  for (size_t I = 0; I < Reached.size(); ++I) {
    const FunctionDecl *FD = Reached[I];
    std::vector<const FunctionDecl *> Next = callees(FD);
    Pointers.collectBody(FD, Next);
    Reached.insert(Next.begin(), Next.end());
    Calls[FD] = std::move(Next);
  }
  // The file's targets of its calls through pointers come before the
  // calls, so that their exits are known there.
  Pointers.solve();
  for (auto &[FD, Callees] : Calls)
    Pointers.targetsCalledBy(FD, Callees);

  std::vector<std::unique_ptr<FunctionSummary>> Owned;
  llvm::DenseMap<const FunctionDecl *, FunctionSummary *> Mine;
  for (const FunctionDecl *FD : calleesFirst(Reached.getArrayRef(), Calls)) {
    Owned.push_back(std::make_unique<FunctionSummary>(analyzeFunction(FD, TU)));
    TU.Summaries[FD] = Mine[FD] = Owned.back().get();
  }
  addCallbackSequences(Tables, TU, Mine);
  for (auto &S : Owned)
    Out.Functions.push_back(std::move(*S));
  // A file with several compile commands is summarised into one Out, each
  // command adding to what the others found.
  llvm::append_range(Out.Flows, Pointers.takeFlows());
  addKeys(Out.BitsAsked, TU.BitsAsked, TU);
  addKeys(Out.LocksDeclared, TU.LocksDeclared, TU);
  for (const auto &Tested : TU.FlagsTested)
    Flags.Uses.push_back({Tested.getKey().str(), false, false, false, true});
  addFlagUses(Out.FlagUses, Flags.Uses);
}

} // namespace

std::unique_ptr<ASTConsumer>
SummarizeAction::CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) {
  return std::make_unique<SummarizeConsumer>(CI, Model, Out, Imports);
}

} // namespace kharden
