#include "engine/ContextState.h"
#include "engine/InternedList.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

AbsState process() { return AbsState::fromSpec({Switch::On, Switch::On}); }
AbsState syscallEntryIrqsOff() {
  return AbsState::fromSpec({Switch::On, Switch::Off});
}

TEST(RelState, PreemptNestingAndMatchedEnable) {
  RelState S;
  S.apply(Effect::PreemptDisable, 0);
  S.apply(Effect::PreemptDisable, 1);
  S.apply(Effect::PreemptEnable, 2);
  EXPECT_EQ(compose(process(), S).Preempt, Level::Off);
  S.apply(Effect::PreemptEnable, 3);
  EXPECT_TRUE(S.EnableEvidence);
  EXPECT_EQ(S.WhyPreempt, 3);
  EXPECT_TRUE(compose(process(), S).preemptible());
  // From an unknown caller, the matched enable is evidence for preemption
  // but says nothing about IRQs.
  AbsState Unknown;
  EXPECT_EQ(compose(Unknown, S).Preempt, Level::On);
  EXPECT_EQ(compose(Unknown, S).Irqs, Level::Unknown);
}

TEST(RelState, IrqSaveRestoreNests) {
  RelState S;
  S.apply(Effect::IrqEnable, 0);
  S.apply(Effect::IrqSave, 1);
  S.apply(Effect::IrqSave, 2);
  S.apply(Effect::IrqRestore, 3);
  EXPECT_EQ(S.Irq, IrqRel::Off);
  S.apply(Effect::IrqRestore, 4);
  EXPECT_EQ(S.Irq, IrqRel::On);
  EXPECT_EQ(S.WhyIrq, 0);
}

TEST(RelState, CalleeSavesAndRestoresForItsCaller) {
  RelState Save, Restore;
  Save.apply(Effect::IrqSave, 0);    // begin_atomic(): returns flags
  Restore.apply(Effect::IrqRestore, 0); // end_atomic(flags)
  EXPECT_EQ(Restore.UnmatchedRestores, 1);

  RelState Caller;
  Caller.apply(Effect::IrqEnable, 0);
  Caller.applyCallee(Save, 1);
  EXPECT_EQ(Caller.Irq, IrqRel::Off);
  Caller.applyCallee(Restore, 2);
  EXPECT_EQ(Caller.Irq, IrqRel::On);
  EXPECT_EQ(Caller.SavedCount, 0);
}

TEST(RelState, TheInterruptedContextsIrqsAreNeitherOursNorTheCallers) {
  RelState Handler; // entered with IRQs masked
  Handler.apply(Effect::IrqAsInterrupted, 0);
  EXPECT_EQ(compose(syscallEntryIrqsOff(), Handler).Irqs, Level::Unknown);
  EXPECT_FALSE(Handler.locallyAtomic());
  // A sleep there says nothing of them; a save and restore keeps them.
  Handler.apply(Effect::MaySleep, 1);
  Handler.apply(Effect::IrqSave, 2);
  Handler.apply(Effect::IrqRestore, 3);
  EXPECT_EQ(Handler.Irq, IrqRel::Interrupted);
  // Its caller, after the call, has them too, until it masks them again.
  RelState Caller;
  Caller.applyCallee(Handler, 4);
  EXPECT_EQ(compose(syscallEntryIrqsOff(), Caller).Irqs, Level::Unknown);
  Caller.apply(Effect::IrqDisable, 5);
  EXPECT_EQ(compose(process(), Caller).Irqs, Level::Off);
}

TEST(RelState, MaySleepIsEvidenceOnlyWherePreemptible) {
  RelState Atomic;
  Atomic.apply(Effect::PreemptDisable, 0);
  Atomic.apply(Effect::MaySleep, 1);
  EXPECT_FALSE(Atomic.SleepEvidence);

  RelState S;
  S.apply(Effect::MaySleep, 5);
  EXPECT_TRUE(S.SleepEvidence);
  EXPECT_EQ(S.WhyIrq, 5);
  EXPECT_EQ(S.Irq, IrqRel::SleptOn);
  EXPECT_TRUE(compose(AbsState{}, S).preemptible());
  // Where a caller holds IRQs off, the sleep is on a path not taken there
  // (or a sleep-in-atomic bug): no evidence, IRQs stay off.
  EXPECT_EQ(compose(syscallEntryIrqsOff(), S).Irqs, Level::Off);
  EXPECT_FALSE(irqsDecidedLocally(syscallEntryIrqsOff(), S));
  // Enabled by the function itself, they are on.
  RelState Enabled;
  Enabled.apply(Effect::IrqEnable, 0);
  Enabled.apply(Effect::MaySleep, 1);
  EXPECT_TRUE(compose(syscallEntryIrqsOff(), Enabled).preemptible());
}

TEST(RelState, EnteringTheSchedulerIsEvidenceOfTheCountOnly) {
  RelState S;
  S.apply(Effect::MaySchedule, 5);
  EXPECT_TRUE(S.SleepEvidence);
  EXPECT_EQ(S.WhyPreempt, 5);
  EXPECT_EQ(S.Irq, IrqRel::Inherited);
  // Called with IRQs masked (do_notify_resume()), they stay masked ...
  AbsState C = compose(syscallEntryIrqsOff(), S);
  EXPECT_EQ(C.Irqs, Level::Off);
  EXPECT_FALSE(holds(ContextWord::PreemptOff, C));
  EXPECT_TRUE(holds(ContextWord::IrqsOff, C));
  // ... and under its own preempt_disable() it is no evidence.
  RelState Atomic;
  Atomic.apply(Effect::PreemptDisable, 0);
  Atomic.apply(Effect::MaySchedule, 1);
  EXPECT_FALSE(Atomic.SleepEvidence);
  EXPECT_TRUE(holds(ContextWord::PreemptOff, compose(AbsState{}, Atomic)));
}

