#include "models/solver/Assignment.h"

namespace kharden::smt {

uint64_t Assignment::bits(const z3::expr &E) const {
  return M.eval(E, /*model_completion=*/true).get_numeral_uint64();
}

bool Assignment::truth(const z3::expr &E) const {
  return M.eval(E, /*model_completion=*/true).is_true();
}

} // namespace kharden::smt
