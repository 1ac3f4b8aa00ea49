#include "cli/TreeOptions.h"

#include "cli/Commands.h"

using namespace llvm;

namespace kharden {

cl::OptionCategory &treeCategory() {
  static cl::OptionCategory Category("Tree options (extract and report)");
  return Category;
}

namespace {

// Each option belongs to both subcommands.
#define TREE_OPTION                                                            \
  cl::sub(extractSubcommand()), cl::sub(reportSubcommand()),                   \
      cl::cat(treeCategory())

cl::list<std::string> Files(cl::Positional, cl::desc("<files...>"),
                            TREE_OPTION);
cl::opt<std::string> BuildDir("p",
                              cl::desc("Build directory with "
                                       "compile_commands.json; without files, "
                                       "every translation unit in it"),
                              cl::value_desc("build-dir"), TREE_OPTION);
cl::opt<unsigned> Jobs("j", cl::Prefix,
                       cl::desc("Analyse N translation units at once"),
                       cl::value_desc("N"), cl::init(0), TREE_OPTION);

#undef TREE_OPTION

} // namespace

InputRequest treeRequest(StringRef Command) {
  InputRequest Req;
  Req.Command = Command.str();
  Req.Files.assign(Files.begin(), Files.end());
  Req.BuildDir = BuildDir;
  return Req;
}

unsigned treeJobs() { return Jobs; }

} // namespace kharden
