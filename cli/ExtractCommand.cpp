#include "cli/Commands.h"

#include "cli/CommonOptions.h"
#include "cli/TreeOptions.h"
#include "extract/SchemeExtraction.h"
#include "frontend/Results.h"
#include "report/Pipeline.h"
#include "support/ExitCodes.h"
#include "support/InputError.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace llvm;

namespace kharden {

cl::SubCommand &extractSubcommand() {
  static cl::SubCommand Cmd(
      "extract", "Derive the tree's stack-offset scheme from its code, as a "
                 "scheme file whose fields name their source");
  return Cmd;
}

cl::OptionCategory &extractCategory() {
  static cl::OptionCategory Category("kharden extract options");
  return Category;
}

namespace {

#define EXTRACT_OPTION cl::sub(extractSubcommand()), cl::cat(extractCategory())

enum class ExtractFormat { Yaml, Json };

cl::opt<std::string> Output("o", cl::desc("Write the scheme to FILE"),
                            cl::value_desc("file"), EXTRACT_OPTION);
cl::opt<ExtractFormat> Format(
    "format", cl::desc("Output format"), cl::init(ExtractFormat::Yaml),
    cl::values(clEnumValN(ExtractFormat::Yaml, "yaml",
                          "a scheme file (docs/models/scheme-format.md) with "
                          "each field's source as comments"),
               clEnumValN(ExtractFormat::Json, "json",
                          "the fields with their evidence and locations")),
    EXTRACT_OPTION);

#undef EXTRACT_OPTION

} // namespace

int runExtractCommand(const CommandTail &Tail) {
  auto Model = loadKernelModel(analysisOptions().PrimitiveFiles);
  if (!Model) {
    reportErrors(Model.takeError());
    return ExitUsage;
  }
  auto Tree = analyseTree(treeRequest("kharden extract"), Tail, *Model, treeJobs());
  if (!Tree) {
    reportErrors(Tree.takeError());
    return ExitUsage;
  }
  std::vector<ExtractedScheme> Schemes = extractStackOffsetSchemes(
      *Tree->Solved,
      [&](StringRef Function) { return filesNaming(*Tree, Function); });
  if (Schemes.empty()) {
    reportWarning("the analysed files use no stack-offset consume macro ('" +
                  llvm::join((*Model)->stackOffset().Consume, "', '") + "')");
    return ExitUndecided;
  }
  std::error_code EC;
  ToolOutputFile Out(Output.empty() ? std::string("-") : std::string(Output),
                     EC, sys::fs::OF_Text);
  if (EC) {
    reportErrors(make_error<InputError>(Output, EC.message()));
    return ExitUsage;
  }
  bool Complete = true;
  for (const ExtractedScheme &S : Schemes) {
    Complete &= S.complete();
    if (Format == ExtractFormat::Yaml)
      writeExtractedScheme(Out.os(), S);
    else
      Out.os() << formatv("{0:2}", extractedToJson(S)) << '\n';
  }
  Out.keep();
  if (!Complete)
    reportWarning("some fields are unknown (written as 'unknown', with the "
                  "reason): the scheme cannot be proved as it stands");
  return Complete ? ExitClean : ExitUndecided;
}

} // namespace kharden
