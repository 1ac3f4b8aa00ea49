//===- models/kstack/Entropy.h - how random is the stack shift --*- C++ -*-===//
//
// entropy.fresh       the attacker knows the previous offset (worst case
//                     over every value the scheme can reach) and the known
//                     bits of the input; only the unknown input is random.
// entropy.stationary  the slot's earlier contents are unknown too: the
//                     attacker's uncertainty is uniform over the bits the mix
//                     has spread the unknown input into (worst case over what
//                     it does know).
// entropy.after-leaks for generators drawn at use: how many consecutive
//                     leaked offsets determine the generator's state.
// Each figure is established by Z3 in both directions: a bound no attacker
// state exceeds and a witness state that reaches it. See
// docs/models/kstack.md.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_KSTACK_ENTROPY_H
#define KHARDEN_MODELS_KSTACK_ENTROPY_H

#include "models/kstack/PropertyResult.h"
#include "models/kstack/Scheme.h"
#include "models/solver/SolverConfig.h"

namespace kharden::kstack {

PropertyResult proveFreshEntropy(const StackOffsetScheme &S,
                                 const smt::SolverConfig &Config);
PropertyResult proveStationaryEntropy(const StackOffsetScheme &S,
                                      const smt::SolverConfig &Config);
/// Only for storage per-cpu-prng.
PropertyResult proveEntropyAfterLeaks(const StackOffsetScheme &S,
                                      const smt::SolverConfig &Config);

} // namespace kharden::kstack

#endif