TEST(RelState, AHardIrqOrNmiSectionIsItsOwnKindOfContext) {
  AbsState FromUser; // an exception from user mode: the task's context
  FromUser.Kinds = KindTask;
  RelState S;
  S.apply(Effect::HardirqEnter, 1);
  EXPECT_EQ(composedKinds(FromUser, S), KindHardirq);
  EXPECT_EQ(compose(FromUser, S).Preempt, Level::Off); // the IRQ count
  EXPECT_EQ(S.WhySection, 1);
  S.apply(Effect::HardirqExit, 2);
  EXPECT_EQ(composedKinds(FromUser, S), KindTask);
  // A callee that enters an NMI (arm64_enter_nmi()), one that leaves it.
  RelState Enter, Leave, Caller;
  Enter.apply(Effect::NmiEnter, 0);
  Leave.apply(Effect::NmiExit, 0);
  EXPECT_EQ(Leave.SectionKind, RelState::SectionLeft);
  Caller.applyCallee(Enter, 3);
  EXPECT_EQ(composedKinds(FromUser, Caller), KindNmi);
  EXPECT_EQ(Caller.WhySection, 3);
  Caller.applyCallee(Leave, 4);
  EXPECT_EQ(composedKinds(FromUser, Caller), KindTask);
  EXPECT_TRUE(Caller.sameContext(RelState()));
}

TEST(RelState, CalleeSleepKeepsTheCallersIrqs) {
  RelState Sleeps;
  Sleeps.apply(Effect::MaySleep, 0);
  RelState Off, On, Inherited;
  Off.apply(Effect::IrqDisable, 0);
  Off.applyCallee(Sleeps, 1);
  EXPECT_EQ(Off.Irq, IrqRel::Off);
  On.apply(Effect::IrqEnable, 0);
  On.applyCallee(Sleeps, 1);
  EXPECT_EQ(On.Irq, IrqRel::On);
  EXPECT_EQ(On.WhyIrq, 0);
  Inherited.applyCallee(Sleeps, 1);
  EXPECT_EQ(Inherited.Irq, IrqRel::SleptOn);
  EXPECT_EQ(Inherited.WhyIrq, 1);
}

TEST(RelState, SleepCountsFromTheDepthItHappenedAt) {
  AbsState HeldByCaller;
  HeldByCaller.Preempt = Level::Off;
  HeldByCaller.Irqs = Level::On;

  RelState S;
  S.apply(Effect::MaySleep, 0);
  // A callee that sleeps on a path not taken under the caller's lock.
  EXPECT_EQ(compose(HeldByCaller, S).Preempt, Level::Off);
  S.apply(Effect::PreemptDisable, 1);
  S.apply(Effect::PreemptEnable, 2);
  S.apply(Effect::PreemptEnable, 3);
  // Released more than it held after sleeping: a path that cannot run.
  EXPECT_EQ(compose(process(), S).Preempt, Level::Unknown);

  RelState Released;
  Released.apply(Effect::PreemptEnable, 0);
  Released.apply(Effect::MaySleep, 1);
  EXPECT_EQ(Released.SleepDepth, -1);
  EXPECT_TRUE(compose(HeldByCaller, Released).preemptible());
  Released.apply(Effect::PreemptDisable, 2);
  EXPECT_EQ(compose(HeldByCaller, Released).Preempt, Level::Off);
}

TEST(RelState, UserAccessesDoNotSleepWithPageFaultsDisabled) {
  RelState Peek; // is_prefetch(): get_user() under pagefault_disable()
  Peek.apply(Effect::PagefaultDisable, 0);
  Peek.apply(Effect::MayFault, 1);
  Peek.apply(Effect::PagefaultEnable, 2);
  EXPECT_FALSE(Peek.SleepEvidence);
  RelState Copy; // copy_from_user() with faults enabled may sleep
  Copy.apply(Effect::MayFault, 3);
  EXPECT_TRUE(Copy.SleepEvidence && Copy.SleepOnlyToFault);
  EXPECT_EQ(Copy.WhyPreempt, 3);
  RelState Caller; // calls that copy with page faults disabled
  Caller.apply(Effect::PagefaultDisable, 4);
  Caller.applyCallee(Copy, 5);
  EXPECT_FALSE(Caller.SleepEvidence);
  Caller.apply(Effect::PagefaultEnable, 6);
  Caller.applyCallee(Copy, 7);
  EXPECT_TRUE(Caller.SleepEvidence && Caller.SleepOnlyToFault);
  Caller.apply(Effect::MaySleep, 8); // a real sleep too
  EXPECT_FALSE(Caller.SleepOnlyToFault);
  Caller.apply(Effect::MayFault, 9);
  EXPECT_FALSE(Caller.SleepOnlyToFault);
}

TEST(RelState, ConstantArgumentsRuleOutContradictingPaths) {
  RelState TestedTrue; // the path found parameter 1 non-zero
  TestedTrue.ParamKnown = 0b10;
  TestedTrue.ParamTrue = 0b10;
  AbsState PassesFalse;
  PassesFalse.ArgKnown = 0b10;
  EXPECT_FALSE(feasible(PassesFalse, TestedTrue, {}));
  AbsState PassesTrue = PassesFalse;
  PassesTrue.ArgTrue = 0b10;
  EXPECT_TRUE(feasible(PassesTrue, TestedTrue, {}));
  EXPECT_TRUE(feasible(AbsState{}, TestedTrue, {})); // nothing passed
  EXPECT_TRUE(feasible(PassesFalse, RelState{}, {})); // nothing tested
}

TEST(RelState, OnlyWhatACallerPassesDecidesAConditionalOperation) {
  // might_sleep_if(may_block), parameter 1: the operation's path found it
  // true; only a caller passing non-zero makes it happen.
  RelState MayBlock;
  MayBlock.setFact(1, true);
  AbsState PassesOne, PassesZero, PassesNothing;
  PassesOne.ArgKnown = PassesOne.ArgTrue = 0b10;
  PassesZero.ArgKnown = 0b10;
  EXPECT_TRUE(decides(PassesOne, MayBlock, {}, 1));
  EXPECT_FALSE(decides(PassesZero, MayBlock, {}, 1));
  EXPECT_FALSE(decides(PassesNothing, MayBlock, {}, 1));
  // Without the fact (a path that assigned the parameter) nothing decides.
  EXPECT_FALSE(decides(PassesOne, RelState{}, {}, 1));
  // might_sleep_if(gfp & __GFP_DIRECT_RECLAIM), test slot 0 on parameter 0.
  const ParamTest Blocking{{0, ""}, false, 0x400, 0};
  const unsigned Slot = RelState::FirstTestSlot;
  RelState Blocks;
  Blocks.setFact(Slot, true);
  AbsState Kernel, Atomic, Field;
  Kernel.setArg({0, ""}, KnownBits::constant(0x4c0));
  Atomic.setArg({0, ""}, KnownBits::constant(0x20));
  EXPECT_TRUE(decides(Kernel, Blocks, {Blocking}, Slot));
  EXPECT_FALSE(decides(Atomic, Blocks, {Blocking}, Slot));
  EXPECT_FALSE(decides(Field, Blocks, {Blocking}, Slot)); // a mask in a field
  EXPECT_TRUE(decides(Field, Blocks, {Blocking}, -1)); // no condition
}

