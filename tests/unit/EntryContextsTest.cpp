// Entry contexts (engine/Program.h): one per distinct state a function is
// entered in, each a view of a state interned once for the whole run, with
// its explanation followed back to the kernel fact.
#include "SummaryBuilders.h"

#include "engine/Program.h"

#include "llvm/ADT/StringExtras.h"
#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
entry-points:
  - functions: [task_a, task_b]
    context: {preempt: on, irqs: on}
    reason: "is a task"
  - functions: [irq_c]
    context: {preempt: off, irqs: off}
    reason: "is a hard IRQ handler"
)";

FunctionSummary callerOf(std::string Name, std::string Callee, unsigned Line) {
  FunctionSummary F;
  F.Key = std::move(Name);
  F.Where = {"/src/a.c", Line, 1};
  CallSite C;
  C.CalleeKey = C.CalleeName = std::move(Callee);
  C.Where = {"/src/a.c", Line + 1, 2};
  C.States = {RelState()};
  F.Calls.push_back(C);
  return F;
}

/// task_a, task_b and irq_c each call leaf.
Program &solved(Program &P) {
  TUSummary S;
  S.Functions = {callerOf("task_a", "leaf", 10), callerOf("task_b", "leaf", 20),
                 callerOf("irq_c", "leaf", 30)};
  FunctionSummary Leaf;
  Leaf.Key = "leaf";
  S.Functions.push_back(Leaf);
  P.add(S);
  P.solve();
  return P;
}

EntryContext first(const Program &P, llvm::StringRef Function) {
  return *P.entries(*P.find(Function)).begin();
}

std::vector<std::string> lines(const std::vector<Note> &Notes) {
  std::vector<std::string> Out;
  for (const Note &N : Notes)
    Out.push_back(std::to_string(N.Where.Line) + " " + N.Message.str());
  return Out;
}

TEST(EntryContexts, OnePerDistinctStateSharedAcrossFunctions) {
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Program P(*M);
  solved(P);
  // task_b's call brings leaf the state task_a's did: leaf keeps the first.
  std::vector<std::string> Leaf;
  for (const EntryContext &E : P.entries(*P.find("leaf")))
    Leaf.push_back(describe(E.State) + (E.FromCall ? " from a call: " : ": ") +
                   llvm::join(lines(E.Why.toVector()), "; "));
  EXPECT_EQ(Leaf, (std::vector<std::string>{
                      describe(first(P, "task_a").State) +
                          " from a call: 10 'task_a' is a task; 11 'leaf' "
                          "called here",
                      describe(first(P, "irq_c").State) +
                          " from a call: 30 'irq_c' is a hard IRQ handler; 31 "
                          "'leaf' called here"}));
  const EntryContext TaskB = first(P, "task_b");
  EXPECT_FALSE(TaskB.FromCall);
  EXPECT_EQ(lines(TaskB.Why.toVector()),
            std::vector<std::string>{"20 'task_b' is a task"});
  EXPECT_EQ(P.entryStats().Contexts, 5u);
  EXPECT_EQ(P.entryStats().States, 2u);
  // The same state is the same object: interned once for the run.
  EXPECT_EQ(&first(P, "task_a").State, &first(P, "task_b").State);
}

