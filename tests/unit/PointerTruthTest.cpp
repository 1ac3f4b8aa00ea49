// A pointer parameter's truth (`if (ci) spin_unlock(&ci->lock);`) is a test
// slot the function's exits keep and its callers select the exits by
// (ValueSlots::truthTest(), FunctionAnalyzer::importTests()); a release that
// such a test separates from a balanced exit is kept in the summary.
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [spin_lock]
    effects: [preempt-disable]
  - names: [spin_unlock]
    effects: [preempt-enable]
object-locks: [spin_lock]
)";

constexpr const char *Code = R"(
typedef struct { int raw; } spinlock_t;
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void sleep_here(void);
struct cluster { spinlock_t lock; };
struct info { struct cluster *ci; };
static struct cluster *lock_cluster(struct info *si)
{
	struct cluster *ci = si->ci;
	if (ci)
		spin_lock(&ci->lock);
	return ci;
}
static void unlock_cluster(struct cluster *ci)
{
	if (ci)
		spin_unlock(&ci->lock);
}
void returned(struct info *si)
{
	struct cluster *ci = lock_cluster(si);
	unlock_cluster(ci);
	sleep_here();
}
void locked_local(struct info *si)
{
	struct cluster *ci = si->ci;
	spin_lock(&ci->lock);
	unlock_cluster(ci);
	sleep_here();
}
void forwarded(struct cluster *ci)
{
	unlock_cluster(ci);
}
void unknown(struct info *si, struct cluster *other)
{
	struct cluster *ci = si->ci;
	spin_lock(&ci->lock);
	unlock_cluster(other);
	sleep_here();
}
)";

/// The preemption depths at the call of sleep_here() in F, sorted.
std::vector<int> depthsAtSleep(const FunctionSummary &F) {
  return test::preemptDepthsAt(F, "sleep_here");
}

/// {depth, what the exit found of test 0} of each exit, sorted.
std::vector<std::pair<int, int>> exits(const FunctionSummary &F) {
  std::vector<std::pair<int, int>> Out;
  for (const RelState &S : F.ExitStates) {
    std::optional<bool> T = S.fact(RelState::FirstTestSlot);
    Out.push_back({S.PreemptDepth, T ? int(*T) : -1});
  }
  llvm::sort(Out);
  return Out;
}

TEST(PointerTruth, TheReleaseIsKeptBesideTheBalancedExit) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  const FunctionSummary &U = A.function("unlock_cluster");
  ASSERT_EQ(U.Tests.size(), 1u);
  EXPECT_TRUE(U.Tests[0].truth());
  EXPECT_EQ(U.Tests[0].Arg.Index, 0);
  EXPECT_EQ(exits(U), (std::vector<std::pair<int, int>>{{-1, 1}, {0, 0}}));
}

TEST(PointerTruth, CallersSelectTheExitByWhatTheyKnowOfThePointer) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  EXPECT_EQ(depthsAtSleep(A.function("returned")), std::vector<int>{0});
  EXPECT_EQ(depthsAtSleep(A.function("locked_local")), std::vector<int>{0});
}

TEST(PointerTruth, AForwardedParameterKeepsTheTestForItsCallers) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  const FunctionSummary &F = A.function("forwarded");
  ASSERT_EQ(F.Tests.size(), 1u);
  EXPECT_TRUE(F.Tests[0].truth());
  EXPECT_EQ(exits(F), (std::vector<std::pair<int, int>>{{-1, 1}, {0, 0}}));
}

TEST(PointerTruth, APointerTheCallerDoesNotKnowTakesBothExits) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  EXPECT_EQ(depthsAtSleep(A.function("unknown")), (std::vector<int>{0, 1}));
}

} // namespace
