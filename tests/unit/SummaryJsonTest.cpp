#include "engine/SummaryJson.h"

#include "gtest/gtest.h"

using namespace kharden;
using llvm::json::Value;

namespace {

/// A state in which every field differs from its default.
RelState unusualState() {
  RelState R;
  R.PreemptDepth = 2;
  R.MigrateDepth = -1;
  R.Irq = IrqRel::Off;
  R.SleepEvidence = true;
  R.SleepOnlyToFault = true;
  R.PagefaultDepth = 1;
  R.SleepDepth = -1;
  R.ParamKnown = 0b101;
  R.ParamTrue = 0b100;
  R.LocalKnown = 0b1001;
  R.LocalTrue = 0b1;
  R.TestKnown = 0b11;
  R.TestTrue = 0b10;
  R.JoinKnown = 0b110;
  R.JoinTrue = 0b010;
  R.Returns = RetFact::NonZero;
  R.EnableEvidence = true;
  R.AssertedPreempt = 2;
  R.AssertedPinned = true;
  R.UnmatchedRestores = 1;
  R.SavedCount = 3;
  R.Saved = {IrqRel::SleptOn, IrqRel::Off, IrqRel::Inherited};
  R.SavedAsserted = 0b10;
  R.KindMask = KindHardirq | KindNmi;
  R.BhDepth = 2;
  R.AssertedBhOn = true;
  R.AssertedIrqsOn = true;
  R.ContextAsked = true;
  R.IrqsOffAsserted = true;
  R.SimdDepth = -1;
  R.SimdUsable = true;
  R.SleepChecks = Switch::Off;
  R.Region = 7;
  R.WhyIrq = 0;
  R.WhyPreempt = 1;
  R.WhySimd = 2;
  R.WhyObjectState = 3;
  return R;
}

/// A summary in which every field of every struct is set to something
/// other than its default. Extend it with every field added to Summary.h.
TUSummary everyField() {
  TUSummary S;
  S.MainFile = "/src/a.c";
  S.ParseErrors = 3;
  S.ImportsDigest = "0123456789abcdef0123456789abcdef";
  S.BitsAsked = {"current_gfp_context", "kmalloc_fix_flags"};
  S.LocksDeclared = {"wbc_attach_and_unlock_inode"};
  S.FlagUses = {{"after_bootmem", true, true, false, true},
                {"cleared", false, false, true, false}};
  FunctionSummary F;
  F.Key = "/src/a.h@peek";
  F.Where = {"/src/a.h", 10, 1};
  F.Notes = {{{"/src/a.c", 4, 2}, "IRQs enabled here"},
             {{"/src/a.c", 5, 3}, "may sleep here"}};
  CallSite C;
  C.CalleeKey = "helper";
  C.CalleeName = "helper";
  CallSite::Passed Passes;
  Passes.Forwarded = {{1, 0}, {3, 2}};
  // `flags &= mask; flags |= 0x80000000` (all 64 bits, high one set).
  Passes.TransformedArgs = {{4, 4,
                             BitsTransfer::identity().thenAnd({}).thenOr(
                                 KnownBits::constant(0xffffffff80000000))}};
  Passes.FnArgs = {{1, "/src/a.c@output"}};
  Passes.FnForwarded = {{9, 12}};
  Passes.Lent = {{2, 9}};
  Passes.FnSlots = {{2, "field:irq_affinity_notify.release"}};
  Passes.Chain = "chain:var:/src/a.c@die_chain";
  C.Passes = Passes;
  C.ArgBits = {{{0, ""}, KnownBits::constant(0xcc0)},
               {{1, "evt.cpumask"}, KnownBits::nonZero()},
               {{1, "evt.irq"}, {}}, // the caller changed it
               {{2, ""}, {~uint64_t(0), 0}}}; // all 64 bits survive
  C.Where = {"/src/a.c", 6, 9};
  C.States = {RelState(), unusualState()};
  F.Calls.push_back(C);
  CallSite Through;
  Through.CalleeName = "struct console.device_lock";
  Through.Through = "field:console.device_lock";
  Through.Where = {"/src/a.c", 9, 2};
  Through.After = true;
  F.Calls.push_back(Through);
  Operation Op;
  Op.Rule = rules::Percpu.str();
  Op.Access = PercpuAccess::ReadModifyWrite;
  Op.Name = "raw_cpu_add";
  Op.Variable = "counter";
  Op.Where = {"/src/a.c", 7, 5};
  Op.MacroNotes = {{{"/src/percpu.h", 30, 1}, "expanded from macro"}};
  Op.States = {unusualState()};
  Op.ValueUsed = true;
  Op.PointerValue = true;
  Op.RetriedAt = {"/src/a.c", 9, 8};
  F.Ops.push_back(Op);
  Operation Random;
  Random.Rule = rules::RandomSource.str();
  Random.Name = "get_random_u16";
  Random.Where = {"/src/a.c", 8, 2};
  Random.DecidedBy = RelState::FirstTestSlot + 1;
  F.Ops.push_back(Random);
  StackOffsetSite Site;
  Site.Kind = StackOffsetSite::Role::Refill;
  Site.Macro = "choose_random_kstack_offset";
  Site.Args = {"get_random_u16()"};
  Site.Where = {"/src/a.c", 8, 2};
  Site.PercpuVariable = "kstack_offset";
  Site.TaskField = Site.Generator = true;
  Site.StorageWhere = {"/src/a.h", 30, 4};
  Site.Values = {{"rotate", "5", "the ror32() rotation", {"/src/r.h", 4, 9}},
                 {"random-call", "", "not a call", {}}};
  Site.States = {unusualState()};
  F.Sites.push_back(Site);
  F.ExitStates = {unusualState(), RelState()};
  F.Tests = {{{0, ""}, false, 0x400, 0},
             {{2, ""}, true, ~uint64_t(0), uint64_t(1) << 63},
             {{1, "cpumask"}, false, ~uint64_t(0), 0}};
  F.ForCallers.set().ReturnBits = {~uint64_t(3), 0};
  F.ForCallers.set().ReturnFields = {{"lock", KnownBits::constant(1)}};
  F.ForCallers.set().ReturnFieldParams = {{"lock", 0}, {"owner", 2}};
  F.ForCallers.set().Stores = {{{0, "evt.cpumask"}, KnownBits::nonZero()},
                               {{0, "rating"}, KnownBits::constant(50)}};
  F.Joins = {{"field:lock_ops.lock", {"/src/a.c@lock_a", "lock_b"}},
             {"var:hook", {}}};
  F.ForCallers.set().ReturnsExchange = "#0->cpu_slab->tid";
  F.ForCallers.set().ReturnTransfer = {
      2, BitsTransfer::identity().thenOr(KnownBits::constant(0x100))};
  BitsTransfer Cleared =
      BitsTransfer::identity().thenAnd(KnownBits::constant(~uint64_t(0x40)));
  F.ForCallers.set().OutTransfers = {
      {1, Cleared, Cleared},
      {3, BitsTransfer::assigned({}),
       ArgBitsTransfer(BitsTransfer::identity()).thenOrArg({}, 2, 0x80004)}};
  F.ForCallers.set().StoredParams = {{0, "system_state"}};
  ValueFlow V;
  V.Source = ValueFlow::From::Call;
  V.Index = 1;
  ValueUse Passed;
  Passed.K = ValueUse::Kind::Arg;
  Passed.Arg = 2;
  Passed.Call = 0;
  Passed.Callee = "helper";
  Passed.Via = "entry";
  Passed.Where = {"/src/a.c", 11, 7};
  Passed.EndedAt = {"/src/a.c", 10, 2};
  Passed.States = {unusualState()};
  ValueUse Returned;
  Returned.K = ValueUse::Kind::Return;
  Returned.Where = {"/src/a.c", 12, 2};
  V.Uses = {Passed, Returned};
  F.Values.push_back(V);
  S.Functions.push_back(F);
  S.Target = {"aarch64", 16, true};
  EntryHint H;
  H.FunctionKey = "/src/a.c@open_cb";
  H.FunctionName = "open_cb";
  H.Context = {Switch::Off, Switch::On,
               Switch::Off, uint8_t(KindSoftirq | KindTask),
               Switch::Off, Switch::Off};
  H.Why = {{"/src/a.c", 20, 12}, "'open_cb' is a file_operations callback"};
  S.Hints.push_back(H);
  S.Flows = {{"field:lock_ops.lock",
              -1,
              PointerFlow::Source::Function,
              "/src/a.c@lock_a",
              {"/src/a.c", 30, 11}},
             {"param:register_ops#1",
              -1,
              PointerFlow::Source::Slot,
              "var:hook",
              {"/src/a.c", 31, 2}},
             {"field:raw_ops.run",
              2,
              PointerFlow::Source::Unseen,
              "",
              {"/src/b.h", 4, 5}}};
  return S;
}

std::string text(const Value &V) {
  std::string Out;
  llvm::raw_string_ostream(Out) << V;
  return Out;
}

void expectSameState(const RelState &A, const RelState &B) {
  EXPECT_TRUE(A.sameContext(B));
  EXPECT_EQ(A.Saved, B.Saved); // beyond SavedCount too
  EXPECT_EQ(A.WhyIrq, B.WhyIrq);
  EXPECT_EQ(A.WhyPreempt, B.WhyPreempt);
  EXPECT_EQ(A.WhySimd, B.WhySimd);
}

TEST(SummaryJson, RoundTripsEveryField) {
  TUSummary S = everyField();
  auto Back = summaryFromJson(summaryToJson(S));
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->MainFile, S.MainFile);
  EXPECT_EQ(Back->ParseErrors, S.ParseErrors);
  EXPECT_EQ(Back->ImportsDigest, S.ImportsDigest);
  EXPECT_EQ(Back->BitsAsked, S.BitsAsked);
  EXPECT_EQ(Back->LocksDeclared, S.LocksDeclared);
  ASSERT_EQ(Back->FlagUses.size(), 2u);
  EXPECT_EQ(Back->FlagUses[0].Variable, "after_bootmem");
  EXPECT_TRUE(Back->FlagUses[0].DefinedZero && Back->FlagUses[0].Set &&
              !Back->FlagUses[0].Spoiled && Back->FlagUses[0].Tested);
  EXPECT_TRUE(Back->FlagUses[1].Spoiled && !Back->FlagUses[1].Set);
  ASSERT_EQ(Back->Functions.size(), 1u);
  const FunctionSummary &F = Back->Functions[0], &G = S.Functions[0];
  EXPECT_EQ(F.Key, G.Key);
  EXPECT_EQ(F.name(), G.name());
  EXPECT_EQ(F.Where, G.Where);
  ASSERT_EQ(F.Notes.size(), 2u);
  EXPECT_EQ(F.Notes[1].Where, G.Notes[1].Where);
  EXPECT_EQ(F.Notes[1].Message, G.Notes[1].Message);
  ASSERT_EQ(F.Calls.size(), 2u);
  EXPECT_EQ(F.Calls[1].CalleeKey, "");
  EXPECT_EQ(F.Calls[1].CalleeName, "struct console.device_lock");
  EXPECT_EQ(F.Calls[1].Through, "field:console.device_lock");
  EXPECT_TRUE(F.Calls[1].After);
  EXPECT_FALSE(F.Calls[0].After);
  EXPECT_EQ(F.Calls[0].Through, "");
  EXPECT_EQ(F.Joins, G.Joins);
  EXPECT_EQ(F.ForCallers->ReturnsExchange, "#0->cpu_slab->tid");
  EXPECT_EQ(F.ForCallers->ReturnTransfer.Param,
            G.ForCallers->ReturnTransfer.Param);
  EXPECT_EQ(F.ForCallers->ReturnTransfer.Bits,
            G.ForCallers->ReturnTransfer.Bits);
  ASSERT_EQ(F.ForCallers->OutTransfers.size(), 2u);
  for (size_t I = 0; I < 2; ++I) {
    EXPECT_EQ(F.ForCallers->OutTransfers[I].Param,
              G.ForCallers->OutTransfers[I].Param);
    EXPECT_EQ(F.ForCallers->OutTransfers[I].Bits,
              G.ForCallers->OutTransfers[I].Bits);
    EXPECT_EQ(F.ForCallers->OutTransfers[I].IfNonZero,
              G.ForCallers->OutTransfers[I].IfNonZero);
  }
  EXPECT_EQ(G.ForCallers->OutTransfers[1].IfNonZero.OnesOf, 2);
  EXPECT_EQ(
      F.ForCallers->StoredParams,
      (std::vector<std::pair<uint8_t, std::string>>{{0, "system_state"}}));
  ASSERT_EQ(Back->Flows.size(), 3u);
  for (size_t I = 0; I < 3; ++I) {
    const PointerFlow &A = Back->Flows[I], &B = S.Flows[I];
    EXPECT_EQ(A.To, B.To);
    EXPECT_EQ(A.ToParam, B.ToParam);
    EXPECT_EQ(A.From, B.From);
    EXPECT_EQ(A.Key, B.Key);
    EXPECT_EQ(A.Where, B.Where);
  }
  EXPECT_EQ(F.Calls[0].CalleeKey, "helper");
  EXPECT_EQ(F.Calls[0].CalleeName, "helper");
  EXPECT_EQ(F.Calls[0].Where, G.Calls[0].Where);
  EXPECT_EQ(F.Calls[0].Passes->Forwarded, G.Calls[0].Passes->Forwarded);
  EXPECT_EQ(F.Calls[0].Passes->TransformedArgs,
            G.Calls[0].Passes->TransformedArgs);
  EXPECT_FALSE(G.Calls[0].Passes->TransformedArgs.front().Bits.KeepNonZero);
  EXPECT_EQ(F.Calls[0].ArgBits, G.Calls[0].ArgBits);
  EXPECT_EQ(F.Calls[0].Passes->FnArgs, G.Calls[0].Passes->FnArgs);
  EXPECT_EQ(F.Calls[0].Passes->FnForwarded, G.Calls[0].Passes->FnForwarded);
  EXPECT_EQ(F.Calls[0].Passes->FnSlots, G.Calls[0].Passes->FnSlots);
  EXPECT_EQ(F.Calls[0].Passes->Chain, G.Calls[0].Passes->Chain);
  EXPECT_EQ(F.Calls[0].Passes->Lent, G.Calls[0].Passes->Lent);
  EXPECT_EQ(F.Tests, G.Tests);
  EXPECT_EQ(F.ForCallers->ReturnBits, G.ForCallers->ReturnBits);
  EXPECT_EQ(F.ForCallers->Stores, G.ForCallers->Stores);
  EXPECT_EQ(F.ForCallers->ReturnFields, G.ForCallers->ReturnFields);
  EXPECT_EQ(F.ForCallers->ReturnFieldParams, G.ForCallers->ReturnFieldParams);
  ASSERT_EQ(F.Calls[0].States.size(), 2u);
  expectSameState(F.Calls[0].States[0], RelState());
  expectSameState(F.Calls[0].States[1], unusualState());
  ASSERT_EQ(F.Ops.size(), 2u);
  const Operation &Op = F.Ops[0];
  EXPECT_EQ(Op.Rule, "percpu");
  EXPECT_EQ(Op.Access, PercpuAccess::ReadModifyWrite);
  EXPECT_EQ(Op.Name, "raw_cpu_add");
  EXPECT_EQ(Op.Variable, "counter");
  EXPECT_EQ(Op.Where, G.Ops[0].Where);
  ASSERT_EQ(Op.MacroNotes.size(), 1u);
  EXPECT_EQ(Op.MacroNotes[0].Message, "expanded from macro");
  ASSERT_EQ(Op.States.size(), 1u);
  expectSameState(Op.States[0], unusualState());
  EXPECT_TRUE(Op.ValueUsed);
  EXPECT_TRUE(Op.PointerValue);
  EXPECT_EQ(Op.RetriedAt, G.Ops[0].RetriedAt);
  EXPECT_EQ(Op.RetriedAt.Line, 9u);
  const Operation &Random = F.Ops[1];
  EXPECT_FALSE(Random.RetriedAt.valid());
  EXPECT_EQ(Random.Rule, "random-source");
  EXPECT_EQ(Random.Name, "get_random_u16");
  EXPECT_EQ(Random.Where, G.Ops[1].Where);
  EXPECT_TRUE(Random.States.empty() && !Random.ValueUsed);
  EXPECT_EQ(Op.DecidedBy, -1);
  EXPECT_EQ(Random.DecidedBy, int(RelState::FirstTestSlot + 1));
  ASSERT_EQ(F.Values.size(), 1u);
  EXPECT_EQ(F.Values[0].Source, ValueFlow::From::Call);
  EXPECT_EQ(F.Values[0].Index, 1u);
  ASSERT_EQ(F.Values[0].Uses.size(), 2u);
  const ValueUse &Passed = F.Values[0].Uses[0];
  EXPECT_EQ(Passed.K, ValueUse::Kind::Arg);
  EXPECT_EQ(Passed.Arg, 2u);
  EXPECT_EQ(Passed.Call, 0);
  EXPECT_EQ(Passed.Callee, "helper");
  EXPECT_EQ(Passed.Via, "entry");
  EXPECT_EQ(Passed.Where, G.Values[0].Uses[0].Where);
  EXPECT_EQ(Passed.EndedAt, G.Values[0].Uses[0].EndedAt);
  ASSERT_EQ(Passed.States.size(), 1u);
  expectSameState(Passed.States[0], unusualState());
  EXPECT_EQ(F.Values[0].Uses[1].K, ValueUse::Kind::Return);
  EXPECT_EQ(F.Values[0].Uses[1].Call, -1);
  EXPECT_FALSE(F.Values[0].Uses[1].EndedAt.valid());
  ASSERT_EQ(F.Sites.size(), 1u);
  const StackOffsetSite &Site = F.Sites[0];
  EXPECT_EQ(Site.Kind, StackOffsetSite::Role::Refill);
  EXPECT_EQ(Site.Macro, "choose_random_kstack_offset");
  EXPECT_EQ(Site.Args, std::vector<std::string>{"get_random_u16()"});
  EXPECT_EQ(Site.Where, G.Sites[0].Where);
  EXPECT_EQ(Site.PercpuVariable, "kstack_offset");
  EXPECT_TRUE(Site.TaskField && Site.Generator);
  EXPECT_EQ(Site.StorageWhere, G.Sites[0].StorageWhere);
  ASSERT_EQ(Site.Values.size(), 2u);
  EXPECT_EQ(Site.value("rotate")->Value, "5");
  EXPECT_EQ(Site.value("rotate")->Evidence, "the ror32() rotation");
  EXPECT_EQ(Site.value("rotate")->Where, G.Sites[0].Values[0].Where);
  EXPECT_FALSE(Site.value("random-call")->known());
  EXPECT_EQ(Site.value("random-call")->Evidence, "not a call");
  EXPECT_FALSE(Site.value("random-call")->Where.valid());
  ASSERT_EQ(Site.States.size(), 1u);
  expectSameState(Site.States[0], unusualState());
  ASSERT_EQ(F.ExitStates.size(), 2u);
  expectSameState(F.ExitStates[0], unusualState());
  ASSERT_EQ(Back->Hints.size(), 1u);
  EXPECT_EQ(Back->Hints[0].FunctionKey, S.Hints[0].FunctionKey);
  EXPECT_EQ(Back->Hints[0].FunctionName, S.Hints[0].FunctionName);
  EXPECT_EQ(Back->Hints[0].Context.Preempt, Switch::Off);
  EXPECT_EQ(Back->Hints[0].Context.Irqs, Switch::On);
  EXPECT_EQ(Back->Hints[0].Context.Kinds, KindSoftirq | KindTask);
  EXPECT_EQ(Back->Hints[0].Context.Bh, Switch::Off);
  EXPECT_EQ(Back->Hints[0].Context.SleepChecks, Switch::Off);
  EXPECT_EQ(Back->Hints[0].Why.Where, S.Hints[0].Why.Where);
  EXPECT_EQ(Back->Hints[0].Why.Message, S.Hints[0].Why.Message);
  EXPECT_EQ(Back->Target.Arch, "aarch64");
  EXPECT_EQ(Back->Target.StackAlignment, 16u);
  EXPECT_TRUE(Back->Target.FromFlag);
  // And the JSON of the copy is the JSON of the original.
  EXPECT_EQ(text(summaryToJson(*Back)), text(summaryToJson(S)));
}

