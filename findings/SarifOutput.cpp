#include "findings/Output.h"
#include "findings/SourceFiles.h"

#include "clang/Basic/Sarif.h"

using namespace clang;

namespace kharden {

llvm::json::Value findingsToSarif(llvm::ArrayRef<Finding> Findings,
                                  const RunInfo &Run) {
  SourceFiles Files;
  SarifDocumentWriter Writer(Files.sourceManager());
  Writer.createRun("kharden", "kharden kernel hardening checks", "0.1.0");
  llvm::StringMap<size_t> Rules;
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
            .setDiagnosticLevel(F.Level == Severity::Warning
                                    ? SarifResultLevel::Warning
                                    : SarifResultLevel::Note);
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
  }
  Writer.endRun();
  return Writer.createDocument();
}

} // namespace kharden
