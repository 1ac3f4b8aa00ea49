#include "engine/SummaryJson.h"

#include "support/JsonFile.h"

#include "llvm/ADT/StringMap.h"

#include <limits>

using namespace llvm;

namespace kharden {

// A tripwire for the day a field is added to a summary struct: a structured
// binding names every data member, so these stop compiling until this file
// learns the new field (see SummaryJson.h) and the list here is extended.
[[maybe_unused]] static void everyFieldIsSerialized(
    const SourcePoint &P, const Note &N, const RelState &R, const CallSite &C,
    const Operation &Op, const FunctionSummary &F, const EntryHint &H,
    const ContextSpec &Ctx, const TUSummary &S, const StackOffsetSite &Site,
    const TargetFacts &T, const SiteValue &SV, const WorkQueueing &Q,
    const QueueAllocation &A, const TargetJoin &J, const PointerFlow &Flow,
    const ValueFlow &VF, const ValueUse &VU, const CallSite::Passed &CP,
    const FunctionSummary::Facts &FF, const FunctionSummary::OutTransfer &OT,
    const ArgBitsTransfer &AT) {
  [[maybe_unused]] auto &[File, Line, Column] = P;
  [[maybe_unused]] auto &[Where, Message] = N;
  [[maybe_unused]] auto &[PreemptDepth, MigrateDepth, Irq, SleepEvidence,
                          SleepOnlyToFault, SleptUnheld, PagefaultDepth,
                          SleepDepth, ParamKnown, ParamTrue, ParamChanged,
                          LocalKnown, LocalTrue, // a call's lent slots only
                          TestKnown, TestTrue, JoinKnown, JoinTrue, Returns,
                          EnableEvidence, AssertedPreempt, AssertedPinned,
                          UnmatchedRestores, SavedCount, Saved, KindMask,
                          BhDepth, AssertedBhOn, AssertedIrqsOn, ContextAsked,
                          IrqsOffAsked, IrqsOffAsserted, SimdDepth, SimdUsable,
                          RcuDepth, SleepChecks, SavedAsserted, Region,
                          ObjectPick, // never stored
                          SectionKind, WhyIrq, WhyPreempt, WhySimd, WhyRcu,
                          WhySection, WhyObjectState] = R;
  [[maybe_unused]] auto &[CalleeKey, CalleeName, Through, CallWhere, CallStates,
                          ArgKnown, ArgTrue, After, ArgBits, Passes] = C;
  [[maybe_unused]] auto &[Forwarded, TransformedArgs, FnArgs, FnForwarded,
                          FnSlots, Chain, Lent] = CP;
  [[maybe_unused]] auto &[Rule, Access, OpName, Variable, OpWhere, MacroNotes,
                          OpStates, ValueUsed, PointerValue, RetriedAt,
                          DecidedBy] = Op;
  [[maybe_unused]] auto &[Key, FnWhere, Notes, Calls, Ops, Sites, ExitStates,
                          Tests, Joins, ForCallers, FnValues] = F;
  [[maybe_unused]] auto &[ReturnBits, Stores, ReturnFields, ReturnFieldParams,
                          ReturnsExchange, ReturnsMember, ReturnTransfer,
                          OutTransfers, StoredParams] = FF;
  [[maybe_unused]] auto &[OutParam, OutBits, OutIfNonZero] = OT;
  [[maybe_unused]] auto &[ArgT, OnesOf, OnesKept] = AT;
  [[maybe_unused]] auto &[ValueSource, ValueIndex, Uses] = VF;
  [[maybe_unused]] auto &[UseKind, UseArg, UseCall, UseCallee, Via, UseWhere,
                          EndedAt, UseStates, Load] = VU;
  [[maybe_unused]] auto [TestArg, Equal, Mask, Value, Other] = ParamTest{};
  [[maybe_unused]] auto [Index, Field] = ArgRef{};
  [[maybe_unused]] auto [Zero, One, NonZero] = KnownBits{};
  [[maybe_unused]] auto &[FunctionKey, FunctionName, Context, Why, WorkItem] =
      H;
  [[maybe_unused]] auto &[QueuedWork, Queue, QueuedWhere] = Q;
  [[maybe_unused]] auto &[AllocatedQueue, Unbound, AllocatedWhere] = A;
  [[maybe_unused]] auto &[Preempt, Irqs, Migration, Kinds, Bh,
                          SpecSleepChecks] = Ctx;
  [[maybe_unused]] auto &[MainFile, Target, Functions, Hints, Queueings,
                          Allocations, Flows, ParseErrors, ImportsDigest,
                          BitsAsked, LocksDeclared, FlagUses] = S;
  [[maybe_unused]] auto [FlagVariable, DefinedZero, FlagSet, Spoiled, Tested] =
      FlagUse{};
  [[maybe_unused]] auto &[Kind, Macro, Args, SiteWhere, PercpuVariable,
                          TaskField, Generator, StorageWhere, Values,
                          SiteStates] = Site;
  [[maybe_unused]] auto &[Arch, StackAlignment, FromFlag] = T;
  [[maybe_unused]] auto &[ValueName, ValueText, Evidence, ValueWhere] = SV;
  [[maybe_unused]] auto &[JoinSlot, JoinTargets] = J;
  [[maybe_unused]] auto &[To, ToParam, From, FlowKey, FlowWhere] = Flow;
}

namespace {

StringRef irqName(IrqRel I) {
  switch (I) {
  case IrqRel::Inherited: return "inherited";
  case IrqRel::Off: return "off";
  case IrqRel::On: return "on";
  case IrqRel::SleptOn: return "slept-on";
  case IrqRel::Interrupted:
    return "interrupted";
  }
  llvm_unreachable("unknown IRQ state");
}

StringRef retName(RetFact R) {
  switch (R) {
  case RetFact::Unknown: return "unknown";
  case RetFact::Zero: return "zero";
  case RetFact::NonZero: return "nonzero";
  case RetFact::Negative:
    return "negative";
  case RetFact::Positive:
    return "positive";
  }
  llvm_unreachable("unknown return fact");
}

StringRef switchName(Switch S) {
  switch (S) {
  case Switch::Off: return "off";
  case Switch::On: return "on";
  case Switch::Unknown: return "unknown";
  }
  llvm_unreachable("unknown switch");
}

StringRef flowSourceName(PointerFlow::Source S) {
  switch (S) {
  case PointerFlow::Source::Function:
    return "function";
  case PointerFlow::Source::Slot:
    return "slot";
  case PointerFlow::Source::Unseen:
    return "unseen";
  }
  llvm_unreachable("unknown flow source");
}

constexpr PercpuAccess AllAccesses[] = {
    PercpuAccess::Read,    PercpuAccess::Write, PercpuAccess::ReadModifyWrite,
    PercpuAccess::Address, PercpuAccess::CpuId, PercpuAccess::Safe};
StringRef valueFromName(ValueFlow::From F) {
  switch (F) {
  case ValueFlow::From::Operation: return "operation";
  case ValueFlow::From::Call: return "call";
  case ValueFlow::From::Parameter: return "parameter";
  }
  llvm_unreachable("unknown value source");
}

StringRef useKindName(ValueUse::Kind K) {
  switch (K) {
  case ValueUse::Kind::Deref: return "deref";
  case ValueUse::Kind::Arg: return "arg";
  case ValueUse::Kind::Return: return "return";
  case ValueUse::Kind::Store: return "store";
  case ValueUse::Kind::Read: return "read";
  }
  llvm_unreachable("unknown use kind");
}

constexpr ValueFlow::From AllValueFroms[] = {ValueFlow::From::Operation,
                                             ValueFlow::From::Call,
                                             ValueFlow::From::Parameter};
constexpr ValueUse::Kind AllUseKinds[] = {
    ValueUse::Kind::Deref, ValueUse::Kind::Arg, ValueUse::Kind::Return,
    ValueUse::Kind::Store, ValueUse::Kind::Read};
constexpr IrqRel AllIrqRels[] = {IrqRel::Inherited, IrqRel::Off, IrqRel::On,
                                 IrqRel::SleptOn, IrqRel::Interrupted};
constexpr RetFact AllRetFacts[] = {RetFact::Unknown, RetFact::Zero,
                                   RetFact::NonZero, RetFact::Negative,
                                   RetFact::Positive};
constexpr Switch AllSwitches[] = {Switch::Off, Switch::On, Switch::Unknown};
constexpr PointerFlow::Source AllFlowSources[] = {PointerFlow::Source::Function,
                                                  PointerFlow::Source::Slot,
                                                  PointerFlow::Source::Unseen};

/// Writes one summary; file names go to a table, points refer to it.
class Writer {
public:
  json::Value write(const TUSummary &S) {
    json::Object O = header(S);
    json::Array Functions, Hints, Queueings, Allocations, Flows;
    for (const FunctionSummary &F : S.Functions)
      Functions.push_back(function(F));
    for (const EntryHint &H : S.Hints)
      Hints.push_back(hint(H));
    for (const WorkQueueing &Q : S.Queueings)
      Queueings.push_back(queueing(Q));
    for (const QueueAllocation &A : S.Allocations)
      Allocations.push_back(allocation(A));
    for (const PointerFlow &F : S.Flows)
      Flows.push_back(flow(F));
    putArray(O, "functions", std::move(Functions));
    putArray(O, "hints", std::move(Hints));
    putArray(O, "queueings", std::move(Queueings));
    putArray(O, "allocations", std::move(Allocations));
    putArray(O, "flows", std::move(Flows));
    // Last: the table is complete only once everything else is written.
    O["files"] = json::Array(Files);
    return O;
  }

