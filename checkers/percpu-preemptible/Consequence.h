//===- Consequence.h - what a per-CPU race costs ----------------*- C++ -*-===//
//
// A percpu-preemptible finding says that a task may be preempted or migrate
// at a per-CPU operation; its consequence class says what that costs,
// decided from the run's per-CPU operations and from where the operation's
// value goes (docs/checks/percpu-preemptible.md#consequences):
//
// - split-rmw: a read whose value is used, of a variable written (or
//   read-modify-written) at another place of the run; the read is
//   preemptible, so two tasks may use the same value before either writes
//   it back (the stack-offset bug). Severity error. Not a depth: a variable
//   the run both increments and decrements (lockdep's recursion count; a
//   plain write beside is a reset, as lockdep_recursion_finish()'s to 0)
//   holds a nesting level that goes back to where it was, not a value
//   handed from one place to the next.
// - cpu-choice: a per-CPU pointer whose object's own lock is taken before
//   anything changes the object, or that is only read through before a
//   compare-and-exchange on this CPU's copy whose failure leads back to the
//   pick (SLUB's fast paths), or that is changed only by atomic updates
//   (cmpxchg(), llist_add()): any CPU's object would do. Or a read whose
//   value, returned to callers, is only a NUMA node that allocations
//   prefer and fall back from (numa_node_id()). Severity note.
// - wrong-cpu-state: a CPU number that indexes per-CPU data, or a per-CPU
//   pointer or CPU number kept in an object: the code works on, or records,
//   the state of a CPU the task may have left. Severity warning.
// - lost-update: a write or read-modify-write of a variable that nothing in
//   the run reads for a decision; an interleaving task can at worst lose an
//   update. Severity note.
// - unknown: none shown. Severity warning, never lower.
//
#ifndef KHARDEN_CHECKERS_PERCPU_PREEMPTIBLE_CONSEQUENCE_H
#define KHARDEN_CHECKERS_PERCPU_PREEMPTIBLE_CONSEQUENCE_H

#include "engine/KernelModel.h"
#include "engine/PickedObjects.h"
#include "engine/Summary.h"
#include "findings/Consequence.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>

namespace kharden {

/// A class and the notes that show why.
struct ConsequenceDecision {
  Consequence Class = Consequence::Unknown;
  std::vector<Note> Evidence;
};

/// The per-CPU operations of a run, by variable, read once; decide() then
/// classifies one operation.
class ConsequenceIndex {
public:
  /// Functions: a run's (Program::functions()) or any range of summaries.
  /// Picks, where given, answers where a pointer's or CPU number's value
  /// goes; without it those stay unknown. Model, where given, says which
  /// operations step a variable up or down; without it none does.
  template <typename Summaries>
  explicit ConsequenceIndex(const Summaries &Functions,
                            const PickedObjects *Picks = nullptr,
                            const KernelModel *Model = nullptr)
      : Picks(Picks), Model(Model) {
    for (const FunctionSummary &F : Functions)
      index(F);
  }

  /// The class of Op, an operation of F reported where preemption is on.
  ConsequenceDecision decide(const FunctionSummary &F,
                             const Operation &Op) const;

private:
  void index(const FunctionSummary &F);
  struct Access {
    const FunctionSummary *F;
    const Operation *Op;
  };
  /// Writes and read-modify-writes, by the variable as written.
  llvm::StringMap<std::vector<Access>> Writes;
  /// The variables (their roots: "stats" of "stats.hits[i]") that some
  /// operation may read for a decision.
  llvm::StringSet<> DecisionReads;
  /// Of each variable written: whether some write steps it up, some down.
  struct Steps {
    bool Up = false, Down = false;
  };
  llvm::StringMap<Steps> Stepped;
  const PickedObjects *Picks;
  const KernelModel *Model;

  /// A nesting level: some write steps it up, some down.
  bool isDepth(llvm::StringRef Key) const;
  const Access *writeElsewhere(const FunctionSummary &F,
                               const Operation &Read) const;
  /// cpu-choice or wrong-cpu-state, from where the value of Op (a pointer
  /// or CPU number) goes.
  std::optional<ConsequenceDecision> decidePick(const FunctionSummary &F,
                                                const Operation &Op) const;
  /// cpu-choice for a read (a NUMA node) whose value is only an
  /// allocation's preference.
  std::optional<ConsequenceDecision> decideHint(const FunctionSummary &F,
                                                const Operation &Op) const;
};

} // namespace kharden

#endif