TEST(ParamTest, KnownBitsDecideIt) {
  const ParamTest NapiOnly{{0, ""}, true, 0b101, 0b100}; // (p & 5) == 4
  EXPECT_EQ(NapiOnly.decide(KnownBits::constant(0b100)), true);
  EXPECT_EQ(NapiOnly.decide(KnownBits::constant(0b101)), false);
  EXPECT_EQ(NapiOnly.decide({~uint64_t(0b011), 0}), false); // bit 2 is zero
  EXPECT_EQ(NapiOnly.decide({0, 0b100}), std::nullopt);      // bit 0 unknown
  EXPECT_EQ(NapiOnly.decide({0b001, 0b100}), true);
  EXPECT_EQ(NapiOnly.decide({}), std::nullopt);
  const ParamTest AnyOf{{0, ""}, false, 0b110, 0}; // p & 6
  EXPECT_EQ(AnyOf.decide({0, 0b010}), true);
  EXPECT_EQ(AnyOf.decide({0b110, 0}), false);
  EXPECT_EQ(AnyOf.decide({0b100, 0}), std::nullopt);
  const ParamTest Outside{{0, ""}, true, 0b1, 0b10}; // (p & 1) == 2: never
  EXPECT_EQ(Outside.decide({}), false);
  EXPECT_EQ(KnownBits::constant(0b10).join(KnownBits::constant(0)),
            (KnownBits{~uint64_t(0b10), 0}));
}

TEST(KnownBits, MeetKeepsWhatEitherFactKnows) {
  KnownBits Low{0b001, 0b010}, High{0b100, 0};
  EXPECT_EQ(Low.meet(High), (KnownBits{0b101, 0b010}));
  // Non-zero stays a fact only while no bit is known set.
  EXPECT_EQ(KnownBits::nonZero().meet(High), (KnownBits{0b100, 0, true}));
  EXPECT_EQ(KnownBits::nonZero().meet(Low), Low);
  // Facts that contradict leave a bit both zero and one; callers drop them.
  KnownBits Clash = KnownBits::constant(1).meet(KnownBits::constant(0));
  EXPECT_TRUE(Clash.Zero & Clash.One);
}

TEST(RelState, ConstantArgumentsDecideParameterTests) {
  // __alloc_skb(): (flags & (FCLONE | NAPI)) == NAPI, FCLONE = 1, NAPI = 4.
  const ParamTest NapiOnly{{2, ""}, true, 0b101, 0b100};
  RelState Taken;
  Taken.setFact(RelState::FirstTestSlot, true);
  EXPECT_EQ(Taken.TestKnown, 0b1);
  EXPECT_EQ(Taken.TestTrue, 0b1);
  AbsState Fclone; // alloc_skb_fclone(): flags = SKB_ALLOC_FCLONE
  Fclone.setArg({2, ""}, KnownBits::constant(0b001));
  EXPECT_TRUE(Fclone.ArgKnown & Fclone.ArgTrue & 0b100);
  EXPECT_FALSE(feasible(Fclone, Taken, {NapiOnly}));
  AbsState Napi;
  Napi.setArg({2, ""}, KnownBits::constant(0b100));
  EXPECT_TRUE(feasible(Napi, Taken, {NapiOnly}));
  AbsState Zero; // a known zero is a value too
  Zero.ArgKnown = 0b100;
  EXPECT_EQ(Zero.argBits({2, ""}), KnownBits::constant(0));
  EXPECT_FALSE(feasible(Zero, Taken, {NapiOnly}));
  // __pskb_copy_fclone(): rx_flag(skb) | (fclone ? FCLONE : 0), where
  // rx_flag() returns RX (2) or 0: NAPI is known zero, FCLONE is not known.
  AbsState Copy;
  Copy.setArg({2, ""}, KnownBits{~uint64_t(0b011), 0});
  EXPECT_FALSE(feasible(Copy, Taken, {NapiOnly}));
  EXPECT_FALSE(Copy.ArgKnown & 0b100); // zero or not, it does not say
  AbsState MaybeNapi; // nothing known of the NAPI bit
  MaybeNapi.setArg({2, ""}, KnownBits{~uint64_t(0b111), 0});
  EXPECT_TRUE(feasible(MaybeNapi, Taken, {NapiOnly}));
  EXPECT_TRUE(feasible(AbsState{}, Taken, {NapiOnly})); // nothing passed
  // `gfp & __GFP_DIRECT_RECLAIM` found false, GFP_KERNEL passed.
  const ParamTest Blocking{{0, ""}, false, 0x400, 0};
  RelState NotBlocking;
  NotBlocking.setFact(RelState::FirstTestSlot, false);
  AbsState Kernel;
  Kernel.setArg({0, ""}, KnownBits::constant(0xcc0));
  EXPECT_FALSE(feasible(Kernel, NotBlocking, {Blocking}));
  AbsState Atomic;
  Atomic.setArg({0, ""}, KnownBits::constant(0xa20));
  EXPECT_TRUE(feasible(Atomic, NotBlocking, {Blocking}));
}

TEST(KnownBits, NonZeroIsKeptOnlyWhereBothSidesHaveIt) {
  KnownBits Object = KnownBits::nonZero(); // &x: no bit known, not NULL
  EXPECT_FALSE(Object.unknown());
  EXPECT_TRUE(Object.knownNonZero());
  EXPECT_EQ(Object.join(KnownBits::constant(4)), KnownBits::nonZero());
  EXPECT_EQ(KnownBits::constant(4).join(KnownBits::constant(6)),
            (KnownBits{~uint64_t(6), 4})); // bit 2 stays known one
  EXPECT_TRUE(Object.join(KnownBits::constant(0)).unknown()); // maybe NULL
  EXPECT_TRUE(Object.join(KnownBits{}).unknown());
}

