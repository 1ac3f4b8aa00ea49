//===- engine/FollowedFlows.h - the value flows a run follows ---*- C++ -*-===//
//
// ValueGraph::uses() (engine/ValueUses.h), the only reader of value flows
// across functions, starts at an operation's flow and steps from an
// argument to the callee's parameter flow and from a return to the
// callers' call flows. The engine records a flow for every parameter a
// function reads, so nearly every flow is one no operation's value
// reaches (1 431 of 29 006 on x86_64 defconfig's kernel/ mm/ arch/x86/),
// and its uses and their states are a fifth of what a merge holds. Which
// flows are reached follows from the flows alone: a merge finds them in a
// first pass over the stored summaries, then drops the others as each unit
// joins the program (issue 21).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_FOLLOWEDFLOWS_H
#define KHARDEN_ENGINE_FOLLOWEDFLOWS_H

#include "engine/Summary.h"

#include "llvm/ADT/StringMap.h"

#include <vector>

namespace kharden {

class Program;

/// How many of the run's value flows are followed.
struct FollowedValues {
  size_t Flows = 0, Kept = 0;
};

/// The flows ValueGraph::uses() may reach from an operation's flow: the
/// closure of its steps without its step limit, a superset of what any
/// traversal visits.
class FollowedFlows {
public:
  /// Adds F's flows, unless a function of F's key was added before: the
  /// program keeps the first (Program::add()).
  void add(const FunctionSummary &F);
  /// After the last add() (a later unit may pass a value on); frees all
  /// but which flows to keep.
  void solve();
  /// Drops the flows of F that no operation's value reaches, keeping the
  /// others in order. F is the next of the functions add() took, in their
  /// order: a second pass over the same units, where Program::add() says
  /// which it takes. Should the units have changed in between, it keeps
  /// every flow from there on.
  void dropUnreached(FunctionSummary &F);
  FollowedValues counts() const { return Count; }

private:
  using Id = uint32_t;
  /// What of a flow the steps read.
  struct Flow {
    ValueFlow::From Source;
    uint32_t Index;
    /// Of a call's flow: the callee's key.
    Id Callee = NoId;
    /// Where it is an argument: {callee's key, parameter}.
    std::vector<std::pair<Id, uint8_t>> PassedTo;
    bool Returned = false;
  };
  /// By key, a function added or one a flow names.
  struct Function {
    std::vector<Flow> Flows;
    uint32_t FirstKept = NoId; ///< Into Kept; NoId: not added.
  };
  /// An added function: what the second pass checks it meets.
  struct Taken {
    uint64_t KeyHash;
    uint32_t FirstKept, Flows;
  };
  static constexpr Id NoId = UINT32_MAX;
  Id idOf(llvm::StringRef Key);
  void keep(Id F, uint32_t Flow);

  llvm::StringMap<Id> Ids;
  std::vector<Function> Functions;
  std::vector<std::pair<Id, uint32_t>> Work;
  std::vector<Taken> Order;
  std::vector<bool> Kept; ///< Every added function's flows, in order.
  size_t Next = 0;        ///< Into Order: what dropUnreached() meets next.
  FollowedValues Count;
};

/// Drops every value flow of P that ValueGraph::uses() cannot reach from an
/// operation's flow. Call after the last Program::add(). What every
/// traversal visits, and in which order, is unchanged.
FollowedValues dropUnfollowedValues(Program &P);

} // namespace kharden

#endif
