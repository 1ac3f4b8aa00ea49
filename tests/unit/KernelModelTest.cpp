#include "checkers/Check.h"
#include "engine/KernelModel.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

std::shared_ptr<const KernelModel> parse(llvm::StringRef Text) {
  auto M = KernelModel::parse(Text, "test.yaml");
  if (!M) {
    ADD_FAILURE() << llvm::toString(M.takeError());
    return nullptr;
  }
  return *M;
}

std::string parseError(llvm::StringRef Text) {
  auto M = KernelModel::parse(Text, "test.yaml");
  EXPECT_FALSE(bool(M));
  return M ? "" : llvm::toString(M.takeError());
}

TEST(KernelModel, FirstMatchWinsAndGlobsMatch) {
  auto M = parse(R"(
primitives:
  - names: [raw_cpu_ptr]
    access: address
  - names: ['raw_cpu_*']
    access: read-modify-write
  - names: [preempt_disable]
    effects: [preempt-disable]
)");
  ASSERT_TRUE(M);
  ASSERT_TRUE(M->findPrimitive("raw_cpu_ptr"));
  EXPECT_EQ(*M->findPrimitive("raw_cpu_ptr")->Access, PercpuAccess::Address);
  EXPECT_EQ(*M->findPrimitive("raw_cpu_add_4")->Access,
            PercpuAccess::ReadModifyWrite);
  EXPECT_EQ(M->findPrimitive("preempt_disable")->Effects,
            std::vector<Effect>{Effect::PreemptDisable});
  EXPECT_EQ(M->findPrimitive("preempt_enable"), nullptr);
  EXPECT_FALSE(M->findPrimitive("preempt_disable")->KeepCall);
}

TEST(KernelModel, KeepCallKeepsTheCallSite) {
  auto M = parse(R"(
primitives:
  - names: [ring_buffer_lock_reserve]
    when-true: [preempt-disable]
    keep-call: true
)");
  ASSERT_TRUE(M);
  const Primitive *P = M->findPrimitive("ring_buffer_lock_reserve");
  ASSERT_TRUE(P);
  EXPECT_TRUE(P->KeepCall);
  EXPECT_EQ(P->WhenTrue, std::vector<Effect>{Effect::PreemptDisable});
  EXPECT_EQ(parseError("primitives:\n  - names: [x]\n"
                       "    effects: [preempt-enable]\n    keep-call: maybe\n"),
            "test.yaml:4:16: invalid boolean");
}

TEST(KernelModel, AtomicSafeNamesDocumentedCalls) {
  auto M = parse("atomic-safe: [put_task_struct, 'put_*_rcu']\n");
  ASSERT_TRUE(M);
  EXPECT_TRUE(M->isAtomicSafe("put_task_struct"));
  EXPECT_TRUE(M->isAtomicSafe("put_cred_rcu"));
  EXPECT_FALSE(M->isAtomicSafe("__put_task_struct"));
  std::string Err = parseError("atomic-safe: ['put_[task']\n");
  EXPECT_EQ(Err.rfind("test.yaml:1:1: invalid name pattern 'put_[task'", 0), 0u)
      << Err;
}

TEST(KernelModel, StepsAreOfReadModifyWrites) {
  auto M = parse("primitives:\n  - names: [__this_cpu_dec]\n"
                 "    access: read-modify-write\n    step: down\n");
  ASSERT_TRUE(M);
  EXPECT_EQ(M->findPrimitive("__this_cpu_dec")->Step, PercpuStep::Down);
  std::string Err = parseError("primitives:\n  - names: [__this_cpu_write]\n"
                               "    access: write\n    step: up\n");
  EXPECT_NE(Err.find("primitive '__this_cpu_write' has a 'step' but is no "
                     "per-CPU read-modify-write"),
            std::string::npos)
      << Err;
}

