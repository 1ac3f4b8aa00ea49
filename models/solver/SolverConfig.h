//===- models/solver/SolverConfig.h - limits of every query -----*- C++ -*-===//
#ifndef KHARDEN_MODELS_SOLVER_SOLVERCONFIG_H
#define KHARDEN_MODELS_SOLVER_SOLVERCONFIG_H

#include <string>

namespace kharden::smt {

struct SolverConfig {
  /// Wall-clock limit per query; the backstop, not the reproducible limit.
  unsigned TimeoutMs = 20000;
  /// Z3's deterministic resource limit per query (0: none).
  unsigned ResourceLimit = 400000000;
  unsigned RandomSeed = 0;
  /// Where to write each query as SMT-LIB2; empty: nowhere.
  std::string SmtDir;
  /// The SMT-LIB2 logic written into replay files (kharden's models are
  /// quantifier-free bit-vector formulas).
  std::string Logic = "QF_BV";
};

} // namespace kharden::smt

#endif
