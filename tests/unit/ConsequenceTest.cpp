#include "checkers/percpu-preemptible/Consequence.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

Operation op(PercpuAccess Access, llvm::StringRef Variable, unsigned Line,
             bool ValueUsed = false) {
  Operation Op;
  Op.Rule = rules::Percpu.str();
  Op.Access = Access;
  Op.Name = "raw_cpu_op";
  Op.Variable = Variable.str();
  Op.Where = {"/src/a.c", Line, 2};
  Op.ValueUsed = ValueUsed;
  return Op;
}

FunctionSummary function(llvm::StringRef Name, std::vector<Operation> Ops) {
  FunctionSummary F;
  F.Key = Name.str();
  F.Where = {"/src/a.c", 1, 1};
  F.Ops = std::move(Ops);
  return F;
}

/// The class of function Fn's operation I in a run of Functions.
Consequence classOf(const std::vector<FunctionSummary> &Functions, size_t Fn,
                    size_t I) {
  ConsequenceIndex Index(Functions);
  return Index.decide(Functions[Fn], Functions[Fn].Ops[I]).Class;
}

constexpr auto Read = PercpuAccess::Read, Write = PercpuAccess::Write,
               Rmw = PercpuAccess::ReadModifyWrite,
               Address = PercpuAccess::Address;

TEST(Consequence, NamesAndSeverities) {
  for (Consequence C :
       {Consequence::SplitRmw, Consequence::WrongCpuState,
        Consequence::LostUpdate, Consequence::CpuChoice, Consequence::Unknown})
    EXPECT_EQ(parseConsequence(consequenceName(C)), C);
  EXPECT_EQ(parseConsequence("cpu-choice"), Consequence::CpuChoice);
  EXPECT_EQ(parseConsequence("wrong-cpu-state"), Consequence::WrongCpuState);
  EXPECT_EQ(parseConsequence("cpu_choice"), std::nullopt);
  EXPECT_EQ(consequenceNames(), "split-rmw, wrong-cpu-state, lost-update, "
                                "cpu-choice, unknown");
  EXPECT_EQ(severityOf(Consequence::SplitRmw), Severity::Error);
  EXPECT_EQ(severityOf(Consequence::WrongCpuState), Severity::Warning);
  EXPECT_EQ(severityOf(Consequence::LostUpdate), Severity::Note);
  EXPECT_EQ(severityOf(Consequence::CpuChoice), Severity::Note);
  EXPECT_EQ(severityOf(Consequence::Unknown), Severity::Warning);
}

TEST(Consequence, VariableKeysAndRoots) {
  EXPECT_EQ(variableKey("&(kstack_offset)"), "kstack_offset");
  EXPECT_EQ(variableKey(" stats . hits[ i ] "), "stats.hits[i]");
  EXPECT_EQ(variableKey("(a)->b"), "(a)->b");
  EXPECT_EQ(variableKey("(a)+(b)"), "(a)+(b)");
  EXPECT_EQ(variableRoot("stats.hits[i]"), "stats");
  EXPECT_EQ(variableRoot("np->stats->drops"), "np");
  EXPECT_EQ(variableRoot("v[0]"), "v");
  // No name in front: the whole of it.
  EXPECT_EQ(variableRoot("(sock_net(sk))->mib"), "(sock_net(sk))->mib");
}

TEST(Consequence, ReadUsedAndWrittenElsewhereIsSplit) {
  std::vector<FunctionSummary> Run = {
      function("enter", {op(Read, "off", 10, /*ValueUsed=*/true)}),
      function("leave", {op(Write, "&off", 20)})};
  ConsequenceIndex Index(Run);
  ConsequenceDecision D = Index.decide(Run[0], Run[0].Ops[0]);
  EXPECT_EQ(D.Class, Consequence::SplitRmw);
  ASSERT_EQ(D.Evidence.size(), 3u);
  EXPECT_EQ(D.Evidence[0].Where.Line, 10u);
  EXPECT_EQ(D.Evidence[1].Where.Line, 10u);
  EXPECT_EQ(D.Evidence[2].Where.Line, 20u);
  EXPECT_EQ(D.Evidence[2].Message,
            "'off' is written here by 'raw_cpu_op' in 'leave': a task that "
            "ran in between may have used the same value");
  // The write itself is read for a decision elsewhere: not lost.
  EXPECT_EQ(classOf(Run, 1, 0), Consequence::Unknown);
}

