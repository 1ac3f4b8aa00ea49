#include "engine/BoundThreads.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace kharden {
namespace {

class BindScanner : public RecursiveASTVisitor<BindScanner> {
public:
  BindScanner(const BoundThread &Model, TUContext &TU, TUSummary &Out)
      : Model(Model), TU(TU), Out(Out) {
    Creates.add(Model.Creates.Names);
    Binds.add(Model.Binds.Names);
  }

  void scan(const FunctionDecl *FD) {
    Created.clear();
    TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (const Expr *Init = VD->getInit())
      created(VD->getName(), Init);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      if (std::optional<std::string> Place = placeOf(BO->getLHS()))
        created(*Place, BO->getRHS());
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    unsigned Task = Model.Binds.Argument;
    if (Task >= CE->getNumArgs() || !Binds.contains(writtenName(CE)))
      return true;
    std::optional<std::string> Place = placeOf(CE->getArg(Task));
    auto It = Place ? Created.find(*Place) : Created.end();
    if (It != Created.end())
      bound(It->second, CE);
    return true;
  }

private:
  struct Creation {
    const FunctionDecl *Function;
    SourcePoint At;
  };

  /// The name a call is written with where the code calls it: the macro
  /// (`kthread_create`, `kthread_run`) or the function.
  llvm::StringRef writtenName(const CallExpr *CE) const {
    const SourceManager &SM = TU.sourceManager();
    SourceLocation At = SM.getFileLoc(CE->getBeginLoc());
    return Lexer::getSourceText(CharSourceRange::getTokenRange(At), SM,
                                TU.AST.getLangOpts());
  }

  /// A variable, or a chain of members of one, as the code writes it.
  std::optional<std::string> placeOf(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return isa<VarDecl>(DRE->getDecl())
                 ? std::optional(DRE->getDecl()->getNameAsString())
                 : std::nullopt;
    const auto *ME = dyn_cast<MemberExpr>(E);
    if (!ME)
      return std::nullopt;
    std::optional<std::string> Base = placeOf(ME->getBase());
    if (!Base)
      return std::nullopt;
    return *Base + (ME->isArrow() ? "->" : ".") +
           ME->getMemberDecl()->getNameAsString();
  }

  /// Records that Place holds the task Value creates, if it creates one.
  void created(llvm::StringRef Place, const Expr *Value) {
    const auto *CE = dyn_cast<CallExpr>(Value->IgnoreParenImpCasts());
    unsigned Function = Model.Creates.Argument;
    if (!CE || Function >= CE->getNumArgs() ||
        !Creates.contains(writtenName(CE))) {
      Created.erase(Place); // another value: what it held is gone
      return;
    }
    if (const FunctionDecl *FD = namedFunction(CE->getArg(Function)))
      Created[Place] = {FD, TU.point(CE->getBeginLoc())};
  }

  void bound(const Creation &C, const CallExpr *Bind) {
    EntryHint H;
    H.FunctionKey = TU.keyOf(C.Function);
    H.FunctionName = C.Function->getNameAsString();
    H.Context = Model.Context;
    H.Why = {TU.point(Bind->getBeginLoc()),
             "'" + H.FunctionName + "' " + Model.Reason};
    for (EntryHint &Registered : Out.Hints)
      if (Registered.FunctionKey == H.FunctionKey &&
          Registered.Why.Where == C.At) {
        Registered.Context = H.Context;
        Registered.Why = H.Why;
        return;
      }
    Out.Hints.push_back(std::move(H));
  }

  const BoundThread &Model;
  TUContext &TU;
  TUSummary &Out;
  NameSet Creates, Binds;
  llvm::StringMap<Creation> Created;
};

} // namespace

void collectBoundThreads(llvm::ArrayRef<const FunctionDecl *> Roots,
                         TUContext &TU, TUSummary &Out) {
  for (const BoundThread &Model : TU.Lookup.model().boundThreads()) {
    BindScanner Scanner(Model, TU, Out);
    for (const FunctionDecl *FD : Roots)
      Scanner.scan(FD);
  }
}

} // namespace kharden