TEST(KernelModel, ReadOnlyArgumentsNameFunctions) {
  auto M = parse("read-only-arguments: [_printk, '_printk_*']\n");
  ASSERT_TRUE(M);
  EXPECT_TRUE(M->readsArgumentsOnly("_printk"));
  EXPECT_TRUE(M->readsArgumentsOnly("_printk_deferred"));
  EXPECT_FALSE(M->readsArgumentsOnly("snprintf"));
  std::string Err = parseError("read-only-arguments: ['_printk[']\n");
  EXPECT_EQ(Err.rfind("test.yaml:1:1: invalid name pattern '_printk['", 0), 0u)
      << Err;
}

// Every name list the table validates as names or globs matches globs too:
// a glob that parses and then never matches would be a silent no-op.
TEST(KernelModel, ArgumentTablesMatchGlobs) {
  auto M = parse(R"(
node-preferences:
  - names: ['kmalloc_node*']
    argument: 2
atomic-updates:
  - names: ['llist_add*']
    argument: 1
workqueues:
  queue-calls:
    - names: ['queue_*work']
      work: 1
stack-offset:
  consume: [add_random_kstack_offset]
  refill: [choose_random_kstack_offset]
  random-inputs:
    - {names: ['get_random_u*'], source: crng, bits: 16}
)");
  ASSERT_TRUE(M);
  EXPECT_TRUE(M->isNodePreference("kmalloc_node_noprof", 2));
  EXPECT_FALSE(M->isNodePreference("kmalloc_node_noprof", 1));
  EXPECT_FALSE(M->isNodePreference("kmalloc", 2));
  EXPECT_TRUE(M->isAtomicUpdate("llist_add_batch", 1));
  EXPECT_FALSE(M->isAtomicUpdate("llist_add", 0));
  EXPECT_FALSE(M->isAtomicUpdate("kmalloc_node", 2));
  ASSERT_TRUE(M->findQueueCall("queue_delayed_work"));
  EXPECT_EQ(M->findQueueCall("queue_delayed_work")->Work, 1u);
  EXPECT_FALSE(M->findQueueCall("flush_work"));
  ASSERT_TRUE(M->findRandomInput("get_random_u16"));
  EXPECT_EQ(M->findRandomInput("get_random_u16")->Bits, 16u);
  EXPECT_FALSE(M->findRandomInput("rdtsc"));
  std::string Err = parseError(R"(
stack-offset:
  consume: [add_random_kstack_offset]
  refill: [choose_random_kstack_offset]
  generators: ['prandom_*']
)");
  EXPECT_EQ(Err.rfind("test.yaml:", 0), 0u) << Err;
  EXPECT_NE(Err.find("'generators' takes exact names, not the pattern "
                     "'prandom_*'"),
            std::string::npos)
      << Err;
}

TEST(KernelModel, ArgumentRulesChooseEffects) {
  auto M = parse(R"(
primitives:
  - names: [local_daif_restore]
    effects: [irq-restore]
    when-argument:
      - {index: 0, matches: '^DAIF_PROCCTX$', effects: [irq-enable]}
)");
  ASSERT_TRUE(M);
  const Primitive *P = M->findPrimitive("local_daif_restore");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->effectsFor({"DAIF_PROCCTX"}),
            std::vector<Effect>{Effect::IrqEnable});
  EXPECT_EQ(P->effectsFor({"DAIF_PROCCTX_NOIRQ"}),
            std::vector<Effect>{Effect::IrqRestore});
  EXPECT_EQ(P->effectsFor({}), std::vector<Effect>{Effect::IrqRestore});
}

