//===- engine/Program.h - contexts across all files ---         -*- C++ -*-===//
//
// The summaries of every translation unit of a run, merged, with the
// absolute contexts each function may be entered in: from kernel path facts
// (entry points), registered callbacks, and every call site, propagated
// along call chains within and across files until nothing changes. Checks
// query it: "in which calling context, if any, is this point preemptible?"
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_PROGRAM_H
#define KHARDEN_ENGINE_PROGRAM_H

#include "engine/CallTargets.h"
#include "engine/CallerGraph.h"
#include "engine/FunctionTable.h"
#include "engine/Summary.h"
#include "support/FlatLists.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <deque>
#include <memory>
#include <optional>

namespace kharden {

class Program;
struct FollowedValues;
FollowedValues dropUnfollowedValues(Program &P);

/// Why a function may be entered in a context: the notes from a kernel fact
/// down the calls that reach it. A whole tree has millions of entry
/// contexts, so a chain is kept as where its context came from (a fact's
/// note, or a call its caller made in one of the caller's entry contexts)
/// and its notes are made only when a finding asks.
class NoteChain {
public:
  std::vector<Note> toVector() const;

private:
  friend class Program;
  static constexpr uint32_t Fact = UINT32_MAX;
  const Program *P = nullptr; ///< Null: no notes.
  /// A call of Caller, entered in its entry context CallerEntry, to To:
  /// Path counts the caller's call sites' paths (CallSite::States), in
  /// order, up to the one taken. Or (Caller is Fact) the program's fact
  /// note Path.
  uint32_t To = 0, Caller = Fact, CallerEntry = 0, Path = 0;
};

/// One context a function may be entered in, and why: a view of what the
/// program holds, valid as long as it is.
struct EntryContext {
  const AbsState &State;
  NoteChain Why;
  /// Reached from a call site in the run, not from a kernel fact (an entry
  /// point, a callback) or from nothing.
  bool FromCall = false;
};

/// The entry contexts of one function, in the order they were found.
class EntryContexts {
public:
  /// Where an entry context's state and origin are kept: the state as an
  /// index into the program's interned states (entry contexts outnumber
  /// distinct states a hundredfold), the origin as NoteChain's fields.
  struct Stored {
    uint32_t State = 0, Caller = 0, CallerEntry = 0, Path = 0;
  };
  class iterator {
  public:
    using iterator_category = std::input_iterator_tag;
    using value_type = EntryContext;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = EntryContext;
    iterator(const Program &P, uint32_t Function, const Stored *S)
        : P(&P), Function(Function), S(S) {}
    EntryContext operator*() const;
    iterator &operator++() {
      ++S;
      return *this;
    }
    bool operator==(const iterator &O) const { return S == O.S; }
    bool operator!=(const iterator &O) const { return S != O.S; }

  private:
    const Program *P;
    uint32_t Function;
    const Stored *S;
  };
  EntryContexts(const Program &P, uint32_t Function,
                llvm::ArrayRef<Stored> All)
      : P(P), Function(Function), All(All) {}
  iterator begin() const { return {P, Function, All.begin()}; }
  iterator end() const { return {P, Function, All.end()}; }
  size_t size() const { return All.size(); }
  bool empty() const { return All.empty(); }

private:
  const Program &P;
  uint32_t Function;
  llvm::ArrayRef<Stored> All;
};

/// The context of a point over every calling context found: preemptible in
/// some, or atomic in all (with IRQs off in all, or not), or unknown.
enum class RegionContext { Preemptible, PreemptOff, IrqsOff, Unknown };
llvm::StringRef contextName(RegionContext C);

/// A calling context in which a point is in state State, and why.
struct Explanation {
  AbsState State;
  std::vector<Note> Notes;
  RelState Local; ///< The point's state relative to the function's entry.
};

/// How the calls through function pointers of a run were resolved, by call
/// site (a header's function counted once).
struct IndirectCallStats {
  size_t Resolved = 0; ///< To the functions the run stores in the slot.
  /// To more functions than the cap: their contexts flow, their effects
  /// are not joined.
  size_t Capped = 0;
  /// Unresolved: something the analysis cannot see is stored in the slot,
  /// or (Unstored of them) nothing in the run stores anything there.
  size_t Open = 0, Unstored = 0;
};

class Program {
public:
  /// A call through a pointer that may reach more functions than this
  /// passes its context to all of them but takes none of their effects.
  static constexpr unsigned DefaultMaxTargets = 8;
  /// A function entered with this many different sets of facts about the
  /// fields its arguments point to takes further calling contexts without
  /// such facts (boundFieldFacts()).
  static constexpr unsigned DefaultMaxFieldFacts = 32;
  /// A function entered in this many contexts takes further ones joined
  /// (widenEntry()); 0: no limit.
  static constexpr unsigned DefaultMaxEntryContexts = 1024;

