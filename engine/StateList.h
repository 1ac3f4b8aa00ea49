//===- engine/StateList.h - a point's states, kept once ---------*- C++ -*-===//
//
// The states a function reaches a call in, and those it exits in, are most
// of what a whole-tree merge holds for the solve, and they repeat: the
// 79 134 call sites of x86_64 defconfig's kernel/ mm/ arch/x86/ have 5 953
// distinct lists of states, its 22 355 functions 3 191 distinct exits. So
// each list is a pointer to the one copy the process keeps (issue 21).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_STATELIST_H
#define KHARDEN_ENGINE_STATELIST_H

#include "engine/ContextState.h"

#include "llvm/ADT/ArrayRef.h"

#include <initializer_list>
#include <vector>

namespace kharden {

/// An immutable list of states, interned for the life of the process
/// (thread-safe): copies are a pointer, and equal lists are the same one.
class StateList {
public:
  StateList() = default;
  StateList(llvm::ArrayRef<RelState> States);
  StateList(std::initializer_list<RelState> States)
      : StateList(llvm::ArrayRef<RelState>(States)) {}
  StateList(const std::vector<RelState> &States)
      : StateList(llvm::ArrayRef<RelState>(States)) {}

  llvm::ArrayRef<RelState> states() const {
    return P ? llvm::ArrayRef<RelState>(*P) : llvm::ArrayRef<RelState>();
  }
  operator llvm::ArrayRef<RelState>() const { return states(); }
  const RelState *begin() const { return states().begin(); }
  const RelState *end() const { return states().end(); }
  size_t size() const { return P ? P->size() : 0; }
  bool empty() const { return !P; }
  const RelState &operator[](size_t I) const { return (*P)[I]; }
  const RelState &front() const { return P->front(); }

  friend bool operator==(StateList A, StateList B) { return A.P == B.P; }
  friend bool operator!=(StateList A, StateList B) { return A.P != B.P; }

private:
  const std::vector<RelState> *P = nullptr; ///< Null: none.
};

} // namespace kharden

#endif
