//===- support/Sparse.h - fields most objects leave empty -------*- C++ -*-===//
//
// A whole-tree merge holds hundreds of thousands of call sites and
// functions, and most leave most of their rarer fields empty: such fields,
// grouped, cost one null pointer there instead of their empty containers
// (issue 21).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_SUPPORT_SPARSE_H
#define KHARDEN_SUPPORT_SPARSE_H

#include <memory>

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

} // namespace kharden

#endif
