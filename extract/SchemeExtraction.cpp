#include "extract/SchemeExtraction.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <optional>

namespace kharden {

const ExtractedField *ExtractedScheme::field(llvm::StringRef Name) const {
  for (const ExtractedField &F : Fields)
    if (F.Field == Name)
      return &F;
  return nullptr;
}

namespace {

struct SiteRef {
  const FunctionSummary *F;
  const StackOffsetSite *S;
};

std::string at(const SourcePoint &P) {
  if (!P.valid())
    return "";
  return (P.File.str() + ":" + llvm::Twine(P.Line) + ":" +
          llvm::Twine(P.Column))
      .str();
}

/// The scheme's architecture name for a triple's architecture.
std::string schemeArch(llvm::StringRef TripleArch) {
  if (TripleArch == "aarch64")
    return "arm64";
  return TripleArch.str();
}

class Extractor {
public:
  Extractor(const Program &P, SiteRef Consume, std::optional<SiteRef> Refill,
            const TargetFacts &Target, CallerFiles Callers)
      : P(P), C(Consume), R(Refill), Target(Target), Callers(Callers) {}

  ExtractedScheme run() {
    kstack::StackOffsetScheme &S = Out.Scheme;
    S.Arch = schemeArch(Target.Arch);
    S.Name = "extracted-" + S.Arch;
    S.Title = "extracted by kharden from " +
              llvm::sys::path::filename(C.S->Where.File).str();
    S.Sources.push_back("consume: " + C.S->Macro + "() in " +
                        C.F->name().str() + "() at " + at(C.S->Where));
    if (R)
      S.Sources.push_back("refill: " + R->S->Macro + "() in " +
                          R->F->name().str() + "() at " + at(R->S->Where));
    storage();
    consume();
    refill();
    random();
    mix();
    offsetMask();
    alloca();
    return std::move(Out);
  }

private:
  void known(llvm::StringRef Field, llvm::StringRef Value,
             llvm::StringRef Evidence, const SourcePoint &Where) {
    Out.Fields.push_back({Field.str(), Value.str(), true, Evidence.str(), Where});
  }
  void unknown(llvm::StringRef Field, llvm::StringRef Why,
               const SourcePoint &Where) {
    Out.Fields.push_back({Field.str(), "unknown", false, Why.str(), Where});
  }

  void storage();
  void consume();
  void refill();
  void random();
  void mix();
  void offsetMask();
  void alloca();
  std::optional<kstack::Context> context(const SiteRef &Site,
                                         llvm::StringRef Field);
  const SiteValue *read(const SiteRef &Site, llvm::StringRef Name,
                        llvm::StringRef Field);
  std::string undecidedContext(const FunctionSummary &F) const;

