//===- engine/ValueUses.h - where a value goes, across functions -*- C++ -*-===//
//
// The engine follows some values from where they are made to where they are
// used (FunctionSummary::Values, made by ValueUses.cpp from the AST):
//  - the result of an operation whose value matters: a per-CPU address
//    (this_cpu_ptr()), a CPU number (smp_processor_id()), a per-CPU read
//    that the function returns (numa_node_id()'s raw_cpu_read()), a call
//    the kernel model's `values` section names (get_cpu(),
//    get_callchain_entry());
//  - what a call to a function of the same file returns, where that
//    function returns such a value;
//  - each parameter, so that a value passed to a callee continues there.
// A value goes through the locals it is stored in (a local that holds
// nothing else, its address never taken), casts, `&p->f`, `p + n`, `?:`,
// a per-CPU pointer also through a field of what a local points to
// (`ac->lg = raw_cpu_ptr(..)`, then `ac->lg`) up to anything that may
// change the field (a write of it, of the local, or a call), and ends at a
// use: a dereference, an argument of a call or of a known
// macro (`per_cpu(x, cpu)`), a return, a store elsewhere (a field, a global
// variable), or a read; an operand of sizeof (READ_ONCE()'s size check) is
// not evaluated and no use. A parameter's value is followed to the reads no
// assignment of it comes before. Each
// use has the contexts at it (RelState, as at operations; inside a known
// macro's expansion, those before the macro's events, which sit at its
// first element: `raw_spin_unlock_irqrestore(&base->lock, flags)` uses base
// before it unlocks), and, for a value
// whose region ends at a call (`put_callchain_entry()`), where such a call
// may have run between the value and the use.
//
// What a use means is the checks' to say. ValueGraph follows a value from
// its function into callees (through the parameter it is passed as) and
// into callers in the same file (through the calls that return it), with
// the call sites and returns on the way, so that a check can compose the
// contexts along the chain (contextsBelow()).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_VALUEUSES_H
#define KHARDEN_ENGINE_VALUEUSES_H

#include "engine/Program.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

namespace kharden {

/// One step of a value's way between functions.
struct ValueStep {
  enum Kind : uint8_t {
    PassedTo, ///< Passed by Function's call Use (an Arg) to its callee.
    Returned, ///< Returned by Function (Use is its Return) to a caller.
  } K;
  const FunctionSummary *Function;
  const ValueUse *Use;
  /// Returned: the caller's call site that received it.
  const CallSite *Call = nullptr;
};

/// A use a value reaches, in Function, and the steps that took it there
/// from the function that made it (in order).
struct ReachedUse {
  const FunctionSummary *Function;
  const ValueUse *Use;
  std::vector<ValueStep> Steps;

  /// Where the value's region ended on the way, if it did: at the use, or
  /// before a return that carried it.
  SourcePoint endedAt() const;
};

class ValueGraph {
public:
  /// Steps beyond this many are not followed.
  static constexpr unsigned MaxSteps = 4;

  explicit ValueGraph(const Program &P);

  /// Every use the value of Flow (in F) reaches. A use that passes it to a
  /// callee that uses that parameter, or returns it to a caller of the
  /// file that uses the result, continues there instead. Flow is an
  /// operation's (From::Operation): only those flows are kept with every
  /// flow they reach once dropUnfollowedValues() (engine/FollowedFlows.h)
  /// has run.
  void uses(const FunctionSummary &F, const ValueFlow &Flow,
            llvm::function_ref<void(const ReachedUse &)> Each) const;

  /// The first step that passes R's value down into a callee after the
  /// last return that carried it up (R.Steps.size() if none): the calling
  /// context of the function that makes that call decides the rest.
  static size_t firstPassedDown(const ReachedUse &R);
  /// The contexts at R's use where the call of step Down (a PassedTo) is
  /// made in context AtCall: composed through each call below it.
  static std::vector<AbsState> contextsBelow(const AbsState &AtCall,
                                             const ReachedUse &R, size_t Down);

private:
  void follow(const FunctionSummary &F, const ValueFlow &Flow,
              std::vector<ValueStep> &Steps,
              llvm::function_ref<void(const ReachedUse &)> Each) const;

  const Program &P;
  /// Per callee key: the flows of its callers' calls to it.
  llvm::StringMap<std::vector<std::pair<const FunctionSummary *,
                                        const ValueFlow *>>>
      CallersOf;
};

/// The flow of F's parameter Index, if the function uses it.
const ValueFlow *parameterFlow(const FunctionSummary &F, unsigned Index);

} // namespace kharden

#endif
