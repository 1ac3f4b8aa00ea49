//===- support/CommandTail.h - compiler arguments after kharden's own ------===//
//
// Like clang-tidy, `kharden check FILES -- FLAGS` takes compiler flags after
// `--`. Under kbuild (`make C=2 CHECK="kharden check --kbuild"`) everything
// after `--kbuild` is the command line kbuild passes to a checker: sparse's
// flags, the compiler flags, the file. Neither may reach llvm::cl.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_SUPPORT_COMMANDTAIL_H
#define KHARDEN_SUPPORT_COMMANDTAIL_H

#include <string>
#include <vector>

namespace kharden {

struct CommandTail {
  enum class Kind { None, CompilerFlags, Kbuild };
  Kind TailKind = Kind::None;
  std::vector<std::string> Args;
};

/// Removes the tail (from `--` or `--kbuild`) from argv, adjusting Argc.
CommandTail splitCommandTail(int &Argc, const char **Argv);

} // namespace kharden

#endif