  explicit Program(std::shared_ptr<const KernelModel> Model,
                   unsigned MaxTargets = DefaultMaxTargets,
                   unsigned MaxFieldFacts = DefaultMaxFieldFacts,
                   unsigned MaxEntryContexts = DefaultMaxEntryContexts)
      : Model(std::move(Model)), MaxTargets(MaxTargets),
        MaxFieldFacts(MaxFieldFacts), MaxEntryContexts(MaxEntryContexts) {}
  /// Entry contexts' explanations point into it.
  Program(const Program &) = delete;
  Program &operator=(const Program &) = delete;

  /// Adds one translation unit's summaries; a function already known from
  /// another unit (a header's static inline) is kept once. Joining sees
  /// each function kept, before it joins.
  void add(TUSummary TU,
           llvm::function_ref<void(FunctionSummary &)> Joining = nullptr);
  /// What a client of the solve reads of a function's calling contexts
  /// (through entries(), findContext(), regionContext(), enteredAtomic(),
  /// unreachedCallers()): the AbsState parts, none if it reads none.
  using ContextDemand = llvm::function_ref<unsigned(const FunctionSummary &)>;
  /// Computes the entry contexts of the functions Reads asks about and of
  /// every function they may be reached from, each with the parts read
  /// there or below (keepParts()); without Reads, every function's whole.
  /// The rest would be computed to be thrown away: the default checks read
  /// 95 thousand of x86_64 defconfig's 1.69 million (docs/benchmarks.md).
  void solve(ContextDemand Reads = nullptr);

  const FunctionTable &functions() const { return Functions; }
  /// What the compile commands say about code generation, per TU.
  const std::vector<TargetFacts> &targets() const { return Targets; }
  /// None for a function solve() was not asked for.
  EntryContexts entries(const FunctionSummary &F) const;
  const FunctionSummary *find(llvm::StringRef Key) const;
  const KernelModel &model() const { return *Model; }

  /// The first calling context (fewest steps from an entry fact) in which
  /// a point of F reached in one of States satisfies Pred.
  std::optional<Explanation>
  findContext(const FunctionSummary &F, llvm::ArrayRef<RelState> States,
              llvm::function_ref<bool(const AbsState &)> Pred) const;

  /// The functions call site C reaches (indices into functions()); true if
  /// they are the capped resolution of a generic slot.
  bool targetsOf(const CallSite &C, llvm::SmallVectorImpl<size_t> &Out) const;
  /// The functions call site C of F reaches when F is entered in Entry: as
  /// targetsOf(), but through a parameter the context passes a function or
  /// a slot's value as, that function or what the slot holds, and below a
  /// notifier chain's call, the chain's blocks. True if they say nothing of
  /// this context's callee: a capped resolution, or a parameter the context
  /// passes nothing known as (every caller's).
  bool targetsAt(const FunctionSummary &F, const CallSite &C,
                 const AbsState &Entry,
                 llvm::SmallVectorImpl<size_t> &Out) const;
  /// Whether an entry context can narrow what C reaches (targetsAt()): a
  /// call through a parameter or through the notifier block field.
  bool narrowable(const CallSite &C) const;
  /// Whether C, in a function entered in Entry, is a notifier chain's walk
  /// over the chain Entry names: it calls each of targetsAt()'s functions
  /// in turn, not one of them.
  bool walksChain(const CallSite &C, const AbsState &Entry) const;
  /// The context call site C (in state R of a caller entered in Entry)
  /// enters its callee To in: the kinds and levels, and what is known of
  /// the arguments (fields and functions included), also from what R found
  /// of the caller's own parameter tests (CallerTests, its summary's).
  AbsState calleeEntry(const AbsState &Entry, const RelState &R,
                       const CallSite &C, size_t To,
                       llvm::ArrayRef<ParamTest> CallerTests) const;
  /// Whether the bits a caller passes as A matter to F: its tests read
  /// them, or it passes them on to a parameter whose tests do.
  bool bitsMatter(const FunctionSummary &F, const ArgRef &A) const {
    return bitsMatter(Functions.indexOf(F), A);
  }

