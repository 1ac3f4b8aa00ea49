// Where values go (engine/ValueUses.h): the uses the engine records of an
// operation's value, a returned value and a parameter, and ValueGraph
// following them between functions.
#include "engine/ValueUses.h"
#include "AnalysedSource.h"
#include "engine/FollowedFlows.h"

#include "gtest/gtest.h"

using namespace kharden;
using Kind = ValueUse::Kind;

namespace {

constexpr const char *Model = R"(
primitives:
  - names: [preempt_disable]
    effects: [preempt-disable]
  - names: [preempt_enable]
    effects: [preempt-enable]
  - names: [smp_processor_id]
    access: cpu-id
values:
  - rule: buffer
    names: [get_buf]
    ends: [put_buf]
)";

// Line numbers matter: the tests name them.
constexpr const char *Code = R"(struct entry { int nr; int ip[4]; };
struct entry *get_buf(int *r);
void put_buf(int r);
void preempt_disable(void);
void preempt_enable(void);
int smp_processor_id(void);
void sink(int cpu);
void copy(int *to, const int *from);
static struct entry *grab(void)
{
	int r;
	struct entry *e = get_buf(&r);
	e->nr = 0;
	put_buf(r);
	return e;
}
static void show(struct entry *e, int n)
{
	sink(e->nr + n);
}
void run(int *out)
{
	int cpu, n;
	struct entry *e;
	preempt_disable();
	cpu = smp_processor_id();
	preempt_enable();
	sink(cpu);
	e = grab();
	n = e->nr;
	copy(out, &e->ip[1]);
	if (!e)
		return;
	show(e, n);
}
)";

using Analysed = test::AnalysedSource;

Analysed analyse() { return test::analyseSource(Model, Code, "/src/v.c"); }

const ValueFlow *flowOf(const FunctionSummary &F, ValueFlow::From From) {
  for (const ValueFlow &V : F.Values)
    if (V.Source == From)
      return &V;
  return nullptr;
}

/// "kind line [via V] [arg N of C] [ended L]" for each use.
std::vector<std::string> describe(const ValueFlow &V) {
  static const char *Names[] = {"deref", "arg", "return", "store", "read"};
  std::vector<std::string> Out;
  for (const ValueUse &U : V.Uses) {
    std::string T = std::string(Names[unsigned(U.K)]) + " " +
                    std::to_string(U.Where.Line);
    if (!U.Via.empty())
      T += " via " + U.Via;
    if (U.K == Kind::Arg)
      T += " arg " + std::to_string(U.Arg) + " of " + U.Callee;
    if (U.EndedAt.valid())
      T += " ended " + std::to_string(U.EndedAt.Line);
    Out.push_back(T);
  }
  return Out;
}

TEST(ValueUses, AnOperationsValueThroughALocal) {
  Analysed A = analyse();
  const FunctionSummary &Run = A.function("run");
  const ValueFlow *Cpu = flowOf(Run, ValueFlow::From::Operation);
  ASSERT_TRUE(Cpu);
  EXPECT_EQ(Run.Ops[Cpu->Index].Name, "smp_processor_id");
  EXPECT_EQ(describe(*Cpu), std::vector<std::string>{"arg 28 via cpu arg 0 of sink"});
  // After preempt_enable(): the function holds nothing any more.
  ASSERT_EQ(Cpu->Uses[0].States.size(), 1u);
  EXPECT_EQ(Cpu->Uses[0].States[0].PreemptDepth, 0);
  EXPECT_TRUE(Cpu->Uses[0].States[0].EnableEvidence);
  ASSERT_GE(Cpu->Uses[0].Call, 0);
  EXPECT_EQ(Run.Calls[Cpu->Uses[0].Call].CalleeName, "sink");
}

