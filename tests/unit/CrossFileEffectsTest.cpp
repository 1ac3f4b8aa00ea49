//===- tests/unit/CrossFileEffectsTest.cpp - what a unit imports ----------===//
#include "engine/CrossFileEffects.h"
#include "engine/Program.h"

#include "SummaryBuilders.h"

#include "gtest/gtest.h"

using namespace kharden;
using kharden::test::function;

namespace {

RelState holding(int8_t PreemptDepth) {
  RelState S;
  S.PreemptDepth = PreemptDepth;
  return S;
}

/// A lock that returns what it locked, NULL where it took nothing.
std::vector<RelState> lockExits(RelState Taken) {
  RelState Nothing;
  Taken.Returns = RetFact::NonZero;
  Nothing.Returns = RetFact::Zero;
  return {Taken, Nothing};
}

CallSite callTo(std::string Key) {
  CallSite C;
  C.CalleeKey = C.CalleeName = std::move(Key);
  C.States = {RelState()};
  return C;
}

/// The effects of Units, with what they store in pointers solved once.
struct Solved {
  explicit Solved(std::vector<const TUSummary *> Units,
                  unsigned MaxTargets = Program::DefaultMaxTargets)
      : Pointers(pointerTargets(Units)), Effects(Units, Pointers, MaxTargets) {}
  CallTargets Pointers;
  CrossFileEffects Effects;
};

TUSummary unit(std::vector<FunctionSummary> Functions) {
  TUSummary TU;
  TU.Functions = std::move(Functions);
  return TU;
}

TEST(CrossFileEffects, WhatHoldsOrReleasesTheCallersContext) {
  EXPECT_FALSE(holdsOrReleases(RelState()));
  EXPECT_TRUE(holdsOrReleases(holding(1)));
  EXPECT_TRUE(holdsOrReleases(holding(-1)));
  RelState Restores;
  Restores.UnmatchedRestores = 1;
  EXPECT_TRUE(holdsOrReleases(Restores));
  RelState IrqsOff;
  IrqsOff.Irq = IrqRel::Off;
  EXPECT_TRUE(holdsOrReleases(IrqsOff));
  // A predicate's answer or an assertion is a condition, not an effect.
  IrqsOff.IrqsOffAsked = true;
  EXPECT_FALSE(holdsOrReleases(IrqsOff));
  RelState Slept;
  Slept.SleepEvidence = true;
  Slept.Irq = IrqRel::SleptOn;
  EXPECT_FALSE(holdsOrReleases(Slept));
}

TEST(CrossFileEffects, AUnitImportsWhatItCallsAndDoesNotDefine) {
  FunctionSummary Lock = function("desc_lock", 1, "/src/irqdesc.c");
  Lock.ExitStates = lockExits(holding(1));
  FunctionSummary Plain = function("plain", 2, "/src/irqdesc.c");
  Plain.ExitStates = {RelState()};
  TUSummary Callees = unit({Lock, Plain});

  FunctionSummary Caller = function("set_handler", 1, "/src/chip.c");
  CallSite Through = callTo("");
  Through.Through = "field:ops.lock";
  Caller.Calls = {callTo("desc_lock"), callTo("plain"), Through};
  TUSummary Callers = unit({Caller});
  // A unit with its own definition (another image's copy) imports nothing.
  FunctionSummary OwnLock = function("desc_lock", 5, "/src/own.c");
  FunctionSummary OwnCaller = function("own_caller", 6, "/src/own.c");
  OwnCaller.Calls = {callTo("desc_lock")};
  TUSummary Own = unit({OwnLock, OwnCaller});

  Solved All({&Callees, &Callers, &Own});
  ASSERT_EQ(All.Effects.size(), 1u);
  CrossFileImports Imports = All.Effects.importsOf(Callers);
  ASSERT_EQ(Imports.Functions.size(), 1u);
  ASSERT_TRUE(Imports.Functions.count("desc_lock"));
  EXPECT_EQ(Imports.Functions.lookup("desc_lock")->ExitStates.size(), 2u);
  EXPECT_EQ(Imports.Digest.size(), 32u);
  EXPECT_TRUE(All.Effects.importsOf(Callees).Digest.empty());
  EXPECT_TRUE(All.Effects.importsOf(Own).Functions.empty());

  // The digest names the exits: the same exits, the same digest, also
  // where the callee's file moved its notes (analysed with other imports).
  RelState Moved = holding(1);
  Moved.WhyPreempt = 7;
  Moved.Region = 8;
  std::vector<RelState> Exits = lockExits(Moved);
  Exits.push_back(lockExits(holding(1)).front());
  Callees.Functions[0].ExitStates = Exits;
  Solved Again({&Callees, &Callers});
  EXPECT_EQ(Again.Effects.importsOf(Callers).Digest, Imports.Digest);
  Callees.Functions[0].ExitStates = lockExits(holding(2));
  Solved Changed({&Callees, &Callers});
  EXPECT_NE(Changed.Effects.importsOf(Callers).Digest, Imports.Digest);
}

// 6.12's kmalloc_fix_flags() (mm/slab_common.c) returns its argument with
// bits cleared: a unit whose analysis asked for that transfer (mm/slub.c
// assigns the call's result to its flags) imports it; one that only calls
// it does not, and is not analysed again for it.
TEST(CrossFileEffects, ATransferIsImportedWhereTheUnitAskedForIt) {
  FunctionSummary Fix = function("kmalloc_fix_flags", 1, "/src/slab_common.c");
  Fix.ExitStates = {RelState()};
  Fix.ForCallers.set().ReturnTransfer = {
      0, BitsTransfer::identity().thenAnd({0x3, 0, false})};
  TUSummary Callee = unit({Fix});

  FunctionSummary Caller = function("kmalloc_large", 1, "/src/slub.c");
  Caller.Calls = {callTo("kmalloc_fix_flags")};
  TUSummary Asks = unit({Caller});
  Asks.BitsAsked = {"kmalloc_fix_flags"};
  TUSummary Calls = unit({Caller});
  Calls.BitsAsked = {"current_gfp_context"};

  Solved All({&Callee, &Asks, &Calls});
  ASSERT_EQ(All.Effects.size(), 1u);
  CrossFileImports Imported = All.Effects.importsOf(Asks);
  ASSERT_TRUE(Imported.Functions.count("kmalloc_fix_flags"));
  EXPECT_TRUE(
      Imported.Functions.lookup("kmalloc_fix_flags")->ExitStates.empty());
  EXPECT_FALSE(Imported.Digest.empty());
  CrossFileImports NotAsked = All.Effects.importsOf(Calls);
  EXPECT_TRUE(NotAsked.Functions.empty());
  EXPECT_TRUE(NotAsked.Digest.empty());

  // Exits that hold something are imported wherever the function is called.
  Callee.Functions[0].ExitStates = lockExits(holding(1));
  Solved Holds({&Callee, &Calls});
  EXPECT_TRUE(
      Holds.Effects.importsOf(Calls).Functions.count("kmalloc_fix_flags"));
}

TEST(CrossFileEffects, MixedExitsOnlyWhereTheCallerCanTellThemApart) {
  FunctionSummary Reserve = function("reserve", 1, "/src/ring.c");
  Reserve.ExitStates = lockExits(holding(1));
  FunctionSummary Mixed = function("mixed", 2, "/src/ring.c");
  Mixed.ExitStates = {holding(1), RelState()};
  FunctionSummary ByArgument = function("maybe_lock", 3, "/src/ring.c");
  RelState Locks = holding(1), Not;
  Locks.setFact(RelState::FirstTestSlot, true);
  Not.setFact(RelState::FirstTestSlot, false);
  ByArgument.ExitStates = {Locks, Not};
  TUSummary Callees = unit({Reserve, Mixed, ByArgument});

  FunctionSummary Caller = function("caller", 1, "/src/trace.c");
  Caller.Calls = {callTo("reserve"), callTo("mixed"), callTo("maybe_lock")};
  TUSummary Callers = unit({Caller});
  Solved All({&Callees, &Callers});
  CrossFileImports Imports = All.Effects.importsOf(Callers);
  EXPECT_EQ(Imports.Functions.size(), 2u);
  EXPECT_TRUE(Imports.Functions.count("reserve"));
  EXPECT_TRUE(Imports.Functions.count("maybe_lock"));
  EXPECT_FALSE(Imports.Functions.count("mixed"));
}

PointerFlow store(std::string Slot, std::string Function) {
  PointerFlow F;
  F.To = std::move(Slot);
  F.From = PointerFlow::Source::Function;
  F.Key = std::move(Function);
  return F;
}

TEST(CrossFileEffects, ACallThroughAPointerImportsTheSlotsTargets) {
  FunctionSummary Off = function("native_shutdown", 1, "/src/reboot.c");
  RelState IrqsOff;
  IrqsOff.Irq = IrqRel::Off;
  Off.ExitStates = {IrqsOff};
  FunctionSummary Quiet = function("quiet_restart", 2, "/src/reboot.c");
  Quiet.ExitStates = {RelState()};
  FunctionSummary Other = function("other_restart", 3, "/src/reboot.c");
  Other.ExitStates = {IrqsOff};
  TUSummary Targets = unit({Off, Quiet, Other});
  Targets.Flows = {store("field:ops.shutdown", "native_shutdown"),
                   store("field:ops.restart", "quiet_restart"),
                   store("field:ops.restart", "other_restart"),
                   store("field:ops.open", "native_shutdown"),
                   store("field:ops.open", "")};
  Targets.Flows.back().From = PointerFlow::Source::Unseen; // a cast, say

  auto Through = [](std::string Slot) {
    CallSite C = callTo("");
    C.Through = std::move(Slot);
    return C;
  };
  FunctionSummary Caller = function("halt", 1, "/src/process.c");
  Caller.Calls = {Through("field:ops.shutdown"), Through("field:ops.restart"),
                  Through("field:ops.open"), Through("field:ops.none")};
  TUSummary Callers = unit({Caller});

  Solved All({&Targets, &Callers});
  CrossFileImports Imports = All.Effects.importsOf(Callers);
  // What changes nothing is not exported; an open slot and one nothing is
  // stored in import nothing.
  EXPECT_EQ(Imports.Functions.size(), 2u);
  ASSERT_EQ(Imports.Targets.size(), 2u);
  ASSERT_EQ(Imports.Targets.lookup("field:ops.shutdown").size(), 1u);
  EXPECT_EQ(Imports.Targets.lookup("field:ops.shutdown")[0]->Key,
            "native_shutdown");
  ASSERT_EQ(Imports.Targets.lookup("field:ops.restart").size(), 1u);
  EXPECT_EQ(Imports.Targets.lookup("field:ops.restart")[0]->Key,
            "other_restart");

  // A slot with more targets than the run joins imports none of them.
  Solved Joined1({&Targets, &Callers}, 1);
  CrossFileImports Capped = Joined1.Effects.importsOf(Callers);
  EXPECT_EQ(Capped.Targets.size(), 1u);
  EXPECT_TRUE(Capped.Targets.count("field:ops.shutdown"));
  // Which slot a function is imported for is part of the digest.
  EXPECT_NE(Capped.Digest, Imports.Digest);
}

} // namespace
