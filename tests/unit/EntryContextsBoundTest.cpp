// A function entered in MaxEntryContexts contexts takes further ones
// without the values its callers pass, joined with the contexts of the same
// class before them (engine/Program.cpp, widenEntry()): allmodconfig's
// net/ gave each function of one cycle thousands of contexts otherwise
// (issue 21).
#include "SummaryBuilders.h"

#include "engine/Program.h"

#include "gtest/gtest.h"

#include <set>

using namespace kharden;
using namespace kharden::test;

namespace {

constexpr const char *Model = R"(
entry-points:
  - functions: [caller_0]
    context: {preempt: on, irqs: on, kind: [task]}
    reason: "a task"
  - functions: [caller_1, caller_4]
    context: {preempt: off, irqs: on, kind: [softirq]}
    reason: "a softirq"
  - functions: [caller_2]
    context: {preempt: off, irqs: off, kind: [task]}
    reason: "a task, IRQs off"
  - functions: [caller_3, caller_5]
    context: {preempt: off, irqs: on, kind: [hardirq]}
    reason: "a hard IRQ"
)";

/// The six callers of callersPassingFlags() solved, each entered as the
/// model says.
struct Solved {
  Program P;
  Solved(std::shared_ptr<const KernelModel> M, unsigned MaxEntryContexts)
      : P(std::move(M), Program::DefaultMaxTargets,
          Program::DefaultMaxFieldFacts, MaxEntryContexts) {
    P.add(callersPassingFlags(6));
    P.solve();
  }

  /// Each context of "tests", in order: the call's line, preemption off
  /// or on, the kinds, and the flags known (-1: none).
  struct Context {
    unsigned Line;
    Level Preempt;
    uint8_t Kinds;
    int Flags;
    bool operator==(const Context &O) const {
      return Line == O.Line && Preempt == O.Preempt && Kinds == O.Kinds &&
             Flags == O.Flags;
    }
  };
  std::vector<Context> contexts() const {
    std::vector<Context> Out;
    for (const EntryContext &E : P.entries(*P.find("tests"))) {
      KnownBits B = E.State.argBits({0, "flags"});
      Out.push_back({E.Why.toVector().back().Where.Line, E.State.Preempt,
                     E.State.Kinds, B.unknown() ? -1 : int(B.One)});
    }
    return Out;
  }
};

void PrintTo(const Solved::Context &C, std::ostream *OS) {
  *OS << "{line " << C.Line << ", preempt " << int(C.Preempt) << ", kinds "
      << int(C.Kinds) << ", flags " << C.Flags << "}";
}

TEST(EntryContextsBound, FurtherContextsAreJoinedByClass) {
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Solved S(*M, 2);
  using C = Solved::Context;
  // Two contexts kept whole. Past them the flags are forgotten: caller_2's
  // is a class of its own (IRQs off); caller_3's hard IRQ opens the class
  // of the second, caller_4's softirq joins it, and caller_5's hard IRQ is
  // in it already.
  EXPECT_EQ(S.contexts(),
            (std::vector<C>{{1, Level::On, KindTask, 0},
                            {11, Level::Off, KindSoftirq, 1},
                            {21, Level::Off, KindTask, -1},
                            {31, Level::Off, KindHardirq, -1},
                            {41, Level::Off, KindHardirq | KindSoftirq, -1}}));
  // "tests" and "leaf", which the four contexts past the bound all reach.
  EXPECT_EQ(S.P.entryStats().Widened, 2u);
}

// A context past the bound is interned only as the joined state it becomes:
// on the 3621-unit allmodconfig tree 44 % of the states were interned for
// contexts no function kept.
TEST(EntryContextsBound, OnlyTheStatesKeptAreInterned) {
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Solved S(*M, 2);
  std::set<const AbsState *> Kept;
  for (std::string Name : {"caller_0", "caller_1", "caller_2", "caller_3",
                           "caller_4", "caller_5", "tests", "leaf"})
    for (const EntryContext &E : S.P.entries(*S.P.find(Name)))
      Kept.insert(&E.State);
  EXPECT_EQ(S.P.entryStats().States, Kept.size());
}

TEST(EntryContextsBound, UnboundedEveryContextIsKept) {
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Solved S(*M, 0);
  using C = Solved::Context;
  EXPECT_EQ(S.contexts(), (std::vector<C>{{1, Level::On, KindTask, 0},
                                          {11, Level::Off, KindSoftirq, 1},
                                          {21, Level::Off, KindTask, 2},
                                          {31, Level::Off, KindHardirq, 3},
                                          {41, Level::Off, KindSoftirq, 4},
                                          {51, Level::Off, KindHardirq, 5}}));
  EXPECT_EQ(S.P.entryStats().Widened, 0u);
}

} // namespace
