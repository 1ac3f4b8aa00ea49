// The atomicity model through the API the checkers call
// (models/kstack/Atomicity.h).
#include "models/kstack/Atomicity.h"

#include "gtest/gtest.h"

using namespace kharden;
using namespace kharden::kstack;

namespace {

StackOffsetScheme scheme(Storage Where, Context Consume, RefillSite Site,
                         Context Refill) {
  StackOffsetScheme S;
  S.Name = "api-test";
  S.Where = Where;
  S.Consume.Ctx = Consume;
  S.Refill = {Site, Refill};
  return S;
}

TEST(AtomicityTest, Arm64PerCpuReusesAnOffsetAfterSixSteps) {
  PropertyResult R =
      checkAtomicity(scheme(Storage::PerCpu, Context::Preemptible,
                            RefillSite::SyscallExit, Context::Preemptible),
                     AtomicityProperty::Freshness);
  ASSERT_EQ(R.Verdict, smt::Status::Refuted) << R.Problem;
  EXPECT_EQ(R.Property, "atomicity.freshness");
  ASSERT_EQ(R.Schedule.size(), 6u);
  EXPECT_EQ(R.Bound, 6u);
  // Two consumes of the same slot value, and no refill between them.
  std::optional<unsigned> FirstUse;
  for (const ScheduleStep &S : R.Schedule)
    if (S.Event == "consume" && !FirstUse)
      FirstUse = S.SlotValue;
  const ScheduleStep &Last = R.Schedule.back();
  EXPECT_EQ(Last.Event, "consume");
  EXPECT_EQ(Last.SlotValue, FirstUse);
  EXPECT_NE(Last.Note.find("already used"), std::string::npos) << Last.Note;
  for (const ScheduleStep &S : R.Schedule)
    EXPECT_NE(S.Event, "refill-write");
}

TEST(AtomicityTest, Arm64PerCpuRefillCrossesCpusAfterSevenSteps) {
  PropertyResult R =
      checkAtomicity(scheme(Storage::PerCpu, Context::Preemptible,
                            RefillSite::SyscallExit, Context::Preemptible),
                     AtomicityProperty::SameCpuRmw);
  ASSERT_EQ(R.Verdict, smt::Status::Refuted) << R.Problem;
  ASSERT_EQ(R.Schedule.size(), 7u);
  const ScheduleStep &Last = R.Schedule.back();
  EXPECT_EQ(Last.Event, "refill-write");
  EXPECT_NE(Last.Note.find("after reading cpu"), std::string::npos);
  unsigned ReadCpu = ~0u;
  for (const ScheduleStep &S : R.Schedule)
    if (S.Event == "syscall-exit" && S.Task == Last.Task)
      ReadCpu = S.Cpu;
  EXPECT_NE(ReadCpu, Last.Cpu);
}

TEST(AtomicityTest, X86EveryReturnRefillIsProvedForAllLengths) {
  for (AtomicityProperty P :
       {AtomicityProperty::Freshness, AtomicityProperty::SameCpuRmw}) {
    PropertyResult R =
        checkAtomicity(scheme(Storage::PerCpu, Context::IrqsOff,
                              RefillSite::EveryReturnToUser, Context::IrqsOff),
                       P);
    ASSERT_EQ(R.Verdict, smt::Status::Proved) << R.Problem;
    EXPECT_TRUE(R.Schedule.empty());
    EXPECT_NE(R.Method.find("inductive invariant"), std::string::npos);
    EXPECT_NE(R.Method.find("every length"), std::string::npos);
  }
}

TEST(AtomicityTest, X86FreshnessRestsOnTheUserModeInvariant) {
  PropertyResult R =
      checkAtomicity(scheme(Storage::PerCpu, Context::IrqsOff,
                            RefillSite::EveryReturnToUser, Context::IrqsOff),
                     AtomicityProperty::Freshness);
  bool Found = false;
  for (const std::string &S : R.Steps)
    Found |= S.find("in phase 'user mode', cpu0's offset is unconsumed") !=
             std::string::npos;
  EXPECT_TRUE(Found);
}

TEST(AtomicityTest, SyscallExitRefillWithIrqsOffStillReusesOffsets) {
  // Refilling with interrupts off does not help when interrupt returns do
  // not refill: a task preempted from user mode returns without a refill.
  PropertyResult R =
      checkAtomicity(scheme(Storage::PerCpu, Context::IrqsOff,
                            RefillSite::SyscallExit, Context::IrqsOff),
                     AtomicityProperty::Freshness);
  EXPECT_EQ(R.Verdict, smt::Status::Refuted);
  PropertyResult Rmw =
      checkAtomicity(scheme(Storage::PerCpu, Context::IrqsOff,
                            RefillSite::SyscallExit, Context::IrqsOff),
                     AtomicityProperty::SameCpuRmw);
  EXPECT_EQ(Rmw.Verdict, smt::Status::Proved);
}

TEST(AtomicityTest, PerTaskAndFusedSchemesAreProved) {
  for (const StackOffsetScheme &S :
       {scheme(Storage::PerTask, Context::Preemptible, RefillSite::SyscallExit,
               Context::Preemptible),
        scheme(Storage::PerCpu, Context::IrqsOff, RefillSite::FusedWithConsume,
               Context::IrqsOff)})
    for (AtomicityProperty P :
         {AtomicityProperty::Freshness, AtomicityProperty::SameCpuRmw}) {
      PropertyResult R = checkAtomicity(S, P);
      EXPECT_EQ(R.Verdict, smt::Status::Proved) << R.Problem;
    }
}

TEST(AtomicityTest, BadOptionsAreAnErrorNotAnException) {
  AtomicityOptions O;
  O.Tasks = O.Cpus;
  PropertyResult R =
      checkAtomicity(StackOffsetScheme(), AtomicityProperty::Freshness, O);
  EXPECT_EQ(R.Verdict, smt::Status::Error);
  EXPECT_FALSE(R.Problem.empty());
}

TEST(AtomicityTest, TinyResourceLimitIsUnknownNeverProved) {
  AtomicityOptions O;
  O.Solver.ResourceLimit = 1;
  PropertyResult R =
      checkAtomicity(scheme(Storage::PerCpu, Context::IrqsOff,
                            RefillSite::EveryReturnToUser, Context::IrqsOff),
                     AtomicityProperty::Freshness, O);
  EXPECT_EQ(R.Verdict, smt::Status::Unknown);
}

} // namespace
