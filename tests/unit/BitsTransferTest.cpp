#include "engine/BitsTransfer.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

// gfp_t bits as in 6.1 and 6.12: what the cases below are about.
constexpr uint64_t DirectReclaim = 0x400, KswapdReclaim = 0x800, High = 0x20;
constexpr uint64_t Low32 = 0xffffffff;
/// A 32-bit unsigned value's bits (the upper 32 known zero).
KnownBits u32(uint64_t V) { return KnownBits::constant(V & Low32); }
/// Nothing known of a 32-bit unsigned value but its upper half.
KnownBits anyU32() { return {~Low32, 0}; }

TEST(BitsTransfer, AndWithAnythingKeepsKnownZeros) {
  // slab_pre_alloc_hook(): `flags &= gfp_allowed_mask`, a global.
  BitsTransfer T = BitsTransfer::identity().thenAnd(anyU32());
  KnownBits Atomic = u32(High | KswapdReclaim); // GFP_ATOMIC: no direct reclaim
  KnownBits Out = T.apply(Atomic);
  EXPECT_EQ(Out.Zero & DirectReclaim, DirectReclaim);
  EXPECT_EQ(Out.One, 0u); // the mask may clear any bit
  // GFP_KERNEL's direct reclaim may be masked off (early boot): unknown.
  KnownBits Kernel = u32(DirectReclaim | KswapdReclaim | 0x40 | 0x80);
  EXPECT_EQ(T.apply(Kernel).Zero & DirectReclaim, 0u);
  EXPECT_EQ(T.apply(Kernel).One & DirectReclaim, 0u);
  EXPECT_FALSE(T.keepsBits(DirectReclaim));
}

TEST(BitsTransfer, OrMakesBitsOneWhateverTheCallerPassed) {
  // get_user_pages_fast_only(): `gup_flags |= FOLL_GET | FOLL_FAST_ONLY`.
  constexpr uint64_t Get = 0x4, FastOnly = 0x80000;
  BitsTransfer T = BitsTransfer::identity().thenOr(u32(Get | FastOnly));
  KnownBits Unknown = T.apply({});
  EXPECT_EQ(Unknown.One, Get | FastOnly);
  EXPECT_EQ(Unknown.Zero, 0u);
  KnownBits Out = T.apply(u32(0x1)); // FOLL_WRITE
  EXPECT_EQ(Out, u32(0x1 | Get | FastOnly));
  EXPECT_TRUE(T.keepsBits(0x1));
  EXPECT_FALSE(T.keepsBits(FastOnly));
}

TEST(BitsTransfer, AndWithAComplementMakesBitsZero) {
  // `flags &= ~__GFP_DIRECT_RECLAIM` of an int constant: sign-extended.
  BitsTransfer T =
      BitsTransfer::identity().thenAnd(KnownBits::constant(~DirectReclaim));
  KnownBits Out = T.apply({});
  EXPECT_EQ(Out.Zero, DirectReclaim);
  EXPECT_EQ(T.apply(u32(DirectReclaim | High)), u32(High));
}

TEST(BitsTransfer, PathsJoinToWhatBothSay) {
  BitsTransfer Set = BitsTransfer::identity().thenOr(u32(High));
  BitsTransfer Cleared =
      BitsTransfer::identity().thenAnd(KnownBits::constant(~High));
  BitsTransfer Either = Set.join(BitsTransfer::identity());
  // `if (x) flags |= HIGH;`: the caller's zero in HIGH is lost, its one kept.
  EXPECT_EQ(Either.apply(u32(0)).Zero & High, 0u);
  EXPECT_EQ(Either.apply(u32(High)).One & High, High);
  EXPECT_EQ(Either.apply(u32(0)).Zero & DirectReclaim, DirectReclaim);
  // Set on one path, cleared on the other: nothing known of HIGH.
  KnownBits Both = Set.join(Cleared).apply(u32(High));
  EXPECT_EQ((Both.Zero | Both.One) & High, 0u);
  // Forced the same way on both paths: known whatever the caller passed.
  KnownBits Same = Set.join(Set.thenAnd(anyU32()).thenOr(u32(High))).apply({});
  EXPECT_EQ(Same.One, High);
  EXPECT_TRUE(
      BitsTransfer::identity().join(BitsTransfer::identity()).isIdentity());
}