  std::string writePieces(const TUSummary &S) {
    std::string Pieces;
    raw_string_ostream OS(Pieces);
    json::Object Counts;
    auto Put = [&](StringRef Key, const auto &Elements, auto Write) {
      Counts[Key] = int64_t(Elements.size());
      for (const auto &E : Elements)
        OS << Write(E) << '\n';
    };
    Put(SummaryPieceArrays[0], S.Functions,
        [&](const FunctionSummary &F) { return function(F); });
    Put(SummaryPieceArrays[1], S.Hints,
        [&](const EntryHint &H) { return hint(H); });
    Put(SummaryPieceArrays[2], S.Queueings,
        [&](const WorkQueueing &Q) { return queueing(Q); });
    Put(SummaryPieceArrays[3], S.Allocations,
        [&](const QueueAllocation &A) { return allocation(A); });
    Put(SummaryPieceArrays[4], S.Flows,
        [&](const PointerFlow &F) { return flow(F); });
    // The header goes first but is written last, when the file table is
    // complete.
    json::Object O = header(S);
    O["pieces"] = std::move(Counts);
    O["files"] = json::Array(Files);
    std::string Out;
    raw_string_ostream(Out) << json::Value(std::move(O)) << '\n' << Pieces;
    return Out;
  }

private:
  static void putArray(json::Object &O, StringRef Key, json::Array A) {
    if (!A.empty())
      O[Key] = std::move(A);
  }
  static void putFlag(json::Object &O, StringRef Key, bool Flag) {
    if (Flag)
      O[Key] = true;
  }

  /// The unit's own fields, without its arrays and file table.
  static json::Object header(const TUSummary &S) {
    json::Object O;
    O["format"] = SummaryFormatVersion;
    O["main_file"] = S.MainFile;
    O["target"] = json::Object{{"arch", S.Target.Arch},
                               {"stack_alignment", S.Target.StackAlignment},
                               {"from_flag", S.Target.FromFlag}};
    if (S.ParseErrors)
      O["parse_errors"] = S.ParseErrors;
    if (!S.ImportsDigest.empty())
      O["imports"] = S.ImportsDigest;
    if (!S.BitsAsked.empty())
      O["bits_asked"] = json::Array(S.BitsAsked);
    if (!S.LocksDeclared.empty())
      O["locks_declared"] = json::Array(S.LocksDeclared);
    if (!S.FlagUses.empty()) {
      json::Array Flags;
      for (const FlagUse &U : S.FlagUses) {
        json::Object F{{"variable", U.Variable}};
        putFlag(F, "defined_zero", U.DefinedZero);
        putFlag(F, "set", U.Set);
        putFlag(F, "spoiled", U.Spoiled);
        putFlag(F, "tested", U.Tested);
        Flags.push_back(std::move(F));
      }
      O["flags"] = std::move(Flags);
    }
    return O;
  }

  json::Value queueing(const WorkQueueing &Q) {
    return json::Object{
        {"work", Q.Work}, {"queue", Q.Queue}, {"at", point(Q.Where)}};
  }

  json::Value allocation(const QueueAllocation &A) {
    json::Object O{{"queue", A.Queue}, {"at", point(A.Where)}};
    if (A.Unbound)
      O["unbound"] = *A.Unbound;
    return O;
  }

  json::Value point(const SourcePoint &P) {
    auto [It, Inserted] = FileIndex.try_emplace(P.File, Files.size());
    if (Inserted)
      Files.push_back(P.File);
    return json::Array{It->second, P.Line, P.Column};
  }

  json::Value note(const Note &N) {
    return json::Object{{"at", point(N.Where)}, {"message", N.Message.str()}};
  }

  json::Array notes(ArrayRef<Note> Notes) {
    json::Array A;
    for (const Note &N : Notes)
      A.push_back(note(N));
    return A;
  }

  static json::Value state(const RelState &R) {
    const RelState D;
    json::Object O;
    if (R.PreemptDepth != D.PreemptDepth)
      O["preempt_depth"] = R.PreemptDepth;
    if (R.MigrateDepth != D.MigrateDepth)
      O["migrate_depth"] = R.MigrateDepth;
    if (R.Irq != D.Irq)
      O["irq"] = irqName(R.Irq);
    putFlag(O, "sleep_evidence", R.SleepEvidence);
    putFlag(O, "slept_unheld", R.SleptUnheld);
    putFlag(O, "sleep_only_to_fault", R.SleepOnlyToFault);
    if (R.PagefaultDepth != D.PagefaultDepth)
      O["pagefault_depth"] = R.PagefaultDepth;
    if (R.SleepDepth != D.SleepDepth)
      O["sleep_depth"] = R.SleepDepth;
    if (R.ParamKnown != D.ParamKnown)
      O["param_known"] = R.ParamKnown;
    if (R.ParamTrue != D.ParamTrue)
      O["param_true"] = R.ParamTrue;
    if (R.LocalKnown != D.LocalKnown)
      O["local_known"] = R.LocalKnown;
    if (R.LocalTrue != D.LocalTrue)
      O["local_true"] = R.LocalTrue;
    if (R.TestKnown != D.TestKnown)
      O["test_known"] = R.TestKnown;
    if (R.TestTrue != D.TestTrue)
      O["test_true"] = R.TestTrue;
    if (R.JoinKnown != D.JoinKnown)
      O["join_known"] = R.JoinKnown;
    if (R.JoinTrue != D.JoinTrue)
      O["join_true"] = R.JoinTrue;
    if (R.Returns != D.Returns)
      O["returns"] = retName(R.Returns);
    putFlag(O, "enable_evidence", R.EnableEvidence);
    if (R.AssertedPreempt != D.AssertedPreempt)
      O["asserted_preempt"] = R.AssertedPreempt;
    putFlag(O, "asserted_pinned", R.AssertedPinned);
    if (R.UnmatchedRestores != D.UnmatchedRestores)
      O["unmatched_restores"] = R.UnmatchedRestores;
    if (R.SavedCount != D.SavedCount)
      O["saved_count"] = R.SavedCount;
    if (R.Saved != D.Saved) {
      json::Array Saved;
      for (IrqRel I : R.Saved)
        Saved.push_back(irqName(I));
      O["saved"] = std::move(Saved);
    }
    if (R.SavedAsserted != D.SavedAsserted)
      O["saved_asserted"] = R.SavedAsserted;
    if (R.KindMask != D.KindMask)
      O["kind_mask"] = R.KindMask;
    if (R.BhDepth != D.BhDepth)
      O["bh_depth"] = R.BhDepth;
    putFlag(O, "asserted_bh_on", R.AssertedBhOn);
    putFlag(O, "asserted_irqs_on", R.AssertedIrqsOn);
    putFlag(O, "context_asked", R.ContextAsked);
    putFlag(O, "irqs_off_asked", R.IrqsOffAsked);
    putFlag(O, "irqs_off_asserted", R.IrqsOffAsserted);
    if (R.SimdDepth != D.SimdDepth)
      O["simd_depth"] = R.SimdDepth;
    putFlag(O, "simd_usable", R.SimdUsable);
    if (R.RcuDepth != D.RcuDepth)
      O["rcu_depth"] = R.RcuDepth;
    if (R.SectionKind != D.SectionKind)
      O["section_kind"] = R.SectionKind;
    if (R.SleepChecks != D.SleepChecks)
      O["sleep_checks"] = switchName(R.SleepChecks);
    if (R.Region != D.Region)
      O["region"] = R.Region;
    if (R.WhyIrq != D.WhyIrq)
      O["why_irq"] = R.WhyIrq;
    if (R.WhyPreempt != D.WhyPreempt)
      O["why_preempt"] = R.WhyPreempt;
    if (R.WhySimd != D.WhySimd)
      O["why_simd"] = R.WhySimd;
    if (R.WhyRcu != D.WhyRcu)
      O["why_rcu"] = R.WhyRcu;
    if (R.WhySection != D.WhySection)
      O["why_section"] = R.WhySection;
    if (R.WhyObjectState != D.WhyObjectState)
      O["why_object_state"] = R.WhyObjectState;
    return O;
  }

