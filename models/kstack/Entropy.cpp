//===- models/kstack/Entropy.cpp - entropy.fresh, entropy.stationary ------===//
//
// The shift is the alloca size of n = KSTACK_OFFSET_MAX(offset). The proof
// factors the map: the random input -> n (UniformImage.h proves n uniform
// over base ^ W), then n -> shift, counted over the at most 2^12 possible n
// with bit-vector sums of ite() over constants. The attacker's knowledge is
// the parameters of the draw (the previous offset, the known input bits);
// the figures are the worst case over them, found and bounded by Z3.
//
//===----------------------------------------------------------------------===//
#include "models/kstack/Entropy.h"
#include "models/kstack/Lfsr113.h"
#include "models/kstack/OffsetMap.h"
#include "models/kstack/UniformImage.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <map>

using namespace llvm;

namespace kharden::kstack {

using smt::ProofRun;

namespace {

std::string hex(uint64_t V) { return "0x" + utohexstr(V, /*LowerCase=*/false); }

/// The bits the fresh input (InputBits) can ever reach in the slot, proved:
/// the set is closed under one refill, and t refills from 0 reach all of it.
struct Reach {
  uint32_t Mask = 0;
  unsigned Refills = 0;
};

std::optional<Reach> proveReach(ProofRun &Run, const StackOffsetScheme &S,
                                StringRef Step, uint32_t InputBits,
                                const Twine &What) {
  Reach R;
  uint32_t Cover = InputBits;
  R.Mask = InputBits;
  R.Refills = InputBits ? 1 : 0;
  while (true) {
    uint32_t Next = mixedMask(S, R.Mask) | InputBits;
    if (Next == R.Mask)
      break;
    R.Mask = Next;
  }
  while (Cover != R.Mask) {
    Cover = mixedMask(S, Cover) | InputBits;
    ++R.Refills;
  }
  if (!InputBits)
    return R;
  z3::context &C = Run.ctx();
  z3::expr Slot = C.bv_const("slot", 32), Rand = C.bv_const("rand", 32);
  std::string Name = Step.str();
  if (!Run.prove(Name + ".closed",
                 (refilled(S, Slot, Rand) & C.bv_val(~R.Mask, 32)) == 0,
                 {(Slot & C.bv_val(~R.Mask, 32)) == 0,
                  (Rand & C.bv_val(~InputBits, 32)) == 0},
                 What + ": a refill keeps the slot within the bits " +
                     hex(R.Mask)))
    return std::nullopt;
  // Refills from 0 with inputs r1..rt: slot = mix(..mix(r1)..) ^ rt.
  Draw Spread{C.bv_val(0, 32), {}, {}, {}};
  for (unsigned I = 0; I < R.Refills; ++I) {
    z3::expr Ri = C.bv_const(("r" + std::to_string(I + 1)).c_str(), 32);
    Spread.N = refilled(S, Spread.N, Ri);
    Spread.Inputs.push_back({Ri, InputBits});
  }
  std::optional<Image> Img = proveUniformImage(
      Run, Name + ".onto", Spread,
      What + " after " + Twine(R.Refills) + " refills from 0");
  if (!Img)
    return std::nullopt;
  if (Img->Mask != R.Mask) {
    Run.fail(smt::Status::Error, Step + ": refills reach " + hex(Img->Mask) +
                                     ", not " + hex(R.Mask));
    return std::nullopt;
  }
  return R;
}

/// The shift values and the n that produce each, over every n the mask
/// allows.
std::map<uint64_t, std::vector<uint32_t>>
shiftGroups(const StackOffsetScheme &S, z3::context &C) {
  std::map<uint64_t, std::vector<uint32_t>> Groups;
  for (uint32_t N = S.OffsetMask;; N = (N - 1) & S.OffsetMask) {
    Groups[evaluate(allocaSize(S, C.bv_val(N, 32)))].push_back(N);
    if (!N)
      break;
  }
  return Groups;
}

constexpr unsigned CountWidth = 16;

z3::expr sum(z3::context &C, const std::vector<z3::expr> &Terms) {
  z3::expr Total = C.bv_val(0, CountWidth);
  for (const z3::expr &T : Terms)
    Total = Total + T;
  return Total;
}

z3::expr count(z3::context &C, unsigned V) { return C.bv_val(V, CountWidth); }

/// A preimage profile: preimage size -> number of shifts with it.
using Profile = std::map<unsigned, unsigned>;

struct Counting {
  std::vector<uint64_t> Shifts;
  std::vector<z3::expr> Preimage; // per shift: how many n in base ^ W
  z3::expr Distinct;