TEST(ValueUses, AReturnedValueAndWhereItsRegionEnded) {
  Analysed A = analyse();
  const ValueFlow *Buf = flowOf(A.function("grab"), ValueFlow::From::Operation);
  ASSERT_TRUE(Buf);
  EXPECT_EQ(A.function("grab").Ops[Buf->Index].Rule, "buffer");
  EXPECT_EQ(describe(*Buf), (std::vector<std::string>{
                                "deref 13 via e", "return 15 via e ended 14"}));
  const ValueFlow *Got = flowOf(A.function("run"), ValueFlow::From::Call);
  ASSERT_TRUE(Got);
  EXPECT_EQ(A.function("run").Calls[Got->Index].CalleeName, "grab");
  EXPECT_EQ(describe(*Got),
            (std::vector<std::string>{"deref 30 via e", "arg 31 via e arg 1 of copy",
                                      "read 32 via e", "arg 34 via e arg 0 of show"}));
}

TEST(ValueUses, ParametersKeepOnlyWhatACallerFollows) {
  Analysed A = analyse();
  const FunctionSummary &Show = A.function("show");
  ASSERT_EQ(Show.Values.size(), 1u); // n is only computed with
  EXPECT_EQ(Show.Values[0].Index, 0u);
  EXPECT_EQ(describe(Show.Values[0]),
            std::vector<std::string>{"deref 19 via e"});
}

/// "function:line after [returned|passed line]... [ended line]" for each
/// use Flow's value reaches.
std::vector<std::string> reached(const ValueGraph &G, const FunctionSummary &F,
                                 const ValueFlow &Flow) {
  std::vector<std::string> Reached;
  G.uses(F, Flow, [&](const ReachedUse &R) {
    std::string T = R.Function->name().str() + ":" +
                    std::to_string(R.Use->Where.Line) + " after";
    for (const ValueStep &S : R.Steps)
      T += std::string(S.K == ValueStep::Returned ? " returned " : " passed ") +
           std::to_string(S.Use->Where.Line);
    if (R.endedAt().valid())
      T += " ended " + std::to_string(R.endedAt().Line);
    Reached.push_back(T);
  });
  return Reached;
}

TEST(ValueUses, TheGraphFollowsReturnsAndArguments) {
  Analysed A = analyse();
  Program P(A.Model);
  P.add(A.TU);
  P.solve();
  ValueGraph G(P);
  const FunctionSummary &Grab = *P.find("/src/v.c@grab");
  EXPECT_EQ(reached(G, Grab, *flowOf(Grab, ValueFlow::From::Operation)),
            (std::vector<std::string>{
                "grab:13 after", "run:30 after returned 15 ended 14",
                "run:31 after returned 15 ended 14",
                "run:32 after returned 15 ended 14",
                "show:19 after returned 15 passed 34 ended 14"}));
}

/// What every operation's value reaches in P, function by function.
std::vector<std::string> everyTraversal(const Program &P) {
  ValueGraph G(P);
  std::vector<std::string> All;
  for (const FunctionSummary &F : P.functions())
    for (const ValueFlow &Flow : F.Values)
      if (Flow.Source == ValueFlow::From::Operation) {
        All.push_back("from " + F.name().str() + " op " +
                      std::to_string(Flow.Index));
        llvm::append_range(All, reached(G, F, Flow));
      }
  return All;
}

TEST(ValueUses, DroppingUnfollowedFlowsKeepsEveryTraversal) {
  Analysed A = analyse();
  Program Whole(A.Model), Followed(A.Model);
  Whole.add(A.TU);
  Followed.add(A.TU);
  FollowedValues Kept = dropUnfollowedValues(Followed);
  Whole.solve();
  Followed.solve();
  // grab's buffer, run's CPU number, what run gets from grab() (grab returns
  // the buffer) and show's e (run passes it the buffer) stay; run's out,
  // which only copy() gets, goes.
  EXPECT_EQ(Kept.Flows, 5u);
  EXPECT_EQ(Kept.Kept, 4u);
  EXPECT_TRUE(parameterFlow(*Whole.find("run"), 0));
  EXPECT_FALSE(parameterFlow(*Followed.find("run"), 0));
  EXPECT_TRUE(parameterFlow(*Followed.find("/src/v.c@show"), 0));
  std::vector<std::string> Before = everyTraversal(Whole);
  EXPECT_EQ(Before.size(), 8u); // two operations, six uses
  EXPECT_EQ(everyTraversal(Followed), Before);
}

} // namespace

