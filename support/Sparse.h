//===- support/Sparse.h - fields most objects leave empty -------*- C++ -*-===//
//
// A whole-tree merge holds hundreds of thousands of call sites and
// functions, and most leave most of their rarer fields and lists empty:
// such fields, grouped, and such lists cost one null pointer there instead
// of their empty containers (issue 21).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_SUPPORT_SPARSE_H
#define KHARDEN_SUPPORT_SPARSE_H

#include "llvm/ADT/ArrayRef.h"

#include <initializer_list>
#include <memory>
#include <vector>

namespace kharden {

/// A T that its owner mostly leaves as T(): on the heap once set(), and a
/// null pointer until then. Reading (->, *) never allocates; copies copy
/// the T.
template <typename T> class Sparse {
public:
  Sparse() = default;
  Sparse(const Sparse &O) : P(O.P ? std::make_unique<T>(*O.P) : nullptr) {}
  Sparse(Sparse &&) = default;
  Sparse &operator=(const Sparse &O) {
    if (this != &O)
      P = O.P ? std::make_unique<T>(*O.P) : nullptr;
    return *this;
  }
  Sparse &operator=(Sparse &&) = default;

  const T &operator*() const { return P ? *P : none(); }
  const T *operator->() const { return &**this; }
  /// The T, to change it.
  T &set() {
    if (!P)
      P = std::make_unique<T>();
    return *P;
  }

private:
  static const T &none() {
    static const T None;
    return None;
  }
  std::unique_ptr<T> P;
};

/// A vector that is one null pointer while empty, for the lists most of a
/// whole tree's functions leave empty (their operations, notes, parameter
/// tests, ...: 96 bytes a function, issue 21). Read as a const vector;
/// written with the vector's own calls, through edit() for the others.
template <typename T> class SparseVector {
public:
  using value_type = T;
  using const_iterator = typename std::vector<T>::const_iterator;
  using iterator = typename std::vector<T>::iterator;

  SparseVector() = default;
  SparseVector(std::vector<T> Items) { *this = std::move(Items); }
  SparseVector(std::initializer_list<T> Items)
      : SparseVector(std::vector<T>(Items)) {}
  SparseVector(const SparseVector &O) : SparseVector(*O) {}
  SparseVector(SparseVector &&) = default;
  SparseVector &operator=(const SparseVector &O) {
    if (this != &O)
      *this = *O;
    return *this;
  }
  SparseVector &operator=(SparseVector &&) = default;
  SparseVector &operator=(std::vector<T> Items) {
    P = Items.empty() ? nullptr
                      : std::make_unique<std::vector<T>>(std::move(Items));
    return *this;
  }
  SparseVector &operator=(std::initializer_list<T> Items) {
    return *this = std::vector<T>(Items);
  }

  const std::vector<T> &operator*() const { return P ? *P : none(); }
  operator const std::vector<T> &() const { return **this; }
  operator llvm::ArrayRef<T>() const { return **this; }
  const T *data() const { return P ? P->data() : nullptr; }
  size_t size() const { return P ? P->size() : 0; }
  bool empty() const { return !P || P->empty(); }
  // Value-initialized iterators compare equal: an empty range.
  const_iterator begin() const { return P ? P->cbegin() : const_iterator(); }
  const_iterator end() const { return P ? P->cend() : const_iterator(); }
  const T &operator[](size_t I) const { return (*P)[I]; }
  const T &front() const { return P->front(); }
  const T &back() const { return P->back(); }

  /// The vector, to change it (made if there was none).
  std::vector<T> &edit() {
    if (!P)
      P = std::make_unique<std::vector<T>>();
    return *P;
  }
  iterator begin() { return P ? P->begin() : iterator(); }
  iterator end() { return P ? P->end() : iterator(); }
  T &operator[](size_t I) { return (*P)[I]; }
  T &back() { return P->back(); }
  void push_back(T X) { edit().push_back(std::move(X)); }
  void pop_back() {
    P->pop_back();
    if (P->empty())
      P = nullptr;
  }

  friend bool operator==(const SparseVector &A, const SparseVector &B) {
    return *A == *B;
  }

private:
  static const std::vector<T> &none() {
    static const std::vector<T> None;
    return None;
  }
  std::unique_ptr<std::vector<T>> P;
};

} // namespace kharden

#endif
