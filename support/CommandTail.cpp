#include "support/CommandTail.h"

#include <cstring>

namespace kharden {

CommandTail splitCommandTail(int &Argc, const char **Argv) {
  CommandTail Tail;
  for (int I = 1; I < Argc; ++I) {
    bool Dashes = std::strcmp(Argv[I], "--") == 0;
    bool Kbuild = std::strcmp(Argv[I], "--kbuild") == 0;
    if (!Dashes && !Kbuild)
      continue;
    Tail.TailKind = Dashes ? CommandTail::Kind::CompilerFlags
                           : CommandTail::Kind::Kbuild;
    Tail.Args.assign(Argv + I + 1, Argv + Argc);
    Argc = I;
    break;
  }
  return Tail;
}

} // namespace kharden