TEST(KernelModel, StoresChooseEffectsByTheValue) {
  auto M = parse(R"(
stores:
  - variable: system_state
    when-value:
      - {matches: '^SYSTEM_(HALT|SUSPEND)$', effects: [sleep-checks-off]}
      - {matches: '^SYSTEM_RUNNING$', effects: [sleep-checks-on]}
entry-points:
  - functions: [start_kernel]
    context: {preempt: off, irqs: off, sleep-checks: off}
    reason: boot
)");
  ASSERT_TRUE(M);
  const StoreRule *S = M->findStore("system_state");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->effectsFor("SYSTEM_SUSPEND").vec(),
            std::vector<Effect>{Effect::SleepChecksOff});
  EXPECT_EQ(S->effectsFor("SYSTEM_RUNNING").vec(),
            std::vector<Effect>{Effect::SleepChecksOn});
  EXPECT_TRUE(S->effectsFor("state").empty()); // a parameter: nothing known
  EXPECT_FALSE(M->findStore("other_state"));
  ASSERT_TRUE(M->findEntryPoint("start_kernel"));
  EXPECT_EQ(M->findEntryPoint("start_kernel")->Context.SleepChecks,
            Switch::Off);
  EXPECT_EQ(parseError("stores:\n  - variable: s\n    when-value: []\n"),
            "test.yaml:2:5: 'when-value' of 's' must list a value");
  EXPECT_EQ(
      parseError("stores:\n  - variable: 's*'\n    when-value:\n"
                 "      - {matches: x, effects: [sleep-checks-on]}\n"),
      "test.yaml:2:5: 'variable' takes an exact name, not the pattern 's*'");
  EXPECT_EQ(parseError("stores:\n  - variable: s\n    when-value:\n"
                       "      - {matches: '(', effects: [sleep-checks-on]}\n")
                .rfind("test.yaml:4:10: invalid regular expression '('", 0),
            0u);
}

TEST(KernelModel, EntryPointsExitPathsAndValueRoles) {
  auto M = parse(R"(
entry-points:
  - functions: ['__do_sys_*']
    context: {preempt: on, irqs: on}
    reason: "is a system call body"
exit-paths:
  - functions: [arch_exit_to_user_mode_prepare]
    runs: every-return-to-user
    reason: "runs on every return"
random-sources: ['get_random_*', rdtsc]
stack-sinks: [__builtin_alloca]
)");
  ASSERT_TRUE(M);
  ASSERT_TRUE(M->findEntryPoint("__do_sys_read"));
  EXPECT_EQ(M->findEntryPoint("__do_sys_read")->Context.Irqs, Switch::On);
  EXPECT_EQ(M->findEntryPoint("do_sys_read"), nullptr);
  ASSERT_TRUE(M->findExitPath("arch_exit_to_user_mode_prepare"));
  EXPECT_EQ(M->findExitPath("arch_exit_to_user_mode_prepare")->Runs,
            ExitKind::EveryReturnToUser);
  EXPECT_TRUE(M->isRandomSource("get_random_u16"));
  EXPECT_TRUE(M->isRandomSource("rdtsc"));
  EXPECT_FALSE(M->isRandomSource("rdtscp"));
  EXPECT_TRUE(M->isStackSink("__builtin_alloca"));
}

TEST(KernelModel, AnEntryMayLeavePreemptionToWhatWasInterrupted) {
  auto M = parse(R"(
entry-points:
  - functions: ['el1h_64_*_handler']
    context: {preempt: unknown, irqs: off}
    reason: "is entered from kernel mode"
)");
  ASSERT_TRUE(M);
  const EntryPoint *E = M->findEntryPoint("el1h_64_irq_handler");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Context.Preempt, Switch::Unknown);
  EXPECT_EQ(E->Context.Irqs, Switch::Off);
  EXPECT_EQ(parseError("entry-points:\n  - functions: [f]\n"
                       "    context: {preempt: on, irqs: on, migration: unknown}\n"
                       "    reason: r\n"),
            "test.yaml:3:15: 'migration' is 'on' or 'off'");
}

