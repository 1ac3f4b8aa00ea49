//===- engine/CrossFileEffects.h - callee exits across files --*- C++ -*-===//
//
// A translation unit is analysed alone, so a call to a function another
// file defines leaves the caller's state as it was: a lock taken with IRQs
// off by `__irq_get_desc_lock()` (kernel/irq/irqdesc.c) and released by
// `__irq_put_desc_unlock()` is invisible to the caller in kernel/irq/chip.c
// that holds it across its code. After every unit is summarised once, the
// run collects the functions whose exits hold or release something of
// their caller's context, and those whose return or out-parameters are a
// function of an argument's bits (6.12's `kmalloc_fix_flags()`, called from
// mm/slub.c), and analyses again, with those exits and transfers, the units
// that call them from another file, until what they import stops changing
// (docs/architecture.md, "Effects across files").
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_CROSSFILEEFFECTS_H
#define KHARDEN_ENGINE_CROSSFILEEFFECTS_H

#include "engine/CallTargets.h"
#include "engine/Summary.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <deque>

namespace kharden {

/// Whether a function leaving by Exit leaves its caller holding or
/// releasing something: a preemption, migration, page-fault, bottom-half,
/// RCU or FPU section, saved or restored IRQ flags, IRQs it disabled. A
/// sleep or a predicate's answer is not such an effect: the whole run
/// already carries those (entry contexts, may-sleep callees).
bool holdsOrReleases(const RelState &Exit);

/// The other files' functions one unit's analysis takes the exits of.
struct CrossFileImports {
  llvm::StringMap<const FunctionSummary *> Functions;
  /// For the unit's calls through pointers: those of Functions the run
  /// stores in each slot called (sorted by key). A call joins them with the
  /// unit's own targets (FunctionSummary::Joins).
  llvm::StringMap<std::vector<const FunctionSummary *>> Targets;
  /// The flags of external linkage the unit tests that the run's files
  /// together make latches (runLatches()), sorted.
  std::vector<std::string> Latches;
  /// Names Functions' keys and exits, Targets and Latches, exactly; empty
  /// when there are none.
  std::string Digest;
};

/// What Units store in function pointers, solved: the functions a call
/// through each slot reaches. The stores do not depend on what a unit
/// imports, so one solve serves every round.
CallTargets pointerTargets(llvm::ArrayRef<const TUSummary *> Units);

class CrossFileEffects {
public:
  /// The functions of Units (the first of each key, in order) some exit of
  /// which holdsOrReleases(), and whose exits that leave different things
  /// held a caller can tell apart: by the value returned (a trylock, a
  /// reserve that returns NULL where it took nothing) or by a parameter or
  /// parameter test the exits found apart. Mixed exits a caller cannot
  /// tell apart would spread that mixture to every caller up the tree.
  /// Also the functions a unit calls by a declaration that says which
  /// locks they take or release (TUSummary::LocksDeclared): the run's
  /// definition replaces it, whatever its exits.
  /// Also the functions whose return, or what they leave where a pointer
  /// parameter points, is a function of an argument's bits (the summary's
  /// ReturnTransfer and OutTransfers), with those only.
  /// Pointers (pointerTargets() of Units) says which functions a call
  /// through a slot reaches; a slot open, or holding more than MaxTargets
  /// functions, imports none (the solve would join none: Program::resolve()).
  CrossFileEffects(llvm::ArrayRef<const TUSummary *> Units,
                   const CallTargets &Pointers, unsigned MaxTargets);
  CrossFileEffects(const CrossFileEffects &) = delete;
  CrossFileEffects &operator=(const CrossFileEffects &) = delete;

  size_t size() const { return Exported.size(); }
  /// Those TU calls, directly or through a pointer, and does not define;
  /// they point into this.
  CrossFileImports importsOf(const TUSummary &TU) const;

private:
  /// Only what a caller's analysis reads of them: key, exits, the
  /// parameter tests and joins the exits refer to; the transfers of
  /// argument bits to the return and through pointer parameters.
  std::deque<FunctionSummary> Exported;
  llvm::StringMap<const FunctionSummary *> ByKey;
  /// Those exported only because a unit took their declared locks
  /// (TUSummary::LocksDeclared): their exits change nothing, and replace
  /// the declaration only where it was taken.
  llvm::StringSet<> DeclarationsOnly;
  llvm::StringSet<> RunLatches;
  const CallTargets &Pointers;
  unsigned MaxTargets;
};

} // namespace kharden

#endif
