#include "engine/KernelModel.h"

#include "support/YamlFile.h"

#include "llvm/Support/SHA1.h"
#include "llvm/Support/YAMLTraits.h"

using namespace llvm;
using namespace kharden;

static bool isGlob(StringRef Name) {
  return Name.find_first_of("*?[") != StringRef::npos;
}

namespace {
/// One YAML document: a table's three sections, all optional.
struct ModelFile {
  std::vector<Primitive> Primitives;
  std::vector<EntryPoint> EntryPoints;
  std::vector<Callback> Callbacks;
  std::vector<ExitPath> ExitPaths;
  std::vector<std::string> RandomSources, StackSinks, TaskSwitched;
  std::vector<std::string> ObjectLocks, CpuIndexed, PercpuExchanges;
  std::vector<std::string> AtomicSafe, BitTests, ReadOnlyArguments;
  std::vector<std::string> OptionTables;
  std::vector<ValueSource> Values;
  std::vector<CallArgument> NodePreferences, AtomicUpdates;
  std::optional<StackOffsetNames> StackOffset;
  std::optional<Workqueues> Queues;
  std::vector<StateCallbacks> StateCallbackTables;
  std::vector<SeparateImage> Images;
  std::vector<CallbackSequence> Sequences;
  std::vector<BoundThread> Bound;
  std::vector<StoreRule> Stores;
  std::optional<NotifierChains> Chains;
  std::optional<LockAnnotations> Locks;
  std::vector<CheckRule> CheckRules;
};

/// What YAML I/O hands the mappings that need to know more than the text.
struct ParseContext {
  ArrayRef<StringRef> KnownChecks; ///< Empty: any check name goes.
  /// The rules of the `values` entries read so far (earlier files and this
  /// one): besides the engine's own, what a check rule's engine-rule names.
  std::vector<std::string> ValueRules;
};
} // namespace

LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::Effect)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::ArgumentRule)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::StoreRule)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::StoreRule::Value)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::Primitive)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::EntryPoint)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::Callback)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::ExitPath)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::RandomInput)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::QueueCall)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::ValueSource)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::StateSection)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::StateRegistration)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::StateTable)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::StateCallbacks)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::SeparateImage)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::CallbackSequence)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::BoundThread)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::CallArgument)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::ContextKind)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::ContextWord)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::PercpuAccess)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::CheckRule)
LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::LockAnnotations::LockType)