TEST(KernelModel, StateCallbacksAndSeparateImages) {
  auto M = parse(R"(
state-callbacks:
  - enum: cpuhp_state
    registrations:
      - {names: [cpuhp_setup_state], state: 0, arguments: [2, 3]}
    tables:
      - {variable: cpuhp_hp_states, fields: [startup.single]}
    sections:
      - from: CPUHP_AP_ONLINE_IDLE
        before: CPUHP_ONLINE
        context: {preempt: on, irqs: on, migration: off}
        reason: r
separate-images:
  - {macro: __KVM_NVHE_HYPERVISOR__, name: kvm-nvhe}
)");
  ASSERT_TRUE(M);
  ASSERT_EQ(M->stateCallbacks().size(), 1u);
  const StateCallbacks &C = M->stateCallbacks().front();
  EXPECT_EQ(C.Enum, "cpuhp_state");
  ASSERT_EQ(C.Registrations.size(), 1u);
  EXPECT_EQ(C.Registrations[0].Arguments, (std::vector<unsigned>{2, 3}));
  ASSERT_EQ(C.Tables.size(), 1u);
  EXPECT_EQ(C.Tables[0].Fields, std::vector<std::string>{"startup.single"});
  ASSERT_EQ(C.Sections.size(), 1u);
  EXPECT_EQ(C.Sections[0].From, "CPUHP_AP_ONLINE_IDLE");
  EXPECT_EQ(C.Sections[0].Context.Migration, Switch::Off);
  ASSERT_EQ(M->separateImages().size(), 1u);
  EXPECT_EQ(M->separateImages()[0].Name, "kvm-nvhe");

  EXPECT_EQ(parseError("state-callbacks:\n  - enum: e\n    sections: []\n"),
            "test.yaml:2:5: enum 'e' needs 'sections'");
  EXPECT_EQ(parseError("separate-images:\n  - {macro: M, name: 'a|b'}\n"),
            "test.yaml:2:6: image name 'a|b' must be non-empty, without '|', "
            "'@' or ':'");
}

TEST(KernelModel, BoundThreads) {
  auto M = parse(R"(
bound-threads:
  - creates: {names: [kthread_create_on_node, kthread_create], argument: 0}
    binds: {names: [kthread_bind], argument: 0}
    context: {preempt: on, irqs: on, migration: off, kind: [task]}
    reason: r
)");
  ASSERT_TRUE(M);
  ASSERT_EQ(M->boundThreads().size(), 1u);
  const BoundThread &B = M->boundThreads().front();
  EXPECT_EQ(B.Creates.Names, (std::vector<std::string>{"kthread_create_on_node",
                                                       "kthread_create"}));
  EXPECT_EQ(B.Binds.Names, std::vector<std::string>{"kthread_bind"});
  EXPECT_EQ(B.Binds.Argument, 0u);
  EXPECT_EQ(B.Context.Migration, Switch::Off);

  EXPECT_EQ(parseError("bound-threads:\n"
                       "  - creates: {names: [c], argument: 0}\n"
                       "    context: {preempt: on, irqs: on}\n"
                       "    reason: r\n"),
            "test.yaml:2:5: missing required key 'binds'");
}

TEST(KernelModel, NotifierChains) {
  auto M = parse(R"(
notifier-chains:
  block: notifier_block.notifier_call
  register: [atomic_notifier_chain_register]
  call: [atomic_notifier_call_chain, raw_notifier_call_chain]
)");
  ASSERT_TRUE(M);
  const NotifierChains &C = M->notifierChains();
  EXPECT_EQ(C.Block, "notifier_block.notifier_call");
  EXPECT_TRUE(C.isRegister("atomic_notifier_chain_register"));
  EXPECT_FALSE(C.isRegister("atomic_notifier_call_chain"));
  EXPECT_TRUE(C.isCall("raw_notifier_call_chain"));
  EXPECT_FALSE(C.isCall("notifier_call_chain"));

  EXPECT_EQ(parseError("notifier-chains:\n"
                       "  block: notifier_call\n"
                       "  register: [r]\n"
                       "  call: [c]\n"),
            "test.yaml:2:3: block 'notifier_call' must be STRUCT.FIELD");
  EXPECT_EQ(parseError("notifier-chains:\n"
                       "  block: a.b\n"
                       "  register: ['r*']\n"
                       "  call: [c]\n"),
            "test.yaml:2:3: 'register' takes exact names, not the pattern "
            "'r*'");
}

