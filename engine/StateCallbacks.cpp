#include "engine/StateCallbacks.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <deque>

using namespace clang;

namespace kharden {
namespace {

/// What initializes member Path ("startup.single") of the object Init
/// initializes, in the semantic form of its initializer list; null if
/// nothing does.
const Expr *memberInit(const Expr *Init, llvm::StringRef Path) {
  llvm::SmallVector<llvm::StringRef, 4> Names;
  Path.split(Names, '.');
  for (llvm::StringRef Name : Names) {
    const auto *ILE = dyn_cast_or_null<InitListExpr>(Init->IgnoreImplicit());
    if (!ILE)
      return nullptr;
    if (ILE->isSyntacticForm() && ILE->getSemanticForm())
      ILE = ILE->getSemanticForm();
    const RecordDecl *RD = ILE->getType()->getAsRecordDecl();
    if (!RD)
      return nullptr;
    if (RD->isUnion()) {
      const FieldDecl *F = ILE->getInitializedFieldInUnion();
      if (!F || F->getName() != Name || ILE->getNumInits() == 0)
        return nullptr;
      Init = ILE->getInit(0);
      continue;
    }
    unsigned Index = 0;
    const FieldDecl *Found = nullptr;
    for (const FieldDecl *F : RD->fields()) {
      if (F->getName() == Name) {
        Found = F;
        break;
      }
      ++Index;
    }
    if (!Found || Index >= ILE->getNumInits())
      return nullptr;
    Init = ILE->getInit(Index);
  }
  return Init;
}

class StateCallbackScanner : public RecursiveASTVisitor<StateCallbackScanner> {
public:
  StateCallbackScanner(const StateCallbacks &Model, TUContext &TU,
                       TUSummary &Out)
      : Model(Model), TU(TU), Out(Out) {
    Enum = findEnum();
    for (const StateRegistration &R : Model.Registrations)
      Names.emplace_back().add(R.Names);
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Enum || !Callee || !Callee->getIdentifier())
      return true;
    for (size_t I = 0; I < Model.Registrations.size(); ++I) {
      const StateRegistration &R = Model.Registrations[I];
      if (!Names[I].contains(Callee->getName()) || R.State >= CE->getNumArgs())
        continue;
      Expr::EvalResult State;
      if (!CE->getArg(R.State)->EvaluateAsInt(State, TU.AST))
        continue;
      for (unsigned Arg : R.Arguments)
        if (Arg < CE->getNumArgs())
          addHint(namedFunction(CE->getArg(Arg)), State.Val.getInt(),
                  CE->getArg(Arg)->getBeginLoc());
    }
    return true;
  }

  /// The callbacks that entry I of a table holds in its Fields, by state I.
  void scanTable(const Expr *Init, const StateTable &T) {
    const auto *ILE = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
    if (!Enum || !ILE)
      return;
    if (ILE->isSyntacticForm() && ILE->getSemanticForm())
      ILE = ILE->getSemanticForm();
    for (unsigned I = 0; I < ILE->getNumInits(); ++I)
      for (const std::string &Field : T.Fields)
        if (const Expr *E = memberInit(ILE->getInit(I), Field))
          addHint(namedFunction(E), llvm::APSInt::get(I), E->getBeginLoc());
  }

  bool hasEnum() const { return Enum; }

private:
  const EnumDecl *findEnum() const {
    for (const StateSection &S : Model.Sections)
      if (const EnumConstantDecl *EC = enumerator(S.From))
        return dyn_cast<EnumDecl>(EC->getDeclContext());
    return nullptr;
  }

  /// Enumerator Name of the model's enum, looked up in the unit.
  const EnumConstantDecl *enumerator(llvm::StringRef Name) const {
    for (const NamedDecl *D :
         TU.AST.getTranslationUnitDecl()->lookup(&TU.AST.Idents.get(Name)))
      if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
        if (const auto *ED = dyn_cast<EnumDecl>(EC->getDeclContext());
            ED && ED->getName() == Model.Enum)
          return EC;
    return nullptr;
  }

  /// The section whose bounds' values enclose State (From <= State < Before).
  const StateSection *sectionOf(const llvm::APSInt &State) const {
    for (const StateSection &S : Model.Sections) {
      const EnumConstantDecl *From = enumerator(S.From);
      const EnumConstantDecl *Before = enumerator(S.Before);
      if (From && Before &&
          llvm::APSInt::compareValues(From->getInitVal(), State) <= 0 &&
          llvm::APSInt::compareValues(State, Before->getInitVal()) < 0)
        return &S;
    }
    return nullptr;
  }

  /// How the code names state State: its enum's first enumerator of that
  /// value (CPUHP_AP_ONLINE_DYN, not an alias defined from it).
  std::string stateName(const llvm::APSInt &State) const {
    for (const EnumConstantDecl *EC : Enum->enumerators())
      if (llvm::APSInt::compareValues(EC->getInitVal(), State) == 0)
        return EC->getNameAsString();
    return std::to_string(State.getExtValue());
  }

  void addHint(const FunctionDecl *FD, const llvm::APSInt &State,
               SourceLocation Loc) {
    const StateSection *S = FD ? sectionOf(State) : nullptr;
    if (!S)
      return;
    EntryHint H;
    H.FunctionKey = TU.keyOf(FD);
    H.FunctionName = FD->getNameAsString();
    H.Context = S->Context;
    H.Why = {TU.point(Loc), "'" + H.FunctionName + "' " + S->Reason + " ('" +
                                stateName(State) + "')"};
    Out.Hints.push_back(std::move(H));
  }

  const StateCallbacks &Model;
  TUContext &TU;
  TUSummary &Out;
  const EnumDecl *Enum = nullptr;
  std::deque<NameSet> Names; ///< Of each registration; never relocated.
};

} // namespace

void collectStateCallbacks(llvm::ArrayRef<const FunctionDecl *> Roots,
                           TUContext &TU, TUSummary &Out) {
  const SourceManager &SM = TU.sourceManager();
  for (const StateCallbacks &Model : TU.Lookup.model().stateCallbacks()) {
    StateCallbackScanner Scanner(Model, TU, Out);
    if (!Scanner.hasEnum())
      continue;
    for (const FunctionDecl *FD : Roots)
      Scanner.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
    for (const StateTable &T : Model.Tables)
      for (const NamedDecl *D : TU.AST.getTranslationUnitDecl()->lookup(
               &TU.AST.Idents.get(T.Variable)))
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (const Expr *Init = VD->getAnyInitializer();
              Init && SM.isInMainFile(SM.getExpansionLoc(VD->getLocation())))
            Scanner.scanTable(Init, T);
  }
}

} // namespace kharden