TEST(RelState, FieldsACallerSetDecideFieldTests) {
  // clockevents_register_device(): `if (!dev->cpumask)` found true.
  const ParamTest NoMask{{0, "cpumask"}, false, ~uint64_t(0), 0};
  EXPECT_EQ(NoMask.decide(KnownBits::nonZero()), true);
  EXPECT_EQ(NoMask.decide(KnownBits::constant(0)), false);
  EXPECT_EQ(NoMask.decide({}), std::nullopt);
  // NonZero says nothing of a test of some bits only.
  EXPECT_EQ((ParamTest{{0, "flags"}, false, 0b1, 0}.decide(KnownBits::nonZero())),
            std::nullopt);
  RelState Unset;
  Unset.setFact(RelState::FirstTestSlot, false);
  AbsState SetUp; // hpet_init_clockevent() stored cpumask_of(cpu)
  SetUp.setArg({0, "cpumask"}, KnownBits::nonZero());
  EXPECT_EQ(SetUp.ArgKnown, 0); // a field is not the argument
  EXPECT_FALSE(feasible(SetUp, Unset, {NoMask}));
  EXPECT_TRUE(feasible(AbsState{}, Unset, {NoMask}));
  AbsState Plain; // the argument itself says nothing of its fields
  Plain.setArg({0, ""}, KnownBits::constant(1));
  EXPECT_EQ(Plain.argBits({0, "cpumask"}), KnownBits{});
  EXPECT_TRUE(feasible(Plain, Unset, {NoMask}));
  // A caller that changed the field: setting nothing known forgets it.
  SetUp.setArg({0, "cpumask"}, {});
  EXPECT_TRUE(SetUp.ArgBits.empty());
  EXPECT_TRUE(feasible(SetUp, Unset, {NoMask}));
}

TEST(AbsState, ForgettingAFieldForgetsTheFieldsInIt) {
  AbsState S; // what a forwarding function's caller stored in &hc->evt
  S.setArg({0, "evt.cpumask"}, KnownBits::nonZero());
  S.setArg({0, "evt.rating"}, KnownBits::constant(50));
  S.setArg({0, "event"}, KnownBits::constant(1)); // not inside "evt"
  S.setArg({1, "evt.cpumask"}, KnownBits::nonZero());
  S.setArg({0, "evt"}, {}); // the function stores hc->evt as a whole
  EXPECT_EQ(S.argBits({0, "evt.cpumask"}), KnownBits{});
  EXPECT_EQ(S.argBits({0, "evt.rating"}), KnownBits{});
  EXPECT_EQ(S.argBits({0, "event"}), KnownBits::constant(1));
  EXPECT_EQ(S.argBits({1, "evt.cpumask"}), KnownBits::nonZero());
  EXPECT_TRUE(fieldWithin("evt.cpumask", "evt"));
  EXPECT_FALSE(fieldWithin("event", "evt"));
  EXPECT_EQ(joinField("", "evt"), "evt");
  EXPECT_EQ(joinField("evt", "cpumask"), "evt.cpumask");
}

TEST(RelState, ForwardedParametersCarryWhatIsKnown) {
  AbsState Entry; // the caller was passed 0 in its parameter 2
  Entry.ArgKnown = 0b100;
  RelState Path; // and found its parameter 0 non-zero
  Path.setFact(0, true);
  EXPECT_EQ(parameterValue(Entry, Path, 2), std::optional<bool>(false));
  EXPECT_EQ(parameterValue(Entry, Path, 0), std::optional<bool>(true));
  EXPECT_EQ(parameterValue(Entry, Path, 1), std::nullopt);
}

TEST(RelState, AReturnedSignIsAlsoATruth) {
  RelState S;
  EXPECT_EQ(S.returnsNegative(), std::nullopt);
  S.Returns = RetFact::Negative; // `return -ENOENT;`
  EXPECT_EQ(S.fact(RelState::RetSlot), std::optional<bool>(true));
  EXPECT_EQ(S.returnsNegative(), std::optional<bool>(true));
  S.Returns = RetFact::Positive; // `return 1;`
  EXPECT_EQ(S.fact(RelState::RetSlot), std::optional<bool>(true));
  EXPECT_EQ(S.returnsNegative(), std::optional<bool>(false));
  S.Returns = RetFact::Zero;
  EXPECT_EQ(S.returnsNegative(), std::optional<bool>(false));
  S.Returns = RetFact::NonZero; // a pointer, or a sign not known
  EXPECT_EQ(S.returnsNegative(), std::nullopt);
  // A truth set by a test forgets the sign.
  S.Returns = RetFact::Negative;
  S.setFact(RelState::RetSlot, true);
  EXPECT_EQ(S.returnsNegative(), std::nullopt);
}

TEST(RelState, FactsLiveInTheirSlots) {
  RelState S;
  S.setFact(1, true);                      // parameter 1
  S.setFact(RelState::MaxParams + 2, false); // local slot 2
  S.setFact(RelState::RetSlot, true);
  EXPECT_EQ(S.ParamKnown, 0b10);
  EXPECT_EQ(S.ParamTrue, 0b10);
  EXPECT_EQ(S.LocalKnown, 0b100);
  EXPECT_EQ(S.LocalTrue, 0);
  EXPECT_EQ(S.Returns, RetFact::NonZero);
  EXPECT_EQ(S.fact(RelState::MaxParams + 2), std::optional<bool>(false));
  EXPECT_EQ(S.fact(0), std::nullopt);
  EXPECT_FALSE(S.sameContext(RelState{}));
  // Only the parameters' facts mean something outside the function.
  RelState Outside = S.withoutLocalFacts();
  EXPECT_EQ(Outside.ParamKnown, 0b10);
  EXPECT_EQ(Outside.LocalKnown, 0);
  EXPECT_EQ(Outside.Returns, RetFact::Unknown);
  S.setFact(1, std::nullopt);
  EXPECT_EQ(S.ParamKnown, 0);
  EXPECT_EQ(S.ParamTrue, 0);
}

TEST(RelState, AJoinIsPassedOneWayPerPath) {
  RelState S;
  EXPECT_TRUE(S.setJoin(2, true));
  EXPECT_TRUE(S.setJoin(2, true));   // a loop through the same target
  EXPECT_FALSE(S.setJoin(2, false)); // elsewhere, after through: not here
  EXPECT_TRUE(S.setJoin(0, false));
  EXPECT_EQ(S.JoinKnown, 0b101);
  EXPECT_EQ(S.JoinTrue, 0b100);
  EXPECT_FALSE(S.sameContext(RelState{}));
  // Joins are about the run, not the function: they go to the summary.
  EXPECT_EQ(S.withoutLocalFacts().JoinKnown, 0b101);
}

