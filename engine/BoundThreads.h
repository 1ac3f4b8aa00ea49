//===- engine/BoundThreads.h - threads bound to one CPU -------*- C++ -*-===//
//
// kthread_bind(p, cpu) binds a thread that kthread_create_on_node() made and
// that has not run yet to one CPU, and marks it PF_NO_SETAFFINITY
// (kernel/kthread.c), which the kernel's own rule for per-CPU operations
// accepts as a per-CPU thread (is_percpu_thread(), include/linux/sched.h).
// The kernel model's `bound-threads` names such a pair of calls. A thread's
// function is entered pinned where one function of the unit creates the
// thread, keeps the task in a place the code names (a variable, or a field
// written the same way at both calls), and binds what that place holds.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_BOUNDTHREADS_H
#define KHARDEN_ENGINE_BOUNDTHREADS_H

#include "engine/FunctionAnalysis.h"

namespace kharden {

/// Adds an entry hint, in the bound context, for the function of every
/// thread the functions Roots create and then bind. Where a registration
/// of the same call (the `kthread_create()` macro) gave the function a hint,
/// that hint takes the bound context instead.
void collectBoundThreads(llvm::ArrayRef<const clang::FunctionDecl *> Roots,
                         TUContext &TU, TUSummary &Out);

} // namespace kharden

#endif
