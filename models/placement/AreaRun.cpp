#include "models/placement/AreaRun.h"

#include <algorithm>
#include <cmath>

namespace kharden::placement {

/// P(all Tries random tries miss the F free starts among NrPos).
static double allTriesMiss(uint64_t F, uint32_t NrPos, uint64_t Tries) {
  if (NrPos == 0)
    return 1;
  double Q = 1.0 - double(F) / double(NrPos);
  if (Q <= 0)
    return 0;
  return std::pow(Q, double(Tries));
}

/// The number of failed tries before the first success, given that one of
/// Tries tries succeeds: truncated geometric with failure probability Q.
static uint64_t failuresBeforeSuccess(Rng &R, double Q, uint64_t Tries) {
  if (Q <= 0)
    return 0;
  double QT = std::pow(Q, double(Tries));
  double U = R.unit();
  double K = std::ceil(std::log1p(-U * (1 - QT)) / std::log(Q)) - 1;
  if (!(K >= 0))
    return 0;
  return std::min<uint64_t>(uint64_t(K), Tries - 1);
}

/// How many of Trials independent trials succeed, each with probability P
/// (small): the waiting times between successes are geometric.
static uint64_t rareSuccesses(Rng &R, uint64_t Trials, double P) {
  if (P <= 0 || Trials == 0)
    return 0;
  if (P >= 1)
    return Trials;
  double LogQ = std::log1p(-P);
  uint64_t Count = 0;
  double Used = 0;
  while (true) {
    double U = R.unit();
    Used += std::floor(std::log1p(-U) / LogQ) + 1;
    if (Used > double(Trials))
      return Count;
    ++Count;
  }
}

double AreaRun::fallbackProbability(
    const std::vector<std::pair<uint32_t, double>> &Distribution) const {
  double P = 0;
  for (const auto &[Len, Weight] : Distribution) {
    uint32_t NrPos = G.positions(Len);
    uint64_t F = NrPos ? Free.countFree(Len, NrPos) : 0;
    P += Weight * allTriesMiss(F, NrPos, G.Tries);
  }
  return P;
}

void AreaRun::start(Rng &R) {
  Free.reset(G.Pages, G.Random);
  Owner.assign(G.Pages, 0);
  B = G.BaseFirst + uint32_t(R.below(G.BasePositions));
  ClassLo = G.BaseFirst;
  ClassHi = G.baseLast();
  Backup.clear();
  BackupLow = UINT32_MAX;
  Overflow.clear();
  OverflowEnd = G.Random;
  Failures = 0;
}

void AreaRun::split(uint32_t Threshold) {
  if (B <= Threshold)
    ClassHi = std::min(ClassHi, Threshold);
  else
    ClassLo = std::max(ClassLo, Threshold + 1);
}

void AreaRun::allocate(uint32_t Start, uint32_t Len, uint8_t Kind) {
  Free.allocate(Start, Len);
  std::fill(Owner.begin() + Start, Owner.begin() + Start + Len, Kind);
}

void AreaRun::dependentStarts(uint32_t Len, uint32_t NrPos,
                              std::vector<Dependent> &Out) const {
  Out.clear();
  if (BackupLow == UINT32_MAX || NrPos == 0 || ClassLo == ClassHi)
    return;
  // Under base offset b' the lowest fallback module starts at Shift + b';
  // a start p is blocked by it iff b' <= p + Len - 1 - Shift. Only starts
  // whose threshold splits the class matter.
  int64_t Shift = int64_t(BackupLow) - int64_t(B);
  int64_t Lo = Shift + ClassLo - int64_t(Len) + 1;
  int64_t Hi = Shift + ClassHi - int64_t(Len);
  Lo = std::max<int64_t>(Lo, 0);
  Hi = std::min<int64_t>(Hi, int64_t(NrPos) - 1);
  if (Lo > Hi)
    return;
  // Random-area modules block a start for every b'; count their pages over
  // [Lo, Hi + Len) once.
  std::vector<uint32_t> RandomPages(size_t(Hi - Lo) + Len + 1, 0);
  for (int64_t P = Lo; P < Hi + Len; ++P)
    RandomPages[P - Lo + 1] =
        RandomPages[P - Lo] + (P < G.Pages && Owner[P] == 1 ? 1 : 0);
  for (int64_t P = Lo; P <= Hi; ++P)
    if (RandomPages[P - Lo + Len] == RandomPages[P - Lo])
      Out.push_back({uint32_t(P), uint32_t(P + Len - 1 - Shift)});
}

void AreaRun::place(Rng &R, uint32_t Len) {
  uint32_t NrPos = G.positions(Len);
  uint64_t F = NrPos ? Free.countFree(Len, NrPos) : 0;
  double PF = allTriesMiss(F, NrPos, G.Tries);
  bool Falls = R.unit() < PF;

  std::vector<Dependent> Dep;
  dependentStarts(Len, NrPos, Dep);
  // Failed tries on starts only the fallback modules block (for b' up to
  // their threshold) would have succeeded for the b' above it.
  std::vector<uint32_t> BlockedHere;
  for (const Dependent &D : Dep)
    if (B <= D.Threshold)
      BlockedHere.push_back(D.Threshold);
  if (!BlockedHere.empty()) {
    double Q = 1.0 - double(F) / double(NrPos);
    uint64_t Failed = Falls ? G.Tries : failuresBeforeSuccess(R, Q, G.Tries);
    uint64_t Hits = rareSuccesses(
        R, Failed, double(BlockedHere.size()) / double(NrPos - F));
    for (uint64_t H = 0; H < Hits; ++H)
      split(BlockedHere[R.below(BlockedHere.size())]);
  }

  if (!Falls) {
    uint32_t Pos = Free.selectFree(Len, NrPos, R.below(F));
    // A success on a start the fallback modules block for b' up to its
    // threshold would have been a failure there.
    for (const Dependent &D : Dep)
      if (D.Start == Pos)
        split(D.Threshold);
    allocate(Pos, Len, 1);
    if (Pos + Len > G.Random) {
      Overflow.push_back({std::max(Pos, G.Random), Pos + Len});
      std::sort(Overflow.begin(), Overflow.end());
      OverflowEnd = std::max(OverflowEnd, Pos + Len);
    }
    return;
  }

  if (!G.FirstFitFallback) {
    ++Failures;
    return;
  }
  uint32_t Lo = G.windowStart(B);
  std::optional<uint32_t> At = Free.firstFit(Len, Lo, G.Pages);
  // Windows that start below the end of a random-area module reaching past
  // the random area see it; the others see only the fallback modules,
  // moved with the base. Those offsets stay coupled; each of the others is
  // followed on its own.
  if (OverflowEnd > G.windowStart(ClassLo)) {
    uint32_t Clear = OverflowEnd - G.Random;
    if (B >= Clear)
      ClassLo = std::max(ClassLo, Clear);
    else
      ClassLo = ClassHi = B;
  }
  if (!At) {
    ClassLo = ClassHi = B;
    ++Failures;
    return;
  }
  // The module fits at the same relative place for b' up to Fit.
  uint64_t Room = uint64_t(G.Pages) - Len - (*At - Lo);
  if (Room < uint64_t(G.Random) + ClassHi) {
    uint32_t Fit = uint32_t(Room - G.Random);
    if (ClassLo <= Fit)
      ClassHi = std::min(ClassHi, Fit);
    else
      ClassLo = ClassHi = B;
  }
  allocate(*At, Len, 2);
  auto Where = std::lower_bound(Backup.begin(), Backup.end(),
                                std::make_pair(*At, *At + Len));
  Backup.insert(Where, {*At, *At + Len});
  BackupLow = std::min(BackupLow, *At);
}

/// First fit of Len at or after Lo and below Hi among sorted, disjoint
/// occupied intervals.
static uint32_t
firstFitAmong(const std::vector<std::pair<uint32_t, uint32_t>> &Occupied,
              uint32_t Len, uint32_t Lo, uint32_t Hi) {
  uint64_t Cur = Lo;
  for (const auto &[S, E] : Occupied) {
    if (E <= Cur)
      continue;
    if (S >= Cur && S - Cur >= Len)
      break;
    Cur = std::max<uint64_t>(Cur, E);
  }
  return Cur + Len <= Hi ? uint32_t(Cur) : ProbeDistribution::Failed;
}

uint32_t AreaRun::shiftedFirstFit(uint32_t Len, uint32_t Bp) const {
  if (!G.FirstFitFallback)
    return ProbeDistribution::Failed;
  std::vector<std::pair<uint32_t, uint32_t>> Occupied;
  int64_t Delta = int64_t(Bp) - int64_t(B);
  for (const auto &[S, E] : Backup)
    Occupied.push_back({uint32_t(S + Delta), uint32_t(E + Delta)});
  uint32_t Lo = G.windowStart(Bp);
  if (OverflowEnd > Lo) {
    Occupied.insert(Occupied.end(), Overflow.begin(), Overflow.end());
    std::sort(Occupied.begin(), Occupied.end());
  }
  return firstFitAmong(Occupied, Len, Lo, G.Pages);
}

ProbeDistribution AreaRun::probe(uint32_t Len, bool Spread) const {
  ProbeDistribution D;
  D.Len = Len;
  uint32_t NrPos = G.positions(Len);
  D.Positions = NrPos;
  uint64_t F = NrPos ? Free.countFree(Len, NrPos) : 0;

  // The offsets to average over: the class, or with Spread (choosing the
  // best guess only) every offset.
  uint32_t Lo = ClassLo, Hi = ClassHi;
  if (Spread && Lo == Hi) {
    // Offsets whose window starts above every random-area module reaching
    // past the random area: there the shifted layout is at least plausible.
    Lo = std::max(G.BaseFirst, OverflowEnd - G.Random);
    Hi = G.baseLast();
    if (Lo > Hi)
      Lo = Hi = B;
  }
  uint32_t Count = Hi - Lo + 1;
  double Inv = 1.0 / double(Count);

  std::vector<Dependent> Dep;
  dependentStarts(Len, NrPos, Dep);
  std::sort(Dep.begin(), Dep.end(), [](const Dependent &X, const Dependent &Y) {
    return X.Threshold < Y.Threshold;
  });
  uint64_t FreeHere = 0;
  for (const Dependent &Dp : Dep)
    FreeHere += B > Dp.Threshold;
  uint64_t FreeAlways = F - FreeHere;

  // Per offset b': the free starts, the fallback probability and the
  // weight of each free start.
  std::vector<double> Weight(Count), PF(Count);
  size_t Next = 0;
  for (uint32_t I = 0; I < Count; ++I) {
    uint32_t Bp = Lo + I;
    while (Next < Dep.size() && Dep[Next].Threshold < Bp)
      ++Next;
    uint64_t Fb = FreeAlways + Next;
    PF[I] = allTriesMiss(Fb, NrPos, G.Tries);
    Weight[I] = Fb ? (1 - PF[I]) / double(Fb) : 0;
    D.Uniform += Weight[I] * Inv;
    D.FallbackProbability += PF[I] * Inv;
  }
  // A dependent start is free for the b' above its threshold.
  std::vector<double> Suffix(Count + 1, 0);
  for (uint32_t I = Count; I-- > 0;)
    Suffix[I] = Suffix[I + 1] + Weight[I] * Inv;
  for (const Dependent &Dp : Dep) {
    uint64_t FirstFree = uint64_t(Dp.Threshold) + 1 - Lo;
    D.Special.push_back(
        {Dp.Start, FirstFree >= Count ? 0.0 : Suffix[FirstFree]});
  }

  // Fallback addresses move with b'; only windows that overlap a random-area
  // module reaching past the random area need a search of their own.
  uint32_t Rel = UINT32_MAX;
  for (uint32_t I = 0; I < Count; ++I) {
    if (PF[I] <= 0)
      continue;
    uint32_t Bp = Lo + I;
    uint32_t At;
    if (!G.FirstFitFallback) {
      At = ProbeDistribution::Failed;
    } else if (OverflowEnd <= G.windowStart(Bp)) {
      if (Rel == UINT32_MAX) {
        // The fallback modules' layout relative to the window start.
        std::vector<std::pair<uint32_t, uint32_t>> Relative;
        for (const auto &[S, E] : Backup)
          Relative.push_back({S - G.windowStart(B), E - G.windowStart(B)});
        Rel = firstFitAmong(Relative, Len, 0, UINT32_MAX);
      }
      uint64_t Abs = uint64_t(G.windowStart(Bp)) + Rel;
      At = Abs + Len <= G.Pages ? uint32_t(Abs) : ProbeDistribution::Failed;
    } else {
      At = shiftedFirstFit(Len, Bp);
    }
    D.Fallback.push_back({At, PF[I] * Inv});
  }
  return D;
}

} // namespace kharden::placement
