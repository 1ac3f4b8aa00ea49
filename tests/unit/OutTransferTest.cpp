// What a callee leaves where a pointer parameter points
// (FunctionSummary::OutTransfers), and a caller's local copy of its
// parameter lent to it as `&local` (`__alloc_pages()`'s `alloc_gfp`, which
// `prepare_alloc_pages()` only ORs `__GFP_HARDWALL` into).
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Code = R"(
typedef unsigned int gfp_t;
int cpusets_enabled(void);
void might_alloc(gfp_t gfp);
void opaque(gfp_t *p);
gfp_t *kept;
static int prepare(gfp_t gfp, gfp_t *alloc_gfp, unsigned int *flags)
{
	if (cpusets_enabled())
		*alloc_gfp |= 0x100u;
	*flags = gfp;
	return 1;
}
static void keeps(gfp_t *p) { kept = p; }
static void wrap(gfp_t *p) { prepare(0, p, 0); }
static void clears(gfp_t *p) { *p &= ~0x400u; }
void alloc(gfp_t gfp)
{
	unsigned int flags = 0;
	gfp_t alloc_gfp;
	alloc_gfp = gfp;
	if (!prepare(gfp, &alloc_gfp, &flags))
		return;
	might_alloc(alloc_gfp);
}
void alloc_wrapped(gfp_t gfp)
{
	gfp_t alloc_gfp = gfp;
	wrap(&alloc_gfp);
	might_alloc(alloc_gfp);
}
void alloc_cleared(gfp_t gfp)
{
	gfp_t alloc_gfp = gfp;
	clears(&alloc_gfp);
	might_alloc(alloc_gfp);
}
void alloc_kept(gfp_t gfp)
{
	gfp_t alloc_gfp = gfp;
	keeps(&alloc_gfp);
	might_alloc(alloc_gfp);
}
void alloc_opaque(gfp_t gfp)
{
	gfp_t alloc_gfp = gfp;
	opaque(&alloc_gfp);
	might_alloc(alloc_gfp);
}
void alloc_asm(gfp_t gfp)
{
	gfp_t alloc_gfp = gfp;
	asm("" : "=r"(alloc_gfp));
	might_alloc(alloc_gfp);
}
)";

test::AnalysedSource analyse() {
  return test::analyseSource("primitives: []\n", Code, "/src/g.c");
}

const CallSite *callTo(const FunctionSummary &F, llvm::StringRef Callee) {
  for (const CallSite &C : F.Calls)
    if (C.CalleeName == Callee)
      return &C;
  return nullptr;
}

TEST(OutTransfers, ACalleeSaysWhatItLeavesWherePointersPoint) {
  test::AnalysedSource A = analyse();
  const FunctionSummary &Prepare = A.function("prepare");
  ASSERT_EQ(Prepare.ForCallers->OutTransfers.size(), 2u);
  EXPECT_EQ(Prepare.ForCallers->OutTransfers[0].Param, 1);
  // 0x100 may be set; every other bit is the caller's.
  EXPECT_TRUE(
      Prepare.ForCallers->OutTransfers[0].Bits.T.keepsBits(~uint64_t(0x100)));
  EXPECT_FALSE(Prepare.ForCallers->OutTransfers[0].Bits.T.keepsBits(0x100));
  // `*flags = gfp`: nothing of what it held.
  EXPECT_EQ(Prepare.ForCallers->OutTransfers[1].Param, 2);
  EXPECT_FALSE(Prepare.ForCallers->OutTransfers[1].Bits.T.keepsBits(1));
  // Passed on to a callee that says: that callee's transfer.
  const FunctionSummary &Wrap = A.function("wrap");
  ASSERT_EQ(Wrap.ForCallers->OutTransfers.size(), 1u);
  EXPECT_EQ(Wrap.ForCallers->OutTransfers[0].Bits,
            Prepare.ForCallers->OutTransfers[0].Bits);
  // A pointer kept: nothing said.
  EXPECT_TRUE(A.function("keeps").ForCallers->OutTransfers.empty());
}

TEST(OutTransfers, ALocalCopyLentToTheCalleeKeepsTheCallersBits) {
  test::AnalysedSource A = analyse();
  for (const char *Name : {"alloc", "alloc_wrapped"}) {
    const CallSite *Might = callTo(A.function(Name), "might_alloc");
    ASSERT_TRUE(Might) << Name;
    ASSERT_EQ(Might->Passes->TransformedArgs.size(), 1u) << Name;
    EXPECT_EQ(Might->Passes->TransformedArgs[0].Param, 0) << Name;
    EXPECT_TRUE(Might->Passes->TransformedArgs[0].Bits.keepsBits(0x400))
        << Name;
    EXPECT_FALSE(Might->Passes->TransformedArgs[0].Bits.keepsBits(0x100))
        << Name;
  }
  // `*p &= ~0x400`: the bit is known 0 whatever the caller passed.
  const CallSite *Cleared = callTo(A.function("alloc_cleared"), "might_alloc");
  ASSERT_TRUE(Cleared);
  ASSERT_EQ(Cleared->Passes->TransformedArgs.size(), 1u);
  EXPECT_EQ(Cleared->Passes->TransformedArgs[0].Bits.apply({}).Zero & 0x400,
            0x400u);
}