TEST(SummaryJson, KeepsWhatAnExitReturns) {
  TUSummary S = everyField();
  auto ExitReturning = [&](RetFact R) {
    std::vector<RelState> Exits(S.Functions[0].ExitStates.items());
    Exits[1].Returns = R;
    S.Functions[0].ExitStates = Exits;
  };
  ExitReturning(RetFact::Zero);
  std::string Json = text(summaryToJson(S));
  EXPECT_NE(Json.find(R"("returns":"zero")"), std::string::npos) << Json;
  EXPECT_NE(Json.find(R"("returns":"nonzero")"), std::string::npos) << Json;
  auto Back = summaryFromJson(summaryToJson(S));
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->Functions[0].ExitStates[0].Returns, RetFact::NonZero);
  EXPECT_EQ(Back->Functions[0].ExitStates[1].Returns, RetFact::Zero);
  // The sign of a constant return (`return -ENOENT;`, `return 1;`).
  for (RetFact Sign : {RetFact::Negative, RetFact::Positive}) {
    ExitReturning(Sign);
    auto Signed = summaryFromJson(summaryToJson(S));
    ASSERT_TRUE(bool(Signed)) << llvm::toString(Signed.takeError());
    EXPECT_EQ(Signed->Functions[0].ExitStates[1].Returns, Sign);
  }
}

