// A function entered with MaxFieldFacts sets of what its callers know of
// the fields its arguments point to takes further contexts without them
// (engine/Program.cpp, boundFieldFacts()): 6.12's TCP paths gave one
// function a million entry contexts otherwise (issue 21).
#include "SummaryBuilders.h"

#include "engine/Program.h"

#include "gtest/gtest.h"

using namespace kharden;
using namespace kharden::test;

namespace {

constexpr const char *Model = R"(
entry-points:
  - functions: [caller_0, caller_1, caller_2, caller_3, caller_4]
    context: {preempt: on, irqs: on}
    reason: "is a task"
)";

/// The five callers of callersPassingFlags() solved.
struct Solved {
  Program P;
  Solved(std::shared_ptr<const KernelModel> M, unsigned MaxFieldFacts)
      : P(std::move(M), Program::DefaultMaxTargets, MaxFieldFacts) {
    P.add(callersPassingFlags(5));
    P.solve();
  }

  /// The flags each context of "tests" knows, in order; -1: none.
  std::vector<int> flagsKnown() const {
    std::vector<int> Out;
    for (const EntryContext &E : P.entries(*P.find("tests"))) {
      KnownBits B = E.State.argBits({0, "flags"});
      Out.push_back(B.unknown() ? -1 : int(B.One));
      EXPECT_TRUE(B.unknown() || B == KnownBits::constant(B.One));
    }
    return Out;
  }
  /// The line of the call each context of "tests" came from.
  std::vector<unsigned> callLines() const {
    std::vector<unsigned> Out;
    for (const EntryContext &E : P.entries(*P.find("tests")))
      Out.push_back(E.Why.toVector().back().Where.Line);
    return Out;
  }
};

TEST(FieldFactsBound, FurtherContextsComeWithoutFieldFacts) {
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Solved S(*M, 3);
  // Three sets kept; caller_3's and caller_4's contexts come without the
  // field, and are then one.
  EXPECT_EQ(S.flagsKnown(), (std::vector<int>{0, 1, 2, -1}));
  EXPECT_EQ(S.P.entryStats().FieldFactsBounded, 1u);
  EXPECT_EQ(S.callLines(), (std::vector<unsigned>{1, 11, 21, 31}));
}

TEST(FieldFactsBound, UnderTheBoundEveryContextKeepsItsFacts) {
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Solved S(*M, 5);
  EXPECT_EQ(S.flagsKnown(), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(S.P.entryStats().FieldFactsBounded, 0u);
  EXPECT_EQ(S.callLines(), (std::vector<unsigned>{1, 11, 21, 31, 41}));
}

} // namespace
