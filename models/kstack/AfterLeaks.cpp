//===- models/kstack/AfterLeaks.cpp - entropy.after-leaks -----------------===//
//
// A per-CPU LFSR113 drawn at every syscall is linear over GF(2): each leaked
// offset is 6 (or so) linear equations on its 113 effective state bits. The
// proof, for the smallest k whose equations have full rank:
//  - the bit-level model used below computes exactly the kernel's word-level
//    TAUSWORTHE step and output (one Z3 equivalence query);
//  - unique at k: every effective state bit equals a fixed XOR of the k
//    observed offsets' bits (the left inverse, found by Gaussian elimination
//    and checked by Z3 for all states), so k leaks determine the state;
//  - not unique at k-1: two states with different effective bits yield the
//    same k-1 offsets (a witness Z3 checks on the kernel's word-level model).
// Bit-level 1-bit variables keep the parity reasoning within reach of the
// solvers' XOR rewriting; the word-level form is far harder for cvc5.
//
//===----------------------------------------------------------------------===//
#include "models/kstack/Entropy.h"
#include "models/kstack/Lfsr113.h"
#include "models/kstack/OffsetMap.h"
#include "models/solver/ProofRun.h"

#include "llvm/ADT/StringExtras.h"

#include <optional>

using namespace llvm;

