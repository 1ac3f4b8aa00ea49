//===- models/kstack/Atomicity.h - is every stack offset used once? -*- C++
//-*-===//
//
// The atomicity model of a stack-offset scheme, callable from checkers: a
// transition system of CPUs, tasks, syscall entry and exit, interrupts,
// returns to user mode, preemption and migration at the points the scheme
// allows, checked by Z3.
//
//   atomicity.freshness    between two consumes of the same slot there is
//                          always a refill of it: no offset is used twice.
//   atomicity.same-cpu-rmw the refill reads and writes the slot of one CPU.
//
// A proved property holds for executions of every length (an inductive
// invariant Z3 checks: it holds initially, every transition preserves it,
// and it implies the property). A refuted property comes with the shortest
// schedule that violates it (bounded model checking by iterative deepening).
//
// Usage from a checker that found, say, a per-CPU offset consumed and
// refilled in preemptible code at syscall exit:
//
//   kstack::StackOffsetScheme S;            // only the fields below matter
//   S.Name = "arm64-syscall.c";
//   S.Where = kstack::Storage::PerCpu;
//   S.Consume.Ctx = kstack::Context::Preemptible;
//   S.Refill = {kstack::RefillSite::SyscallExit, kstack::Context::Preemptible};
//   kstack::PropertyResult V =
//       kstack::checkAtomicity(S, kstack::AtomicityProperty::Freshness);
//   // V.Verdict == smt::Status::Refuted, V.Property == "atomicity.freshness",
//   // V.Schedule: the steps (Cpu, Task, Event, Slot, SlotValue, Note).
//
// Only Where, Consume.Ctx, Refill.Site and Refill.Ctx (and Name, for query
// names) are read; the entropy fields are ignored. Never throws.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_KSTACK_ATOMICITY_H
#define KHARDEN_MODELS_KSTACK_ATOMICITY_H

#include "models/kstack/PropertyResult.h"
#include "models/kstack/Scheme.h"
#include "models/solver/SolverConfig.h"

#include "llvm/ADT/StringRef.h"

namespace kharden::kstack {

enum class AtomicityProperty { Freshness, SameCpuRmw };

/// "atomicity.freshness", "atomicity.same-cpu-rmw".
llvm::StringRef propertyName(AtomicityProperty P);

struct AtomicityOptions {
  /// The system checked: CPUs and tasks (more tasks than CPUs, so that a
  /// CPU can switch to a task preempted elsewhere).
  unsigned Cpus = 2;
  unsigned Tasks = 3;
  /// The deepest counterexample searched for when no invariant is found.
  unsigned MaxDepth = 14;
  smt::SolverConfig Solver;
};

/// Proves or refutes P for scheme S. The result's Verdict is Proved,
/// Refuted (with Schedule, the shortest counterexample, and Bound, its
/// length), Unknown or Error (with Problem).
PropertyResult checkAtomicity(const StackOffsetScheme &S, AtomicityProperty P,
                              const AtomicityOptions &Options = {});

} // namespace kharden::kstack

#endif