TEST(KernelModel, LockAnnotationsSayWhatEachLockTypeHolds) {
  auto M = parse(R"(
lock-annotations:
  acquires: [__acquires]
  releases: [__releases]
  types:
    - {type: spinlock_t, acquire: [preempt-disable], release: [preempt-enable]}
)");
  ASSERT_TRUE(M);
  const LockAnnotations &L = M->lockAnnotations();
  EXPECT_EQ(L.Acquires, std::vector<std::string>{"__acquires"});
  EXPECT_EQ(L.Releases, std::vector<std::string>{"__releases"});
  ASSERT_TRUE(L.type("spinlock_t"));
  EXPECT_EQ(L.type("spinlock_t")->Acquire,
            std::vector<Effect>{Effect::PreemptDisable});
  EXPECT_EQ(L.type("spinlock_t")->Release,
            std::vector<Effect>{Effect::PreemptEnable});
  EXPECT_FALSE(L.type("struct mutex"));

  EXPECT_EQ(parseError("lock-annotations:\n"
                       "  acquires: [__acquires]\n"
                       "  releases: [__releases]\n"
                       "  types:\n"
                       "    - {type: spinlock_t *, acquire: [preempt-disable],"
                       " release: [preempt-enable]}\n"),
            "test.yaml:5:8: lock type 'spinlock_t *' must be a typedef's name");
  EXPECT_EQ(parseError("lock-annotations:\n"
                       "  acquires: [__acquires]\n"
                       "  releases: [__releases]\n"
                       "  types:\n"
                       "    - {type: rwlock_t, acquire: [], release: "
                       "[preempt-enable]}\n"),
            "test.yaml:5:8: lock type 'rwlock_t' needs effects to acquire "
            "and release");
  EXPECT_EQ(parseError("lock-annotations:\n"
                       "  acquires: ['__acq*']\n"
                       "  releases: [__releases]\n"
                       "  types: []\n"),
            "test.yaml:2:3: 'acquires' takes exact names, not the pattern "
            "'__acq*'");
}

TEST(KernelModel, ContextsStateTheirKindAndBottomHalves) {
  auto M = parse(R"(
entry-points:
  - functions: [exc_nmi]
    context: {preempt: unknown, irqs: off, kind: [nmi]}
    reason: "is the NMI vector"
  - functions: [f]
    context: {preempt: on, irqs: on}
    reason: "is f"
callbacks:
  - names: [timer_setup]
    arguments: [1]
    context: {preempt: off, irqs: on, kind: [softirq, hardirq], bh: off}
    reason: "is a timer"
)");
  ASSERT_TRUE(M);
  EXPECT_EQ(M->findEntryPoint("exc_nmi")->Context.Kinds, KindNmi);
  EXPECT_EQ(M->findEntryPoint("f")->Context.Kinds, AllKinds);
  EXPECT_EQ(M->findEntryPoint("f")->Context.Bh, Switch::Unknown);
  EXPECT_EQ(M->callbacks()[0].Context.Kinds, KindSoftirq | KindHardirq);
  EXPECT_EQ(M->callbacks()[0].Context.Bh, Switch::Off);
  EXPECT_EQ(parseError("entry-points:\n  - functions: [f]\n"
                       "    context: {preempt: on, irqs: on, kind: [irq]}\n"
                       "    reason: r\n"),
            "test.yaml:3:45: unknown enumerated scalar");
}

