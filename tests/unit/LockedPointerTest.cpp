// A lock taken inside the object a local pointer points to (the kernel
// model's object-locks) says the pointer is not NULL from there on
// (FunctionAnalyzer::lockedObjectSlot()): `if (n) unlock(&n->lock)` after
// a loop that locks each node in turn unlocks on every path that locked.
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [spin_lock, lock_node]
    effects: [preempt-disable]
  - names: [spin_unlock]
    effects: [preempt-enable]
object-locks: [spin_lock, lock_node]
)";

constexpr const char *Code = R"(
typedef struct { int raw; } spinlock_t;
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void take(spinlock_t *l);
#define lock_node(l) take(l)
void sleep_here(void);
struct node { spinlock_t lock; };
struct item { struct item *next; struct node *n; };
void by_call(struct item *p)
{
	struct node *n = 0;
	for (; p; p = p->next) {
		if (n != p->n) {
			if (n)
				spin_unlock(&n->lock);
			n = p->n;
			spin_lock(&n->lock);
		}
	}
	if (n)
		spin_unlock(&n->lock);
	sleep_here();
}
void by_macro(struct item *p)
{
	struct node *n = 0;
	for (; p; p = p->next) {
		if (n != p->n) {
			if (n)
				spin_unlock(&n->lock);
			n = p->n;
			lock_node(&n->lock);
		}
	}
	if (n)
		spin_unlock(&n->lock);
	sleep_here();
}
void reassigned(struct item *p)
{
	struct node *n = p->n;
	spin_lock(&n->lock);
	n = p->next ? p->next->n : 0;
	if (n)
		spin_unlock(&n->lock);
	sleep_here();
}
void not_a_lock(struct item *p, spinlock_t *other)
{
	struct node *n = 0;
	for (; p; p = p->next) {
		if (n != p->n) {
			if (n)
				spin_unlock(other);
			n = p->n;
			take(&n->lock);
			spin_lock(other);
		}
	}
	if (n)
		spin_unlock(other);
	sleep_here();
}
)";

/// The preemption depths at the call of sleep_here() in F, sorted.
std::vector<int> depthsAtSleep(const FunctionSummary &F) {
  return test::preemptDepthsAt(F, "sleep_here");
}

TEST(LockedPointer, ALockThroughThePointerSaysItIsNotNull) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/l.c");
  EXPECT_EQ(depthsAtSleep(A.function("by_call")), std::vector<int>{0});
  EXPECT_EQ(depthsAtSleep(A.function("by_macro")), std::vector<int>{0});
}

TEST(LockedPointer, APointerAssignedSinceTheLockSaysNothing) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/l.c");
  EXPECT_EQ(depthsAtSleep(A.function("reassigned")), (std::vector<int>{0, 1}));
}

TEST(LockedPointer, OnlyAnObjectLockDereferencesThePointer) {
  // take() is not an object lock outside lock_node(): n stays unknown, so
  // the paths that locked `other` and then found n NULL keep it (one more
  // for each turn of the loop, up to the engine's bound on depths).
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/l.c");
  std::vector<int> Depths = depthsAtSleep(A.function("not_a_lock"));
  ASSERT_GE(Depths.size(), 2u);
  EXPECT_EQ(Depths[0], 0);
  EXPECT_EQ(Depths[1], 1);
}

} // namespace
