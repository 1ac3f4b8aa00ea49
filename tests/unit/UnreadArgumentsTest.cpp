// Entry contexts keep only what the callee can read of its arguments
// (engine/Program.cpp, findBitArgs()): a constant no path of the callee or
// of what it passes it on to holds a fact on, and the bits of a test no
// path holds a fact on, do not make a context of their own (issue 21).
#include "SummaryBuilders.h"

#include "engine/Program.h"

#include "gtest/gtest.h"

using namespace kharden;
using namespace kharden::test;

namespace {

constexpr const char *Model = R"(
entry-points:
  - functions: [zero_caller, one_caller]
    context: {preempt: on, irqs: on}
    reason: "is a task"
)";

/// Calls Callee passing the constant Value as argument 0, and Flags as the
/// known bits of its field "flags".
CallSite call(std::string Callee, unsigned Line, bool Value, uint64_t Flags) {
  CallSite C;
  C.CalleeKey = C.CalleeName = std::move(Callee);
  C.Where = {"/src/a.c", Line, 2};
  C.States = {RelState()};
  C.ArgKnown = 1;
  C.ArgTrue = Value;
  C.ArgBits = {{ArgRef{0, "flags"}, KnownBits::constant(Flags)}};
  return C;
}

/// A call to "leaf" on the path that found parameter 0 non-zero.
CallSite leafWhenSet(unsigned Line) {
  CallSite C;
  C.CalleeKey = C.CalleeName = "leaf";
  C.Where = {"/src/a.c", Line, 2};
  RelState R;
  R.setFact(0, true);
  C.States = {R};
  return C;
}

/// Calls Callee at Line, passing its own parameter Param on as argument Arg.
CallSite forward(std::string Callee, unsigned Line, uint8_t Arg,
                 uint8_t Param) {
  CallSite C;
  C.CalleeKey = C.CalleeName = std::move(Callee);
  C.Where = {"/src/a.c", Line, 2};
  C.States = {RelState()};
  CallSite::Passed Passes;
  Passes.Forwarded = {{Arg, Param}};
  C.Passes = Passes;
  return C;
}

/// zero_caller and one_caller call each callee with 0 and 1 (and flags 0
/// and 1):
///   blind: reads neither, and has a test of flags that no path found
///   either way;
///   tests: holds a fact on parameter 0 (calls leaf where it is set);
///   passes: forwards parameter 0 to tests.
/// blind and tests call leaf.
struct Solved {
  Program P;
  explicit Solved(std::shared_ptr<const KernelModel> M) : P(std::move(M)) {
    TUSummary S;
    FunctionSummary Zero = function("zero_caller", 10),
                    One = function("one_caller", 20);
    for (const char *Callee : {"blind", "tests", "passes"}) {
      Zero.Calls.push_back(call(Callee, 11, false, 0));
      One.Calls.push_back(call(Callee, 21, true, 1));
    }
    FunctionSummary Blind = function("blind", 30);
    ParamTest T;
    T.Arg = {0, "flags"};
    T.Mask = T.Value = 1;
    Blind.Tests = {T};
    Blind.Calls = {call("leaf", 31, false, 0)};
    FunctionSummary Tests = function("tests", 40);
    Tests.Calls = {leafWhenSet(41)};
    FunctionSummary Passes = function("passes", 50);
    Passes.Calls = {forward("tests", 51, 0, 0)};
    S.Functions = {Zero, One, Blind, Tests, Passes, function("leaf", 60)};
    P.add(S);
    P.solve();
  }
  size_t contexts(llvm::StringRef F) const {
    return P.entries(*P.find(F)).size();
  }
};

TEST(UnreadArguments, MakeNoContextOfTheirOwn) {
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Solved S(*M);
  // Neither the constant nor the flags: one context for both callers.
  EXPECT_EQ(S.contexts("blind"), 1u);
  const EntryContext Blind = *S.P.entries(*S.P.find("blind")).begin();
  EXPECT_EQ(Blind.State.ArgKnown, 0u);
  EXPECT_TRUE(Blind.State.ArgBits.empty());
  // A path holds a fact on the constant: both callers' values are kept, and
  // only one_caller's reaches leaf through the path that found it set.
  EXPECT_EQ(S.contexts("tests"), 2u);
  // Passed on to a function that reads it: kept here too.
  EXPECT_EQ(S.contexts("passes"), 2u);
  // leaf: from blind (constant 0, not read) and from tests (one_caller's
  // path only); it reads neither, so one state.
  EXPECT_EQ(S.contexts("leaf"), 1u);
  std::vector<int> LeafCallers;
  for (const EntryContext &E : S.P.entries(*S.P.find("leaf")))
    for (const Note &N : E.Why.toVector())
      LeafCallers.push_back(N.Where.Line);
  EXPECT_EQ(LeafCallers, (std::vector<int>{10, 11, 31}));
  // The states: the task context, and the one with the constant kept.
  EXPECT_EQ(S.P.entryStats().States, 3u);
}

/// zero_caller and one_caller call "early" with its argument 1 the constant
/// 0 and 1. early passes it on as argument 0 through the slot ops.run, which
/// holds "plain" (reads nothing) and "relay" (passes it on to "tests", which
/// holds a fact on it). relay comes after early: only the second pass of
/// findBitArgs() sees what relay needs, so a slot's union taken in the
/// first must be taken again.
TEST(UnreadArguments, ThroughASlotTheTargetsNeedsAreOneUnion) {
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  FunctionSummary Zero = function("zero_caller", 10),
                  One = function("one_caller", 20);
  CallSite ToEarly = call("early", 11, false, 0);
  ToEarly.ArgKnown = 2;
  ToEarly.ArgTrue = 0;
  Zero.Calls = {ToEarly};
  ToEarly.Where.Line = 21;
  ToEarly.ArgTrue = 2;
  One.Calls = {ToEarly};
  FunctionSummary Early = function("early", 30);
  CallSite Through = forward("", 31, 0, 1);
  Through.CalleeName = "struct ops.run";
  Through.Through = "field:ops.run";
  Early.Calls = {Through};
  FunctionSummary Relay = function("relay", 50);
  Relay.Calls = {forward("tests", 51, 0, 0)};
  FunctionSummary Tests = function("tests", 60);
  Tests.Calls = {leafWhenSet(61)};
  TUSummary S;
  S.Functions = {Zero,
                 One,
                 Early,
                 function("plain", 40),
                 Relay,
                 Tests,
                 function("leaf", 70)};
  for (const char *Target : {"plain", "relay"})
    S.Flows.push_back({"field:ops.run",
                       -1,
                       PointerFlow::Source::Function,
                       Target,
                       {"/src/a.c", 80, 1}});
  Program P(*M);
  P.add(S);
  P.solve();
  auto Contexts = [&](llvm::StringRef F) {
    return P.entries(*P.find(F)).size();
  };
  EXPECT_EQ(P.indirectCalls().Resolved, 1u);
  // relay's need reaches early through the slot: both constants kept.
  EXPECT_EQ(Contexts("early"), 2u);
  EXPECT_EQ(Contexts("relay"), 2u);
  EXPECT_EQ(Contexts("tests"), 2u);
  // plain reads nothing: its two calls give one context.
  EXPECT_EQ(Contexts("plain"), 1u);
}

} // namespace
