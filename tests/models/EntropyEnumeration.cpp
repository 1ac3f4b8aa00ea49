//===- tests/models/EntropyEnumeration.cpp - figures by brute force -------===//
//
// Checks the entropy figures of a `kharden prove --format json` report
// against an exhaustive enumeration that shares no code with the models:
// the kernel's arithmetic (ror32, KSTACK_OFFSET_MAX, the alloca rounding)
// run over every input.
//
//   entropy.fresh       every value c of the attacker-known part of the
//                       offset (all submasks of the mask), times every
//                       unknown input u: n = (c ^ u) & mask.
//   entropy.stationary  additionally every value of the slot's unknown bits:
//                       the span of the unknown input bits under repeated
//                       refills, computed here by closing the bit set under
//                       the rotation. When that span exceeds 2^20 values only
//                       its projection on the mask is enumerated (each
//                       projected value is equally likely for a uniform span).
// Generators (storage per-cpu-prng) are skipped for entropy.stationary:
// 2^113 states; their figures are re-checked by cvc5 instead.
//
// Usage: kharden_entropy_enumeration REPORT.json SCHEME_DIR
// Prints one line per figure set and "N passed, M failed".
//
//===----------------------------------------------------------------------===//
#include "models/kstack/Scheme.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <map>

using namespace llvm;
using namespace kharden::kstack;