namespace llvm::yaml {

template <> struct ScalarEnumerationTraits<Effect> {
  static void enumeration(IO &Io, Effect &E) {
    Io.enumCase(E, "preempt-disable", Effect::PreemptDisable);
    Io.enumCase(E, "preempt-enable", Effect::PreemptEnable);
    Io.enumCase(E, "irq-disable", Effect::IrqDisable);
    Io.enumCase(E, "irq-enable", Effect::IrqEnable);
    Io.enumCase(E, "irq-save", Effect::IrqSave);
    Io.enumCase(E, "irq-restore", Effect::IrqRestore);
    Io.enumCase(E, "irq-as-interrupted", Effect::IrqAsInterrupted);
    Io.enumCase(E, "migrate-disable", Effect::MigrateDisable);
    Io.enumCase(E, "migrate-enable", Effect::MigrateEnable);
    Io.enumCase(E, "may-sleep", Effect::MaySleep);
    Io.enumCase(E, "may-schedule", Effect::MaySchedule);
    Io.enumCase(E, "may-fault", Effect::MayFault);
    Io.enumCase(E, "pagefault-disable", Effect::PagefaultDisable);
    Io.enumCase(E, "pagefault-enable", Effect::PagefaultEnable);
    Io.enumCase(E, "assert-irqs-disabled", Effect::AssertIrqsDisabled);
    Io.enumCase(E, "assert-preempt-disabled", Effect::AssertPreemptDisabled);
    Io.enumCase(E, "assert-pinned", Effect::AssertPinned);
    Io.enumCase(E, "bh-disable", Effect::BhDisable);
    Io.enumCase(E, "bh-enable", Effect::BhEnable);
    Io.enumCase(E, "assert-bh-enabled", Effect::AssertBhEnabled);
    Io.enumCase(E, "assert-irqs-enabled", Effect::AssertIrqsEnabled);
    Io.enumCase(E, "not-in-task", Effect::NotInTask);
    Io.enumCase(E, "not-in-softirq", Effect::NotInSoftirq);
    Io.enumCase(E, "not-in-hardirq", Effect::NotInHardirq);
    Io.enumCase(E, "not-in-nmi", Effect::NotInNmi);
    Io.enumCase(E, "simd-begin", Effect::SimdBegin);
    Io.enumCase(E, "simd-end", Effect::SimdEnd);
    Io.enumCase(E, "assert-simd-usable", Effect::AssertSimdUsable);
    Io.enumCase(E, "rcu-read-lock", Effect::RcuReadLock);
    Io.enumCase(E, "rcu-read-unlock", Effect::RcuReadUnlock);
    Io.enumCase(E, "hardirq-enter", Effect::HardirqEnter);
    Io.enumCase(E, "nmi-enter", Effect::NmiEnter);
    Io.enumCase(E, "hardirq-exit", Effect::HardirqExit);
    Io.enumCase(E, "nmi-exit", Effect::NmiExit);
    Io.enumCase(E, "sleep-checks-off", Effect::SleepChecksOff);
    Io.enumCase(E, "sleep-checks-on", Effect::SleepChecksOn);
    Io.enumCase(E, "last-reference", Effect::LastReference);
  }
};

template <> struct ScalarEnumerationTraits<ContextKind> {
  static void enumeration(IO &Io, ContextKind &K) {
    for (ContextKind Each : EveryKind)
      Io.enumCase(K, kindName(Each).data(), Each);
  }
};

template <> struct ScalarEnumerationTraits<ContextWord> {
  static void enumeration(IO &Io, ContextWord &W) {
    for (unsigned I = 0; I <= unsigned(ContextWord::PreemptOff); ++I)
      Io.enumCase(W, contextWordName(ContextWord(I)).data(), ContextWord(I));
  }
};

template <> struct ScalarEnumerationTraits<PercpuAccess> {
  static void enumeration(IO &Io, PercpuAccess &A) {
    Io.enumCase(A, "read", PercpuAccess::Read);
    Io.enumCase(A, "write", PercpuAccess::Write);
    Io.enumCase(A, "read-modify-write", PercpuAccess::ReadModifyWrite);
    Io.enumCase(A, "address", PercpuAccess::Address);
    Io.enumCase(A, "cpu-id", PercpuAccess::CpuId);
    Io.enumCase(A, "safe", PercpuAccess::Safe);
  }
};

template <> struct ScalarEnumerationTraits<PercpuStep> {
  static void enumeration(IO &Io, PercpuStep &S) {
    Io.enumCase(S, "up", PercpuStep::Up);
    Io.enumCase(S, "down", PercpuStep::Down);
  }
};

template <> struct ScalarEnumerationTraits<Switch> {
  static void enumeration(IO &Io, Switch &S) {
    Io.enumCase(S, "off", Switch::Off);
    Io.enumCase(S, "on", Switch::On);
    Io.enumCase(S, "unknown", Switch::Unknown);
  }
};

template <> struct MappingTraits<ContextSpec> {
  static void mapping(IO &Io, ContextSpec &C) {
    Io.mapRequired("preempt", C.Preempt);
    Io.mapRequired("irqs", C.Irqs);
    Io.mapOptional("migration", C.Migration, Switch::On);
    std::vector<ContextKind> Kinds;
    Io.mapOptional("kind", Kinds);
    for (unsigned I = 0; I < Kinds.size(); ++I)
      C.Kinds = (I ? C.Kinds : 0) | Kinds[I];
    Io.mapOptional("bh", C.Bh, Switch::Unknown);
    Io.mapOptional("sleep-checks", C.SleepChecks, Switch::Unknown);
  }
  static std::string validate(IO &, ContextSpec &C) {
    return C.Migration == Switch::Unknown ? "'migration' is 'on' or 'off'" : "";
  }
};

/// Compiles Matches into Compiled; the error, or empty.
static std::string compileMatches(const std::string &Matches,
                                  std::shared_ptr<Regex> &Compiled) {
  Compiled = std::make_shared<Regex>(Matches);
  std::string Why;
  if (!Compiled->isValid(Why))
    return "invalid regular expression '" + Matches + "': " + Why;
  return "";
}

template <> struct MappingTraits<ArgumentRule> {
  static void mapping(IO &Io, ArgumentRule &R) {
    Io.mapRequired("index", R.Index);
    Io.mapRequired("matches", R.Matches);
    Io.mapRequired("effects", R.Effects);
  }
  static std::string validate(IO &, ArgumentRule &R) {
    return compileMatches(R.Matches, R.Compiled);
  }
};

template <> struct MappingTraits<ArgumentCondition> {
  static void mapping(IO &Io, ArgumentCondition &C) {
    Io.mapRequired("index", C.Index);
    Io.mapRequired("effects", C.Effects);
  }
  static std::string validate(IO &, ArgumentCondition &C) {
    if (C.Effects.empty() || llvm::any_of(C.Effects, [](Effect E) {
          return E != Effect::MaySleep && E != Effect::MayFault;
        }))
      return "'if-argument' takes only the effects may-sleep and may-fault";
    return "";
  }
};

template <> struct MappingTraits<StoreRule::Value> {
  static void mapping(IO &Io, StoreRule::Value &V) {
    Io.mapRequired("matches", V.Matches);
    Io.mapRequired("effects", V.Effects);
  }
  static std::string validate(IO &, StoreRule::Value &V) {
    return compileMatches(V.Matches, V.Compiled);
  }
};

template <> struct MappingTraits<StoreRule> {
  static void mapping(IO &Io, StoreRule &R) {
    Io.mapRequired("variable", R.Variable);
    Io.mapRequired("when-value", R.WhenValue);
  }
  static std::string validate(IO &, StoreRule &R) {
    if (R.WhenValue.empty())
      return "'when-value' of '" + R.Variable + "' must list a value";
    if (isGlob(R.Variable))
      return "'variable' takes an exact name, not the pattern '" + R.Variable +
             "'";
    return "";
  }
};

/// The lists the engine looks names up in directly (a macro table, a set
/// of storage names) take no globs: one there would never match.
static std::string validateExactNames(const std::vector<std::string> &Names,
                                      StringRef Key) {
  for (const std::string &N : Names)
    if (isGlob(N))
      return ("'" + Key + "' takes exact names, not the pattern '" + N + "'")
          .str();
  return "";
}

static std::string validateNames(const std::vector<std::string> &Names,
                                 StringRef Key) {
  if (Names.empty())
    return ("'" + Key + "' must list at least one name").str();
  for (const std::string &N : Names)
    if (auto Err = GlobPattern::create(N).takeError())
      return "invalid name pattern '" + N + "': " + toString(std::move(Err));
  return "";
}

template <> struct MappingTraits<Primitive> {
  static void mapping(IO &Io, Primitive &P) {
    Io.mapRequired("names", P.Names);
    Io.mapOptional("effects", P.Effects);
    Io.mapOptional("access", P.Access);
    Io.mapOptional("step", P.Step, PercpuStep::None);
    Io.mapOptional("when-argument", P.WhenArgument);
    Io.mapOptional("if-argument", P.IfArgument);
    Io.mapOptional("when-true", P.WhenTrue);
    Io.mapOptional("when-false", P.WhenFalse);
    Io.mapOptional("assume-true-if-untested", P.AssumeTrueIfUntested, false);
    Io.mapOptional("keep-call", P.KeepCall, false);
  }
  static std::string validate(IO &, Primitive &P) {
    if (std::string Err = validateNames(P.Names, "names"); !Err.empty())
      return Err;
    bool Conditional = !P.WhenTrue.empty() || !P.WhenFalse.empty();
    if (P.Effects.empty() && !P.Access && P.WhenArgument.empty() &&
        !P.IfArgument && !Conditional)
      return "primitive '" + P.Names.front() +
             "' needs 'effects', 'access', 'when-argument', 'if-argument', "
             "'when-true' or 'when-false'";
    if (P.IfArgument && (P.Access || !P.Effects.empty() ||
                         !P.WhenArgument.empty() || Conditional))
      return "primitive '" + P.Names.front() +
             "' has 'if-argument': it cannot have 'effects', 'access', "
             "'when-argument', 'when-true' or 'when-false'";
    if (P.Step != PercpuStep::None && P.Access != PercpuAccess::ReadModifyWrite)
      return "primitive '" + P.Names.front() +
             "' has a 'step' but is no per-CPU read-modify-write";
    if (P.Access && Conditional)
      return "primitive '" + P.Names.front() +
             "' is a per-CPU access: it cannot have 'when-true' or "
             "'when-false'";
    return "";
  }
};

template <> struct MappingTraits<EntryPoint> {
  static void mapping(IO &Io, EntryPoint &E) {
    Io.mapRequired("functions", E.Functions);
    Io.mapRequired("context", E.Context);
    Io.mapRequired("reason", E.Reason);
  }
  static std::string validate(IO &, EntryPoint &E) {
    return validateNames(E.Functions, "functions");
  }
};

template <> struct MappingTraits<Callback> {
  static void mapping(IO &Io, Callback &C) {
    Io.mapOptional("struct", C.Struct);
    Io.mapOptional("fields", C.Fields);
    Io.mapOptional("names", C.Names);
    Io.mapOptional("arguments", C.Arguments);
    Io.mapOptional("work-item", C.WorkItem);
    Io.mapRequired("context", C.Context);
    Io.mapRequired("reason", C.Reason);
  }
  static std::string validate(IO &, Callback &C) {
    if (C.Struct.empty() == C.Names.empty())
      return "a callback names either a 'struct' with 'fields', or "
             "registration 'names' with 'arguments'";
    if (!C.Struct.empty() && C.Fields.empty())
      return "callback struct '" + C.Struct + "' needs 'fields'";
    if (!C.Names.empty() && C.Arguments.empty())
      return "registration '" + C.Names.front() + "' needs 'arguments'";
    return "";
  }
};

template <> struct MappingTraits<QueueCall> {
  static void mapping(IO &Io, QueueCall &Q) {
    Io.mapRequired("names", Q.Names);
    Io.mapRequired("work", Q.Work);
    Io.mapOptional("queue", Q.Queue);
  }
  static std::string validate(IO &, QueueCall &Q) {
    return validateNames(Q.Names, "names");
  }
};

template <> struct MappingTraits<Workqueues> {
  static void mapping(IO &Io, Workqueues &W) {
    Io.mapRequired("queue-calls", W.QueueCalls);
    Io.mapOptional("unbound", W.Unbound);
    Io.mapOptional("allocators", W.Allocators);
    Io.mapOptional("unbound-flag", W.UnboundFlag);
  }
  static std::string validate(IO &, Workqueues &W) {
    if (!W.Allocators.empty() && W.UnboundFlag.empty())
      return "'allocators' need the 'unbound-flag' their flags are tested for";
    for (auto [Names, Key] : {std::pair{&W.Unbound, "unbound"},
                              std::pair{&W.Allocators, "allocators"}})
      if (std::string Err = validateExactNames(*Names, Key); !Err.empty())
        return Err;
    return "";
  }
};

template <> struct MappingTraits<StateSection> {
  static void mapping(IO &Io, StateSection &S) {
    Io.mapRequired("from", S.From);
    Io.mapRequired("before", S.Before);
    Io.mapRequired("context", S.Context);
    Io.mapRequired("reason", S.Reason);
  }
};

template <> struct MappingTraits<StateRegistration> {
  static void mapping(IO &Io, StateRegistration &R) {
    Io.mapRequired("names", R.Names);
    Io.mapRequired("state", R.State);
    Io.mapRequired("arguments", R.Arguments);
  }
  static std::string validate(IO &, StateRegistration &R) {
    if (std::string Err = validateNames(R.Names, "names"); !Err.empty())
      return Err;
    if (R.Arguments.empty())
      return "registration '" + R.Names.front() + "' needs 'arguments'";
    return "";
  }
};

template <> struct MappingTraits<StateTable> {
  static void mapping(IO &Io, StateTable &T) {
    Io.mapRequired("variable", T.Variable);
    Io.mapRequired("fields", T.Fields);
  }
  static std::string validate(IO &, StateTable &T) {
    return T.Fields.empty() ? "table '" + T.Variable + "' needs 'fields'" : "";
  }
};

template <> struct MappingTraits<StateCallbacks> {
  static void mapping(IO &Io, StateCallbacks &C) {
    Io.mapRequired("enum", C.Enum);
    Io.mapOptional("registrations", C.Registrations);
    Io.mapOptional("tables", C.Tables);
    Io.mapRequired("sections", C.Sections);
  }
  static std::string validate(IO &, StateCallbacks &C) {
    return C.Sections.empty() ? "enum '" + C.Enum + "' needs 'sections'" : "";
  }
};

template <> struct MappingTraits<CallArgument> {
  static void mapping(IO &Io, CallArgument &N) {
    Io.mapRequired("names", N.Names);
    Io.mapRequired("argument", N.Argument);
  }
  static std::string validate(IO &, CallArgument &N) {
    return validateNames(N.Names, "names");
  }
};

template <> struct MappingTraits<BoundThread> {
  static void mapping(IO &Io, BoundThread &B) {
    Io.mapRequired("creates", B.Creates);
    Io.mapRequired("binds", B.Binds);
    Io.mapRequired("context", B.Context);
    Io.mapRequired("reason", B.Reason);
  }
};

template <> struct MappingTraits<NotifierChains> {
  static void mapping(IO &Io, NotifierChains &C) {
    Io.mapRequired("block", C.Block);
    Io.mapRequired("register", C.Register);
    Io.mapRequired("call", C.Call);
  }
  static std::string validate(IO &, NotifierChains &C) {
    // The field's slot: "struct.field", as the run names callbacks.
    size_t Dot = C.Block.find('.');
    if (Dot == 0 || Dot == std::string::npos || Dot + 1 == C.Block.size() ||
        C.Block.find('.', Dot + 1) != std::string::npos)
      return "block '" + C.Block + "' must be STRUCT.FIELD";
    std::string Error = validateNames(C.Register, "register");
    if (Error.empty())
      Error = validateNames(C.Call, "call");
    if (Error.empty())
      Error = validateExactNames(C.Register, "register");
    return Error.empty() ? validateExactNames(C.Call, "call") : Error;
  }
};

template <> struct MappingTraits<LockAnnotations::LockType> {
  static void mapping(IO &Io, LockAnnotations::LockType &T) {
    Io.mapRequired("type", T.Type);
    Io.mapRequired("acquire", T.Acquire);
    Io.mapRequired("release", T.Release);
  }
  static std::string validate(IO &, LockAnnotations::LockType &T) {
    if (T.Type.empty() || T.Type.find_first_of(" *") != std::string::npos)
      return "lock type '" + T.Type + "' must be a typedef's name";
    return T.Acquire.empty() || T.Release.empty()
               ? "lock type '" + T.Type +
                     "' needs effects to acquire and release"
               : "";
  }
};

template <> struct MappingTraits<LockAnnotations> {
  static void mapping(IO &Io, LockAnnotations &L) {
    Io.mapRequired("acquires", L.Acquires);
    Io.mapRequired("releases", L.Releases);
    Io.mapRequired("types", L.Types);
  }
  static std::string validate(IO &, LockAnnotations &L) {
    std::string Error = validateExactNames(L.Acquires, "acquires");
    return Error.empty() ? validateExactNames(L.Releases, "releases") : Error;
  }
};

template <> struct MappingTraits<SeparateImage> {
  static void mapping(IO &Io, SeparateImage &I) {
    Io.mapRequired("macro", I.Macro);
    Io.mapRequired("name", I.Name);
  }
  static std::string validate(IO &, SeparateImage &I) {
    // The name prefixes keys: "name|function".
    if (I.Name.empty() || I.Name.find_first_of("|@:") != std::string::npos)
      return "image name '" + I.Name + "' must be non-empty, without '|', "
             "'@' or ':'";
    return "";
  }
};

template <> struct MappingTraits<CallbackSequence> {
  static void mapping(IO &Io, CallbackSequence &S) {
    Io.mapRequired("struct", S.Struct);
    Io.mapRequired("first", S.First);
    Io.mapRequired("then", S.Then);
  }
  static std::string validate(IO &, CallbackSequence &S) {
    if (S.Then.empty())
      return "callback sequence of '" + S.Struct + "' must list 'then' fields";
    if (llvm::is_contained(S.Then, S.First))
      return "callback sequence of '" + S.Struct + "' lists '" + S.First +
             "' first and after";
    return "";
  }
};

template <> struct ScalarEnumerationTraits<ExitKind> {
  static void enumeration(IO &Io, ExitKind &K) {
    Io.enumCase(K, "syscall-exit", ExitKind::SyscallExit);
    Io.enumCase(K, "every-return-to-user", ExitKind::EveryReturnToUser);
  }
};

template <> struct MappingTraits<ExitPath> {
  static void mapping(IO &Io, ExitPath &E) {
    Io.mapRequired("functions", E.Functions);
    Io.mapRequired("runs", E.Runs);
    Io.mapRequired("reason", E.Reason);
  }
  static std::string validate(IO &, ExitPath &E) {
    return validateNames(E.Functions, "functions");
  }
};

template <> struct MappingTraits<RandomInput> {
  static void mapping(IO &Io, RandomInput &R) {
    Io.mapRequired("names", R.Names);
    Io.mapRequired("source", R.Source);
    Io.mapRequired("bits", R.Bits);
    Io.mapOptional("unknown-bits", R.UnknownBits);
  }
  static std::string validate(IO &, RandomInput &R) {
    if (R.Source != "crng" && R.Source != "timer")
      return "source must be crng or timer, not '" + R.Source + "'";
    if (R.Bits == 0 || R.Bits > 32)
      return "bits must be 1..32";
    if (R.Source == "timer" && (R.UnknownBits == 0 || R.UnknownBits > R.Bits))
      return "a timer needs unknown-bits in 1..bits";
    return validateNames(R.Names, "names");
  }
};

template <> struct MappingTraits<ValueSource> {
  static void mapping(IO &Io, ValueSource &V) {
    Io.mapRequired("rule", V.Rule);
    Io.mapRequired("names", V.Names);
    Io.mapOptional("ends", V.Ends);
  }
  static std::string validate(IO &, ValueSource &V) {
    if (V.Rule.empty())
      return "rule must not be empty";
    if (std::string Err = validateNames(V.Names, "names"); !Err.empty())
      return Err;
    return V.Ends.empty() ? "" : validateNames(V.Ends, "ends");
  }
};

template <> struct MappingTraits<StackOffsetNames> {
  static void mapping(IO &Io, StackOffsetNames &N) {
    Io.mapRequired("consume", N.Consume);
    Io.mapRequired("refill", N.Refill);
    Io.mapOptional("rotate-right", N.RotateRight);
    Io.mapOptional("task-field", N.TaskField);
    Io.mapOptional("generators", N.Generators);
    Io.mapOptional("random-inputs", N.RandomInputs);
  }
  static std::string validate(IO &, StackOffsetNames &N) {
    for (auto [Names, Key] :
         {std::pair{&N.Consume, "consume"}, std::pair{&N.Refill, "refill"},
          std::pair{&N.RotateRight, "rotate-right"},
          std::pair{&N.Generators, "generators"}})
      if (std::string Err = validateExactNames(*Names, Key); !Err.empty())
        return Err;
    return "";
  }
};

template <> struct MappingTraits<CheckRule> {
  static void mapping(IO &Io, CheckRule &R) {
    Io.mapRequired("check", R.Check);
    Io.mapOptional("operations", R.Operations);
    Io.mapOptional("engine-rule", R.EngineRule);
    Io.mapOptional("wrong-in", R.WrongIn);
    Io.mapOptional("unless", R.Unless);
    Io.mapOptional("unless-access", R.UnlessAccess);
  }
  static std::string validate(IO &Io, CheckRule &R) {
    const auto *Ctx = static_cast<const ParseContext *>(Io.getContext());
    if (Ctx && !Ctx->KnownChecks.empty() &&
        !llvm::is_contained(Ctx->KnownChecks, R.Check))
      return "unknown check '" + R.Check + "' in check-rules";
    if (R.Operations.empty() == R.EngineRule.empty())
      return "check rule of '" + R.Check +
             "' names either 'operations' or an 'engine-rule'";
    if (!R.EngineRule.empty() && R.EngineRule != rules::Percpu &&
        R.EngineRule != rules::RandomSource &&
        R.EngineRule != rules::StackSink && R.EngineRule != rules::MaySleep &&
        R.EngineRule != rules::MaySchedule && R.EngineRule != rules::MayFault &&
        !(Ctx && llvm::is_contained(Ctx->ValueRules, R.EngineRule)))
      return "unknown engine-rule '" + R.EngineRule +
             "' (percpu, "
             "random-source, stack-sink, may-sleep, may-schedule, may-fault "
             "or the rule of a 'values' entry)";
    if (R.WrongIn.empty() && !R.Unless.empty())
      return "check rule of '" + R.Check + "' has 'unless' but no 'wrong-in'";
    if (!R.UnlessAccess.empty() && R.Unless.empty())
      return "'unless-access' needs 'unless'";
    return R.Operations.empty() ? "" : validateNames(R.Operations, "operations");
  }
};

template <> struct MappingTraits<ModelFile> {
  static void mapping(IO &Io, ModelFile &F) {
    Io.mapOptional("primitives", F.Primitives);
    Io.mapOptional("entry-points", F.EntryPoints);
    Io.mapOptional("callbacks", F.Callbacks);
    Io.mapOptional("exit-paths", F.ExitPaths);
    Io.mapOptional("random-sources", F.RandomSources);
    Io.mapOptional("stack-sinks", F.StackSinks);
    Io.mapOptional("stack-offset", F.StackOffset);
    Io.mapOptional("workqueues", F.Queues);
    Io.mapOptional("task-switched-percpu", F.TaskSwitched);
    Io.mapOptional("object-locks", F.ObjectLocks);
    Io.mapOptional("cpu-indexed", F.CpuIndexed);
    Io.mapOptional("percpu-exchanges", F.PercpuExchanges);
    Io.mapOptional("atomic-safe", F.AtomicSafe);
    Io.mapOptional("bit-tests", F.BitTests);
    Io.mapOptional("read-only-arguments", F.ReadOnlyArguments);
    Io.mapOptional("option-tables", F.OptionTables);
    Io.mapOptional("node-preferences", F.NodePreferences);
    Io.mapOptional("atomic-updates", F.AtomicUpdates);
    Io.mapOptional("values", F.Values);
    // Check rules may name the rules of these values (read first).
    if (auto *Ctx = static_cast<ParseContext *>(Io.getContext()))
      for (const ValueSource &V : F.Values)
        Ctx->ValueRules.push_back(V.Rule);
    Io.mapOptional("state-callbacks", F.StateCallbackTables);
    Io.mapOptional("separate-images", F.Images);
    Io.mapOptional("callback-sequences", F.Sequences);
    Io.mapOptional("bound-threads", F.Bound);
    Io.mapOptional("stores", F.Stores);
    Io.mapOptional("notifier-chains", F.Chains);
    Io.mapOptional("lock-annotations", F.Locks);
    Io.mapOptional("check-rules", F.CheckRules);
  }
  static std::string validate(IO &, ModelFile &F) {
    std::string Error =
        F.AtomicSafe.empty() ? "" : validateNames(F.AtomicSafe, "atomic-safe");
    if (Error.empty() && !F.BitTests.empty())
      Error = validateNames(F.BitTests, "bit-tests");
    if (Error.empty() && !F.ReadOnlyArguments.empty())
      Error = validateNames(F.ReadOnlyArguments, "read-only-arguments");
    if (Error.empty() && !F.OptionTables.empty())
      Error = validateNames(F.OptionTables, "option-tables");
    return Error;
  }
};

} // namespace llvm::yaml

