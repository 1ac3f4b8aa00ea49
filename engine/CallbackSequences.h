//===- engine/CallbackSequences.h - callbacks called in turn ---*- C++ -*-===//
//
// The kernel calls some ops structures' callbacks in turn on one object
// without sleeping between (the kernel model's callback-sequences):
// seq_read() calls ->start(), then ->show() and ->next() while the
// iterator is active, then ->stop(), and what ->start() took
// (rcu_read_lock(), a spinlock) is held in the others. For each such table
// the file initializes, the first callback's summary gets a call site at
// its exits into each later callback the table names, with its exit
// states: the later ones are entered in the context the first returned
// with, as a call at its end would enter them, and a sleep there is
// reported at the table's field.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_CALLBACKSEQUENCES_H
#define KHARDEN_ENGINE_CALLBACKSEQUENCES_H

#include "engine/FunctionAnalysis.h"

#include "llvm/ADT/DenseMap.h"

namespace kharden {

/// Adds the call sites of the sequences Tables (the file's initialized
/// variables) make to the first callbacks' summaries, Summaries being the
/// file's own.
void addCallbackSequences(
    llvm::ArrayRef<const clang::VarDecl *> Tables, const TUContext &TU,
    const llvm::DenseMap<const clang::FunctionDecl *, FunctionSummary *>
        &Summaries);

} // namespace kharden

#endif