TEST(OutTransfers, ALocalWhoseAddressGoesElsewhereIsNotFollowed) {
  test::AnalysedSource A = analyse();
  for (const char *Name : {"alloc_kept", "alloc_opaque", "alloc_asm"}) {
    const CallSite *Might = callTo(A.function(Name), "might_alloc");
    ASSERT_TRUE(Might) << Name;
    EXPECT_TRUE(Might->Passes->TransformedArgs.empty()) << Name;
  }
}

constexpr const char *Printed = R"(
typedef unsigned int gfp_t;
int _printk(const char *fmt, ...);
static gfp_t fix_flags(gfp_t flags)
{
	flags &= ~0x2u;
	_printk("Fixing up to gfp: %pGg", &flags);
	return flags;
}
)";

TEST(OutTransfers, APrintedLocalKeepsItsValueByTheKernelModel) {
  test::AnalysedSource With = test::analyseSource(
      "primitives: []\nread-only-arguments: [_printk]\n", Printed, "/src/p.c");
  const FunctionSummary &Fix = With.function("fix_flags");
  EXPECT_EQ(Fix.ForCallers->ReturnTransfer.Param, 0);
  EXPECT_TRUE(Fix.ForCallers->ReturnTransfer.Bits.keepsBits(0xfffffffd));
  EXPECT_EQ(Fix.ForCallers->ReturnTransfer.Bits.apply({}).Zero & 0x2, 0x2u);
  test::AnalysedSource Without =
      test::analyseSource("primitives: []\n", Printed, "/src/p.c");
  EXPECT_EQ(Without.function("fix_flags").ForCallers->ReturnTransfer.Param, -1);
}

// 6.12's is_valid_gup_args() (mm/gup.c): the flags another argument names
// are ORed in where the check returns true; the caller's `to_set` is a
// constant.
constexpr const char *Checked = R"(
void might_alloc(unsigned int gfp);
static int valid(int *locked, unsigned int *flags_p, unsigned int to_set)
{
	unsigned int flags = *flags_p;
	if (flags & 0x1u)
		return 0;
	flags |= to_set;
	if (locked)
		flags &= ~0x80u;
	*flags_p = flags;
	return 1;
}
void checked(unsigned int flags)
{
	if (!valid(0, &flags, 0x80084u))
		return;
	might_alloc(flags);
}
void unchecked(unsigned int flags)
{
	valid(0, &flags, 0x80084u);
	might_alloc(flags);
}
)";

TEST(OutTransfers, AnotherArgumentsOnesWhereTheCheckReturnsNonZero) {
  test::AnalysedSource A =
      test::analyseSource("primitives: []\n", Checked, "/src/c.c");
  const FunctionSummary &Valid = A.function("valid");
  ASSERT_EQ(Valid.ForCallers->OutTransfers.size(), 1u);
  const FunctionSummary::OutTransfer &Out = Valid.ForCallers->OutTransfers[0];
  EXPECT_EQ(Out.Param, 1);
  // `return 0` before the OR: over every exit, no argument's ones.
  EXPECT_EQ(Out.Bits.OnesOf, -1);
  // Where it returns 1: to_set's ones, but 0x80, which a path clears.
  EXPECT_EQ(Out.IfNonZero.OnesOf, 2);
  EXPECT_EQ(Out.IfNonZero.OnesKept & 0x80084, 0x80004u);
  EXPECT_EQ(Out.IfNonZero.bind(KnownBits::constant(0x80084)).apply({}).One,
            0x80004u);
  // The caller that tests the result passes those ones on; the other not.
  const CallSite *Checked = callTo(A.function("checked"), "might_alloc");
  ASSERT_TRUE(Checked);
  ASSERT_EQ(Checked->Passes->TransformedArgs.size(), 1u);
  EXPECT_EQ(Checked->Passes->TransformedArgs[0].Param, 0);
  EXPECT_EQ(Checked->Passes->TransformedArgs[0].Bits.apply({}).One, 0x80004u);
  const CallSite *Unchecked = callTo(A.function("unchecked"), "might_alloc");
  ASSERT_TRUE(Unchecked);
  ASSERT_EQ(Unchecked->Passes->TransformedArgs.size(), 1u);
  EXPECT_EQ(Unchecked->Passes->TransformedArgs[0].Bits.apply({}).One, 0u);
}

} // namespace