/// A's functions split into two units: grab and show, then run, which
/// passes show the buffer grab returns.
std::vector<TUSummary> twoUnits(const Analysed &A) {
  std::vector<TUSummary> Units(2);
  for (const FunctionSummary &F : A.TU.Functions)
    Units[F.name() == "run"].Functions.push_back(F);
  return Units;
}

TEST(ValueUses, FlowsFollowedAcrossUnitsAreKnownBeforeTheUnitsJoin) {
  Analysed A = analyse();
  Program Whole(A.Model), Planned(A.Model);
  FollowedFlows Flows;
  for (const TUSummary &U : twoUnits(A))
    for (const FunctionSummary &F : U.Functions)
      Flows.add(F);
  Flows.solve();
  for (TUSummary &U : twoUnits(A)) {
    Whole.add(U);
    Planned.add(std::move(U),
                [&](FunctionSummary &F) { Flows.dropUnreached(F); });
  }
  FollowedValues After = dropUnfollowedValues(Whole);
  EXPECT_EQ(Flows.counts().Flows, After.Flows);
  EXPECT_EQ(Flows.counts().Kept, After.Kept);
  // show's parameter is kept while only its own unit has joined: the unit
  // that passes it the buffer comes later.
  EXPECT_TRUE(parameterFlow(*Planned.find("/src/v.c@show"), 0));
  EXPECT_FALSE(parameterFlow(*Planned.find("run"), 0));
  for (const FunctionSummary &F : Whole.functions())
    EXPECT_EQ(Planned.find(F.Key)->Values.size(), F.Values.size())
        << F.name().str();
  Whole.solve();
  Planned.solve();
  EXPECT_EQ(everyTraversal(Planned), everyTraversal(Whole));
}

TEST(ValueUses, OtherUnitsThanTheFirstPassSawKeepTheirFlows) {
  Analysed A = analyse();
  FollowedFlows Flows;
  for (const FunctionSummary &F : A.TU.Functions)
    Flows.add(F);
  Flows.solve();
  std::vector<FunctionSummary> Changed = A.TU.Functions;
  Changed[0].Key += "_renamed";
  for (FunctionSummary &F : Changed) {
    size_t Before = F.Values.size();
    Flows.dropUnreached(F);
    EXPECT_EQ(F.Values.size(), Before) << F.name().str();
  }
}

// A declaration of several variables is one CFG element per variable,
// which clang keeps in a map ordered by address: which of them a use in
// an initializer is at must not depend on where the allocator put them.
TEST(ValueUses, AUseInAnInitializerIsAtItsOwnVariable) {
  constexpr const char *Declarations = R"(void preempt_disable(void);
int declared_together(int *p)
{
	int a = *p + 1, b = (preempt_disable(), 0), c = *p + 2;
	return a + b + c;
}
)";
  Analysed A = test::analyseSource(Model, Declarations, "/src/d.c");
  const ValueFlow *P = parameterFlow(A.function("declared_together"), 0);
  ASSERT_TRUE(P);
  ASSERT_EQ(describe(*P),
            (std::vector<std::string>{"deref 4 via p", "deref 4 via p"}));
  // Before preempt_disable() for a, after it for c.
  ASSERT_EQ(P->Uses[0].States.size(), 1u);
  EXPECT_EQ(P->Uses[0].States[0].PreemptDepth, 0);
  ASSERT_EQ(P->Uses[1].States.size(), 1u);
  EXPECT_EQ(P->Uses[1].States[0].PreemptDepth, 1);
}
