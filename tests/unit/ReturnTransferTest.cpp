// A callee's return as a function of its parameter's bits
// (FunctionSummary::ReturnTransfer), and a caller that assigns it back to
// its own parameter (`gfp = current_gfp_context(gfp)`) or passes it on.
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Code = R"(
typedef unsigned int gfp_t;
unsigned int task_flags(void);
void might_alloc(gfp_t gfp);
int other(void);
static gfp_t context(gfp_t flags)
{
	if (task_flags() & 1)
		flags &= ~0xc0u;
	return flags;
}
static gfp_t unknown(gfp_t flags)
{
	if (task_flags())
		return other();
	return flags;
}
static int pointer_like(int *p) { return *p; }
void alloc(gfp_t gfp)
{
	gfp = context(gfp);
	might_alloc(gfp);
}
void alloc_direct(gfp_t gfp)
{
	might_alloc(context(gfp));
}
void alloc_unknown(gfp_t gfp)
{
	gfp = unknown(gfp);
	might_alloc(gfp);
}
)";

test::AnalysedSource analyse() {
  return test::analyseSource("primitives: []\n", Code, "/src/g.c");
}

TEST(ReturnTransfer, AReturnedParameterKeepsWhatItDidNotClear) {
  test::AnalysedSource A = analyse();
  const FunctionSummary *Context = &A.function("context");
  EXPECT_EQ(Context->ForCallers->ReturnTransfer.Param, 0);
  // 0x40 and 0x80 may be cleared; every other bit of the 32-bit value is
  // the caller's.
  EXPECT_TRUE(Context->ForCallers->ReturnTransfer.Bits.keepsBits(0xffffff3f));
  EXPECT_FALSE(Context->ForCallers->ReturnTransfer.Bits.keepsBits(0x40));
  KnownBits Atomic = KnownBits::constant(0x20);
  EXPECT_EQ(Context->ForCallers->ReturnTransfer.Bits.apply(Atomic).Zero & 0x400,
            0x400u);
  const FunctionSummary *Unknown = &A.function("unknown");
  EXPECT_EQ(Unknown->ForCallers->ReturnTransfer.Param, -1);
  EXPECT_EQ(A.function("pointer_like").ForCallers->ReturnTransfer.Param, -1);
}

TEST(ReturnTransfer, ACallerPassesTheCallersBitsThroughIt) {
  test::AnalysedSource A = analyse();
  for (const char *Name : {"alloc", "alloc_direct"}) {
    const FunctionSummary *F = &A.function(Name);
    const CallSite *Might = nullptr;
    for (const CallSite &C : F->Calls)
      if (C.CalleeName == "might_alloc")
        Might = &C;
    ASSERT_TRUE(Might) << Name;
    ASSERT_EQ(Might->Passes->TransformedArgs.size(), 1u) << Name;
    EXPECT_EQ(Might->Passes->TransformedArgs[0].Param, 0) << Name;
    EXPECT_TRUE(Might->Passes->TransformedArgs[0].Bits.keepsBits(0x400))
        << Name;
  }
  // A callee that may return something else: the caller's bits are lost.
  const FunctionSummary *F = &A.function("alloc_unknown");
  for (const CallSite &C : F->Calls)
    if (C.CalleeName == "might_alloc") {
      for (const CallSite::Transformed &T : C.Passes->TransformedArgs)
        EXPECT_FALSE(T.Bits.keepsBits(0x400));
    }
}

} // namespace