TEST(SummaryJson, LeavesDefaultsOut) {
  TUSummary S;
  S.MainFile = "/src/empty.c";
  FunctionSummary F;
  F.Key = "f";
  F.ExitStates = {RelState()};
  S.Functions.push_back(F);
  Value V = summaryToJson(S);
  EXPECT_EQ(text((*V.getAsObject()->getArray("functions"))[0]),
            R"({"at":[0,0,0],"exit_states":[{}],"key":"f"})");
  EXPECT_EQ(V.getAsObject()->getInteger("format"),
            int64_t(SummaryFormatVersion));
  EXPECT_FALSE(V.getAsObject()->get("hints"));
  EXPECT_FALSE(V.getAsObject()->get("parse_errors"));
}

TEST(SummaryJson, FilesAreSharedThroughATable) {
  std::string J = text(summaryToJson(everyField()));
  EXPECT_EQ(llvm::StringRef(J).count("\"/src/a.c\""), 2u) << J; // table, main
}

/// The stored form of a summary's object, cut as SummaryJson.h describes:
/// written here from the object, not by the writer under test.
std::string piecesOf(const Value &V) {
  llvm::json::Object Header = *V.getAsObject();
  llvm::json::Object Counts;
  std::string Pieces;
  for (llvm::StringRef Key : SummaryPieceArrays) {
    const llvm::json::Array *A = Header.getArray(Key);
    Counts[Key] = int64_t(A ? A->size() : 0);
    for (size_t I = 0; A && I < A->size(); ++I)
      Pieces += text((*A)[I]) + "\n";
    Header.erase(Key);
  }
  Header["pieces"] = std::move(Counts);
  return text(Value(std::move(Header))) + "\n" + Pieces;
}

