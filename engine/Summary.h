//===- engine/Summary.h - what one TU tells the checks          -*- C++ -*-===//
//
// The per-function results of analysing one translation unit, as plain data
// (no AST pointers), so that summaries from many files, threads or runs can
// be combined by the context solver and handed to the checks.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_SUMMARY_H
#define KHARDEN_ENGINE_SUMMARY_H

#include "engine/BitsTransfer.h"
#include "engine/ContextState.h"
#include "engine/FilePath.h"
#include "engine/InternedList.h"
#include "engine/InternedString.h"
#include "engine/InternedValue.h"
#include "engine/KernelModel.h"
#include "support/Sparse.h"

#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace kharden {

/// A position in a source file; lines and columns count from 1.
struct SourcePoint {
  FilePath File;
  unsigned Line = 0, Column = 0;

  bool valid() const { return Line != 0; }
  bool operator<(const SourcePoint &O) const {
    return std::tie(File, Line, Column) < std::tie(O.File, O.Line, O.Column);
  }
  bool operator==(const SourcePoint &O) const {
    return std::tie(File, Line, Column) == std::tie(O.File, O.Line, O.Column);
  }
};

/// One line of explanation attached to a finding. Interned: a whole-tree
/// merge holds a few notes for each of a million functions, and most of
/// their texts repeat ("preemption disabled here by 'spin_lock'", issue 21).
struct Note {
  SourcePoint Where;
  InternedString Message;
};

/// A call, with the contexts (relative to the caller's entry) it is made in:
/// a direct call, or a call through a function pointer (CalleeKey empty;
/// Through the slot it reads, CalleeName how the code names it: "struct
/// console.device_lock", "hook").
struct CallSite {
  // Interned: a whole-tree merge holds hundreds of thousands of call sites
  // and far fewer distinct callees (issue 21).
  InternedString CalleeKey, CalleeName;
  InternedString Through;
  SourcePoint Where;
  StateList States;
  /// Constant arguments (bits as in RelState::ParamKnown).
  uint8_t ArgKnown = 0, ArgTrue = 0;
  /// Not a call in the code: the kernel calls the callee after the
  /// function returned, on the same object (callback-sequences), and the
  /// states are the function's exits.
  bool After = false;
  /// Arguments some of whose bits are known (constants, values made of
  /// them, pointers to objects), and fields of the objects arguments point
  /// to that the caller (or a callee of its file) set before the call. A
  /// field with nothing known (Bits unknown) is one the caller changed: what
  /// it got from its own caller no longer holds. Sorted.
  ArgFactList ArgBits;
  /// What most calls do not pass (a quarter pass on a parameter): the
  /// caller's own parameters, and functions.
  struct Passed {
    /// Arguments that pass on one of the caller's parameters, which the
    /// caller never assigns: {argument index, caller's parameter index}.
    std::vector<std::pair<uint8_t, uint8_t>> Forwarded;
    /// Arguments that pass on one of the caller's integer parameters after
    /// the caller changed some of its bits (`flags &= mask`): what every
    /// path to the call made of them. Sorted by argument.
    struct Transformed {
      uint8_t Arg = 0, Param = 0;
      BitsTransfer Bits;
      bool operator==(const Transformed &O) const {
        return Arg == O.Arg && Param == O.Param && Bits == O.Bits;
      }
    };
    std::vector<Transformed> TransformedArgs;
    /// Arguments that are a function (`perf_iterate_ctx(ctx, output, ..)`):
    /// its key, for a callee that calls through that parameter; and those
    /// that pass on the caller's own function-pointer parameter, which the
    /// caller never assigns: {argument, caller's parameter}. Both sorted,
    /// indices below MaxFunctionParams.
    std::vector<std::pair<uint8_t, std::string>> FnArgs;
    std::vector<std::pair<uint8_t, uint8_t>> FnForwarded;
    /// Function-pointer arguments read from one slot (`kref_put(&n->kref,
    /// n->release)`): its key, so that the callee's call through that
    /// parameter reaches what the slot holds, not what every caller passes.
    /// Sorted, indices below MaxFunctionParams.
    std::vector<std::pair<uint8_t, std::string>> FnSlots;
    /// A call of a notifier chain: the chain's slot, whose functions the
    /// call through the block field below it reaches, or the block field's
    /// own for a chain the code does not name (PointerFlows::chainCalled()).
    std::string Chain;
    /// Arguments that lend the address of a local the caller keeps a slot
    /// for to a callee that tests what it points to (`&timeo` for
    /// netlink_attachskb()'s `if (!*timeo)`): {argument, local slot}. The
    /// call's states keep those slots' facts, which decide the callee's
    /// test (Program::calleeEntry()).
    std::vector<std::pair<uint8_t, uint8_t>> Lent;

