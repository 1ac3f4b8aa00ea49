//===- engine/ContextState.h - preemption/IRQ context -         -*- C++ -*-===//
//
// The context engine tracks, at each point of a function, the context
// *relative to the function's entry* (RelState: how many preempt-disables it
// holds, what it did to IRQs, what evidence of preemptibility it has seen),
// and composes it with the *absolute* contexts the function may be entered in
// (EntryContext: from kernel path facts and callers) to decide whether
// preemption is certainly off, certainly possible, or unknown (AbsState).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_CONTEXTSTATE_H
#define KHARDEN_ENGINE_CONTEXTSTATE_H

#include "engine/InternedString.h"
#include "engine/KernelModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kharden {

/// IRQ state relative to function entry. SleptOn: inherited, but the code
/// sleeps on the way, which is legal only with IRQs on; where a caller holds
/// them off, the sleep is on a path not taken there (or a sleep-in-atomic
/// bug, not evidence), and they stay off. Interrupted: as the context an
/// exception interrupted had them (arm64's local_daif_inherit()), which
/// neither the function nor its callers know.
enum class IrqRel : uint8_t { Inherited, Off, On, SleptOn, Interrupted };

/// Whether the function's own code (an enable, or a sleep) turned IRQs on.
inline bool irqsTurnedOn(IrqRel I) {
  return I == IrqRel::On || I == IrqRel::SleptOn;
}

/// Whether the function's own code set IRQs to a state its callers' does
/// not decide: enabled them, or took the interrupted context's.
inline bool irqsOwnState(IrqRel I) {
  return I == IrqRel::On || I == IrqRel::Interrupted;
}

/// What a function returns on a path, as far as a branch on it can tell:
/// zero or not, and of a signed integer constant its sign (`return
/// -ENOENT;`, `return 1;`), which `ret < 0` and `ret == -ENOENT` test.
enum class RetFact : uint8_t { Unknown, Zero, NonZero, Negative, Positive };

/// What is known of an integer's or a pointer's 64 bits (its value extended
/// by its type's signedness), as LLVM's KnownBits: bits known zero, bits
/// known one, and, as LLVM's isKnownNonZero(), whether it is known not zero
/// though no bit is known one (a pointer to an object: `&x`, an array).
struct KnownBits {
  uint64_t Zero = 0, One = 0;
  bool NonZero = false; ///< Only while One is 0.

  static KnownBits constant(uint64_t V) { return {~V, V}; }
  static KnownBits nonZero() { return {0, 0, true}; }
  bool unknown() const { return !(Zero | One) && !NonZero; }
  bool knownNonZero() const { return One || NonZero; }
  /// Whether the value is non-zero, where the bits say.
  std::optional<bool> truth() const {
    if (knownNonZero())
      return true;
    if (*this == constant(0))
      return false;
    return std::nullopt;
  }
  /// What is known of a value that is either this or O.
  KnownBits join(const KnownBits &O) const {
    KnownBits J{Zero & O.Zero, One & O.One};
    J.NonZero = !J.One && knownNonZero() && O.knownNonZero();
    return J;
  }
  /// What is known of a value that is both this and O (both facts hold).
  /// Contradictory facts leave bits both Zero and One: callers check.
  KnownBits meet(const KnownBits &O) const {
    KnownBits M{Zero | O.Zero, One | O.One};
    M.NonZero = !M.One && (NonZero || O.NonZero);
    return M;
  }
  bool operator==(const KnownBits &O) const {
    return Zero == O.Zero && One == O.One && NonZero == O.NonZero;
  }
};

/// A value a caller passes: argument Index itself, or the field at path
/// Field ("evt.cpumask") of the object the argument points to, or (Field
/// Pointee) the scalar the argument points to.
struct ArgRef {
  /// The path of `*p` where p points to a scalar: a guard's `_T = *p`.
  static constexpr const char *Pointee = "*";
  uint8_t Index = 0;
  /// Interned: the solve holds millions of these, with few distinct paths.
  InternedString Field;

  bool operator==(const ArgRef &O) const {
    return Index == O.Index && Field == O.Field;
  }
  bool operator<(const ArgRef &O) const {
    return Index != O.Index ? Index < O.Index : Field < O.Field;
  }
};

