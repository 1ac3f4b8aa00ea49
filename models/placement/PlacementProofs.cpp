#include "models/placement/PlacementProofs.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace kharden::smt;

namespace kharden::placement {

/// Three sessions, one per logic, so that every replay file states the
/// logic its query is in: bit-vectors for placements, nonlinear real
/// arithmetic for the symbolic probability lemmas, linear real arithmetic
/// (constants only) for certificates.
struct PlacementProofs::Sessions {
  SmtSession Bv, Nra, Lra;
  static SolverConfig with(SolverConfig C, const char *Logic) {
    C.Logic = Logic;
    return C;
  }
  explicit Sessions(const SolverConfig &C)
      : Bv(with(C, "QF_BV")), Nra(with(C, "QF_NRA")), Lra(with(C, "QF_LRA")) {}
};

PlacementProofs::PlacementProofs(std::string Scheme, const SolverConfig &Config)
    : Scheme(std::move(Scheme)), S(std::make_unique<Sessions>(Config)) {}
PlacementProofs::~PlacementProofs() = default;

std::vector<QueryRecord> PlacementProofs::queries() const {
  std::vector<QueryRecord> All;
  for (const SmtSession *Session : {&S->Bv, &S->Nra, &S->Lra})
    All.insert(All.end(), Session->queries().begin(), Session->queries().end());
  return All;
}

void PlacementProofs::lemma(SmtSession &Session, const std::string &Name,
                            const std::string &Statement, const z3::expr &Claim,
                            const std::vector<z3::expr> &Assumptions) {
  ProofOutcome O =
      Session.prove(queryName(Scheme, "lemma", Name), Claim, Assumptions);
  LemmaResult L;
  L.Name = Name;
  L.Statement = Statement;
  L.Status = O.status();
  L.Problem = O.isProved() ? "" : O.problem();
  if (O.status() == Status::Refuted)
    L.Problem = "refuted: the model's reasoning is wrong for some values";
  Lemmas.push_back(L);
}

ProbabilityBound
PlacementProofs::fromLemmas(std::initializer_list<const char *> Names) const {
  ProbabilityBound B;
  B.Status = Status::Proved;
  for (const char *Name : Names) {
    auto It = llvm::find_if(
        Lemmas, [&](const LemmaResult &L) { return L.Name == Name; });
    if (It == Lemmas.end()) {
      B.Status = Status::Error;
      B.Problem = std::string("lemma ") + Name + " was not run";
      return B;
    }
    if (It->Status != Status::Proved) {
      B.Status = It->Status;
      B.Problem = "lemma " + It->Name + ": " + It->Problem;
      return B;
    }
  }
  return B;
}

void PlacementProofs::certify(ProbabilityBound &B, const std::string &Name,
                              const z3::expr &Claim) {
  ProofOutcome O = S->Lra.prove(Name, Claim);
  if (O.isProved() || B.Status != Status::Proved)
    return;
  B.Status = O.asLemma();
  B.Problem = O.status() == Status::Refuted
                  ? "certificate refuted: " + Name
                  : "certificate " + Name + ": " + O.problem();
}

//===----------------------------------------------------------------------===//
// Lemmas
//===----------------------------------------------------------------------===//

namespace {
/// Bit-vector helpers: 64-bit unsigned page numbers kept below 2^40 so that
/// sums never wrap.
struct BvVars {
  z3::context &C;
  std::vector<z3::expr> InRange;
  explicit BvVars(z3::context &C) : C(C) {}
  z3::expr var(const char *Name) {
    z3::expr V = C.bv_const(Name, 64);
    InRange.push_back(z3::ult(V, C.bv_val(uint64_t(1) << 40, 64)));
    return V;
  }
  z3::expr num(uint64_t V) { return C.bv_val(V, 64); }
};
z3::expr bvLe(const z3::expr &A, const z3::expr &B) { return z3::ule(A, B); }
z3::expr bvLt(const z3::expr &A, const z3::expr &B) { return z3::ult(A, B); }
/// [Y, Y + L) and [A, A + N) do not overlap.
z3::expr disjoint(const z3::expr &Y, const z3::expr &L, const z3::expr &A,
                  const z3::expr &N) {
  return bvLe(Y + L, A) || bvLe(A + N, Y);
}
} // namespace

void PlacementProofs::proveAreaLemmas(const AreaGeometry &G, bool SharedBase) {
  z3::context &C = S->Bv.ctx();
  if (SharedBase) {
    // First-fit in [Base, End) with [Base, Base + Used) taken and the rest
    // free puts the next module at Base + Used.
    BvVars V(C);
    z3::expr Base = V.var("base"), Used = V.var("used"), End = V.var("end"),
             L = V.var("len"), Y = V.var("y");
    std::vector<z3::expr> A = V.InRange;
    A.push_back(bvLe(V.num(1), L));
    A.push_back(bvLe(Base + Used + L, End));
    z3::expr Fits =
        bvLe(Base, Y) && bvLe(Y + L, End) && disjoint(Y, L, Base, Used);
    lemma(S->Bv, "contiguous",
          "first-fit from the base with the pages [base, base+used) taken "
          "and the rest of the window free places the next module at "
          "base+used: it fits there, and every start that fits is at or "
          "above it",
          z3::implies(Fits, bvLe(Base + Used, Y)) &&
              disjoint(Base + Used, L, Base, Used) &&
              bvLe(Base + Used + L, End),
          A);
    // Different base offsets, same packed offset: different starts.
    BvVars W(C);
    z3::expr B1 = W.var("b1"), B2 = W.var("b2"), Off = W.var("packed");
    lemma(S->Bv, "injective",
          "module N starts at base offset + packed pages before it: two "
          "base offsets give two different starts, and a module's start "
          "determines the base offset (so every other module's start)",
          z3::implies(B1 != B2, B1 + Off != B2 + Off) &&
              z3::implies(B1 + Off == B2 + Off, B1 == B2),
          W.InRange);
    return;
  }

  // overlap: an allocation [A, A + Li) blocks a start p of a module of L
  // pages only if A - L < p < A + Li: at most Li + L - 1 starts.
  {
    BvVars V(C);
    z3::expr A0 = V.var("a"), Li = V.var("li"), P = V.var("p"),
             L = V.var("len"), Z = V.var("page");
    std::vector<z3::expr> As = V.InRange;
    As.push_back(bvLe(V.num(1), L));
    As.push_back(bvLe(V.num(1), Li));
    z3::expr Shared =
        bvLe(A0, Z) && bvLt(Z, A0 + Li) && bvLe(P, Z) && bvLt(Z, P + L);
    lemma(S->Bv, "overlap",
          "a module of L pages at start p shares a page with an allocation "
          "[a, a+li) only if a-L < p < a+li, a range of li+L-1 starts",
          z3::implies(Shared, bvLt(A0, P + L) && bvLt(P, A0 + Li)) &&
              ((A0 + Li) - (A0 - L + 1) == Li + L - 1),
          As);
  }
  // disjoint: random starts are below the random area's end, fallback
  // starts at or above it.
  {
    BvVars V(C);
    z3::expr Random = V.var("random"), Pages = V.var("pages"), L = V.var("len"),
             P = V.var("p"), Base = V.var("b"), Y = V.var("y");
    std::vector<z3::expr> As = V.InRange;
    z3::expr NrPos =
        z3::ite(bvLe(Pages - L + 1, Random), Pages - L + 1, Random);
    As.push_back(bvLe(V.num(1), L) && bvLe(L, Pages) && bvLe(Random, Pages));
    lemma(S->Bv, "disjoint",
          "a random start p < min(pages-L+1, random) lies below every "
          "fallback start y >= random + b: the two kinds of outcome never "
          "share an address",
          z3::implies(bvLt(P, NrPos) && bvLe(Random + Base, Y), bvLt(P, Y)),
          As);
  }
  // reach: with footprints of at most first+1 pages no random-area module
  // reaches the smallest fallback window.
  {
    BvVars V(C);
    z3::expr Random = V.var("random"), First = V.var("first"), L = V.var("len"),
             P = V.var("p");
    std::vector<z3::expr> As = V.InRange;
    lemma(S->Bv, "reach",
          "a random-area module (start p < random) of at most first+1 pages "
          "ends before random+first, the lowest fallback window start",
          z3::implies(bvLt(P, Random) && bvLe(L, First + 1),
                      bvLe(P + L, Random + First)),
          As);
  }
  // uniform, square, product, tries: real-valued facts.
  z3::context &R = S->Nra.ctx();
  {
    z3::expr Sh = R.real_const("s"), F = R.real_const("f"),
             Fm = R.real_const("fmin");
    lemma(S->Nra, "uniform",
          "a random placement lands on one of F free starts uniformly, with "
          "probability s/F for some s <= 1 (s = 1 - P(fallback)); with "
          "F >= Fmin >= 1 that is at most 1/Fmin",
          z3::implies(Sh >= 0 && Sh <= 1 && Fm >= 1 && F >= Fm, Sh * Fm <= F),
          {});
    z3::expr X = R.real_const("x"), Yv = R.real_const("y"),
             Cv = R.real_const("c"), Dv = R.real_const("d");
    lemma(S->Nra, "square",
          "0 <= x <= y implies x*x <= y*y, and with 0 <= c <= d also "
          "x*c <= y*d: an upward-rounded chain of squares and products "
          "bounds q^T from above for every q <= qbar",
          z3::implies(X >= 0 && X <= Yv, X * X <= Yv * Yv) &&
              z3::implies(X >= 0 && X <= Yv && Cv >= 0 && Cv <= Dv,
                          X * Cv <= Yv * Dv),
          {});
    z3::expr P = R.real_const("positions");
    lemma(S->Nra, "tries",
          "a try misses with probability q = 1 - F/P; F >= Fmin gives "
          "0 <= q <= qbar = 1 - Fmin/P",
          z3::implies(P >= 1 && Fm >= 0 && F >= Fm && F <= P,
                      1 - F / P <= 1 - Fm / P && 1 - F / P >= 0),
          {});
  }
}

void PlacementProofs::proveWindowsLemmas() {
  z3::context &C = S->Bv.ctx();
  // Window coordinates from its start: [0, Below) may hold modules packed
  // from 0 up to Used, the kernel image (and what sits above it) occupies
  // [Below, Below + Kernel + Above), the window ends at End.
  BvVars V(C);
  z3::expr Below = V.var("below"), Used = V.var("used"), K = V.var("kernel"),
           Above = V.var("above"), End = V.var("end"), L = V.var("len"),
           Y = V.var("y");
  std::vector<z3::expr> As = V.InRange;
  As.push_back(bvLe(V.num(1), L) && bvLe(Used, Below) &&
               bvLe(Below + K + Above, End));
  z3::expr Top = Below + K + Above;
  z3::expr Fits = bvLe(Y + L, End) && disjoint(Y, L, V.num(0), Used) &&
                  disjoint(Y, L, Below, K + Above);
  z3::expr LowFits = bvLe(Used + L, Below), HighFits = bvLe(Top + L, End);
  lemma(S->Bv, "two-gaps",
        "first-fit in a window holding modules packed up from its start "
        "and, from the kernel image up, the image and modules above it: the "
        "lowest start that fits is the end of the packed modules if the "
        "module fits below the image, else the end of what sits above the "
        "image if it fits before the window ends, else none; so the free "
        "space stays two gaps, each filled from its low end",
        z3::implies(
            Fits, z3::ite(LowFits, bvLe(Used, Y), HighFits && bvLe(Top, Y))) &&
            z3::implies(LowFits, disjoint(Used, L, Below, K + Above)) &&
            z3::implies(!LowFits && HighFits, disjoint(Top, L, V.num(0), Used)),
        As);
  // Outer window j: its lowest pages are the gap below window j-1, Offset
  // pages packed from the bottom up to Used. Every lower start overlaps the
  // packed modules; if Used + L <= Offset the module fits at Used.
  BvVars W(C);
  z3::expr Offset = W.var("offset"), U = W.var("used"), Ln = W.var("len"),
           Yw = W.var("y");
  std::vector<z3::expr> Bs = W.InRange;
  Bs.push_back(bvLe(W.num(1), Ln) && bvLe(U, Offset));
  lemma(S->Bv, "unbounded",
        "in an outer window, a start below the pages already packed into "
        "the gap below the inner window overlaps them, and if those pages "
        "plus the module fit in the gap's offset the module goes right after "
        "them: so while the outer offset is at least the pages the outer "
        "windows take, the run equals the run with an unbounded outer gap",
        z3::implies(bvLt(Yw, U), !disjoint(Yw, Ln, W.num(0), U)) &&
            z3::implies(bvLe(U + Ln, Offset), disjoint(U, Ln, W.num(0), U)),
        Bs);
}

//===----------------------------------------------------------------------===//
// Figures
//===----------------------------------------------------------------------===//

namespace {
z3::expr real(z3::context &C, const std::string &Rational) {
  return C.real_val(Rational.c_str());
}
z3::expr real(z3::context &C, uint64_t V) {
  return C.real_val(std::to_string(V).c_str());
}
} // namespace

ProbabilityBound PlacementProofs::randomAreaBound(const AreaGeometry &G,
                                                  const ModuleSet &Set,
                                                  uint64_t N, uint64_t Len,
                                                  ProbabilityBound *FallbackOut,
                                                  const std::string &Property) {
  ProbabilityBound B =
      fromLemmas({"overlap", "disjoint", "uniform", "square", "tries"});
  std::string Name =
      Property.empty() ? "min-entropy(" + std::to_string(N) + ")" : Property;
  z3::context &C = S->Lra.ctx();
  uint64_t Positions = G.positions(uint32_t(Len));
  uint64_t Earlier = N - 1;
  uint64_t Blocked = Set.Loaded[Earlier] + Earlier * (Len - 1);
  int64_t FreeMin = int64_t(Positions) - int64_t(Blocked);
  uint64_t F = FreeMin > 0 ? uint64_t(FreeMin) : 0;

  // Random part: at most 1/F per start (1 if no start is sure to be free).
  double RandomBits = F ? std::log2(double(F)) : 0;
  // Fallback: qbar^T with qbar = (P - F) / P, upward rounded.
  PowerChain Chain = G.Tries == 0 || Positions == 0
                         ? PowerChain{{}, {{1, 0}}, {}}
                         : upperPower(Positions - F, Positions, G.Tries);
  Dyadic Fall = Chain.result();
  uint64_t Largest = std::max(Set.MaxUpTo[Earlier], Len);
  bool Spread = G.Tries > 0 && Largest <= uint64_t(G.BaseFirst) + 1;
  double FallBits = Fall.bits() + (Spread ? std::log2(G.BasePositions) : 0);
  if (Spread) {
    auto Reach = fromLemmas({"reach"});
    if (Reach.Status != Status::Proved && B.Status == Status::Proved)
      B = Reach;
  }
  B.Bits = std::min(RandomBits, FallBits);
  B.Probability = std::exp2(-B.Bits);

  // Certificate: the instantiation for this N.
  z3::expr Fm = real(C, Positions) - (real(C, Set.Loaded[Earlier]) +
                                      real(C, Earlier) * real(C, Len - 1));
  z3::expr Facts = Fm == C.real_val(std::to_string(FreeMin).c_str());
  if (!Chain.Squares.empty()) {
    z3::expr QBar = (real(C, Positions) - real(C, F)) / real(C, Positions);
    Facts = Facts && QBar <= real(C, Chain.Squares[0].rational());
    for (size_t K = 1; K < Chain.Squares.size(); ++K)
      Facts = Facts && real(C, Chain.Squares[K - 1].rational()) *
                               real(C, Chain.Squares[K - 1].rational()) <=
                           real(C, Chain.Squares[K].rational());
    for (size_t J = 1; J < Chain.Products.size(); ++J)
      Facts = Facts &&
              real(C, Chain.Products[J - 1].rational()) *
                      real(C, Chain.Squares[Chain.Factor[J - 1]].rational()) <=
                  real(C, Chain.Products[J].rational());
  }
  certify(B, queryName(Scheme, Name, "certificate"), Facts);

  if (FallbackOut) {
    *FallbackOut = fromLemmas({"overlap", "square", "tries"});
    FallbackOut->Bits = Fall.bits();
    FallbackOut->Probability = std::exp2(-Fall.bits());
    FallbackOut->Rational = Fall.rational();
    if (B.Status != Status::Proved && FallbackOut->Status == Status::Proved) {
      FallbackOut->Status = B.Status;
      FallbackOut->Problem = B.Problem;
    }
  }
  return B;
}

ProbabilityBound PlacementProofs::sharedBaseBound(const AreaGeometry &G,
                                                  const ModuleSet &Set,
                                                  uint64_t N, uint64_t Len,
                                                  const std::string &Property) {
  ProbabilityBound B = fromLemmas({"contiguous", "injective"});
  std::string Name =
      Property.empty() ? "min-entropy(" + std::to_string(N) + ")" : Property;
  z3::context &C = S->Bv.ctx();
  // The module fits for every base offset: the largest base + packed pages
  // + its own stay inside the area (checked for a symbolic offset).
  z3::expr Off = C.bv_const("b", 64);
  uint64_t Packed = Set.Loaded[N - 1];
  z3::expr InRange = z3::ule(C.bv_val(uint64_t(G.BaseFirst), 64), Off) &&
                     z3::ule(Off, C.bv_val(uint64_t(G.baseLast()), 64));
  ProofOutcome O =
      S->Bv.prove(queryName(Scheme, Name, "fits"),
                  z3::ule(C.bv_val(uint64_t(G.Random), 64) + Off +
                              C.bv_val(Packed, 64) + C.bv_val(Len, 64),
                          C.bv_val(uint64_t(G.Pages), 64)),
                  {InRange});
  if (!O.isProved() && B.Status == Status::Proved) {
    B.Status = O.asLemma();
    B.Problem = O.status() == Status::Refuted
                    ? "the area fills up for some base offsets before module " +
                          std::to_string(N) +
                          "; the bound covers only schemes "
                          "where every module fits"
                    : O.problem();
  }
  B.Bits = std::log2(double(G.BasePositions));
  B.Probability = 1.0 / double(G.BasePositions);
  return B;
}

ProbabilityBound PlacementProofs::sharedBaseLeak(const AreaGeometry &G,
                                                 const ModuleSet &Set,
                                                 uint64_t I, uint64_t J) {
  ProbabilityBound B = sharedBaseBound(
      G, Set, std::max(I, J), Set.Footprint[std::max(I, J) - 1],
      "leak(" + std::to_string(I) + "," + std::to_string(J) + ")");
  // Module J's start is module I's plus a constant: knowing one gives the
  // other, 0 bits.
  B.Bits = 0;
  B.Probability = 1;
  return B;
}

ProbabilityBound PlacementProofs::randomAreaLeak(const AreaGeometry &G,
                                                 const ModuleSet &Set,
                                                 uint64_t I, uint64_t J) {
  // For I < J the bound of module J holds for every history of the earlier
  // modules, module I's address included. For I > J, sum over I's possible
  // addresses a of max_x P(X_J = x, X_I = a) <= u_J * (P_I / F_I + W * f_I):
  // module I's random starts (P_I of them, each at most 1/F_I given any
  // history) and fallback starts (at most W = pages after the random area,
  // each at most f_I = the fallback bound).
  std::string Leak =
      "leak(" + std::to_string(I) + "," + std::to_string(J) + ")";
  ProbabilityBound Target = randomAreaBound(G, Set, J, Set.Footprint[J - 1],
                                            nullptr, Leak + "/target");
  if (I < J || Target.Status != Status::Proved)
    return Target;
  ProbabilityBound Fall;
  ProbabilityBound Known =
      randomAreaBound(G, Set, I, Set.Footprint[I - 1], &Fall, Leak + "/known");
  if (Known.Status != Status::Proved)
    return Known;
  uint64_t Len = Set.Footprint[I - 1];
  uint64_t Positions = G.positions(uint32_t(Len));
  uint64_t Blocked = Set.Loaded[I - 1] + (I - 1) * (Len - 1);
  ProbabilityBound B = Target;
  if (Positions <= Blocked) {
    // No start of module I is sure to be free: nothing is left to claim.
    B.Bits = 0;
    B.Probability = 1;
    return B;
  }
  uint64_t F = Positions - Blocked;
  uint64_t Fallback = G.Pages - G.Random;
  double Spread =
      double(Positions) / double(F) + double(Fallback) * Fall.Probability;
  Spread *= 1 + 1e-9; // rounded up; the certificate checks it exactly
  z3::context &C = S->Lra.ctx();
  certify(B, queryName(Scheme, Leak, "certificate"),
          real(C, exactRational(Spread)) * real(C, F) >=
              real(C, Positions) +
                  real(C, Fallback) * real(C, Fall.Rational) * real(C, F));
  B.Bits = std::max(0.0, Target.Bits - std::log2(Spread));
  B.Probability = std::exp2(-B.Bits);
  return B;
}

ProbabilityBound PlacementProofs::windowsBound(const WindowsGeometry &G,
                                               const UnboundedRuns::Point &P,
                                               uint64_t N, uint64_t Probe,
                                               ProbabilityBound *FallbackOut) {
  ProbabilityBound B = fromLemmas({"two-gaps", "unbounded"});
  uint64_t Offsets0 = uint64_t(G.maxOffset(0)) + 1;
  uint64_t Offsets1 = G.count() > 1 ? uint64_t(G.maxOffset(1)) + 1 : 1;
  // u * Offsets0 * Offsets1 = max over window-0 starts of the offsets
  // weighted by (Offsets1 - T(p0)), + one per p0 whose probe goes out
  // (one start per outer offset), + sum of T(p0) (outer offsets below the
  // threshold, charged in full).
  std::map<int64_t, uint64_t> Weight;
  uint64_t Outer = 0, Charged = 0, Failed = 0;
  for (uint64_t P0 = 0; P0 < Offsets0; ++P0) {
    uint64_t T = 0;
    if (G.count() > 1) {
      T = uint64_t(P.Spill[P0]) + (P.Window[P0] > 0 ? Probe : 0);
      T = std::min(T, Offsets1);
    }
    Charged += T;
    if (P.Window[P0] < 0)
      Failed += Offsets1 - T;
    else if (P.Window[P0] == 0)
      Weight[P.Start[P0]] += Offsets1 - T;
    else
      ++Outer;
  }
  uint64_t Heaviest = Failed;
  for (const auto &[Start, W] : Weight)
    Heaviest = std::max(Heaviest, W);
  unsigned __int128 Num = (unsigned __int128)Heaviest + Outer + Charged;
  unsigned __int128 Den = (unsigned __int128)Offsets0 * Offsets1;
  if (Num > Den)
    Num = Den;
  B.Probability = double(Num) / double(Den);
  B.Bits = std::log2(double(Den)) - std::log2(double(Num));
  z3::context &C = S->Lra.ctx();
  auto Str = [](unsigned __int128 V) {
    std::string Out;
    do {
      Out.insert(Out.begin(), char('0' + int(V % 10)));
      V /= 10;
    } while (V);
    return Out;
  };
  z3::expr Facts = C.real_val(Str(Num).c_str()) <=
                       real(C, Heaviest) + real(C, Outer) + real(C, Charged) &&
                   real(C, Heaviest) <= real(C, Offsets0) * real(C, Offsets1) &&
                   real(C, Charged) <= real(C, Offsets0) * real(C, Offsets1);
  certify(B,
          queryName(Scheme, "min-entropy(" + std::to_string(N) + ")",
                    "certificate"),
          Facts);
  if (FallbackOut) {
    *FallbackOut = fromLemmas({"two-gaps", "unbounded"});
    unsigned __int128 FNum = (unsigned __int128)Outer * Offsets1 + Charged;
    if (FNum > Den)
      FNum = Den;
    FallbackOut->Probability = double(FNum) / double(Den);
    FallbackOut->Bits = FNum ? std::log2(double(Den)) - std::log2(double(FNum))
                             : std::numeric_limits<double>::infinity();
    if (B.Status != Status::Proved && FallbackOut->Status == Status::Proved) {
      FallbackOut->Status = B.Status;
      FallbackOut->Problem = B.Problem;
    }
  }
  return B;
}

ProbabilityBound PlacementProofs::windowsLeak(
    const WindowsGeometry &G, const std::vector<int64_t> &Known,
    const std::vector<int64_t> &Target, uint64_t I, uint64_t J) {
  ProbabilityBound B = fromLemmas({"two-gaps", "unbounded"});
  // sum over known starts a of max over target starts x of #{p0 : (a, x)}.
  std::map<std::pair<int64_t, int64_t>, uint64_t> Joint;
  for (size_t P0 = 0; P0 < Known.size(); ++P0)
    ++Joint[{Known[P0], Target[P0]}];
  std::map<int64_t, uint64_t> Best;
  for (const auto &[Pair, Count] : Joint)
    Best[Pair.first] = std::max(Best[Pair.first], Count);
  uint64_t Sum = 0;
  for (const auto &[A, Count] : Best)
    Sum += Count;
  B.Probability = double(Sum) / double(Known.size());
  B.Bits = std::log2(double(Known.size())) - std::log2(double(Sum));
  z3::context &C = S->Lra.ctx();
  certify(B,
          queryName(Scheme,
                    "leak(" + std::to_string(I) + "," + std::to_string(J) + ")",
                    "certificate"),
          real(C, Sum) <= real(C, Known.size()) && real(C, Sum) >= 1);
  return B;
}

} // namespace kharden::placement
