// A branch where a field of the callers' object is zero, a detour to a
// store of that field, is the object's first use (Effect::NotSetUp): the
// paths through it carry its note (RelState::WhyObjectState), and
// sleep-in-atomic reports their sleeps as possible ones. A loop waiting
// for a field that something else sets, a branch that sets another field,
// a test of what the function stored in the field itself, and a local's
// field are no first use.
#include "AnalysedSource.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [msleep]
    effects: [may-sleep]
)";

constexpr const char *Code = R"(
void msleep(unsigned int ms);
struct dev { _Bool ready, other; };
static void set_ready(struct dev *d) { d->ready = 1; }
void through_callee(struct dev *d)
{
	if (!d->ready) {
		msleep(1);
		set_ready(d);
	}
}
void waits(struct dev *d)
{
	while (!d->ready)
		msleep(1);
}
void sets_other(struct dev *d)
{
	if (!d->ready) {
		msleep(1);
		d->other = 1;
	}
}
struct dev *find_dev(int id);
void looked_up(struct dev *d)
{
	d->ready = find_dev(1) != 0;
	if (!d->ready) {
		msleep(1);
		d->ready = 1;
	}
}
void local_object(void)
{
	struct dev d = {0};
	if (!d.ready) {
		msleep(1);
		d.ready = 1;
	}
}
)";

/// The note each state of F's msleep() carries as its object state, as
/// its message ("" for none).
std::vector<std::string> sleepStates(const FunctionSummary &F) {
  std::vector<std::string> Out;
  for (const Operation &Op : F.Ops)
    if (Op.Name == "msleep")
      for (const RelState &R : Op.States)
        Out.push_back(R.WhyObjectState < 0
                          ? ""
                          : F.Notes[R.WhyObjectState].Message.str());
  return Out;
}

TEST(FirstUse, ABranchThatSetsWhatItFoundZeroIsTheObjectsFirstUse) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  EXPECT_EQ(sleepStates(A.function("through_callee")),
            std::vector<std::string>{
                "the object's first use: '!d->ready' finds 'ready' zero, and "
                "this branch sets it: whether the object is already set up is "
                "its state"});
}

TEST(FirstUse, AWaitAnotherFieldItsOwnStoreOrALocalIsNone) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/t.c");
  for (const char *Name :
       {"waits", "sets_other", "looked_up", "local_object"}) {
    std::vector<std::string> States = sleepStates(A.function(Name));
    EXPECT_FALSE(States.empty()) << Name;
    EXPECT_TRUE(llvm::all_of(States, [](auto &S) { return S.empty(); }))
        << Name;
  }
}

} // namespace