/// Field path Prefix extended by member Name ("evt" + "cpumask").
std::string joinField(llvm::StringRef Prefix, llvm::StringRef Name);
/// Whether field path Inner is Outer or inside it ("evt" holds "evt.irq").
bool fieldWithin(llvm::StringRef Inner, llvm::StringRef Outer);

/// What is known of values a caller passes, sorted by ArgRef.
using ArgFact = std::pair<ArgRef, KnownBits>;
using ArgFacts = std::vector<ArgFact>;
/// What is known of fields of one object, by field path, sorted.
using FieldFacts = std::vector<std::pair<std::string, KnownBits>>;

/// What a caller passes as A: all bits for a constant zero among ArgKnown
/// and ArgTrue (as RelState::ParamKnown), else what Bits says of A, else
/// not zero where ArgTrue says so.
KnownBits passedBits(uint8_t ArgKnown, uint8_t ArgTrue,
                     llvm::ArrayRef<std::pair<ArgRef, KnownBits>> Bits,
                     const ArgRef &A);
/// For debug output: "zero 0x.. one 0x..", or "nonzero".
std::string describe(const KnownBits &B);

/// A test of bits of a parameter or of a field of what it points to,
/// `(Arg & Mask) == Value` (`!=` when Equal is false): a caller's constant
/// argument decides it (`flags & FCLONE`, `gfp & __GFP_DIRECT_RECLAIM`), or
/// an argument whose bits it reads are known (`rx_flag(skb) | (fclone ?
/// FCLONE : 0)` never has NAPI set), or a field the caller set (`!dev->
/// cpumask` after `evt->cpumask = cpumask_of(cpu)`).
///
/// A relation test (Other >= 0) compares two parameters' entry values
/// instead, `Arg == Other` (`!=` when Equal is false), Arg the lower index
/// and no field: `double_unlock_hb(hb1, hb2)`'s `if (hb1 != hb2)`. The bits
/// of one argument never decide it; a caller passing the same two values to
/// two such callees ties their exits (FunctionAnalyzer::importTests()).
struct ParamTest {
  ArgRef Arg;
  bool Equal = true;
  uint64_t Mask = 0, Value = 0;
  int8_t Other = -1;

  bool relation() const { return Other >= 0; }
  /// Whether the test is the parameter's own truth (`if (ci)`, `if
  /// (noblock)`): a pointer's NULL test, which a caller's lock through the
  /// pointer or a callee's returned pointer decides, or a flag's, which a
  /// caller's constant or its own flag decides.
  bool truth() const {
    return !relation() && Arg.Field.empty() && Mask == ~uint64_t(0) &&
           Value == 0;
  }
  /// The truth of a pointer in a field of what a parameter points to
  /// (`if (_T->lock)` in a guard's destructor, include/linux/cleanup.h).
  bool fieldTruth() const {
    return !relation() && !Arg.Field.empty() && Mask == ~uint64_t(0) &&
           Value == 0;
  }
  /// Whether some of Mask's bits of the scalar a parameter points to are
  /// set (`if (!*timeo)`, `if (*locked)`): where Mask is all of them, the
  /// scalar's truth, which a caller lending a local's address decides by
  /// what it knows of the local (FunctionAnalyzer::lentSlot()).
  bool pointeeTruth() const {
    return !relation() && Arg.Field == ArgRef::Pointee && !Equal && Value == 0;
  }
  static ParamTest truthOf(uint8_t Param) {
    return {ArgRef{Param, ""}, false, ~uint64_t(0), 0};
  }
  /// Whether the test holds for an argument with bits B, if they say.
  std::optional<bool> decide(const KnownBits &B) const;
  /// What a path that found the test to be Holds knows of the argument's
  /// bits: all of Mask where it found `==` (or a one-bit `!=`) true.
  KnownBits knownWhen(bool Holds) const;
  bool operator==(const ParamTest &O) const {
    return Arg == O.Arg && Equal == O.Equal && Mask == O.Mask &&
           Value == O.Value && Other == O.Other;
  }
};

/// Context at one point relative to the function's entry. Provenance fields
/// (Why*) index the function's note table and do not take part in equality.
struct RelState {
  /// Depths no real function reaches; beyond them a state is the join of
  /// paths that cannot run together (a loop that tests its lock's pointer
  /// apart from the trylock), and the analysis drops it.
  static constexpr int8_t MaxDepth = 6, MinDepth = -3;
  static constexpr unsigned MaxSaved = 3;

