//===- models/kstack/PropertyResult.h - one theorem about a scheme -*- C++
//-*-===//
//
// What `kharden prove` reports for one (scheme, property) of a stack-offset
// scheme: the common record (models/solver/ProofRecord.h) and the figures
// the proofs established. No Z3 here: reports and checkers read results
// without seeing the solver.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_KSTACK_PROPERTYRESULT_H
#define KHARDEN_MODELS_KSTACK_PROPERTYRESULT_H

#include "models/solver/ProofRecord.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kharden::kstack {

/// One step of an atomicity counterexample schedule.
struct ScheduleStep {
  unsigned Cpu = 0;
  unsigned Task = 0;
  /// "syscall-entry", "consume", "refill-read", "refill-write",
  /// "syscall-exit", "return-to-user", "interrupt", "switch-in".
  std::string Event;
  /// The id of the slot value the step reads or writes (0 is the initial
  /// value; each refill writes a new id); absent when the step touches none.
  std::optional<unsigned> SlotValue;
  /// Which slot: "cpu0", "task1", ...; empty when none.
  std::string Slot;
  /// A sentence saying what happened ("consumes value 0 again").
  std::string Note;
};

/// Entropy figures over the equally likely outcomes of the random input.
struct EntropyFigures {
  /// Equally likely values of n = KSTACK_OFFSET_MAX(...) (a power of two).
  unsigned long long Outcomes = 0;
  /// Distinct stack shifts in the worst case over the attacker's knowledge,
  /// and the most any attacker state allows.
  unsigned DistinctShifts = 0;
  unsigned DistinctShiftsMax = 0;
  /// The largest preimage of any shift (worst case).
  unsigned MaxPreimage = 0;
  double MinEntropyBits = 0;
  double ShannonEntropyBits = 0;
  /// The kernel's stack-entropy.sh figure: floor(log2(distinct)) + 1.
  unsigned SelftestBits = 0;
  /// Preimage size -> number of shifts with that preimage, for the worst
  /// attacker state (the one with the lowest Shannon entropy).
  std::map<unsigned, unsigned> Histogram;
  /// Which bits of n are random (the image of the uniform input).
  unsigned RandomMask = 0;
};

/// A stack-offset property's result: the common record and the model's
/// figures.
struct PropertyResult : smt::ProofRecord {
  std::optional<EntropyFigures> Entropy;
  std::optional<unsigned> LeaksToDetermine;
  /// Atomicity: the shortest counterexample, when refuted.
  std::vector<ScheduleStep> Schedule;
};

} // namespace kharden::kstack

#endif
