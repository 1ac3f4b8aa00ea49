// A local copied into another (`pcp = ({ ...; _ret; })`, `pcp = ret;`)
// hands its slot's fact to the copy at the copy, and only there
// (ValueSlots::copiedLocal(), SlotWrite::Copy): a later write to the source
// leaves the copy as it was.
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [preempt_disable]
    effects: [preempt-disable]
  - names: [preempt_enable]
    effects: [preempt-enable]
  - names: [spin_trylock]
    when-true: [preempt-disable]
    assume-true-if-untested: true
  - names: [spin_unlock]
    effects: [preempt-enable]
object-locks: [spin_trylock]
)";

constexpr const char *Code = R"(
#define NULL ((void *)0)
typedef struct { int raw; } spinlock_t;
void preempt_disable(void);
void preempt_enable(void);
int spin_trylock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void sleep_here(void);
struct pcp { spinlock_t lock; };
#define pcp_trylock(ptr) ({ struct pcp *_ret; preempt_disable(); _ret = ptr; \
	if (!spin_trylock(&_ret->lock)) { preempt_enable(); _ret = NULL; } _ret; })
void through_macro(struct pcp *p)
{
	struct pcp *pcp = pcp_trylock(p);
	if (!pcp) {
		sleep_here();
		return;
	}
	spin_unlock(&pcp->lock);
	preempt_enable();
}
void assigned(struct pcp *p)
{
	struct pcp *ret = p, *pcp;
	preempt_disable();
	if (!spin_trylock(&ret->lock)) {
		preempt_enable();
		ret = NULL;
	}
	pcp = ret;
	if (!pcp) {
		sleep_here();
		return;
	}
	spin_unlock(&pcp->lock);
	preempt_enable();
}
void copied_before(struct pcp *p)
{
	struct pcp *ret = p, *pcp;
	preempt_disable();
	pcp = ret;
	if (!spin_trylock(&ret->lock)) {
		preempt_enable();
		ret = NULL;
	}
	if (!pcp) {
		sleep_here();
		return;
	}
	if (ret) {
		spin_unlock(&ret->lock);
		preempt_enable();
	}
}
)";

/// The preemption depths at the call of sleep_here() in F, sorted.
std::vector<int> depthsAtSleep(const FunctionSummary &F) {
  return test::preemptDepthsAt(F, "sleep_here");
}

TEST(CopiedLocal, AStatementExpressionsValueIsItsLastLocal) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  EXPECT_EQ(depthsAtSleep(A.function("through_macro")), std::vector<int>{0});
}

TEST(CopiedLocal, AnAssignedCopyTakesTheSourcesFact) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  EXPECT_EQ(depthsAtSleep(A.function("assigned")), std::vector<int>{0});
}

TEST(CopiedLocal, ACopyMadeBeforeTheSourceChangesKeepsItsOwnValue) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  EXPECT_EQ(depthsAtSleep(A.function("copied_before")),
            (std::vector<int>{0, 2}));
}

} // namespace