  static json::Array states(ArrayRef<RelState> States) {
    json::Array A;
    for (const RelState &R : States)
      A.push_back(state(R));
    return A;
  }

  json::Value call(const CallSite &C) {
    json::Object O{{"callee_key", C.CalleeKey.str()},
                   {"callee_name", C.CalleeName.str()},
                   {"at", point(C.Where)}};
    if (!C.Through.empty())
      O["through"] = C.Through.str();
    putArray(O, "states", states(C.States));
    if (C.ArgKnown) {
      O["arg_known"] = C.ArgKnown;
      O["arg_true"] = C.ArgTrue;
    }
    putFlag(O, "after", C.After);
    // [argument, parameter or key] each.
    auto Pairs = [](const auto &Of) {
      json::Array Out;
      for (const auto &[Arg, Value] : Of)
        Out.push_back(json::Array{Arg, Value});
      return Out;
    };
    putArray(O, "forwarded", Pairs(C.Passes->Forwarded));
    json::Array Transformed;
    for (const CallSite::Transformed &T : C.Passes->TransformedArgs)
      Transformed.push_back(
          json::Array{T.Arg, T.Param, int64_t(T.Bits.KeepZero),
                      int64_t(T.Bits.ForceZero), int64_t(T.Bits.KeepOne),
                      int64_t(T.Bits.ForceOne), int64_t(T.Bits.KeepNonZero)});
    putArray(O, "transformed", std::move(Transformed));
    putArray(O, "arg_bits", argFacts(C.ArgBits));
    putArray(O, "fn_args", Pairs(C.Passes->FnArgs));
    putArray(O, "fn_forwarded", Pairs(C.Passes->FnForwarded));
    putArray(O, "fn_slots", Pairs(C.Passes->FnSlots));
    putArray(O, "lent", Pairs(C.Passes->Lent));
    if (!C.Passes->Chain.empty())
      O["chain"] = C.Passes->Chain;
    return O;
  }

  static json::Array bits(const KnownBits &B) {
    return json::Array{int64_t(B.Zero), int64_t(B.One), int64_t(B.NonZero)};
  }

  static json::Array
  argFacts(llvm::ArrayRef<std::pair<ArgRef, KnownBits>> Facts) {
    json::Array A;
    for (const auto &[Ref, B] : Facts) {
      json::Object O{{"arg", Ref.Index}, {"bits", bits(B)}};
      if (!Ref.Field.empty())
        O["field"] = Ref.Field.str();
      A.push_back(std::move(O));
    }
    return A;
  }

  static json::Value test(const ParamTest &T) {
    json::Object O{{"param", T.Arg.Index},
                   {"equal", T.Equal},
                   {"mask", int64_t(T.Mask)},
                   {"value", int64_t(T.Value)}};
    if (!T.Arg.Field.empty())
      O["field"] = T.Arg.Field.str();
    if (T.relation())
      O["other"] = T.Other;
    return O;
  }

  json::Value op(const Operation &Op) {
    json::Object O{{"rule", Op.Rule},
                   {"operation", Op.Name},
                   {"variable", Op.Variable},
                   {"at", point(Op.Where)}};
    if (Op.isPercpu())
      O["access"] = accessName(Op.Access);
    putArray(O, "macro_notes", notes(Op.MacroNotes));
    putArray(O, "states", states(Op.States));
    putFlag(O, "value_used", Op.ValueUsed);
    putFlag(O, "pointer_value", Op.PointerValue);
    if (Op.RetriedAt.valid())
      O["retried_at"] = point(Op.RetriedAt);
    if (Op.DecidedBy >= 0)
      O["decided_by"] = Op.DecidedBy;
    return O;
  }

  json::Value site(const StackOffsetSite &S) {
    json::Object O{
        {"role", S.Kind == StackOffsetSite::Role::Consume ? "consume" : "refill"},
        {"macro", S.Macro},
        {"args", json::Array(S.Args)},
        {"at", point(S.Where)},
        {"percpu_variable", S.PercpuVariable}};
    putFlag(O, "task_field", S.TaskField);
    putFlag(O, "generator", S.Generator);
    if (S.StorageWhere.valid())
      O["storage_at"] = point(S.StorageWhere);
    json::Array Values;
    for (const SiteValue &V : S.Values) {
      json::Object VO{{"name", V.Name}, {"evidence", V.Evidence}};
      if (V.known())
        VO["value"] = V.Value;
      if (V.Where.valid())
        VO["at"] = point(V.Where);
      Values.push_back(std::move(VO));
    }
    putArray(O, "values", std::move(Values));
    putArray(O, "states", states(S.States));
    return O;
  }

  json::Value function(const FunctionSummary &F) {
    json::Object O{{"key", F.Key}, {"at", point(F.Where)}};
    putArray(O, "notes", notes(F.Notes));
    json::Array Calls, Ops, Sites;
    for (const CallSite &C : F.Calls)
      Calls.push_back(call(C));
    for (const Operation &Op : F.Ops)
      Ops.push_back(op(Op));
    for (const StackOffsetSite &S : F.Sites)
      Sites.push_back(site(S));
    putArray(O, "calls", std::move(Calls));
    putArray(O, "ops", std::move(Ops));
    putArray(O, "sites", std::move(Sites));
    putArray(O, "exit_states", states(F.ExitStates));
    json::Array Tests;
    for (const ParamTest &T : F.Tests)
      Tests.push_back(test(T));
    putArray(O, "tests", std::move(Tests));
    if (!F.ForCallers->ReturnBits.unknown())
      O["return_bits"] = bits(F.ForCallers->ReturnBits);
    putArray(O, "stores", argFacts(F.ForCallers->Stores));
    json::Array ReturnFields;
    for (const auto &[Field, B] : F.ForCallers->ReturnFields)
      ReturnFields.push_back(json::Object{{"field", Field}, {"bits", bits(B)}});
    putArray(O, "return_fields", std::move(ReturnFields));
    json::Array FieldParams;
    for (const auto &[Field, Param] : F.ForCallers->ReturnFieldParams)
      FieldParams.push_back(json::Object{{"field", Field}, {"param", Param}});
    putArray(O, "return_field_params", std::move(FieldParams));
    json::Array Joins;
    for (const TargetJoin &J : F.Joins)
      Joins.push_back(
          json::Object{{"slot", J.Slot}, {"targets", json::Array(J.Targets)}});
    putArray(O, "joins", std::move(Joins));
    if (!F.ForCallers->ReturnsExchange.empty())
      O["returns_exchange"] = F.ForCallers->ReturnsExchange;
    if (F.ForCallers->ReturnsMember >= 0)
      O["returns_member"] = F.ForCallers->ReturnsMember;
    if (F.ForCallers->ReturnTransfer.Param >= 0)
      O["return_transfer"] = paramTransfer(F.ForCallers->ReturnTransfer);
    json::Array OutTransfers;
    for (const FunctionSummary::OutTransfer &T : F.ForCallers->OutTransfers)
      OutTransfers.push_back(outTransfer(T));
    putArray(O, "out_transfers", std::move(OutTransfers));
    json::Array StoredParams;
    for (const auto &[Param, Variable] : F.ForCallers->StoredParams)
      StoredParams.push_back(
          json::Object{{"param", Param}, {"variable", Variable}});
    putArray(O, "stored_params", std::move(StoredParams));
    json::Array Values;
    for (const ValueFlow &V : F.Values)
      Values.push_back(valueFlow(V));
    putArray(O, "values", std::move(Values));
    return O;
  }

  /// [parameter, the transfer over every exit, then over the exits that
  /// may return non-zero if it differs]; each transfer 4 bit masks, 1 if a
  /// non-zero value stays so else 0, the other argument whose ones it adds
  /// (-1 for none) and those ones' mask.
  static json::Value outTransfer(const FunctionSummary::OutTransfer &T) {
    json::Array A{T.Param};
    auto Put = [&](const ArgBitsTransfer &X) {
      for (uint64_t W : {X.T.KeepZero, X.T.ForceZero, X.T.KeepOne, X.T.ForceOne,
                         uint64_t(X.T.KeepNonZero)})
        A.push_back(int64_t(W));
      A.push_back(X.OnesOf);
      A.push_back(int64_t(X.OnesKept));
    };
    Put(T.Bits);
    if (!(T.IfNonZero == T.Bits))
      Put(T.IfNonZero);
    return A;
  }

