#include "models/placement/ExactArea.h"

#include <cassert>
#include <cmath>
#include <unordered_map>

namespace kharden::placement {

namespace {

uint64_t run(uint32_t Start, uint32_t Len) {
  uint64_t Ones = Len >= 64 ? ~uint64_t(0) : (uint64_t(1) << Len) - 1;
  return Ones << Start;
}

/// One module of Len pages placed in occupancy Mask under base offset B:
/// calls Out(new mask, start or G.Pages for failure, probability, fell back).
template <typename Fn>
void outcomes(const AreaGeometry &G, uint64_t Mask, uint32_t B, uint32_t Len,
              Fn Out) {
  uint32_t NrPos = G.positions(Len);
  std::vector<uint32_t> Free;
  for (uint32_t P = 0; P < NrPos; ++P)
    if (!(Mask & run(P, Len)))
      Free.push_back(P);
  double PF = 1;
  if (NrPos) {
    double Q = 1.0 - double(Free.size()) / double(NrPos);
    PF = Q <= 0 ? 0 : std::pow(Q, double(G.Tries));
  }
  for (uint32_t P : Free)
    Out(Mask | run(P, Len), P, (1 - PF) / double(Free.size()), false);
  if (PF <= 0)
    return;
  if (G.FirstFitFallback)
    for (uint32_t Y = G.windowStart(B); Y + Len <= G.Pages; ++Y)
      if (!(Mask & run(Y, Len))) {
        Out(Mask | run(Y, Len), Y, PF, true);
        return;
      }
  Out(Mask, G.Pages, PF, true);
}

} // namespace

std::pair<uint32_t, double> ExactAreaPoint::largest() const {
  std::pair<uint32_t, double> Best{0, -1};
  for (const auto &[Start, P] : Probability)
    if (P > Best.second)
      Best = {Start, P};
  return Best;
}

std::vector<ExactAreaPoint> enumerateModuleArea(const AreaGeometry &G,
                                                const ModuleSet &Set,
                                                llvm::ArrayRef<uint64_t> Ns) {
  assert(G.Pages <= 64 && "exact enumeration is for miniature areas");
  std::vector<ExactAreaPoint> Out(Ns.size());
  double PerBase = 1.0 / double(G.BasePositions);
  for (uint32_t I = 0; I < G.BasePositions; ++I) {
    uint32_t B = G.BaseFirst + I;
    std::unordered_map<uint64_t, double> States{{0, 1.0}};
    size_t Point = 0;
    for (uint64_t M = 1; M <= Ns.back(); ++M) {
      if (M == Ns[Point]) {
        ExactAreaPoint &E = Out[Point++];
        for (const auto &[Mask, P] : States) {
          outcomes(G, Mask, B, uint32_t(Set.Probe),
                   [&](uint64_t, uint32_t Start, double Q, bool Fell) {
                     E.Probability[Start] += PerBase * P * Q;
                     if (Fell)
                       E.Fallback += PerBase * P * Q;
                   });
          for (const auto &[Len, Weight] : Set.Distribution)
            outcomes(G, Mask, B, Len,
                     [&](uint64_t, uint32_t, double Q, bool Fell) {
                       if (Fell)
                         E.DrawnFallback += PerBase * P * Q * Weight;
                     });
        }
      }
      if (M == Ns.back())
        break;
      std::unordered_map<uint64_t, double> Next;
      for (const auto &[Mask, P] : States)
        outcomes(G, Mask, B, uint32_t(Set.Footprint[M - 1]),
                 [&](uint64_t NewMask, uint32_t, double Q, bool) {
                   Next[NewMask] += P * Q;
                 });
      States = std::move(Next);
    }
  }
  return Out;
}

} // namespace kharden::placement