std::string errorOf(llvm::Expected<TUSummary> S) {
  return S ? "" : llvm::toString(S.takeError());
}

/// The error reading everyField()'s JSON after Damage changed it, the same
/// whether the whole object or its pieces are read.
std::string errorAfter(llvm::function_ref<void(llvm::json::Object &)> Damage) {
  Value V = summaryToJson(everyField());
  Damage(*V.getAsObject());
  std::string Whole = errorOf(summaryFromJson(V));
  EXPECT_EQ(errorOf(summaryFromPieces(piecesOf(V))), Whole);
  return Whole;
}

llvm::json::Object &firstFunction(llvm::json::Object &O) {
  return *(*O.getArray("functions"))[0].getAsObject();
}

TEST(SummaryJson, RejectsOtherFormats) {
  EXPECT_EQ(errorAfter([](auto &O) { O["format"] = 99; }),
            "another summary format version at summary.format");
  auto S = summaryFromJson(llvm::json::Array{});
  ASSERT_FALSE(bool(S));
  EXPECT_EQ(llvm::toString(S.takeError()), "expected an object when parsing summary");
}

TEST(SummaryJson, RejectsMistypedFields) {
  EXPECT_EQ(errorAfter([](auto &O) {
              firstFunction(O)["at"] = llvm::json::Array{99, 1, 1};
            }),
            "expected [file, line, column] at summary.functions[0].at");
  EXPECT_EQ(errorAfter([](auto &O) {
              firstFunction(O)["exit_states"] = llvm::json::Array{
                  llvm::json::Object{{"preempt_depth", 300}}};
            }),
            "expected an integer in range at "
            "summary.functions[0].exit_states[0].preempt_depth");
  EXPECT_EQ(errorAfter([](auto &O) {
              firstFunction(O)["exit_states"] = llvm::json::Array{
                  llvm::json::Object{{"irq", "sideways"}}};
            }),
            "unknown value at summary.functions[0].exit_states[0].irq");
  EXPECT_EQ(errorAfter([](auto &O) { firstFunction(O).erase("key"); }),
            "missing at summary.functions[0].key");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["calls"].getAsArray())[0].getAsObject())
                  ["forwarded"] = llvm::json::Array{llvm::json::Array{1, 8}};
            }),
            "expected [argument, parameter] indices below 8 at "
            "summary.functions[0].calls[0].forwarded[0]");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["calls"].getAsArray())[0]
                    .getAsObject())["fn_args"] =
                  llvm::json::Array{llvm::json::Array{16, "f"}};
            }),
            "expected [argument index below 16, key] at "
            "summary.functions[0].calls[0].fn_args[0]");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["calls"].getAsArray())[0]
                    .getAsObject())["fn_slots"] =
                  llvm::json::Array{llvm::json::Array{0, 7}};
            }),
            "expected [argument index below 16, key] at "
            "summary.functions[0].calls[0].fn_slots[0]");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["calls"].getAsArray())[0]
                    .getAsObject())["fn_forwarded"] =
                  llvm::json::Array{llvm::json::Array{1, 16}};
            }),
            "expected [argument, parameter] indices below 16 at "
            "summary.functions[0].calls[0].fn_forwarded[0]");
  EXPECT_EQ(
      errorAfter([](auto &O) {
        (*(*firstFunction(O)["calls"].getAsArray())[0].getAsObject())["lent"] =
            llvm::json::Array{llvm::json::Array{1, 16}};
      }),
      "expected [argument below 8, local slot 8 to 15] at "
      "summary.functions[0].calls[0].lent[0]");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["calls"].getAsArray())[0].getAsObject())
                  ["arg_bits"] = llvm::json::Array{llvm::json::Object{
                  {"arg", 9}, {"bits", llvm::json::Array{1, 0, 0}}}};
            }),
            "expected an argument index below 8 at "
            "summary.functions[0].calls[0].arg_bits[0].arg");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["calls"].getAsArray())[0].getAsObject())
                  ["arg_bits"] = llvm::json::Array{llvm::json::Object{
                  {"arg", 1}, {"field", 7}, {"bits", llvm::json::Array{1, 0, 0}}}};
            }),
            "expected a string at "
            "summary.functions[0].calls[0].arg_bits[0].field");
  EXPECT_EQ(errorAfter([](auto &O) {
              firstFunction(O)["stores"] = llvm::json::Array{llvm::json::Object{
                  {"arg", 0}, {"bits", llvm::json::Array{0, 0, 2}}}};
            }),
            "expected [zero bits, one bits, 0 or 1 (not zero)] at "
            "summary.functions[0].stores[0].bits");
  EXPECT_EQ(errorAfter([](auto &O) {
              firstFunction(O)["return_bits"] = llvm::json::Array{1};
            }),
            "expected [zero bits, one bits, 0 or 1 (not zero)] at "
            "summary.functions[0].return_bits");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["tests"].getAsArray())[1].getAsObject())
                  ["param"] = 8;
            }),
            "expected a parameter index below 8 at "
            "summary.functions[0].tests[1].param");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["stored_params"].getAsArray())[0]
                    .getAsObject())["param"] = 8;
            }),
            "expected a parameter index below 8 at "
            "summary.functions[0].stored_params[0].param");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["tests"].getAsArray())[0].getAsObject())
                  .erase("mask");
            }),
            "expected a mask and a value at summary.functions[0].tests[0]");
  EXPECT_EQ(errorAfter([](auto &O) {
              auto &Site =
                  *(*firstFunction(O)["sites"].getAsArray())[0].getAsObject();
              (*(*Site["values"].getAsArray())[0].getAsObject())["value"] = "";
            }),
            "a known value is not empty at "
            "summary.functions[0].sites[0].values[0].value");
  // Only a per-CPU operation, and every one, says what it does.
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["ops"].getAsArray())[0].getAsObject())
                  .erase("access");
            }),
            "missing at summary.functions[0].ops[0].access");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["ops"].getAsArray())[1]
                    .getAsObject())["access"] = "read";
            }),
            "only for rule percpu at summary.functions[0].ops[1].access");
  EXPECT_EQ(errorAfter([](auto &O) {
              (*(*firstFunction(O)["ops"].getAsArray())[1]
                    .getAsObject())["rule"] = "";
            }),
            "empty at summary.functions[0].ops[1].rule");
}

