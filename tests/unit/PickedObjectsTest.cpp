// What a per-CPU pointer or CPU number is used for (engine/PickedObjects.h):
// a lock taken on the picked object before anything changes it, and a use
// that makes the value stand for this CPU's state; and the consequence
// classes the check derives from them (cpu-choice, wrong-cpu-state).
#include "checkers/percpu-preemptible/Consequence.h"
#include "engine/PickedObjects.h"
#include "engine/TUAnalysis.h"

#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [raw_cpu_ptr]
    access: address
  - names: [smp_processor_id]
    access: cpu-id
  - names: [raw_cpu_read]
    access: read
  - names: [per_cpu]
    access: safe
  - names: [xchg_ok]
    access: safe
object-locks: [spin_lock, mutex_lock]
cpu-indexed: [per_cpu]
percpu-exchanges: [xchg_ok]
node-preferences:
  - {names: [kmalloc_node], argument: 2}
)";

// Each line the tests name is marked with a comment.
constexpr const char *Code = R"(struct lock { int held; };
struct obj { struct lock lock; int n; struct obj *back; };
struct timer { struct obj *base; int cpu; };
void *raw_cpu_ptr(void *p);
int smp_processor_id(void);
void spin_lock(struct lock *l);
void spin_unlock(struct lock *l);
void mutex_lock(struct lock *l);
void hand_over(struct obj *o);
void use(int v);
int counts[4];
#define per_cpu(var, cpu) ((var)[cpu])
struct obj objs;
void locked(void)
{
	struct obj *o = raw_cpu_ptr(&objs);
	spin_lock(&o->lock); /* lock-first */
	o->n++;
	spin_unlock(&o->lock);
}
void changed_first(void)
{
	struct obj *o = raw_cpu_ptr(&objs);
	o->n = 0; /* store-first */
	spin_lock(&o->lock);
}
void peeked_first(void)
{
	struct obj *o = raw_cpu_ptr(&objs);
	if (!o->n)
		return;
	mutex_lock(&o->lock); /* lock-after-load */
	o->n--;
}
static void take(struct obj *o)
{
	use(o->back->n);
	spin_lock(&o->lock); /* lock-in-callee */
}
void locked_by_callee(void)
{
	struct obj *o = raw_cpu_ptr(&objs);
	take(o);
	o->n++;
}
void handed_first(void)
{
	struct obj *o = raw_cpu_ptr(&objs);
	hand_over(o);
	spin_lock(&o->lock);
}
void indexed(void)
{
	int cpu = smp_processor_id();
	per_cpu(counts, cpu)++; /* indexed */
}
void kept(struct timer *t)
{
	t->cpu = smp_processor_id(); /* kept-cpu */
	t->base = raw_cpu_ptr(&objs); /* kept-pointer */
}
void passed(void)
{
	use(smp_processor_id());
}
#define PEEK_THEN_CLEAR(p) (use((p)->n), (p)->n = 0)
void cleared_in_macro(void)
{
	struct obj *o = raw_cpu_ptr(&objs);
	PEEK_THEN_CLEAR(o);
	spin_lock(&o->lock);
}
int xchg_ok(int pcp, int old, int new);
int poll_cpu;
void kept_global(void)
{
	poll_cpu = smp_processor_id(); /* kept-global */
}
struct cache { struct obj *cpu; struct obj *other; };
static int refill(struct obj *o, struct cache *c)
{
	o = raw_cpu_ptr(c->cpu);
	return o->n + sizeof(o->back->n);
}
int retried(struct cache *c)
{
	struct obj *o;
	int v;
redo:
	o = raw_cpu_ptr(c->cpu);
	v = o->n + sizeof(o->back = 0);
	if (!v)
		return refill(o, c);
	if (!xchg_ok(c->cpu->n, v, v + 1)) /* exchange */
		goto redo;
	return v;
}
static int try_update(struct cache *c, int v)
{
	return xchg_ok(c->cpu->n, v, v + 1);
}
int retried_by_callee(struct cache *c)
{
	struct obj *o;
	int v;
	do {
		o = raw_cpu_ptr(c->cpu);
		v = o->n;
	} while (!try_update(c, v)); /* exchange-call */
	return v;
}
int failure_goes_on(struct cache *c)
{
	struct obj *o = raw_cpu_ptr(c->cpu);
	int v = o->n;
	if (!xchg_ok(c->cpu->n, v, v + 1))
		return -1;
	return v;
}
int other_variable(struct cache *c)
{
	struct obj *o;
	int v;
redo:
	o = raw_cpu_ptr(c->cpu);
	v = o->n;
	if (!xchg_ok(c->other->n, v, v + 1))
		goto redo;
	return v;
}
int stored_before(struct cache *c)
{
	struct obj *o;
	int v;
redo:
	o = raw_cpu_ptr(c->cpu);
	v = o->n;
	o->back = 0;
	if (!xchg_ok(c->cpu->n, v, v + 1))
		goto redo;
	return v;
}
#define raw_cpu_read(pcp) ({ 0 + (pcp); })
void *kmalloc_node(unsigned long size, int flags, int node);
int numa_node;
static int node_hint(void)
{
	return raw_cpu_read(numa_node);
}
void *alloc_here(void)
{
	return kmalloc_node(8, 0, node_hint()); /* node-preferred */
}
static void *alloc_on(int nid)
{
	return kmalloc_node(16, 0, nid);
}
void *alloc_through(void)
{
	return alloc_on(node_hint());
}
static int node_compared(void)
{
	return raw_cpu_read(numa_node);
}
void *alloc_compared(void)
{
	return kmalloc_node(8, 0, node_compared());
}
int local_node(int nid)
{
	return nid == node_compared();
}
int node_returned(void)
{
	return raw_cpu_read(numa_node);
}
void *node_wrong_argument(void)
{
	return kmalloc_node(raw_cpu_read(numa_node), 0, 0);
}
struct ctx { struct obj *group; int flags; };
void kept_then_locked(struct ctx *ac)
{
	ac->group = raw_cpu_ptr(&objs);
	ac->flags |= 1;
	mutex_lock(&ac->group->lock); /* lock-through-field */
}
void kept_then_called(struct ctx *ac)
{
	ac->group = raw_cpu_ptr(&objs);
	use(0);
	mutex_lock(&ac->group->lock);
}
void kept_then_changed(struct ctx *ac)
{
	ac->group = raw_cpu_ptr(&objs);
	ac->group->n = 0;
	mutex_lock(&ac->group->lock);
}
void kept_then_replaced(struct ctx *ac, struct obj *mine)
{
	ac->group = raw_cpu_ptr(&objs);
	ac->group = mine;
	mutex_lock(&ac->group->lock);
}
struct comp { struct lock *mutex; int buf; };
struct comp comps;
void hand_over_lock(struct lock *l);
void locked_through_pointer(void)
{
	struct comp *c = raw_cpu_ptr(&comps);
	mutex_lock(c->mutex); /* lock-pointed-to */
	c->buf = 1;
}
void pointer_passed_elsewhere(void)
{
	struct comp *c = raw_cpu_ptr(&comps);
	hand_over_lock(c->mutex);
	c->buf = 1;
}
)";

