#include "engine/CallTargets.h"
#include "engine/Program.h"

#include "gtest/gtest.h"

using namespace kharden;
using Source = PointerFlow::Source;

namespace {

PointerFlow fn(std::string To, std::string Function, unsigned Line = 1) {
  return {std::move(To),
          -1,
          Source::Function,
          std::move(Function),
          {"/src/a.c", Line, 1}};
}
PointerFlow slot(std::string To, std::string From) {
  return {std::move(To), -1, Source::Slot, std::move(From), {"/src/a.c", 1, 1}};
}
PointerFlow unseen(std::string To) {
  return {std::move(To), -1, Source::Unseen, "", {"/src/a.c", 1, 1}};
}

/// The keys of what Slot holds, or "none" / "open".
std::vector<std::string> held(const CallTargets &T, llvm::StringRef Slot) {
  std::optional<CallTargets::Held> H = T.held(Slot);
  if (!H)
    return {"none"};
  std::vector<std::string> Keys;
  for (unsigned Id : H->Functions)
    Keys.push_back(T.functionKey(Id).str());
  if (H->Open)
    Keys.push_back("open");
  return Keys;
}

using Keys = std::vector<std::string>;

TEST(CallTargets, SlotsHoldWhatFlowsIntoThem) {
  CallTargets T;
  T.add(fn("field:ops.run", "a"));
  T.add(slot("var:copy", "field:ops.run")); // copy = ops->run
  T.add(fn("field:ops.run", "/src/b.c@b"));
  T.add(fn("field:ops.run", "a")); // the same store again: kept once
  T.solve();
  EXPECT_EQ(held(T, "field:ops.run"), (Keys{"a", "/src/b.c@b"}));
  EXPECT_EQ(held(T, "var:copy"), (Keys{"a", "/src/b.c@b"}));
  EXPECT_EQ(held(T, "field:ops.stop"), Keys{"none"});
  EXPECT_EQ(functionNameOfKey("/src/b.c@b"), "b");
  EXPECT_EQ(functionNameOfKey("a"), "a");
}

TEST(CallTargets, RegistrationThroughAParameterAndACallThroughAPointer) {
  CallTargets T;
  // register_ops(ops, fn) { ops->run = fn; }, called with my_run; and a
  // call through 'hook' passes my_done as its targets' parameter 0.
  T.add(slot("field:ops.run", parameterSlot("register_ops", 1)));
  T.add(fn(parameterSlot("register_ops", 1), "my_run", 7));
  T.add(fn("var:hook", "/src/a.c@set_done"));
  PointerFlow Arg = fn("var:hook", "my_done", 9);
  Arg.ToParam = 0;
  T.add(Arg);
  T.add(slot("field:ops.done", parameterSlot("/src/a.c@set_done", 0)));
  T.solve();
  EXPECT_EQ(held(T, "field:ops.run"), Keys{"my_run"});
  EXPECT_EQ(held(T, "field:ops.done"), Keys{"my_done"});
  std::optional<CallTargets::Held> H = T.held("field:ops.done");
  ASSERT_TRUE(H && H->Functions.size() == 1);
  EXPECT_EQ(T.storedAt(H->Functions[0]).Line, 9u);
  EXPECT_EQ(T.storeIndex(H->Functions[0]), 3u);
  std::vector<std::string> Params;
  T.forEach("param:", [&](llvm::StringRef Key, CallTargets::Held) {
    Params.push_back(Key.str());
  });
  EXPECT_EQ(Params,
            (Keys{"param:register_ops#1", "param:/src/a.c@set_done#0"}));
}

TEST(CallTargets, WhatCannotBeSeenOpensTheSlotsItReaches) {
  CallTargets T;
  T.add(fn("field:raw.run", "a"));
  T.add(slot("var:copy", "field:raw.run"));
  T.add(unseen("field:raw.run")); // (void *) data stored there
  // Arguments nobody can see, passed through a call through 'var:copy'.
  PointerFlow Arg = unseen("var:copy");
  Arg.ToParam = 1;
  T.add(Arg);
  T.solve();
  EXPECT_EQ(held(T, "field:raw.run"), (Keys{"a", "open"}));
  EXPECT_EQ(held(T, "var:copy"), (Keys{"a", "open"}));
  EXPECT_EQ(held(T, parameterSlot("a", 1)), Keys{"open"});
}

/// A function with one join through 'field:lock_ops.lock' (the file's
/// target "lock_a") and a per-CPU operation after it, on each way.
TUSummary joiningFile() {
  TUSummary S;
  FunctionSummary F;
  F.Key = "count";
  F.Joins = {{"field:lock_ops.lock", {"lock_a"}}};
  RelState Through, Elsewhere;
  Through.setJoin(0, true);
  Through.PreemptDepth = 1;
  Elsewhere.setJoin(0, false);
  CallSite C;
  C.CalleeName = "struct lock_ops.lock";
  C.Through = "field:lock_ops.lock";
  C.States = {RelState()};
  F.Calls.push_back(C);
  Operation Op;
  Op.Rule = rules::Percpu.str();
  Op.States = {Through, Elsewhere};
  F.Ops.push_back(Op);
  S.Functions.push_back(F);
  FunctionSummary A;
  A.Key = "lock_a";
  S.Functions.push_back(A);
  S.Flows = {fn("field:lock_ops.lock", "lock_a")};
  return S;
}

std::shared_ptr<const KernelModel> emptyModel() {
  auto M = KernelModel::parse("{}", "empty.yaml");
  EXPECT_TRUE(bool(M)) << llvm::toString(M.takeError());
  return *M;
}

/// Which ways the operation's states still go after the run's solve.
std::vector<bool> waysLeft(Program &P) {
  P.solve();
  std::vector<bool> Ways;
  for (const RelState &S : P.find("count")->Ops[0].States)
    Ways.push_back(S.JoinTrue & 1);
  return Ways;
}

TEST(Program, JoinsStandWhereTheRunStoresNothingElse) {
  Program P(emptyModel());
  P.add(joiningFile());
  EXPECT_EQ(waysLeft(P), std::vector<bool>{true});
  EXPECT_EQ(P.indirectCalls().Resolved, 1u);
}

TEST(Program, OtherFilesTargetsKeepBothWays) {
  Program P(emptyModel());
  P.add(joiningFile());
  TUSummary Other;
  Other.Flows = {fn("field:lock_ops.lock", "/src/b.c@lock_b")};
  P.add(Other);
  EXPECT_EQ(waysLeft(P), (std::vector<bool>{true, false}));
}

TEST(Program, CappedAndOpenSlotsJoinNothing) {
  Program Capped(emptyModel(), 0);
  Capped.add(joiningFile());
  EXPECT_EQ(waysLeft(Capped), std::vector<bool>{false});
  EXPECT_EQ(Capped.indirectCalls().Capped, 1u);

  Program Open(emptyModel());
  TUSummary S = joiningFile();
  S.Flows.push_back(unseen("field:lock_ops.lock"));
  Open.add(S);
  EXPECT_EQ(waysLeft(Open), std::vector<bool>{false});
  EXPECT_EQ(Open.indirectCalls().Open, 1u);
  EXPECT_EQ(Open.indirectCalls().Unstored, 0u);
}

/// A function the checks ask about, reached only through a slot from one
/// function and directly from another.
TUSummary slotCalledFile() {
  TUSummary S;
  FunctionSummary Caller, Handler, Direct;
  Caller.Key = "caller";
  CallSite Through;
  Through.CalleeName = "struct ops.run";
  Through.Through = "field:ops.run";
  Through.States = {RelState()};
  Caller.Calls.push_back(Through);
  Handler.Key = "handler";
  Direct.Key = "direct";
  CallSite Call;
  Call.CalleeKey = Call.CalleeName = "handler";
  Call.States = {RelState()};
  Direct.Calls.push_back(Call);
  S.Functions = {Caller, Handler, Direct};
  S.Flows = {fn("field:ops.run", "handler")};
  return S;
}

TEST(Program, WhatAFunctionNeedsReachesItsCallersThroughSlots) {
  Program P(emptyModel());
  P.add(slotCalledFile());
  P.solve([](const FunctionSummary &F) {
    return F.name() == "handler" ? unsigned(AbsState::AllParts) : 0u;
  });
  EXPECT_EQ(P.entryStats().Solved, 3u);
  std::vector<std::string> Names;
  for (const FunctionSummary *F : P.unreachedCallers(*P.find("handler")))
    Names.push_back(F->name().str());
  EXPECT_EQ(Names, (std::vector<std::string>{"caller", "direct"}));
}

/// Calls through the slot ops.run at Line.
CallSite callThrough(unsigned Line) {
  CallSite C;
  C.CalleeName = "struct ops.run";
  C.Through = "field:ops.run";
  C.Where = {"/src/a.c", Line, 2};
  C.States = {RelState()};
  return C;
}

/// The lines of the calls that gave F its entry contexts, 0 for none.
std::vector<unsigned> enteredFrom(const Program &P, llvm::StringRef F) {
  std::vector<unsigned> Lines;
  for (const EntryContext &E : P.entries(*P.find(F))) {
    std::vector<Note> Why = E.Why.toVector();
    Lines.push_back(Why.empty() ? 0 : Why.back().Where.Line);
  }
  return Lines;
}

TEST(Program, CallingItselfThroughASlotKeepsARoot) {
  // self calls itself and other through ops.run: a root, other is not.
  FunctionSummary Self, Other;
  Self.Key = "self";
  Self.Calls = {callThrough(10)};
  Other.Key = "other";
  TUSummary S;
  S.Functions = {Self, Other};
  S.Flows = {fn("field:ops.run", "self"), fn("field:ops.run", "other")};
  Program P(emptyModel());
  P.add(S);
  P.solve();
  EXPECT_EQ(enteredFrom(P, "other"), std::vector<unsigned>{10});

  // A second caller through the slot makes self called too.
  FunctionSummary Second;
  Second.Key = "second";
  Second.Calls = {callThrough(20)};
  S.Functions = {Self, Second, Other};
  Program Q(emptyModel());
  Q.add(S);
  Q.solve();
  EXPECT_EQ(enteredFrom(Q, "self"), std::vector<unsigned>{20});
}

} // namespace
