//===- engine/WorkQueues.h - where work items run -----         -*- C++ -*-===//
//
// A work item runs in a kworker bound to a CPU when it is queued on a bound
// workqueue (system_wq, most alloc_workqueue() queues), and in one that may
// migrate on a WQ_UNBOUND one. Which it is depends on code in several
// files: INIT_WORK() in one, queue_work() in another, alloc_workqueue() in a
// third. Each translation unit records the three by the storage they name
// (StorageName), and the solver joins them (Program).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_WORKQUEUES_H
#define KHARDEN_ENGINE_WORKQUEUES_H

#include "engine/FunctionAnalysis.h"

namespace kharden {

/// How every file names the storage E denotes (through `&`, parentheses and
/// casts): "struct foo.work" for a field, "name" for a global variable
/// ("file@name" if static), "" for anything else.
StorageName storageName(const clang::Expr *E, const clang::SourceManager &SM);

/// A work item a registration names by a macro argument, to be named as
/// storage once the argument's expression is found.
struct PendingWorkItem {
  clang::SourceRange Arg; ///< The argument's tokens, as written.
  std::string Text;       ///< ... and their text.
  size_t Hint;            ///< Into TUSummary::Hints.
};

/// Records the queue calls and workqueue allocations of the functions
/// Roots, and names the work items of Pending in Out.Hints.
void collectWorkQueues(llvm::ArrayRef<const clang::FunctionDecl *> Roots,
                       llvm::ArrayRef<PendingWorkItem> Pending,
                       const TUContext &TU, TUSummary &Out);

} // namespace kharden

#endif