TEST(RelState, AssertionsAreTrusted) {
  RelState S;
  S.apply(Effect::AssertIrqsDisabled, 0);
  EXPECT_EQ(compose(process(), S).Irqs, Level::Off);
  RelState P;
  P.apply(Effect::AssertPreemptDisabled, 0);
  EXPECT_EQ(compose(process(), P).Preempt, Level::Off);
}

// An asserted count moves with the disables and enables after it: a
// balanced pair leaves it, an enable past it leaves nothing asserted, in
// the function and in its caller (finish_task_switch()'s fix-up, its
// release of the runqueue lock, schedule_tail()'s preempt_enable()).
TEST(RelState, AnEnablePastTheAssertedCountEndsTheAssertion) {
  RelState S;
  S.apply(Effect::AssertPreemptDisabled, 0);
  S.apply(Effect::PreemptDisable, 1);
  S.apply(Effect::PreemptEnable, 2);
  EXPECT_EQ(compose(process(), S).Preempt, Level::Off);
  S.apply(Effect::PreemptEnable, 3);
  EXPECT_EQ(S.AssertedPreempt, 0);
  EXPECT_NE(compose(process(), S).Preempt, Level::Off);

  RelState Fixup; // the callee: asserted, then a release of one
  Fixup.apply(Effect::AssertPreemptDisabled, 0);
  Fixup.AssertedPreempt = 2; // as FORK_PREEMPT_COUNT would say
  Fixup.apply(Effect::PreemptEnable, 1);
  EXPECT_EQ(Fixup.AssertedPreempt, 1);
  RelState Tail;
  Tail.applyCallee(Fixup, 0);
  EXPECT_EQ(compose(process(), Tail).Preempt, Level::Off);
  Tail.apply(Effect::PreemptEnable, 1);
  EXPECT_NE(compose(process(), Tail).Preempt, Level::Off);
  // A caller's own assertion goes through the callee's release too.
  RelState Caller;
  Caller.apply(Effect::AssertPreemptDisabled, 0);
  RelState Release;
  Release.apply(Effect::PreemptEnable, 0);
  Caller.applyCallee(Release, 1);
  EXPECT_EQ(Caller.AssertedPreempt, 0);
}

// The kernel's sleep checks: off from a store, passed to callees, taken
// from a callee's exit, back on after a store of a running state.
TEST(RelState, SleepChecksFollowTheStoresOnThePath) {
  AbsState Boot = AbsState::fromSpec({Switch::Off, Switch::Off, Switch::On,
                                      AllKinds, Switch::Unknown, Switch::Off});
  RelState Here;
  EXPECT_TRUE(compose(Boot, Here).SleepChecksOff);
  EXPECT_TRUE(holds(ContextWord::SleepChecksOff, compose(Boot, Here)));
  Here.apply(Effect::SleepChecksOn, 0);
  EXPECT_FALSE(compose(Boot, Here).SleepChecksOff);

  RelState Callee;
  Callee.apply(Effect::SleepChecksOff, 0);
  RelState Caller;
  Caller.applyCallee(Callee, 1);
  EXPECT_EQ(Caller.SleepChecks, Switch::Off);
  EXPECT_TRUE(compose(process(), Caller).SleepChecksOff);
  EXPECT_FALSE(Caller.sameContext(RelState()));
  RelState Unchanged; // a callee that stores nothing keeps the caller's
  Caller.applyCallee(Unchanged, 2);
  EXPECT_EQ(Caller.SleepChecks, Switch::Off);
  // A context that does not read the part forgets it.
  AbsState S = compose(process(), Caller);
  EXPECT_NE(hashState(S), hashState(process()));
  keepParts(S, AbsState::AllParts & ~AbsState::part(AbsState::SleepChecksPart));
  EXPECT_FALSE(S.SleepChecksOff);
}

TEST(RelState, MigrateDisableIsTrackedSeparately) {
  RelState S;
  S.apply(Effect::MigrateDisable, 0);
  AbsState A = compose(process(), S);
  EXPECT_TRUE(A.preemptible());
  EXPECT_TRUE(A.MigrateDisabled);
  S.apply(Effect::MigrateEnable, 1);
  EXPECT_FALSE(compose(process(), S).MigrateDisabled);
}

TEST(RelState, RegionsOpenAndClose) {
  RelState S;
  EXPECT_EQ(S.Region, RelState::InheritedRegion);
  S.apply(Effect::PreemptDisable, 7);
  EXPECT_EQ(S.Region, 8);
  S.apply(Effect::IrqSave, 9); // nested: same region
  EXPECT_EQ(S.Region, 8);
  S.apply(Effect::IrqRestore, 10);
  S.apply(Effect::PreemptEnable, 11);
  EXPECT_EQ(S.Region, RelState::OpenRegion);
  RelState T;
  T.apply(Effect::IrqEnable, 3); // leaves an IRQs-off entry region
  EXPECT_EQ(T.Region, RelState::OpenRegion);
}

TEST(RelState, DepthsNoFunctionReachesOverflow) {
  RelState S;
  for (int I = 0; I < RelState::MaxDepth; ++I)
    S.apply(Effect::PreemptDisable, 0);
  EXPECT_FALSE(S.overflowed());
  for (int I = 0; I < 20; ++I)
    S.apply(Effect::PreemptDisable, 0);
  EXPECT_EQ(S.PreemptDepth, RelState::MaxDepth + 1);
  EXPECT_TRUE(S.overflowed());
  for (int I = 0; I < 40; ++I)
    S.apply(Effect::PreemptEnable, 0);
  EXPECT_EQ(S.PreemptDepth, RelState::MinDepth - 1);
  EXPECT_TRUE(S.overflowed());
}

} // namespace

namespace {

TEST(RelState, ReleasingACallersLockLeavesPreemptionUnknown) {
  RelState S;
  S.apply(Effect::PreemptDisable, 0);
  S.apply(Effect::PreemptEnable, 1); // matched: evidence
  S.apply(Effect::PreemptEnable, 2); // unmatched: the caller's disable
  EXPECT_EQ(S.PreemptDepth, -1);
  EXPECT_EQ(compose(AbsState{}, S).Preempt, Level::Unknown);
  AbsState CallerHeldIt = AbsState::fromSpec({Switch::Off, Switch::On});
  EXPECT_EQ(compose(CallerHeldIt, S).Preempt, Level::Unknown);
}

TEST(RelState, BoundKworkersArePinned) {
  AbsState Pinned =
      AbsState::fromSpec({Switch::On, Switch::On, Switch::Off});
  EXPECT_TRUE(Pinned.preemptible());
  EXPECT_TRUE(compose(Pinned, RelState{}).MigrateDisabled);
}

} // namespace

