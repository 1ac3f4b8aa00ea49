//===- models/placement/PlacementProofs.h - solver-checked bounds -*- C++
//-*-===//
//
// Every proved figure rests on lemmas the solver proves symbolically (for
// all placements, offsets and sizes in range) and on a per-figure
// certificate: the concrete arithmetic that instantiates the lemmas for the
// scheme's parameters and the module set, checked by the solver in exact
// rational arithmetic. A figure is proved only if its certificate and every
// lemma it uses are proved; an unknown or error answer anywhere leaves it
// unproved.
//
// module-area, random area (the per-module proposal), for the N-th module
// of L pages after modules of L_1..L_{N-1} pages (guard pages included):
//   each earlier module blocks at most L_i + L - 1 of the P random starts
//   (lemma overlap), so at least F = P - sum(L_i + L - 1) starts stay free
//   whatever the placement; a random placement is uniform over the free
//   starts, at most 1/F each (lemma uniform); all T tries fail with
//   probability at most (1 - F/P)^T (lemmas tries, square); fallback starts
//   lie above every random start (lemma disjoint). So every start has
//   probability at most max(1/F, (1 - F/P)^T): in the worst case a large
//   random-area module covers every base offset of the fallback window and
//   makes the fallback address certain, so the fallback gets no 1/1024
//   credit unless no module can reach that far (lemma reach).
// module-area without a random area (x86_64 mainline): first-fit from the
//   base packs modules contiguously (lemma contiguous), so module N starts
//   at base + b + sum(L_i), one start per base offset (injective): exactly
//   log2(positions) bits, and any module's address determines every other's.
// kernel-windows: first-fit in a window around the kernel keeps one gap
//   below and one above the kernel (lemma two-gaps); the inner offset is
//   enumerated exhaustively; outer windows are bounded by their offsets'
//   stratum (lemma unbounded).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_PLACEMENTPROOFS_H
#define KHARDEN_MODELS_PLACEMENT_PLACEMENTPROOFS_H

#include "models/placement/AreaGeometry.h"
#include "models/placement/Dyadic.h"
#include "models/placement/ModuleSet.h"
#include "models/placement/PlacementResult.h"
#include "models/placement/WindowsGeometry.h"
#include "models/placement/WindowsSimulation.h"
#include "models/solver/Solver.h"

#include <memory>
#include <string>
#include <vector>

namespace kharden::placement {

/// An upper bound on a largest probability, and the status of its proof.
struct ProbabilityBound {
  smt::Status Status = smt::Status::Error;
  std::string Problem;
  /// -log2 of the bound (bits); meaningful when proved.
  double Bits = 0;
  /// The bound as a probability.
  double Probability = 1;
  /// The same bound as an exact SMT-LIB rational, when one is kept.
  std::string Rational;
};

class PlacementProofs {
public:
  PlacementProofs(std::string Scheme, const smt::SolverConfig &Config);
  ~PlacementProofs();

  /// The lemmas of a layout, proved once.
  void proveAreaLemmas(const AreaGeometry &G, bool SharedBase);
  void proveWindowsLemmas();

  /// module-area with a random area: the N-th module (Probe) after modules
  /// 1..N-1 of Set. Also bounds P(fallback) (FallbackOut).
  /// Property names the queries ("min-entropy(N)" unless given).
  ProbabilityBound randomAreaBound(const AreaGeometry &G, const ModuleSet &Set,
                                   uint64_t N, uint64_t Len,
                                   ProbabilityBound *FallbackOut,
                                   const std::string &Property = "");
  /// module-area without one: exactly 1/positions if the module fits for
  /// every base offset.
  ProbabilityBound sharedBaseBound(const AreaGeometry &G, const ModuleSet &Set,
                                   uint64_t N, uint64_t Len,
                                   const std::string &Property = "");
  /// Shared base: module J's start is a function of module I's.
  ProbabilityBound sharedBaseLeak(const AreaGeometry &G, const ModuleSet &Set,
                                  uint64_t I, uint64_t J);
  /// Random area: leak(I, J) from the bounds of I and J (see .cpp).
  ProbabilityBound randomAreaLeak(const AreaGeometry &G, const ModuleSet &Set,
                                  uint64_t I, uint64_t J);
  /// kernel-windows: from the unbounded runs of every inner offset.
  ProbabilityBound windowsBound(const WindowsGeometry &G,
                                const UnboundedRuns::Point &P, uint64_t N,
                                uint64_t Probe, ProbabilityBound *FallbackOut);
  /// kernel-windows leak when both modules stay in window 0 for every
  /// offset: exact, from the enumeration.
  ProbabilityBound windowsLeak(const WindowsGeometry &G,
                               const std::vector<int64_t> &Known,
                               const std::vector<int64_t> &Target, uint64_t I,
                               uint64_t J);

  const std::vector<LemmaResult> &lemmas() const { return Lemmas; }
  /// Every query of every session, in order.
  std::vector<smt::QueryRecord> queries() const;

private:
  struct Sessions;
  /// Proves a lemma and records it; returns whether it was proved.
  void lemma(smt::SmtSession &S, const std::string &Name,
             const std::string &Statement, const z3::expr &Claim,
             const std::vector<z3::expr> &Assumptions);
  /// The combined status of the named lemmas.
  ProbabilityBound fromLemmas(std::initializer_list<const char *> Names) const;
  /// Checks a certificate (a conjunction of concrete facts) and folds its
  /// answer into B.
  void certify(ProbabilityBound &B, const std::string &Name,
               const z3::expr &Claim);

  std::string Scheme;
  std::unique_ptr<Sessions> S;
  std::vector<LemmaResult> Lemmas;
};

} // namespace kharden::placement

#endif