TEST(SummaryJson, RejectsMalformedPointerFlowsAndJoins) {
  auto FirstFlow = [](llvm::json::Object &O) -> llvm::json::Object & {
    return *(*O.getArray("flows"))[0].getAsObject();
  };
  EXPECT_EQ(errorAfter([&](auto &O) { FirstFlow(O)["from"] = "nowhere"; }),
            "unknown value at summary.flows[0].from");
  EXPECT_EQ(errorAfter([&](auto &O) { FirstFlow(O).erase("key"); }),
            "missing at summary.flows[0].key");
  EXPECT_EQ(errorAfter([&](auto &O) { FirstFlow(O)["param"] = -2; }),
            "expected a parameter index at summary.flows[0].param");
  EXPECT_EQ(errorAfter([&](auto &O) { FirstFlow(O)["param"] = 128; }),
            "expected an integer in range at summary.flows[0].param");
  EXPECT_EQ(errorAfter([](auto &O) {
              firstFunction(O)["joins"] = llvm::json::Array{
                  llvm::json::Object{{"slot", "var:hook"},
                                     {"targets", llvm::json::Array{"b", "a"}}}};
            }),
            "expected sorted keys at summary.functions[0].joins[0].targets");
  EXPECT_EQ(errorAfter([](auto &O) {
              llvm::json::Array Joins;
              for (int I = 0; I < 9; ++I)
                Joins.push_back(llvm::json::Object{
                    {"slot", "var:hook"}, {"targets", llvm::json::Array{}}});
              firstFunction(O)["joins"] = std::move(Joins);
            }),
            "more joins than kept at summary.functions[0].joins");
}

