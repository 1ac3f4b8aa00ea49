#include "models/kstack/Lfsr113.h"
#include "models/kstack/OffsetMap.h"

namespace kharden::kstack::lfsr113 {

// lib/random32.c, prandom_u32_state().
const Shape Words[4] = {{6, 13, 18, 4294967294u},
                        {2, 27, 2, 4294967288u},
                        {13, 21, 7, 4294967280u},
                        {3, 12, 13, 4294967168u}};
const uint32_t EffectiveMask[4] = {~1u, ~7u, ~15u, ~127u};

static z3::expr tausworthe(const z3::expr &S, const Shape &P) {
  z3::context &C = S.ctx();
  return z3::shl(S & C.bv_val(P.C, 32), int(P.D)) ^
         z3::lshr(z3::shl(S, int(P.A)) ^ S, int(P.B));
}

z3::expr step(std::vector<z3::expr> &State) {
  for (unsigned I = 0; I < 4; ++I)
    State[I] = tausworthe(State[I], Words[I]);
  return State[0] ^ State[1] ^ State[2] ^ State[3];
}

// include/linux/prandom.h: __seed(x, m) = x < m ? x + m : x.
static z3::expr seedWord(const z3::expr &X, unsigned M) {
  z3::expr Min = X.ctx().bv_val(M, 32);
  return z3::ite(z3::ult(X, Min), X + Min, X);
}

std::vector<z3::expr> selftestSeed(z3::context &C, uint32_t Seed) {
  // #define LCG(x) ((x) * 69069U), each word seeded from the previous one.
  auto Lcg = [&](const z3::expr &X) { return X * C.bv_val(69069u, 32); };
  std::vector<z3::expr> S;
  S.push_back(seedWord(Lcg(C.bv_val(Seed, 32)), 2));
  S.push_back(seedWord(Lcg(S[0]), 8));
  S.push_back(seedWord(Lcg(S[1]), 16));
  S.push_back(seedWord(Lcg(S[2]), 128));
  return S;
}

uint32_t selftestOutput(z3::context &C, uint32_t Seed, unsigned Calls) {
  std::vector<z3::expr> S = selftestSeed(C, Seed);
  for (unsigned I = 0; I < 10; ++I) { // prandom_warmup()
    step(S);
    for (z3::expr &W : S)
      W = W.simplify();
  }
  uint32_t Out = 0;
  for (unsigned I = 0; I < Calls; ++I) {
    Out = uint32_t(evaluate(step(S)));
    for (z3::expr &W : S)
      W = W.simplify();
  }
  return Out;
}

} // namespace kharden::kstack::lfsr113