namespace {

TEST(AbsState, KindsAreNarrowedByPredicatesAndCallees) {
  ContextSpec Spec;
  Spec.Kinds = KindHardirq | KindSoftirq;
  AbsState Timer = AbsState::fromSpec(Spec);
  EXPECT_TRUE(Timer.mayBe(KindHardirq));
  EXPECT_FALSE(Timer.mayBe(KindTask));
  RelState S;
  S.apply(Effect::NotInHardirq, 0); // the false edge of in_hardirq()
  S.apply(Effect::NotInNmi, 0);
  EXPECT_EQ(compose(Timer, S).Kinds, KindSoftirq);
  // Nothing known is no kind in particular.
  EXPECT_FALSE(AbsState{}.mayBe(KindHardirq));
  RelState Caller;
  Caller.applyCallee(S, 1);
  EXPECT_EQ(Caller.KindMask, KindTask | KindSoftirq);
}

TEST(AbsState, BottomHalvesAndSimdSectionsCompose) {
  RelState S;
  S.apply(Effect::BhDisable, 0);
  S.apply(Effect::SimdBegin, 3);
  AbsState A = compose(process(), S);
  EXPECT_EQ(A.Bh, Level::Off);
  EXPECT_TRUE(A.InSimd);
  EXPECT_EQ(S.WhySimd, 3);
  S.apply(Effect::SimdBegin, 4); // nested: the outer one stays the reason
  EXPECT_EQ(S.WhySimd, 3);
  S.apply(Effect::SimdEnd, 5);
  S.apply(Effect::SimdEnd, 6);
  EXPECT_TRUE(compose(A, S).InSimd); // the caller's section goes on
  S.apply(Effect::SimdEnd, 7);
  EXPECT_FALSE(compose(A, S).InSimd); // ended the caller's section too
  S.apply(Effect::BhEnable, 8);
  EXPECT_EQ(compose(process(), S).Bh, Level::Unknown);
  RelState Guarded;
  Guarded.apply(Effect::AssertSimdUsable, 0);
  EXPECT_TRUE(compose(process(), Guarded).SimdUsable);
}

TEST(AbsState, BottomHalvesOffHoldPreemptionOff) {
  AbsState Softirq = AbsState::fromSpec({Switch::Off, Switch::On});
  Softirq.Bh = Level::Off;
  // A callee that releases its caller's lock, then sleeps: the BH disable
  // is still held, so neither says preemptible.
  RelState DropAndSleep;
  DropAndSleep.apply(Effect::PreemptEnable, 0);
  DropAndSleep.apply(Effect::MaySleep, 1);
  EXPECT_EQ(compose(Softirq, DropAndSleep).Preempt, Level::Off);
  EXPECT_FALSE(preemptDecidedLocally(Softirq, DropAndSleep));
  AbsState LockOnly = AbsState::fromSpec({Switch::Off, Switch::On});
  EXPECT_TRUE(compose(LockOnly, DropAndSleep).preemptible());
  // Released the BH disable too: the sleep decides again.
  RelState DropAll = DropAndSleep;
  DropAll.apply(Effect::BhEnable, 2);
  EXPECT_EQ(compose(Softirq, DropAll).Bh, Level::Unknown);
  EXPECT_TRUE(compose(Softirq, DropAll).preemptible());
  // What the solve keeps of a context for the levels keeps BH off, and
  // only that of the bottom halves.
  AbsState Kept = Softirq;
  keepParts(Kept, AbsState::part(AbsState::Levels));
  EXPECT_EQ(Kept.Bh, Level::Off);
  AbsState BhOn = process();
  BhOn.Bh = Level::On;
  keepParts(BhOn, AbsState::part(AbsState::Levels));
  EXPECT_EQ(BhOn.Bh, Level::Unknown);
}

TEST(AbsState, InterruptContextsHoldPreemptionOff) {
  // An hrtimer callback: hard or soft IRQ, whose count no unlock releases.
  AbsState Timer = AbsState::fromSpec({Switch::Off, Switch::Unknown});
  Timer.Kinds = KindHardirq | KindSoftirq;
  RelState DropAndSleep;
  DropAndSleep.apply(Effect::PreemptEnable, 0);
  DropAndSleep.apply(Effect::MaySleep, 1);
  EXPECT_EQ(compose(Timer, DropAndSleep).Preempt, Level::Off);
  EXPECT_FALSE(preemptDecidedLocally(Timer, DropAndSleep));
  // Where it may be a task's, the sleep decides.
  AbsState MaybeTask = Timer;
  MaybeTask.Kinds |= KindTask;
  EXPECT_TRUE(compose(MaybeTask, DropAndSleep).preemptible());
  // Kept for the levels: marked as BH off, which holds preemption off the
  // same way, and nothing of the kinds; where BH is kept, as every kind but
  // a task's.
  AbsState Kept = Timer;
  keepParts(Kept, AbsState::part(AbsState::Levels));
  EXPECT_EQ(Kept.Kinds, AllKinds);
  EXPECT_EQ(Kept.Bh, Level::Off);
  EXPECT_EQ(compose(Kept, DropAndSleep).Preempt, Level::Off);
  Kept = Timer;
  keepParts(Kept, AbsState::part(AbsState::Levels) |
                      AbsState::part(AbsState::BhPart));
  EXPECT_EQ(Kept.Kinds, AllKinds & ~KindTask);
  EXPECT_EQ(Kept.Bh, Level::Unknown);
  keepParts(MaybeTask, AbsState::part(AbsState::Levels));
  EXPECT_EQ(MaybeTask.Kinds, AllKinds);
  EXPECT_EQ(MaybeTask.Bh, Level::Unknown);
}

TEST(AbsState, BranchThatSaysBhOrIrqsOnRunsOnlyWhereTheyAre) {
  // in_interrupt() false: no bottom-half disable counted.
  RelState NotInInterrupt;
  NotInInterrupt.apply(Effect::AssertBhEnabled, 0);
  EXPECT_TRUE(NotInInterrupt.AssertedBhOn);
  AbsState RcuCallback = process();
  RcuCallback.Bh = Level::Off;
  EXPECT_EQ(composedKinds(RcuCallback, NotInInterrupt), 0);
  EXPECT_EQ(compose(RcuCallback, NotInInterrupt).Kinds, 0);
  EXPECT_EQ(composedKinds(process(), NotInInterrupt), AllKinds);
  EXPECT_EQ(compose(process(), NotInInterrupt).Kinds, AllKinds);
  // Under the function's own local_bh_disable() the branch cannot run.
  RelState Own;
  Own.apply(Effect::BhDisable, 0);
  Own.apply(Effect::AssertBhEnabled, 1);
  EXPECT_EQ(Own.KindMask, 0);
  EXPECT_FALSE(Own.AssertedBhOn);
  // irqs_disabled() false, said in a callee: the caller's IRQs were on.
  RelState Callee;
  Callee.apply(Effect::AssertIrqsEnabled, 0);
  RelState Caller;
  Caller.applyCallee(Callee, 1);
  EXPECT_TRUE(Caller.AssertedIrqsOn);
  AbsState IrqsOff = process();
  IrqsOff.Irqs = Level::Off;
  EXPECT_EQ(compose(IrqsOff, Caller).Kinds, 0);
  RelState Disabled;
  Disabled.apply(Effect::IrqDisable, 0);
  Disabled.applyCallee(Callee, 1);
  EXPECT_EQ(Disabled.KindMask, 0);
}

TEST(AbsState, EachPartIsComposedFromThePartsItNeeds) {
  // What the solve keeps of a caller's state for a callee that reads one
  // part (Program::findPartsKept()) composes to the same part.
  AbsState Softirq = process();
  Softirq.Kinds = KindSoftirq;
  Softirq.Bh = Level::Off;
  Softirq.InRcu = Softirq.InSimd = Softirq.MigrateDisabled = true;
  AbsState IrqsOff = process();
  IrqsOff.Irqs = Level::Off;
  RelState BhOn, IrqsOn, Held, Released;
  BhOn.apply(Effect::AssertBhEnabled, 0);
  IrqsOn.apply(Effect::AssertIrqsEnabled, 0);
  Held.apply(Effect::RcuReadLock, 0);
  Released.apply(Effect::PreemptEnable, 0);
  for (const AbsState &Entry : {Softirq, IrqsOff})
    for (const RelState &R : {BhOn, IrqsOn, Held, Released, RelState()})
      for (unsigned P = 0; P < AbsState::NumParts; ++P) {
        AbsState Kept = Entry;
        keepParts(Kept, partsComposedFrom(1u << P));
        unsigned Others = AbsState::AllParts & ~(1u << P);
        EXPECT_EQ(hashState(compose(Kept, R), Others),
                  hashState(compose(Entry, R), Others))
            << "part " << P;
      }
  // Kinds without the bottom halves they are composed from would differ.
  AbsState Forgot = Softirq;
  keepParts(Forgot, AbsState::part(AbsState::KindsPart));
  EXPECT_NE(compose(Forgot, BhOn).Kinds, compose(Softirq, BhOn).Kinds);
}

TEST(RelState, ContextAskedFlowsFromCallees) {
  EXPECT_TRUE(asksContext(Effect::NotInTask));
  EXPECT_TRUE(asksContext(Effect::AssertPreemptDisabled));
  EXPECT_FALSE(asksContext(Effect::PreemptDisable));
  RelState Callee;
  Callee.ContextAsked = true;
  RelState Caller;
  Caller.applyCallee(Callee, 0);
  EXPECT_TRUE(Caller.ContextAsked);
  EXPECT_FALSE(RelState().ContextAsked);
}

TEST(RelState, IrqsOffAskedOnlyWhereAPredicateTurnedThemOff) {
  // irqs_disabled()'s true branch in a function that changed nothing.
  RelState Asked;
  Asked.applyAsked(Effect::AssertIrqsDisabled, 0);
  EXPECT_EQ(Asked.Irq, IrqRel::Off);
  EXPECT_TRUE(Asked.IrqsOffAsked);
  EXPECT_FALSE(Asked.ContextAsked);
  // The caller of such a callee asked too; its own disable is no question.
  RelState Caller;
  Caller.applyCallee(Asked, 1);
  EXPECT_TRUE(Caller.IrqsOffAsked);
  Caller.apply(Effect::IrqDisable, 2);
  EXPECT_FALSE(Caller.IrqsOffAsked);
  RelState Own;
  Own.apply(Effect::IrqDisable, 0);
  Own.applyAsked(Effect::AssertIrqsDisabled, 1);
  EXPECT_FALSE(Own.IrqsOffAsked);
  // An assertion outside a branch (lockdep_assert_irqs_disabled()) is the
  // author's word, not a question ...
  RelState Asserted;
  Asserted.apply(Effect::AssertIrqsDisabled, 0);
  EXPECT_FALSE(Asserted.IrqsOffAsked);
  EXPECT_TRUE(Asserted.IrqsOffAsserted);
  EXPECT_FALSE(Asserted.sameContext(Asked));
}

TEST(RelState, ACalleesAssertionIsACallersQuestion) {
  RelState Callee;
  Callee.apply(Effect::AssertIrqsDisabled, 0);
  // ... about its entry: for a caller that had not changed IRQs, a
  // condition on the caller's context, as after an irqs_disabled() branch.
  RelState Inherited;
  Inherited.applyCallee(Callee, 1);
  EXPECT_EQ(Inherited.Irq, IrqRel::Off);
  EXPECT_TRUE(Inherited.IrqsOffAsked);
  EXPECT_FALSE(Inherited.IrqsOffAsserted);
  Inherited.applyCallee(Callee, 2); // asked stays asked
  EXPECT_TRUE(Inherited.IrqsOffAsked);
  // A caller that disabled IRQs itself holds them off.
  RelState Own;
  Own.apply(Effect::IrqDisable, 0);
  Own.applyCallee(Callee, 1);
  EXPECT_EQ(Own.Irq, IrqRel::Off);
  EXPECT_FALSE(Own.IrqsOffAsked);
  // The assertion's own function: a branch's question outweighs it, and
  // the code's own IRQ change ends it.
  RelState Branch = Callee;
  Branch.applyAsked(Effect::AssertIrqsDisabled, 1);
  EXPECT_TRUE(Branch.IrqsOffAsked);
  EXPECT_FALSE(Branch.IrqsOffAsserted);
  RelState Enabled = Callee;
  Enabled.apply(Effect::IrqEnable, 1);
  EXPECT_FALSE(Enabled.IrqsOffAsserted);
  // IRQs saved where they are off only as asked, then restored: the
  // entry's state, not off by the code.
  RelState Saved = Inherited;
  Saved.apply(Effect::IrqSave, 3);
  EXPECT_EQ(Saved.Irq, IrqRel::Off);
  EXPECT_FALSE(Saved.IrqsOffAsked);
  Saved.apply(Effect::IrqRestore, 4);
  EXPECT_EQ(Saved.Irq, IrqRel::Inherited);
  RelState SavedByCallee;
  SavedByCallee.apply(Effect::IrqSave, 0);
  RelState Caller = Inherited;
  Caller.applyCallee(SavedByCallee, 5);
  Caller.apply(Effect::IrqRestore, 6);
  EXPECT_EQ(Caller.Irq, IrqRel::Inherited);
}

// IRQs saved where the function's author asserted them off, then restored
// (here or by a callee given the flags: rcu_cpu_starting()), are as
// asserted again, which the caller takes as a question, not as IRQs the
// function left disabled.
TEST(RelState, ARestoredAssertionIsAnAssertion) {
  RelState Starting;
  Starting.apply(Effect::AssertIrqsDisabled, 0);
  Starting.apply(Effect::IrqSave, 1);
  EXPECT_FALSE(Starting.IrqsOffAsserted);
  EXPECT_EQ(Starting.SavedAsserted, 1);
  RelState ReportRestoring;
  ReportRestoring.apply(Effect::IrqRestore, 0);
  Starting.applyCallee(ReportRestoring, 2);
  EXPECT_EQ(Starting.Irq, IrqRel::Off);
  EXPECT_TRUE(Starting.IrqsOffAsserted);
  EXPECT_EQ(Starting.SavedAsserted, 0);
  RelState Init;
  Init.applyCallee(Starting, 0);
  EXPECT_TRUE(Init.IrqsOffAsked);
  // So does a caller that slept before: the sleep said IRQs were on, its
  // code did not change them.
  RelState Slept;
  Slept.apply(Effect::MaySleep, 0);
  ASSERT_EQ(Slept.Irq, IrqRel::SleptOn);
  Slept.applyCallee(Starting, 1);
  EXPECT_TRUE(Slept.IrqsOffAsked);
  // A state the code disabled stays so when restored.
  RelState Own;
  Own.apply(Effect::IrqDisable, 0);
  Own.apply(Effect::IrqSave, 1);
  Own.apply(Effect::IrqRestore, 2);
  EXPECT_EQ(Own.Irq, IrqRel::Off);
  EXPECT_FALSE(Own.IrqsOffAsserted);
}

TEST(RelState, AnObjectStateIsThePathsOwn) {
  RelState Last;
  Last.apply(Effect::LastReference, 4);
  Last.apply(Effect::NotSetUp, 5);
  EXPECT_EQ(Last.WhyObjectState, 4);
  EXPECT_FALSE(Last.sameContext(RelState{}));
  RelState Other;
  Other.apply(Effect::NotSetUp, 6);
  EXPECT_EQ(Other.WhyObjectState, 6);
  EXPECT_TRUE(Last.sameContext(Other));
  // A caller's path is not its callee's: put_event()'s free is not its
  // caller's last reference.
  RelState Caller;
  Caller.applyCallee(Last, 0);
  EXPECT_EQ(Caller.WhyObjectState, -1);
  EXPECT_TRUE(Caller.sameContext(RelState{}));
}

TEST(CheckRule, WrongInUnlessExcused) {
  CheckRule R;
  R.WrongIn = {ContextWord::Nmi, ContextWord::Hardirq};
  R.Unless = {ContextWord::SimdUsable};
  ContextSpec Spec;
  Spec.Kinds = KindHardirq;
  AbsState Irq = AbsState::fromSpec(Spec);
  EXPECT_EQ(wrongIn(R, Irq), ContextWord::Hardirq);
  Irq.SimdUsable = true;
  EXPECT_EQ(wrongIn(R, Irq), std::nullopt);
  EXPECT_EQ(wrongIn(R, process()), std::nullopt);
  CheckRule Percpu;
  Percpu.WrongIn = {ContextWord::Preemptible};
  Percpu.Unless = {ContextWord::Pinned};
  Percpu.UnlessAccess = {PercpuAccess::Read};
  AbsState Pinned = AbsState::fromSpec({Switch::On, Switch::On, Switch::Off});
  EXPECT_EQ(wrongIn(Percpu, Pinned, PercpuAccess::Read), std::nullopt);
  EXPECT_EQ(wrongIn(Percpu, Pinned, PercpuAccess::ReadModifyWrite),
            ContextWord::Preemptible);
}

} // namespace