namespace kharden {

StringRef effectName(Effect E) {
  switch (E) {
  case Effect::PreemptDisable: return "preempt-disable";
  case Effect::PreemptEnable: return "preempt-enable";
  case Effect::IrqDisable: return "irq-disable";
  case Effect::IrqEnable: return "irq-enable";
  case Effect::IrqSave: return "irq-save";
  case Effect::IrqRestore: return "irq-restore";
  case Effect::IrqAsInterrupted:
    return "irq-as-interrupted";
  case Effect::MigrateDisable: return "migrate-disable";
  case Effect::MigrateEnable: return "migrate-enable";
  case Effect::MaySleep: return "may-sleep";
  case Effect::MaySchedule:
    return "may-schedule";
  case Effect::MayFault: return "may-fault";
  case Effect::PagefaultDisable: return "pagefault-disable";
  case Effect::PagefaultEnable: return "pagefault-enable";
  case Effect::AssertIrqsDisabled: return "assert-irqs-disabled";
  case Effect::AssertPreemptDisabled: return "assert-preempt-disabled";
  case Effect::AssertPinned: return "assert-pinned";
  case Effect::BhDisable: return "bh-disable";
  case Effect::BhEnable: return "bh-enable";
  case Effect::AssertBhEnabled: return "assert-bh-enabled";
  case Effect::AssertIrqsEnabled: return "assert-irqs-enabled";
  case Effect::NotInTask: return "not-in-task";
  case Effect::NotInSoftirq: return "not-in-softirq";
  case Effect::NotInHardirq: return "not-in-hardirq";
  case Effect::NotInNmi: return "not-in-nmi";
  case Effect::SimdBegin: return "simd-begin";
  case Effect::SimdEnd: return "simd-end";
  case Effect::AssertSimdUsable: return "assert-simd-usable";
  case Effect::RcuReadLock: return "rcu-read-lock";
  case Effect::RcuReadUnlock: return "rcu-read-unlock";
  case Effect::HardirqEnter:
    return "hardirq-enter";
  case Effect::NmiEnter:
    return "nmi-enter";
  case Effect::HardirqExit:
    return "hardirq-exit";
  case Effect::NmiExit:
    return "nmi-exit";
  case Effect::SleepChecksOff:
    return "sleep-checks-off";
  case Effect::SleepChecksOn:
    return "sleep-checks-on";
  case Effect::LastReference:
    return "last-reference";
  case Effect::NotSetUp:
    return "not-set-up";
  }
  llvm_unreachable("unknown effect");
}

StringRef kindName(ContextKind K) {
  switch (K) {
  case KindTask: return "task";
  case KindSoftirq: return "softirq";
  case KindHardirq: return "hardirq";
  case KindNmi: return "nmi";
  }
  llvm_unreachable("unknown context kind");
}

StringRef contextWordName(ContextWord W) {
  switch (W) {
  case ContextWord::Task: return "task";
  case ContextWord::Softirq: return "softirq";
  case ContextWord::Hardirq: return "hardirq";
  case ContextWord::Nmi: return "nmi";
  case ContextWord::Preemptible: return "preemptible";
  case ContextWord::IrqsOff: return "irqs-off";
  case ContextWord::BhOff: return "bh-off";
  case ContextWord::SimdSection: return "simd-section";
  case ContextWord::Pinned: return "pinned";
  case ContextWord::SimdUsable: return "simd-usable";
  case ContextWord::Atomic: return "atomic";
  case ContextWord::RcuRead: return "rcu-read";
  case ContextWord::SleepChecksOff:
    return "sleep-checks-off";
  case ContextWord::PreemptOff:
    return "preempt-off";
  }
  llvm_unreachable("unknown context word");
}

StringRef accessName(PercpuAccess A) {
  switch (A) {
  case PercpuAccess::Read: return "read";
  case PercpuAccess::Write: return "write";
  case PercpuAccess::ReadModifyWrite: return "read-modify-write";
  case PercpuAccess::Address: return "address";
  case PercpuAccess::CpuId: return "cpu-id";
  case PercpuAccess::Safe: return "safe";
  }
  llvm_unreachable("unknown access");
}

const std::vector<Effect> &
Primitive::effectsFor(ArrayRef<std::string> Args) const {
  for (const ArgumentRule &R : WhenArgument)
    if (R.Index < Args.size() && R.Compiled->match(Args[R.Index]))
      return R.Effects;
  return Effects;
}

Expected<std::shared_ptr<const KernelModel>>
KernelModel::load(StringRef BuiltinPath, ArrayRef<std::string> ExtraPaths,
                  ArrayRef<StringRef> KnownChecks) {
  auto Model = std::make_shared<KernelModel>();
  std::vector<std::string> Paths{BuiltinPath.str()};
  Paths.insert(Paths.end(), ExtraPaths.begin(), ExtraPaths.end());
  for (const std::string &Path : Paths) {
    auto Buf = readInputFile(Path);
    if (!Buf)
      return Buf.takeError();
    if (Error E = Model->addFile((*Buf)->getMemBufferRef(), Path, KnownChecks))
      return E;
  }
  Model->compile();
  return Model;
}

Expected<std::shared_ptr<const KernelModel>>
KernelModel::parse(StringRef Text, StringRef Name) {
  auto Model = std::make_shared<KernelModel>();
  if (Error E = Model->addFile(MemoryBufferRef(Text, Name), Name))
    return E;
  Model->compile();
  return Model;
}

template <typename T>
static void prepend(std::vector<T> &To, std::vector<T> &&From) {
  To.insert(To.begin(), std::make_move_iterator(From.begin()),
            std::make_move_iterator(From.end()));
}

Error KernelModel::addFile(MemoryBufferRef Buffer, StringRef Name,
                           ArrayRef<StringRef> KnownChecks) {
  if (Buffer.getBuffer().trim().empty())
    return make_error<InputError>(Name.str(), "empty kernel model file");
  ModelFile File;
  ParseContext Ctx{KnownChecks, {}};
  for (const ValueSource &V : Values)
    Ctx.ValueRules.push_back(V.Rule);
  if (Error E = parseYaml(Buffer, Name, File, &Ctx))
    return E;
  prepend(CheckRules, std::move(File.CheckRules));
  prepend(Primitives, std::move(File.Primitives));
  prepend(EntryPoints, std::move(File.EntryPoints));
  prepend(Callbacks, std::move(File.Callbacks));
  prepend(ExitPaths, std::move(File.ExitPaths));
  prepend(RandomSources, std::move(File.RandomSources));
  prepend(StackSinks, std::move(File.StackSinks));
  prepend(TaskSwitched, std::move(File.TaskSwitched));
  prepend(ObjectLocks, std::move(File.ObjectLocks));
  prepend(CpuIndexed, std::move(File.CpuIndexed));
  prepend(PercpuExchanges, std::move(File.PercpuExchanges));
  prepend(AtomicSafe, std::move(File.AtomicSafe));
  prepend(BitTests, std::move(File.BitTests));
  prepend(ReadOnlyArguments, std::move(File.ReadOnlyArguments));
  prepend(OptionTables, std::move(File.OptionTables));
  prepend(NodePreferences, std::move(File.NodePreferences));
  prepend(AtomicUpdates, std::move(File.AtomicUpdates));
  prepend(Values, std::move(File.Values));
  prepend(StateCallbackTables, std::move(File.StateCallbackTables));
  prepend(Images, std::move(File.Images));
  prepend(Sequences, std::move(File.Sequences));
  prepend(Bound, std::move(File.Bound));
  prepend(Stores, std::move(File.Stores));
  if (File.StackOffset) // a later file's names replace the earlier ones
    StackOffset = std::move(*File.StackOffset);
  if (File.Queues)
    Queues = std::move(*File.Queues);
  if (File.Chains)
    Chains = std::move(*File.Chains);
  if (File.Locks)
    Locks = std::move(*File.Locks);
  SHA1 Hash;
  Hash.update(Digest);
  Hash.update(Buffer.getBuffer());
  Digest = toHex(Hash.final());
  return Error::success();
}

void KernelModel::compile() {
  RandomSourceNames.add(RandomSources);
  StackSinkNames.add(StackSinks);
  TaskSwitchedNames.add(TaskSwitched);
  ObjectLockNames.add(ObjectLocks);
  CpuIndexedNames.add(CpuIndexed);
  PercpuExchangeNames.add(PercpuExchanges);
  AtomicSafeNames.add(AtomicSafe);
  BitTestNames.add(BitTests);
  ReadOnlyArgumentNames.add(ReadOnlyArguments);
  OptionTableNames.add(OptionTables);
  for (const ValueSource &V : Values)
    ValueNames.emplace_back().add(V.Names);
  for (const EntryPoint &E : EntryPoints)
    EntryPointNames.emplace_back().add(E.Functions);
  for (const ExitPath &E : ExitPaths)
    ExitPathNames.emplace_back().add(E.Functions);
  for (const CheckRule &R : CheckRules)
    RuleNames.emplace_back().add(R.Operations);
  for (const QueueCall &Q : Queues.QueueCalls)
    QueueCallNames.emplace_back().add(Q.Names);
  for (const RandomInput &R : StackOffset.RandomInputs)
    RandomInputNames.emplace_back().add(R.Names);
  for (const CallArgument &N : NodePreferences)
    NodePreferenceNames.emplace_back().add(N.Names);
  for (const CallArgument &A : AtomicUpdates)
    AtomicUpdateNames.emplace_back().add(A.Names);
  for (unsigned I = 0; I < Primitives.size(); ++I)
    for (const std::string &N : Primitives[I].Names) {
      if (isGlob(N))
        GlobPrimitives.push_back({OwnedGlob(N), I});
      else
        ExactPrimitives.try_emplace(N, I); // keeps the first (highest) one
    }
}

const Primitive *KernelModel::findPrimitive(StringRef Name) const {
  unsigned Best = Primitives.size();
  if (auto It = ExactPrimitives.find(Name); It != ExactPrimitives.end())
    Best = It->second;
  for (const NamePattern &P : GlobPrimitives) {
    if (P.Index >= Best)
      break;
    if (P.Glob.match(Name)) {
      Best = P.Index;
      break;
    }
  }
  return Best < Primitives.size() ? &Primitives[Best] : nullptr;
}

OwnedGlob::OwnedGlob(StringRef Source)
    : Text(std::make_unique<std::string>(Source.str())),
      // Patterns were validated when the file was read.
      Pattern(cantFail(GlobPattern::create(*Text))) {}

void NameSet::add(ArrayRef<std::string> Names) {
  for (const std::string &N : Names) {
    if (isGlob(N))
      Globs.emplace_back(N);
    else
      Exact.try_emplace(N);
  }
}

bool NameSet::contains(StringRef Name) const {
  return Exact.count(Name) ||
         llvm::any_of(Globs, [&](const OwnedGlob &G) { return G.match(Name); });
}

const EntryPoint *KernelModel::findEntryPoint(StringRef Function) const {
  for (size_t I = 0; I < EntryPoints.size(); ++I)
    if (EntryPointNames[I].contains(Function))
      return &EntryPoints[I];
  return nullptr;
}

const LockAnnotations::LockType *LockAnnotations::type(StringRef Name) const {
  for (const LockType &T : Types)
    if (T.Type == Name)
      return &T;
  return nullptr;
}

const ExitPath *KernelModel::findExitPath(StringRef Function) const {
  for (size_t I = 0; I < ExitPaths.size(); ++I)
    if (ExitPathNames[I].contains(Function))
      return &ExitPaths[I];
  return nullptr;
}

const StoreRule *KernelModel::findStore(StringRef Variable) const {
  for (const StoreRule &S : Stores)
    if (S.Variable == Variable)
      return &S;
  return nullptr;
}

ArrayRef<Effect> StoreRule::effectsFor(StringRef Text) const {
  for (const Value &V : WhenValue)
    if (V.Compiled->match(Text))
      return V.Effects;
  return {};
}

const QueueCall *KernelModel::findQueueCall(StringRef Function) const {
  for (size_t I = 0; I < Queues.QueueCalls.size(); ++I)
    if (QueueCallNames[I].contains(Function))
      return &Queues.QueueCalls[I];
  return nullptr;
}

const RandomInput *KernelModel::findRandomInput(StringRef Function) const {
  for (size_t I = 0; I < StackOffset.RandomInputs.size(); ++I)
    if (RandomInputNames[I].contains(Function))
      return &StackOffset.RandomInputs[I];
  return nullptr;
}

std::vector<const CheckRule *> KernelModel::rulesOf(StringRef Check) const {
  std::vector<const CheckRule *> Out;
  for (const CheckRule &R : CheckRules)
    if (R.Check == Check)
      Out.push_back(&R);
  return Out;
}

bool KernelModel::watches(const CheckRule &R, StringRef Name) const {
  return RuleNames[&R - CheckRules.data()].contains(Name);
}

std::vector<std::string> KernelModel::watchersOf(StringRef Name) const {
  std::vector<std::string> Out;
  for (const CheckRule &R : CheckRules)
    if (watches(R, Name) && !llvm::is_contained(Out, R.Check))
      Out.push_back(R.Check);
  return Out;
}

bool KernelModel::isRandomSource(StringRef Name) const {
  return RandomSourceNames.contains(Name);
}

bool KernelModel::isStackSink(StringRef Name) const {
  return StackSinkNames.contains(Name);
}

const ValueSource *KernelModel::findValueSource(StringRef Name) const {
  for (size_t I = 0; I < Values.size(); ++I)
    if (ValueNames[I].contains(Name))
      return &Values[I];
  return nullptr;
}

bool KernelModel::isObjectLock(StringRef Name) const {
  return ObjectLockNames.contains(Name);
}

bool KernelModel::isCpuIndexed(StringRef Name) const {
  return CpuIndexedNames.contains(Name);
}

bool KernelModel::isPercpuExchange(StringRef Name) const {
  return PercpuExchangeNames.contains(Name);
}

bool KernelModel::isAtomicSafe(StringRef Function) const {
  return AtomicSafeNames.contains(Function);
}

bool KernelModel::isBitTest(StringRef Function) const {
  return BitTestNames.contains(Function);
}

bool KernelModel::readsArgumentsOnly(StringRef Function) const {
  return ReadOnlyArgumentNames.contains(Function);
}

bool KernelModel::isOptionTable(StringRef Record) const {
  return OptionTableNames.contains(Record);
}

static bool namesArgument(const std::vector<CallArgument> &Lists,
                          const std::deque<NameSet> &Names, StringRef Name,
                          unsigned Arg) {
  for (size_t I = 0; I < Lists.size(); ++I)
    if (Lists[I].Argument == Arg && Names[I].contains(Name))
      return true;
  return false;
}

bool KernelModel::isNodePreference(StringRef Name, unsigned Arg) const {
  return namesArgument(NodePreferences, NodePreferenceNames, Name, Arg);
}

bool KernelModel::isAtomicUpdate(StringRef Name, unsigned Arg) const {
  return namesArgument(AtomicUpdates, AtomicUpdateNames, Name, Arg);
}

bool KernelModel::isTaskSwitched(StringRef Variable) const {
  // "&pcpu_hot.current_task" names pcpu_hot.
  Variable = Variable.ltrim("&( \t");
  return TaskSwitchedNames.contains(
      Variable.take_while([](char C) { return isAlnum(C) || C == '_'; }));
}

} // namespace kharden