TEST(EntryContexts, RootsNothingReachesHaveNoNotes) {
  auto M = KernelModel::parse("{}", "empty.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Program P(*M);
  solved(P);
  const EntryContext TaskA = first(P, "task_a");
  EXPECT_FALSE(TaskA.FromCall);
  EXPECT_EQ(lines(TaskA.Why.toVector()), std::vector<std::string>{});
  EntryContexts Leaf = P.entries(*P.find("leaf"));
  ASSERT_EQ(Leaf.size(), 1u);
  const EntryContext E = *Leaf.begin();
  EXPECT_TRUE(E.FromCall);
  EXPECT_EQ(lines(E.Why.toVector()),
            std::vector<std::string>{"11 'leaf' called here"});
  EXPECT_EQ(P.entryStats().Contexts, 4u);
  EXPECT_EQ(P.entryStats().States, 1u);
}

TEST(EntryContexts, ManyPerFunctionKeepTheirOrderAndFirstOrigin) {
  // 600 tasks each call `reads` twice with their own value of the argument
  // it tests: past the few contexts searched in place, the solve's index
  // (Program::addEntry()) must still keep one context per value, in the
  // order found, each explained by its caller's first call.
  constexpr unsigned Callers = 600;
  std::string Names;
  TUSummary S;
  for (unsigned I = 0; I < Callers; ++I) {
    std::string Name = "task_" + std::to_string(I);
    Names += (I ? ", " : "") + Name;
    FunctionSummary F = test::function(Name, 100 * I + 100);
    for (unsigned Line : {100 * I + 101, 100 * I + 102})
      F.Calls.push_back(test::passing("reads", {"/src/a.c", Line, 2}, {0, ""},
                                      KnownBits::constant(I)));
    S.Functions.push_back(F);
  }
  ParamTest T;
  T.Arg = {0, ""};
  T.Mask = 0xffff;
  S.Functions.push_back(test::callsLeafWhere(
      test::function("reads", 1, "/src/b.c"), T, {"/src/b.c", 2, 2}));
  S.Functions.push_back(test::function("leaf", 3, "/src/b.c"));
  auto M = KernelModel::parse("entry-points:\n  - functions: [" + Names +
                                  "]\n    context: {preempt: on, irqs: on}"
                                  "\n    reason: \"is a task\"\n",
                              "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Program P(*M);
  P.add(S);
  P.solve();
  std::vector<unsigned> Values, FirstCalls;
  for (const EntryContext &E : P.entries(*P.find("reads"))) {
    Values.push_back(unsigned(E.State.argBits({0, ""}).One));
    FirstCalls.push_back(E.Why.toVector().back().Where.Line);
  }
  std::vector<unsigned> WantValues, WantCalls;
  for (unsigned I = 0; I < Callers; ++I) {
    WantValues.push_back(I);
    WantCalls.push_back(100 * I + 101);
  }
  EXPECT_EQ(Values, WantValues);
  EXPECT_EQ(FirstCalls, WantCalls);
}

/// Each caller calls dispatch(fn) on the line after its own, passing what
/// Passes says; dispatch calls fn on line 41; each callback is a function.
TUSummary dispatching(
    std::initializer_list<std::tuple<const char *, unsigned, CallSite::Passed>>
        Callers,
    std::initializer_list<const char *> Callbacks) {
  TUSummary S;
  for (const auto &[Caller, Line, Passes] : Callers) {
    FunctionSummary F = callerOf(Caller, "dispatch", Line);
    F.Calls[0].Passes = Passes;
    S.Functions.push_back(F);
  }
  for (const char *Callback : Callbacks) {
    FunctionSummary Cb;
    Cb.Key = Callback;
    S.Functions.push_back(Cb);
  }
  FunctionSummary Dispatch = callerOf("dispatch", "", 40);
  Dispatch.Calls[0].CalleeName = "fn";
  Dispatch.Calls[0].Through = "param:dispatch#0";
  S.Functions.push_back(Dispatch);
  return S;
}

TEST(EntryContexts, EachEntryContextReachesTheFunctionItPasses) {
  // dispatch(fn) calls fn; task_a passes cb_a, task_b cb_b. dispatch's two
  // entry contexts give the same state on the same call path, to different
  // callees: the second is not the first's repeat (Program::propagate()).
  CallSite::Passed PassA, PassB;
  PassA.FnArgs = {{0, "cb_a"}};
  PassB.FnArgs = {{0, "cb_b"}};
  TUSummary S = dispatching({{"task_a", 10, PassA}, {"task_b", 20, PassB}},
                            {"cb_a", "cb_b"});
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  Program P(*M);
  P.add(S);
  P.solve();
  for (auto [Callback, Task, Line] :
       {std::tuple("cb_a", "task_a", 10u), std::tuple("cb_b", "task_b", 20u)}) {
    std::vector<std::string> Why;
    for (const EntryContext &E : P.entries(*P.find(Callback)))
      Why.push_back(describe(E.State) + ": " +
                    llvm::join(lines(E.Why.toVector()), "; "));
    EXPECT_EQ(Why, std::vector<std::string>{
                       describe(first(P, Task).State) + ": " +
                       std::to_string(Line) + " '" + Task + "' is a task; " +
                       std::to_string(Line + 1) + " 'dispatch' called here; " +
                       "41 '" + Callback + "' called through 'fn'"});
  }
}

TEST(EntryContexts, ACallThroughAParameterReachesWhatTheSlotPassedHolds) {
  // dispatch(fn) calls fn; task_a passes field a.release, which holds cb_a,
  // and irq_c field b.release, which holds cb_b. The parameter holds both:
  // each caller's call of dispatch reaches its own slot's callback. Once an
  // unseen store opens b.release, its call reaches nothing the run can
  // name, as a call through the parameter, now open too, would.
  auto Flow = [](std::string To, PointerFlow::Source From, std::string Key) {
    return PointerFlow{std::move(To), -1, From, std::move(Key), {}};
  };
  using Source = PointerFlow::Source;
  CallSite::Passed PassA, PassC;
  PassA.FnSlots = {{0, "field:a.release"}};
  PassC.FnSlots = {{0, "field:b.release"}};
  TUSummary S = dispatching({{"task_a", 10, PassA}, {"irq_c", 20, PassC}},
                            {"cb_a", "cb_b"});
  for (auto [Slot, Callback] : {std::pair("field:a.release", "cb_a"),
                                std::pair("field:b.release", "cb_b")}) {
    S.Flows.push_back(Flow(Slot, Source::Function, Callback));
    S.Flows.push_back(Flow("param:dispatch#0", Source::Slot, Slot));
  }
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  auto Callers = [&](bool OpenB) {
    TUSummary T = S;
    if (OpenB)
      T.Flows.push_back(Flow("field:b.release", Source::Unseen, ""));
    Program P(*M);
    P.add(T);
    P.solve();
    std::vector<std::string> Out;
    for (const char *Callback : {"cb_a", "cb_b"})
      for (const EntryContext &E : P.entries(*P.find(Callback))) {
        std::vector<std::string> Why = lines(E.Why.toVector());
        Out.push_back(Callback +
                      (" from " + (Why.empty() ? "no call" : Why.front())));
      }
    return Out;
  };
  EXPECT_EQ(Callers(false), (std::vector<std::string>{
                                "cb_a from 10 'task_a' is a task",
                                "cb_b from 20 'irq_c' is a hard IRQ handler"}));
  EXPECT_EQ(Callers(true),
            (std::vector<std::string>{"cb_a from 10 'task_a' is a task",
                                      "cb_b from no call"}));
}

TEST(EntryContexts, OnlyWhatIsReadAndWhereItIsReachedFromIsSolved) {
  // task_a calls mid, which calls read_me, and outer(cb), which passes its
  // parameter on to dispatch(fn), which calls it; task_b calls unread.
  // Asked for read_me and cb: their callers get contexts, outer and
  // dispatch although no call site names cb; task_b and unread get none,
  // an entry point as task_b is.
  TUSummary S;
  FunctionSummary TaskA = callerOf("task_a", "mid", 10);
  TaskA.Calls.push_back(callerOf("", "outer", 11).Calls[0]);
  CallSite::Passed PassesCb, PassesOn;
  PassesCb.FnArgs = {{0, "cb"}};
  TaskA.Calls[1].Passes = PassesCb;
  FunctionSummary Outer = callerOf("outer", "dispatch", 35);
  PassesOn.FnForwarded = {{0, 0}};
  Outer.Calls[0].Passes = PassesOn;
  FunctionSummary Dispatch = callerOf("dispatch", "", 40);
  Dispatch.Calls[0].CalleeName = "fn";
  Dispatch.Calls[0].Through = "param:dispatch#0";
  S.Functions = {TaskA, callerOf("mid", "read_me", 20),
                 callerOf("task_b", "unread", 30), Outer, Dispatch};
  for (const char *Leaf : {"read_me", "unread", "cb"}) {
    FunctionSummary F;
    F.Key = Leaf;
    S.Functions.push_back(F);
  }
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  auto Solve = [&](Program::ContextDemand Reads) {
    auto P = std::make_unique<Program>(*M);
    P->add(S);
    P->solve(Reads);
    std::vector<std::string> Out;
    for (const FunctionSummary &F : P->functions())
      for (const EntryContext &E : P->entries(F))
        Out.push_back(F.name().str() +
                      (E.FromCall ? " from a call" : " from a fact"));
    return Out;
  };
  EXPECT_EQ(
      Solve([](const FunctionSummary &F) {
        return F.name() == "read_me" || F.name() == "cb" ? AbsState::AllParts
                                                         : 0u;
      }),
      (std::vector<std::string>{"task_a from a fact", "mid from a call",
                                "outer from a call", "dispatch from a call",
                                "read_me from a call", "cb from a call"}));
  EXPECT_EQ(Solve(nullptr), (std::vector<std::string>{
                                "task_a from a fact", "mid from a call",
                                "task_b from a fact", "outer from a call",
                                "dispatch from a call", "read_me from a call",
                                "unread from a call", "cb from a call"}));
}

TEST(EntryContexts, KeepWhatIsReadThereOrBelow) {
  // task_a calls mid inside an RCU reader and outside; mid calls leaf. What
  // leaf's reader reads of the contexts decides how many mid and leaf get.
  FunctionSummary TaskA = callerOf("task_a", "mid", 10);
  TaskA.Calls.push_back(TaskA.Calls[0]);
  TaskA.Calls[1].Where.Line = 12;
  RelState InReader;
  InReader.RcuDepth = 1;
  TaskA.Calls[1].States = {InReader};
  TUSummary S;
  S.Functions = {TaskA, callerOf("mid", "leaf", 20)};
  FunctionSummary Leaf;
  Leaf.Key = "leaf";
  S.Functions.push_back(Leaf);
  auto M = KernelModel::parse(Model, "model.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  auto Counts = [&](unsigned LeafParts) {
    Program P(*M);
    P.add(S);
    P.solve([&](const FunctionSummary &F) {
      return F.name() == "leaf" ? LeafParts : 0u;
    });
    std::vector<size_t> Out;
    for (const FunctionSummary &F : P.functions())
      Out.push_back(P.entries(F).size());
    return Out;
  };
  unsigned Levels = AbsState::part(AbsState::Levels);
  EXPECT_EQ(Counts(Levels), (std::vector<size_t>{1, 1, 1}));
  EXPECT_EQ(Counts(Levels | AbsState::part(AbsState::Rcu)),
            (std::vector<size_t>{1, 2, 2}));
}

} // namespace