namespace {

uint32_t ror32(uint32_t X, unsigned R) {
  R %= 32;
  return R ? (X >> R) | (X << (32 - R)) : X;
}

uint32_t mixWord(const StackOffsetScheme &S, uint32_t Slot) {
  return S.Mixing.Op == Mix::Ror32Xor ? ror32(Slot, S.Mixing.Rotate) : Slot;
}

uint64_t shiftOf(const StackOffsetScheme &S, uint32_t N) {
  return (uint64_t(N) + S.Alloca.Add) & ~uint64_t(S.Alloca.Align - 1);
}

std::vector<uint32_t> submasks(uint32_t Mask) {
  std::vector<uint32_t> Out;
  for (uint32_t X = Mask;; X = (X - 1) & Mask) {
    Out.push_back(X);
    if (!X)
      break;
  }
  return Out;
}

struct Figures {
  unsigned DistinctMin = ~0u, DistinctMax = 0;
  /// The largest probability of one shift, as Count / Total.
  uint64_t MaxCount = 0, Total = 0;
  double Shannon = 1e9;
};

/// Folds in one attacker state: Counts[shift] over Total equally likely
/// inputs.
void account(Figures &F, const std::map<uint64_t, uint64_t> &Counts,
             uint64_t Total) {
  F.Total = Total;
  F.DistinctMin = std::min<unsigned>(F.DistinctMin, Counts.size());
  F.DistinctMax = std::max<unsigned>(F.DistinctMax, Counts.size());
  double H = 0;
  for (auto [Shift, Count] : Counts) {
    F.MaxCount = std::max(F.MaxCount, Count);
    double P = double(Count) / double(Total);
    H -= P * std::log2(P);
  }
  F.Shannon = std::min(F.Shannon, H);
}

/// The bits the slot's unknown part can reach: closure of the unknown input
/// bits under "rotate, then xor in another input".
uint32_t unknownSpan(const StackOffsetScheme &S, uint32_t Unknown) {
  uint32_t Span = Unknown;
  for (unsigned I = 0; I < 64; ++I)
    Span |= mixWord(S, Span) | Unknown;
  return Span;
}

std::optional<Figures> enumerateFigures(const StackOffsetScheme &S,
                                        bool Stationary) {
  unsigned UnknownBits = S.unknownBits();
  uint32_t Unknown = UnknownBits >= 32 ? ~0u : (1u << UnknownBits) - 1;
  if (UnknownBits > 20)
    return std::nullopt;
  // The slot's unknown contribution to n: every value of the span (small)
  // or of its projection on the mask (large span, uniform projection).
  std::vector<uint32_t> SlotParts{0};
  if (Stationary) {
    uint32_t Span = unknownSpan(S, Unknown);
    if (__builtin_popcount(Span) + UnknownBits <= 20) {
      SlotParts.clear();
      for (uint32_t V : submasks(Span))
        SlotParts.push_back(mixWord(S, V) & S.OffsetMask);
    } else {
      SlotParts = submasks(mixWord(S, Span) & S.OffsetMask);
    }
  }
  // How often each value x = (slot part ^ u) & mask occurs over all inputs;
  // then every attacker state c shifts by (c ^ x) & mask. Exact counts, in
  // two passes instead of one nested loop.
  std::map<uint32_t, uint64_t> Hist;
  for (uint32_t V : SlotParts)
    for (uint64_t U = 0; U <= Unknown; ++U)
      ++Hist[(V ^ uint32_t(U)) & S.OffsetMask];
  uint64_t Total = uint64_t(SlotParts.size()) * (uint64_t(Unknown) + 1);
  Figures F;
  for (uint32_t C : submasks(S.OffsetMask)) {
    std::map<uint64_t, uint64_t> Counts;
    for (auto [X, Count] : Hist) {
      uint32_t Offset = C ^ X; // mix(slot) ^ known ^ u, masked below
      Counts[shiftOf(S, Offset & S.OffsetMask)] += Count;
    }
    account(F, Counts, Total);
  }
  return F;
}

Figures enumerateKnownGenerator(const StackOffsetScheme &S) {
  // The attacker knows the output word: one input, one shift.
  Figures F;
  for (uint32_t C : submasks(S.OffsetMask))
    account(F, {{shiftOf(S, C & S.OffsetMask), 1}}, 1);
  return F;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 3) {
    errs() << "usage: " << Argv[0] << " REPORT.json SCHEME_DIR\n";
    return 2;
  }
  auto Buf = MemoryBuffer::getFile(Argv[1]);
  if (!Buf) {
    errs() << Argv[1] << ": " << Buf.getError().message() << "\n";
    return 2;
  }
  Expected<json::Value> Root = json::parse((*Buf)->getBuffer());
  if (!Root) {
    errs() << toString(Root.takeError()) << "\n";
    return 2;
  }
  unsigned Passed = 0, Failed = 0;
  for (const json::Value &V : *Root->getAsObject()->getArray("results")) {
    const json::Object &R = *V.getAsObject();
    std::string Property = R.getString("property")->str();
    if (Property != "entropy.fresh" && Property != "entropy.stationary")
      continue;
    std::string Name = R.getString("scheme")->str();
    SmallString<256> Path(Argv[2]);
    sys::path::append(Path, Name + ".yaml");
    auto Scheme = readStackOffsetScheme(Path);
    if (!Scheme) {
      errs() << toString(Scheme.takeError()) << "\n";
      ++Failed;
      continue;
    }
    bool Prng = Scheme->Where == Storage::PerCpuPrng;
    std::optional<Figures> F;
    if (Prng && Property == "entropy.fresh")
      F = enumerateKnownGenerator(*Scheme);
    else if (!Prng)
      F = enumerateFigures(*Scheme, Property == "entropy.stationary");
    if (!F) {
      outs() << "skip  " << Name << " " << Property << " (too many inputs)\n";
      continue;
    }
    double Min = std::log2(double(F->Total) / double(F->MaxCount));
    auto MaxPre = R.getInteger("max_preimage"),
         Outcomes = R.getInteger("outcomes");
    bool Ok =
        R.getString("status") == "proved" &&
        R.getInteger("distinct_offsets") == int64_t(F->DistinctMin) &&
        R.getInteger("distinct_offsets_max") == int64_t(F->DistinctMax) &&
        MaxPre && Outcomes &&
        uint64_t(*MaxPre) * F->Total == F->MaxCount * uint64_t(*Outcomes) &&
        std::fabs(*R.getNumber("min_entropy_bits") - Min) < 1e-9 &&
        std::fabs(*R.getNumber("shannon_entropy_bits") - F->Shannon) < 1e-9;
    outs() << (Ok ? "ok    " : "FAIL  ") << Name << " " << Property
           << ": enumerated " << F->DistinctMin << ".." << F->DistinctMax
           << " shifts, max " << F->MaxCount << "/" << F->Total
           << formatv(", min-entropy {0:F6}, Shannon {1:F6}", Min, F->Shannon)
           << "\n";
    (Ok ? Passed : Failed)++;
  }
  outs() << Passed << " passed, " << Failed << " failed\n";
  return Failed || !Passed ? 1 : 0;
}
