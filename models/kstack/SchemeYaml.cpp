//===- models/kstack/SchemeYaml.cpp - stack-offset scheme files -----------===//
//
// The YAML I/O mapping of StackOffsetScheme, both directions. Values are
// checked where they are read, so an error points at the offending scalar;
// rules that tie fields together are checked in validate() and point at the
// mapping that holds them.
//
//===----------------------------------------------------------------------===//
#include "models/kstack/Scheme.h"
#include "models/scheme/SchemeDocument.h"
#include "models/scheme/SchemeFile.h"
#include "models/scheme/SchemeSpellings.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/YAMLTraits.h"

#include <utility>

using namespace llvm;
using namespace kharden::kstack;

namespace kharden {
KHARDEN_SPELLINGS(kstack::Storage, "expected per-cpu, per-task or per-cpu-prng",
                  {"per-cpu", Storage::PerCpu}, {"per-task", Storage::PerTask},
                  {"per-cpu-prng", Storage::PerCpuPrng})
KHARDEN_SPELLINGS(kstack::RefillSite,
                  "expected syscall-exit, every-return-to-user or "
                  "fused-with-consume",
                  {"syscall-exit", RefillSite::SyscallExit},
                  {"every-return-to-user", RefillSite::EveryReturnToUser},
                  {"fused-with-consume", RefillSite::FusedWithConsume})
KHARDEN_SPELLINGS(kstack::Context,
                  "expected preemptible, preempt-off or irqs-off",
                  {"preemptible", Context::Preemptible},
                  {"preempt-off", Context::PreemptOff},
                  {"irqs-off", Context::IrqsOff})
KHARDEN_SPELLINGS(kstack::RandomSource, "expected crng, timer or prng",
                  {"crng", RandomSource::Crng}, {"timer", RandomSource::Timer},
                  {"prng", RandomSource::Prng})
KHARDEN_SPELLINGS(kstack::Mix, "expected xor, ror32-xor or none",
                  {"xor", Mix::Xor}, {"ror32-xor", Mix::Ror32Xor},
                  {"none", Mix::None})
KHARDEN_SPELLINGS(kstack::Generator, "expected lfsr113",
                  {"none", Generator::None}, {"lfsr113", Generator::Lfsr113})
} // namespace kharden

namespace {

/// An unsigned field with an inclusive range, checked where it is read.
template <unsigned Lo, unsigned Hi> struct Bounded {
  unsigned Value = Lo;
  bool operator==(const Bounded &O) const { return Value == O.Value; }
};

/// A power of two, for the alloca alignment.
struct PowerOfTwo {
  unsigned Value = 1;
};

/// KSTACK_OFFSET_MAX's mask, written in hex.
struct OffsetMaskValue {
  uint32_t Value = 0;
};

/// The most mask bits the entropy model enumerates (2^12 offsets).
constexpr unsigned MaxMaskBits = 12;

} // namespace