  /// The event that opened the atomic region a point of F in state R is
  /// in (its note names the acquire: "... by 'spin_lock(&l)'"), if F's own
  /// code opened one.
  static const Note *regionOpener(const FunctionSummary &F, const RelState &R);

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
  /// After solve().
  const IndirectCallStats &indirectCalls() const { return Indirect; }
  /// After solve(): the entry contexts of all functions, and the distinct
  /// states they share.
  struct EntryStats {
    size_t Contexts = 0, States = 0;
    size_t Solved = 0; ///< Functions whose contexts were computed.
    /// Functions whose further entry contexts boundFieldFacts() took
    /// without their field facts.
    size_t FieldFactsBounded = 0;
    /// Functions past MaxEntryContexts, whose further contexts were joined.
    size_t Widened = 0;
  };
  EntryStats entryStats() const;
  /// After solve(): the cycles of the call graph, calls through slots
  /// included (as resolved, capped or not).
  CallerGraph::Cycles callGraphCycles() const { return callers().cycles(); }

private:
  /// Rewrites the functions' value flows (engine/ValueUses.h).
  friend FollowedValues dropUnfollowedValues(Program &P);
  /// F's notes that explain a point in state R of F entered in Entry.
  static llvm::SmallVector<const Note *, 3>
  localNotes(const FunctionSummary &F, const AbsState &Entry,
             const RelState &R);
  /// Adds entry context Origin to Function, whose state is State, interned
  /// as Origin.State or (NoState) perhaps not yet; false if Function has it.
  /// State is interned only if Function takes it as it is: past
  /// MaxEntryContexts it takes a joined state, and on the 3621-unit
  /// allmodconfig tree 44 % of the states interned were such states, which
  /// no entry context kept (docs/benchmarks.md).
  bool addEntry(size_t Function, const AbsState &State,
                EntryContexts::Stored Origin);
  /// Whether Function has its MaxEntryContexts contexts: further ones are
  /// joined (widenEntry()).
  bool pastBound(size_t Function) const {
    return MaxEntryContexts && Entries[Function].size() >= MaxEntryContexts;
  }
  /// The same for what Function keeps of State.
  bool addKeptEntry(size_t Function, AbsState State,
                    EntryContexts::Stored Origin) {
    keepFor(Function, State);
    Origin.State = NoState;
    return addEntry(Function, State, Origin);
  }
  /// What Function's entry contexts keep of S: the parts read there
  /// (keepParts()), and field facts within the bound (boundFieldFacts()).
  void keepFor(size_t Function, AbsState &S) {
    keepParts(S, PartsKept[Function]);
    boundFieldFacts(Function, S);
  }
  /// Forgets what S says of the fields Function's arguments point to if
  /// Function already has MaxFieldFacts other sets of them. Callers pass
  /// on what they know of an object's fields with what they stored there
  /// themselves, so along a call chain that passes one object down (the
  /// socket through TCP's input and output paths) the sets multiply with
  /// each level: 6.12 x86_64's net/ gave inet_sk_rebuild_header() 1.1
  /// million entry contexts, which without field facts were 23
  /// (docs/benchmarks.md). Knowing less is sound: a path the facts ruled
  /// out runs again, as it does for a caller outside the run.
  void boundFieldFacts(size_t Function, AbsState &S);
  /// The state a function past MaxEntryContexts takes for State: without
  /// the values the caller passes (the functions stay: a call through a
  /// parameter reaches only what callers pass), and with the kinds of every
  /// context of its class (the other parts) it took so far. In a call
  /// graph's giant cycle every function is entered in the product of the
  /// contexts and the arguments that reach the cycle (77 million contexts
  /// on allmodconfig with net/, docs/benchmarks.md); past the bound, a
  /// function's contexts grow only with their classes. What it costs: the
  /// paths the values ruled out run again, as for a caller outside the run,
  /// and a union of every kind says no more than an unknown context.
  /// NoState: nothing the function does not already have.
  uint32_t widenEntry(size_t Function, const AbsState &State);
  /// Adds an entry context State to Function that kernel fact Why explains.
  bool addFactEntry(size_t Function, const AbsState &State, Note Why);
  /// The index of State in States, added if new.
  uint32_t intern(const AbsState &State);
  /// The index of State in States, or NoState.
  uint32_t find(const AbsState &State) const;
  friend class EntryContexts::iterator;
  EntryContext entry(uint32_t Function, const EntryContexts::Stored &S) const;
  /// EntryContexts::Stored::Caller of an entry context without notes.
  static constexpr uint32_t Unexplained = NoteChain::Fact - 1;
  /// The notes of Why, last first.
  friend class NoteChain;
  void notesBackwards(const NoteChain &Why, std::vector<Note> &Out) const;
  /// Where the run queues work item Work on a workqueue that may run it
  /// on any CPU (a WQ_UNBOUND one), if it does.
  const WorkQueueing *unboundQueueing(const StorageName &Work) const;
  /// Which parameters' (and fields') known bits matter to each function:
  /// those its tests read, and those it passes on to such a parameter.
  /// Entry contexts keep only these, not every constant a caller passes.
  void findBitArgs();
  bool bitsMatter(size_t Function, const ArgRef &A) const;
  /// The parameters (RelState::ParamKnown bits) and the parameter tests
  /// (TestKnown bits) on which some path of F holds a fact.
  struct FactsRead {
    uint8_t Params = 0, Tests = 0;
  };
  static FactsRead factsRead(const FunctionSummary &F);
  /// Which parameters each function calls through, directly or by passing
  /// them on to such a parameter: entry contexts keep the function a
  /// caller passes there, so that a call through it reaches that one.
  void findFunctionParams();
  bool functionMatters(size_t Function, uint8_t Param) const;
  /// The parameter of F a call of F goes through, if it is one.
  std::optional<uint8_t> throughParameter(const FunctionSummary &F,
                                          const CallSite &C) const;
  /// A call site's callees as the solve looks them up for every entry
  /// context: resolved once, not by name each time.
  struct ResolvedCall {
    /// The callee's index (a direct call), Through | the index of the
    /// call's slot's resolution in Vias, or NoCallee (outside the run).
    uint32_t Target = NoCallee;
    int8_t Param = -1; ///< throughParameter(), or -1.
    static constexpr uint32_t NoCallee = UINT32_MAX, Through = 1u << 31;
  };
  /// Fills ResolvedCalls, CallBase and Vias for the solve.
  void resolveCallSites();
  /// Who calls each function, directly or through a slot.
  CallerGraph callers() const;
  /// Fills PartsKept: what Reads asks of each function, and of its callees
  /// for its callers. A function that calls through a parameter reaches
  /// what its callers pass, which no call site's callees say: it keeps what
  /// the functions passed there need.
  void findPartsKept(ContextDemand Reads);
  /// What a call through Slot reaches.
  struct Resolution {
    enum Kind { Resolved, Capped, Open, Unstored } K = Unstored;
    std::vector<size_t> Functions; ///< Those with a summary.
  };
  /// The functions call site RC reaches when its function is entered in
  /// Entry, unless it is a call through a generic slot (cappedVia()).
  void calleesAt(const ResolvedCall &RC, const AbsState &Entry,
                 llvm::SmallVectorImpl<size_t> &Out) const;
  /// The capped resolution of a generic slot call site RC calls through
  /// when its function is entered in Entry, or null.
  const Resolution *cappedVia(const ResolvedCall &RC,
                              const AbsState &Entry) const;
  /// The resolution a call through slot Via (through parameter Param, or
  /// -1) takes when its function is entered in Entry: the slot's own;
  /// through a parameter its caller passed a slot's value as, that slot's;
  /// or below a notifier chain's call, that chain's for the chain's block
  /// field. The second form is a solve-time call site's.
  const Resolution *viaAt(const Resolution *Via, int Param,
                          const AbsState &Entry) const;
  const Resolution *viaAt(const ResolvedCall &RC, const AbsState &Entry) const;
  /// A generic slot's targets, grouped by what their entry contexts read
  /// (the parts kept, the bits, constants and functions passed that
  /// matter): calleeEntry() gives every member of a group the same state.
  /// A whole tree calls its generic slots from callers that grow with it
  /// and stores targets that grow with it; computing each caller's state
  /// for each target was quadratic in the tree (issue 21). Per group, the
  /// states it was given through the slot: given again, they add nothing.
  struct GenericTargets {
    std::vector<uint32_t> Members; ///< The targets solved, in slot order.
    std::vector<uint32_t> GroupOf; ///< Per member.
    std::vector<uint32_t> First;   ///< Per group, its first member's index.
    std::vector<llvm::DenseSet<uint32_t>> Given; ///< Per group.
  };
  GenericTargets &genericTargets(const Resolution &Via);
  /// Gives the targets of Via their states from F's entry context E at
  /// call site C, whose first path is numbered FirstPath (NoteChain).
  void propagateGeneric(size_t F, size_t E, const AbsState &Entry,
                        uint32_t FirstPath, const CallSite &C,
                        const Resolution &Via, std::deque<size_t> &Work);
  void propagate(std::deque<size_t> &Work);

