#include "findings/Output.h"
#include "findings/SourceFiles.h"

#include "clang/Basic/Sarif.h"

using namespace clang;

namespace kharden {

static SarifResultLevel levelOf(Severity S) {
  switch (S) {
  case Severity::Note: return SarifResultLevel::Note;
  case Severity::Warning: return SarifResultLevel::Warning;
  case Severity::Error: return SarifResultLevel::Error;
  }
  llvm_unreachable("unknown severity");
}

llvm::json::Array *sarifResults(llvm::json::Value &Doc) {
  llvm::json::Object *Root = Doc.getAsObject();
  llvm::json::Array *Runs = Root ? Root->getArray("runs") : nullptr;
  llvm::json::Object *Run =
      Runs && !Runs->empty() ? Runs->front().getAsObject() : nullptr;
  return Run ? Run->getArray("results") : nullptr;
}

/// Clang's SarifResult has no property bag: the consequence goes into the
/// written results, Classes[i] for results[i].
static void addConsequences(llvm::json::Value &Doc,
                            llvm::ArrayRef<llvm::StringRef> Classes) {
  llvm::json::Array *Results = sarifResults(Doc);
  if (!Results || Results->size() != Classes.size())
    return;
  for (size_t I = 0; I < Classes.size(); ++I)
    if (llvm::json::Object *R = (*Results)[I].getAsObject();
        R && !Classes[I].empty())
      (*R)["properties"] = llvm::json::Object{{"consequence", Classes[I]}};
}

llvm::json::Value findingsToSarif(llvm::ArrayRef<Finding> Findings,
                                  const RunInfo &Run) {
  SourceFiles Files;
  SarifDocumentWriter Writer(Files.sourceManager());
  Writer.createRun("kharden", "kharden kernel hardening checks", "0.1.0");
  llvm::StringMap<size_t> Rules;
  std::vector<llvm::StringRef> Classes; ///< Of each result written.
  for (const auto &[Name, Summary] : Run.Rules)
    Rules[Name] = Writer.createRule(SarifRule::create()
                                        .setRuleId(Name)
                                        .setName(Name)
                                        .setDescription(Summary));
  for (const Finding &F : Findings) {
    auto Rule = Rules.find(F.Check);
    if (Rule == Rules.end())
      continue;
    SarifResult R =
        SarifResult::create(Rule->second)
            .setRuleId(F.Check)
            .setDiagnosticMessage(F.Message)
            .setDiagnosticLevel(levelOf(F.Level));
    CharSourceRange Where = Files.tokenRange(F.Where);
    if (Where.isValid())
      R = R.setLocations({Where});
    // The notes are the path to the finding: a SARIF code flow.
    llvm::SmallVector<ThreadFlow, 8> Flow;
    for (const Note &N : F.Notes) {
      CharSourceRange NoteRange = Files.tokenRange(N.Where);
      if (NoteRange.isValid())
        Flow.push_back(ThreadFlow::create()
                           .setRange(NoteRange)
                           .setImportance(ThreadFlowImportance::Important)
                           .setMessage(N.Message));
    }
    if (Where.isValid())
      Flow.push_back(ThreadFlow::create()
                         .setRange(Where)
                         .setImportance(ThreadFlowImportance::Essential)
                         .setMessage(F.Message));
    if (!Flow.empty())
      R = R.setThreadFlows(Flow);
    Writer.appendResult(R);
    Classes.push_back(F.Consequence);
  }
  Writer.endRun();
  llvm::json::Value Doc = Writer.createDocument();
  addConsequences(Doc, Classes);
  return Doc;
}

} // namespace kharden
