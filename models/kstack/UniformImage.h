//===- models/kstack/UniformImage.h - proving a draw uniform ----*- C++ -*-===//
//
// Every kstack scheme computes the offset n from attacker-known parameters P
// and uniformly random inputs Q with GF(2)-linear operations (xor, rotate,
// shift, mask). Three Z3 lemmas then pin down the distribution of n exactly,
// for every P:
//   affine     n(P, Q1 ^ Q2) ^ n(P, 0) == n(P, Q1) ^ n(P, Q2)
//   image      n(P, Q) ^ n(P, 0) has no bit outside the mask W
//   injective  n(P, .) is injective on a set D of |D| = popcount(W) input
//              bits (the others held at 0)
// so the linear part maps onto W with fibers of equal size: n is uniform over
// n(P, 0) ^ W, each value taken by 2^(|Q| - |W|) inputs. The candidates W and
// D come from evaluating n on unit vectors; the lemmas are what is trusted.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_KSTACK_UNIFORMIMAGE_H
#define KHARDEN_MODELS_KSTACK_UNIFORMIMAGE_H

#include "models/solver/ProofRun.h"

#include <z3++.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace kharden::kstack {

/// A uniformly random input: the bits Free of Var are uniform, the rest 0.
struct RandomInput {
  z3::expr Var;
  uint32_t Free;
};

/// n (32 bits) over attacker-known Params (constrained by ParamFacts) and
/// uniform Inputs.
struct Draw {
  z3::expr N;
  std::vector<z3::expr> Params;
  std::vector<z3::expr> ParamFacts;
  std::vector<RandomInput> Inputs;

  /// n with the inputs replaced by Values (one per input).
  z3::expr at(const std::vector<z3::expr> &Values) const;
  /// n with every input 0: the attacker-known base of the image.
  z3::expr base() const;
};

struct Image {
  /// The bits of n the inputs reach (the coordinate subspace W).
  uint32_t Mask = 0;
  /// dim W: n takes 2^Dim equally likely values.
  unsigned Dim = 0;
};

/// Proves that n is uniform over base() ^ W and returns W; null (with the
/// reason in Run) when a lemma is not proved. Steps are named Step.affine,
/// Step.image, Step.injective.
std::optional<Image> proveUniformImage(smt::ProofRun &Run, llvm::StringRef Step,
                                       const Draw &D,
                                       const llvm::Twine &Meaning);

} // namespace kharden::kstack

#endif
