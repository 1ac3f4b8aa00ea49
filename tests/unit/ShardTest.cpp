#include "ci/PathGlob.h"
#include "ci/Shard.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

std::string parseError(llvm::StringRef Text) {
  auto S = ShardSpec::parse(Text);
  EXPECT_FALSE(bool(S));
  return S ? "" : llvm::toString(S.takeError());
}

TEST(Shard, ParsesKOfN) {
  auto S = ShardSpec::parse("2/3");
  ASSERT_TRUE(bool(S));
  EXPECT_EQ(S->Index, 2u);
  EXPECT_EQ(S->Count, 3u);
  EXPECT_EQ(S->str(), "2/3");
  for (llvm::StringRef Bad : {"0/2", "3/2", "2", "/2", "1/", "a/b", "1/2/3",
                              "-1/2", "1/0"})
    EXPECT_EQ(parseError(Bad), "--shard: expected K/N with 1 <= K <= N, got '" +
                                   Bad.str() + "'");
}

TEST(Shard, EveryFileLandsInExactlyOneShard) {
  unsigned Sizes[4] = {};
  for (unsigned I = 0; I < 400; ++I) {
    std::string Key = "kernel/file" + std::to_string(I) + ".c";
    unsigned Owners = 0;
    for (unsigned K = 1; K <= 4; ++K)
      if (ShardSpec{K, 4}.contains(Key)) {
        ++Owners;
        ++Sizes[K - 1];
      }
    EXPECT_EQ(Owners, 1u) << Key;
  }
  for (unsigned Size : Sizes) // roughly even
    EXPECT_GT(Size, 60u);
}

TEST(Shard, KeysAreRelativeToTheBase) {
  EXPECT_EQ(shardKey("/ci/build/../linux/kernel/fork.c", "/nowhere"),
            "/ci/build/../linux/kernel/fork.c");
  EXPECT_EQ(shardKey("/ci/linux/kernel/fork.c", "/ci/linux"), "kernel/fork.c");
  EXPECT_EQ(shardKey("/ci/linux/kernel/fork.c", "/ci/linux/"), "kernel/fork.c");
  EXPECT_EQ(shardKey("/ci/linux2/kernel/fork.c", "/ci/linux"),
            "/ci/linux2/kernel/fork.c");
  // Two checkouts, one shard.
  ShardSpec S{1, 7};
  EXPECT_EQ(S.contains(shardKey("/a/linux/mm/slub.c", "/a/linux")),
            S.contains(shardKey("/b/src/mm/slub.c", "/b/src")));
}

TEST(PathGlob, MatchesRelativeToItsBaseOrAbsolute) {
  auto G = PathGlob::create("kernel/*", "/src/linux");
  ASSERT_TRUE(bool(G));
  EXPECT_TRUE(G->matches("/src/linux/kernel/sched/core.c"));
  EXPECT_FALSE(G->matches("/src/linux/arch/x86/kernel/time.c"));
  EXPECT_FALSE(G->matches("/other/kernel/fork.c"));
  auto Abs = PathGlob::create("*/kernel/fork.c", "/src/linux");
  ASSERT_TRUE(bool(Abs));
  EXPECT_TRUE(Abs->matches("/other/kernel/fork.c"));
  EXPECT_FALSE(bool(PathGlob::create("[z-a]", "/")));
}

} // namespace

namespace {

TEST(PathGlob, SurvivesMovesOfItselfAndOfItsPatternText) {
  // llvm::GlobPattern points into the text it was made from; ours own it.
  std::vector<PathGlob> Globs;
  for (int I = 0; I < 20; ++I) {
    std::string Pattern = "d" + std::to_string(I % 3) + "/*";
    Globs.push_back(cantFail(PathGlob::create(Pattern, "/base")));
    Pattern.assign(Pattern.size(), 'x');
  }
  for (int I = 0; I < 20; ++I)
    EXPECT_TRUE(Globs[I].matches("/base/d" + std::to_string(I % 3) + "/f.c"))
        << I;
}

} // namespace