unsigned lineOf(llvm::StringRef Marker) {
  llvm::StringRef Text(Code);
  size_t At = Text.find("/* " + Marker.str() + " */");
  EXPECT_NE(At, llvm::StringRef::npos) << Marker.str();
  return 1 + Text.take_front(At).count('\n');
}

struct Analysed {
  TUSummary Unit; ///< As analysed, before it joined P.
  std::unique_ptr<Program> P;
  std::unique_ptr<PickedObjects> Picks;

  const FunctionSummary &function(llvm::StringRef Name) const {
    for (const FunctionSummary &F : P->functions())
      if (F.name() == Name)
        return F;
    ADD_FAILURE() << "no function " << Name.str();
    return P->functions().front();
  }
  /// The flow of Name's N-th operation.
  const ValueFlow &flow(llvm::StringRef Name, size_t N = 0) const {
    const FunctionSummary &F = function(Name);
    const ValueFlow *V = N < F.Ops.size()
                             ? PickedObjects::flowOf(F, F.Ops[N])
                             : nullptr;
    if (!V) {
      ADD_FAILURE() << "no followed value of " << Name.str();
      static const ValueFlow None;
      return None;
    }
    return *V;
  }
  std::optional<PickEvidence> lock(llvm::StringRef Name) const {
    return Picks->lockedBeforeChange(function(Name), flow(Name));
  }
  std::optional<PickEvidence> owner(llvm::StringRef Name, size_t N,
                                    bool Cpu) const {
    return Picks->ownership(function(Name), flow(Name, N), Cpu);
  }
  Consequence classOf(llvm::StringRef Name, size_t N = 0) const {
    ConsequenceIndex Index(P->functions(), Picks.get());
    const FunctionSummary &F = function(Name);
    return Index.decide(F, F.Ops[N]).Class;
  }
};

Analysed analyse() {
  Analysed R;
  auto M = KernelModel::parse(Model, "model.yaml");
  if (!M) {
    ADD_FAILURE() << llvm::toString(M.takeError());
    return R;
  }
  TUSummary TU;
  EXPECT_TRUE(clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<SummarizeAction>(**M, TU), Code,
      {"-nostdinc", "-std=gnu11"}, "/src/p.c"));
  R.Unit = TU;
  R.P = std::make_unique<Program>(*M);
  R.P->add(std::move(TU));
  R.P->solve();
  R.Picks = std::make_unique<PickedObjects>(*R.P);
  return R;
}