  const Resolution &resolve(llvm::StringRef Slot);
  /// The resolution of the slot call site C calls through, if any.
  const Resolution *slotOf(const CallSite &C) const;
  /// Calls Each with the index of every function call site C reaches.
  void forEachCallee(const CallSite &C,
                     llvm::function_ref<void(size_t)> Each) const;
  /// Calls Each with Of[F] of every function F call site C reaches; through a
  /// slot, once, with the union of its targets' bits, taken when Slots (one
  /// pass of a fixed point) first meets the slot.
  template <typename Bits>
  void forEachCalleeBits(const CallSite &C, const std::vector<Bits> &Of,
                         llvm::DenseMap<const Resolution *, Bits> &Slots,
                         llvm::function_ref<void(Bits)> Each) const;
  void resolveCalls();
  void dumpSlot(llvm::StringRef Slot) const;
  /// KHARDEN_DEBUG_ENTRY_COUNTS=N (engine/EntryBreakdown.cpp).
  void dumpEntryBreakdown(unsigned Top) const;
  /// Keeps the paths through joined calls that the run's stores allow.
  void applyJoins();
  /// Entry contexts of the functions stored where the kernel model says a
  /// callback is (an ops structure's field, a registration's argument).
  void seedCallbacks(
      llvm::function_ref<void(size_t, const ContextSpec &, Note)> Seed);

