//===- checkers/engine/ContextState.h - preemption/IRQ context --*- C++ -*-===//
//
// The context engine tracks, at each point of a function, the context
// *relative to the function's entry* (RelState: how many preempt-disables it
// holds, what it did to IRQs, what evidence of preemptibility it has seen),
// and composes it with the *absolute* contexts the function may be entered in
// (EntryContext: from kernel path facts and callers) to decide whether
// preemption is certainly off, certainly possible, or unknown (AbsState).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CHECKERS_ENGINE_CONTEXTSTATE_H
#define KHARDEN_CHECKERS_ENGINE_CONTEXTSTATE_H

#include "checkers/engine/KernelModel.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace kharden {

/// IRQ state relative to function entry.
enum class IrqRel : uint8_t { Inherited, Off, On };

/// What a function returns on a path, as far as a branch on it can tell.
enum class RetFact : uint8_t { Unknown, Zero, NonZero };

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
  /// What the path returns (at exits: for callers).
  RetFact Returns = RetFact::Unknown;
  bool EnableEvidence = false; ///< Re-enabled preemption it had disabled.
  bool AssertedPreemptOff = false;
  bool AssertedPinned = false; ///< A per-CPU thread: never migrated.
  uint8_t UnmatchedRestores = 0; ///< IRQ restores of the caller's saves.
  uint8_t SavedCount = 0;
  std::array<IrqRel, MaxSaved> Saved{};

  /// The atomic region the point is in: InheritedRegion while nothing in
  /// this function decided atomicity, OpenRegion after an enable, else
  /// 1 + the note id of the event that opened the region.
  uint16_t Region = InheritedRegion;
  static constexpr uint16_t InheritedRegion = 0, OpenRegion = 0xFFFF;

  int16_t WhyIrq = -1;     ///< Note: where IRQs were last enabled.
  int16_t WhyPreempt = -1; ///< Note: the evidence of preemptibility.

  bool sameContext(const RelState &O) const;
  /// The fact the path holds on a slot: a parameter index, MaxParams + a
  /// local slot, or RetSlot.
  std::optional<bool> fact(unsigned Slot) const;
  void setFact(unsigned Slot, std::optional<bool> Value);
  /// Without the facts that mean something only inside the function.
  RelState withoutLocalFacts() const;
  bool overflowed() const {
    return PreemptDepth > MaxDepth || PreemptDepth < MinDepth ||
           MigrateDepth > MaxDepth || MigrateDepth < MinDepth;
  }
  /// Atomic because of this function's own disables or assertions.
  bool locallyAtomic() const {
    return PreemptDepth > 0 || Irq == IrqRel::Off || AssertedPreemptOff;
  }
  /// Applies one primitive effect; NoteId explains it in reports.
  void apply(Effect E, int16_t NoteId);
  /// Applies the context change of a callee that ended in state Exit.
  void applyCallee(const RelState &Exit, int16_t NoteId);

private:
  void applyEffect(Effect E, int16_t NoteId);
  void applyCalleeEffect(const RelState &Exit, int16_t NoteId);
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
  /// in RelState::ParamKnown).
  uint8_t ArgKnown = 0, ArgTrue = 0;

  bool preemptible() const {
    return Preempt == Level::On && Irqs == Level::On;
  }
  bool operator==(const AbsState &O) const {
    return Preempt == O.Preempt && Irqs == O.Irqs &&
           MigrateDisabled == O.MigrateDisabled && ArgKnown == O.ArgKnown &&
           ArgTrue == O.ArgTrue;
  }
  static AbsState fromSpec(const ContextSpec &Spec);
};

/// Whether a path with facts R can run when entered in context Entry: no
/// parameter it tested contradicts a constant the caller passed.
inline bool feasible(const AbsState &Entry, const RelState &R) {
  return !(Entry.ArgKnown & R.ParamKnown & (Entry.ArgTrue ^ R.ParamTrue));
}

/// What a parameter the function never assigns holds on a path with facts
/// R entered in context Entry, if the caller's constant or a branch says.
std::optional<bool> parameterValue(const AbsState &Entry, const RelState &R,
                                   unsigned Param);

/// The absolute context at a point reached with relative state R from a
/// function entered in context Entry.
AbsState compose(const AbsState &Entry, const RelState &R);

/// Whether R's own IRQ / preemption facts decided the composed state (so
/// that its provenance notes belong in the explanation).
bool irqsDecidedLocally(const RelState &R);
bool preemptDecidedLocally(const AbsState &Entry, const RelState &R);

std::string describe(const AbsState &S);

} // namespace kharden

#endif