    /// Every field: a call that passes none of them holds none.
    bool empty() const {
      return Forwarded.empty() && TransformedArgs.empty() && FnArgs.empty() &&
             FnForwarded.empty() && FnSlots.empty() && Chain.empty() &&
             Lent.empty();
    }
  };
  InternedValue<Passed> Passes;
  using Transformed = Passed::Transformed;
  static constexpr unsigned MaxFunctionParams = 16;
};

/// An operation the kernel model names, with the contexts (relative to the
/// function's entry) it runs in. What it means is the checks' to say: they
/// query the operations of a function (hasOperationAt(): one of a rule in
/// the same statement or macro invocation).
struct Operation {
  std::string Rule; ///< rules::Percpu, ..., or a check rule's check name.
  PercpuAccess Access = PercpuAccess::Read; ///< Of a per-CPU operation.
  std::string Name;     ///< The macro or function: "raw_cpu_read".
  std::string Variable; ///< A per-CPU operation's first argument as written.
  SourcePoint Where;    ///< Where the function's code invokes it.
  std::vector<Note> MacroNotes; ///< "expanded from macro '...'" chain.
  std::vector<RelState> States;
  /// The value of a per-CPU read inside a macro is used, not dropped.
  bool ValueUsed = false;
  /// A per-CPU read whose value is a pointer (`raw_cpu_read(rcu_data.mynode)`):
  /// like a per-CPU address, it picks this CPU's object.
  bool PointerValue = false;
  /// Of a per-CPU address: a compare-and-exchange on this CPU's copy of
  /// the same variable (the kernel model's `percpu-exchanges`, or a call of
  /// the file that returns one's result) from whose failure the code leads
  /// back to before this operation. Where it is; invalid if none.
  SourcePoint RetriedAt;
  /// Of an operation the callers' values decide (the kernel model's
  /// `if-argument`): the slot (a parameter's, or a test's of its bits;
  /// RelState::fact()) found true or false on every one of States as the
  /// operation needs it. It happens only in a calling context that passes
  /// that value (decides()); -1 for every other operation.
  int8_t DecidedBy = -1;

  bool isPercpu() const { return Rule == rules::Percpu; }
};

/// Where a value goes in the function that holds it (engine/ValueUses.h):
/// read through a pointer, passed to a call, returned, stored away or read.
struct ValueUse {
  enum class Kind : uint8_t {
    Deref,  ///< `*p`, `p->f`, `p[i]`: the memory it points to.
    Arg,    ///< Passed to a call (or a known macro) as argument Arg.
    Return, ///< Returned to the caller.
    Store,  ///< Stored where the analysis does not follow it (a field).
    Read,   ///< Read as a value: compared, computed with.
  };
  Kind K = Kind::Read;
  uint8_t Arg = 0;
  /// For Arg: the call site (FunctionSummary::Calls), or -1 for a call or
  /// macro the kernel model names, which has none; Callee names it.
  int32_t Call = -1;
  std::string Callee;
  std::string Via;     ///< The local or parameter it was read from, if any.
  SourcePoint Where;
  /// Where a call that ends the source's region (the kernel model's
  /// `values` ends) may have run between the source and this use.
  SourcePoint EndedAt;
  std::vector<RelState> States; ///< The contexts at the use.
  /// Deref: only loads from the memory (`x = p->f`, `if (p->f)`); a
  /// dereference that may store (`p->f = x`, `p->n++`) has it false.
  bool Load = false;
};

