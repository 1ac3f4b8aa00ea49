//===- models/xpfo/XpfoResult.h - what the XPFO model reports ---*- C++ -*-===//
//
// No Z3 here: reports read results without seeing the solver.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_XPFO_XPFORESULT_H
#define KHARDEN_MODELS_XPFO_XPFORESULT_H

#include "models/solver/ProofRecord.h"

#include <optional>
#include <string>
#include <vector>

namespace kharden::xpfo {

/// One step of a counterexample schedule.
struct ScheduleStep {
  unsigned Cpu = 0;
  /// "access", "alloc", "ipi", "hand-out", "kmap", "kunmap", ...
  std::string Event;
  std::string Note;
};

struct PropertyResult : smt::ProofRecord {
  std::vector<ScheduleStep> Schedule;
};

/// The flushes one protocol run performs, counted by the model: a batch of
/// allocations (our page and the others of its batch) or one kunmap().
struct Count {
  unsigned Cpus = 0;
  unsigned Pages = 0;
  unsigned LocalFlushes = 0;
  unsigned Ipis = 0;
  /// The events of the shortest such run.
  unsigned Steps = 0;
};

/// Counts at a few CPU numbers and the affine law they follow, if one
/// does: per run, LocalFlushes = A + B * cpus, and likewise Ipis.
struct CountLaw {
  std::vector<Count> Samples;
  smt::ProofRecord Proof;
  bool Affine = false;
  double LocalA = 0, LocalB = 0, IpiA = 0, IpiB = 0;
  double localFlushes(unsigned Cpus) const { return LocalA + LocalB * Cpus; }
  double ipis(unsigned Cpus) const { return IpiA + IpiB * Cpus; }
};

} // namespace kharden::xpfo

#endif