/// Name's pick is a cpu-choice: Callee locks it at the line marked Marker.
void expectLockedAt(const Analysed &R, const char *Name, const char *Marker,
                    const char *Callee) {
  std::optional<PickEvidence> L = R.lock(Name);
  ASSERT_TRUE(L) << Name;
  EXPECT_EQ(L->Where.Line, lineOf(Marker)) << Name;
  EXPECT_EQ(L->Callee, Callee) << Name;
  EXPECT_EQ(R.classOf(Name), Consequence::CpuChoice) << Name;
}

TEST(PickedObjects, ALockTakenBeforeAnyChange) {
  Analysed R = analyse();
  std::optional<PickEvidence> L = R.lock("locked");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Where.Line, lineOf("lock-first"));
  EXPECT_EQ(L->Callee, "spin_lock");
  EXPECT_EQ(L->Function, "locked");
  EXPECT_EQ(R.classOf("locked"), Consequence::CpuChoice);
}

TEST(PickedObjects, AStoreThroughThePointerBeforeTheLock) {
  Analysed R = analyse();
  EXPECT_FALSE(R.lock("changed_first"));
  EXPECT_EQ(R.classOf("changed_first"), Consequence::Unknown);
}

TEST(PickedObjects, LoadsBeforeTheLockChangeNothing) {
  expectLockedAt(analyse(), "peeked_first", "lock-after-load", "mutex_lock");
}

TEST(PickedObjects, ALockInACalleeComesWhereItIsCalled) {
  Analysed R = analyse();
  std::optional<PickEvidence> L = R.lock("locked_by_callee");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Where.Line, lineOf("lock-in-callee"));
  EXPECT_EQ(L->Function, "take");
}

TEST(PickedObjects, ALoadAndAStoreInOneMacroAreAStore) {
  Analysed R = analyse();
  EXPECT_FALSE(R.lock("cleared_in_macro"));
  EXPECT_EQ(R.classOf("cleared_in_macro"), Consequence::Unknown);
}

TEST(PickedObjects, PassedWhereTheRunDoesNotFollowBeforeTheLock) {
  Analysed R = analyse();
  EXPECT_FALSE(R.lock("handed_first"));
}

TEST(PickedObjects, WhoseStateTheValueStandsFor) {
  Analysed R = analyse();
  std::optional<PickEvidence> Indexed = R.owner("indexed", 0, true);
  ASSERT_TRUE(Indexed);
  EXPECT_EQ(Indexed->Where.Line, lineOf("indexed"));
  EXPECT_EQ(Indexed->Callee, "per_cpu");
  EXPECT_EQ(R.classOf("indexed"), Consequence::WrongCpuState);

  const FunctionSummary &Kept = R.function("kept");
  ASSERT_EQ(Kept.Ops.size(), 2u);
  for (size_t N = 0; N < 2; ++N) {
    bool Cpu = Kept.Ops[N].Access == PercpuAccess::CpuId;
    std::optional<PickEvidence> K = R.owner("kept", N, Cpu);
    ASSERT_TRUE(K);
    EXPECT_EQ(K->Where.Line, lineOf(Cpu ? "kept-cpu" : "kept-pointer"));
    EXPECT_EQ(K->Callee, "");
    EXPECT_EQ(R.classOf("kept", N), Consequence::WrongCpuState);
  }
  // Passed to a function the run does not have: nothing shown.
  EXPECT_FALSE(R.owner("passed", 0, true));
  EXPECT_EQ(R.classOf("passed"), Consequence::Unknown);

  // Kept in a global variable.
  std::optional<PickEvidence> Global = R.owner("kept_global", 0, true);
  ASSERT_TRUE(Global);
  EXPECT_EQ(Global->Where.Line, lineOf("kept-global"));
  EXPECT_EQ(R.classOf("kept_global"), Consequence::WrongCpuState);
}

TEST(PickedObjects, AParameterAssignedBeforeEveryReadGetsNothing) {
  Analysed R = analyse();
  const ValueFlow *O = parameterFlow(R.function("refill"), 0);
  ASSERT_TRUE(O);
  EXPECT_TRUE(O->Uses.empty());
  // The second parameter is read as the caller passed it.
  const ValueFlow *C = parameterFlow(R.function("refill"), 1);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Uses.size(), 1u);
}

TEST(PickedObjects, SizeofReadsNothing) {
  Analysed R = analyse();
  // o->n and the call of refill(), which never reads it; not sizeof's.
  const ValueFlow &V = R.flow("retried");
  ASSERT_EQ(V.Uses.size(), 2u);
  EXPECT_EQ(V.Uses[0].K, ValueUse::Kind::Deref);
  EXPECT_TRUE(V.Uses[0].Load);
  EXPECT_EQ(V.Uses[1].K, ValueUse::Kind::Arg);
  EXPECT_TRUE(R.Picks->onlyReadThrough(R.function("retried"), V));
}