  z3::expr hasProfile(z3::context &C, const Profile &P) const {
    z3::expr All = C.bool_val(true);
    for (auto [Size, Shifts] : P) {
      std::vector<z3::expr> Terms;
      for (const z3::expr &Pre : Preimage)
        Terms.push_back(
            z3::ite(Pre == count(C, Size), count(C, 1), count(C, 0)));
      All = All && sum(C, Terms) == count(C, Shifts);
    }
    return All;
  }
  z3::expr someShiftAtLeast(z3::context &C, unsigned M) const {
    z3::expr Any = C.bool_val(false);
    for (const z3::expr &Pre : Preimage)
      Any = Any || z3::uge(Pre, count(C, M));
    return Any;
  }
};

Counting buildCounting(const StackOffsetScheme &S, const Draw &D,
                       const Image &Img) {
  z3::context &C = D.N.ctx();
  z3::expr Base = D.base();
  Counting Cnt{{}, {}, C.bv_val(0, CountWidth)};
  std::vector<z3::expr> Hit;
  for (auto &[Shift, Ns] : shiftGroups(S, C)) {
    std::vector<z3::expr> Terms;
    for (uint32_t N : Ns)
      Terms.push_back(
          z3::ite(((Base ^ C.bv_val(N, 32)) & C.bv_val(~Img.Mask, 32)) == 0,
                  count(C, 1), count(C, 0)));
    Cnt.Shifts.push_back(Shift);
    Cnt.Preimage.push_back(sum(C, Terms));
    Hit.push_back(z3::ite(Cnt.Preimage.back() != 0, count(C, 1), count(C, 0)));
  }
  Cnt.Distinct = sum(C, Hit);
  return Cnt;
}

struct ProfileFigures {
  unsigned Distinct = 0, MaxPreimage = 0;
  double Shannon = 0;
};

ProfileFigures figuresOf(const Profile &P, double Outcomes) {
  ProfileFigures F;
  for (auto [Size, Shifts] : P) {
    if (!Size)
      continue;
    F.Distinct += Shifts;
    F.MaxPreimage = std::max(F.MaxPreimage, Size);
    F.Shannon += Shifts * (Size / Outcomes) * std::log2(Outcomes / Size);
  }
  return F;
}

std::string describeParams(const Draw &D, const smt::Assignment &W) {
  std::string Out;
  for (const z3::expr &P : D.Params)
    Out += (Out.empty() ? "" : ", ") + P.decl().name().str() + " = " +
           hex(W.bits(P));
  return Out.empty() ? "any state" : Out;
}

/// Enumerates every preimage profile an attacker state can produce, proves
/// the list complete, and proves the bound and witness figures.
void countShifts(ProofRun &Run, PropertyResult &R, const StackOffsetScheme &S,
                 const Draw &D, const Image &Img) {
  z3::context &C = Run.ctx();
  Counting Cnt = buildCounting(S, D, Img);
  std::vector<Profile> Profiles;
  constexpr unsigned MaxProfiles = 64;
  while (true) {
    std::vector<z3::expr> Constraints = D.ParamFacts;
    for (const Profile &P : Profiles)
      Constraints.push_back(!Cnt.hasProfile(C, P));
    std::string Step = "profile-" + std::to_string(Profiles.size() + 1);
    auto O = Run.search(Step, Constraints);
    if (!O)
      return;
    if (O->provedImpossible()) {
      Run.note(Step, "every attacker state yields one of the " +
                         Twine(Profiles.size()) + " preimage profile(s) found");
      break;
    }
    Profile P;
    for (const z3::expr &Pre : Cnt.Preimage)
      if (unsigned Size = O->witness()->bits(Pre))
        ++P[Size];
    Run.note(Step, "attacker state " + describeParams(D, *O->witness()) +
                       " yields a new preimage profile");
    Profiles.push_back(P);
    if (Profiles.size() > MaxProfiles) {
      Run.fail(smt::Status::Unknown, "more than 64 preimage profiles");
      return;
    }
  }

  double Outcomes = std::ldexp(1.0, Img.Dim);
  EntropyFigures E;
  E.Outcomes = 1ull << Img.Dim;
  E.RandomMask = Img.Mask;
  E.DistinctShifts = ~0u;
  E.ShannonEntropyBits = 1e9;
  for (const Profile &P : Profiles) {
    ProfileFigures F = figuresOf(P, Outcomes);
    E.MaxPreimage = std::max(E.MaxPreimage, F.MaxPreimage);
    E.DistinctShifts = std::min(E.DistinctShifts, F.Distinct);
    E.DistinctShiftsMax = std::max(E.DistinctShiftsMax, F.Distinct);
    if (F.Shannon < E.ShannonEntropyBits) {
      E.ShannonEntropyBits = F.Shannon;
      E.Histogram = P;
    }
  }
  E.MinEntropyBits = Img.Dim - std::log2(double(E.MaxPreimage));
  E.SelftestBits =
      unsigned(std::floor(std::log2(double(E.DistinctShifts)))) + 1;

  // The two directions of each figure, as their own named queries.
  unsigned M = E.MaxPreimage;
  std::vector<z3::expr> Bound = D.ParamFacts;
  Bound.push_back(Cnt.someShiftAtLeast(C, M + 1));
  Run.impossible("max-preimage.bound", Bound,
                 "no attacker state gives any shift more than " + Twine(M) +
                     " of the " + Twine(E.Outcomes) + " equally likely n");
  std::vector<z3::expr> Reached = D.ParamFacts;
  Reached.push_back(Cnt.someShiftAtLeast(C, M));
  if (auto W = Run.witness("max-preimage.witness", Reached,
                           "some attacker state gives a shift " + Twine(M) +
                               " of them")) {
    for (size_t I = 0; I < Cnt.Shifts.size(); ++I)
      if (W->bits(Cnt.Preimage[I]) == M) {
        R.Steps.back() +=
            ": " + describeParams(D, *W) + ", shift " + hex(Cnt.Shifts[I]);
        break;
      }
  }
  std::vector<z3::expr> More = D.ParamFacts;
  More.push_back(z3::uge(Cnt.Distinct, count(C, E.DistinctShiftsMax + 1)));
  Run.impossible("distinct.bound", More,
                 "no attacker state allows more than " +
                     Twine(E.DistinctShiftsMax) + " distinct shifts");
  if (E.DistinctShifts > 1) {
    std::vector<z3::expr> Fewer = D.ParamFacts;
    Fewer.push_back(z3::ule(Cnt.Distinct, count(C, E.DistinctShifts - 1)));
    Run.impossible("distinct.lower", Fewer,
                   "no attacker state allows fewer than " +
                       Twine(E.DistinctShifts) + " distinct shifts");
  }
  std::vector<z3::expr> Exactly = D.ParamFacts;
  Exactly.push_back(Cnt.Distinct == count(C, E.DistinctShifts));
  Run.witness("distinct.witness", Exactly,
              "some attacker state allows exactly " + Twine(E.DistinctShifts) +
                  " distinct shifts");
  // Figures are reported only when every step behind them was proved.
  if (Run.ok())
    R.Entropy = E;
}

std::string bitList(uint32_t Mask) {
  std::string Out;
  for (unsigned Lo = 0; Lo < 32;) {
    if (!(Mask >> Lo & 1)) {
      ++Lo;
      continue;
    }
    unsigned Hi = Lo;
    while (Hi + 1 < 32 && (Mask >> (Hi + 1) & 1))
      ++Hi;
    Out += (Out.empty() ? "" : ",") +
           (Hi == Lo ? std::to_string(Lo)
                     : std::to_string(Hi) + ":" + std::to_string(Lo));
    Lo = Hi + 1;
  }
  return Out.empty() ? "none" : "[" + Out + "]";
}

void commonAssumptions(PropertyResult &R, const StackOffsetScheme &S) {
  R.Assumptions.push_back("The stack shift is the alloca size (n + " +
                          std::to_string(S.Alloca.Add) + ") & ~" +
                          std::to_string(S.Alloca.Align - 1) +
                          " of n = offset & " + hex(S.OffsetMask) +
                          " (KSTACK_OFFSET_MAX); the attacker learns nothing "
                          "else about n.");
  if (S.Random.Source == RandomSource::Prng)
    return;
  std::string Expr = S.Random.Expression.empty()
                         ? "the random input"
                         : "`" + S.Random.Expression + "`";
  if (S.Random.Source == RandomSource::Timer)
    R.Assumptions.push_back(
        "Of the " + std::to_string(S.Random.Bits) + " bits of " + Expr +
        " the low " + std::to_string(S.unknownBits()) +
        " are uniform and unknown to the attacker; the others are known (a "
        "timer the attacker can read).");
  else
    R.Assumptions.push_back("All " + std::to_string(S.Random.Bits) +
                            " bits of " + Expr +
                            " are uniform and unknown to the attacker.");
  R.Assumptions.push_back("The offset slot starts at 0 (per-CPU data, or "
                          "random_kstack_task_init() at fork).");
}

template <typename Body>
PropertyResult guarded(const StackOffsetScheme &S, const char *Property,
                       const smt::SolverConfig &Config, Body Fn) {
  PropertyResult R;
  R.Scheme = S.Name;
  R.Property = Property;
  ProofRun Run(R, Config);
  try {
    Fn(Run, R);
  } catch (const z3::exception &E) {
    Run.fail(smt::Status::Error, std::string("Z3: ") + E.msg());
  }
  Run.finish();
  return R;
}

void summarize(PropertyResult &R) {
  if (!R.Entropy || R.Verdict != smt::Status::Proved)
    return;
  const EntropyFigures &E = *R.Entropy;
  R.Summary = std::to_string(E.DistinctShifts) +
              " distinct shifts, min-entropy " +
              formatv("{0:F2}", E.MinEntropyBits).str() + " bits, Shannon " +
              formatv("{0:F3}", E.ShannonEntropyBits).str() + " bits";
}

std::vector<z3::expr> lfsrState(z3::context &C, const char *Prefix) {
  std::vector<z3::expr> S;
  for (unsigned I = 1; I <= 4; ++I)
    S.push_back(C.bv_const((Prefix + std::to_string(I)).c_str(), 32));
  return S;
}

/// The offset a per-CPU generator draw yields from State.
z3::expr prngOffset(const StackOffsetScheme &S, std::vector<z3::expr> State) {
  return offsetMax(S, lfsr113::step(State));
}

} // namespace

PropertyResult proveFreshEntropy(const StackOffsetScheme &S,
                                 const smt::SolverConfig &Config) {
  return guarded(
      S, "entropy.fresh", Config, [&](ProofRun &Run, PropertyResult &R) {
        z3::context &C = Run.ctx();
        commonAssumptions(R, S);
        if (S.Random.Source == RandomSource::Prng) {
          // Knowing the state, the attacker computes the next output word; the
          // draw is then a function of that word alone.
          R.Assumptions.push_back(
              "The attacker knows the generator's state before the draw, hence "
              "its next output word (worst case over every word).");
          z3::expr Word = C.bv_const("output", 32);
          Draw D{offsetMax(S, Word), {Word}, {}, {}};
          auto Img = proveUniformImage(Run, "draw", D, "the drawn offset");
          if (Img)
            countShifts(Run, R, S, D, *Img);
          summarize(R);
          return;
        }
        auto Slot = proveReach(Run, S, "reach", inputMask(S),
                               "the values the slot can hold");
        if (!Slot)
          return;
        R.Assumptions.push_back(
            "The attacker knows the previous offset: the worst case is taken "
            "over "
            "every value the slot can hold (bits " +
            bitList(Slot->Mask) +
            ", all reachable) and over the known input bits.");
        z3::expr Prev = C.bv_const("prev", 32), Known = C.bv_const("known", 32),
                 Fresh = C.bv_const("fresh", 32);
        Draw D{offsetMax(S, refilled(S, Prev, Known ^ Fresh)),
               {Prev, Known},
               {(Prev & C.bv_val(~Slot->Mask, 32)) == 0,
                (Known & C.bv_val(~knownInputMask(S), 32)) == 0},
               {{Fresh, unknownInputMask(S)}}};
        auto Img = proveUniformImage(Run, "draw", D, "n after one refill");
        if (Img)
          countShifts(Run, R, S, D, *Img);
        summarize(R);
      });
}

PropertyResult proveStationaryEntropy(const StackOffsetScheme &S,
                                      const smt::SolverConfig &Config) {
  return guarded(
      S, "entropy.stationary", Config, [&](ProofRun &Run, PropertyResult &R) {
        z3::context &C = Run.ctx();
        commonAssumptions(R, S);
        if (S.Random.Source == RandomSource::Prng) {
          R.Assumptions.push_back(
              "The generator's state is uniform over its 2^113 effective "
              "states "
              "(the kernel's seeding excludes the few states with an all-zero "
              "word, which moves each probability by less than 2^-24).");
          std::vector<z3::expr> State = lfsrState(C, "state");
          Draw D{prngOffset(S, State), {}, {}, {}};
          for (unsigned I = 0; I < 4; ++I)
            D.Inputs.push_back({State[I], lfsr113::EffectiveMask[I]});
          auto Img = proveUniformImage(Run, "draw", D, "the drawn offset");
          if (Img)
            countShifts(Run, R, S, D, *Img);
          summarize(R);
          return;
        }
        auto Slot = proveReach(Run, S, "reach", inputMask(S),
                               "the values the slot can hold");
        auto Spread = proveReach(Run, S, "spread", unknownInputMask(S),
                                 "the attacker's uncertainty about the slot");
        if (!Slot || !Spread)
          return;
        R.Assumptions.push_back(
            "The slot has been refilled at least " +
            std::to_string(Spread->Refills) +
            " times since it was 0 and the attacker saw none of its earlier "
            "offsets: its uncertainty is uniform over the bits " +
            bitList(Spread->Mask) +
            " the mix spreads the unknown input into (worst case over "
            "everything "
            "else, which it may know).");
        z3::expr Known = C.bv_const("known_slot", 32),
                 Unknown = C.bv_const("unknown_slot", 32),
                 KnownIn = C.bv_const("known", 32),
                 Fresh = C.bv_const("fresh", 32);
        Draw D{offsetMax(S, refilled(S, Known ^ Unknown, KnownIn ^ Fresh)),
               {Known, KnownIn},
               {(Known & C.bv_val(~Slot->Mask, 32)) == 0,
                (KnownIn & C.bv_val(~knownInputMask(S), 32)) == 0},
               {{Unknown, Spread->Mask}, {Fresh, unknownInputMask(S)}}};
        auto Img = proveUniformImage(Run, "draw", D, "n after one more refill");
        if (Img)
          countShifts(Run, R, S, D, *Img);
        summarize(R);
      });
}

} // namespace kharden::kstack
