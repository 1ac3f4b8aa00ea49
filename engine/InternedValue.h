//===- engine/InternedValue.h - values kept once ----------------*- C++ -*-===//
//
// What a call passes on of its caller's parameters and functions repeats
// across a tree: 55 158 of the 156 666 calls of allmodconfig's kernel/ mm/
// pass some, in 1 963 distinct ways. Held one per call, those were 8 % of
// a whole-tree merge's heap (issue 21); interned, each is a pointer.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_INTERNEDVALUE_H
#define KHARDEN_ENGINE_INTERNEDVALUE_H

namespace kharden {

/// An immutable value, interned for the life of the process (thread-safe):
/// copies are a pointer, equal values are the same one, and T's empty()
/// value is the default. For the types InternedValue.cpp instantiates it
/// with.
template <typename T> class InternedValue {
public:
  InternedValue() = default;
  InternedValue(const T &Value);

  const T &operator*() const { return P ? *P : none(); }
  const T *operator->() const { return &**this; }

  friend bool operator==(InternedValue A, InternedValue B) {
    return A.P == B.P;
  }

private:
  static const T &none();
  const T *P = nullptr; ///< Null: the empty value.
};

} // namespace kharden

#endif
