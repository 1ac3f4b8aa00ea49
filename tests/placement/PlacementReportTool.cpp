// placement-report: evaluates module-placement scheme files and prints the
// report, for tests and for regenerating the figures in the docs; the
// product's entry point is `kharden prove`.
#include "models/placement/PlacementModel.h"
#include "models/placement/PlacementReport.h"
#include "models/placement/PlacementScheme.h"
#include "models/scheme/SchemeFile.h"
#include "support/ExitCodes.h"
#include "support/InputError.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace kharden;
using namespace kharden::placement;

static cl::list<std::string> Schemes(cl::Positional, cl::desc("<scheme>..."));
static cl::opt<std::string> Format("format", cl::init("text"),
                                   cl::desc("text, json, md, html or svg"));
static cl::opt<std::string> SmtDir("smt-dir", cl::desc("replay files"));
static cl::opt<unsigned> Threads("sim-threads", cl::init(0));
static cl::opt<double> MinBits("min-bits", cl::init(-1));
static cl::opt<int> Runs("runs", cl::init(0),
                         cl::desc("override simulation runs"));

int main(int Argc, char **Argv) {
  cl::ParseCommandLineOptions(Argc, Argv);
  std::vector<PlacementResult> Results;
  for (const std::string &Arg : Schemes) {
    Expected<std::string> Path = resolveSchemeArgument(Arg);
    if (!Path) {
      reportErrors(Path.takeError());
      return ExitUsage;
    }
    Expected<PlacementScheme> S = readPlacementScheme(*Path);
    if (!S) {
      reportErrors(S.takeError());
      return ExitUsage;
    }
    if (Runs > 0)
      S->Simulation.Runs = unsigned(Runs);
    ModelOptions O;
    O.Solver.SmtDir = SmtDir;
    O.Threads = Threads;
    if (MinBits >= 0)
      O.MinBits = MinBits;
    Results.push_back(evaluatePlacement(*S, O));
  }
  if (Format == "json") {
    json::Array A;
    for (const PlacementResult &R : Results)
      A.push_back(toJson(R));
    outs() << formatv("{0:2}", json::Value(std::move(A))) << "\n";
  } else if (Format == "md") {
    for (const PlacementResult &R : Results)
      printMarkdown(outs(), R);
  } else if (Format == "html") {
    printHtmlDocument(outs(), Results);
  } else if (Format == "svg") {
    for (const PlacementResult &R : Results)
      outs() << renderSvg(R);
  } else {
    for (const PlacementResult &R : Results) {
      printText(outs(), R);
      outs() << "  time: " << format("%.2f", R.Seconds) << " s\n";
    }
  }
  for (const PlacementResult &R : Results)
    if (!R.allProved())
      return ExitUndecided;
  return ExitClean;
}