  int8_t PreemptDepth = 0; ///< Preempt-disables held (this function's).
  int8_t MigrateDepth = 0;
  IrqRel Irq = IrqRel::Inherited;
  bool SleepEvidence = false;  ///< Passed a may-sleep point: preemptible.
  /// Every may-sleep point passed is a user access that may fault: a
  /// caller that disabled page faults does not take it as evidence.
  bool SleepOnlyToFault = false;
  /// Passed a may-sleep point (not a mere user access) holding nothing, in
  /// the context it was entered in: that context was preemptible. A
  /// function whose every path does so is entered preemptible, so points
  /// before the sleep are preemptible too.
  bool SleptUnheld = false;
  int8_t PagefaultDepth = 0; ///< pagefault_disable()s held.
  /// PreemptDepth at the first may-sleep point, where the absolute count was
  /// zero: a caller's hold released before it makes it negative.
  int8_t SleepDepth = 0;
  /// Branch facts on the function's first MaxParams parameters (bit i: the
  /// path tested parameter i; ParamTrue: it found it non-zero), so that a
  /// caller passing a constant rules out the paths that contradict it.
  uint8_t ParamKnown = 0, ParamTrue = 0;
  static constexpr unsigned MaxParams = 8;
  /// Within the function only (see ValueSlots): parameters the path has
  /// assigned, and branch facts on local slots (bit i: slot MaxParams + i).
  uint8_t ParamChanged = 0, LocalKnown = 0, LocalTrue = 0;
  static constexpr unsigned MaxLocals = 8, RetSlot = MaxParams + MaxLocals;
  /// Branch facts on the function's parameter tests (FunctionSummary::Tests;
  /// bit i: slot FirstTestSlot + i). Like ParamKnown, they are about the
  /// caller's values and go to the summary.
  uint8_t TestKnown = 0, TestTrue = 0;
  static constexpr unsigned MaxTests = 8, FirstTestSlot = RetSlot + 1;
  /// Which way the path passed the calls through pointers whose targets
  /// were joined (FunctionSummary::Joins; bit i: the path passed join i;
  /// JoinTrue: through one of the file's targets). The whole run decides
  /// which of these paths can run.
  uint8_t JoinKnown = 0, JoinTrue = 0;
  static constexpr unsigned MaxJoins = 8;
  /// What the path returns (at exits: for callers).
  RetFact Returns = RetFact::Unknown;
  bool EnableEvidence = false; ///< Re-enabled preemption it had disabled.
  /// The preemption count is at least this here, as an assertion said
  /// where the function held nothing of its own (lockdep's, a predicate's
  /// branch, the scheduler's preempt_count_set()): the function's own
  /// disables and enables after it move it, so an enable past the asserted
  /// count leaves nothing asserted (finish_task_switch()'s fix-up, then its
  /// release of the runqueue lock, then schedule_tail()'s preempt_enable()).
  uint8_t AssertedPreempt = 0;
  bool AssertedPinned = false; ///< A per-CPU thread: never migrated.
  uint8_t UnmatchedRestores = 0; ///< IRQ restores of the caller's saves.
  uint8_t SavedCount = 0;
  std::array<IrqRel, MaxSaved> Saved{};

  /// The kinds of context the path can be in (ContextKind bits), as the
  /// context predicates it passed (in_nmi(), in_task(), ...) narrowed them.
  uint8_t KindMask = AllKinds;
  int8_t BhDepth = 0;   ///< Bottom-half disables held (local_bh_disable()).
  /// A predicate said bottom halves / IRQs are on where the function had
  /// changed neither: so were they in the context it was entered in.
  bool AssertedBhOn = false, AssertedIrqsOn = false;
  /// The kinds, or the preemption asserted off, came (also) from a context
  /// predicate's branch, here or in a callee (in_nmi(), !in_task()): a
  /// condition on the context the path runs in, not a context the code
  /// made or was entered in.
  bool ContextAsked = false;
  /// IRQs are off (Irq is Off) only because a predicate's branch said so
  /// (irqs_disabled() true), here or in a callee: like ContextAsked, a
  /// condition on the context, not IRQs the code disabled.
  bool IrqsOffAsked = false;
  /// IRQs are off (Irq is Off) because an assertion said so where the
  /// function had not changed them (lockdep_assert_irqs_disabled()): the
  /// author's word for this function's points, and, for a caller that had
  /// not changed them either, a condition on its context (IrqsOffAsked).
  bool IrqsOffAsserted = false;
  int8_t SimdDepth = 0; ///< Kernel FPU/SIMD sections held.
  bool SimdUsable = false; ///< A guard said the FPU/SIMD may be used.
  int8_t RcuDepth = 0;  ///< RCU read-side sections held (rcu_read_lock()).
  /// Whether the kernel's own check of sleeping in atomic context is silent
  /// (Off) or checks (On) since a store here or in a callee
  /// (Effect::SleepChecksOff); Unknown: as in the context entered.
  Switch SleepChecks = Switch::Unknown;
  /// Bit i: Saved[i] is IRQs off by an assertion (IrqsOffAsserted), which
  /// restoring it restores: a save and restore inside a function whose
  /// IRQs its author asserted off leave the assertion, not a disable.
  uint8_t SavedAsserted = 0;

