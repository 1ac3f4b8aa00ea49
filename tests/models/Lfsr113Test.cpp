// The LFSR113 model reproduces the kernel's own self-test vectors
// (lib/random32.c, prandom_state_selftest()).
#include "models/kstack/Lfsr113.h"

#include "gtest/gtest.h"

using namespace kharden::kstack;

namespace {

TEST(Lfsr113Test, SeedBoundaryVectors) {
  z3::context C;
  // test1[]: seed, then prandom_warmup(), then one output.
  EXPECT_EQ(lfsr113::selftestOutput(C, 1), 3484351685u);
  EXPECT_EQ(lfsr113::selftestOutput(C, 2), 2623130059u);
  EXPECT_EQ(lfsr113::selftestOutput(C, 3), 3125133893u);
  EXPECT_EQ(lfsr113::selftestOutput(C, 4), 984847254u);
}

TEST(Lfsr113Test, LongRunVectors) {
  z3::context C;
  // test2[]: seed, warm-up, then `iteration` outputs; the last one counts.
  EXPECT_EQ(lfsr113::selftestOutput(C, 1613868791u, 592), 828546883u);
  EXPECT_EQ(lfsr113::selftestOutput(C, 407983964u, 921), 728767059u);
}

TEST(Lfsr113Test, SeedingFollowsTheKernel) {
  z3::context C;
  std::vector<z3::expr> S = lfsr113::selftestSeed(C, 1);
  // s1 = __seed(1 * 69069, 2) = 69069; s2 = __seed(69069 * 69069, 8), ...
  EXPECT_EQ(S[0].simplify().get_numeral_uint64(), 69069u);
  EXPECT_EQ(S[1].simplify().get_numeral_uint64(), uint32_t(69069u * 69069u));
  // __seed(x, m) lifts a small word: LCG(0) = 0 becomes 0 + 2.
  EXPECT_EQ(lfsr113::selftestSeed(C, 0)[0].simplify().get_numeral_uint64(), 2u);
}

TEST(Lfsr113Test, EffectiveBitsAre113) {
  unsigned Bits = 0;
  for (uint32_t M : lfsr113::EffectiveMask)
    Bits += __builtin_popcount(M);
  EXPECT_EQ(Bits, lfsr113::EffectiveBits);
}

} // namespace