TEST(KernelModel, CheckRulesNameTheOperationsTheyWatch) {
  auto M = parse(R"(
check-rules:
  - check: fpu-context
    operations: ['kernel_fpu_begin*']
    wrong-in: [nmi, simd-section]
  - check: fpu-context
    operations: [kernel_fpu_begin]
    wrong-in: [hardirq]
    unless: [simd-usable]
  - check: percpu-preemptible
    engine-rule: percpu
    wrong-in: [preemptible]
    unless: [pinned]
    unless-access: [read]
)");
  ASSERT_TRUE(M);
  ASSERT_EQ(M->rulesOf("fpu-context").size(), 2u);
  EXPECT_EQ(M->rulesOf("fpu-context")[1]->Unless,
            std::vector<ContextWord>{ContextWord::SimdUsable});
  EXPECT_EQ(M->watchersOf("kernel_fpu_begin_mask"),
            std::vector<std::string>{"fpu-context"});
  EXPECT_TRUE(M->watchersOf("kernel_fpu_end").empty());
  EXPECT_TRUE(M->watchersOf("raw_cpu_read").empty()); // the engine's own
  EXPECT_EQ(M->rulesOf("percpu-preemptible")[0]->UnlessAccess,
            std::vector<PercpuAccess>{PercpuAccess::Read});
  EXPECT_EQ(parseError("check-rules:\n  - check: c\n    operations: [f]\n"
                       "    wrong-in: [interrupt]\n"),
            "test.yaml:4:16: unknown enumerated scalar");
  EXPECT_EQ(parseError("check-rules:\n  - check: c\n    wrong-in: [nmi]\n"),
            "test.yaml:2:5: check rule of 'c' names either 'operations' or an "
            "'engine-rule'");
  llvm::StringRef Known[] = {"fpu-context"};
  auto Unknown = KernelModel::load(KHARDEN_DATA_DIR "/kernel.yaml", {},
                                   Known);
  ASSERT_FALSE(bool(Unknown));
  EXPECT_NE(llvm::toString(Unknown.takeError())
                .find("unknown check 'percpu-preemptible' in check-rules"),
            std::string::npos);
}

TEST(KernelModel, EnteringTheSchedulerIsARuleOfItsOwn) {
  auto M = parse(R"(
primitives:
  - names: [schedule]
    effects: [may-schedule]
  - names: [msleep]
    effects: [may-sleep]
check-rules:
  - check: sleep-in-atomic
    engine-rule: may-schedule
    wrong-in: [hardirq, preempt-off]
)");
  ASSERT_TRUE(M);
  EXPECT_EQ(sleepRuleOf(M->findPrimitive("schedule")->Effects),
            rules::MaySchedule);
  EXPECT_EQ(sleepRuleOf(M->findPrimitive("msleep")->Effects), rules::MaySleep);
  EXPECT_EQ(sleepRuleOf({Effect::MayFault, Effect::IrqDisable}),
            rules::MayFault);
  EXPECT_EQ(sleepRuleOf({Effect::IrqDisable}), "");
  ASSERT_EQ(M->rulesOf("sleep-in-atomic").size(), 1u);
  EXPECT_EQ(M->rulesOf("sleep-in-atomic")[0]->WrongIn,
            (std::vector<ContextWord>{ContextWord::Hardirq,
                                      ContextWord::PreemptOff}));
}

TEST(KernelModel, CheckRulesMayWatchTheRulesOfValues) {
  auto M = parse(R"(
values:
  - rule: percpu-buffer
    names: [get_callchain_entry]
    ends: [put_callchain_entry]
check-rules:
  - check: percpu-escape
    engine-rule: percpu-buffer
    wrong-in: [preemptible]
  - check: split-percpu-handoff
    engine-rule: stack-sink
)");
  ASSERT_TRUE(M);
  ASSERT_EQ(M->rulesOf("percpu-escape").size(), 1u);
  EXPECT_EQ(M->rulesOf("percpu-escape")[0]->EngineRule, "percpu-buffer");
  // A rule without wrong-in only says what the check watches.
  ASSERT_EQ(M->rulesOf("split-percpu-handoff").size(), 1u);
  EXPECT_TRUE(M->rulesOf("split-percpu-handoff")[0]->WrongIn.empty());
  EXPECT_EQ(
      parseError("check-rules:\n  - check: c\n    engine-rule: percpu-bufer\n"
                 "    wrong-in: [nmi]\n"),
      "test.yaml:2:5: unknown engine-rule 'percpu-bufer' (percpu, "
      "random-source, stack-sink, may-sleep, may-schedule, may-fault "
      "or the rule of a 'values' entry)");
  EXPECT_EQ(parseError("check-rules:\n  - check: c\n    engine-rule: percpu\n"
                       "    unless: [pinned]\n"),
            "test.yaml:2:5: check rule of 'c' has 'unless' but no 'wrong-in'");
}