  static json::Value paramTransfer(const FunctionSummary::ReturnedParam &T) {
    const BitsTransfer &B = T.Bits;
    return json::Array{T.Param,
                       int64_t(B.KeepZero),
                       int64_t(B.ForceZero),
                       int64_t(B.KeepOne),
                       int64_t(B.ForceOne),
                       int64_t(B.KeepNonZero)};
  }

  json::Value valueFlow(const ValueFlow &V) {
    json::Array Uses;
    for (const ValueUse &U : V.Uses) {
      json::Object UO{{"kind", useKindName(U.K)}, {"at", point(U.Where)}};
      if (U.K == ValueUse::Kind::Arg || !U.Callee.empty()) {
        UO["arg"] = U.Arg;
        UO["callee"] = U.Callee;
        if (U.Call >= 0)
          UO["call"] = U.Call;
      }
      if (!U.Via.empty())
        UO["via"] = U.Via;
      if (U.EndedAt.valid())
        UO["ended_at"] = point(U.EndedAt);
      putFlag(UO, "load", U.Load);
      putArray(UO, "states", states(U.States));
      Uses.push_back(std::move(UO));
    }
    return json::Object{{"from", valueFromName(V.Source)},
                        {"index", V.Index},
                        {"uses", std::move(Uses)}};
  }

  json::Value flow(const PointerFlow &F) {
    json::Object O{
        {"to", F.To}, {"from", flowSourceName(F.From)}, {"at", point(F.Where)}};
    if (F.ToParam >= 0)
      O["param"] = F.ToParam;
    if (F.From != PointerFlow::Source::Unseen)
      O["key"] = F.Key;
    return O;
  }

  json::Value hint(const EntryHint &H) {
    json::Object O{
        {"function_key", H.FunctionKey},
        {"function_name", H.FunctionName},
        {"context",
         json::Object{{"preempt", switchName(H.Context.Preempt)},
                      {"irqs", switchName(H.Context.Irqs)},
                      {"migration", switchName(H.Context.Migration)},
                      {"kinds", H.Context.Kinds},
                      {"bh", switchName(H.Context.Bh)}}},
        {"why", note(H.Why)}};
    if (H.Context.SleepChecks != Switch::Unknown)
      O.getObject("context")->insert(
          {"sleep_checks", switchName(H.Context.SleepChecks)});
    if (!H.WorkItem.empty())
      O["work_item"] = H.WorkItem;
    return O;
  }

  std::vector<std::string> Files;
  StringMap<unsigned> FileIndex;
};

/// Reads one summary. Every reader returns false after reporting the first
/// problem at its JSON path.
class Reader {
public:
  Expected<TUSummary> read(const json::Value &V) {
    TUSummary S;
    if (!summary(V, S, json::Path(Root)))
      return Root.getError();
    return S;
  }

private:
  using Path = json::Path;

  static const json::Object *object(const json::Value &V, Path P) {
    const json::Object *O = V.getAsObject();
    if (!O)
      P.report("expected an object");
    return O;
  }

  /// Into a std::string or an InternedString.
  template <typename T>
  static bool string(const json::Object &O, StringRef Key, T &Out, Path P) {
    const json::Value *V = O.get(Key);
    if (!V) {
      P.field(Key).report("missing");
      return false;
    }
    if (auto S = V->getAsString()) {
      Out = T(*S);
      return true;
    }
    P.field(Key).report("expected a string");
    return false;
  }

  /// An optional integer field, which must fit T.
  template <typename T>
  static bool integer(const json::Object &O, StringRef Key, T &Out, Path P) {
    const json::Value *V = O.get(Key);
    if (!V)
      return true;
    std::optional<int64_t> I = V->getAsInteger();
    if (!I || *I < int64_t(std::numeric_limits<T>::min()) ||
        *I > int64_t(std::numeric_limits<T>::max())) {
      P.field(Key).report("expected an integer in range");
      return false;
    }
    Out = T(*I);
    return true;
  }

  static bool flag(const json::Object &O, StringRef Key, bool &Out, Path P) {
    const json::Value *V = O.get(Key);
    if (!V)
      return true;
    if (auto B = V->getAsBoolean()) {
      Out = *B;
      return true;
    }
    P.field(Key).report("expected a boolean");
    return false;
  }

  /// An enum spelled by Name(E) for one of All.
  template <typename E, size_t N, typename NameFn>
  static bool enumeration(const json::Value &V, const E (&All)[N],
                          NameFn Name, E &Out, Path P) {
    if (auto S = V.getAsString())
      for (E Candidate : All)
        if (Name(Candidate) == *S) {
          Out = Candidate;
          return true;
        }
    P.report("unknown value");
    return false;
  }

  /// An optional array field, each element read by Each, into a vector or
  /// what is made of one (an InternedList, a SparseVector).
  template <typename List, typename Fn>
  static bool array(const json::Object &O, StringRef Key, List &Out, Path P,
                    Fn Each) {
    const json::Value *V = O.get(Key);
    if (!V)
      return true;
    const json::Array *A = V->getAsArray();
    if (!A) {
      P.field(Key).report("expected an array");
      return false;
    }
    std::vector<typename List::value_type> Read(A->size());
    for (size_t I = 0; I < A->size(); ++I)
      if (!Each((*A)[I], Read[I], P.field(Key).index(I)))
        return false;
    Out = std::move(Read);
    return true;
  }

  bool point(const json::Object &O, StringRef Key, SourcePoint &Out, Path P) {
    const json::Value *V = O.get(Key);
    const json::Array *A = V ? V->getAsArray() : nullptr;
    if (!A || A->size() != 3) {
      P.field(Key).report("expected [file, line, column]");
      return false;
    }
    std::optional<int64_t> F = (*A)[0].getAsInteger(),
                           L = (*A)[1].getAsInteger(),
                           C = (*A)[2].getAsInteger();
    if (!F || !L || !C || *F < 0 || size_t(*F) >= Files.size() || *L < 0 ||
        *L > UINT32_MAX || *C < 0 || *C > UINT32_MAX) {
      P.field(Key).report("expected [file, line, column]");
      return false;
    }
    Out = {Paths[*F], unsigned(*L), unsigned(*C)};
    return true;
  }

  bool note(const json::Value &V, Note &Out, Path P) {
    const json::Object *O = object(V, P);
    return O && point(*O, "at", Out.Where, P) &&
           string(*O, "message", Out.Message, P);
  }

  template <typename Notes>
  bool notes(const json::Object &O, StringRef Key, Notes &Out, Path P) {
    return array(O, Key, Out, P, [&](const json::Value &V, Note &N, Path At) {
      return note(V, N, At);
    });
  }