/// A value the engine follows to its uses: an operation's result, what a
/// call to a function of the file that returns such a value returns, or a
/// parameter (so that a caller's value can be followed into its callee).
struct ValueFlow {
  enum class From : uint8_t { Operation, Call, Parameter };
  From Source = From::Operation;
  uint32_t Index = 0; ///< Into FunctionSummary::Ops or ::Calls, a parameter.
  std::vector<ValueUse> Uses;
};

/// A value a stack-offset site's expansion computes, read by clang
/// (StackOffsetSites.h): "offset-mask" 3f0, "mix" ror32-xor, "rotate" 5,
/// "random-call" get_random_u16, "random-mask" 1ff. Value is empty where it
/// could not be read, and Evidence then says why.
struct SiteValue {
  std::string Name, Value, Evidence;
  SourcePoint Where;

  bool known() const { return !Value.empty(); }
};

/// A use of a stack-offset macro (add_random_kstack_offset(), ...), with
/// what its expansion touches (where the offset lives) and computes.
struct StackOffsetSite {
  enum class Role { Consume, Refill } Kind = Role::Consume;
  std::string Macro;
  std::vector<std::string> Args; ///< As written: "get_random_u16()".
  SourcePoint Where;
  std::string PercpuVariable;    ///< A per-CPU operation's variable, or
  bool TaskField = false;        ///< current->kstack_offset, or
  bool Generator = false;        ///< prandom_u32_state() drawn here.
  SourcePoint StorageWhere;      ///< Where that storage is touched.
  std::vector<SiteValue> Values; ///< At most one per name.
  std::vector<RelState> States;

  const SiteValue *value(llvm::StringRef Name) const {
    for (const SiteValue &V : Values)
      if (V.Name == Name)
        return &V;
    return nullptr;
  }
};

/// Calls through a slot whose targets in the function's file had their
/// exits joined into the states after the call (RelState::JoinKnown bit i:
/// the path passed Joins[i]; JoinTrue: through one of Targets, else through
/// a function the file does not have). The whole run decides which paths
/// stand: Targets only if nothing else is stored in Slot.
struct TargetJoin {
  std::string Slot;
  std::vector<std::string> Targets; ///< Function keys, sorted.
  bool operator==(const TargetJoin &O) const {
    return Slot == O.Slot && Targets == O.Targets;
  }
};