  std::shared_ptr<const KernelModel> Model;
  unsigned MaxTargets;
  unsigned MaxFieldFacts;
  /// While the solve runs: per function, the hashes of the sets of field
  /// facts its entry contexts hold (boundFieldFacts()).
  std::vector<std::unique_ptr<llvm::DenseSet<size_t>>> FieldFactSets;
  /// Per function, whether boundFieldFacts() forgot some.
  std::vector<bool> FieldFactsBounded;
  unsigned MaxEntryContexts;
  /// While the solve runs, per function past MaxEntryContexts: its joined
  /// states, by the hash of their class.
  std::vector<std::unique_ptr<llvm::DenseMap<size_t, uint32_t>>> Widened;
  CallTargets Pointers; ///< What the run stores in function pointers.
  llvm::StringMap<Resolution> Resolutions;
  IndirectCallStats Indirect;
  FunctionTable Functions;
  std::vector<EntryHint> Hints;
  std::vector<WorkQueueing> Queueings;
  std::vector<QueueAllocation> Allocations;
  std::vector<TargetFacts> Targets;
  /// Keyed by the summaries' own keys, which never move (FunctionTable): a
  /// StringMap kept a copy of each of a million keys (issue 21).
  llvm::DenseMap<llvm::StringRef, uint32_t> ByKey;
  std::vector<std::vector<EntryContexts::Stored>> Entries;
  /// While the solve runs: the states of a function's entry contexts, for
  /// a function with many (addEntry()).
  std::vector<std::unique_ptr<llvm::DenseSet<uint32_t>>> EntryIndex;
  /// Every distinct entry state, interned; a deque, so that EntryContext's
  /// references stay valid while it grows.
  std::deque<AbsState> States;
  /// By hash: the last state interned with it, and for each state the one
  /// before it with the same hash.
  llvm::DenseMap<size_t, uint32_t> StateIds;
  std::vector<uint32_t> SameHash;
  static constexpr uint32_t NoState = UINT32_MAX;
  std::vector<Note> FactNotes; ///< What NoteChains that start at a fact say.
  std::vector<size_t> Propagated; ///< Entries already pushed to callees.
  /// While the solve runs: every call site, function I's from CallBase[I].
  std::vector<ResolvedCall> ResolvedCalls;
  std::vector<uint32_t> CallBase;
  std::vector<const Resolution *> Vias;
  /// The notifier chains called (AbsState::Chain - 1), by their slots, and
  /// the kernel model's block field's slot.
  std::vector<const Resolution *> ChainVias;
  llvm::StringMap<uint32_t> ChainIds;
  const Resolution *BlockVia = nullptr;
  llvm::DenseMap<const Resolution *, GenericTargets> Generic;
  std::vector<bool> Unreached; ///< Entered only in the unknown context.
  /// Per function, the parts its entry contexts keep; none: not solved.
  std::vector<uint16_t> PartsKept;
  /// Functions the kernel model enters: an entry point or a callback.
  std::vector<bool> Modelled;
  FlatLists<ArgRef> BitArgs; ///< Per function, sorted.
  /// Per function, the parameters whose constants (AbsState::ArgKnown)
  /// matter to it: findBitArgs() computes them with BitArgs.
  std::vector<uint8_t> ConstantParams;
  /// Per function, a bit per parameter that findFunctionParams() found.
  std::vector<uint16_t> FunctionParams;
  static constexpr uint32_t OutsideRun = UINT32_MAX; ///< An FnArgs function.
  /// The slots arguments are read from (CallSite::Passed::FnSlots), by key:
  /// an AbsState::FnArgs value SlotArg | I is ArgSlotVias[I]'s functions.
  std::vector<const Resolution *> ArgSlotVias;
  llvm::StringMap<uint32_t> ArgSlotIds;
  static constexpr uint32_t SlotArg = 1u << 31;
  /// The slot an AbsState::FnArgs value names, or null for a function.
  const Resolution *argSlot(uint32_t Passed) const {
    return Passed != OutsideRun && (Passed & SlotArg)
               ? ArgSlotVias[Passed & ~SlotArg]
               : nullptr;
  }
  /// The functions a call through a parameter given Slot's value reaches.
  llvm::ArrayRef<size_t> argSlotFunctions(llvm::StringRef Slot) const;
  /// The function Entry passes to parameter Param (or -1), if it names
  /// one (not a slot).
  std::optional<uint32_t> passedFunction(int Param,
                                         const AbsState &Entry) const;
  /// Whether C calls through a parameter of its function.
  static bool isParameterSlot(const CallSite &C);
};

} // namespace kharden

#endif
