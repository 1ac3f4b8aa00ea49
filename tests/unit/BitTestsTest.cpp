// A bit test of a parameter's field (the kernel model's `bit-tests`,
// test_bit()) is a parameter test, and a caller's own test of the bits it
// passes on decides its callee's (ParamTest::knownWhen(),
// Program::calleeEntry()).
#include "AnalysedSource.h"

#include "engine/Program.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

TEST(BitTests, AFoundTestKnowsItsBits) {
  ParamTest Set{{0, "private"}, false, 0x10, 0}; // `private & 0x10`
  EXPECT_EQ(Set.knownWhen(true), (KnownBits{0, 0x10}));
  EXPECT_EQ(Set.knownWhen(false), (KnownBits{0x10, 0}));
  ParamTest Two{{0, ""}, false, 0x30, 0}; // `x & 0x30`: true says no bit
  EXPECT_TRUE(Two.knownWhen(true).unknown());
  EXPECT_EQ(Two.knownWhen(false), (KnownBits{0x30, 0}));
  ParamTest Eq{{0, ""}, true, 0x30, 0x20}; // `(x & 0x30) == 0x20`
  EXPECT_EQ(Eq.knownWhen(true), (KnownBits{0x10, 0x20}));
  EXPECT_TRUE(Eq.knownWhen(false).unknown());
  ParamTest Pointer{{0, "cpumask"}, false, ~uint64_t(0), 0};
  EXPECT_EQ(Pointer.knownWhen(true), KnownBits::nonZero());
  ParamTest Relation{{0, ""}, true, 0, 0, 1};
  EXPECT_TRUE(Relation.knownWhen(true).unknown());
}

TEST(BitTests, ANonZeroValueWithNoBitsBeyondTheMaskHasOneInIt) {
  ParamTest Flag{{2, ArgRef::Pointee}, false, 0xff, 0}; // `if (*locked)`
  EXPECT_EQ(Flag.decide(KnownBits::nonZero()), std::nullopt);
  EXPECT_EQ(Flag.decide(KnownBits{~uint64_t(0xff), 0, true}), true);
  EXPECT_EQ(Flag.decide(KnownBits::constant(0)), false);
  ParamTest Bit{{2, ArgRef::Pointee}, false, 0x4, 0}; // `if (*flags & 4)`
  EXPECT_EQ(Bit.decide(KnownBits{~uint64_t(0xff), 0, true}), std::nullopt);
}

constexpr const char *Model = R"(
primitives:
  - names: [spin_lock]
    effects: [preempt-disable]
  - names: [spin_unlock]
    effects: [preempt-enable]
  - names: [might_sleep]
    effects: [may-sleep]
bit-tests: [_test_bit, const_test_bit]
)";

constexpr const char *Code = R"(
typedef _Bool bool;
typedef unsigned long uintptr_t;
typedef struct { int raw; } spinlock_t;
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void might_sleep(void);
bool _test_bit(unsigned long nr, const volatile unsigned long *addr);
bool const_test_bit(unsigned long nr, const volatile unsigned long *addr);
#define test_bit(nr, addr) \
	((__builtin_constant_p(nr) && \
	  __builtin_constant_p((uintptr_t)(addr) != (uintptr_t)0) && \
	  (uintptr_t)(addr) != (uintptr_t)0 && \
	  __builtin_constant_p(*(const unsigned long *)(addr))) ? \
	 const_test_bit(nr, addr) : _test_bit(nr, addr))
enum { HPG_freed = 3, HPG_vmemmap_optimized };
struct page { unsigned long flags; unsigned long private; };
struct folio { unsigned long private; };
static spinlock_t lock;
static inline int HPageVmemmapOptimized(struct page *page)
{
	return test_bit(HPG_vmemmap_optimized, &(page->private));
}
static inline bool folio_test_optimized(struct folio *folio)
{
	void *private = &folio->private;
	return test_bit(HPG_vmemmap_optimized, private);
}
static int restore(struct page *head)
{
	if (!HPageVmemmapOptimized(head))
		return 0;
	might_sleep();
	return 1;
}
static void free_now(struct page *page)
{
	restore(page);
}
static void free_page_atomic(struct page *page, bool atomic)
{
	if (!HPageVmemmapOptimized(page) || !atomic)
		free_now(page);
}
void free_huge(struct page *page)
{
	spin_lock(&lock);
	free_page_atomic(page, 1);
	spin_unlock(&lock);
}
)";

TEST(BitTests, TestBitOfAFieldIsAParameterTest) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/b.c");
  ParamTest Optimized{{0, "private"}, false, 1u << 4, 0};
  EXPECT_EQ(A.function("HPageVmemmapOptimized").Tests,
            std::vector<ParamTest>{Optimized});
  EXPECT_EQ(A.function("folio_test_optimized").Tests,
            std::vector<ParamTest>{Optimized});
  // The callee's test, in its caller's terms.
  EXPECT_EQ(A.function("restore").Tests, std::vector<ParamTest>{Optimized});
}

TEST(BitTests, ACallerPassesOnWhatItsTestFound) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/b.c");
  Program P(A.Model);
  P.add(A.TU);
  P.solve();
  const FunctionSummary &Atomic = *P.find("/src/b.c@free_page_atomic");
  size_t FreeNow = P.functions().indexOf(*P.find("/src/b.c@free_now"));
  const CallSite *Call = nullptr;
  for (const CallSite &C : Atomic.Calls)
    if (C.CalleeName == "free_now")
      Call = &C;
  ASSERT_TRUE(Call);
  // free_huge() passes atomic = true: the call is made only where the bit
  // was found clear, and the callee is entered knowing so.
  AbsState Entry;
  Entry.ArgKnown = Entry.ArgTrue = 2;
  unsigned Feasible = 0;
  for (const RelState &R : Call->States) {
    if (!feasible(Entry, R, Atomic.Tests))
      continue;
    ++Feasible;
    AbsState In = P.calleeEntry(Entry, R, *Call, FreeNow, Atomic.Tests);
    EXPECT_EQ(In.argBits({0, "private"}), (KnownBits{1u << 4, 0}));
  }
  EXPECT_GT(Feasible, 0u);
}

} // namespace
