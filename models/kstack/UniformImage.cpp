#include "models/kstack/UniformImage.h"
#include "models/kstack/OffsetMap.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

using namespace llvm;

namespace kharden::kstack {

using smt::ProofRun;

static z3::expr_vector toVector(z3::context &C,
                                const std::vector<z3::expr> &V) {
  z3::expr_vector Out(C);
  for (const z3::expr &E : V)
    Out.push_back(E);
  return Out;
}

z3::expr Draw::at(const std::vector<z3::expr> &Values) const {
  z3::context &C = N.ctx();
  std::vector<z3::expr> From;
  for (const RandomInput &I : Inputs)
    From.push_back(I.Var);
  z3::expr Copy = N;
  return Copy.substitute(toVector(C, From), toVector(C, Values));
}

z3::expr Draw::base() const {
  std::vector<z3::expr> Zeros;
  for (const RandomInput &I : Inputs)
    Zeros.push_back(I.Var.ctx().bv_val(0, I.Var.get_sort().bv_size()));
  return at(Zeros);
}

namespace {
/// A copy of every input, named after it, with its free-bit constraint.
struct InputCopy {
  std::vector<z3::expr> Values;
  std::vector<z3::expr> Facts;
};

InputCopy copyInputs(const Draw &D, const std::string &Suffix,
                     const std::vector<uint32_t> &Allowed) {
  InputCopy Copy;
  for (size_t I = 0; I < D.Inputs.size(); ++I) {
    const z3::expr &Var = D.Inputs[I].Var;
    z3::context &C = Var.ctx();
    z3::expr V = C.bv_const((Var.decl().name().str() + Suffix).c_str(), 32);
    Copy.Values.push_back(V);
    Copy.Facts.push_back((V & C.bv_val(~Allowed[I], 32)) == 0);
  }
  return Copy;
}

/// The candidate image and the input bits spanning it, from n evaluated on
/// unit vectors with the parameters at 0.
struct Candidate {
  uint32_t Mask = 0;
  std::vector<uint32_t> Basis; // per input: the chosen bits
  unsigned Dim = 0;
};

Candidate findCandidate(const Draw &D) {
  z3::context &C = D.N.ctx();
  z3::expr_vector Params(C), Zeros(C);
  for (const z3::expr &P : D.Params) {
    Params.push_back(P);
    Zeros.push_back(C.bv_val(0, P.get_sort().bv_size()));
  }
  auto ValueAt = [&](const std::vector<z3::expr> &Inputs) {
    z3::expr E = D.at(Inputs);
    return uint32_t(evaluate(E.substitute(Params, Zeros)));
  };
  std::vector<z3::expr> Unit;
  for (size_t I = 0; I < D.Inputs.size(); ++I)
    Unit.push_back(C.bv_val(0, 32));
  uint32_t Base = ValueAt(Unit);

  Candidate Cand;
  Cand.Basis.assign(D.Inputs.size(), 0);
  std::vector<uint32_t> Reduced; // an xor basis, kept sorted descending
  for (size_t I = 0; I < D.Inputs.size(); ++I)
    for (unsigned Bit = 0; Bit < 32; ++Bit) {
      if (!(D.Inputs[I].Free >> Bit & 1))
        continue;
      Unit[I] = C.bv_val(1u << Bit, 32);
      uint32_t Img = ValueAt(Unit) ^ Base;
      Unit[I] = C.bv_val(0, 32);
      Cand.Mask |= Img;
      for (uint32_t B : Reduced)
        Img = std::min(Img, Img ^ B);
      if (!Img)
        continue;
      Reduced.push_back(Img);
      std::sort(Reduced.rbegin(), Reduced.rend());
      Cand.Basis[I] |= 1u << Bit;
    }
  Cand.Dim = Reduced.size();
  return Cand;
}
} // namespace

std::optional<Image> proveUniformImage(ProofRun &Run, StringRef Step,
                                       const Draw &D, const Twine &Meaning) {
  Candidate Cand = findCandidate(D);
  if (unsigned(popcount(Cand.Mask)) != Cand.Dim) {
    Run.fail(smt::Status::Error,
             Step + ": the image is not spanned by bits of n; kharden's "
                    "entropy model needs it to be");
    return std::nullopt;
  }
  Image Img{Cand.Mask, Cand.Dim};
  if (D.Inputs.empty())
    return Img;
  z3::context &C = D.N.ctx();
  std::vector<uint32_t> Free;
  for (const RandomInput &I : D.Inputs)
    Free.push_back(I.Free);
  InputCopy A = copyInputs(D, "_a", Free), B = copyInputs(D, "_b", Free);
  std::vector<z3::expr> Sum;
  for (size_t I = 0; I < D.Inputs.size(); ++I)
    Sum.push_back(A.Values[I] ^ B.Values[I]);
  z3::expr N0 = D.base(), NA = D.at(A.Values), NB = D.at(B.Values);

  std::vector<z3::expr> Facts = D.ParamFacts;
  Facts.insert(Facts.end(), A.Facts.begin(), A.Facts.end());
  Facts.insert(Facts.end(), B.Facts.begin(), B.Facts.end());
  std::string Name = Step.str();
  if (!Run.prove(Name + ".affine", (D.at(Sum) ^ N0) == (NA ^ NB), Facts,
                 Meaning + ": it is affine in the random input"))
    return std::nullopt;

  std::vector<z3::expr> FactsA = D.ParamFacts;
  FactsA.insert(FactsA.end(), A.Facts.begin(), A.Facts.end());
  if (!Run.prove(Name + ".image", ((NA ^ N0) & C.bv_val(~Img.Mask, 32)) == 0,
                 FactsA,
                 Meaning + ": the random input reaches only the bits 0x" +
                     utohexstr(Img.Mask, false, 0)))
    return std::nullopt;

  InputCopy SA = copyInputs(D, "_a", Cand.Basis),
            SB = copyInputs(D, "_b", Cand.Basis);
  std::vector<z3::expr> FactsS = D.ParamFacts;
  FactsS.insert(FactsS.end(), SA.Facts.begin(), SA.Facts.end());
  FactsS.insert(FactsS.end(), SB.Facts.begin(), SB.Facts.end());
  z3::expr Same = C.bool_val(true);
  for (size_t I = 0; I < D.Inputs.size(); ++I)
    Same = Same && SA.Values[I] == SB.Values[I];
  if (!Run.prove(Name + ".injective",
                 z3::implies(D.at(SA.Values) == D.at(SB.Values), Same), FactsS,
                 Meaning + ": " + Twine(Img.Dim) +
                     " input bits map one-to-one onto them, so it is uniform "
                     "over 2^" +
                     Twine(Img.Dim) + " values"))
    return std::nullopt;
  return Img;
}

} // namespace kharden::kstack