TEST(BitsTransfer, AssignmentForgetsTheCaller) {
  BitsTransfer T = BitsTransfer::assigned(u32(0));
  EXPECT_EQ(T.apply(u32(High)), u32(0));
  EXPECT_EQ(T.apply({}), u32(0));
  // A pointer known not NULL stays so through OR, not through AND.
  EXPECT_TRUE(
      BitsTransfer::identity().thenOr({}).apply(KnownBits::nonZero()).NonZero);
  EXPECT_FALSE(BitsTransfer::identity()
                   .thenAnd({})
                   .apply(KnownBits::nonZero())
                   .knownNonZero());
}

TEST(BitsTransfer, ThenAppliesTheSecondToWhatTheFirstGives) {
  // __alloc_pages(): `gfp &= gfp_allowed_mask; gfp =
  // current_gfp_context(gfp)`, which clears __GFP_IO | __GFP_FS on one path.
  constexpr uint64_t Io = 0x40, Fs = 0x80;
  BitsTransfer Mask = BitsTransfer::identity().thenAnd(anyU32());
  BitsTransfer Context = BitsTransfer::identity().join(
      BitsTransfer::identity().thenAnd(u32(~(Io | Fs))));
  BitsTransfer T = Mask.then(Context);
  KnownBits Atomic = u32(High | KswapdReclaim);
  for (KnownBits In : {Atomic, u32(DirectReclaim | Io | Fs), KnownBits{}})
    EXPECT_EQ(T.apply(In), Context.apply(Mask.apply(In)));
  EXPECT_EQ(T.apply(Atomic).Zero & DirectReclaim, DirectReclaim);
  // A forced one, then a step that keeps it: still one; then a step that
  // clears it: zero.
  BitsTransfer Forced = BitsTransfer::identity().thenOr(u32(DirectReclaim));
  EXPECT_EQ(Forced.then(Context).apply({}).One, DirectReclaim);
  BitsTransfer Cleared =
      BitsTransfer::identity().thenAnd(u32(~DirectReclaim & Low32));
  EXPECT_EQ(Forced.then(Cleared).apply({}).Zero & DirectReclaim, DirectReclaim);
  // Identity on either side changes nothing.
  EXPECT_EQ(BitsTransfer::identity().then(Context), Context);
  EXPECT_EQ(Context.then(BitsTransfer::identity()), Context);
}

TEST(ArgBitsTransfer, AnotherArgumentsOnesSurviveOnlyWhatEveryPathKeeps) {
  // 6.12's is_valid_gup_args(): `gup_flags |= to_set` (argument 2).
  constexpr uint64_t Get = 0x4, FastOnly = 0x80000, Unlockable = 0x100000;
  ArgBitsTransfer Or =
      ArgBitsTransfer(BitsTransfer::identity()).thenOrArg(anyU32(), 2, ~0ull);
  EXPECT_EQ(Or.bind(u32(Get | FastOnly)).apply({}).One, Get | FastOnly);
  // The OR's upper zeros stay known; the argument's unknown bits make no
  // other bit known.
  EXPECT_EQ(Or.bind(u32(Get)).apply(u32(0x1)).Zero, ~Low32);
  // A later `&= ~FOLL_GET` on one path: that bit is not known one after
  // the join; the other is.
  ArgBitsTransfer Cleared = Or.thenAnd(u32(~Get & Low32));
  ArgBitsTransfer Joined = Or.join(Cleared);
  EXPECT_EQ(Joined.bind(u32(Get | FastOnly)).apply({}).One, FastOnly);
  // A path that ORs nothing, or another argument, knows none of them.
  EXPECT_EQ(Or.join(BitsTransfer::identity()).OnesOf, -1);
  ArgBitsTransfer Other =
      ArgBitsTransfer(BitsTransfer::identity()).thenOrArg(anyU32(), 3, ~0ull);
  EXPECT_EQ(Or.join(Other).bind(u32(FastOnly)).apply({}).One, 0u);
  // A second argument ORed in adds nothing known: the first one stays.
  ArgBitsTransfer Both = Or.thenOrArg(anyU32(), 3, ~0ull);
  EXPECT_EQ(Both.OnesOf, 2);
  // Forced ones of the function's own survive a bind with nothing known.
  EXPECT_EQ(Or.thenOr(u32(Unlockable)).bind({}).apply({}).One, Unlockable);
}

} // namespace
