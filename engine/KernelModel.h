//===- engine/KernelModel.h - kernel knowledge as data          -*- C++ -*-===//
//
// What kharden knows about the kernel is data, not code: which macros and
// functions change the preemption/IRQ context and how, which are per-CPU
// operations, and which functions are entered in a known context (syscall
// paths, callbacks). It ships as checkers/data/kernel.yaml; users extend it
// with --primitives FILE. See docs/kernel-model.md for the format.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_KERNELMODEL_H
#define KHARDEN_ENGINE_KERNELMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/Regex.h"

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kharden {

/// How a primitive changes the execution context where it runs.
enum class Effect : uint8_t {
  PreemptDisable,
  PreemptEnable,
  IrqDisable,
  IrqEnable,
  IrqSave,    ///< Disable IRQs, remembering the previous state.
  IrqRestore, ///< Return to the state remembered by the matching save.
  /// IRQs as the context an exception interrupted had them: a synchronous
  /// exception handler restoring the flags the exception saved.
  IrqAsInterrupted,
  MigrateDisable,
  MigrateEnable,
  MaySleep, ///< Legal only where preemption and IRQs are enabled.
  /// Enters the scheduler (schedule()): legal where the preemption count is
  /// zero, IRQs on or off, since the scheduler disables and re-enables them
  /// itself.
  MaySchedule,
  /// Sleeps to handle a page fault (copy_from_user()), unless page faults
  /// are disabled: then the access fails instead.
  MayFault,
  PagefaultDisable,
  PagefaultEnable,
  AssertIrqsDisabled,
  AssertPreemptDisabled,
  AssertPinned, ///< The task stays on this CPU for good: a per-CPU thread.
  BhDisable,    ///< local_bh_disable(): softirqs held off on this CPU.
  BhEnable,
  /// A context predicate's branch says no bottom-half disable is counted
  /// (in_interrupt() false), or that IRQs are on (irqs_disabled() false):
  /// a caller that holds them off never takes it.
  AssertBhEnabled,
  AssertIrqsEnabled,
  /// A context predicate's branch (in_nmi(), in_task(), ...) rules a kind
  /// of context out (ContextKind).
  NotInTask,
  NotInSoftirq,
  NotInHardirq,
  NotInNmi,
  /// A kernel FPU/SIMD section (kernel_fpu_begin(), kernel_neon_begin())
  /// opens or closes.
  SimdBegin,
  SimdEnd,
  /// The kernel said here that the FPU/SIMD registers may be used
  /// (irq_fpu_usable(), may_use_simd() true).
  AssertSimdUsable,
  /// An RCU read-side critical section (rcu_read_lock()) opens or closes:
  /// sleeping there is a bug whichever the RCU flavour.
  RcuReadLock,
  RcuReadUnlock,
  /// A hard IRQ or NMI section opens (irq_enter(), __nmi_enter(): the count
  /// raised by HARDIRQ_OFFSET, NMI_OFFSET) or closes: inside, the context
  /// is of that kind, whatever the function was entered in.
  HardirqEnter,
  NmiEnter,
  HardirqExit,
  NmiExit,
  /// The kernel's own check of sleeping in atomic context
  /// (__might_resched()) is silent from here (system_state set past
  /// SYSTEM_RUNNING), or checks again (set back to a running state).
  SleepChecksOff,
  SleepChecksOn,
  /// A count dropped to zero here (atomic_dec_and_test() true): the path
  /// is the last holder's, which frees what the count kept alive.
  LastReference,
  /// A test found a set-up flag zero: a field of the callers' object on a
  /// branch that sets it (the object's first use), or a latch of the file
  /// (Latches.h) before it is set. Whether the set-up has run is state no
  /// caller's code shows. Derived from the code, never named in the kernel
  /// model.
  NotSetUp,
};

/// Whether effect E on a context predicate's branch narrows what the
/// context is said to be (a kind, preemption off) rather than changing it.
inline bool asksContext(Effect E) {
  switch (E) {
  case Effect::AssertPreemptDisabled:
  case Effect::NotInTask:
  case Effect::NotInSoftirq:
  case Effect::NotInHardirq:
  case Effect::NotInNmi:
    return true;
  default:
    return false;
  }
}

/// The kinds of context the kernel distinguishes (the innermost one a CPU
/// runs in), as bits of a set of possibilities: a hard IRQ handler may be
/// entered in KindHardirq only, an hrtimer callback in hard IRQ or softirq.
enum ContextKind : uint8_t {
  KindTask = 1,
  KindSoftirq = 2,
  KindHardirq = 4,
  KindNmi = 8,
};
/// Every kind: nothing is known.
constexpr uint8_t AllKinds = KindTask | KindSoftirq | KindHardirq | KindNmi;
/// "task", "softirq", "hardirq", "nmi".
llvm::StringRef kindName(ContextKind K);
constexpr ContextKind EveryKind[] = {KindTask, KindSoftirq, KindHardirq,
                                     KindNmi};

/// What a per-CPU operation does with the per-CPU variable.
enum class PercpuAccess : uint8_t {
  Read,
  Write,
  ReadModifyWrite,
  Address, ///< raw_cpu_ptr()/this_cpu_ptr(): computes this CPU's address.
  CpuId,   ///< smp_processor_id().
  Safe,    ///< Preemption-safe (this_cpu_*); hides the operations inside it.
};

/// What a per-CPU read-modify-write adds: __this_cpu_inc() one up,
/// __this_cpu_dec() one down; raw_cpu_add() an amount of either sign.
enum class PercpuStep : uint8_t { None, Up, Down };

llvm::StringRef effectName(Effect E);
llvm::StringRef accessName(PercpuAccess A);

/// A context state as a kernel path fact states it.
/// A context fact: off, on, or (for preemption and IRQs) decided by what
/// was interrupted.
enum class Switch : uint8_t { Off, On, Unknown };
struct ContextSpec {
  Switch Preempt = Switch::On;
  Switch Irqs = Switch::On;
  Switch Migration = Switch::On; ///< Off: pinned to a CPU (bound kworkers).
  uint8_t Kinds = AllKinds;      ///< ContextKind bits: what it may be.
  Switch Bh = Switch::Unknown;   ///< Bottom halves: Off where BH is disabled.
  /// Off where the kernel's own check of sleeping in atomic context is
  /// silent: at boot, before system_state leaves SYSTEM_BOOTING.
  Switch SleepChecks = Switch::Unknown;
};

/// Effects of storing a value into a global variable, chosen by the stored
/// value's text (`system_state = SYSTEM_SUSPEND`).
struct StoreRule {
  std::string Variable;
  struct Value {
    std::string Matches; ///< Regular expression over the value's text.
    std::vector<Effect> Effects;
    std::shared_ptr<llvm::Regex> Compiled;
  };
  std::vector<Value> WhenValue;
  /// The effects of storing a value spelled Text; none if no rule matches.
  llvm::ArrayRef<Effect> effectsFor(llvm::StringRef Text) const;
};

/// Effects that apply instead of the default when an argument's source text
/// matches, e.g. local_daif_restore(DAIF_PROCCTX) enables IRQs.
struct ArgumentRule {
  unsigned Index = 0;
  std::string Matches; ///< Regular expression over the argument's text.
  std::vector<Effect> Effects;
  std::shared_ptr<llvm::Regex> Compiled;
};

/// Effects that happen only where an argument, read as a condition, is
/// true (might_sleep_if(cond)): a constant decides it, or a parameter (or a
/// test of its bits) whose value the callers pass; otherwise they never
/// happen. Only operations the checks judge (may-sleep, may-fault): a
/// context change that only some callers' values make is no context.
struct ArgumentCondition {
  unsigned Index = 0;
  std::vector<Effect> Effects;
};

/// A macro or function with a context effect or a per-CPU access.
struct Primitive {
  std::vector<std::string> Names; ///< Exact names or globs (raw_cpu_read*).
  std::vector<Effect> Effects;
  std::optional<PercpuAccess> Access;
  PercpuStep Step = PercpuStep::None; ///< Of a read-modify-write.
  std::vector<ArgumentRule> WhenArgument;
  std::optional<ArgumentCondition> IfArgument;
  /// Effects on the branch edge where a condition found the primitive's
  /// value true / false (a trylock's lock, in_task()'s atomic else-branch).
  std::vector<Effect> WhenTrue, WhenFalse;
  /// Where no branch tests the value directly, WhenTrue applies as if it
  /// returned true (trylocks); otherwise neither applies there.
  bool AssumeTrueIfUntested = false;
  /// A kernel function whose effect callers in other files would not see
  /// (summaries cross files only as entry contexts): its calls keep their
  /// call sites too, so its body runs in its callers' contexts.
  bool KeepCall = false;

  /// Effects at a use whose argument texts are Args.
  const std::vector<Effect> &
  effectsFor(llvm::ArrayRef<std::string> Args) const;
};

/// Functions entered in a known context: syscall paths, entry code.
struct EntryPoint {
  std::vector<std::string> Functions;
  ContextSpec Context;
  std::string Reason;
};

/// Functions registered as callbacks run in a known context: fields of an
/// ops structure, or an argument of a registration macro/function.
struct Callback {
  std::string Struct;              ///< e.g. file_operations ...
  std::vector<std::string> Fields; ///< ... and its callback fields; or
  std::vector<std::string> Names;  ///< registration macros/functions ...
  std::vector<unsigned> Arguments; ///< ... and the callbacks' arguments.
  /// For a work item: the argument that is the work item, whose queueing
  /// (Workqueues) may change Context (an unbound workqueue: it migrates).
  std::optional<unsigned> WorkItem;
  ContextSpec Context;
  std::string Reason;
};

/// A part of an enum of states whose callbacks all run in one context: the
/// states from enumerator From up to, not including, Before (CPU hotplug's
/// PREPARE, STARTING and ONLINE sections, include/linux/cpuhotplug.h).
struct StateSection {
  std::string From, Before;
  ContextSpec Context;
  std::string Reason;
};

/// A registration function that takes a state and its callbacks.
struct StateRegistration {
  std::vector<std::string> Names;
  unsigned State = 0;
  std::vector<unsigned> Arguments;
};

/// A table indexed by state whose entries hold callbacks in Fields
/// ("startup.single": members below the entry).
struct StateTable {
  std::string Variable;
  std::vector<std::string> Fields;
};

/// Callbacks whose context depends on the section of the state they are
/// registered for, decided by the enumerators' values in each translation
/// unit, never by a list of states.
struct StateCallbacks {
  std::string Enum; ///< "cpuhp_state"
  std::vector<StateRegistration> Registrations;
  std::vector<StateTable> Tables;
  std::vector<StateSection> Sections;
};

/// Code built as a program of its own, linked apart from the kernel and
/// entered only by its own entry (the arm64 nVHE hypervisor): a translation
/// unit whose compile command defines Macro belongs to image Name, whose
/// functions and function pointers never join the kernel's.
struct SeparateImage {
  std::string Macro, Name;
};

/// Callbacks of one ops structure that the kernel calls in turn on one
/// object without sleeping between: Then run in the context First
/// returned with (seq_read() calls ->show() and ->next() after ->start(),
/// Documentation/filesystems/seq_file.rst).
struct CallbackSequence {
  std::string Struct, First;
  std::vector<std::string> Then;
};

/// Calls (or macros) and the argument of theirs that a list means:
/// `node-preferences`, whose argument is a NUMA node the allocation prefers
/// and falls back from (kmalloc_node()'s `node`); `atomic-updates`, whose
/// argument points to what they change atomically (cmpxchg()'s `ptr`).
struct CallArgument {
  std::vector<std::string> Names;
  unsigned Argument = 0;
};

/// A thread bound to one CPU before it first runs: Creates makes it (its
/// argument: the thread's function) and returns the task, which Binds (its
/// argument: the task) binds. The function then runs in Context
/// (kthread_create_on_node() and kthread_bind(): pinned).
struct BoundThread {
  CallArgument Creates, Binds;
  ContextSpec Context;
  std::string Reason;
};

/// Sparse's lock-context annotations of a function declaration: the macros
/// saying it returns holding (Acquires) or having released (Releases) the
/// lock their argument names, and what holding a lock of each type keeps
/// off (`__releases(&inode->i_lock)`, a spinlock_t: preemption).
struct LockAnnotations {
  std::vector<std::string> Acquires, Releases;
  struct LockType {
    std::string Type; ///< A typedef's name: spinlock_t.
    std::vector<Effect> Acquire, Release;
  };
  std::vector<LockType> Types;
  /// The entry of the type named Name, or null.
  const LockType *type(llvm::StringRef Name) const;
};

/// Notifier chains (include/linux/notifier.h): a registration
/// `Register(head, block)` puts a block on the chain at head, and a call
/// `Call(head, ...)` calls the Block field ("notifier_block.notifier_call")
/// of every block on that chain, and of no other.
struct NotifierChains {
  std::string Block;
  std::vector<std::string> Register, Call;
  bool isRegister(llvm::StringRef Name) const {
    return llvm::is_contained(Register, Name);
  }
  bool isCall(llvm::StringRef Name) const {
    return llvm::is_contained(Call, Name);
  }
};

/// A call that queues a work item: its work item argument, and its
/// workqueue argument (none: the default, bound system_wq).
struct QueueCall {
  std::vector<std::string> Names;
  unsigned Work = 0;
  std::optional<unsigned> Queue;
};

/// What decides whether a work item runs pinned to a CPU: the workqueue it
/// is queued on (include/linux/workqueue.h).
struct Workqueues {
  std::vector<QueueCall> QueueCalls;
  std::vector<std::string> Unbound;    ///< system_unbound_wq, ...
  std::vector<std::string> Allocators; ///< alloc_workqueue(fmt, flags, ...)
  std::string UnboundFlag;             ///< WQ_UNBOUND
};

/// Where a refill of handed-off per-CPU state runs on the way to user mode.
enum class ExitKind : uint8_t { SyscallExit, EveryReturnToUser };

/// Functions on the return path to user mode.
struct ExitPath {
  std::vector<std::string> Functions;
  ExitKind Runs = ExitKind::SyscallExit;
  std::string Reason;
};

/// A function whose result feeds the stack offset's refill.
struct RandomInput {
  std::vector<std::string> Names;
  std::string Source;       ///< "crng" or "timer", as scheme files spell it.
  unsigned Bits = 32;       ///< Width after truncation to the u32 offset.
  unsigned UnknownBits = 0; ///< Timers: the low bits the attacker cannot know.
};

/// The names of the stack-offset randomization's macros (kharden extract).
struct StackOffsetNames {
  std::vector<std::string> Consume;    ///< add_random_kstack_offset
  std::vector<std::string> Refill;     ///< choose_random_kstack_offset
  std::vector<std::string> RotateRight; ///< ror32: the refill's mix
  std::string TaskField;               ///< current->kstack_offset
  std::vector<std::string> Generators; ///< prandom_u32_state: drawn at use
  std::vector<RandomInput> RandomInputs;
};

/// Calls whose result the engine follows to its uses (engine/ValueUses.h),
/// recorded as operations of Rule: a per-CPU buffer's getter. A macro must
/// also be a primitive (only those are recorded while preprocessing).
struct ValueSource {
  std::string Rule;
  std::vector<std::string> Names;
  /// Calls after which the value is stale: its region ended.
  std::vector<std::string> Ends;
};

/// The rules of the operations the engine records (Operation::Rule) of its
/// own accord; a check rule's operations are recorded under the check's name.
namespace rules {
/// A per-CPU operation (raw_cpu_read(), this_cpu_ptr(), ...).
inline constexpr llvm::StringLiteral Percpu = "percpu";
/// A call whose result is random or a timer (get_random_u16(), rdtsc()).
inline constexpr llvm::StringLiteral RandomSource = "random-source";
/// A call that turns a value into a stack offset (__builtin_alloca()).
inline constexpr llvm::StringLiteral StackSink = "stack-sink";
/// A primitive that may sleep (may-sleep), enters the scheduler
/// (may-schedule), or sleeps only to handle a page fault (may-fault: a user
/// access), where its arguments make it so.
inline constexpr llvm::StringLiteral MaySleep = "may-sleep";
inline constexpr llvm::StringLiteral MaySchedule = "may-schedule";
inline constexpr llvm::StringLiteral MayFault = "may-fault";
} // namespace rules

/// The rule of the sleeping operation effects Fx make: may-sleep,
/// may-schedule or may-fault, the first that applies; empty for none.
inline llvm::StringRef sleepRuleOf(llvm::ArrayRef<Effect> Fx) {
  for (auto [E, Rule] : {std::pair{Effect::MaySleep, rules::MaySleep},
                         std::pair{Effect::MaySchedule, rules::MaySchedule},
                         std::pair{Effect::MayFault, rules::MayFault}})
    if (llvm::is_contained(Fx, E))
      return Rule;
  return {};
}

/// What a check rule says of an absolute context (AbsState): the contexts an
/// operation is wrong in, and what makes it right after all.
enum class ContextWord : uint8_t {
  Task,        ///< The context may be task context (a known kind) ...
  Softirq,     ///< ... softirq ...
  Hardirq,     ///< ... hard IRQ ...
  Nmi,         ///< ... or NMI.
  Preemptible, ///< Preemption and IRQs certainly on.
  IrqsOff,     ///< IRQs certainly off.
  BhOff,       ///< Bottom halves certainly disabled.
  SimdSection, ///< Inside a kernel FPU/SIMD section.
  Pinned,      ///< The task cannot migrate.
  SimdUsable,  ///< A guard on the path said the FPU/SIMD may be used.
  Atomic,      ///< Preemption or IRQs certainly off.
  RcuRead,     ///< Inside an RCU read-side critical section.
  /// The kernel's own check of sleeping in atomic context is silent
  /// (Effect::SleepChecksOff, ContextSpec::SleepChecks).
  SleepChecksOff,
  PreemptOff, ///< Preemption certainly off by the count, whatever IRQs are.
};
llvm::StringRef contextWordName(ContextWord W);

/// A check's rule (`check-rules` in kernel.yaml): which operations it
/// watches and in which contexts they are wrong. A check may have several.
struct CheckRule {
  std::string Check;
  /// Functions and macros (names or globs) the engine records as operations
  /// of rule Check, or ...
  std::vector<std::string> Operations;
  /// ... the engine's own operations of a rule (rules::Percpu).
  std::string EngineRule;
  std::vector<ContextWord> WrongIn; ///< Wrong where any of these holds ...
  std::vector<ContextWord> Unless;  ///< ... and none of these does, ...
  /// ... or Unless holds for operations of other accesses only (a per-CPU
  /// operation's; empty: every operation).
  std::vector<PercpuAccess> UnlessAccess;
};

/// A glob that owns its text: llvm::GlobPattern keeps a StringRef into the
/// pattern it was created from.
class OwnedGlob {
public:
  explicit OwnedGlob(llvm::StringRef Text);
  bool match(llvm::StringRef Name) const { return Pattern.match(Name); }

private:
  std::unique_ptr<std::string> Text;
  llvm::GlobPattern Pattern;
};

/// Names and globs, matched fast: exact names by hash, globs in order.
class NameSet {
public:
  void add(llvm::ArrayRef<std::string> Names);
  bool contains(llvm::StringRef Name) const;

private:
  llvm::StringMap<char> Exact;
  std::vector<OwnedGlob> Globs;
};

/// The whole table: built-ins first, user files may add entries in front.
class KernelModel {
public:
  /// Loads the built-in table and then each extra file; entries of later
  /// files take precedence. Errors name file, line and column.
  /// KnownChecks, where given, are the check names `check-rules` may use.
  static llvm::Expected<std::shared_ptr<const KernelModel>>
  load(llvm::StringRef BuiltinPath, llvm::ArrayRef<std::string> ExtraPaths,
       llvm::ArrayRef<llvm::StringRef> KnownChecks = {});

  /// Parses one table from text (tests).
  static llvm::Expected<std::shared_ptr<const KernelModel>>
  parse(llvm::StringRef Text, llvm::StringRef Name);

  const std::vector<Primitive> &primitives() const { return Primitives; }
  const std::vector<EntryPoint> &entryPoints() const { return EntryPoints; }
  const std::vector<Callback> &callbacks() const { return Callbacks; }
  const std::vector<ExitPath> &exitPaths() const { return ExitPaths; }
  const StackOffsetNames &stackOffset() const { return StackOffset; }
  const Workqueues &workqueues() const { return Queues; }
  const std::vector<StateCallbacks> &stateCallbacks() const {
    return StateCallbackTables;
  }
  const std::vector<SeparateImage> &separateImages() const { return Images; }
  const std::vector<CallbackSequence> &callbackSequences() const {
    return Sequences;
  }
  const std::vector<BoundThread> &boundThreads() const { return Bound; }
  const NotifierChains &notifierChains() const { return Chains; }
  const LockAnnotations &lockAnnotations() const { return Locks; }
  const std::vector<CheckRule> &checkRules() const { return CheckRules; }
  /// Check's rules, in the table's order.
  std::vector<const CheckRule *> rulesOf(llvm::StringRef Check) const;
  /// Whether rule R's operations name Name.
  bool watches(const CheckRule &R, llvm::StringRef Name) const;
  /// The checks whose rules name Name as an operation to record.
  std::vector<std::string> watchersOf(llvm::StringRef Name) const;

  /// First primitive whose names match Name, or null. Not cached: use a
  /// PrimitiveLookup per thread.
  const Primitive *findPrimitive(llvm::StringRef Name) const;
  const EntryPoint *findEntryPoint(llvm::StringRef Function) const;
  const ExitPath *findExitPath(llvm::StringRef Function) const;
  /// The `stores` entry of global variable Variable, or null.
  const StoreRule *findStore(llvm::StringRef Variable) const;
  /// Calls whose result is random or a timer (get_random_u16(), rdtsc()).
  bool isRandomSource(llvm::StringRef Name) const;
  /// Calls that turn a value into a stack offset (__builtin_alloca()).
  bool isStackSink(llvm::StringRef Name) const;
  /// Per-CPU variables the scheduler switches with the task.
  bool isTaskSwitched(llvm::StringRef Variable) const;
  /// Calls that take a lock inside the object their first argument points
  /// into (spin_lock(&p->lock)).
  bool isObjectLock(llvm::StringRef Name) const;
  /// Macros and calls that reach the per-CPU data of a CPU named by number
  /// (per_cpu(x, cpu)).
  bool isCpuIndexed(llvm::StringRef Name) const;
  /// Compare-and-exchange macros on this CPU's copy of a per-CPU variable
  /// that return whether they succeeded (this_cpu_cmpxchg_double()).
  bool isPercpuExchange(llvm::StringRef Name) const;
  /// Functions the kernel documents as callable in atomic context: a call
  /// of one never sleeps for its caller (put_task_struct()).
  bool isAtomicSafe(llvm::StringRef Function) const;
  /// Functions `(nr, addr)` that return whether bit nr of the bitmap at
  /// addr is set, and do nothing else (_test_bit()).
  bool isBitTest(llvm::StringRef Function) const;
  /// Functions that only read what their arguments point to and keep no
  /// pointer (_printk(): the kernel's printf has no %n).
  bool readsArgumentsOnly(llvm::StringRef Function) const;
  /// Structures whose objects register a function that parses a boot
  /// option (`struct obs_kernel_param`, __setup()): what such a function
  /// stores sets an option, not a set-up (Latches.h).
  bool isOptionTable(llvm::StringRef Record) const;
  /// Whether argument Arg of a call to Name is a NUMA node to prefer.
  bool isNodePreference(llvm::StringRef Name, unsigned Arg) const;
  /// Whether a call to Name changes what its argument Arg points to only
  /// atomically, safely against tasks on every CPU (cmpxchg(), llist_add()).
  bool isAtomicUpdate(llvm::StringRef Name, unsigned Arg) const;
  const std::vector<CallArgument> &atomicUpdates() const {
    return AtomicUpdates;
  }
  /// The first `workqueues.queue-calls` entry naming Function, or null.
  const QueueCall *findQueueCall(llvm::StringRef Function) const;
  /// The first `stack-offset.random-inputs` entry naming Function, or null.
  const RandomInput *findRandomInput(llvm::StringRef Function) const;
  /// The first `values` entry naming Name, or null.
  const ValueSource *findValueSource(llvm::StringRef Name) const;

  /// A stable digest of the table's content (for caches of results).
  const std::string &digest() const { return Digest; }

private:
  llvm::Error addFile(llvm::MemoryBufferRef Buffer, llvm::StringRef Name,
                      llvm::ArrayRef<llvm::StringRef> KnownChecks = {});
  void compile();

  std::vector<Primitive> Primitives;
  std::vector<EntryPoint> EntryPoints;
  std::vector<Callback> Callbacks;
  std::vector<ExitPath> ExitPaths;
  std::vector<std::string> RandomSources, StackSinks, TaskSwitched;
  std::vector<std::string> ObjectLocks, CpuIndexed, PercpuExchanges;
  std::vector<ValueSource> Values;
  std::vector<CallArgument> NodePreferences, AtomicUpdates;
  std::deque<NameSet> ValueNames; // never relocated
  StackOffsetNames StackOffset;
  Workqueues Queues;
  std::vector<StateCallbacks> StateCallbackTables;
  std::vector<SeparateImage> Images;
  std::vector<CallbackSequence> Sequences;
  std::vector<BoundThread> Bound;
  std::vector<StoreRule> Stores;
  NotifierChains Chains;
  LockAnnotations Locks;
  NameSet RandomSourceNames, StackSinkNames, TaskSwitchedNames;
  NameSet ObjectLockNames, CpuIndexedNames, PercpuExchangeNames;
  std::vector<CheckRule> CheckRules;
  std::deque<NameSet> EntryPointNames, ExitPathNames, RuleNames; // never relocated
  std::deque<NameSet> QueueCallNames, RandomInputNames, NodePreferenceNames,
      AtomicUpdateNames;
  struct NamePattern {
    OwnedGlob Glob;
    unsigned Index;
  };
  llvm::StringMap<unsigned> ExactPrimitives;
  std::vector<NamePattern> GlobPrimitives;
  std::string Digest;
  std::vector<std::string> AtomicSafe, BitTests, ReadOnlyArguments;
  std::vector<std::string> OptionTables;
  NameSet AtomicSafeNames, BitTestNames, ReadOnlyArgumentNames,
      OptionTableNames;
};

/// Memoizing primitive lookup for one thread: the kernel expands millions of
/// macros per translation unit, but only a few thousand distinct names.
class PrimitiveLookup {
public:
  explicit PrimitiveLookup(const KernelModel &Model) : Model(Model) {}
  const Primitive *find(llvm::StringRef Name) {
    return entry(Name).Prim;
  }
  bool isRandomSource(llvm::StringRef Name) { return entry(Name).Random; }
  bool isStackSink(llvm::StringRef Name) { return entry(Name).Sink; }
  const ValueSource *valueSource(llvm::StringRef Name) {
    return entry(Name).Value;
  }
  /// The checks whose rules watch Name (KernelModel::watchersOf()).
  const std::vector<std::string> &watchers(llvm::StringRef Name) {
    return entry(Name).Watchers;
  }
  const KernelModel &model() const { return Model; }

private:
  struct Entry {
    const Primitive *Prim = nullptr;
    const ValueSource *Value = nullptr;
    bool Random = false, Sink = false;
    std::vector<std::string> Watchers;
  };
  const Entry &entry(llvm::StringRef Name) {
    auto [It, Inserted] = Cache.try_emplace(Name);
    if (Inserted)
      It->second = {Model.findPrimitive(Name), Model.findValueSource(Name),
                    Model.isRandomSource(Name), Model.isStackSink(Name),
                    Model.watchersOf(Name)};
    return It->second;
  }
  const KernelModel &Model;
  llvm::StringMap<Entry> Cache;
};

} // namespace kharden

#endif
