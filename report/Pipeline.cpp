#include "report/Pipeline.h"

#include "ci/PathGlob.h"
#include "frontend/Analyzer.h"
#include "frontend/Results.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"

using namespace llvm;

namespace kharden {

Expected<AnalysedTree> analyseTree(const InputRequest &Req,
                                   const CommandTail &Tail,
                                   std::shared_ptr<const KernelModel> Model,
                                   unsigned Jobs) {
  auto In = collectInputs(Req, Tail);
  if (!In)
    return In.takeError();
  std::vector<TUResult> Results(In->Files.size());
  std::vector<TUResult *> Work;
  for (size_t I = 0; I < Results.size(); ++I) {
    Results[I].File = In->Files[I];
    Work.push_back(&Results[I]);
  }
  unsigned Parallel =
      Jobs ? Jobs : hardware_concurrency().compute_thread_count();
  analyzeFiles(*In->DB, Work, *Model, KHARDEN_CLANG_RESOURCE_DIR, Parallel,
               [](TUResult &) {});
  AnalysedTree Tree;
  Tree.Solved = std::make_unique<Program>(Model);
  for (TUResult &R : Results) {
    Tree.Inputs.push_back(R.File);
    if (R.Errors || !R.Ran) {
      Tree.Incomplete.push_back(R.File);
      warnIncomplete(R);
    }
    Tree.Solved->add(std::move(R.Summary));
  }
  Tree.Solved->solve();
  for (std::string &F : In->DB->getAllFiles())
    if (!llvm::is_contained(Tree.Inputs, F))
      Tree.Outside.push_back(std::move(F));
  llvm::sort(Tree.Outside);
  return Tree;
}

static bool namesToken(StringRef Text, StringRef Identifier) {
  auto IdChar = [](char C) { return isAlnum(C) || C == '_'; };
  for (size_t At = Text.find(Identifier); At != StringRef::npos;
       At = Text.find(Identifier, At + 1)) {
    size_t End = At + Identifier.size();
    if ((At == 0 || !IdChar(Text[At - 1])) &&
        (End == Text.size() || !IdChar(Text[End])))
      return true;
  }
  return false;
}

std::vector<std::string> filesNaming(const AnalysedTree &Tree,
                                     StringRef Identifier, size_t Max) {
  std::vector<std::string> Out;
  std::string Root = treeRoot(Tree.Inputs);
  for (const std::string &F : Tree.Outside) {
    auto Buffer = MemoryBuffer::getFile(F);
    if (Buffer && namesToken((*Buffer)->getBuffer(), Identifier))
      Out.push_back(underRoot(Root, F));
    if (Out.size() == Max)
      break;
  }
  return Out;
}

std::string treeRoot(ArrayRef<std::string> Inputs) {
  if (Inputs.empty())
    return "";
  SmallString<256> Dir(sys::path::parent_path(Inputs.front()));
  for (SmallString<256> Up = Dir; !Up.empty();
       Up = sys::path::parent_path(Up)) {
    SmallString<256> Maintainers(Up), Kbuild(Up);
    sys::path::append(Maintainers, "MAINTAINERS");
    sys::path::append(Kbuild, "Kbuild");
    if (sys::fs::exists(Maintainers) && sys::fs::exists(Kbuild))
      return std::string(Up);
    if (Up == sys::path::root_path(Up))
      break;
  }
  // Not a kernel tree: the inputs' common directory.
  std::string Common(Dir);
  for (const std::string &F : Inputs.drop_front())
    while (!Common.empty() && !StringRef(F).starts_with(Common + "/"))
      Common = sys::path::parent_path(Common).str();
  return Common;
}

std::string underRoot(StringRef Root, StringRef Path) {
  return relativeTo(Path, Root).value_or(Path).str();
}

} // namespace kharden
