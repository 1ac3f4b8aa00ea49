//===- models/solver/Assignment.h - values from a Z3 model ------*- C++ -*-===//
//
// A satisfying assignment (a counterexample or a witness), evaluated with
// model completion so that variables the solver left free read as 0.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SOLVER_ASSIGNMENT_H
#define KHARDEN_MODELS_SOLVER_ASSIGNMENT_H

#include <z3++.h>

#include <cstdint>

namespace kharden::smt {

class Assignment {
public:
  explicit Assignment(z3::model M) : M(std::move(M)) {}

  /// The value of a bit-vector term of at most 64 bits.
  uint64_t bits(const z3::expr &E) const;
  /// The value of a Boolean term.
  bool truth(const z3::expr &E) const;
  const z3::model &model() const { return M; }

private:
  z3::model M;
};

} // namespace kharden::smt

#endif
