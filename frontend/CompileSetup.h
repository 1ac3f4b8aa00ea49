//===- frontend/CompileSetup.h - compile commands -----         -*- C++ -*-===//
//
// Turning what the user gave (files, `-- flags`, `-p build-dir`, or kbuild's
// CHECK command line) into one compile command per translation unit, with
// the kernel's own flags, adjusted for analysis.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_FRONTEND_COMPILESETUP_H
#define KHARDEN_FRONTEND_COMPILESETUP_H

#include "ci/ContentHash.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace kharden {

/// The compiler part of kbuild's `$(CHECK) $(CHECKFLAGS) $(c_flags) $<`.
struct KbuildCommand {
  std::vector<std::string> Flags;
  std::string File;
};

/// Drops sparse's CHECKFLAGS (everything before c_flags, which kbuild starts
/// with its -Wp,-MMD dependency flag; or, failing that, flags clang does not
/// know) and splits off the source file.
llvm::Expected<KbuildCommand>
parseKbuildCommand(llvm::ArrayRef<std::string> Args);

/// Whether Path is named as C source: .c, .h or .i.
bool hasCSourceName(llvm::StringRef Path);

/// Fails unless Path is a readable C source file (not missing, not a
/// directory, not binary, with a C extension).
llvm::Error validateSourceFile(llvm::StringRef Path);

/// Loads BuildDir/compile_commands.json, with one-line errors for a missing,
/// empty or malformed database.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompilationDatabase(llvm::StringRef BuildDir);
/// The same for the text of one (Path names it in messages).
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
parseCompilationDatabase(llvm::StringRef Text, llvm::StringRef Path);

/// Every source file of DB, sorted, as its entries name it (getAllFiles()
/// would turn a backslash in a name into '/').
std::vector<std::string>
allSourceFiles(const clang::tooling::CompilationDatabase &DB);

/// Adjusts kernel compile commands for analysis: syntax only, no option
/// that writes a file or loads code (dropOutputOptions()), no warnings (the
/// kernel's own -Werror= included), clang's builtin headers from ResourceDir.
clang::tooling::ArgumentsAdjuster analysisAdjuster(std::string ResourceDir);

/// Args with the relative files the compiler opens from the process's own
/// working directory, not the tool's (-frandomize-layout-seed-file=, which
/// allmodconfig's RANDSTRUCT passes as ./scripts/basic/randstruct.seed),
/// made absolute against the command's Directory.
clang::tooling::CommandLineArguments
withDirectoryPaths(clang::tooling::CommandLineArguments Args,
                   llvm::StringRef Directory);

/// What File is compiled with, as a stored summary's key: every command DB
/// has for it, after analysisAdjuster(), with its absolute directory.
ContentHash commandKey(const clang::tooling::CompilationDatabase &DB,
                       llvm::StringRef File, const std::string &ResourceDir);

} // namespace kharden

#endif