  static bool state(const json::Value &V, RelState &R, Path P) {
    const json::Object *O = object(V, P);
    if (!O)
      return false;
    if (const json::Value *Irq = O->get("irq"))
      if (!enumeration(*Irq, AllIrqRels, irqName, R.Irq, P.field("irq")))
        return false;
    if (const json::Value *Ret = O->get("returns"))
      if (!enumeration(*Ret, AllRetFacts, retName, R.Returns,
                       P.field("returns")))
        return false;
    if (const json::Value *Checks = O->get("sleep_checks"))
      if (!enumeration(*Checks, AllSwitches, switchName, R.SleepChecks,
                       P.field("sleep_checks")))
        return false;
    if (const json::Value *Saved = O->get("saved")) {
      const json::Array *A = Saved->getAsArray();
      if (!A || A->size() != R.Saved.size()) {
        P.field("saved").report("expected the saved IRQ states");
        return false;
      }
      for (size_t I = 0; I < A->size(); ++I)
        if (!enumeration((*A)[I], AllIrqRels, irqName, R.Saved[I],
                         P.field("saved").index(I)))
          return false;
    }
    return integer(*O, "preempt_depth", R.PreemptDepth, P) &&
           integer(*O, "migrate_depth", R.MigrateDepth, P) &&
           flag(*O, "sleep_evidence", R.SleepEvidence, P) &&
           flag(*O, "slept_unheld", R.SleptUnheld, P) &&
           flag(*O, "sleep_only_to_fault", R.SleepOnlyToFault, P) &&
           integer(*O, "pagefault_depth", R.PagefaultDepth, P) &&
           integer(*O, "sleep_depth", R.SleepDepth, P) &&
           integer(*O, "param_known", R.ParamKnown, P) &&
           integer(*O, "param_true", R.ParamTrue, P) &&
           integer(*O, "local_known", R.LocalKnown, P) &&
           integer(*O, "local_true", R.LocalTrue, P) &&
           integer(*O, "test_known", R.TestKnown, P) &&
           integer(*O, "test_true", R.TestTrue, P) &&
           integer(*O, "join_known", R.JoinKnown, P) &&
           integer(*O, "join_true", R.JoinTrue, P) &&
           flag(*O, "enable_evidence", R.EnableEvidence, P) &&
           integer(*O, "asserted_preempt", R.AssertedPreempt, P) &&
           flag(*O, "asserted_pinned", R.AssertedPinned, P) &&
           integer(*O, "unmatched_restores", R.UnmatchedRestores, P) &&
           integer(*O, "saved_count", R.SavedCount, P) &&
           integer(*O, "saved_asserted", R.SavedAsserted, P) &&
           integer(*O, "kind_mask", R.KindMask, P) &&
           integer(*O, "bh_depth", R.BhDepth, P) &&
           flag(*O, "asserted_bh_on", R.AssertedBhOn, P) &&
           flag(*O, "asserted_irqs_on", R.AssertedIrqsOn, P) &&
           flag(*O, "context_asked", R.ContextAsked, P) &&
           flag(*O, "irqs_off_asked", R.IrqsOffAsked, P) &&
           flag(*O, "irqs_off_asserted", R.IrqsOffAsserted, P) &&
           integer(*O, "simd_depth", R.SimdDepth, P) &&
           flag(*O, "simd_usable", R.SimdUsable, P) &&
           integer(*O, "rcu_depth", R.RcuDepth, P) &&
           integer(*O, "section_kind", R.SectionKind, P) &&
           integer(*O, "region", R.Region, P) &&
           integer(*O, "why_irq", R.WhyIrq, P) &&
           integer(*O, "why_preempt", R.WhyPreempt, P) &&
           integer(*O, "why_simd", R.WhySimd, P) &&
           integer(*O, "why_rcu", R.WhyRcu, P) &&
           integer(*O, "why_section", R.WhySection, P) &&
           integer(*O, "why_object_state", R.WhyObjectState, P) &&
           checkSavedCount(R, P);
  }

  static bool checkSavedCount(const RelState &R, Path P) {
    if (R.SavedCount <= RelState::MaxSaved)
      return true;
    P.field("saved_count").report("more saved IRQ states than kept");
    return false;
  }

  static bool states(const json::Object &O, StringRef Key,
                     std::vector<RelState> &Out, Path P) {
    return array(O, Key, Out, P, state);
  }
  static bool states(const json::Object &O, StringRef Key, StateList &Out,
                     Path P) {
    return array(O, Key, Out, P, state);
  }

  bool call(const json::Value &V, CallSite &C, Path P) {
    const json::Object *O = object(V, P);
    CallSite::Passed Passes;
    bool Ok =
        O && string(*O, "callee_key", C.CalleeKey, P) &&
        string(*O, "callee_name", C.CalleeName, P) &&
        optionalString(*O, "through", C.Through, P) &&
        point(*O, "at", C.Where, P) && states(*O, "states", C.States, P) &&
        integer(*O, "arg_known", C.ArgKnown, P) &&
        integer(*O, "arg_true", C.ArgTrue, P) &&
        flag(*O, "after", C.After, P) &&
        array(*O, "forwarded", Passes.Forwarded, P, forwarded) &&
        array(*O, "transformed", Passes.TransformedArgs, P, transformed) &&
        array(*O, "arg_bits", C.ArgBits, P, argFact) &&
        array(*O, "fn_args", Passes.FnArgs, P, fnArg) &&
        array(*O, "fn_forwarded", Passes.FnForwarded, P,
              [](const json::Value &V, std::pair<uint8_t, uint8_t> &Out,
                 Path At) {
                return indexPair(V, Out, CallSite::MaxFunctionParams, At);
              }) &&
        array(*O, "fn_slots", Passes.FnSlots, P, fnArg) &&
        array(*O, "lent", Passes.Lent, P, lentSlot) &&
        optionalString(*O, "chain", Passes.Chain, P);
    if (Ok)
      C.Passes = Passes;
    return Ok;
  }

  /// [argument index below 16, the function's or the slot's key].
  static bool fnArg(const json::Value &V, std::pair<uint8_t, std::string> &Out,
                    Path P) {
    const json::Array *A = V.getAsArray();
    std::optional<int64_t> Arg =
        A && A->size() == 2 ? (*A)[0].getAsInteger() : std::nullopt;
    std::optional<StringRef> Key = Arg ? (*A)[1].getAsString() : std::nullopt;
    if (!Key || *Arg < 0 || *Arg >= CallSite::MaxFunctionParams) {
      P.report("expected [argument index below 16, key]");
      return false;
    }
    Out = {uint8_t(*Arg), Key->str()};
    return true;
  }

  /// N integers, each the 64 bits of a uint64_t.
  template <size_t N>
  static bool words(const json::Value &V, std::array<uint64_t, N> &Out) {
    const json::Array *A = V.getAsArray();
    if (!A || A->size() != N)
      return false;
    for (size_t I = 0; I < N; ++I) {
      std::optional<int64_t> W = (*A)[I].getAsInteger();
      if (!W)
        return false;
      Out[I] = uint64_t(*W);
    }
    return true;
  }

  /// [bits known zero, bits known one, 1 if known not zero else 0].
  static bool knownBits(const json::Value &V, KnownBits &Out) {
    std::array<uint64_t, 3> W;
    if (!words(V, W) || W[2] > 1)
      return false;
    Out = {W[0], W[1], W[2] == 1};
    return true;
  }

  static bool knownBits(const json::Object &O, StringRef Key, KnownBits &Out,
                        Path P) {
    const json::Value *V = O.get(Key);
    if (V && knownBits(*V, Out))
      return true;
    P.field(Key).report("expected [zero bits, one bits, 0 or 1 (not zero)]");
    return false;
  }

  /// An optional string field.
  template <typename T>
  static bool optionalString(const json::Object &O, StringRef Key, T &Out,
                             Path P) {
    return !O.get(Key) || string(O, Key, Out, P);
  }

  /// {"field": path, "bits": bits}.
  static bool fieldFact(const json::Value &V,
                        std::pair<std::string, KnownBits> &Out, Path P) {
    const json::Object *O = object(V, P);
    return O && string(*O, "field", Out.first, P) &&
           knownBits(*O, "bits", Out.second, P);
  }

  /// {Name: text, "param": index below 8}.
  static bool namedParam(const json::Value &V, llvm::StringRef Name,
                         std::string &Text, uint8_t &Param, Path P) {
    const json::Object *O = object(V, P);
    if (!O || !string(*O, Name, Text, P))
      return false;
    std::optional<int64_t> Index = O->getInteger("param");
    if (!Index || *Index < 0 || *Index >= RelState::MaxParams) {
      P.field("param").report("expected a parameter index below 8");
      return false;
    }
    Param = uint8_t(*Index);
    return true;
  }
  static bool fieldParam(const json::Value &V,
                         std::pair<std::string, uint8_t> &Out, Path P) {
    return namedParam(V, "field", Out.first, Out.second, P);
  }
  static bool storedParam(const json::Value &V,
                          std::pair<uint8_t, std::string> &Out, Path P) {
    return namedParam(V, "variable", Out.second, Out.first, P);
  }

  /// {"arg": index below 8, "field": path (optional), "bits": bits}.
  static bool argFact(const json::Value &V, std::pair<ArgRef, KnownBits> &Out,
                      Path P) {
    const json::Object *O = object(V, P);
    if (!O)
      return false;
    std::optional<int64_t> Arg = O->getInteger("arg");
    if (!Arg || *Arg < 0 || *Arg >= RelState::MaxParams) {
      P.field("arg").report("expected an argument index below 8");
      return false;
    }
    Out.first.Index = uint8_t(*Arg);
    return optionalString(*O, "field", Out.first.Field, P) &&
           knownBits(*O, "bits", Out.second, P);
  }