TEST(Consequence, ADepthIsNoHandoff) {
  auto M = KernelModel::parse(R"(
primitives:
  - names: [__this_cpu_inc]
    access: read-modify-write
    step: up
  - names: [__this_cpu_dec]
    access: read-modify-write
    step: down
)",
                              "test.yaml");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  auto Named = [](Operation Op, llvm::StringRef Name) {
    Op.Name = Name.str();
    return Op;
  };
  FunctionSummary Check = function("check", {op(Read, "depth", 10, true)});
  FunctionSummary Up =
      function("lock", {Named(op(Rmw, "depth", 20), "__this_cpu_inc")});
  FunctionSummary Down =
      function("unlock", {Named(op(Rmw, "depth", 30), "__this_cpu_dec")});
  auto ClassOfCheck = [&](std::vector<FunctionSummary> Run,
                          const KernelModel *Model) {
    ConsequenceIndex Index(Run, nullptr, Model);
    return Index.decide(Run[0], Run[0].Ops[0]).Class;
  };
  // Counted up and down: a nesting level, read as one; a plain write beside
  // (lockdep_recursion_finish()'s reset to 0) does not change that.
  EXPECT_EQ(ClassOfCheck({Check, Up, Down}, M->get()), Consequence::Unknown);
  FunctionSummary Reset = function("reset", {op(Write, "depth", 40)});
  EXPECT_EQ(ClassOfCheck({Check, Up, Down, Reset}, M->get()),
            Consequence::Unknown);
  // Only counted up (a ticket), or only written: handed on.
  EXPECT_EQ(ClassOfCheck({Check, Up}, M->get()), Consequence::SplitRmw);
  EXPECT_EQ(ClassOfCheck({Check, Reset}, M->get()), Consequence::SplitRmw);
  // Without the model no operation steps.
  EXPECT_EQ(ClassOfCheck({Check, Up, Down}, nullptr), Consequence::SplitRmw);
}

TEST(Consequence, SplitNeedsAnotherPlaceAndAUsedValue) {
  // Written back together (one macro invocation): a local read-modify-write.
  std::vector<FunctionSummary> Together = {function(
      "f", {op(Read, "off", 10, true), op(Write, "off", 10)})};
  EXPECT_EQ(classOf(Together, 0, 0), Consequence::LostUpdate);
  // Later in the same function: split, and the later write is the one shown.
  std::vector<FunctionSummary> Later = {
      function("f", {op(Write, "off", 5), op(Read, "off", 10, true),
                     op(Write, "off", 30)})};
  ConsequenceIndex Index(Later);
  ConsequenceDecision D = Index.decide(Later[0], Later[0].Ops[1]);
  EXPECT_EQ(D.Class, Consequence::SplitRmw);
  EXPECT_EQ(D.Evidence.back().Where.Line, 30u);
  // Only written before the read in its function: unknown.
  std::vector<FunctionSummary> Earlier = {
      function("f", {op(Write, "off", 5), op(Read, "off", 10, true)})};
  EXPECT_EQ(classOf(Earlier, 0, 1), Consequence::Unknown);
  // A value dropped, or nothing that writes the variable: unknown.
  std::vector<FunctionSummary> Dropped = {
      function("f", {op(Read, "off", 10, false)}),
      function("g", {op(Write, "off", 20)})};
  EXPECT_EQ(classOf(Dropped, 0, 0), Consequence::Unknown);
  std::vector<FunctionSummary> Unwritten = {
      function("f", {op(Read, "node", 10, true)})};
  EXPECT_EQ(classOf(Unwritten, 0, 0), Consequence::Unknown);
  // Another variable with the same root is not the same variable.
  std::vector<FunctionSummary> OtherField = {
      function("f", {op(Read, "s.a", 10, true)}),
      function("g", {op(Write, "s.b", 20)})};
  EXPECT_EQ(classOf(OtherField, 0, 0), Consequence::Unknown);
}

TEST(Consequence, UpdateNothingReadsIsLost) {
  std::vector<FunctionSummary> Run = {
      function("count", {op(Rmw, "stats.hits[i]", 10)}),
      function("set", {op(Write, "last", 20)})};
  EXPECT_EQ(classOf(Run, 0, 0), Consequence::LostUpdate);
  EXPECT_EQ(classOf(Run, 1, 0), Consequence::LostUpdate);
  ConsequenceIndex Index(Run);
  EXPECT_EQ(Index.decide(Run[0], Run[0].Ops[0]).Evidence.front().Message,
            "lost-update: nothing in the run reads 'stats' for a decision; an "
            "interleaving task can at worst lose this update");
}

TEST(Consequence, AnyReaderOfTheRootKeepsAnUpdateAWarning) {
  auto Counted = [](Operation Reader) {
    std::vector<FunctionSummary> Run = {
        function("count", {op(Rmw, "stats.hits[i]", 10)}),
        function("reader", {std::move(Reader)})};
    return classOf(Run, 0, 0);
  };
  EXPECT_EQ(Counted(op(Read, "stats.misses", 20, true)), Consequence::Unknown);
  EXPECT_EQ(Counted(op(Rmw, "stats.misses", 20, /*ValueUsed=*/true)),
            Consequence::Unknown);
  EXPECT_EQ(Counted(op(Address, "&stats", 20)), Consequence::Unknown);
  // Reads that decide nothing: a dropped value, another variable.
  EXPECT_EQ(Counted(op(Read, "stats.misses", 20, false)),
            Consequence::LostUpdate);
  EXPECT_EQ(Counted(op(Read, "other", 20, true)), Consequence::LostUpdate);
}

TEST(Consequence, UsedResultsPointersAndCpuNumbersAreUnknown) {
  std::vector<FunctionSummary> Run = {
      function("f", {op(Rmw, "ticket", 10, /*ValueUsed=*/true),
                     op(Address, "&pool", 11),
                     op(PercpuAccess::CpuId, "", 12)})};
  EXPECT_EQ(classOf(Run, 0, 0), Consequence::Unknown);
  EXPECT_EQ(classOf(Run, 0, 1), Consequence::Unknown);
  EXPECT_EQ(classOf(Run, 0, 2), Consequence::Unknown);
}

} // namespace
