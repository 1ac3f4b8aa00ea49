//===- models/placement/Random.h - seeded, splittable randomness -*- C++
//-*-===//
//
// The simulation must give the same figures for the same seed on every run
// and with any number of threads, so every run draws from its own stream:
// xoshiro256** seeded through SplitMix64 from (seed, stream). Integers are
// drawn without modulo bias (Lemire's method) so that a scheme's "uniform
// over P positions" is exactly uniform.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_RANDOM_H
#define KHARDEN_MODELS_PLACEMENT_RANDOM_H

#include <cstdint>

namespace kharden::placement {

class Rng {
public:
  Rng(uint64_t Seed, uint64_t Stream) {
    uint64_t X = Seed ^ (Stream * 0xD1B54A32D192ED03ull);
    for (uint64_t &W : S)
      W = splitMix(X);
  }

  uint64_t next() {
    uint64_t Result = rotl(S[1] * 5, 7) * 9;
    uint64_t T = S[1] << 17;
    S[2] ^= S[0];
    S[3] ^= S[1];
    S[1] ^= S[2];
    S[0] ^= S[3];
    S[2] ^= T;
    S[3] = rotl(S[3], 45);
    return Result;
  }

  /// Uniform in [0, N), N > 0.
  uint64_t below(uint64_t N) {
    unsigned __int128 M = (unsigned __int128)next() * N;
    uint64_t Low = uint64_t(M);
    if (Low < N) {
      uint64_t Threshold = -N % N;
      while (Low < Threshold) {
        M = (unsigned __int128)next() * N;
        Low = uint64_t(M);
      }
    }
    return uint64_t(M >> 64);
  }

  /// Uniform in [0, 1) with 53 random bits.
  double unit() { return double(next() >> 11) * 0x1.0p-53; }

private:
  static uint64_t rotl(uint64_t X, int K) { return (X << K) | (X >> (64 - K)); }
  static uint64_t splitMix(uint64_t &X) {
    uint64_t Z = (X += 0x9E3779B97F4A7C15ull);
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    return Z ^ (Z >> 31);
  }
  uint64_t S[4];
};

/// Stream numbers, so that no two uses of one seed share draws.
enum : uint64_t {
  StreamModuleSet = 1,
  StreamSelection = 1ull << 32, ///< + run: phase 1 (choose the best guess)
  StreamEstimate = 2ull << 32,  ///< + run: phase 2 (estimate it)
};

} // namespace kharden::placement

#endif
