#include "engine/ContextState.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <type_traits>

namespace kharden {

/// One past the bounds marks an overflowed state; int8_t must not wrap.
static int8_t clampDepth(int V) {
  return static_cast<int8_t>(
      std::clamp<int>(V, RelState::MinDepth - 1, RelState::MaxDepth + 1));
}

bool RelState::sameContext(const RelState &O) const {
  return PreemptDepth == O.PreemptDepth && MigrateDepth == O.MigrateDepth &&
         Irq == O.Irq && SleepEvidence == O.SleepEvidence &&
         SleepOnlyToFault == O.SleepOnlyToFault &&
         SleptUnheld == O.SleptUnheld && PagefaultDepth == O.PagefaultDepth &&
         SleepDepth == O.SleepDepth && ParamKnown == O.ParamKnown &&
         ParamTrue == O.ParamTrue && ParamChanged == O.ParamChanged &&
         LocalKnown == O.LocalKnown && LocalTrue == O.LocalTrue &&
         TestKnown == O.TestKnown && TestTrue == O.TestTrue &&
         JoinKnown == O.JoinKnown && JoinTrue == O.JoinTrue &&
         Returns == O.Returns && EnableEvidence == O.EnableEvidence &&
         AssertedPreempt == O.AssertedPreempt &&
         AssertedPinned == O.AssertedPinned &&
         UnmatchedRestores == O.UnmatchedRestores &&
         SavedCount == O.SavedCount && SavedAsserted == O.SavedAsserted &&
         Region == O.Region && KindMask == O.KindMask && BhDepth == O.BhDepth &&
         AssertedBhOn == O.AssertedBhOn && AssertedIrqsOn == O.AssertedIrqsOn &&
         ContextAsked == O.ContextAsked && IrqsOffAsked == O.IrqsOffAsked &&
         IrqsOffAsserted == O.IrqsOffAsserted && SimdDepth == O.SimdDepth &&
         SimdUsable == O.SimdUsable && RcuDepth == O.RcuDepth &&
         SectionKind == O.SectionKind && SleepChecks == O.SleepChecks &&
         ObjectPick == O.ObjectPick &&
         (WhyObjectState >= 0) == (O.WhyObjectState >= 0) &&
         std::equal(Saved.begin(), Saved.begin() + SavedCount, O.Saved.begin());
}

namespace {
/// The known and true bit sets that hold a slot's fact, and its bit.
template <typename State> auto factBits(State &S, unsigned Slot) {
  using Bits = std::conditional_t<std::is_const_v<State>, const uint8_t,
                                  uint8_t>;
  struct Ref {
    Bits &Known, &True;
    uint8_t Bit;
  };
  if (Slot < RelState::MaxParams)
    return Ref{S.ParamKnown, S.ParamTrue, uint8_t(1u << Slot)};
  if (Slot < RelState::RetSlot)
    return Ref{S.LocalKnown, S.LocalTrue,
               uint8_t(1u << (Slot - RelState::MaxParams))};
  return Ref{S.TestKnown, S.TestTrue,
             uint8_t(1u << (Slot - RelState::FirstTestSlot))};
}
} // namespace

std::optional<bool> RelState::fact(unsigned Slot) const {
  if (Slot == RetSlot)
    return Returns == RetFact::Unknown
               ? std::nullopt
               : std::optional<bool>(Returns != RetFact::Zero);
  auto B = factBits(*this, Slot);
  if (!(B.Known & B.Bit))
    return std::nullopt;
  return bool(B.True & B.Bit);
}

void RelState::setFact(unsigned Slot, std::optional<bool> Value) {
  if (Slot == RetSlot) {
    Returns = !Value ? RetFact::Unknown
              : *Value ? RetFact::NonZero
                       : RetFact::Zero;
    return;
  }
  auto B = factBits(*this, Slot);
  B.Known = Value ? B.Known | B.Bit : B.Known & ~B.Bit;
  B.True = Value && *Value ? B.True | B.Bit : B.True & ~B.Bit;
}

std::optional<bool> RelState::returnsNegative() const {
  switch (Returns) {
  case RetFact::Negative:
    return true;
  case RetFact::Zero:
  case RetFact::Positive:
    return false;
  default:
    return std::nullopt;
  }
}

bool RelState::setJoin(unsigned Index, bool Through) {
  uint8_t Bit = uint8_t(1u << Index);
  if ((JoinKnown & Bit) && bool(JoinTrue & Bit) != Through)
    return false;
  JoinKnown |= Bit;
  JoinTrue = Through ? JoinTrue | Bit : JoinTrue & ~Bit;
  return true;
}

bool RelState::pickObjects(uint16_t Objects) {
  uint16_t Left = (ObjectPick ? ObjectPick : uint16_t(~0u)) & Objects;
  if (!Left)
    return false;
  ObjectPick = Left;
  return true;
}

RelState RelState::withoutLocalFacts() const {
  RelState S = *this;
  S.ParamChanged = S.LocalKnown = S.LocalTrue = 0;
  S.ObjectPick = 0;
  S.Returns = RetFact::Unknown;
  return S;
}

void RelState::updateRegion(bool WasAtomic, int16_t NoteId) {
  bool Atomic = locallyAtomic();
  if (Atomic && !WasAtomic)
    Region = static_cast<uint16_t>(NoteId + 1);
  else if (!Atomic && (WasAtomic || irqsTurnedOn(Irq)))
    Region = OpenRegion;
}

void RelState::apply(Effect E, int16_t NoteId) {
  bool WasAtomic = locallyAtomic();
  bool Inherited = Irq == IrqRel::Inherited;
  applyEffect(E, NoteId);
  updateRegion(WasAtomic, NoteId);
  if (E == Effect::AssertIrqsDisabled && Inherited && Irq == IrqRel::Off)
    IrqsOffAsserted = true;
}

void RelState::applyAsked(Effect E, int16_t NoteId) {
  apply(E, NoteId);
  ContextAsked |= asksContext(E);
  if (IrqsOffAsserted && E == Effect::AssertIrqsDisabled) {
    IrqsOffAsked = true;
    IrqsOffAsserted = false;
  }
}

void RelState::applyEffect(Effect E, int16_t NoteId) {
  IrqRel Before = savedIrq();
  bool WasAsserted = IrqsOffAsserted;
  // The code's own IRQ state from here.
  if (E == Effect::IrqDisable || E == Effect::IrqEnable ||
      E == Effect::IrqSave || E == Effect::IrqRestore ||
      E == Effect::IrqAsInterrupted)
    IrqsOffAsked = IrqsOffAsserted = false;
  switch (E) {
  case Effect::PreemptDisable:
    PreemptDepth = clampDepth(PreemptDepth + 1);
    stepAssertedPreempt(1);
    return;
  case Effect::PreemptEnable:
    PreemptDepth = clampDepth(PreemptDepth - 1);
    stepAssertedPreempt(-1);
    // After the enable that matches a disable, the code runs where the
    // author expects preemption (KERNEL-FACTS section 3).
    if (PreemptDepth == 0 && !EnableEvidence) {
      EnableEvidence = true;
      if (!SleepEvidence)
        WhyPreempt = NoteId;
    }
    return;
  case Effect::IrqDisable:
    Irq = IrqRel::Off;
    return;
  case Effect::IrqEnable:
    Irq = IrqRel::On;
    WhyIrq = NoteId;
    return;
  case Effect::IrqAsInterrupted:
    Irq = IrqRel::Interrupted;
    WhyIrq = NoteId;
    return;
  case Effect::IrqSave:
    pushSaved(Before, WasAsserted);
    Irq = IrqRel::Off;
    return;
  case Effect::IrqRestore:
    if (SavedCount) {
      --SavedCount;
      Irq = Saved[SavedCount];
      IrqsOffAsserted = SavedAsserted >> SavedCount & 1;
      SavedAsserted &= ~(1u << SavedCount);
    } else {
      // Restores flags saved by a caller: back to the caller's state.
      Irq = IrqRel::Inherited;
      UnmatchedRestores = std::min<int>(UnmatchedRestores + 1, MaxSaved);
    }
    return;
  case Effect::MigrateDisable:
    MigrateDepth = clampDepth(MigrateDepth + 1);
    return;
  case Effect::MigrateEnable:
    MigrateDepth = clampDepth(MigrateDepth - 1);
    return;
  case Effect::PagefaultDisable:
    PagefaultDepth = clampDepth(PagefaultDepth + 1);
    return;
  case Effect::PagefaultEnable:
    PagefaultDepth = clampDepth(PagefaultDepth - 1);
    return;
  case Effect::MayFault:
    if (PagefaultDepth > 0)
      return;
    if (!SleepEvidence) {
      bool Unheld = SleptUnheld; // a fault is no certain sleep
      applyEffect(Effect::MaySleep, NoteId);
      SleepOnlyToFault = SleepEvidence;
      SleptUnheld = Unheld;
    }
    return;
  case Effect::MaySleep:
  case Effect::MaySchedule:
    // Sleeping is legal only with preemption and IRQs on; code that sleeps
    // where it holds them off is a different bug, not evidence. Entering
    // the scheduler needs only the count at zero: arm64's do_notify_resume()
    // calls schedule() with IRQs masked.
    if (locallyAtomic())
      return;
    SleptUnheld |= holdsNothing();
    SleepOnlyToFault = false;
    if (!SleepEvidence) {
      WhyPreempt = NoteId;
      SleepDepth = PreemptDepth;
    }
    SleepEvidence = true;
    if (E == Effect::MaySleep && Irq == IrqRel::Inherited) {
      Irq = IrqRel::SleptOn;
      WhyIrq = NoteId;
    }
    return;
  case Effect::AssertIrqsDisabled:
    if (Irq == IrqRel::Inherited)
      Irq = IrqRel::Off;
    return;
  case Effect::AssertPinned:
    AssertedPinned = true;
    return;
  case Effect::AssertPreemptDisabled:
    if (PreemptDepth <= 0)
      AssertedPreempt = std::max<uint8_t>(AssertedPreempt, 1);
    return;
  case Effect::BhDisable:
    BhDepth = clampDepth(BhDepth + 1);
    return;
  case Effect::BhEnable:
    BhDepth = clampDepth(BhDepth - 1);
    return;
  case Effect::AssertBhEnabled:
    assertBhOn();
    return;
  case Effect::AssertIrqsEnabled:
    assertIrqsOn();
    return;
  case Effect::NotInTask:
    KindMask &= ~KindTask;
    return;
  case Effect::NotInSoftirq:
    KindMask &= ~KindSoftirq;
    return;
  case Effect::NotInHardirq:
    KindMask &= ~KindHardirq;
    return;
  case Effect::NotInNmi:
    KindMask &= ~KindNmi;
    return;
  case Effect::SimdBegin:
    if (SimdDepth <= 0)
      WhySimd = NoteId;
    SimdDepth = clampDepth(SimdDepth + 1);
    return;
  case Effect::SimdEnd:
    SimdDepth = clampDepth(SimdDepth - 1);
    return;
  case Effect::AssertSimdUsable:
    SimdUsable = true;
    return;
  case Effect::RcuReadLock:
    if (RcuDepth <= 0)
      WhyRcu = NoteId;
    RcuDepth = clampDepth(RcuDepth + 1);
    return;
  case Effect::RcuReadUnlock:
    RcuDepth = clampDepth(RcuDepth - 1);
    return;
  case Effect::HardirqEnter:
  case Effect::NmiEnter:
    SectionKind = E == Effect::NmiEnter ? KindNmi : KindHardirq;
    WhySection = NoteId;
    return;
  case Effect::HardirqExit:
  case Effect::NmiExit:
    leaveSection();
    return;
  case Effect::SleepChecksOff:
    SleepChecks = Switch::Off;
    return;
  case Effect::SleepChecksOn:
    SleepChecks = Switch::On;
    return;
  case Effect::LastReference:
  case Effect::NotSetUp:
    if (WhyObjectState < 0)
      WhyObjectState = NoteId;
    return;
  }
}

void RelState::stepAssertedPreempt(int By) {
  if (AssertedPreempt)
    AssertedPreempt =
        uint8_t(std::clamp<int>(AssertedPreempt + By, 0, MaxDepth));
}

// Where the function holds the disable itself, the predicate's branch
// cannot run (no kind of context has it); where it released its caller's,
// the branch says nothing of the caller's context.
void RelState::assertBhOn() {
  if (BhDepth > 0)
    KindMask = 0;
  else if (BhDepth == 0)
    AssertedBhOn = true;
}

void RelState::assertIrqsOn() {
  if (Irq == IrqRel::Off)
    KindMask = 0;
  else if (Irq == IrqRel::Inherited && UnmatchedRestores == 0)
    AssertedIrqsOn = true;
}

void RelState::pushSaved(IrqRel I, bool Asserted) {
  if (SavedCount == MaxSaved)
    return;
  Saved[SavedCount] = I;
  SavedAsserted |= uint8_t(Asserted) << SavedCount;
  ++SavedCount;
}

void RelState::applyCallee(const RelState &Exit, int16_t NoteId) {
  bool WasAtomic = locallyAtomic();
  applyCalleeEffect(Exit, NoteId);
  updateRegion(WasAtomic, NoteId);
}

bool RelState::holdsNothing() const {
  return PreemptDepth == 0 && Irq == IrqRel::Inherited && !AssertedPreempt &&
         UnmatchedRestores == 0;
}

void RelState::applyCalleeEffect(const RelState &Exit, int16_t NoteId) {
  bool HeldNothing = holdsNothing();
  // What the callee's predicates said of its entry is said of this point.
  if (Exit.AssertedBhOn)
    assertBhOn();
  if (Exit.AssertedIrqsOn)
    assertIrqsOn();
  // The callee first restored flags its caller (we) saved ...
  for (unsigned I = 0; I < Exit.UnmatchedRestores; ++I)
    applyEffect(Effect::IrqRestore, NoteId);
  // ... then saved some of its own, relative to our current state ...
  for (unsigned I = 0; I < Exit.SavedCount; ++I) {
    if (Exit.Saved[I] == IrqRel::Inherited)
      pushSaved(savedIrq(), IrqsOffAsserted);
    else
      pushSaved(Exit.Saved[I], false);
  }
  // ... and left IRQs as it says, or as it found them. A sleep tells only
  // where they were inherited: it is no evidence against ours.
  if (Exit.Irq == IrqRel::SleptOn) {
    if (Irq == IrqRel::Inherited) {
      Irq = IrqRel::SleptOn;
      WhyIrq = NoteId;
    }
  } else if (Exit.Irq != IrqRel::Inherited) {
    // An assertion on what the callee inherited speaks of our context
    // where our code had not changed IRQs either (a sleep only said they
    // were on: 6.12's rcu_init() calls rcutree_prepare_cpu(), which may
    // sleep, before rcutree_report_cpu_starting(), which asserts them off).
    IrqsOffAsked =
        Exit.IrqsOffAsked ||
        (Exit.IrqsOffAsserted &&
         (Irq == IrqRel::Inherited || Irq == IrqRel::SleptOn || IrqsOffAsked));
    Irq = Exit.Irq;
    if (Irq == IrqRel::On)
      WhyIrq = NoteId;
  }
  int Before = PreemptDepth;
  SleptUnheld |= Exit.SleptUnheld && HeldNothing;
  PreemptDepth = clampDepth(PreemptDepth + Exit.PreemptDepth);
  MigrateDepth = clampDepth(MigrateDepth + Exit.MigrateDepth);
  bool FaultsDisabled = PagefaultDepth > 0;
  PagefaultDepth = clampDepth(PagefaultDepth + Exit.PagefaultDepth);
  if (Exit.SleepEvidence && Before <= 0 && Irq != IrqRel::Off &&
      !(Exit.SleepOnlyToFault && FaultsDisabled)) {
    if (!SleepEvidence) {
      WhyPreempt = NoteId;
      SleepDepth = clampDepth(Before + Exit.SleepDepth);
      SleepOnlyToFault = Exit.SleepOnlyToFault;
    } else {
      SleepOnlyToFault &= Exit.SleepOnlyToFault;
    }
    SleepEvidence = true;
  }
  // A callee's own balanced disable/enable says nothing about our context:
  // only sleeping does. What it asserted holds after our own assertion
  // went through its disables and enables.
  stepAssertedPreempt(Exit.PreemptDepth);
  if (PreemptDepth <= 0)
    AssertedPreempt = std::max(AssertedPreempt, Exit.AssertedPreempt);
  ContextAsked |= Exit.ContextAsked;
  AssertedPinned |= Exit.AssertedPinned; // the same task
  KindMask &= Exit.KindMask;
  if (Exit.SectionKind == SectionLeft) {
    leaveSection();
  } else if (Exit.SectionKind) {
    SectionKind = Exit.SectionKind;
    WhySection = NoteId;
  }
  BhDepth = clampDepth(BhDepth + Exit.BhDepth);
  if (SimdDepth <= 0 && Exit.SimdDepth > 0)
    WhySimd = NoteId;
  SimdDepth = clampDepth(SimdDepth + Exit.SimdDepth);
  SimdUsable |= Exit.SimdUsable;
  if (RcuDepth <= 0 && Exit.RcuDepth > 0)
    WhyRcu = NoteId;
  RcuDepth = clampDepth(RcuDepth + Exit.RcuDepth);
  if (Exit.SleepChecks != Switch::Unknown) // a global the callee stored
    SleepChecks = Exit.SleepChecks;
}

AbsState AbsState::fromSpec(const ContextSpec &Spec) {
  AbsState S;
  auto LevelOf = [](Switch W) {
    return W == Switch::On ? Level::On
           : W == Switch::Off ? Level::Off
                              : Level::Unknown;
  };
  S.Preempt = LevelOf(Spec.Preempt);
  S.Irqs = LevelOf(Spec.Irqs);
  S.MigrateDisabled = Spec.Migration == Switch::Off;
  S.Kinds = Spec.Kinds;
  S.Bh = LevelOf(Spec.Bh);
  S.SleepChecksOff = Spec.SleepChecks == Switch::Off;
  return S;
}

/// Whether a may-sleep point decides preemption here. It does not where the
/// caller is known to hold preemption off that this function never released
/// before sleeping: the sleep is then on a path not taken there (put_event()
/// that never drops the last reference), or a sleep-in-atomic bug that is
/// not this check's to report.
static bool sleepDecides(const AbsState &Entry, const RelState &R) {
  return R.SleepEvidence &&
         (Entry.Preempt != Level::Off || R.SleepDepth < 0);
}

/// The count was zero at the may-sleep point, so it is the disables taken
/// since; fewer than zero is a path that cannot run (a join of branches that
/// test the same condition).
static Level levelAfterSleep(const RelState &R) {
  if (R.PreemptDepth > R.SleepDepth)
    return Level::Off;
  return R.PreemptDepth == R.SleepDepth ? Level::On : Level::Unknown;
}

std::optional<bool> ParamTest::decide(const KnownBits &B) const {
  if (relation())
    return std::nullopt;
  // A non-zero value with no bit known outside Mask has one inside it.
  bool Differs = (Value & ~Mask) ||
                 (((B.One & ~Value) | (B.Zero & Value)) & Mask) ||
                 (B.NonZero && Value == 0 && (Mask | B.Zero) == ~uint64_t(0));
  if (Differs)
    return !Equal;
  if (((B.Zero | B.One) & Mask) == Mask)
    return Equal;
  return std::nullopt;
}

KnownBits ParamTest::knownWhen(bool Holds) const {
  if (relation() || (Value & ~Mask))
    return {};
  bool Matches = Holds == Equal; // `(Arg & Mask) == Value` holds
  if (Matches)
    return {Mask & ~Value, Mask & Value};
  if (llvm::has_single_bit(Mask)) // the one bit is the other way
    return {Mask & Value, Mask & ~Value};
  if (Value == 0 && Mask == ~uint64_t(0))
    return KnownBits::nonZero();
  return {};
}

KnownBits passedBits(uint8_t ArgKnown, uint8_t ArgTrue,
                     llvm::ArrayRef<std::pair<ArgRef, KnownBits>> Bits,
                     const ArgRef &A) {
  if (A.Field.empty() && ((ArgKnown & ~ArgTrue) & (1u << A.Index)))
    return KnownBits::constant(0); // ArgBits leave known zeros out
  for (const auto &[Ref, B] : Bits)
    if (Ref == A)
      return B;
  // ArgBits leave out a pointer known only not to be NULL (`&obj->lock`).
  if (A.Field.empty() && (ArgKnown & ArgTrue & (1u << A.Index)))
    return KnownBits::nonZero();
  return {};
}

std::string describe(const KnownBits &B) {
  if (B.NonZero)
    return "nonzero";
  std::string Out;
  llvm::raw_string_ostream(Out) << "zero " << llvm::format_hex(B.Zero, 2)
                                << " one " << llvm::format_hex(B.One, 2);
  return Out;
}

size_t hashState(const AbsState &S, unsigned Forget) {
  auto Has = [&](AbsState::Part P) { return !(Forget & (1u << P)); };
  // The parts as words, hashed once: the solve hashes every state a call
  // gives a callee, and a hash_combine per part hashes again all before it.
  llvm::SmallVector<uint64_t, 16> W;
  auto Add = [&](uint64_t Tag, uint64_t V) { W.push_back(Tag << 56 | V); };
  if (Has(AbsState::Levels))
    Add(0, uint64_t(S.Preempt) << 8 | uint64_t(S.Irqs));
  if (Has(AbsState::Migrate))
    Add(1, S.MigrateDisabled);
  if (Has(AbsState::Constants))
    Add(2, uint64_t(S.ArgKnown) << 8 | S.ArgTrue);
  for (const auto &[A, B] : S.ArgBits)
    if (Has(A.Field.empty() ? AbsState::Bits : AbsState::FieldBits)) {
      Add(3, uint64_t(A.Index) << 1 | B.NonZero);
      if (!A.Field.empty())
        W.push_back(llvm::hash_value(A.Field));
      W.append({B.Zero, B.One});
    }
  if (Has(AbsState::FnArgsPart))
    for (const auto &[P, F] : S.FnArgs)
      Add(4, uint64_t(P) << 32 | F);
  if (Has(AbsState::KindsPart))
    Add(5, S.Kinds);
  if (Has(AbsState::BhPart))
    Add(6, uint64_t(S.Bh));
  if (Has(AbsState::Simd))
    Add(7, uint64_t(S.InSimd) << 1 | S.SimdUsable);
  if (Has(AbsState::Rcu))
    Add(8, S.InRcu);
  if (Has(AbsState::ChainPart))
    Add(9, S.Chain);
  if (Has(AbsState::SleepChecksPart))
    Add(10, S.SleepChecksOff);
  return llvm::hash_combine_range(W.begin(), W.end());
}

KnownBits AbsState::argBits(const ArgRef &A) const {
  return passedBits(ArgKnown, ArgTrue, ArgBits, A);
}

std::string joinField(llvm::StringRef Prefix, llvm::StringRef Name) {
  return Prefix.empty() ? Name.str() : (Prefix + "." + Name).str();
}

bool fieldWithin(llvm::StringRef Inner, llvm::StringRef Outer) {
  return Outer.empty() || Inner == Outer ||
         (Inner.starts_with(Outer) && Inner[Outer.size()] == '.');
}

void AbsState::setArg(const ArgRef &A, KnownBits B) {
  auto It = llvm::partition_point(
      ArgBits, [&](const auto &P) { return P.first < A; });
  bool Found = It != ArgBits.end() && It->first == A;
  if (B.unknown() && !A.Field.empty()) {
    llvm::erase_if(ArgBits, [&](const auto &P) {
      return P.first.Index == A.Index && fieldWithin(P.first.Field, A.Field);
    });
  } else if (B.unknown()) {
    if (Found)
      ArgBits.erase(It);
  } else if (Found) {
    It->second = B;
  } else {
    ArgBits.insert(It, {A, B});
  }
  if (!A.Field.empty())
    return;
  uint8_t Bit = uint8_t(1u << A.Index);
  if (std::optional<bool> Truth = B.truth()) {
    ArgKnown |= Bit;
    ArgTrue = *Truth ? ArgTrue | Bit : ArgTrue & uint8_t(~Bit);
  }
}

std::optional<uint32_t> AbsState::fnArg(uint8_t Param) const {
  for (const auto &[P, F] : FnArgs)
    if (P == Param)
      return F;
  return std::nullopt;
}

void AbsState::setFnArg(uint8_t Param, uint32_t Function) {
  auto It = llvm::partition_point(
      FnArgs, [&](const auto &P) { return P.first < Param; });
  if (It != FnArgs.end() && It->first == Param)
    It->second = Function;
  else
    FnArgs.insert(It, {Param, Function});
}

bool feasible(const AbsState &Entry, const RelState &R,
              llvm::ArrayRef<ParamTest> Tests) {
  if (Entry.ArgKnown & R.ParamKnown & (Entry.ArgTrue ^ R.ParamTrue))
    return false;
  for (unsigned I = 0; I < Tests.size() && I < RelState::MaxTests; ++I)
    if (std::optional<bool> Found = R.fact(RelState::FirstTestSlot + I))
      if (std::optional<bool> Holds = Tests[I].decide(Entry.argBits(Tests[I].Arg));
          Holds && *Holds != *Found)
        return false;
  return true;
}

bool decides(const AbsState &Entry, const RelState &R,
             llvm::ArrayRef<ParamTest> Tests, int Slot) {
  if (Slot < 0)
    return true;
  std::optional<bool> Found = R.fact(unsigned(Slot)), Passed;
  if (unsigned(Slot) < RelState::MaxParams)
    Passed = Entry.argBits({uint8_t(Slot), ""}).truth();
  else if (unsigned I = Slot - RelState::FirstTestSlot; I < Tests.size())
    Passed = Tests[I].decide(Entry.argBits(Tests[I].Arg));
  return Found && Passed == Found;
}

std::optional<bool> parameterValue(const AbsState &Entry, const RelState &R,
                                   unsigned Param) {
  if (std::optional<bool> Tested = R.fact(Param))
    return Tested;
  if (Entry.ArgKnown & (1u << Param))
    return bool(Entry.ArgTrue & (1u << Param));
  return std::nullopt;
}

bool sleepChecksOff(const AbsState &Entry, const RelState &R) {
  return R.SleepChecks == Switch::Unknown ? Entry.SleepChecksOff
                                          : R.SleepChecks == Switch::Off;
}

uint8_t composedKinds(const AbsState &Entry, const RelState &R) {
  // A predicate's branch that says BH or IRQs are on where the context
  // holds them off cannot run there.
  bool RuledOut = (R.AssertedBhOn && Entry.Bh == Level::Off) ||
                  (R.AssertedIrqsOn && Entry.Irqs == Level::Off);
  if (RuledOut || !R.KindMask)
    return 0;
  if (R.SectionKind == RelState::SectionLeft)
    return AllKinds & R.KindMask; // the caller's, before its section
  return R.SectionKind ? R.SectionKind : Entry.Kinds & R.KindMask;
}

/// Bottom halves off, and a context that is not a task's (softirq, hard
/// IRQ, NMI), hold a count of preempt_count() that no preempt_enable() or
/// unlock gives back (local_bh_disable() is a preempt-disable too in the
/// kernel model; the softirq and irq_enter() raise their own): releasing a
/// caller's other disables, or a sleep after that, leaves preemption off.
/// A path no kind of context can run is off as well.
static bool contextHoldsPreemptOff(const AbsState &S) {
  return S.Bh == Level::Off || !(S.Kinds & KindTask);
}

AbsState compose(const AbsState &Entry, const RelState &R) {
  AbsState S;
  switch (R.Irq) {
  case IrqRel::On: S.Irqs = Level::On; break;
  case IrqRel::Off: S.Irqs = Level::Off; break;
  case IrqRel::Inherited: S.Irqs = Entry.Irqs; break;
  case IrqRel::SleptOn:
    S.Irqs = Entry.Irqs == Level::Off ? Level::Off : Level::On;
    break;
  case IrqRel::Interrupted:
    S.Irqs = Level::Unknown;
    break;
  }
  if (R.PreemptDepth > 0 || R.AssertedPreempt > 0)
    S.Preempt = Level::Off;
  else if (sleepDecides(Entry, R))
    S.Preempt = levelAfterSleep(R);
  else if (R.PreemptDepth < 0)
    S.Preempt = Level::Unknown; // released what a caller held: depends on it
  else if (Entry.Preempt != Level::Unknown)
    S.Preempt = Entry.Preempt;
  else
    S.Preempt = R.EnableEvidence ? Level::On : Level::Unknown;
  S.MigrateDisabled = R.AssertedPinned || R.MigrateDepth > 0 ||
                      (R.MigrateDepth == 0 && Entry.MigrateDisabled);
  S.Kinds = composedKinds(Entry, R);
  S.Bh = R.BhDepth > 0   ? Level::Off
         : R.BhDepth < 0 ? Level::Unknown // released a caller's disable
                         : Entry.Bh;
  if (contextHoldsPreemptOff(S))
    S.Preempt = Level::Off;
  S.InSimd = R.SimdDepth > 0 || (R.SimdDepth == 0 && Entry.InSimd);
  S.SimdUsable = R.SimdUsable || Entry.SimdUsable;
  S.InRcu = R.RcuDepth > 0 || (R.RcuDepth == 0 && Entry.InRcu);
  S.SleepChecksOff = sleepChecksOff(Entry, R);
  return S;
}

bool irqsDecidedLocally(const AbsState &Entry, const RelState &R) {
  return R.Irq == IrqRel::SleptOn ? Entry.Irqs != Level::Off
                                  : R.Irq != IrqRel::Inherited;
}

bool preemptDecidedLocally(const AbsState &Entry, const RelState &R) {
  if (contextHoldsPreemptOff(compose(Entry, R)))
    return false;
  return sleepDecides(Entry, R) ||
         (R.EnableEvidence && R.PreemptDepth == 0 &&
          Entry.Preempt == Level::Unknown);
}

static const char *levelText(Level L) {
  switch (L) {
  case Level::Unknown: return "unknown";
  case Level::Off: return "off";
  case Level::On: return "on";
  }
  return "?";
}

std::string describe(const AbsState &S) {
  std::string Out = "preemption ";
  Out += levelText(S.Preempt);
  Out += ", IRQs ";
  Out += levelText(S.Irqs);
  if (S.MigrateDisabled)
    Out += ", migration disabled";
  if (S.Kinds != AllKinds) {
    Out += ", kind";
    for (ContextKind K : EveryKind)
      if (S.Kinds & K)
        Out += (" " + kindName(K)).str();
  }
  if (S.Bh != Level::Unknown)
    Out += std::string(", BH ") + levelText(S.Bh);
  if (S.InSimd)
    Out += ", in an FPU/SIMD section";
  if (S.SimdUsable)
    Out += ", FPU/SIMD usable";
  if (S.InRcu)
    Out += ", in an RCU read-side section";
  if (S.SleepChecksOff)
    Out += ", sleep checks off";
  return Out;
}

unsigned partsComposedFrom(unsigned Parts) {
  if (Parts & AbsState::part(AbsState::KindsPart))
    Parts |=
        AbsState::part(AbsState::BhPart) | AbsState::part(AbsState::Levels);
  return Parts;
}

void keepParts(AbsState &S, unsigned Keep) {
  auto Forgets = [&](AbsState::Part P) { return !(Keep & AbsState::part(P)); };
  if (Forgets(AbsState::Migrate))
    S.MigrateDisabled = false;
  // Where the levels are kept, so are BH off and a context that is not a
  // task's: compose() reads them for the preemption they hold off. Where
  // nothing reads either, one mark says both (BH off), so that the
  // contexts they would tell apart stay one.
  bool Levels = !Forgets(AbsState::Levels);
  if (Forgets(AbsState::KindsPart)) {
    bool NotTask = Levels && !(S.Kinds & KindTask);
    S.Kinds = AllKinds;
    if (NotTask && Forgets(AbsState::BhPart))
      S.Bh = Level::Off;
    else if (NotTask)
      S.Kinds = AllKinds & ~KindTask;
  }
  if (Forgets(AbsState::BhPart) && !(Levels && S.Bh == Level::Off))
    S.Bh = Level::Unknown;
  if (Forgets(AbsState::Simd))
    S.InSimd = S.SimdUsable = false;
  if (Forgets(AbsState::Rcu))
    S.InRcu = false;
  if (Forgets(AbsState::ChainPart))
    S.Chain = 0;
  if (Forgets(AbsState::SleepChecksPart))
    S.SleepChecksOff = false;
}

unsigned partsHeld(ContextWord W) {
  switch (W) {
  case ContextWord::Task:
  case ContextWord::Softirq:
  case ContextWord::Hardirq:
  case ContextWord::Nmi:
    return AbsState::part(AbsState::KindsPart);
  case ContextWord::Preemptible:
  case ContextWord::IrqsOff:
  case ContextWord::Atomic:
  case ContextWord::PreemptOff:
    return AbsState::part(AbsState::Levels);
  case ContextWord::BhOff:
    return AbsState::part(AbsState::BhPart);
  case ContextWord::SimdSection:
  case ContextWord::SimdUsable:
    return AbsState::part(AbsState::Simd);
  case ContextWord::Pinned:
    return AbsState::part(AbsState::Migrate);
  case ContextWord::RcuRead:
    return AbsState::part(AbsState::Rcu);
  case ContextWord::SleepChecksOff:
    return AbsState::part(AbsState::SleepChecksPart);
  }
  return AbsState::AllParts;
}

bool holds(ContextWord W, const AbsState &S) {
  switch (W) {
  case ContextWord::Task: return S.mayBe(KindTask);
  case ContextWord::Softirq: return S.mayBe(KindSoftirq);
  case ContextWord::Hardirq: return S.mayBe(KindHardirq);
  case ContextWord::Nmi: return S.mayBe(KindNmi);
  case ContextWord::Preemptible: return S.preemptible();
  case ContextWord::IrqsOff: return S.Irqs == Level::Off;
  case ContextWord::BhOff: return S.Bh == Level::Off;
  case ContextWord::SimdSection: return S.InSimd;
  case ContextWord::Pinned: return S.MigrateDisabled;
  case ContextWord::SimdUsable: return S.SimdUsable;
  case ContextWord::Atomic:
    return S.Preempt == Level::Off || S.Irqs == Level::Off;
  case ContextWord::RcuRead: return S.InRcu;
  case ContextWord::SleepChecksOff:
    return S.SleepChecksOff;
  case ContextWord::PreemptOff:
    return S.Preempt == Level::Off;
  }
  return false;
}

std::optional<ContextWord> wrongIn(const CheckRule &Rule, const AbsState &S,
                                   PercpuAccess A) {
  bool Excused = (Rule.UnlessAccess.empty() ||
                  llvm::is_contained(Rule.UnlessAccess, A)) &&
                 llvm::any_of(Rule.Unless,
                              [&](ContextWord W) { return holds(W, S); });
  if (Excused)
    return std::nullopt;
  for (ContextWord W : Rule.WrongIn)
    if (holds(W, S))
      return W;
  return std::nullopt;
}

std::optional<ContextWord> wrongIn(llvm::ArrayRef<const CheckRule *> Rules,
                                   const AbsState &S, PercpuAccess A) {
  for (const CheckRule *R : Rules)
    if (std::optional<ContextWord> W = wrongIn(*R, S, A))
      return W;
  return std::nullopt;
}

} // namespace kharden