  const Program &P;
  SiteRef C;
  std::optional<SiteRef> R;
  const TargetFacts &Target;
  CallerFiles Callers;
  ExtractedScheme Out;
};

void Extractor::storage() {
  const StackOffsetSite &Site = *C.S;
  kstack::StackOffsetScheme &S = Out.Scheme;
  if (!Site.PercpuVariable.empty()) {
    S.Where = kstack::Storage::PerCpu;
    known("storage", kstack::spelling(S.Where),
          "the consume reads per-CPU '" + Site.PercpuVariable + "'",
          Site.StorageWhere);
  } else if (Site.TaskField) {
    S.Where = kstack::Storage::PerTask;
    known("storage", kstack::spelling(S.Where),
          "the consume reads the task's '" +
              P.model().stackOffset().TaskField + "'",
          Site.StorageWhere);
  } else if (Site.Generator) {
    S.Where = kstack::Storage::PerCpuPrng;
    known("storage", kstack::spelling(S.Where),
          "the consume draws from a generator", Site.StorageWhere);
  } else {
    unknown("storage",
            "the consume's expansion touches no per-CPU variable, task "
            "field or generator kharden knows",
            Site.Where);
  }
}

/// Why F's context is unknown, and what would decide it: the file that calls
/// the function F is reached from, which the run does not contain.
std::string Extractor::undecidedContext(const FunctionSummary &F) const {
  std::string Why = "no calling context of '" + F.name().str() +
                    "' in the analysed files decides preemption and IRQs";
  std::vector<const FunctionSummary *> Roots = P.unreachedCallers(F);
  if (Roots.empty())
    return Why;
  const FunctionSummary &Root = *Roots.front();
  Why += Root.name() == F.name()
             ? ": nothing in them calls it"
             : ": it is reached from '" + Root.name().str() +
                   "', which nothing in them calls";
  std::vector<std::string> Files;
  if (Callers)
    Files = Callers(Root.name());
  if (Files.empty())
    return Why + "; the file that calls '" + Root.name().str() + "' decides it";
  return Why + "; " + llvm::join(Files, ", ") + " names '" + Root.name().str() +
         "' and would decide it (add it to the run)";
}

std::optional<kstack::Context> Extractor::context(const SiteRef &Site,
                                                  llvm::StringRef Field) {
  RegionContext Ctx = P.regionContext(*Site.F, Site.S->States);
  std::string Evidence = "the context engine, over every calling context "
                         "of '" +
                         Site.F->name().str() + "'";
  switch (Ctx) {
  case RegionContext::Preemptible:
    known(Field, "preemptible", Evidence, Site.S->Where);
    return kstack::Context::Preemptible;
  case RegionContext::PreemptOff:
    known(Field, "preempt-off", Evidence, Site.S->Where);
    return kstack::Context::PreemptOff;
  case RegionContext::IrqsOff:
    known(Field, "irqs-off", Evidence, Site.S->Where);
    return kstack::Context::IrqsOff;
  case RegionContext::Unknown:
    break;
  }
  unknown(Field, undecidedContext(*Site.F), Site.S->Where);
  return std::nullopt;
}

void Extractor::consume() {
  if (auto Ctx = context(C, "consume.context"))
    Out.Scheme.Consume.Ctx = *Ctx;
}

void Extractor::refill() {
  kstack::StackOffsetScheme &S = Out.Scheme;
  if (!R) {
    unknown("refill.site", "no refill macro is used in the analysed files",
            C.S->Where);
    unknown("refill.context", "no refill site", C.S->Where);
    return;
  }
  if (const ExitPath *Exit = P.model().findExitPath(R->F->name());
      Exit && Exit->Runs == ExitKind::EveryReturnToUser) {
    S.Refill.Site = kstack::RefillSite::EveryReturnToUser;
    known("refill.site", kstack::spelling(S.Refill.Site),
          "'" + R->F->name().str() + "' " + Exit->Reason, R->F->Where);
  } else {
    S.Refill.Site = kstack::RefillSite::SyscallExit;
    known("refill.site", kstack::spelling(S.Refill.Site),
          "'" + R->F->name().str() +
              "' is not on a path the kernel model says runs "
              "on every return to user mode",
          R->S->Where);
  }
  if (auto Ctx = context(*R, "refill.context"))
    S.Refill.Ctx = *Ctx;
}

/// A value the refill's or consume's expansion computes, as the engine read
/// it; unknown (with the engine's reason) under Field if it could not.
const SiteValue *Extractor::read(const SiteRef &Site, llvm::StringRef Name,
                                 llvm::StringRef Field) {
  const SiteValue *V = Site.S->value(Name);
  if (!V) {
    unknown(Field, "'" + Site.S->Macro + "' computes no " + Name.str(),
            Site.S->Where);
    return nullptr;
  }
  if (!V->known()) {
    unknown(Field, V->Evidence, V->Where);
    return nullptr;
  }
  return V;
}

void Extractor::random() {
  kstack::RandomSpec &Spec = Out.Scheme.Random;
  if (!R) {
    unknown("random.source", "no refill site", C.S->Where);
    return;
  }
  const SiteValue *Call = read(*R, "random-call", "random.source");
  if (!Call)
    return;
  const SourcePoint &Where = R->S->Where;
  std::string Arg =
      R->S->Args.empty() ? Call->Value + "()" : llvm::StringRef(R->S->Args.front()).trim().str();
  Spec.Expression = Arg;
  const RandomInput *Input = P.model().findRandomInput(Call->Value);
  if (!Input) {
    unknown("random.source",
            "'" + Call->Value + "()' is not a random input the kernel model "
            "lists (random-inputs)",
            Where);
    return;
  }
  unsigned Bits = Input->Bits;
  std::string Evidence = "'" + Call->Value + "()' yields " +
                         std::to_string(Input->Bits) + " bits";
  if (const SiteValue *MaskValue = R->S->value("random-mask")) {
    unsigned long long Mask = 0;
    if (llvm::getAsUnsignedInteger(MaskValue->Value, 0, Mask) || Mask == 0 ||
        ((Mask + 1) & Mask) != 0) {
      unknown("random.bits",
              "the mask " + MaskValue->Value + " in '" + Arg +
                  "' is not 2^k - 1",
              Where);
      return;
    }
    Bits = std::min<unsigned>(Bits, llvm::popcount(Mask));
    Evidence += ", masked to " + std::to_string(Bits);
  }
  Spec.Source = Input->Source == "timer" ? kstack::RandomSource::Timer
                                         : kstack::RandomSource::Crng;
  Spec.Bits = Bits;
  Spec.UnknownBits =
      Input->Source == "timer" ? std::min(Bits, Input->UnknownBits) : Bits;
  known("random.source", kstack::spelling(Spec.Source), Evidence, Where);
  known("random.expression", Arg, "the refill's argument", Where);
  known("random.bits", std::to_string(Bits), Evidence, Where);
  if (Spec.Source == kstack::RandomSource::Timer)
    known("random.unknown-bits", std::to_string(Spec.UnknownBits),
          "the kernel model's assumption for timers (random-inputs)", Where);
}

void Extractor::mix() {
  if (!R) {
    unknown("mix.op", "no refill site", C.S->Where);
    return;
  }
  const SiteValue *Op = read(*R, "mix", "mix.op");
  if (!Op)
    return;
  kstack::MixSpec &Mix = Out.Scheme.Mixing;
  if (Op->Value == "xor") {
    Mix.Op = kstack::Mix::Xor;
    known("mix.op", kstack::spelling(Mix.Op), Op->Evidence, Op->Where);
    return;
  }
  const SiteValue *By = read(*R, "rotate", "mix.rotate");
  unsigned long long Rotate = 0;
  if (!By)
    return;
  if (llvm::getAsUnsignedInteger(By->Value, 10, Rotate) || Rotate >= 32) {
    unknown("mix.rotate", "a rotation of a 32-bit word by " + By->Value,
            By->Where);
    return;
  }
  Mix.Op = kstack::Mix::Ror32Xor;
  Mix.Rotate = unsigned(Rotate);
  known("mix.op", kstack::spelling(Mix.Op), Op->Evidence, Op->Where);
  known("mix.rotate", By->Value, By->Evidence, By->Where);
}

void Extractor::offsetMask() {
  const SiteValue *V = read(C, "offset-mask", "offset-mask");
  unsigned long long Mask = 0;
  if (!V)
    return;
  if (llvm::getAsUnsignedInteger(V->Value, 0, Mask) || Mask > 0xFFFFFFFFull) {
    unknown("offset-mask", "the mask " + V->Value + " is wider than the "
            "32-bit offset", V->Where);
    return;
  }
  Out.Scheme.OffsetMask = uint32_t(Mask);
  known("offset-mask", V->Value, V->Evidence, V->Where);
}

void Extractor::alloca() {
  kstack::AllocaSpec &A = Out.Scheme.Alloca;
  // The lowering both compilers use: size = (n + 15) & ~(align - 1).
  A.Add = 15;
  A.Align = Target.StackAlignment;
  std::string Why =
      Target.FromFlag
          ? "-mstack-alignment=" + std::to_string(A.Align) +
                " in the compile command"
          : "the " + Target.Arch + " psABI's " + std::to_string(A.Align) +
                "-byte stack alignment";
  known("alloca.add", "15", "alloca lowering (n + 15) & ~(align - 1)", {});
  known("alloca.align", std::to_string(A.Align), Why, {});
}

bool before(const SourcePoint &A, const SourcePoint &B) { return A < B; }

} // namespace

std::vector<ExtractedScheme> extractStackOffsetSchemes(const Program &P,
                                                      CallerFiles Callers) {
  std::vector<SiteRef> Consumes, Refills;
  for (const FunctionSummary &F : P.functions())
    for (const StackOffsetSite &S : F.Sites)
      (S.Kind == StackOffsetSite::Role::Consume ? Consumes : Refills)
          .push_back({&F, &S});
  if (Consumes.empty())
    return {};
  auto ByPlace = [](const SiteRef &A, const SiteRef &B) {
    return before(A.S->Where, B.S->Where);
  };
  llvm::sort(Consumes, ByPlace);
  llvm::sort(Refills, ByPlace);
  // One scheme per run: the first consume, and the refill that completes it
  // (in its function if there is one).
  const SiteRef &C = Consumes.front();
  std::optional<SiteRef> R;
  for (const SiteRef &Candidate : Refills)
    if (Candidate.F == C.F) {
      R = Candidate;
      break;
    }
  if (!R && !Refills.empty())
    R = Refills.front();
  TargetFacts Target;
  for (const TargetFacts &T : P.targets())
    if (!T.Arch.empty()) {
      Target = T;
      break;
    }
  return {Extractor(P, C, R, Target, Callers).run()};
}

} // namespace kharden