  /// The atomic region the point is in: InheritedRegion while nothing in
  /// this function decided atomicity, OpenRegion after an enable, else
  /// 1 + the note id of the event that opened the region.
  uint16_t Region = InheritedRegion;
  static constexpr uint16_t InheritedRegion = 0, OpenRegion = 0xFFFF;
  /// Within the function only: the objects (OpsObjects bits) one pointer
  /// can point to, as the calls through its fields so far took their
  /// targets; 0 before the first.
  uint16_t ObjectPick = 0;
  /// The kind of the hard IRQ or NMI section the path is in (a ContextKind
  /// bit), opened here or by a callee (irq_enter_rcu(), arm64_enter_nmi());
  /// 0 outside one. arm64's el0_interrupt() runs the handler between
  /// irq_enter_rcu() and irq_exit_rcu(), and returns to user space, in the
  /// task's context, after. SectionLeft: the path left a section its
  /// caller opened (arm64_exit_nmi()). Two bytes, where one would leave
  /// padding.
  uint16_t SectionKind = 0;
  static constexpr uint16_t SectionLeft = 0x100;
  /// SectionKind, then the section's end: back to as entered, or out of
  /// the caller's.
  void leaveSection() { SectionKind = SectionKind ? 0 : SectionLeft; }

  int16_t WhyIrq = -1;     ///< Note: where IRQs were last enabled.
  int16_t WhyPreempt = -1; ///< Note: the evidence of preemptibility.
  int16_t WhySimd = -1;    ///< Note: where the outermost section began.
  int16_t WhyRcu = -1;     ///< Note: where the outermost RCU reader began.
  int16_t WhySection = -1; ///< Note: where the hard IRQ or NMI section began.
  /// Note: where the path found it runs in one state of an object only
  /// (Effect::LastReference, Effect::NotSetUp); -1 on a path that did not.
  /// Within the function only: its exits do not pass it on.
  int16_t WhyObjectState = -1;

  bool sameContext(const RelState &O) const;
  /// The fact the path holds on a slot: a parameter index, MaxParams + a
  /// local slot, RetSlot, or FirstTestSlot + a parameter test.
  std::optional<bool> fact(unsigned Slot) const;
  void setFact(unsigned Slot, std::optional<bool> Value);
  /// Whether the path returns a negative value, if its return says.
  std::optional<bool> returnsNegative() const;
  /// Records which way the path passed join Index; false if it passed it
  /// the other way before.
  bool setJoin(unsigned Index, bool Through);
  /// Narrows the objects the path's pointer can point to (ObjectPick) to
  /// Objects; false if none is left.
  bool pickObjects(uint16_t Objects);
  /// Without the facts that mean something only inside the function.
  RelState withoutLocalFacts() const;
  bool overflowed() const {
    return PreemptDepth > MaxDepth || PreemptDepth < MinDepth ||
           MigrateDepth > MaxDepth || MigrateDepth < MinDepth;
  }
  /// Atomic because of this function's own disables or assertions.
  bool locallyAtomic() const {
    return PreemptDepth > 0 || Irq == IrqRel::Off || AssertedPreempt > 0;
  }
  /// Applies one primitive effect; NoteId explains it in reports.
  void apply(Effect E, int16_t NoteId);
  /// Applies one effect of a branch of a context predicate (in_nmi(),
  /// irqs_disabled(), or its value kept in a variable): what it says is
  /// marked asked.
  void applyAsked(Effect E, int16_t NoteId);
  /// The IRQ state that saving it here keeps: IRQs off only as a condition
  /// on the entry's context (IrqsOffAsked) are the entry's state.
  IrqRel savedIrq() const { return IrqsOffAsked ? IrqRel::Inherited : Irq; }
  /// Applies the context change of a callee that ended in state Exit.
  void applyCallee(const RelState &Exit, int16_t NoteId);
  /// The context is the one the function was entered in: nothing taken,
  /// nothing released.
  bool holdsNothing() const;

private:
  void applyEffect(Effect E, int16_t NoteId);
  /// A predicate (or a callee's) says BH / IRQs are on here.
  void assertBhOn();
  void assertIrqsOn();
  /// Preemption disabled (By > 0) or enabled again after an assertion.
  void stepAssertedPreempt(int By);
  void applyCalleeEffect(const RelState &Exit, int16_t NoteId);
  /// Keeps a saved IRQ state, Asserted: off by an assertion.
  void pushSaved(IrqRel I, bool Asserted);
  void updateRegion(bool WasAtomic, int16_t NoteId);
};

