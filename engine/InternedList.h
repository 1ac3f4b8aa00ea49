//===- engine/InternedList.h - lists kept once ------------------*- C++ -*-===//
//
// What a whole-tree merge holds for the solve repeats: the states a
// function reaches a call in and exits in (the 79 134 call sites of x86_64
// defconfig's kernel/ mm/ arch/x86/ have 5 953 distinct lists of states,
// its 22 355 functions 3 191 distinct exits), and the bits calls pass
// (4 179 distinct lists among 18 652 calls that pass some). So each list is
// a pointer to the one copy the process keeps (issue 21).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_INTERNEDLIST_H
#define KHARDEN_ENGINE_INTERNEDLIST_H

#include "engine/ContextState.h"

#include "llvm/ADT/ArrayRef.h"

#include <initializer_list>
#include <vector>

namespace kharden {

/// An immutable list, interned for the life of the process (thread-safe):
/// copies are a pointer, and equal lists are the same one. For the element
/// types InternedList.cpp instantiates it with.
template <typename T> class InternedList {
public:
  using value_type = T;
  InternedList() = default;
  InternedList(llvm::ArrayRef<T> Items);
  InternedList(std::initializer_list<T> Items)
      : InternedList(llvm::ArrayRef<T>(Items)) {}
  InternedList(const std::vector<T> &Items)
      : InternedList(llvm::ArrayRef<T>(Items)) {}

  llvm::ArrayRef<T> items() const {
    return P ? llvm::ArrayRef<T>(*P) : llvm::ArrayRef<T>();
  }
  operator llvm::ArrayRef<T>() const { return items(); }
  const T *begin() const { return items().begin(); }
  const T *end() const { return items().end(); }
  size_t size() const { return P ? P->size() : 0; }
  bool empty() const { return !P; }
  const T &operator[](size_t I) const { return (*P)[I]; }
  const T &front() const { return P->front(); }

  friend bool operator==(InternedList A, InternedList B) { return A.P == B.P; }
  friend bool operator!=(InternedList A, InternedList B) { return A.P != B.P; }

private:
  const std::vector<T> *P = nullptr; ///< Null: none.
};

/// The states a point is reached in.
using StateList = InternedList<RelState>;
/// What a call passes: bits of arguments and of the fields they point to.
using ArgFactList = InternedList<ArgFact>;

} // namespace kharden

#endif
