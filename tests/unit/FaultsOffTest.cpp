// A user access in a callee fails instead of sleeping where a caller up the
// chain has disabled page faults (Sleepers::sleeps()' FaultsOff), unless a
// callee between enables them again.
#include "AnalysedSource.h"

#include "checkers/sleep-in-atomic/Sleepers.h"
#include "engine/Program.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [might_fault]
    effects: [may-fault]
  - names: [pagefault_disable]
    effects: [pagefault-disable]
  - names: [pagefault_enable]
    effects: [pagefault-enable]
)";

constexpr const char *Code = R"(
void might_fault(void);
void pagefault_disable(void);
void pagefault_enable(void);
static void access(void) { might_fault(); }
static void through(void) { access(); }
static void faulting(void)
{
	pagefault_enable();
	access();
	pagefault_disable();
}
static void own_disable(void)
{
	pagefault_disable();
	pagefault_enable();
	access();
}
void caller(void)
{
	pagefault_disable();
	through();
	faulting();
	own_disable();
	pagefault_enable();
	through();
}
)";

struct Judged {
  std::vector<std::string> Sleeping, Failing;
};

/// Which calls of caller() reach a sleeping user access, in call order.
Judged judge(const Program &P) {
  Sleepers S(
      P, [](const Operation &Op) { return Op.Rule == rules::MayFault; },
      /*Possible=*/true);
  Judged Out;
  const FunctionSummary *Caller = P.find("caller");
  if (!Caller) {
    ADD_FAILURE() << "no caller()";
    return Out;
  }
  const FunctionSummary &F = *Caller;
  for (const CallSite &C : F.Calls) {
    if (llvm::StringRef(C.CalleeName).starts_with("pagefault_"))
      continue;
    bool Sleeps = false;
    for (size_t To : S.callees(F, C, AbsState{}))
      for (const RelState &R : C.States)
        Sleeps |=
            S.sleeps(To, AbsState{}, Sleepers::faultsOffAt(0, R)) != nullptr;
    (Sleeps ? Out.Sleeping : Out.Failing).push_back(C.CalleeName.str());
  }
  return Out;
}

TEST(FaultsOff, ACallersDisableReachesTheCalleesAccess) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/f.c");
  Program P(A.Model);
  P.add(A.TU);
  P.solve();
  Judged J = judge(P);
  // through() under caller's pagefault_disable(); own_disable() enables
  // only what it disabled.
  EXPECT_EQ(J.Failing, (std::vector<std::string>{"through", "own_disable"}));
  // faulting() enables page faults again; the last through() is after
  // caller's pagefault_enable().
  EXPECT_EQ(J.Sleeping, (std::vector<std::string>{"faulting", "through"}));
}

TEST(FaultsOff, ADepthBelowTheCountedIsNotOutweighed) {
  RelState R;
  R.PagefaultDepth = RelState::MinDepth - 1; // "this many or fewer"
  EXPECT_LE(Sleepers::faultsOffAt(10, R), 0);
  R.PagefaultDepth = -1;
  EXPECT_EQ(Sleepers::faultsOffAt(2, R), 1);
  EXPECT_EQ(Sleepers::faultsOffAt(1, R), 0);
}

} // namespace
