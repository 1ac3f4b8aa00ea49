// Which of a function's tests of its parameters' bits get the
// RelState::MaxTests slots where there are more: those that decide the
// most branches, counting every branch on a local that holds one
// (6.1's __alloc_pages_slowpath() tests more bits of gfp_mask than there
// are slots; `can_direct_reclaim = gfp_mask & __GFP_DIRECT_RECLAIM` is
// tested three times).
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Code = R"(
typedef unsigned int gfp_t;
void work(void);
void slow(gfp_t gfp_mask)
{
	int can_reclaim = gfp_mask & 0x400u;

	if (gfp_mask & 0x1u) work();
	if (gfp_mask & 0x2u) work();
	if (gfp_mask & 0x4u) work();
	if (gfp_mask & 0x8u) work();
	if (gfp_mask & 0x10u) work();
	if (gfp_mask & 0x20u) work();
	if (gfp_mask & 0x40u) work();
	if (can_reclaim) work();
	if (gfp_mask & 0x80u) work();
	if (gfp_mask & 0x80u) work();
	if (!can_reclaim) return;
	if (can_reclaim) work();
}
)";

bool hasTest(const FunctionSummary &F, uint64_t Mask) {
  return llvm::any_of(F.Tests, [&](const ParamTest &T) {
    return T.Arg.Index == 0 && T.Mask == Mask && !T.Equal && T.Value == 0;
  });
}

TEST(TestSlots, TheTestsThatDecideMostBranchesGoFirst) {
  test::AnalysedSource A = test::analyseSource("primitives: []\n", Code,
                                               "/src/slots.c");
  const FunctionSummary &F = A.function("slow");
  ASSERT_EQ(F.Tests.size(), size_t(RelState::MaxTests));
  // Three branches on the local, two on 0x80, one on each of the others:
  // 0x400 and 0x80 first, then the first six of the rest in their order.
  EXPECT_TRUE(F.Tests[0].Mask == 0x400u) << F.Tests[0].Mask;
  EXPECT_TRUE(F.Tests[1].Mask == 0x80u) << F.Tests[1].Mask;
  for (uint64_t Mask : {0x1u, 0x2u, 0x4u, 0x8u, 0x10u, 0x20u})
    EXPECT_TRUE(hasTest(F, Mask)) << Mask;
  EXPECT_FALSE(hasTest(F, 0x40u));
}

} // namespace