struct FunctionSummary {
  /// Unique across TUs: "name", "file@name" if static, each "image|..." in
  /// a separately linked image (TUContext::keyOf()).
  std::string Key;
  /// The function's name, the end of its key: kept once, as a whole tree
  /// has a million functions (issue 21).
  llvm::StringRef name() const {
    llvm::StringRef K = Key;
    return K.substr(K.find_last_of("@|") + 1); // npos + 1 is 0
  }
  SourcePoint Where;
  SparseVector<Note> Notes; ///< Provenance notes indexed by RelState::Why*.
  std::vector<CallSite> Calls;
  SparseVector<Operation> Ops;
  SparseVector<StackOffsetSite> Sites;
  StateList ExitStates;
  /// The parameter tests that RelState::TestKnown indexes.
  SparseVector<ParamTest> Tests;
  SparseVector<TargetJoin> Joins;
  /// What the function tells the callers in its own file, which read it
  /// while the file is analysed (the whole program does not keep it).
  struct Facts {
    /// What every return value has in common.
    KnownBits ReturnBits;
    /// Fields of what the parameters point to that the function stores:
    /// with what the stored values have in common where every path stores
    /// them, else with nothing known (they may change). Field "" is the
    /// whole object.
    ArgFacts Stores;
    /// Fields of the structure every return returns, as the function set
    /// them: a guard's constructor returns `.lock` not NULL, which its
    /// destructor tests.
    FieldFacts ReturnFields;
    /// Fields of the structure every return returns that hold a parameter
    /// as the caller passed it: a guard's constructor returns `{ .lock = l
    /// }` (6.12's include/linux/cleanup.h), so its caller knows `.lock` is
    /// the pointer it passed. Field path and parameter, sorted.
    std::vector<std::pair<std::string, uint8_t>> ReturnFieldParams;
    /// The per-CPU variable of a `percpu-exchanges` compare-and-exchange
    /// whose success the function's only return returns, its root written
    /// "#N" where it is parameter N ("#0->cpu_slab->freelist"); empty if
    /// none.
    std::string ReturnsExchange;
    /// The parameter every return's value is the address of one member of
    /// what it points to (`return &rq->__lock;`), or -1: `f(a) != f(b)` is
    /// `a != b`.
    int8_t ReturnsMember = -1;
    /// Every return's value as a function of the bits of parameter Param
    /// (`return flags;` after `flags &= ~__GFP_FS`): `gfp =
    /// current_gfp_context(gfp)`. Param -1 where a return is anything else.
    struct ReturnedParam {
      int8_t Param = -1;
      BitsTransfer Bits;
    };
    ReturnedParam ReturnTransfer;
    /// What the function leaves in the integer pointer parameter Param
    /// points to, as a function of what it held there
    /// (`prepare_alloc_pages()`'s `*alloc_gfp |= __GFP_HARDWALL`), for each
    /// pointer parameter it only dereferences or passes on to callees that
    /// say the same, so that a caller that lends `&local` knows the local
    /// after the call. A parameter not listed may be kept: after the call,
    /// code that never names the local may change it.
    struct OutTransfer {
      int8_t Param = -1;
      /// Over every exit; over the exits whose return value may be
      /// non-zero, for a caller's `if (!is_valid_gup_args(.., &flags, ..))
      /// return -EINVAL;`.
      ArgBitsTransfer Bits, IfNonZero;
    };
    std::vector<OutTransfer> OutTransfers;
    /// Global variables of the kernel model's `stores` into which the
    /// function stores a parameter it never assigns, on every path to its
    /// exit (`system_state = state;` in kernel_shutdown_prepare()): a call
    /// has the effects its argument's text selects (`SYSTEM_POWER_OFF`).
    /// {parameter, variable}, sorted.
    std::vector<std::pair<uint8_t, std::string>> StoredParams;

    /// Every field: the reader keeps only Facts that are not empty().
    bool empty() const {
      return ReturnBits.unknown() && Stores.empty() && ReturnFields.empty() &&
             ReturnFieldParams.empty() && ReturnsExchange.empty() &&
             ReturnsMember < 0 && ReturnTransfer.Param < 0 &&
             OutTransfers.empty() && StoredParams.empty();
    }
  };
  using ReturnedParam = Facts::ReturnedParam;
  using OutTransfer = Facts::OutTransfer;
  Sparse<Facts> ForCallers;
  /// Where operations' values, returned values and parameters go.
  SparseVector<ValueFlow> Values;
};

/// The test of its parameters whose truth F returns: every exit returns
/// non-zero exactly where it found the test to hold (`return !!(gfp &
/// __GFP_DIRECT_RECLAIM);`). A negated test (`return !(gfp & M);`) is not
/// given: the caller's branch would take a slot of its own, which the
/// call's imported test does not set.
inline std::optional<ParamTest> returnedTest(const FunctionSummary &F) {
  if (F.ExitStates.empty())
    return std::nullopt;
  for (unsigned I = 0; I < F.Tests.size() && I < RelState::MaxTests; ++I)
    if (!F.Tests[I].relation() &&
        llvm::all_of(F.ExitStates, [&](const RelState &S) {
          std::optional<bool> Holds = S.fact(RelState::FirstTestSlot + I);
          return S.Returns != RetFact::Unknown && Holds &&
                 *Holds == (S.Returns != RetFact::Zero);
        }))
      return F.Tests[I];
  return std::nullopt;
}

/// Whether F has an operation of Rule at Where (in the same statement or
/// macro invocation as another operation there).
inline bool hasOperationAt(const FunctionSummary &F, llvm::StringRef Rule,
                           const SourcePoint &Where) {
  for (const Operation &Op : F.Ops)
    if (Op.Rule == Rule && Op.Where == Where)
      return true;
  return false;
}

