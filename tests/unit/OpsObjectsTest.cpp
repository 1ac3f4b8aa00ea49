// Calls through two fields of one pointer take one object's targets where
// the file's objects tell them apart (OpsObjects, FunctionAnalyzer::
// objectsHolding()): static objects and static targets, every store into
// the field an object's initializer, at most OpsObjects::MaxObjects of the
// structure, the pointer unchanged in the function.
#include "AnalysedSource.h"
#include "engine/OpsObjects.h"

#include "gtest/gtest.h"

#include <string>

using namespace kharden;

namespace {

constexpr const char *Model = test::SpinLockModel;

/// Two objects of `struct ops`, one that locks then unlocks and one the
/// other way round, with targets of linkage Linkage, and Extra more
/// objects like the first.
std::string code(const char *Linkage, unsigned Extra) {
  std::string C = R"(
typedef struct { int raw; } spinlock_t;
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void sleep_here(void);
static spinlock_t l;
struct ops { void (*lock)(void); void (*unlock)(void); };
)";
  C += std::string(Linkage) + " void do_lock(void) { spin_lock(&l); }\n";
  C += std::string(Linkage) + " void do_unlock(void) { spin_unlock(&l); }\n";
  C += "static struct ops locking = { .lock = do_lock, .unlock = do_unlock };\n"
       "static struct ops backwards = { .lock = do_unlock, .unlock = do_lock };\n";
  for (unsigned I = 0; I < Extra; ++I)
    C += "static struct ops more" + std::to_string(I) +
         " = { .lock = do_lock, .unlock = do_unlock };\n";
  C += R"(
static struct ops *cur;
void use(int i) { cur = i ? &locking : &backwards; }
void both(void)
{
	cur->lock();
	cur->unlock();
	sleep_here();
}
void changed(void)
{
	cur->lock();
	cur = &backwards;
	cur->unlock();
	sleep_here();
}
)";
  return C;
}

/// The preemption depths at Function's call of sleep_here() on the paths
/// that went through the file's targets at every call through a pointer
/// (the paths elsewhere are the whole run's to rule out).
std::vector<int> depthsAtSleep(const test::AnalysedSource &A,
                               const char *Function) {
  const FunctionSummary &F = A.function(Function);
  unsigned Every = (1u << F.Joins.size()) - 1;
  std::vector<int> Out;
  for (const CallSite &C : F.Calls)
    if (C.CalleeName == "sleep_here")
      for (const RelState &S : C.States)
        if (S.JoinKnown == Every && S.JoinTrue == Every)
          Out.push_back(S.PreemptDepth);
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

TEST(OpsObjects, ALockAndAnUnlockOfOneObjectGoTogether) {
  std::string C = code("static", 0);
  test::AnalysedSource A = test::analyseSource(Model, C.c_str(), "/src/t.c");
  EXPECT_EQ(depthsAtSleep(A, "both"), std::vector<int>{0});
}

TEST(OpsObjects, APointerChangedBetweenTheCallsPicksNothing) {
  std::string C = code("static", 0);
  test::AnalysedSource A = test::analyseSource(Model, C.c_str(), "/src/t.c");
  EXPECT_EQ(depthsAtSleep(A, "changed"), (std::vector<int>{-2, 0, 2}));
}

TEST(OpsObjects, TargetsOtherFilesCanNameMayBeInTheirObjects) {
  std::string C = code("", 0);
  test::AnalysedSource A = test::analyseSource(Model, C.c_str(), "/src/t.c");
  EXPECT_EQ(depthsAtSleep(A, "both"), (std::vector<int>{-2, 0, 2}));
}

TEST(OpsObjects, PastTheObjectsABitEachNothingIsPicked) {
  std::string Within = code("static", OpsObjects::MaxObjects - 2);
  std::string Past = code("static", OpsObjects::MaxObjects - 1);
  test::AnalysedSource A =
      test::analyseSource(Model, Within.c_str(), "/src/t.c");
  test::AnalysedSource B = test::analyseSource(Model, Past.c_str(), "/src/t.c");
  EXPECT_EQ(depthsAtSleep(A, "both"), std::vector<int>{0});
  EXPECT_EQ(depthsAtSleep(B, "both"), (std::vector<int>{-2, 0, 2}));
}

} // namespace