/// A tri-state fact about the absolute context.
enum class Level : uint8_t { Unknown, Off, On };

/// An absolute context: what is known at a point for one calling context.
struct AbsState {
  Level Preempt = Level::Unknown;
  Level Irqs = Level::Unknown;
  bool MigrateDisabled = false;
  /// Constants the calling context passes to the first parameters (bits as
  /// in RelState::ParamKnown) and, where a parameter test needs them, the
  /// bits known of an argument or of a field it points to, sorted. Few
  /// entry contexts have any, and there are many entry contexts.
  uint8_t ArgKnown = 0, ArgTrue = 0;
  llvm::SmallVector<std::pair<ArgRef, KnownBits>, 0> ArgBits;
  /// The functions the calling context passes as parameters the function
  /// calls through (directly, or by passing them on): {parameter, the
  /// run's index of the function, or Program's number of the slot the
  /// argument was read from}, sorted.
  llvm::SmallVector<std::pair<uint8_t, uint32_t>, 0> FnArgs;
  /// What the context may be (ContextKind bits; AllKinds: nothing known,
  /// none: a path the context's kind rules out), bottom halves, and whether
  /// it is inside a kernel FPU/SIMD section, or guarded for one.
  uint8_t Kinds = AllKinds;
  Level Bh = Level::Unknown;
  bool InSimd = false;
  bool SimdUsable = false;
  bool InRcu = false; ///< Inside an RCU read-side critical section.
  /// The kernel's own check of sleeping in atomic context is silent here
  /// (ContextWord::SleepChecksOff).
  bool SleepChecksOff = false;
  /// Below a call of a notifier chain (the kernel model's notifier-chains)
  /// by direct calls: which chain (the solve's number, from 1), so that
  /// the call through the chain's block field reaches that chain's
  /// functions only; 0 elsewhere.
  uint32_t Chain = 0;

  bool preemptible() const {
    return Preempt == Level::On && Irqs == Level::On;
  }
  bool operator==(const AbsState &O) const {
    return Preempt == O.Preempt && Irqs == O.Irqs &&
           MigrateDisabled == O.MigrateDisabled && ArgKnown == O.ArgKnown &&
           ArgTrue == O.ArgTrue && ArgBits == O.ArgBits && FnArgs == O.FnArgs &&
           Kinds == O.Kinds && Bh == O.Bh && InSimd == O.InSimd &&
           SimdUsable == O.SimdUsable && InRcu == O.InRcu && Chain == O.Chain &&
           SleepChecksOff == O.SleepChecksOff;
  }
  /// Whether the context is known to be one of kinds K (not every kind).
  bool mayBe(ContextKind K) const { return Kinds != AllKinds && (Kinds & K); }
  /// What is known of the bits the calling context passes as A (all of
  /// them for a known zero).
  KnownBits argBits(const ArgRef &A) const;
  /// Records that the calling context passes a value with bits B as A
  /// (nothing known: forgets what was, of a field and of the fields in it).
  void setArg(const ArgRef &A, KnownBits B);
  /// The function passed as parameter Param, if the context says.
  std::optional<uint32_t> fnArg(uint8_t Param) const;
  void setFnArg(uint8_t Param, uint32_t Function);
  static AbsState fromSpec(const ContextSpec &Spec);