TEST(PickedObjects, AnExchangeWhoseFailureGoesBackToThePick) {
  Analysed R = analyse();
  const Operation &Pick = R.function("retried").Ops[0];
  EXPECT_EQ(Pick.RetriedAt.Line, lineOf("exchange"));
  EXPECT_EQ(R.classOf("retried"), Consequence::CpuChoice);
  // Through a function of the file that returns the exchange's result.
  auto TryUpdate = llvm::find_if(
      R.Unit.Functions, [](const auto &F) { return F.name() == "try_update"; });
  ASSERT_NE(TryUpdate, R.Unit.Functions.end());
  EXPECT_EQ(TryUpdate->ForCallers->ReturnsExchange, "#0->cpu->n");
  EXPECT_EQ(R.function("retried_by_callee").Ops[0].RetriedAt.Line,
            lineOf("exchange-call"));
  EXPECT_EQ(R.classOf("retried_by_callee"), Consequence::CpuChoice);
}

TEST(PickedObjects, ExchangesThatDoNotRetryThePick) {
  Analysed R = analyse();
  for (llvm::StringRef Name : {"failure_goes_on", "other_variable"}) {
    EXPECT_FALSE(R.function(Name).Ops[0].RetriedAt.valid()) << Name.str();
    EXPECT_EQ(R.classOf(Name), Consequence::Unknown) << Name.str();
  }
  // Retried, but the object changes through the pointer first.
  const FunctionSummary &Stored = R.function("stored_before");
  EXPECT_TRUE(Stored.Ops[0].RetriedAt.valid());
  EXPECT_FALSE(R.Picks->onlyReadThrough(Stored, R.flow("stored_before")));
  EXPECT_EQ(R.classOf("stored_before"), Consequence::Unknown);
}

TEST(PickedObjects, ANodeReadOnlyForAllocationsToPrefer) {
  Analysed R = analyse();
  // Returned to two callers: one passes it to kmalloc_node() as its node,
  // the other to a callee that does.
  std::optional<PickEvidence> Use = R.Picks->onlyNodePreference(
      R.function("node_hint"), R.flow("node_hint"));
  ASSERT_TRUE(Use.has_value());
  EXPECT_EQ(Use->Where.Line, lineOf("node-preferred"));
  EXPECT_EQ(Use->Callee, "kmalloc_node");
  EXPECT_EQ(R.classOf("node_hint"), Consequence::CpuChoice);
}

TEST(PickedObjects, ANodeUsedOtherwiseIsNoHint) {
  Analysed R = analyse();
  // Compared by one caller; returned where the run has no caller; the
  // size, not the node.
  EXPECT_FALSE(R.Picks->onlyNodePreference(R.function("node_compared"),
                                           R.flow("node_compared")));
  EXPECT_EQ(R.classOf("node_compared"), Consequence::Unknown);
  EXPECT_FALSE(R.Picks->onlyNodePreference(R.function("node_returned"),
                                           R.flow("node_returned")));
  EXPECT_EQ(R.classOf("node_returned"), Consequence::Unknown);
  // A read the function does not return is not followed.
  const FunctionSummary &Size = R.function("node_wrong_argument");
  ASSERT_EQ(Size.Ops.size(), 1u);
  EXPECT_EQ(PickedObjects::flowOf(Size, Size.Ops[0]), nullptr);
  EXPECT_EQ(R.classOf("node_wrong_argument"), Consequence::Unknown);
}

TEST(PickedObjects, APointerKeptInAFieldThenLockedThroughIt) {
  expectLockedAt(analyse(), "kept_then_locked", "lock-through-field",
                 "mutex_lock");
}

TEST(PickedObjects, ALockTheObjectPointsToIsItsOwn) {
  Analysed R = analyse();
  expectLockedAt(R, "locked_through_pointer", "lock-pointed-to", "mutex_lock");
  EXPECT_FALSE(R.lock("pointer_passed_elsewhere"));
  EXPECT_EQ(R.classOf("pointer_passed_elsewhere"), Consequence::Unknown);
}

TEST(PickedObjects, AFieldLoadPastACallOrAnotherStoreIsNotThePick) {
  Analysed R = analyse();
  for (const char *Name :
       {"kept_then_called", "kept_then_changed", "kept_then_replaced"}) {
    EXPECT_FALSE(R.lock(Name)) << Name;
    EXPECT_EQ(R.classOf(Name), Consequence::WrongCpuState) << Name;
  }
}

} // namespace
