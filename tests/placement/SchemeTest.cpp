// Module-placement scheme files: the built-ins and corpus schemes read, and
// every malformed file in corpus/schemes/module-bad-*.yaml fails with the
// one-line error its `# expect-error:` header names.
#include "models/placement/PlacementScheme.h"
#include "models/scheme/SchemeFile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace kharden;
using namespace kharden::placement;

namespace {

std::string corpus(llvm::StringRef Name) {
  return std::string(KHARDEN_SOURCE_ROOT) + "/corpus/schemes/" + Name.str();
}

TEST(PlacementScheme, BuiltinsAreModulePlacementSchemes) {
  auto Files = builtinSchemeFiles("module-placement");
  ASSERT_TRUE(bool(Files));
  std::vector<std::string> Names;
  for (const std::string &F : *Files) {
    auto S = readPlacementScheme(F);
    ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
    Names.push_back(S->Name);
    EXPECT_EQ(llvm::sys::path::stem(F), S->Name) << "file named after scheme";
  }
  // Sorted by file name ("-v1.yaml" sorts before ".yaml").
  EXPECT_EQ(Names,
            (std::vector<std::string>{"module-arm64", "module-x86_64-mainline",
                                      "module-x86_64-per-module-rfc-v1",
                                      "module-x86_64-per-module-rfc"}));
}

TEST(PlacementScheme, X86Geometry) {
  auto S = readPlacementScheme(builtinSchemeDir() +
                               "/module-x86_64-per-module-rfc.yaml");
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  EXPECT_EQ(S->AreaStart, 0xffffffffc0000000ull);
  EXPECT_EQ(S->areaPages(), 258048u); // 1008 MiB
  // PAGE_ALIGN((MODULES_LEN / 3) * 2)
  EXPECT_EQ(S->randomAreaPages(), 172032u);
  EXPECT_EQ(S->Tries, 10000u);
  EXPECT_EQ(S->BaseFirst, 1u);
  EXPECT_EQ(S->BasePositions, 1024u);
  EXPECT_EQ(S->OnFailure, Fallback::FirstFit);
  // The kselftest distribution: 1219 sizes from 3 to 1221 pages, weighted
  // median 8 pages (the default "N-th module").
  EXPECT_EQ(S->Modules.Sizes.size(), 1219u);
  EXPECT_EQ(S->Modules.Sizes.front().Pages, 3u);
  EXPECT_EQ(S->Modules.Sizes.back().Pages, 1221u);
  EXPECT_EQ(S->Modules.ProbePages, 8u);

  auto V1 = readPlacementScheme(builtinSchemeDir() +
                                "/module-x86_64-per-module-rfc-v1.yaml");
  ASSERT_TRUE(bool(V1));
  EXPECT_EQ(V1->randomAreaPages(), 129024u); // MODULES_LEN / 2
  EXPECT_EQ(V1->Tries, 10u);
}

TEST(PlacementScheme, Arm64Geometry) {
  auto S = readPlacementScheme(builtinSchemeDir() + "/module-arm64.yaml");
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  EXPECT_EQ(S->Kind, Layout::KernelWindows);
  EXPECT_EQ(S->KernelImagePages, 10272u);
  EXPECT_EQ(S->windowPages(0), 32768u);
  EXPECT_EQ(S->windowPages(1), 524288u);
  EXPECT_EQ(S->OnFailure, Fallback::NextWindow);
}

TEST(PlacementScheme, SizesFileAndDefaults) {
  auto S = readPlacementScheme(corpus("module-mini-shared-base.yaml"));
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  ASSERT_EQ(S->Modules.Sizes.size(), 4u);
  EXPECT_EQ(S->Modules.Sizes[3].Pages, 4u);
  EXPECT_EQ(S->Modules.Sizes[3].Weight, 1u); // "4" alone: weight 1
  EXPECT_EQ(S->PageSize, 4096u);
  EXPECT_EQ(S->GuardPages, 1u);
  EXPECT_EQ(S->Simulation.Seed, 1u);
  EXPECT_EQ(S->Simulation.Runs, 200u);
  ASSERT_TRUE(S->Eval.MinBits.has_value());
  EXPECT_EQ(*S->Eval.MinBits, 3.5);
}

/// The message of reading Path, with the corpus directory removed.
std::string errorOf(const std::string &Path) {
  auto S = readPlacementScheme(Path);
  if (S)
    return "no error";
  std::string Msg = llvm::toString(S.takeError());
  std::string Dir = corpus("");
  for (size_t At; (At = Msg.find(Dir)) != std::string::npos;)
    Msg.erase(At, Dir.size());
  return Msg;
}

TEST(PlacementScheme, MalformedFilesGiveOneLineErrors) {
  std::error_code EC;
  unsigned Checked = 0;
  for (llvm::sys::fs::directory_iterator It(corpus(""), EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.starts_with("module-bad-") || !Name.ends_with(".yaml"))
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(It->path());
    ASSERT_TRUE(bool(Buf));
    llvm::StringRef First = (*Buf)->getBuffer().split('\n').first;
    ASSERT_TRUE(First.consume_front("# expect-error: ")) << Name.str();
    std::string Msg = errorOf(It->path());
    SCOPED_TRACE(Name.str());
    EXPECT_NE(Msg.find(First.str()), std::string::npos) << Msg;
    EXPECT_EQ(Msg.find('\n'), std::string::npos) << "one problem: " << Msg;
    // The file and, for errors inside the document, its line and column.
    EXPECT_TRUE(llvm::StringRef(Msg).starts_with("module-")) << Msg;
    ++Checked;
  }
  EXPECT_GE(Checked, 24u);
}

TEST(PlacementScheme, ErrorsPointAtTheOffendingValue) {
  EXPECT_EQ(errorOf(corpus("module-bad-fraction.yaml")),
            "module-bad-fraction.yaml:17:13: expected a fraction N/D below 1 "
            "(e.g. 2/3) or 0");
  EXPECT_EQ(errorOf(corpus("module-bad-unknown-key.yaml")),
            "module-bad-unknown-key.yaml:19:3: unknown key 'tris'");
  EXPECT_EQ(errorOf(corpus("module-bad-sizes-file-malformed.yaml")),
            "module-bad-sizes.txt:3:3: expected a weight as a positive "
            "decimal integer");
  EXPECT_EQ(errorOf(corpus("module-bad-empty.yaml")),
            "module-bad-empty.yaml: not a valid YAML document: it is empty");
}

} // namespace