// "A check is a folder, a line and data": what each check watches is in the
// built-in table's check-rules.
TEST(KernelModel, EveryCheckHasItsRules) {
  auto M = KernelModel::load(KHARDEN_DATA_DIR "/kernel.yaml", {});
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  for (const CheckInfo &C : allChecks())
    EXPECT_FALSE((*M)->rulesOf(C.Name).empty()) << C.Name.str();
}

TEST(KernelModel, ErrorsNameFileLineAndColumn) {
  EXPECT_EQ(parseError("primitives:\n  - names: [x]\n    effects: [preempt-off]\n"),
            "test.yaml:3:15: unknown enumerated scalar");
  EXPECT_EQ(parseError("primitives:\n  - names: [x]\n    effects: [preempt-disable]\n    colour: red\n"),
            "test.yaml:4:5: unknown key 'colour'");
  EXPECT_EQ(parseError("primitives:\n  - names: []\n    effects: [preempt-disable]\n"),
            "test.yaml:2:5: 'names' must list at least one name");
  EXPECT_EQ(parseError("callbacks:\n  - context: {preempt: on, irqs: on}\n    reason: r\n"),
            "test.yaml:2:5: a callback names either a 'struct' with 'fields', "
            "or registration 'names' with 'arguments'");
  EXPECT_EQ(parseError(""), "test.yaml: empty kernel model file");
}

TEST(KernelModel, ValuesNameARuleAndTheCallsThatEndIt) {
  auto M = KernelModel::parse("values:\n  - rule: buffer\n    names: [get_buf*]\n"
                              "    ends: [put_buf]\n  - rule: cpu\n    names: [get_buf_cpu, cpu]\n",
                              "test.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  const ValueSource *V = (*M)->findValueSource("get_buf_cpu");
  ASSERT_TRUE(V); // the first entry whose names match
  EXPECT_EQ(V->Rule, "buffer");
  EXPECT_EQ(V->Ends, std::vector<std::string>{"put_buf"});
  ASSERT_TRUE((*M)->findValueSource("cpu"));
  EXPECT_EQ((*M)->findValueSource("cpu")->Rule, "cpu");
  EXPECT_FALSE((*M)->findValueSource("put_buf"));
  EXPECT_EQ(parseError("values:\n  - rule: ''\n    names: [x]\n"),
            "test.yaml:2:5: rule must not be empty");
  EXPECT_EQ(parseError("values:\n  - rule: r\n    names: []\n"),
            "test.yaml:2:5: 'names' must list at least one name");
}

TEST(KernelModel, BuiltinTableLoads) {
  auto M = KernelModel::load(KHARDEN_DATA_DIR "/kernel.yaml", {});
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  // The table's order matters: the address form before the raw_cpu_* glob,
  // and this_cpu_ptr before the safe this_cpu_* glob.
  EXPECT_EQ(*(*M)->findPrimitive("raw_cpu_ptr")->Access, PercpuAccess::Address);
  EXPECT_EQ(*(*M)->findPrimitive("this_cpu_ptr")->Access, PercpuAccess::Address);
  EXPECT_EQ(*(*M)->findPrimitive("this_cpu_read")->Access, PercpuAccess::Safe);
  EXPECT_EQ(*(*M)->findPrimitive("raw_cpu_read")->Access, PercpuAccess::Read);
  EXPECT_EQ(*(*M)->findPrimitive("__this_cpu_write")->Access, PercpuAccess::Write);
  EXPECT_EQ(*(*M)->findPrimitive("__this_cpu_inc")->Access,
            PercpuAccess::ReadModifyWrite);
  EXPECT_FALSE((*M)->digest().empty());
  ASSERT_EQ((*M)->stateCallbacks().size(), 1u);
  EXPECT_EQ((*M)->stateCallbacks()[0].Sections.size(), 3u);
  ASSERT_EQ((*M)->separateImages().size(), 1u);
  EXPECT_EQ((*M)->separateImages()[0].Macro, "__KVM_NVHE_HYPERVISOR__");
  EXPECT_TRUE((*M)->isOptionTable("obs_kernel_param"));
  EXPECT_FALSE((*M)->isOptionTable("kernel_param"));
}

} // namespace