TEST(SummaryJson, RejectsADecidingSlotNoCallerPasses) {
  auto FirstOp = [](llvm::json::Object &O) -> llvm::json::Object & {
    return *(*firstFunction(O).getArray("ops"))[0].getAsObject();
  };
  // A local slot's value is the function's own, never a caller's.
  EXPECT_EQ(errorAfter([&](auto &O) {
              FirstOp(O)["decided_by"] = int(RelState::MaxParams);
            }),
            "not a parameter's or a test's slot at "
            "summary.functions[0].ops[0].decided_by");
  EXPECT_EQ(errorAfter([&](auto &O) { FirstOp(O)["decided_by"] = 300; }),
            "expected an integer in range at "
            "summary.functions[0].ops[0].decided_by");
}

TEST(SummaryJson, RejectsNoteIdsOutOfRange) {
  EXPECT_EQ(errorAfter([](auto &O) {
              firstFunction(O)["exit_states"] = llvm::json::Array{
                  llvm::json::Object{{"why_irq", 2}}};
            }),
            "a state refers to a note the function does not have at "
            "summary.functions[0]");
}

TEST(SummaryJson, PiecesAreTheObjectCutOneALine) {
  TUSummary S = everyField();
  std::string Pieces = summaryToPieces(S);
  EXPECT_EQ(Pieces, piecesOf(summaryToJson(S)));
  size_t Elements = S.Functions.size() + S.Hints.size() + S.Queueings.size() +
                    S.Allocations.size() + S.Flows.size();
  EXPECT_EQ(llvm::StringRef(Pieces).count('\n'), 1 + Elements);
  auto Back = summaryFromPieces(Pieces);
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(text(summaryToJson(*Back)), text(summaryToJson(S)));
}

