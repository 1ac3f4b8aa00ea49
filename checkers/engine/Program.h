//===- checkers/engine/Program.h - contexts across all files ----*- C++ -*-===//
//
// The summaries of every translation unit of a run, merged, with the
// absolute contexts each function may be entered in: from kernel path facts
// (entry points), registered callbacks, and every call site, propagated
// along call chains within and across files until nothing changes. Checks
// query it: "in which calling context, if any, is this point preemptible?"
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CHECKERS_ENGINE_PROGRAM_H
#define KHARDEN_CHECKERS_ENGINE_PROGRAM_H

#include "checkers/engine/Summary.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <deque>
#include <memory>
#include <optional>

namespace kharden {

/// An explanation built while propagating: shared tails keep it cheap.
struct NoteChain {
  struct Node {
    Note Item;
    std::shared_ptr<const Node> Prev;
  };
  std::shared_ptr<const Node> Last;

  NoteChain plus(Note N) const {
    return {std::make_shared<const Node>(Node{std::move(N), Last})};
  }
  std::vector<Note> toVector() const;
};

/// One context a function may be entered in, and why.
struct EntryContext {
  AbsState State;
  NoteChain Why;
};

/// The context of a point over every calling context found: preemptible in
/// some, or atomic in all (with IRQs off in all, or not), or unknown.
enum class RegionContext { Preemptible, PreemptOff, IrqsOff, Unknown };
llvm::StringRef contextName(RegionContext C);

/// A calling context in which a point is in state State, and why.
struct Explanation {
  AbsState State;
  std::vector<Note> Notes;
};

class Program {
public:
  explicit Program(std::shared_ptr<const KernelModel> Model)
      : Model(std::move(Model)) {}

  /// Adds one translation unit's summaries; a function already known from
  /// another unit (a header's static inline) is kept once.
  void add(TUSummary TU);
  /// Computes every function's entry contexts.
  void solve();

  const std::vector<FunctionSummary> &functions() const { return Functions; }
  /// What the compile commands say about code generation, per TU.
  const std::vector<TargetFacts> &targets() const { return Targets; }
  const std::vector<EntryContext> &entries(const FunctionSummary &F) const;
  const FunctionSummary *find(llvm::StringRef Key) const;
  const KernelModel &model() const { return *Model; }

  /// The first calling context (fewest steps from an entry fact) in which
  /// a point of F reached in one of States satisfies Pred.
  std::optional<Explanation>
  findContext(const FunctionSummary &F, llvm::ArrayRef<RelState> States,
              llvm::function_ref<bool(const AbsState &)> Pred) const;

  /// The context of a point of F reached in one of States.
  RegionContext regionContext(const FunctionSummary &F,
                              llvm::ArrayRef<RelState> States) const;
  /// Whether F is entered atomic (preemption or IRQs off) in every context.
  bool enteredAtomic(const FunctionSummary &F) const;
  /// The functions F is reached from (F itself among them) that no entry
  /// fact and no caller in the run reaches: whoever calls them, outside the
  /// run, decides F's context. Nearest first.
  std::vector<const FunctionSummary *>
  unreachedCallers(const FunctionSummary &F) const;

private:
  std::vector<Note> localNotes(const FunctionSummary &F,
                               const AbsState &Entry,
                               const RelState &R) const;
  bool addEntry(size_t Function, EntryContext Ctx);
  /// Where the run queues work item Work on a workqueue that may run it
  /// on any CPU (a WQ_UNBOUND one), if it does.
  const WorkQueueing *unboundQueueing(const StorageName &Work) const;
  /// Which parameters' (and fields') known bits matter to each function:
  /// those its tests read, and those it passes on to such a parameter.
  /// Entry contexts keep only these, not every constant a caller passes.
  void findBitArgs();
  bool bitsMatter(size_t Function, const ArgRef &A) const;
  void propagate(std::deque<size_t> &Work);

  std::shared_ptr<const KernelModel> Model;
  std::vector<FunctionSummary> Functions;
  std::vector<EntryHint> Hints;
  std::vector<WorkQueueing> Queueings;
  std::vector<QueueAllocation> Allocations;
  std::vector<TargetFacts> Targets;
  llvm::StringMap<size_t> ByKey;
  std::vector<std::vector<EntryContext>> Entries;
  std::vector<size_t> Propagated; ///< Entries already pushed to callees.
  std::vector<bool> Unreached; ///< Entered only in the unknown context.
  std::vector<std::vector<ArgRef>> BitArgs; ///< Per function, sorted.
};

} // namespace kharden

#endif