  static bool test(const json::Value &V, ParamTest &T, Path P) {
    const json::Object *O = object(V, P);
    if (!O)
      return false;
    std::optional<int64_t> Mask = O->getInteger("mask"),
                           Value = O->getInteger("value");
    if (!Mask || !Value) {
      P.report("expected a mask and a value");
      return false;
    }
    T.Mask = uint64_t(*Mask);
    T.Value = uint64_t(*Value);
    if (!integer(*O, "param", T.Arg.Index, P) ||
        !optionalString(*O, "field", T.Arg.Field, P) ||
        !flag(*O, "equal", T.Equal, P))
      return false;
    if (T.Arg.Index >= RelState::MaxParams) {
      P.field("param").report("expected a parameter index below 8");
      return false;
    }
    if (!O->get("other"))
      return true;
    std::optional<int64_t> Other = O->getInteger("other");
    if (!Other || *Other <= T.Arg.Index || *Other >= RelState::MaxParams ||
        !T.Arg.Field.empty()) {
      P.field("other").report("expected a parameter index above param's and "
                              "below 8, of a test without a field");
      return false;
    }
    T.Other = int8_t(*Other);
    return true;
  }

  /// [argument, parameter (both below 8), keep zero, force zero, keep one,
  /// force one, 1 if a non-zero value stays so else 0].
  static bool transformed(const json::Value &V, CallSite::Transformed &Out,
                          Path P) {
    std::array<uint64_t, 7> W;
    if (!words(V, W) || W[0] >= RelState::MaxParams ||
        W[1] >= RelState::MaxParams || W[6] > 1) {
      P.report("expected [argument, parameter, 4 bit masks, 0 or 1]");
      return false;
    }
    Out = {uint8_t(W[0]), uint8_t(W[1]), {W[2], W[3], W[4], W[5], W[6] == 1}};
    return true;
  }

  /// [parameter (below 8), keep zero, force zero, keep one, force one, 1 if
  /// a non-zero value stays so else 0].
  static bool returnTransfer(const json::Value &V,
                             FunctionSummary::ReturnedParam &Out, Path P) {
    std::array<uint64_t, 6> W;
    if (!words(V, W) || W[0] >= RelState::MaxParams || W[5] > 1) {
      P.report("expected [parameter, 4 bit masks, 0 or 1]");
      return false;
    }
    Out = {int8_t(W[0]), {W[1], W[2], W[3], W[4], W[5] == 1}};
    return true;
  }

  static bool outTransfer(const json::Value &V,
                          FunctionSummary::OutTransfer &Out, Path P) {
    const json::Array *A = V.getAsArray();
    std::vector<int64_t> W;
    for (size_t I = 0; A && I < A->size(); ++I)
      if (std::optional<int64_t> X = (*A)[I].getAsInteger())
        W.push_back(*X);
    auto Read = [&](size_t At, ArgBitsTransfer &X) {
      if (W[At + 4] < 0 || W[At + 4] > 1 || W[At + 5] < -1 ||
          W[At + 5] >= RelState::MaxParams)
        return false;
      X = {{uint64_t(W[At]), uint64_t(W[At + 1]), uint64_t(W[At + 2]),
            uint64_t(W[At + 3]), W[At + 4] == 1},
           int8_t(W[At + 5]),
           uint64_t(W[At + 6])};
      return true;
    };
    if (!A || W.size() != A->size() || (W.size() != 8 && W.size() != 15) ||
        W[0] < 0 || W[0] >= RelState::MaxParams || !Read(1, Out.Bits) ||
        !Read(W.size() == 15 ? 8 : 1, Out.IfNonZero)) {
      P.report("expected [parameter, 7 words, 7 words if they differ]");
      return false;
    }
    Out.Param = int8_t(W[0]);
    return true;
  }

  static bool forwarded(const json::Value &V, std::pair<uint8_t, uint8_t> &Out,
                        Path P) {
    return indexPair(V, Out, RelState::MaxParams, P);
  }

  /// [argument index below 8, a local slot].
  static bool lentSlot(const json::Value &V, std::pair<uint8_t, uint8_t> &Out,
                       Path P) {
    static_assert(RelState::MaxParams == 8 && RelState::RetSlot == 16);
    return boundedPair(V, Out, RelState::MaxParams, RelState::MaxParams,
                       RelState::RetSlot,
                       "expected [argument below 8, local slot 8 to 15]", P);
  }

  /// [argument index, parameter index], both below Limit.
  static bool indexPair(const json::Value &V, std::pair<uint8_t, uint8_t> &Out,
                        unsigned Limit, Path P) {
    static_assert(RelState::MaxParams == 8 &&
                  CallSite::MaxFunctionParams == 16);
    return boundedPair(
        V, Out, Limit, 0, Limit,
        Limit == RelState::MaxParams
            ? StringLiteral("expected [argument, parameter] indices below 8")
            : StringLiteral("expected [argument, parameter] indices below 16"),
        P);
  }

  /// [first, second], first below FirstEnd and second in [SecondBegin,
  /// SecondEnd); else Message (json::Path keeps it as it is: a literal).
  static bool boundedPair(const json::Value &V,
                          std::pair<uint8_t, uint8_t> &Out, unsigned FirstEnd,
                          unsigned SecondBegin, unsigned SecondEnd,
                          StringLiteral Message, Path P) {
    const json::Array *A = V.getAsArray();
    std::optional<int64_t> First =
        A && A->size() == 2 ? (*A)[0].getAsInteger() : std::nullopt;
    std::optional<int64_t> Second =
        First ? (*A)[1].getAsInteger() : std::nullopt;
    if (!Second || *First < 0 || *First >= FirstEnd || *Second < SecondBegin ||
        *Second >= SecondEnd) {
      P.report(Message);
      return false;
    }
    Out = {uint8_t(*First), uint8_t(*Second)};
    return true;
  }

  bool op(const json::Value &V, Operation &Op, Path P) {
    const json::Object *O = object(V, P);
    if (!O || !string(*O, "rule", Op.Rule, P))
      return false;
    if (Op.Rule.empty()) {
      P.field("rule").report("empty");
      return false;
    }
    // A per-CPU operation says what it does with the variable.
    const json::Value *Access = O->get("access");
    if (Op.isPercpu() && !Access) {
      P.field("access").report("missing");
      return false;
    }
    if (!Op.isPercpu() && Access) {
      P.field("access").report("only for rule percpu");
      return false;
    }
    return (!Access || enumeration(*Access, AllAccesses, accessName, Op.Access,
                                   P.field("access"))) &&
           string(*O, "operation", Op.Name, P) &&
           string(*O, "variable", Op.Variable, P) &&
           point(*O, "at", Op.Where, P) &&
           notes(*O, "macro_notes", Op.MacroNotes, P) &&
           states(*O, "states", Op.States, P) &&
           flag(*O, "value_used", Op.ValueUsed, P) &&
           flag(*O, "pointer_value", Op.PointerValue, P) &&
           (!O->get("retried_at") ||
            point(*O, "retried_at", Op.RetriedAt, P)) &&
           decidedBy(*O, Op.DecidedBy, P);
  }

  static bool decidedBy(const json::Object &O, int8_t &Slot, Path P) {
    if (!integer(O, "decided_by", Slot, P))
      return false;
    bool Caller = (Slot >= 0 && Slot < int(RelState::MaxParams)) ||
                  (Slot >= int(RelState::FirstTestSlot) &&
                   Slot < int(RelState::FirstTestSlot + RelState::MaxTests));
    if (Slot == -1 || Caller)
      return true;
    P.field("decided_by").report("not a parameter's or a test's slot");
    return false;
  }

  bool siteValue(const json::Value &V, SiteValue &Out, Path P) {
    const json::Object *O = object(V, P);
    if (!O || !string(*O, "name", Out.Name, P) ||
        !string(*O, "evidence", Out.Evidence, P))
      return false;
    if (O->get("at") && !point(*O, "at", Out.Where, P))
      return false;
    if (!O->get("value"))
      return true;
    if (!string(*O, "value", Out.Value, P))
      return false;
    if (Out.Value.empty())
      P.field("value").report("a known value is not empty");
    return !Out.Value.empty();
  }

  bool site(const json::Value &V, StackOffsetSite &S, Path P) {
    const json::Object *O = object(V, P);
    if (!O)
      return false;
    std::string Role;
    if (!string(*O, "role", Role, P))
      return false;
    if (Role != "consume" && Role != "refill") {
      P.field("role").report("unknown value");
      return false;
    }
    S.Kind = Role == "consume" ? StackOffsetSite::Role::Consume
                               : StackOffsetSite::Role::Refill;
    if (O->get("storage_at") && !point(*O, "storage_at", S.StorageWhere, P))
      return false;
    return string(*O, "macro", S.Macro, P) &&
           array(*O, "args", S.Args, P,
                 [](const json::Value &A, std::string &Out, Path At) {
                   if (auto Str = A.getAsString()) {
                     Out = Str->str();
                     return true;
                   }
                   At.report("expected a string");
                   return false;
                 }) &&
           point(*O, "at", S.Where, P) &&
           string(*O, "percpu_variable", S.PercpuVariable, P) &&
           flag(*O, "task_field", S.TaskField, P) &&
           flag(*O, "generator", S.Generator, P) &&
           array(*O, "values", S.Values, P,
                 [&](const json::Value &SV, SiteValue &Out, Path At) {
                   return siteValue(SV, Out, At);
                 }) &&
           states(*O, "states", S.States, P);
  }