namespace llvm::yaml {

template <> struct ScalarTraits<Storage> : kharden::SpelledScalar<Storage> {};
template <>
struct ScalarTraits<RefillSite> : kharden::SpelledScalar<RefillSite> {};
template <> struct ScalarTraits<Context> : kharden::SpelledScalar<Context> {};
template <>
struct ScalarTraits<RandomSource> : kharden::SpelledScalar<RandomSource> {};
template <> struct ScalarTraits<Mix> : kharden::SpelledScalar<Mix> {};
template <>
struct ScalarTraits<Generator> : kharden::SpelledScalar<Generator> {};

template <unsigned Lo, unsigned Hi> struct ScalarTraits<Bounded<Lo, Hi>> {
  static void output(const Bounded<Lo, Hi> &V, void *, raw_ostream &OS) {
    OS << V.Value;
  }
  static StringRef input(StringRef S, void *, Bounded<Lo, Hi> &V) {
    static const std::string Expected = "expected an integer from " +
                                        std::to_string(Lo) + " to " +
                                        std::to_string(Hi);
    unsigned long long N;
    if (getAsUnsignedInteger(S, 0, N) || N < Lo || N > Hi)
      return Expected;
    V.Value = unsigned(N);
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<PowerOfTwo> {
  static void output(const PowerOfTwo &V, void *, raw_ostream &OS) {
    OS << V.Value;
  }
  static StringRef input(StringRef S, void *, PowerOfTwo &V) {
    unsigned long long N;
    if (getAsUnsignedInteger(S, 0, N) || !isPowerOf2_64(N) || N > 4096)
      return "expected a power of two from 1 to 4096";
    V.Value = unsigned(N);
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<OffsetMaskValue> {
  static void output(const OffsetMaskValue &V, void *, raw_ostream &OS) {
    OS << format_hex(V.Value, 2, /*Upper=*/true);
  }
  static StringRef input(StringRef S, void *, OffsetMaskValue &V) {
    unsigned long long N;
    if (getAsUnsignedInteger(S, 0, N) || N == 0 || N > 0xFFFFFFFFull ||
        unsigned(popcount(N)) > MaxMaskBits)
      return "expected a non-zero 32-bit mask with at most 12 bits set "
             "(e.g. 0x3FF)";
    V.Value = uint32_t(N);
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct MappingTraits<ConsumeSpec> {
  static void mapping(IO &Io, ConsumeSpec &C) {
    Io.mapRequired("context", C.Ctx);
  }
};

template <> struct MappingTraits<RefillSpec> {
  static void mapping(IO &Io, RefillSpec &R) {
    Io.mapRequired("site", R.Site);
    Io.mapRequired("context", R.Ctx);
  }
};

template <> struct MappingTraits<RandomSpec> {
  static void mapping(IO &Io, RandomSpec &R) {
    Io.mapRequired("source", R.Source);
    Io.mapOptional("expression", R.Expression, std::string());
    Bounded<1, 32> Bits{R.Bits};
    Io.mapRequired("bits", Bits);
    R.Bits = Bits.Value;
    // Timer sources say how many low bits stay unknown; the rest default to
    // "all of them" so that a crng source needs no extra key.
    Bounded<0, 32> Unknown{R.UnknownBits};
    if (!Io.outputting() || R.Source == RandomSource::Timer)
      Io.mapOptional("unknown-bits", Unknown, Bounded<0, 32>{R.Bits});
    R.UnknownBits = Unknown.Value;
    Io.mapOptional("generator", R.Gen, Generator::None);
  }
  static std::string validate(IO &Io, RandomSpec &R) {
    if (R.UnknownBits > R.Bits)
      return "unknown-bits (" + std::to_string(R.UnknownBits) +
             ") exceeds bits (" + std::to_string(R.Bits) + ")";
    if (R.Source == RandomSource::Crng && R.UnknownBits != R.Bits)
      return "unknown-bits is for timer sources; a crng source's bits are "
             "all unknown";
    if ((R.Source == RandomSource::Prng) != (R.Gen != Generator::None))
      return "a prng source needs a generator (lfsr113), and only a prng "
             "source may name one";
    if (R.Gen == Generator::Lfsr113 && R.Bits != 32)
      return "lfsr113 produces 32 bits";
    return "";
  }
};

template <> struct MappingTraits<MixSpec> {
  static void mapping(IO &Io, MixSpec &M) {
    Io.mapRequired("op", M.Op);
    Bounded<1, 31> Rotate{M.Rotate};
    if (!Io.outputting() || M.Op == Mix::Ror32Xor)
      Io.mapOptional("rotate", Rotate, Bounded<1, 31>{5});
    M.Rotate = Rotate.Value;
  }
};

template <> struct MappingTraits<AllocaSpec> {
  static void mapping(IO &Io, AllocaSpec &A) {
    Bounded<0, 4095> Add{A.Add};
    Io.mapRequired("add", Add);
    A.Add = Add.Value;
    PowerOfTwo Align{A.Align};
    Io.mapRequired("align", Align);
    A.Align = Align.Value;
  }
};

template <> struct MappingTraits<StackOffsetScheme> {
  static void mapping(IO &Io, StackOffsetScheme &S) {
    kharden::mapSchemeKind(Io, "stack-offset");
    Io.mapRequired("name", S.Name);
    Io.mapOptional("title", S.Title, std::string());
    Io.mapOptional("kernel", S.Kernel, std::string());
    Io.mapOptional("arch", S.Arch, std::string());
    Io.mapOptional("sources", S.Sources);
    Io.mapRequired("storage", S.Where);
    Io.mapRequired("consume", S.Consume);
    Io.mapRequired("refill", S.Refill);
    Io.mapRequired("random", S.Random);
    Io.mapRequired("mix", S.Mixing);
    OffsetMaskValue Mask{S.OffsetMask};
    Io.mapRequired("offset-mask", Mask);
    S.OffsetMask = Mask.Value;
    Io.mapRequired("alloca", S.Alloca);
  }
  static std::string validate(IO &Io, StackOffsetScheme &S) {
    if (!kharden::isSchemeName(S.Name))
      return kharden::BadSchemeName;
    bool Prng = S.Random.Source == RandomSource::Prng;
    if (Prng != (S.Where == Storage::PerCpuPrng))
      return "storage per-cpu-prng and random source prng go together";
    if (Prng && S.Mixing.Op != Mix::None)
      return "a generator drawn at use has mix op none";
    if (!Prng && S.Mixing.Op == Mix::None)
      return "mix op none is only for storage per-cpu-prng";
    if (Prng && S.Refill.Site != RefillSite::FusedWithConsume)
      return "a generator drawn at use advances as it is consumed: refill "
             "site must be fused-with-consume";
    return "";
  }
};

} // namespace llvm::yaml

namespace kharden::kstack {

StringRef spelling(Storage S) { return spellingOf(S); }
StringRef spelling(RefillSite S) { return spellingOf(S); }
StringRef spelling(Context C) { return spellingOf(C); }
StringRef spelling(RandomSource S) { return spellingOf(S); }
StringRef spelling(Mix M) { return spellingOf(M); }
StringRef spelling(Generator G) { return spellingOf(G); }

Expected<StackOffsetScheme> readStackOffsetScheme(StringRef Path) {
  StackOffsetScheme Scheme;
  if (Error E = readSchemeDocument(Path, Scheme))
    return E;
  return Scheme;
}

void writeStackOffsetScheme(raw_ostream &OS, const StackOffsetScheme &Scheme) {
  yaml::Output Out(OS);
  StackOffsetScheme Copy = Scheme;
  Out << Copy;
}

} // namespace kharden::kstack
