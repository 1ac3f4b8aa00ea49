// The run's function table (engine/FunctionTable.h): summaries keep their
// order and their address as the table grows, and are found by address.
#include "engine/FunctionTable.h"

#include "gtest/gtest.h"

#include <string>

using namespace kharden;

namespace {

FunctionSummary named(size_t I) {
  FunctionSummary F;
  F.Key = "f" + std::to_string(I);
  return F;
}

TEST(FunctionTableTest, KeepsOrderAndAddressesAcrossBlocks) {
  FunctionTable T;
  EXPECT_TRUE(T.empty());
  T.push_back(named(0));
  const FunctionSummary *First = &T[0];
  const size_t N = 3 * FunctionTable::BlockSize + 5;
  for (size_t I = 1; I < N; ++I)
    T.push_back(named(I));
  ASSERT_EQ(T.size(), N);
  EXPECT_EQ(&T[0], First);
  EXPECT_EQ(&T.front(), First);
  size_t I = 0;
  for (const FunctionSummary &F : T)
    EXPECT_EQ(F.Key, "f" + std::to_string(I++));
  EXPECT_EQ(I, N);
}

TEST(FunctionTableTest, IndexOfEverySummary) {
  FunctionTable T;
  const size_t N = 2 * FunctionTable::BlockSize + 1;
  for (size_t I = 0; I < N; ++I)
    T.push_back(named(I));
  for (size_t I = 0; I < N; ++I)
    EXPECT_EQ(T.indexOf(T[I]), I);
}

TEST(FunctionTableTest, MovesTheSummaryIn) {
  FunctionTable T;
  FunctionSummary F = named(7);
  F.Calls.resize(3);
  T.push_back(std::move(F));
  EXPECT_EQ(T[0].name(), "f7");
  EXPECT_EQ(T[0].Calls.size(), 3u);
}

} // namespace
