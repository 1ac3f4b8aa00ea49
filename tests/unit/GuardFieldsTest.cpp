// A guard's constructor returns its structure with `.lock` set
// (FunctionSummary::ReturnFields), and the cleanup attribute's call of its
// destructor passes that structure's address with the field known: the
// destructor's `if (_T->lock)` is decided where the block ends.
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [rcu_read_lock]
    effects: [rcu-read-lock]
  - names: [rcu_read_unlock]
    effects: [rcu-read-unlock]
)";

constexpr const char *Code = R"(
void rcu_read_lock(void);
void rcu_read_unlock(void);
int wanted(void);
void after(void);
typedef struct { void *lock; int depth; } class_rcu_t;
static inline void class_rcu_destructor(class_rcu_t *_T)
{
	if (_T->lock) { rcu_read_unlock(); }
}
static inline class_rcu_t class_rcu_constructor(void)
{
	class_rcu_t _t = { .lock = (void *)1 }, *_T = &_t;
	(void)_T;
	rcu_read_lock();
	return _t;
}
static inline class_rcu_t class_maybe_constructor(void)
{
	class_rcu_t _t = { .lock = (void *)1 };
	rcu_read_lock();
	if (!wanted())
		_t.lock = 0;
	return _t;
}
void reader(void)
{
	for (class_rcu_t scope __attribute__((cleanup(class_rcu_destructor))) =
	         class_rcu_constructor(), *done = 0;
	     !done; done = (void *)1)
		wanted();
	after();
}
void maybe_reader(void)
{
	for (class_rcu_t scope __attribute__((cleanup(class_rcu_destructor))) =
	         class_maybe_constructor(), *done = 0;
	     !done; done = (void *)1)
		wanted();
	after();
}
)";

const CallSite *callOf(const FunctionSummary &F, llvm::StringRef Callee) {
  for (const CallSite &C : F.Calls)
    if (C.CalleeName == Callee)
      return &C;
  ADD_FAILURE() << "no call of " << Callee.str() << " in " << F.name().str();
  return nullptr;
}

TEST(GuardFields, TheConstructorReturnsItsLockSet) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/g.c");
  // The initializer list's `.lock`, and the zero of the member it does not
  // name.
  EXPECT_EQ(A.function("class_rcu_constructor").ForCallers->ReturnFields,
            (FieldFacts{{"depth", KnownBits::constant(0)},
                        {"lock", KnownBits::constant(1)}}));
  // A path that stores 0: bit 0 of `.lock` is either.
  for (const auto &[Field, Bits] :
       A.function("class_maybe_constructor").ForCallers->ReturnFields)
    if (Field == "lock") {
      EXPECT_FALSE((Bits.Zero | Bits.One) & 1);
    }
}

TEST(GuardFields, TheCleanupCallPassesTheFieldsAndTheBlockEnds) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/g.c");
  const FunctionSummary &Reader = A.function("reader");
  const CallSite *Cleanup = callOf(Reader, "class_rcu_destructor");
  ASSERT_TRUE(Cleanup);
  EXPECT_EQ(Cleanup->ArgKnown & 1, 1);
  EXPECT_EQ(Cleanup->ArgTrue & 1, 1);
  EXPECT_EQ(passedBits(Cleanup->ArgKnown, Cleanup->ArgTrue, Cleanup->ArgBits,
                       {0, "lock"}),
            KnownBits::constant(1));
  const CallSite *After = callOf(Reader, "after");
  ASSERT_TRUE(After);
  for (const RelState &S : After->States)
    EXPECT_EQ(S.RcuDepth, 0);
  // The guard that may leave `.lock` NULL may still hold the reader.
  const CallSite *MaybeAfter = callOf(A.function("maybe_reader"), "after");
  ASSERT_TRUE(MaybeAfter);
  EXPECT_TRUE(llvm::any_of(MaybeAfter->States,
                           [](const RelState &S) { return S.RcuDepth == 1; }));
}

// DEFINE_LOCK_GUARD_1 (6.12's include/linux/cleanup.h): the constructor
// returns `{ .lock = l }`, the destructor unlocks only `if (_T->lock)`.
constexpr const char *LockModel = test::SpinLockModel;

constexpr const char *LockCode = R"(
typedef struct { int v; } spinlock_t;
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void after(void);
struct task { spinlock_t pi_lock; };
typedef struct { spinlock_t *lock; } class_spinlock_t;
static inline void class_spinlock_destructor(class_spinlock_t *_T)
{
	if (_T->lock) { spin_unlock(_T->lock); }
}
static inline class_spinlock_t class_spinlock_constructor(spinlock_t *l)
{
	class_spinlock_t _t = { .lock = l }, *_T = &_t;
	spin_lock(_T->lock);
	return _t;
}
static inline class_spinlock_t class_moved_constructor(spinlock_t *l)
{
	class_spinlock_t _t = { .lock = l }, *_T = &_t;
	spin_lock(_T->lock);
	_T->lock = 0;
	return _t;
}
void locked(struct task *p)
{
	{
		class_spinlock_t g __attribute__((cleanup(class_spinlock_destructor))) =
			class_spinlock_constructor(&p->pi_lock);
	}
	after();
}
void given(spinlock_t *l)
{
	{
		class_spinlock_t g __attribute__((cleanup(class_spinlock_destructor))) =
			class_spinlock_constructor(l);
	}
	after();
}
)";

TEST(GuardFields, ALockGuardsLockIsThePointerItsConstructorWasGiven) {
  test::AnalysedSource A = test::analyseSource(LockModel, LockCode, "/src/l.c");
  using FieldParams = std::vector<std::pair<std::string, uint8_t>>;
  EXPECT_EQ(
      A.function("class_spinlock_constructor").ForCallers->ReturnFieldParams,
      (FieldParams{{"lock", 0}}));
  // A store into the field: not the parameter any more.
  EXPECT_TRUE(A.function("class_moved_constructor")
                  .ForCallers->ReturnFieldParams.empty());
  // The destructor keeps its release apart from the way that found `.lock`
  // NULL, and the caller that passed `&p->pi_lock` takes the release.
  EXPECT_EQ(A.function("class_spinlock_destructor").ExitStates.size(), 2u);
  const CallSite *After = callOf(A.function("locked"), "after");
  ASSERT_TRUE(After);
  for (const RelState &S : After->States)
    EXPECT_EQ(S.PreemptDepth, 0);
  // A pointer the function knows nothing of: the lock may still be held.
  const CallSite *Given = callOf(A.function("given"), "after");
  ASSERT_TRUE(Given);
  EXPECT_TRUE(llvm::any_of(
      Given->States, [](const RelState &S) { return S.PreemptDepth == 1; }));
}

} // namespace
