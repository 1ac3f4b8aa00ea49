//===- frontend/OutputOptions.h - options kharden must not obey -----------===//
//
// A compile command comes from a compile_commands.json or from kbuild's
// command line, neither of which kharden controls. Analysis only parses, so
// every option that would make clang write a file (an object, a dependency
// file, serialized diagnostics, saved temporaries, a time trace, crash
// reproducers, a module cache), print dumps into kharden's report, or load
// code (plugins) is dropped before clang sees the command.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_FRONTEND_OUTPUTOPTIONS_H
#define KHARDEN_FRONTEND_OUTPUTOPTIONS_H

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace kharden {

/// Args (a compiler command, Args[0] the compiler) without its output and
/// plugin options, recognised by clang's own option table, so that every
/// spelling counts (`-o F`, `-oF`, `--output=F`; `-Wp,-MD,F`; cc1 options
/// passed with -Xclang, -Xpreprocessor or -Wp,).
std::vector<std::string> dropOutputOptions(llvm::ArrayRef<std::string> Args);

} // namespace kharden

#endif