/// One store of function pointers a translation unit makes, into a slot:
/// a field of a structure type ("field:console.device_lock", every object
/// of the type), a variable or table ("var:hook", "var:FILE@hook" if
/// static, "var:FUNCTION:fn" if local), a function's parameter
/// ("param:FUNCTION#0"), what a function returns ("ret:FUNCTION"), or the
/// callee expression of one call ("call:FILE:LINE:COL"). What is stored is
/// a function, what another slot holds, or something the analysis cannot
/// see (a cast from data, an address taken), which makes the slot open.
struct PointerFlow {
  enum class Source : uint8_t { Function, Slot, Unseen };
  std::string To;
  /// -1: into slot To; else into this parameter of every function slot To
  /// holds (an argument of a call through To).
  int8_t ToParam = -1;
  Source From = Source::Unseen;
  std::string Key; ///< The function's key, or the slot's.
  SourcePoint Where;
};

/// A function entered in a known context because a registration macro names
/// it (INIT_WORK(), timer_setup(), ...). Functions stored in a callback's
/// field or passed to a registration function are found from the run's
/// PointerFlows instead.
struct EntryHint {
  std::string FunctionKey, FunctionName;
  ContextSpec Context;
  Note Why;
  /// For a work item: where it lives (a StorageName), so that the queues it
  /// is queued on, in any file, can change Context.
  std::string WorkItem;
};

/// Storage the code names the same way in every file: a field of a
/// structure ("struct foo.work"), or a global variable ("system_wq",
/// "file@var" if static). Empty: not such storage.
using StorageName = std::string;

/// queue_work(wq, &x->work) and the like: a work item queued on a
/// workqueue (Queue empty: the default, bound system_wq; "?" a workqueue
/// the code does not name as a StorageName).
struct WorkQueueing {
  StorageName Work, Queue;
  SourcePoint Where;
};

/// x->wq = alloc_workqueue(fmt, flags, ...): whether flags say WQ_UNBOUND.
struct QueueAllocation {
  StorageName Queue;
  std::optional<bool> Unbound;
  SourcePoint Where;
};

/// What the compile command says about code generation.
struct TargetFacts {
  std::string Arch;            ///< The triple's architecture: "aarch64".
  unsigned StackAlignment = 0; ///< Bytes; from -mstack-alignment, or the ABI's.
  bool FromFlag = false;       ///< StackAlignment came from -mstack-alignment.
};

/// What a unit does to an integer variable of external linkage, for the
/// run's files together to say whether it is a latch (Latches.h).
struct FlagUse {
  std::string Variable;
  bool DefinedZero = false; ///< Defined here, starting at zero.
  bool Set = false;         ///< Set here to non-zero constants.
  bool Spoiled = false;     ///< Written here otherwise, or its address taken.
  bool Tested = false;      ///< A branch here tests it.
};

struct TUSummary {
  std::string MainFile;
  TargetFacts Target;
  std::vector<FunctionSummary> Functions;
  std::vector<EntryHint> Hints;
  std::vector<WorkQueueing> Queueings;
  std::vector<QueueAllocation> Allocations;
  std::vector<PointerFlow> Flows;
  unsigned ParseErrors = 0;
  /// Which other files' functions the analysis took the exits of (a
  /// CrossFileImports digest), empty if none: a summary is valid only for
  /// the imports it was made with.
  std::string ImportsDigest;
  /// Keys of functions the unit does not define whose transfers of
  /// argument bits (ReturnTransfer, OutTransfers) its analysis asked for,
  /// sorted: a transfer asked for nowhere changes nothing, and importing
  /// it would only analyse the unit again.
  std::vector<std::string> BitsAsked;
  /// Functions the unit does not define whose declared lock context
  /// (`__releases(&inode->i_lock)`) its calls took, sorted: where the run
  /// defines one, its exits replace the declaration (CrossFileEffects).
  std::vector<std::string> LocksDeclared;
  /// The unit's flags of external linkage it defines, writes or tests, by
  /// variable.
  std::vector<FlagUse> FlagUses;
};

} // namespace kharden

#endif