TEST(SummaryJson, PiecesOfAnEmptySummary) {
  TUSummary S;
  S.MainFile = "/src/empty.c";
  std::string Pieces = summaryToPieces(S);
  EXPECT_EQ(llvm::StringRef(Pieces).count('\n'), 1u) << Pieces;
  auto Back = summaryFromPieces(Pieces);
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->MainFile, "/src/empty.c");
}

/// The error reading everyField()'s pieces after Damage changed the text.
std::string piecesErrorAfter(llvm::function_ref<void(std::string &)> Damage) {
  std::string Pieces = summaryToPieces(everyField());
  Damage(Pieces);
  return errorOf(summaryFromPieces(Pieces));
}

TEST(SummaryJson, RejectsDamagedPieces) {
  // everyField() has 1 function, 1 hint and 3 pointer flows: 5 pieces.
  EXPECT_EQ(piecesErrorAfter([](std::string &P) { P.pop_back(); }),
            "truncated: its last piece ends no line");
  EXPECT_EQ(piecesErrorAfter([](std::string &P) {
              P.resize(P.rfind('\n', P.size() - 2) + 1);
            }),
            "its header counts 5 pieces, 4 follow");
  EXPECT_EQ(piecesErrorAfter([](std::string &P) { P += "{}\n"; }),
            "its header counts 5 pieces, 6 follow");
  EXPECT_EQ(piecesErrorAfter([](std::string &P) {
              P.replace(P.find("\"functions\":1"), 13, "\"functions\":7");
            }),
            "its header counts 11 pieces, 5 follow");
  EXPECT_EQ(piecesErrorAfter([](std::string &P) {
              P.replace(P.find("\"hints\":1"), 9, "\"hints\":-1");
            }),
            "expected an integer in range at summary.pieces.hints");
  EXPECT_EQ(piecesErrorAfter([](std::string &P) {
              size_t Second = P.find('\n') + 1;
              P.replace(Second, P.find('\n', Second) - Second, "{\"key\":");
            }),
            "piece 1 (functions[0]): not JSON: [1:7, byte=7]: Unexpected EOF");
  EXPECT_EQ(piecesErrorAfter([](std::string &P) {
              size_t Third = P.find('\n', P.find('\n') + 1) + 1;
              P.replace(Third, P.find('\n', Third) - Third, "[]");
            }),
            "expected an object at summary.hints[0]");
  EXPECT_EQ(piecesErrorAfter([](std::string &P) { P.insert(0, "x"); }),
            "its header: not JSON: [1:1, byte=1]: Invalid JSON value");
  EXPECT_EQ(errorOf(summaryFromPieces("")),
            "its header: not JSON: [1:0, byte=0]: Unexpected EOF");
  EXPECT_EQ(piecesErrorAfter([](std::string &P) {
              std::string Format =
                  "\"format\":" + std::to_string(SummaryFormatVersion);
              P.replace(P.find(Format), Format.size(), "\"format\":1");
            }),
            "another summary format version at summary.format");
}