  bool function(const json::Value &V, FunctionSummary &F, Path P) {
    const json::Object *O = object(V, P);
    FunctionSummary::Facts Own;
    bool Ok = O && string(*O, "key", F.Key, P) && point(*O, "at", F.Where, P) &&
              notes(*O, "notes", F.Notes, P) &&
              array(*O, "calls", F.Calls, P,
                    [&](const json::Value &C, CallSite &Out, Path At) {
                      return call(C, Out, At);
                    }) &&
              array(*O, "ops", F.Ops, P,
                    [&](const json::Value &C, Operation &Out, Path At) {
                      return op(C, Out, At);
                    }) &&
              array(*O, "sites", F.Sites, P,
                    [&](const json::Value &C, StackOffsetSite &Out, Path At) {
                      return site(C, Out, At);
                    }) &&
              states(*O, "exit_states", F.ExitStates, P) &&
              array(*O, "tests", F.Tests, P, test) && checkTests(F, P) &&
              (!O->get("return_bits") ||
               knownBits(*O, "return_bits", Own.ReturnBits, P)) &&
              array(*O, "stores", Own.Stores, P, argFact) &&
              array(*O, "return_fields", Own.ReturnFields, P, fieldFact) &&
              array(*O, "return_field_params", Own.ReturnFieldParams, P,
                    fieldParam) &&
              array(*O, "joins", F.Joins, P, join) && checkJoins(F, P) &&
              optionalString(*O, "returns_exchange", Own.ReturnsExchange, P) &&
              returnsMember(*O, Own, P) &&
              (!O->get("return_transfer") ||
               returnTransfer(*O->get("return_transfer"), Own.ReturnTransfer,
                              P.field("return_transfer"))) &&
              array(*O, "out_transfers", Own.OutTransfers, P, outTransfer) &&
              array(*O, "stored_params", Own.StoredParams, P, storedParam) &&
              array(*O, "values", F.Values, P,
                    [&](const json::Value &C, ValueFlow &Out, Path At) {
                      return valueFlow(C, Out, At);
                    }) &&
              checkValues(F, P) && checkNoteIds(F, P);
    if (Ok && !Own.empty())
      F.ForCallers.set() = std::move(Own);
    return Ok;
  }

  bool valueUse(const json::Value &V, ValueUse &U, Path P) {
    const json::Object *O = object(V, P);
    if (!O)
      return false;
    const json::Value *Kind = O->get("kind");
    if (!Kind) {
      P.field("kind").report("missing");
      return false;
    }
    if (!enumeration(*Kind, AllUseKinds, useKindName, U.K, P.field("kind")) ||
        !point(*O, "at", U.Where, P) || !integer(*O, "arg", U.Arg, P) ||
        !integer(*O, "call", U.Call, P) ||
        (O->get("callee") && !string(*O, "callee", U.Callee, P)) ||
        (O->get("via") && !string(*O, "via", U.Via, P)) ||
        (O->get("ended_at") && !point(*O, "ended_at", U.EndedAt, P)) ||
        !flag(*O, "load", U.Load, P) || !states(*O, "states", U.States, P))
      return false;
    if (U.Call < -1) {
      P.field("call").report("expected a call index");
      return false;
    }
    return true;
  }

  bool valueFlow(const json::Value &V, ValueFlow &F, Path P) {
    const json::Object *O = object(V, P);
    const json::Value *From = O ? O->get("from") : nullptr;
    if (O && !From)
      P.field("from").report("missing");
    return From &&
           enumeration(*From, AllValueFroms, valueFromName, F.Source,
                       P.field("from")) &&
           integer(*O, "index", F.Index, P) &&
           array(*O, "uses", F.Uses, P,
                 [&](const json::Value &C, ValueUse &Out, Path At) {
                   return valueUse(C, Out, At);
                 });
  }

  /// Indices into the function's operations, calls and parameters.
  static bool checkValues(const FunctionSummary &F, Path P) {
    for (size_t I = 0; I < F.Values.size(); ++I) {
      const ValueFlow &V = F.Values[I];
      size_t Limit = V.Source == ValueFlow::From::Operation ? F.Ops.size()
                     : V.Source == ValueFlow::From::Call
                         ? F.Calls.size()
                         : CallSite::MaxFunctionParams;
      if (V.Index >= Limit) {
        P.field("values").index(I).field("index").report("out of range");
        return false;
      }
      for (size_t J = 0; J < V.Uses.size(); ++J)
        if (V.Uses[J].Call >= int64_t(F.Calls.size())) {
          P.field("values").index(I).field("uses").index(J).field("call")
              .report("out of range");
          return false;
        }
    }
    return true;
  }

  /// {"slot": key, "targets": [function keys, sorted]}.
  static bool join(const json::Value &V, TargetJoin &J, Path P) {
    const json::Object *O = object(V, P);
    return O && string(*O, "slot", J.Slot, P) &&
           array(*O, "targets", J.Targets, P, text) &&
           checkSorted(J.Targets, P.field("targets"));
  }

  static bool text(const json::Value &V, std::string &Out, Path P) {
    if (auto S = V.getAsString()) {
      Out = S->str();
      return true;
    }
    P.report("expected a string");
    return false;
  }

  static bool checkSorted(ArrayRef<std::string> Keys, Path P) {
    if (llvm::is_sorted(Keys))
      return true;
    P.report("expected sorted keys");
    return false;
  }

  static bool checkJoins(const FunctionSummary &F, Path P) {
    if (F.Joins.size() <= RelState::MaxJoins)
      return true;
    P.field("joins").report("more joins than kept");
    return false;
  }

  /// {"to": slot, "param": index (optional), "from": function, slot or
  /// unseen, "key": the function's or slot's key (not for unseen), "at"}.
  bool flow(const json::Value &V, PointerFlow &F, Path P) {
    const json::Object *O = object(V, P);
    if (!O)
      return false;
    const json::Value *From = O->get("from");
    if (!From) {
      P.field("from").report("missing");
      return false;
    }
    if (!enumeration(*From, AllFlowSources, flowSourceName, F.From,
                     P.field("from")) ||
        !string(*O, "to", F.To, P) || !integer(*O, "param", F.ToParam, P) ||
        !point(*O, "at", F.Where, P))
      return false;
    if (F.ToParam < -1) {
      P.field("param").report("expected a parameter index");
      return false;
    }
    return F.From == PointerFlow::Source::Unseen || string(*O, "key", F.Key, P);
  }

  static bool returnsMember(const json::Object &O, FunctionSummary::Facts &F,
                            Path P) {
    if (!integer(O, "returns_member", F.ReturnsMember, P))
      return false;
    if (F.ReturnsMember < -1 || F.ReturnsMember >= int(RelState::MaxParams)) {
      P.field("returns_member").report("expected a parameter index below 8");
      return false;
    }
    return true;
  }

  static bool checkTests(const FunctionSummary &F, Path P) {
    if (F.Tests.size() <= RelState::MaxTests)
      return true;
    P.field("tests").report("more parameter tests than kept");
    return false;
  }

  /// RelState::Why* index the function's notes; a stored summary must not
  /// send the solver out of bounds.
  static bool checkNoteIds(const FunctionSummary &F, Path P) {
    auto InRange = [&](const RelState &R) {
      return R.WhyIrq < int(F.Notes.size()) &&
             R.WhyPreempt < int(F.Notes.size());
    };
    bool Ok = llvm::all_of(F.ExitStates, InRange) &&
              llvm::all_of(F.Calls, [&](const CallSite &C) {
                return llvm::all_of(C.States, InRange);
              }) &&
              llvm::all_of(F.Ops, [&](const Operation &Op) {
                return llvm::all_of(Op.States, InRange);
              }) &&
              llvm::all_of(F.Sites, [&](const StackOffsetSite &S) {
                return llvm::all_of(S.States, InRange);
              }) &&
              llvm::all_of(F.Values, [&](const ValueFlow &V) {
                return llvm::all_of(V.Uses, [&](const ValueUse &U) {
                  return llvm::all_of(U.States, InRange);
                });
              });
    if (!Ok)
      P.report("a state refers to a note the function does not have");
    return Ok;
  }

