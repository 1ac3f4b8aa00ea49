// A scalar parameter's own truth (`if (noblock)`, `noblock ? 0 : timeo`)
// is a test slot the function's exits keep (ValueSlots::truthTest()),
// which also separates a release (`if (locked) spin_unlock(l)`); a
// conditional expression gives each arm's value on the path that took it
// (ValueSlots::chooses()); and a caller passing a flag made of its own
// parameters (`flags & MSG_DONTWAIT`) takes the callee's test as its own
// (FunctionAnalyzer::importTests()).
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = test::SpinLockModel;

constexpr const char *Code = R"(
struct sock { long timeo; };
typedef struct { int raw; } spinlock_t;
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void sleep_here(void);
static void unlock_if(spinlock_t *l, int locked)
{
	if (locked)
		spin_unlock(l);
}
void unlocks(spinlock_t *l)
{
	spin_lock(l);
	unlock_if(l, 1);
	sleep_here();
}
long chosen(const struct sock *sk, _Bool noblock)
{
	return noblock ? 0 : sk->timeo;
}
long branched(const struct sock *sk, _Bool noblock)
{
	if (noblock)
		return 0;
	return sk->timeo;
}
long nested(const struct sock *sk, _Bool noblock, int other)
{
	return noblock ? 0 : other ? sk->timeo : 0;
}
int pick(int n);
int late(const struct sock *sk, int flag)
{
	int a = pick(1), b = pick(2), c = pick(3), d = pick(4), e = pick(5);
	int f = pick(6);
	if (a) sleep_here();
	if (b) sleep_here();
	if (c) sleep_here();
	if (d) sleep_here();
	if (e) sleep_here();
	if (f) sleep_here();
	if (flag)
		return 1;
	return 0;
}
int waits(const struct sock *sk, int flags)
{
	long timeo = chosen(sk, flags & 0x40);
	if (!timeo)
		return -11;
	sleep_here();
	return 0;
}
)";

/// {what the exit found of the flag's truth, what it returns} of F's exits,
/// whose flag is parameter 1, sorted, each once.
std::vector<std::pair<int, RetFact>> exits(const FunctionSummary &F) {
  auto Flag = llvm::find(F.Tests, ParamTest::truthOf(1));
  EXPECT_NE(Flag, F.Tests.end());
  unsigned Slot = RelState::FirstTestSlot + unsigned(Flag - F.Tests.begin());
  std::vector<std::pair<int, RetFact>> Out;
  for (const RelState &S : F.ExitStates) {
    std::optional<bool> T = S.fact(Slot);
    Out.push_back({T ? int(*T) : -1, S.Returns});
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

TEST(FlagTruth, EachArmOfAConditionalIsReturnedOnItsOwnPath) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  const FunctionSummary &F = A.function("chosen");
  EXPECT_EQ(F.Tests.size(), 1u);
  EXPECT_EQ(exits(F), (std::vector<std::pair<int, RetFact>>{
                          {0, RetFact::Unknown}, {1, RetFact::Zero}}));
}

TEST(FlagTruth, AFlagTestedByABranchIsATestOfTheExits) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  const FunctionSummary &F = A.function("branched");
  // Beside the truth of the field it returns, `sk->timeo`.
  EXPECT_EQ(F.Tests.size(), 2u);
  EXPECT_EQ(exits(F),
            (std::vector<std::pair<int, RetFact>>{{0, RetFact::Zero},
                                                  {0, RetFact::NonZero},
                                                  {1, RetFact::Zero}}));
}

TEST(FlagTruth, AChoiceWithinAnArmLeavesItsValueUnknown) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  EXPECT_EQ(exits(A.function("nested")),
            (std::vector<std::pair<int, RetFact>>{{0, RetFact::Unknown},
                                                  {1, RetFact::Zero}}));
}

// Sixty-four paths through the locals' tests reach each return: the exits
// keep no local's value, so neither return's paths crowd out the other's.
TEST(FlagTruth, PathsThatDifferOnlyInLocalsDoNotCrowdOutAnExit) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  EXPECT_EQ(exits(A.function("late")),
            (std::vector<std::pair<int, RetFact>>{{0, RetFact::Zero},
                                                  {1, RetFact::Positive}}));
}

// As a pointer's truth does, a flag's separates a release from the exit
// that releases nothing, and a caller's constant takes the release.
TEST(FlagTruth, AFlagSeparatesARelease) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  const FunctionSummary &U = A.function("unlock_if");
  ASSERT_EQ(U.Tests.size(), 1u);
  std::vector<std::pair<int, int>> Exits;
  for (const RelState &S : U.ExitStates) {
    std::optional<bool> T = S.fact(RelState::FirstTestSlot);
    Exits.push_back({S.PreemptDepth, T ? int(*T) : -1});
  }
  llvm::sort(Exits);
  EXPECT_EQ(Exits, (std::vector<std::pair<int, int>>{{-1, 1}, {0, 0}}));
  EXPECT_EQ(test::preemptDepthsAt(A.function("unlocks"), "sleep_here"),
            std::vector<int>{0});
}

TEST(FlagTruth, AFlagMadeOfTheCallersParameterIsTheCallersTest) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  const FunctionSummary &F = A.function("waits");
  ASSERT_EQ(F.Tests.size(), 1u);
  EXPECT_EQ(F.Tests[0].Arg.Index, 1);
  EXPECT_EQ(F.Tests[0].Mask, 0x40u);
  EXPECT_EQ(F.Tests[0].Value, 0u);
  EXPECT_FALSE(F.Tests[0].Equal);
  // The wait is reached only where the flag was found clear.
  const CallSite *Sleep = nullptr;
  for (const CallSite &C : F.Calls)
    if (C.CalleeName == "sleep_here")
      Sleep = &C;
  ASSERT_NE(Sleep, nullptr);
  ASSERT_FALSE(Sleep->States.empty());
  for (const RelState &S : Sleep->States)
    EXPECT_EQ(S.fact(RelState::FirstTestSlot), std::optional<bool>(false));
}

} // namespace
