// A local whose address a function lends to a callee that tests what it
// points to keeps a slot (ValueSlots, CallSite::Passed::Lent): what the
// path knows of it at the call decides the callee's test, and the call
// forgets it. A retry on `err == 1` (6.12's netlink_unicast()) runs only
// where the callee returned a positive value, not a negative one.
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [schedule_timeout]
    effects: [may-sleep]
)";

constexpr const char *Code = R"(
long schedule_timeout(long timeout);
static long sndtimeo(long t, int noblock) { return noblock ? 0 : t; }
static int attach(int busy, long *timeo)
{
	if (busy) {
		if (!*timeo)
			return -11;
		*timeo = schedule_timeout(*timeo);
		return 1;
	}
	return 0;
}
int once(int busy, long t, int nonblock)
{
	long timeo = sndtimeo(t, nonblock);
	return attach(busy, &timeo);
}
int retried(int busy, long t, int nonblock)
{
	long timeo = sndtimeo(t, nonblock);
	int err;
retry:
	err = attach(busy, &timeo);
	if (err == 1)
		goto retry;
	if (err)
		return err;
	return 0;
}
)";

/// What the exits of F that slept found of F's parameter Param's truth.
std::vector<std::optional<bool>> sleptWhere(const FunctionSummary &F,
                                            unsigned Param) {
  auto T = llvm::find(F.Tests, ParamTest::truthOf(uint8_t(Param)));
  std::vector<std::optional<bool>> Out;
  for (const RelState &X : F.ExitStates)
    if (X.Irq == IrqRel::SleptOn)
      Out.push_back(T == F.Tests.end() ? std::nullopt
                                       : X.fact(RelState::FirstTestSlot +
                                                unsigned(T - F.Tests.begin())));
  return Out;
}

TEST(LentLocal, TheLocalsTruthAtTheCallDecidesTheCalleesTest) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  const FunctionSummary &F = A.function("once");
  auto Call = llvm::find_if(
      F.Calls, [](const CallSite &C) { return C.CalleeName == "attach"; });
  ASSERT_NE(Call, F.Calls.end());
  ASSERT_EQ(Call->Passes->Lent.size(), 1u);
  EXPECT_EQ(Call->Passes->Lent[0].first, 1);
  EXPECT_EQ(sleptWhere(F, 2), (std::vector<std::optional<bool>>{false}));
}

TEST(LentLocal, ARetryOnAPositiveResultIsNotANegativeOnes) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  EXPECT_EQ(sleptWhere(A.function("retried"), 2),
            (std::vector<std::optional<bool>>{false}));
}

} // namespace
