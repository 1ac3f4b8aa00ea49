// A test of the parameters a branch reads through a call that returns its
// truth (returnedTest(), ValueSlots::calledTest()), through a local that
// holds it, or through a primitive macro whose value is its condition's
// (`if (WARN_ON(cond))`): each is the caller's own test slot, so its
// callers' bits decide the branch.
#include "AnalysedSource.h"
#include "engine/Summary.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [WARN_ON]
    when-argument:
      - {index: 0, matches: '^preemptible\(\)$', effects: [assert-preempt-disabled]}
)";

constexpr const char *Code = R"(
void sleep_here(void);
void __warn(void);
int pick(int n);
#define WARN_ON(c) ({ int __ret = !!(c); if (__ret) __warn(); __ret; })
static int allow(unsigned g) { return !!(g & 0x400); }
static int deny(unsigned g) { return !(g & 0x400); }
static int other(unsigned g) { return pick(g); }
void through_call(unsigned g)
{
	int a = pick(1), b = pick(2), c = pick(3), d = pick(4);
	int e = pick(5), f = pick(6), h = pick(7), i = pick(8);
	if (a) pick(a);
	if (b) pick(b);
	if (c) pick(c);
	if (d) pick(d);
	if (e) pick(e);
	if (f) pick(f);
	if (h) pick(h);
	if (i) pick(i);
	if (allow(g))
		sleep_here();
}
void through_locals(unsigned g)
{
	_Bool can = g & 0x400;
	_Bool cannot = !can;
	if (cannot)
		return;
	sleep_here();
}
void through_macro(unsigned g)
{
	if (WARN_ON(!(g & 0x400)))
		return;
	sleep_here();
}
)";

/// What each state at F's call of sleep_here() found of test 0.
std::vector<int> testAtSleep(const FunctionSummary &F) {
  std::vector<int> Out;
  for (const CallSite &C : F.Calls)
    if (C.CalleeName == "sleep_here")
      for (const RelState &S : C.States) {
        std::optional<bool> T = S.fact(RelState::FirstTestSlot);
        Out.push_back(T ? int(*T) : -1);
      }
  return Out;
}

TEST(ReturnedTest, ACallThatReturnsATestsTruthIsThatTest) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  std::optional<ParamTest> T = returnedTest(A.function("allow"));
  ASSERT_TRUE(T);
  EXPECT_EQ(*T, (ParamTest{ArgRef{0, ""}, false, 0x400, 0}));
}

TEST(ReturnedTest, ANegatedOrUnrelatedReturnIsNone) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  EXPECT_FALSE(returnedTest(A.function("deny")));
  EXPECT_FALSE(returnedTest(A.function("other")));
}

TEST(ReturnedTest, TheCallersBranchKeepsTheTestInItsOwnSlot) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  const FunctionSummary &F = A.function("through_call");
  ASSERT_EQ(F.Tests.size(), 1u);
  EXPECT_EQ(F.Tests[0], (ParamTest{ArgRef{0, ""}, false, 0x400, 0}));
  EXPECT_EQ(testAtSleep(F), std::vector<int>{1});
}

TEST(ReturnedTest, ALocalHoldingATestIsThatTestNegatedAsItIs) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  const FunctionSummary &F = A.function("through_locals");
  ASSERT_EQ(F.Tests.size(), 1u);
  EXPECT_EQ(F.Tests[0], (ParamTest{ArgRef{0, ""}, false, 0x400, 0}));
  EXPECT_EQ(testAtSleep(F), std::vector<int>{1});
}

TEST(ReturnedTest, APrimitiveMacrosValueIsItsConditions) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  const FunctionSummary &F = A.function("through_macro");
  ASSERT_EQ(F.Tests.size(), 1u);
  EXPECT_EQ(F.Tests[0], (ParamTest{ArgRef{0, ""}, false, 0x400, 0}));
  EXPECT_EQ(testAtSleep(F), std::vector<int>{1});
}

} // namespace
