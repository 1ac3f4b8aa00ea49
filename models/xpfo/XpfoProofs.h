//===- models/xpfo/XpfoProofs.h - the XPFO properties and the flush counts -*-
// C++ -*-===//
//
//   xpfo.exclusive    once an allocation to user space has returned, no CPU
//                     can translate the page's physmap address until the
//                     kernel maps it again (kmap() or free);
//   xpfo.kmap-window  after kunmap(), no CPU other than the one that
//                     unmapped can reach the page until the kernel maps it
//                     again.
// Each is proved for schedules of every length (an inductive invariant,
// models/solver/TransitionSystem.h) or refuted with the shortest schedule
// that violates it.
//
// countAllocation() and countKunmap() count, in the same model, the local
// flushes and IPIs of one batch of allocations (or one kunmap()) for 2, 3
// and 4 CPUs: a witness run, and a proof that every shortest such run
// counts the same. The counts depend on part of a policy only, which
// allocationPolicy() and kunmapPolicy() name: schemes whose names agree
// count the same, so a run counts each once.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_XPFO_XPFOPROOFS_H
#define KHARDEN_MODELS_XPFO_XPFOPROOFS_H

#include "models/solver/SolverConfig.h"
#include "models/xpfo/XpfoResult.h"
#include "models/xpfo/XpfoScheme.h"
#include "models/xpfo/XpfoSystem.h"

namespace kharden::xpfo {

struct ProofOptions {
  /// CPUs of the model (2 to 4; docs/models/xpfo.md says why 3 suffice).
  unsigned Cpus = 3;
  /// Counterexamples up to ShallowDepth steps are searched before the
  /// invariant, longer ones (up to MaxDepth) only if Spacer reaches a
  /// violation.
  unsigned ShallowDepth = 10;
  unsigned MaxDepth = 16;
  smt::SolverConfig Solver;
};

PropertyResult proveXpfo(const XpfoScheme &S, XpfoProperty P,
                         const ProofOptions &O = {});

CountLaw countAllocation(const XpfoScheme &S, const smt::SolverConfig &Config);
CountLaw countKunmap(const XpfoScheme &S, const smt::SolverConfig &Config);
/// "allocation-all-batched-after-flush", "kunmap-local".
std::string allocationPolicy(const XpfoScheme &S);
std::string kunmapPolicy(const XpfoScheme &S);

} // namespace kharden::xpfo

#endif