  bool hint(const json::Value &V, EntryHint &H, Path P) {
    const json::Object *O = object(V, P);
    if (!O || !string(*O, "function_key", H.FunctionKey, P) ||
        !string(*O, "function_name", H.FunctionName, P))
      return false;
    const json::Value *Ctx = O->get("context");
    const json::Object *C = Ctx ? Ctx->getAsObject() : nullptr;
    if (!C || !C->get("preempt") || !C->get("irqs")) {
      P.field("context").report("expected {preempt, irqs}");
      return false;
    }
    const json::Value *Why = O->get("why");
    if (!Why) {
      P.field("why").report("missing");
      return false;
    }
    if (const json::Value *M = C->get("migration"))
      if (!enumeration(*M, AllSwitches, switchName, H.Context.Migration,
                       P.field("context")))
        return false;
    if (const json::Value *B = C->get("bh"))
      if (!enumeration(*B, AllSwitches, switchName, H.Context.Bh,
                       P.field("context")))
        return false;
    if (const json::Value *S = C->get("sleep_checks"))
      if (!enumeration(*S, AllSwitches, switchName, H.Context.SleepChecks,
                       P.field("context")))
        return false;
    if (!integer(*C, "kinds", H.Context.Kinds, P.field("context")))
      return false;
    if (H.Context.Kinds & ~AllKinds) {
      P.field("context").report("unknown context kinds");
      return false;
    }
    return enumeration(*C->get("preempt"), AllSwitches, switchName,
                       H.Context.Preempt, P.field("context")) &&
           enumeration(*C->get("irqs"), AllSwitches, switchName,
                       H.Context.Irqs, P.field("context")) &&
           note(*Why, H.Why, P.field("why")) &&
           optionalString(*O, "work_item", H.WorkItem, P);
  }

  bool queueing(const json::Value &V, WorkQueueing &Q, Path P) {
    const json::Object *O = object(V, P);
    return O && string(*O, "work", Q.Work, P) &&
           string(*O, "queue", Q.Queue, P) && point(*O, "at", Q.Where, P);
  }

  bool allocation(const json::Value &V, QueueAllocation &A, Path P) {
    const json::Object *O = object(V, P);
    if (!O || !string(*O, "queue", A.Queue, P) || !point(*O, "at", A.Where, P))
      return false;
    if (O->get("unbound")) {
      bool Unbound = false;
      if (!flag(*O, "unbound", Unbound, P))
        return false;
      A.Unbound = Unbound;
    }
    return true;
  }

  /// The unit's own fields and its file table, which the pieces' points
  /// refer to.
  bool header(const json::Object &O, TUSummary &S, Path P) {
    std::optional<int64_t> Format =
        O.get("format") ? O.get("format")->getAsInteger() : std::nullopt;
    if (Format != int64_t(SummaryFormatVersion)) {
      P.field("format").report("another summary format version");
      return false;
    }
    auto Text = [](const json::Value &F, std::string &Out, Path At) {
      if (auto S = F.getAsString()) {
        Out = S->str();
        return true;
      }
      At.report("expected a string");
      return false;
    };
    if (!array(O, "files", Files, P, Text))
      return false;
    Paths.assign(Files.begin(), Files.end());
    auto Flag = [](const json::Value &V, FlagUse &U, Path At) {
      const json::Object *F = object(V, At);
      return F && string(*F, "variable", U.Variable, At) &&
             flag(*F, "defined_zero", U.DefinedZero, At) &&
             flag(*F, "set", U.Set, At) && flag(*F, "spoiled", U.Spoiled, At) &&
             flag(*F, "tested", U.Tested, At);
    };
    if (!array(O, "bits_asked", S.BitsAsked, P, Text) ||
        !array(O, "locks_declared", S.LocksDeclared, P, Text) ||
        !array(O, "flags", S.FlagUses, P, Flag))
      return false;
    const json::Value *T = O.get("target");
    const json::Object *TO = T ? T->getAsObject() : nullptr;
    if (!TO || !string(*TO, "arch", S.Target.Arch, P.field("target")) ||
        !integer(*TO, "stack_alignment", S.Target.StackAlignment,
                 P.field("target")) ||
        !flag(*TO, "from_flag", S.Target.FromFlag, P.field("target"))) {
      if (!TO)
        P.field("target").report("expected {arch, stack_alignment}");
      return false;
    }
    return string(O, "main_file", S.MainFile, P) &&
           integer(O, "parse_errors", S.ParseErrors, P) &&
           optionalString(O, "imports", S.ImportsDigest, P);
  }

  /// Reads one element of the array Key (one of SummaryPieceArrays) into
  /// the summary's array, which has room for it.
  bool element(StringRef Key, const json::Value &V, TUSummary &S, size_t I,
               Path P) {
    if (Key == "functions")
      return function(V, S.Functions[I], P);
    if (Key == "hints")
      return hint(V, S.Hints[I], P);
    if (Key == "queueings")
      return queueing(V, S.Queueings[I], P);
    if (Key == "allocations")
      return allocation(V, S.Allocations[I], P);
    return flow(V, S.Flows[I], P);
  }

  static void resize(StringRef Key, TUSummary &S, size_t N) {
    if (Key == "functions")
      S.Functions.resize(N);
    else if (Key == "hints")
      S.Hints.resize(N);
    else if (Key == "queueings")
      S.Queueings.resize(N);
    else if (Key == "allocations")
      S.Allocations.resize(N);
    else
      S.Flows.resize(N);
  }

  bool summary(const json::Value &V, TUSummary &S, Path P) {
    const json::Object *O = object(V, P);
    if (!O || !header(*O, S, P))
      return false;
    for (StringRef Key : SummaryPieceArrays) {
      const json::Value *A = O->get(Key);
      if (!A)
        continue;
      if (!A->getAsArray()) {
        P.field(Key).report("expected an array");
        return false;
      }
      const json::Array &Elements = *A->getAsArray();
      resize(Key, S, Elements.size());
      for (size_t I = 0; I < Elements.size(); ++I)
        if (!element(Key, Elements[I], S, I, P.field(Key).index(I)))
          return false;
    }
    return true;
  }

public:
  Expected<TUSummary> readPieces(StringRef Text) {
    auto [HeaderText, Rest] = Text.split('\n');
    auto Header = parseJson(HeaderText, "its header");
    if (!Header)
      return Header.takeError();
    TUSummary S;
    const json::Object *O = object(*Header, Path(Root));
    if (!O || !header(*O, S, Path(Root)))
      return Root.getError();
    const json::Object *Counts = O->getObject("pieces");
    if (!Counts) {
      Path(Root).field("pieces").report("expected an object");
      return Root.getError();
    }
    if (!Rest.empty() && Rest.back() != '\n')
      return createStringError(inconvertibleErrorCode(),
                               "truncated: its last piece ends no line");
    // Checked before anything is sized by the counts: a damaged count must
    // not allocate.
    size_t Lines = Rest.count('\n'), Counted = 0;
    uint32_t Count[std::size(SummaryPieceArrays)] = {};
    for (size_t K = 0; K < std::size(SummaryPieceArrays); ++K) {
      if (!integer(*Counts, SummaryPieceArrays[K], Count[K],
                   Path(Root).field("pieces")))
        return Root.getError();
      Counted += Count[K];
    }
    if (Counted != Lines)
      return createStringError(inconvertibleErrorCode(),
                               "its header counts " + Twine(Counted) +
                                   " pieces, " + Twine(Lines) + " follow");
    size_t Number = 0;
    for (size_t K = 0; K < std::size(SummaryPieceArrays); ++K) {
      StringRef Key = SummaryPieceArrays[K];
      resize(Key, S, Count[K]);
      for (uint32_t I = 0; I < Count[K]; ++I) {
        auto [Line, Next] = Rest.split('\n');
        Rest = Next;
        auto V = parseJson(Line, ("piece " + Twine(++Number) + " (" + Key +
                                  "[" + Twine(I) + "])")
                                     .str());
        if (!V)
          return V.takeError();
        if (!element(Key, *V, S, I, Path(Root).field(Key).index(I)))
          return Root.getError();
      }
    }
    return S;
  }

private:
  json::Path::Root Root{"summary"};
  std::vector<std::string> Files;
  std::vector<FilePath> Paths; ///< Files interned, once per summary.
};

} // namespace

json::Value summaryToJson(const TUSummary &Summary) {
  return Writer().write(Summary);
}

Expected<TUSummary> summaryFromJson(const json::Value &Value) {
  return Reader().read(Value);
}

std::string summaryToPieces(const TUSummary &Summary) {
  return Writer().writePieces(Summary);
}

Expected<TUSummary> summaryFromPieces(StringRef Text) {
  return Reader().readPieces(Text);
}

} // namespace kharden
