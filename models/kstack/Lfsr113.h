//===- models/kstack/Lfsr113.h - prandom_u32_state() in Z3 ------*- C++ -*-===//
//
// The kernel's LFSR113 (lib/random32.c): four 32-bit words, each advanced by
// TAUSWORTHE(s, a, b, c, d) = ((s & c) << d) ^ (((s << a) ^ s) >> b); the
// output is the XOR of the four advanced words. Its low 1, 3, 4 and 7 bits
// of the respective words never reach an output: 113 effective bits.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_KSTACK_LFSR113_H
#define KHARDEN_MODELS_KSTACK_LFSR113_H

#include <z3++.h>

#include <cstdint>
#include <vector>

namespace kharden::kstack::lfsr113 {

struct Shape {
  unsigned A, B, D;
  uint32_t C;
};
/// The four TAUSWORTHE parameter sets of prandom_u32_state().
extern const Shape Words[4];
/// The bits of each word that can reach an output.
extern const uint32_t EffectiveMask[4];
constexpr unsigned EffectiveBits = 113;

/// Advances State (four 32-bit terms) in place; returns the output word.
z3::expr step(std::vector<z3::expr> &State);

/// The state prandom_state_selftest_seed() makes from Seed:
/// s1 = __seed(LCG(seed), 2), s2 = __seed(LCG(s1), 8), ...
std::vector<z3::expr> selftestSeed(z3::context &C, uint32_t Seed);

/// The self-test's value: seed, 10 warm-up calls, then Calls more calls;
/// the last output, evaluated on the model above.
uint32_t selftestOutput(z3::context &C, uint32_t Seed, unsigned Calls = 1);

} // namespace kharden::kstack::lfsr113

#endif
