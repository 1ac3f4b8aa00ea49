//===- engine/PickedObjects.h - what a per-CPU value is used for -*- C++ -*-===//
//
// Questions about where a per-CPU pointer or a CPU number goes after the
// operation that made it, answered from its uses (ValueGraph, across the
// functions it is passed to and returned from):
//  - whether the uses only read through the pointer (a pick that a
//    compare-and-exchange retries, Operation::RetriedAt);
//  - whether the code takes a lock inside the object the pointer picked
//    (the kernel model's `object-locks`) before anything may change that
//    object: then any CPU's object would have done;
//  - whether a value read (a NUMA node) is only an allocation's preference
//    (the kernel model's `node-preferences`);
//  - whether the value says whose per-CPU state the code works on: a CPU
//    number that reaches per-CPU data of a named CPU (`cpu-indexed`), or a
//    value kept in an object (a store), as the owner of what it points to.
// Uses are ordered as the code runs them along the value's way: a use in a
// callee comes where the call is, and after the call's own argument.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_PICKEDOBJECTS_H
#define KHARDEN_ENGINE_PICKEDOBJECTS_H

#include "engine/ValueUses.h"

#include <optional>

namespace kharden {

/// The variable an operation names, without spaces, a leading '&' and
/// enclosing parentheses: "&(x)" and "x" are one variable.
std::string variableKey(llvm::StringRef Variable);
/// What an operation's variable is part of: "stats" of "stats.hits[i]",
/// "np" of "np->stats->drops".
llvm::StringRef variableRoot(llvm::StringRef Key);
/// Whether Part (a key) is Whole (a key) or a member or element of it:
/// "s->cpu_slab->freelist" of "s->cpu_slab".
bool partOf(llvm::StringRef Part, llvm::StringRef Whole);

/// A use of a value that shows what it is for.
struct PickEvidence {
  SourcePoint Where;
  std::string Function; ///< The function whose code has Where.
  std::string Callee;   ///< The lock or macro, if the use is an argument.
};

class PickedObjects {
public:
  explicit PickedObjects(const Program &P) : P(P), Graph(P) {}

  /// The flow of the value of F's operation Op, if the engine followed it.
  static const ValueFlow *flowOf(const FunctionSummary &F,
                                 const Operation &Op);

  /// The first lock the value's uses take inside the object it points to,
  /// if nothing before it may change the object: no store through the
  /// pointer, no call or return that takes it where the run does not
  /// follow. Loads before it do not count: an object with a lock of its own
  /// is read unlocked from every CPU alike.
  std::optional<PickEvidence> lockedBeforeChange(const FunctionSummary &F,
                                                 const ValueFlow &Flow) const;

  /// The first atomic update of the object the value points to (the kernel
  /// model's `atomic-updates`: cmpxchg(), llist_add()), if the value's
  /// other uses only read through it or compare it: an object changed only
  /// atomically is safe to change from any CPU.
  std::optional<PickEvidence>
  changedOnlyAtomically(const FunctionSummary &F, const ValueFlow &Flow) const;

  /// The first use, if every use the value reaches is a NUMA node an
  /// allocation prefers (the kernel model's `node-preferences`: an argument
  /// of the call, or of a call on the way to a callee that uses it): a hint
  /// that any CPU's value serves. A return where the run does not follow
  /// it, a comparison or any other use: none.
  std::optional<PickEvidence> onlyNodePreference(const FunctionSummary &F,
                                                 const ValueFlow &Flow) const;

  /// Whether the value's uses only read through it or compare it: no
  /// store through it or of it, no call or return that takes it where the
  /// run does not follow (a callee that never reads the parameter it gets
  /// is no use).
  bool onlyReadThrough(const FunctionSummary &F, const ValueFlow &Flow) const;

  /// The first use that makes the value stand for this CPU's state: an
  /// argument of a `cpu-indexed` macro or call (for a CPU number), or a
  /// store into an object.
  std::optional<PickEvidence> ownership(const FunctionSummary &F,
                                        const ValueFlow &Flow,
                                        bool CpuNumber) const;

private:
  const Program &P;
  ValueGraph Graph;

  /// The earliest use on the value's ways that Is accepts (at the use, or
  /// at a call on the way to it), if some way has one and every way that
  /// has none ends at a use Otherwise accepts.
  std::optional<PickEvidence>
  firstOnEveryWay(const FunctionSummary &F, const ValueFlow &Flow,
                  llvm::function_ref<bool(const ValueUse &)> Is,
                  llvm::function_ref<bool(const ValueUse &)> Otherwise) const;
};

} // namespace kharden

#endif