TEST(StateList, EqualListsAreOneCopy) {
  RelState Held;
  Held.PreemptDepth = 1;
  std::vector<RelState> Two = {RelState(), Held};
  StateList A = Two, B = {RelState(), Held}, Other = {Held, RelState()};
  EXPECT_EQ(A, B);
  EXPECT_EQ(A.items().data(), B.items().data());
  EXPECT_NE(A, Other);
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[1].PreemptDepth, 1);
  EXPECT_EQ(Other.front().PreemptDepth, 1);
  // Any field tells two states apart.
  RelState Returns;
  Returns.Returns = RetFact::Zero;
  EXPECT_NE(StateList{Returns}, StateList{RelState()});
  EXPECT_TRUE(StateList().empty());
  EXPECT_EQ(StateList(std::vector<RelState>()), StateList());
}

TEST(InternedList, ArgFactsDifferInAnyField) {
  ArgFactList A = {{ArgRef{0, "flags"}, KnownBits::constant(4)}};
  ArgFactList B = ArgFacts{{ArgRef{0, "flags"}, KnownBits::constant(4)}};
  EXPECT_EQ(A.items().data(), B.items().data());
  EXPECT_NE(A, ArgFactList({{ArgRef{1, "flags"}, KnownBits::constant(4)}}));
  EXPECT_NE(A, ArgFactList({{ArgRef{0, "flag"}, KnownBits::constant(4)}}));
  EXPECT_NE(A, ArgFactList({{ArgRef{0, "flags"}, KnownBits::constant(5)}}));
  EXPECT_NE(ArgFactList({{ArgRef{0, ""}, KnownBits::nonZero()}}),
            ArgFactList({{ArgRef{0, ""}, KnownBits()}}));
  // A field's name is not read into the next fact's bytes.
  EXPECT_NE(ArgFactList(
                {{ArgRef{0, "a"}, KnownBits()}, {ArgRef{0, "b"}, KnownBits()}}),
            ArgFactList({{ArgRef{0, "ab"}, KnownBits()}}));
}
