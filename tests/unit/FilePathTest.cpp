// Interned file paths (engine/FilePath.h): a source point's path is one
// shared copy per distinct path, compared and ordered as the text it holds.
#include "engine/FilePath.h"
#include "engine/Summary.h"

#include "gtest/gtest.h"

#include <thread>
#include <vector>

using namespace kharden;

namespace {

TEST(FilePath, EqualPathsShareOneCopy) {
  std::string Built = std::string("/src/kernel/") + "sched/core.c";
  FilePath A("/src/kernel/sched/core.c"), B(Built);
  EXPECT_EQ(&A.str(), &B.str());
  EXPECT_TRUE(A == B);
  EXPECT_FALSE(A == FilePath("/src/kernel/sched/fair.c"));
  EXPECT_TRUE(A == Built);
  EXPECT_TRUE(A == "/src/kernel/sched/core.c");
}

TEST(FilePath, DefaultIsEmpty) {
  FilePath None;
  EXPECT_TRUE(None.empty());
  EXPECT_TRUE(None == FilePath(""));
  EXPECT_EQ(None.str(), "");
}

TEST(FilePath, OrderedByText) {
  // Interned in the other order: the order is the text's, not the pointers'.
  FilePath Z("/src/z.c"), A("/src/a.c");
  EXPECT_TRUE(A < Z);
  EXPECT_FALSE(Z < A);
  EXPECT_FALSE(A < A);
  SourcePoint P{A, 9, 1}, Q{Z, 1, 1}, R{A, 10, 1};
  EXPECT_TRUE(P < Q);
  EXPECT_TRUE(P < R);
  EXPECT_TRUE(P == (SourcePoint{"/src/a.c", 9, 1}));
}

TEST(FilePath, InternedFromThreads) {
  // The analysis workers make source points at once.
  std::vector<const std::string *> Seen(8);
  std::vector<std::thread> Workers;
  for (unsigned I = 0; I < Seen.size(); ++I)
    Workers.emplace_back([&, I] {
      for (unsigned J = 0; J < 1000; ++J)
        FilePath("/src/f" + std::to_string(J % 50) + ".c");
      Seen[I] = &FilePath("/src/shared.c").str();
    });
  for (std::thread &T : Workers)
    T.join();
  for (const std::string *S : Seen)
    EXPECT_EQ(S, Seen.front());
}

} // namespace