namespace kharden::kstack {

using smt::ProofRun;

namespace {

/// A bit as a 1-bit term; nullopt is the constant 0.
using Bit = std::optional<z3::expr>;
using Words = std::vector<std::vector<Bit>>; // [word][bit]

Bit xorBits(const Bit &A, const Bit &B) {
  if (!A)
    return B;
  if (!B)
    return A;
  return *A ^ *B;
}

z3::expr value(z3::context &C, const Bit &B) { return B ? *B : C.bv_val(0, 1); }

/// One TAUSWORTHE step of every word, bit by bit; returns the output bits.
std::vector<Bit> bitStep(Words &State) {
  std::vector<Bit> Out(32);
  for (unsigned W = 0; W < 4; ++W) {
    const lfsr113::Shape &P = lfsr113::Words[W];
    const std::vector<Bit> &S = State[W];
    std::vector<Bit> Mixed(32), Next(32);
    for (unsigned I = 0; I < 32; ++I) // (s << a) ^ s
      Mixed[I] = xorBits(I >= P.A ? S[I - P.A] : Bit(), S[I]);
    for (unsigned B = 0; B < 32; ++B) {
      Bit Masked = B >= P.D && (P.C >> (B - P.D) & 1) ? S[B - P.D] : Bit();
      Next[B] = xorBits(Masked, B + P.B < 32 ? Mixed[B + P.B] : Bit());
    }
    State[W] = Next;
    for (unsigned B = 0; B < 32; ++B)
      Out[B] = xorBits(Out[B], Next[B]);
  }
  return Out;
}

/// The same generator on machine words, for the GF(2) candidates only.
uint32_t concreteStep(uint32_t S[4]) {
  uint32_t Out = 0;
  for (unsigned W = 0; W < 4; ++W) {
    const lfsr113::Shape &P = lfsr113::Words[W];
    S[W] = ((S[W] & P.C) << P.D) ^ (((S[W] << P.A) ^ S[W]) >> P.B);
    Out ^= S[W];
  }
  return Out;
}

struct EffectiveBit {
  unsigned Word, Bit;
};

std::vector<EffectiveBit> effectiveBits() {
  std::vector<EffectiveBit> Bits;
  for (unsigned W = 0; W < 4; ++W)
    for (unsigned B = 0; B < 32; ++B)
      if (lfsr113::EffectiveMask[W] >> B & 1)
        Bits.push_back({W, B});
  return Bits;
}

std::vector<unsigned> maskBits(uint32_t Mask) {
  std::vector<unsigned> Bits;
  for (unsigned B = 0; B < 32; ++B)
    if (Mask >> B & 1)
      Bits.push_back(B);
  return Bits;
}

/// Gaussian elimination of the k-leak observation matrix over GF(2).
struct Elimination {
  unsigned Rank = 0;
  /// For each effective bit with a pivot: the observation bits whose XOR
  /// equals it (a row of the left inverse).
  std::vector<std::vector<unsigned>> Inverse;
  /// A nonzero effective-state difference invisible in every observation,
  /// when the rank is short.
  std::vector<uint8_t> Kernel;
};

Elimination eliminate(const StackOffsetScheme &S, unsigned Leaks) {
  std::vector<EffectiveBit> Eff = effectiveBits();
  std::vector<unsigned> Obs = maskBits(S.OffsetMask);
  size_t Cols = Eff.size(), Rows = Leaks * Obs.size();
  std::vector<std::vector<uint8_t>> M(Rows, std::vector<uint8_t>(Cols));
  for (size_t J = 0; J < Cols; ++J) {
    uint32_t State[4] = {0, 0, 0, 0};
    State[Eff[J].Word] = 1u << Eff[J].Bit;
    for (unsigned T = 0; T < Leaks; ++T) {
      uint32_t Out = concreteStep(State);
      for (size_t Q = 0; Q < Obs.size(); ++Q)
        M[T * Obs.size() + Q][J] = Out >> Obs[Q] & 1;
    }
  }
  std::vector<std::vector<uint8_t>> Comb(Rows, std::vector<uint8_t>(Rows));
  for (size_t I = 0; I < Rows; ++I)
    Comb[I][I] = 1;
  std::vector<int> PivotRow(Cols, -1);
  Elimination E;
  for (size_t Col = 0; Col < Cols && E.Rank < Rows; ++Col) {
    size_t P = E.Rank;
    while (P < Rows && !M[P][Col])
      ++P;
    if (P == Rows)
      continue;
    std::swap(M[P], M[E.Rank]);
    std::swap(Comb[P], Comb[E.Rank]);
    for (size_t I = 0; I < Rows; ++I)
      if (I != E.Rank && M[I][Col]) {
        for (size_t X = 0; X < Cols; ++X)
          M[I][X] ^= M[E.Rank][X];
        for (size_t X = 0; X < Rows; ++X)
          Comb[I][X] ^= Comb[E.Rank][X];
      }
    PivotRow[Col] = int(E.Rank++);
  }
  if (E.Rank == Cols) {
    for (size_t J = 0; J < Cols; ++J) {
      std::vector<unsigned> Row;
      for (size_t X = 0; X < Rows; ++X)
        if (Comb[PivotRow[J]][X])
          Row.push_back(X);
      E.Inverse.push_back(Row);
    }
    return E;
  }
  // A free column f: d_f = 1, each pivot column takes its row's entry at f.
  size_t Free = 0;
  while (PivotRow[Free] >= 0)
    ++Free;
  E.Kernel.assign(Cols, 0);
  E.Kernel[Free] = 1;
  for (size_t J = 0; J < Cols; ++J)
    if (PivotRow[J] >= 0)
      E.Kernel[J] = M[PivotRow[J]][Free];
  return E;
}

std::vector<z3::expr> wordsOf(const std::vector<z3::expr> &Words32) {
  return Words32;
}

} // namespace

PropertyResult proveEntropyAfterLeaks(const StackOffsetScheme &S,
                                      const smt::SolverConfig &Config) {
  PropertyResult R;
  R.Scheme = S.Name;
  R.Property = "entropy.after-leaks";
  ProofRun Run(R, Config);
  try {
    z3::context &C = Run.ctx();
    if (S.Random.Gen != Generator::Lfsr113) {
      Run.fail(smt::Status::Error, "entropy.after-leaks needs a generator");
      Run.finish();
      return R;
    }
    R.Assumptions.push_back(
        "The attacker observes the offsets n = output & " +
        ("0x" + utohexstr(S.OffsetMask, false)) +
        " of consecutive draws from one CPU's generator (e.g. by leaking "
        "stack addresses), and knows the generator's algorithm.");
    R.Assumptions.push_back(
        "Two states are the same when their 113 effective bits agree (the "
        "others never reach an output).");

    // The smallest k with full rank: the candidate the proof checks.
    constexpr unsigned MaxLeaks = 64;
    unsigned K = 1;
    while (K <= MaxLeaks && eliminate(S, K).Rank < lfsr113::EffectiveBits)
      ++K;
    if (K > MaxLeaks) {
      Run.fail(smt::Status::Unknown,
               "the state is not determined by 64 leaked offsets");
      Run.finish();
      return R;
    }

    // 1. The bit-level model is the kernel's step.
    std::vector<z3::expr> Word;
    Words FromWords(4, std::vector<Bit>(32));
    for (unsigned W = 0; W < 4; ++W) {
      Word.push_back(C.bv_const(("s" + std::to_string(W + 1)).c_str(), 32));
      for (unsigned B = 0; B < 32; ++B)
        FromWords[W][B] = Word[W].extract(B, B);
    }
    std::vector<Bit> BitOut = bitStep(FromWords);
    std::vector<z3::expr> Next = Word;
    z3::expr WordOut = lfsr113::step(Next);
    z3::expr Same = C.bool_val(true);
    for (unsigned B = 0; B < 32; ++B) {
      Same = Same && value(C, BitOut[B]) == WordOut.extract(B, B);
      for (unsigned W = 0; W < 4; ++W)
        Same = Same && value(C, FromWords[W][B]) == Next[W].extract(B, B);
    }
    Run.prove("bit-model", Same, {},
              "the bit-level model computes prandom_u32_state()'s step and "
              "output for every state");

    // 2. Unique at K: each effective bit is a fixed XOR of observed bits.
    Elimination E = eliminate(S, K);
    std::vector<EffectiveBit> Eff = effectiveBits();
    std::vector<unsigned> ObsBits = maskBits(S.OffsetMask);
    Words State(4, std::vector<Bit>(32));
    for (unsigned W = 0; W < 4; ++W)
      for (unsigned B = 0; B < 32; ++B)
        State[W][B] = C.bv_const(
            ("s" + std::to_string(W + 1) + "_" + std::to_string(B)).c_str(), 1);
    Words Initial = State;
    std::vector<Bit> Observed;
    for (unsigned T = 0; T < K; ++T) {
      std::vector<Bit> Out = bitStep(State);
      for (unsigned B : ObsBits)
        Observed.push_back(Out[B]);
    }
    z3::expr Determined = C.bool_val(true);
    for (size_t J = 0; J < Eff.size(); ++J) {
      Bit Sum;
      for (unsigned X : E.Inverse[J])
        Sum = xorBits(Sum, Observed[X]);
      Determined = Determined &&
                   value(C, Initial[Eff[J].Word][Eff[J].Bit]) == value(C, Sum);
    }
    Run.prove("unique", Determined, {},
              Twine(K) + " consecutive leaked offsets determine all 113 "
                         "effective state bits (each is a fixed XOR of "
                         "observed bits)");

    // 3. Not unique at K-1: two states, different, same K-1 offsets. The
    // first is the self-test's state (seed 1 after warm-up).
    if (K > 1) {
      Elimination Short = eliminate(S, K - 1);
      std::vector<z3::expr> A = lfsr113::selftestSeed(C, 1);
      for (unsigned I = 0; I < 10; ++I)
        lfsr113::step(A);
      std::vector<uint32_t> AValue, BValue;
      for (unsigned W = 0; W < 4; ++W) {
        AValue.push_back(uint32_t(evaluate(A[W])));
        BValue.push_back(AValue[W]);
      }
      for (size_t J = 0; J < Eff.size(); ++J)
        if (Short.Kernel[J])
          BValue[Eff[J].Word] ^= 1u << Eff[J].Bit;
      std::vector<z3::expr> SA = Word, SB;
      std::vector<z3::expr> Constraints;
      for (unsigned W = 0; W < 4; ++W) {
        SB.push_back(C.bv_const(("t" + std::to_string(W + 1)).c_str(), 32));
        Constraints.push_back(SA[W] == C.bv_val(AValue[W], 32));
        Constraints.push_back(SB[W] == C.bv_val(BValue[W], 32));
      }
      z3::expr Differ = C.bool_val(false);
      for (unsigned W = 0; W < 4; ++W)
        Differ = Differ || ((SA[W] ^ SB[W]) &
                            C.bv_val(lfsr113::EffectiveMask[W], 32)) != 0;
      Constraints.push_back(Differ);
      std::vector<z3::expr> XA = wordsOf(SA), XB = wordsOf(SB);
      for (unsigned T = 0; T + 1 < K; ++T)
        Constraints.push_back(offsetMax(S, lfsr113::step(XA)) ==
                              offsetMax(S, lfsr113::step(XB)));
      Run.witness("ambiguous", Constraints,
                  "two states with different effective bits yield the same " +
                      Twine(K - 1) + " consecutive offsets");
    }
    if (!Run.ok()) {
      Run.finish();
      return R;
    }
    R.LeaksToDetermine = K;
    R.Summary = "the generator's state is determined by " + std::to_string(K) +
                " consecutive leaked offsets; every later offset is then "
                "predictable";
  } catch (const z3::exception &Ex) {
    Run.fail(smt::Status::Error, std::string("Z3: ") + Ex.msg());
  }
  Run.finish();
  return R;
}

} // namespace kharden::kstack
