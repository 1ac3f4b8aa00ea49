#include "engine/CallerGraph.h"
#include "support/FlatLists.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

using Ids = std::vector<uint32_t>;

/// Functions 0, 1, 2; slot 3 holds 1 and 2, and 0 and 2 call through it;
/// 0 calls 1 directly.
CallerGraph threeFunctionsOneSlot() {
  return CallerGraph(3, 4, [](CallerGraph::Edge Each) {
    Each(1, 0);
    Each(3, 0);
    Each(3, 2);
    Each(1, 3);
    Each(2, 3);
  });
}

TEST(CallerGraph, ASlotIsANodeBetweenItsCallersAndTargets) {
  CallerGraph G = threeFunctionsOneSlot();
  EXPECT_EQ(G.size(), 4u);
  EXPECT_TRUE(G.isFunction(2));
  EXPECT_FALSE(G.isFunction(3));
  EXPECT_EQ(Ids(G.callers(0).begin(), G.callers(0).end()), Ids{});
  EXPECT_EQ(Ids(G.callers(1).begin(), G.callers(1).end()), (Ids{0, 3}));
  EXPECT_EQ(Ids(G.callers(3).begin(), G.callers(3).end()), (Ids{0, 2}));
}

TEST(CallerGraph, CallingFunctionsLookThroughSlotsOnce) {
  CallerGraph G = threeFunctionsOneSlot();
  EXPECT_EQ(G.callingFunctions(1), (Ids{0, 2})); // 0 directly and by the slot
  EXPECT_EQ(G.callingFunctions(2), (Ids{0, 2}));
  EXPECT_EQ(G.callingFunctions(0), Ids{});
}

TEST(CallerGraph, ACycleThroughASlotCountsItsFunctions) {
  CallerGraph::Cycles C = threeFunctionsOneSlot().cycles();
  EXPECT_EQ(C.Components, 1u); // 2 -> slot 3 -> 2
  EXPECT_EQ(C.Functions, 1u);
  EXPECT_EQ(C.Largest, Ids{2});
}

TEST(CallerGraph, CyclesAreComponentsWithMoreThanOneNodeOrASelfCall) {
  // 0 <-> 1; 2 calls itself; 3 calls through slot 5, which holds 3 and 4;
  // 4 calls 0 and is in no cycle.
  CallerGraph G(5, 6, [](CallerGraph::Edge Each) {
    Each(1, 0);
    Each(0, 1);
    Each(2, 2);
    Each(5, 3);
    Each(0, 4);
    Each(3, 5);
    Each(4, 5);
  });
  CallerGraph::Cycles C = G.cycles();
  EXPECT_EQ(C.Components, 3u);
  EXPECT_EQ(C.Functions, 4u);
  EXPECT_EQ(C.Largest, (Ids{0, 1}));
}

TEST(CallerGraph, AChainHasNoCycle) {
  CallerGraph G(3, 3, [](CallerGraph::Edge Each) {
    Each(1, 0);
    Each(2, 1);
  });
  CallerGraph::Cycles C = G.cycles();
  EXPECT_EQ(C.Components, 0u);
  EXPECT_EQ(C.Functions, 0u);
  EXPECT_TRUE(C.Largest.empty());
}

TEST(FlatLists, ListsKeepTheirIndexAndOrder) {
  std::vector<std::vector<std::string>> Lists = {{"b", "a"}, {}, {"c"}};
  FlatLists<std::string> Flat(std::move(Lists));
  ASSERT_EQ(Flat.size(), 3u);
  EXPECT_EQ(std::vector<std::string>(Flat[0].begin(), Flat[0].end()),
            (std::vector<std::string>{"b", "a"}));
  EXPECT_TRUE(Flat[1].empty());
  EXPECT_EQ(Flat[2].front(), "c");
  EXPECT_EQ(FlatLists<int>().size(), 0u);
}

} // namespace
