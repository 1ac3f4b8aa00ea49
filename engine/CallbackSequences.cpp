#include "engine/CallbackSequences.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace kharden {

void addCallbackSequences(
    llvm::ArrayRef<const VarDecl *> Tables, const TUContext &TU,
    const llvm::DenseMap<const FunctionDecl *, FunctionSummary *> &Summaries) {
  const std::vector<CallbackSequence> &Sequences =
      TU.Lookup.model().callbackSequences();
  for (const VarDecl *VD : Tables) {
    const RecordDecl *RD = VD->getType()->getAsRecordDecl();
    const auto *IL = dyn_cast_or_null<InitListExpr>(
        VD->getInit() ? VD->getInit()->IgnoreParens() : nullptr);
    if (!RD || !RD->getIdentifier() || !IL)
      continue;
    for (const CallbackSequence &S : Sequences) {
      if (RD->getName() != S.Struct)
        continue;
      // The function each field holds, and where the table stores it.
      llvm::StringMap<std::pair<const FunctionDecl *, SourceLocation>> Held;
      forEachFieldInit(RD, semanticForm(IL),
                       [&](const FieldDecl *Field, const Expr *Init) {
                         if (const FunctionDecl *F = namedFunction(Init))
                           Held[Field->getName()] = {F, Init->getBeginLoc()};
                       });
      auto First = Held.find(S.First);
      const FunctionDecl *Def =
          First == Held.end() ? nullptr : First->second.first->getDefinition();
      auto Summary = Def ? Summaries.find(Def) : Summaries.end();
      if (Summary == Summaries.end())
        continue;
      FunctionSummary &From = *Summary->second;
      for (const std::string &Then : S.Then) {
        auto Later = Held.find(Then);
        if (Later == Held.end())
          continue;
        const FunctionDecl *To = Later->second.first;
        CallSite C;
        C.CalleeKey = TU.keyOf(To);
        C.CalleeName = To->getName();
        C.Where = TU.point(Later->second.second);
        C.States = From.ExitStates;
        C.After = true;
        From.Calls.push_back(std::move(C));
      }
    }
  }
}

} // namespace kharden
