// Relations between two parameters (engine/ValueSlots.h): a callee's exits
// say which way it found `a != b` (through a swap() of the two, or of the
// addresses of one member of each), and a caller passing the same two
// values to two such callees takes only the exits that agree.
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [spin_lock, spin_lock_nested]
    effects: [preempt-disable]
  - names: [spin_unlock]
    effects: [preempt-enable]
)";

constexpr const char *Code = R"(
typedef struct { int raw; } spinlock_t;
void spin_lock(spinlock_t *l);
void spin_lock_nested(spinlock_t *l, int sub);
void spin_unlock(spinlock_t *l);
void sleep_here(void);
#define swap(a, b) \
	do { typeof(a) __tmp = (a); (a) = (b); (b) = __tmp; } while (0)
struct bucket { spinlock_t lock; int waiters; };
struct bucket *hash_of(int key);
static void lock_pair(struct bucket *b1, struct bucket *b2)
{
	if (b1 > b2)
		swap(b1, b2);
	spin_lock(&b1->lock);
	if (b1 != b2)
		spin_lock_nested(&b2->lock, 1);
}
static void unlock_pair(struct bucket *b1, struct bucket *b2)
{
	spin_unlock(&b1->lock);
	if (b1 != b2)
		spin_unlock(&b2->lock);
}
static spinlock_t *lockp(struct bucket *b) { return &b->lock; }
static void unlock_by_address(struct bucket *b1, struct bucket *b2)
{
	if (lockp(b1) == lockp(b2))
		return spin_unlock(lockp(b1));
	spin_unlock(lockp(b1));
	spin_unlock(lockp(b2));
}
static void lock_odd(struct bucket *b1, struct bucket *b2, struct bucket *b3)
{
	swap(b1, b3);
	spin_lock(&b1->lock);
	if (b1 != b2)
		spin_lock_nested(&b2->lock, 1);
}
void same(int k1, int k2)
{
	struct bucket *b1 = hash_of(k1), *b2 = hash_of(k2);
	lock_pair(b1, b2);
	unlock_by_address(b2, b1);
	sleep_here();
}
void moved(int k1, int k2)
{
	struct bucket *b1 = hash_of(k1), *b2 = hash_of(k2);
	lock_pair(b1, b2);
	b2 = hash_of(k2 + 1);
	unlock_pair(b1, b2);
	sleep_here();
}
void forwarded(struct bucket *a, struct bucket *b)
{
	lock_pair(a, b);
	unlock_pair(a, b);
	sleep_here();
}
)";

using Analysed = test::AnalysedSource;

Analysed analyse() { return test::analyseSource(Model, Code, "/src/r.c"); }

/// The preemption depths at the call of Callee in F, one per state.
std::vector<int> depthsAt(const FunctionSummary &F, llvm::StringRef Callee) {
  return test::preemptDepthsAt(F, Callee, /*EachOnce=*/false);
}

/// "depth:found" for each exit: found 1 or 0 where the exit found its
/// first test true or false, "?" where it did not test it.
std::vector<std::string> exits(const FunctionSummary &F) {
  std::vector<std::string> Out;
  for (const RelState &S : F.ExitStates) {
    std::optional<bool> T = S.fact(RelState::FirstTestSlot);
    Out.push_back(std::to_string(S.PreemptDepth) + ":" +
                  (T ? (*T ? "1" : "0") : "?"));
  }
  llvm::sort(Out);
  return Out;
}

TEST(ParamRelations, ASwapOfTheTwoKeepsTheirRelation) {
  Analysed A = analyse();
  const FunctionSummary &Lock = A.function("lock_pair");
  ASSERT_EQ(Lock.Tests.size(), 1u);
  EXPECT_TRUE(Lock.Tests[0].relation());
  EXPECT_EQ(Lock.Tests[0].Arg.Index, 0);
  EXPECT_EQ(Lock.Tests[0].Other, 1);
  EXPECT_FALSE(Lock.Tests[0].Equal);
  EXPECT_EQ(exits(Lock), (std::vector<std::string>{"1:0", "2:1"}));
  EXPECT_EQ(exits(A.function("unlock_pair")),
            (std::vector<std::string>{"-1:0", "-2:1"}));
}

TEST(ParamRelations, MemberAddressesCompareAsTheirObjects) {
  Analysed A = analyse();
  EXPECT_EQ(A.function("lockp").ForCallers->ReturnsMember, 0);
  const FunctionSummary &Unlock = A.function("unlock_by_address");
  ASSERT_EQ(Unlock.Tests.size(), 1u);
  EXPECT_TRUE(Unlock.Tests[0].relation());
  EXPECT_TRUE(Unlock.Tests[0].Equal);
  EXPECT_EQ(exits(Unlock), (std::vector<std::string>{"-1:1", "-2:0"}));
}

TEST(ParamRelations, ASwapWithAThirdKeepsNothing) {
  Analysed A = analyse();
  EXPECT_TRUE(A.function("lock_odd").Tests.empty());
}

TEST(ParamRelations, TheSamePairTakesAgreeingExits) {
  Analysed A = analyse();
  // `b1 != b2` in one, `b2 == b1` in the other: the same relation.
  EXPECT_EQ(depthsAt(A.function("same"), "sleep_here"), std::vector<int>{0});
  // The caller's own parameters: one state where they differ, one where
  // they are the same, both with nothing held; the relation is a test of
  // the caller's, for its callers.
  EXPECT_EQ(depthsAt(A.function("forwarded"), "sleep_here"),
            (std::vector<int>{0, 0}));
  const FunctionSummary &Fwd = A.function("forwarded");
  ASSERT_EQ(Fwd.Tests.size(), 1u);
  EXPECT_TRUE(Fwd.Tests[0].relation());
}

TEST(ParamRelations, APairChangedBetweenTheCallsTakesEveryExit) {
  Analysed A = analyse();
  // Each lock exit with each unlock exit: one lock left held, one released
  // twice, or balanced.
  EXPECT_EQ(depthsAt(A.function("moved"), "sleep_here"),
            (std::vector<int>{-1, 0, 1}));
}

} // namespace