TEST(SummaryJson, RejectsAHeaderWithoutCounts) {
  Value V = summaryToJson(TUSummary{});
  EXPECT_EQ(errorOf(summaryFromPieces(text(V) + "\n")),
            "expected an object at summary.pieces");
}

} // namespace

namespace {

TEST(SummaryJson, CallSitesShareTheirCalleesStrings) {
  TUSummary S = everyField();
  S.Functions.push_back(S.Functions[0]);
  S.Functions[1].Key = S.Functions[1].name() = "other";
  auto Back = summaryFromPieces(summaryToPieces(S));
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  const CallSite &A = Back->Functions[0].Calls[0],
                 &B = Back->Functions[1].Calls[0];
  EXPECT_EQ(A.CalleeKey, "helper");
  EXPECT_EQ(&A.CalleeKey.str(), &B.CalleeKey.str());
  EXPECT_EQ(&A.CalleeName.str(), &B.CalleeName.str());
  const CallSite &C = Back->Functions[0].Calls[1],
                 &D = Back->Functions[1].Calls[1];
  EXPECT_EQ(C.Through, "field:console.device_lock");
  EXPECT_EQ(&C.Through.str(), &D.Through.str());
  // And their states and the functions' exits, equal lists read back as one.
  EXPECT_EQ(A.States, B.States);
  EXPECT_EQ(Back->Functions[0].ExitStates, Back->Functions[1].ExitStates);
}

TEST(SummaryJson, WhatMostLeaveEmptyReadsBackUnset) {
  TUSummary S = everyField();
  FunctionSummary Bare;
  Bare.Key = "bare";
  Bare.Calls.emplace_back();
  Bare.Calls[0].CalleeKey = Bare.Calls[0].CalleeName = "helper";
  S.Functions.push_back(Bare);
  auto Back = summaryFromPieces(summaryToPieces(S));
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  const FunctionSummary &Full = Back->Functions[0], &Read = Back->Functions[1];
  EXPECT_FALSE(Full.Calls[0].Passes->empty());
  EXPECT_FALSE(Full.ForCallers->empty());
  // Unset reads as empty, and is the one empty object, not a copy of its own.
  EXPECT_TRUE(Read.Calls[0].Passes->empty());
  EXPECT_TRUE(Read.ForCallers->empty());
  EXPECT_EQ(&*Read.Calls[0].Passes, &*Bare.Calls[0].Passes);
  EXPECT_EQ(&*Read.ForCallers, &*Bare.ForCallers);
  // A copy holds its own facts; what calls pass on, equal, is kept once.
  FunctionSummary Copy = Full;
  EXPECT_NE(&*Copy.ForCallers, &*Full.ForCallers);
  CallSite Alike = Full.Calls[0];
  Alike.Passes = *Full.Calls[0].Passes;
  EXPECT_EQ(&*Alike.Passes, &*Full.Calls[0].Passes);
  CallSite::Passed Other = *Full.Calls[0].Passes;
  Other.FnForwarded = {{9, 11}};
  Alike.Passes = Other;
  EXPECT_NE(&*Alike.Passes, &*Full.Calls[0].Passes);
  EXPECT_EQ(Alike.Passes->FnForwarded, Other.FnForwarded);
  // The same key passed as a function or as a slot: not the same call.
  CallSite::Passed AsFunction, AsSlot;
  AsFunction.FnArgs = AsSlot.FnSlots = {{1, "k"}};
  CallSite ByFunction, BySlot;
  ByFunction.Passes = AsFunction;
  BySlot.Passes = AsSlot;
  EXPECT_NE(&*ByFunction.Passes, &*BySlot.Passes);
  Other = *Full.Calls[0].Passes;
  Other.Chain = "chain:var:other_chain";
  Alike.Passes = Other;
  EXPECT_NE(&*Alike.Passes, &*Full.Calls[0].Passes);
}

TEST(SummaryJson, TheNameIsTheKeysEnd) {
  // Not stored: every form of key (TUContext::keyOf()) ends with the name.
  for (const char *Key : {"f", "/src/a.c@f", "vdso|f", "vdso|/src/a.c@f"}) {
    FunctionSummary F;
    F.Key = Key;
    EXPECT_EQ(F.name(), "f") << Key;
  }
}

} // namespace
