//===- frontend/Inputs.h - what a run analyses --------         -*- C++ -*-===//
//
// Files, `-p build-dir` (with --include/--exclude globs), `-- flags` or
// kbuild's CHECK command line, turned into a compilation database and the
// translation units to analyse: shared by check, extract and report.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_FRONTEND_INPUTS_H
#define KHARDEN_FRONTEND_INPUTS_H

#include "ci/SummaryStore.h"
#include "support/CommandTail.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace kharden {

struct InputRequest {
  std::string Command;            ///< For messages: "kharden check".
  std::vector<std::string> Files; ///< As given; none with -p means all.
  std::string BuildDir;           ///< -p, or empty.
  std::vector<std::string> Include, Exclude; ///< Path globs.
  /// --kbuild-report: the files kbuild checked into the summary database,
  /// with the commands kbuild ran (instead of files and -p).
  std::optional<std::vector<StoredCommand>> KbuildSet;
};

struct Inputs {
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  std::vector<std::string> Files; ///< Absolute, validated.
  /// Files of a whole-database run that are not C (assembler sources,
  /// which recent kernels' gen_compile_commands.py lists), skipped.
  size_t NotC = 0;
};

/// The database and files of Req and the command's tail; input errors name
/// the file and the reason. A file of the kbuild set that no longer exists
/// is left out with a warning.
llvm::Expected<Inputs> collectInputs(const InputRequest &Req,
                                     const CommandTail &Tail);

} // namespace kharden

#endif
