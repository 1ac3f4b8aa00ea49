//===- driver/main.cpp - the kharden executable ---------------------------===//
//
// One executable, one llvm::cl::SubCommand per job. Each subcommand lives
// in cli/, which reads its options into values for the code it drives;
// this file only dispatches.
//
//===----------------------------------------------------------------------===//
#include "cli/CheckCommand.h"
#include "cli/Commands.h"
#include "cli/CommonOptions.h"
#include "cli/MergeCommand.h"
#include "cli/ProveCommand.h"
#include "cli/TreeOptions.h"
#include "support/CommandTail.h"
#include "support/ExitCodes.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static void printVersion(raw_ostream &OS) {
  OS << "kharden " KHARDEN_VERSION " (LLVM " LLVM_VERSION_STRING ")\n";
}

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  kharden::CommandTail Tail = kharden::splitCommandTail(Argc, Argv);

  cl::SetVersionPrinter(printVersion);
  cl::HideUnrelatedOptions({&kharden::checkCategory(),
                            &kharden::commonCategory(),
                            &kharden::mergeCategory(),
                            &kharden::proveCategory(),
                            &kharden::extractCategory(),
                            &kharden::treeCategory(),
                            &kharden::reportCommandCategory()});
  if (!cl::ParseCommandLineOptions(
          Argc, Argv,
          "kharden: static checks and proofs for the Linux kernel's "
          "per-CPU, preemption and randomization code\n\n"
          "  kharden check [options] <files...> [-- <compiler flags>]\n"
          "  kharden merge [options] <shard databases...>\n"
          "  kharden prove [options]\n"
          "  kharden extract [options] <files...> [-- <compiler flags>]\n"
          "  kharden report [options] <files...> [-- <compiler flags>]\n",
          &errs()))
    return kharden::ExitUsage;

  if (kharden::checkSubcommand())
    return kharden::runCheckCommand(Tail);
  if (Tail.TailKind == kharden::CommandTail::Kind::Kbuild) {
    errs() << "kharden: error: '--kbuild' belongs to 'kharden check'\n";
    return kharden::ExitUsage;
  }
  if (kharden::extractSubcommand())
    return kharden::runExtractCommand(Tail);
  if (kharden::reportSubcommand())
    return kharden::runReportCommand(Tail);
  if (Tail.TailKind != kharden::CommandTail::Kind::None) {
    errs() << "kharden: error: '--' belongs to check, extract and report\n";
    return kharden::ExitUsage;
  }
  if (kharden::mergeSubcommand())
    return kharden::runMergeCommand();
  if (kharden::proveSubcommand())
    return kharden::runProveCommand();

  errs() << "kharden: error: no subcommand; try 'kharden --help'\n";
  return kharden::ExitUsage;
}
