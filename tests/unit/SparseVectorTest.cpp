// Lists most functions leave empty (support/Sparse.h): a null pointer while
// empty, whatever made them so, and a vector's values otherwise.
#include "support/Sparse.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace kharden;

namespace {

TEST(SparseVector, EmptyHoldsNothingHoweverMade) {
  SparseVector<int> V;
  EXPECT_TRUE(V.empty());
  EXPECT_EQ(V.begin(), V.end());
  EXPECT_EQ(V.data(), nullptr);
  V = std::vector<int>();
  EXPECT_EQ(V.data(), nullptr);
  V.push_back(1);
  V.pop_back();
  EXPECT_EQ(V.data(), nullptr);
  // Iterating a changeable empty list makes none.
  for (int &X : V)
    ++X;
  EXPECT_EQ(V.data(), nullptr);
  EXPECT_EQ(sizeof(V), sizeof(void *));
}

TEST(SparseVector, ReadsAndWritesAsAVector) {
  SparseVector<std::string> V = {"a", "b"};
  V.push_back("c");
  V[1] = "B";
  V.back() += "!";
  EXPECT_EQ(*V, (std::vector<std::string>{"a", "B", "c!"}));
  llvm::ArrayRef<std::string> Items = V;
  EXPECT_EQ(Items.size(), 3u);
  SparseVector<std::string> Copy = V;
  EXPECT_TRUE(Copy == V);
  Copy.edit().erase(Copy.edit().begin());
  EXPECT_FALSE(Copy == V);
  EXPECT_EQ(V.front(), "a");
  EXPECT_EQ(Copy.front(), "B");
}

} // namespace