  /// The parts of the state, for hashing with some of them forgotten.
  enum Part : unsigned {
    Levels,          ///< Preempt, Irqs
    Migrate,         ///< MigrateDisabled
    Constants,       ///< ArgKnown, ArgTrue
    Bits,            ///< ArgBits of arguments
    FieldBits,       ///< ArgBits of fields
    FnArgsPart,      ///< FnArgs
    KindsPart,       ///< Kinds
    BhPart,          ///< Bh
    Simd,            ///< InSimd, SimdUsable
    Rcu,             ///< InRcu
    ChainPart,       ///< Chain
    SleepChecksPart, ///< SleepChecksOff
    NumParts
  };
  /// Sets of parts, 1 << Part each.
  static constexpr unsigned AllParts = (1u << NumParts) - 1;
  static constexpr unsigned part(Part P) { return 1u << P; }
};

/// The parts of the caller's state that compose() reads to give a callee
/// Parts: Parts, and where the kinds are wanted, the bottom halves and
/// levels that rule kinds out (composedKinds()).
unsigned partsComposedFrom(unsigned Parts);
/// Sets the parts of S outside Keep to what an unknown context holds, where
/// nothing in compose() reads them to give the others: migration, kinds and
/// bottom halves (but for a context not a task's and BH off where the
/// levels are kept, marked as BH off where neither part is), SIMD, RCU, the
/// notifier chain. The
/// levels and what the caller passes are kept.
void keepParts(AbsState &S, unsigned Keep);
/// The parts holds(W, S) reads.
unsigned partsHeld(ContextWord W);

/// Agrees with AbsState::operator== when Forget is 0; the parts whose bits
/// are set in Forget (1 << AbsState::Part) are left out (a debug count of
/// what each part multiplies). One list of the fields, so a field added to
/// AbsState is added once.
size_t hashState(const AbsState &S, unsigned Forget = 0);

/// Whether a path with facts R can run when entered in context Entry: no
/// parameter or parameter test (of the function's Tests) it found one way
/// contradicts a constant the caller passed.
bool feasible(const AbsState &Entry, const RelState &R,
              llvm::ArrayRef<ParamTest> Tests);

/// Whether the calling context Entry passes what an operation the callers'
/// values decide needs (Operation::DecidedBy: Slot) on a path with facts R:
/// the value the path found there. Unknown is no.
bool decides(const AbsState &Entry, const RelState &R,
             llvm::ArrayRef<ParamTest> Tests, int Slot);

/// What a parameter the function never assigns holds on a path with facts
/// R entered in context Entry, if the caller's constant or a branch says.
std::optional<bool> parameterValue(const AbsState &Entry, const RelState &R,
                                   unsigned Param);

/// The kinds of context (ContextKind bits) the point reached with relative
/// state R from a function entered in context Entry may be in: none where
/// the path cannot run there. compose(Entry, R).Kinds, without the rest.
uint8_t composedKinds(const AbsState &Entry, const RelState &R);

/// Whether the kernel's own sleep checks are off at a point reached with
/// relative state R from a function entered in context Entry: the last
/// store on the path says, else the entry. compose(Entry, R).SleepChecksOff.
bool sleepChecksOff(const AbsState &Entry, const RelState &R);

/// The absolute context at a point reached with relative state R from a
/// function entered in context Entry.
AbsState compose(const AbsState &Entry, const RelState &R);

/// Whether R's own IRQ / preemption facts decided the composed state (so
/// that its provenance notes belong in the explanation).
bool irqsDecidedLocally(const AbsState &Entry, const RelState &R);
bool preemptDecidedLocally(const AbsState &Entry, const RelState &R);

std::string describe(const AbsState &S);

/// Whether word W of a check rule holds of context S.
bool holds(ContextWord W, const AbsState &S);
/// The first of Rule's wrong-in words that makes an operation of access A
/// wrong in context S, if one does.
std::optional<ContextWord> wrongIn(const CheckRule &Rule, const AbsState &S,
                                   PercpuAccess A = PercpuAccess::Read);
/// The same over a check's rules: the first word of the first rule that
/// makes the operation wrong in S.
std::optional<ContextWord> wrongIn(llvm::ArrayRef<const CheckRule *> Rules,
                                   const AbsState &S,
                                   PercpuAccess A = PercpuAccess::Read);

} // namespace kharden

#endif
