#include "engine/WorkQueues.h"

#include "engine/IntegerBits.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace kharden {

/// A global variable's name as every file says it; "" for a local.
static StorageName globalName(const VarDecl *VD, const SourceManager &SM) {
  if (!VD->hasGlobalStorage() || VD->isStaticLocal())
    return "";
  if (VD->getStorageClass() != SC_Static)
    return VD->getName().str();
  return (llvm::sys::path::filename(SM.getFilename(
              SM.getExpansionLoc(VD->getLocation()))) +
          "@" + VD->getName())
      .str();
}

StorageName storageName(const Expr *E, const SourceManager &SM) {
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    const RecordDecl *RD = F ? F->getParent() : nullptr;
    if (!RD || !RD->getIdentifier())
      return "";
    return ("struct " + RD->getName() + "." + F->getName()).str();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD ? globalName(VD, SM) : "";
}

namespace {

class QueueScanner : public RecursiveASTVisitor<QueueScanner> {
public:
  QueueScanner(const TUContext &TU, llvm::ArrayRef<PendingWorkItem> Pending,
               TUSummary &Out)
      : TU(TU), SM(TU.sourceManager()), Model(TU.Lookup.model().workqueues()),
        Pending(Pending), Out(Out) {
    UnboundBit = enumValue(Model.UnboundFlag);
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F || !F->getIdentifier())
      return true;
    if (const QueueCall *Q = TU.Lookup.model().findQueueCall(F->getName());
        Q && Q->Work < CE->getNumArgs()) {
      StorageName Queue;
      if (Q->Queue && *Q->Queue < CE->getNumArgs()) {
        Queue = storageName(CE->getArg(*Q->Queue), SM);
        if (Queue.empty())
          Queue = "?";
      }
      StorageName Work = storageName(CE->getArg(Q->Work), SM);
      if (!Work.empty())
        Out.Queueings.push_back({Work, Queue, TU.point(CE->getBeginLoc())});
    }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    const auto *CE = dyn_cast<CallExpr>(BO->getRHS()->IgnoreParenCasts());
    const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
    if (BO->getOpcode() != BO_Assign || !F || !F->getIdentifier() ||
        !llvm::is_contained(Model.Allocators, F->getName()) ||
        CE->getNumArgs() < 2)
      return true;
    StorageName Queue = storageName(BO->getLHS(), SM);
    if (!Queue.empty())
      Out.Allocations.push_back(
          {Queue, unbound(CE->getArg(1)), TU.point(CE->getBeginLoc())});
    return true;
  }

  bool VisitExpr(Expr *E) {
    SourceLocation B = SM.getSpellingLoc(E->getBeginLoc());
    SourceLocation End = SM.getSpellingLoc(E->getEndLoc());
    for (const PendingWorkItem &P : Pending)
      if (B == P.Arg.getBegin() && End == P.Arg.getEnd() &&
          Out.Hints[P.Hint].WorkItem.empty())
        Out.Hints[P.Hint].WorkItem = storageName(E, SM);
    return true;
  }

private:
  /// Whether flags has the unbound flag set: known from its constants.
  std::optional<bool> unbound(const Expr *Flags) const {
    if (!UnboundBit)
      return std::nullopt;
    KnownBits B = knownBits(
        Flags, TU.AST, [](const Expr *, unsigned) { return KnownBits{}; });
    if (B.One & *UnboundBit)
      return true;
    if ((B.Zero & *UnboundBit) == *UnboundBit)
      return false;
    return std::nullopt;
  }

  /// An enumerator's value, looked up by name in the translation unit.
  std::optional<uint64_t> enumValue(llvm::StringRef Name) const {
    if (Name.empty())
      return std::nullopt;
    auto Found = TU.AST.getTranslationUnitDecl()->lookup(
        &TU.AST.Idents.get(Name));
    for (const NamedDecl *D : Found)
      if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
        return EC->getInitVal().getZExtValue();
    return std::nullopt;
  }

  const TUContext &TU;
  const SourceManager &SM;
  const Workqueues &Model;
  llvm::ArrayRef<PendingWorkItem> Pending;
  TUSummary &Out;
  std::optional<uint64_t> UnboundBit;
};

} // namespace

void collectWorkQueues(llvm::ArrayRef<const FunctionDecl *> Roots,
                       llvm::ArrayRef<PendingWorkItem> Pending,
                       const TUContext &TU, TUSummary &Out) {
  // DECLARE_WORK(name, f) names its work item by declaring it.
  for (const PendingWorkItem &P : Pending) {
    llvm::StringRef Name = llvm::StringRef(P.Text).trim();
    if (!isValidAsciiIdentifier(Name))
      continue;
    auto Found =
        TU.AST.getTranslationUnitDecl()->lookup(&TU.AST.Idents.get(Name));
    for (const NamedDecl *D : Found)
      if (const auto *VD = dyn_cast<VarDecl>(D))
        Out.Hints[P.Hint].WorkItem = globalName(VD, TU.sourceManager());
  }
  QueueScanner Scanner(TU, Pending, Out);
  for (const FunctionDecl *FD : Roots)
    Scanner.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
}

} // namespace kharden
