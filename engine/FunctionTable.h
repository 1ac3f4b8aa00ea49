//===- engine/FunctionTable.h - a run's functions, never moved --*- C++ -*-===//
//
// A whole tree has millions of function summaries, added one unit at a time
// with no count known beforehand. A vector of them doubles: when it grows it
// holds the old and the new array at once, and after the last unit up to
// half of it is spare (one 49 MiB array at 2000 simulated units, issue 21).
// Blocks of a fixed number of summaries grow by one block and never move.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_FUNCTIONTABLE_H
#define KHARDEN_ENGINE_FUNCTIONTABLE_H

#include "engine/Summary.h"

#include <iterator>
#include <memory>
#include <utility>
#include <vector>

namespace kharden {

/// Function summaries by index, in the order they were added; an added
/// summary stays where it is.
class FunctionTable {
public:
  /// 1024 summaries of a few hundred bytes: the spare room of the last
  /// block is small against a tree, and an index splits with a shift.
  static constexpr size_t BlockBits = 10, BlockSize = size_t(1) << BlockBits;

  template <typename Table, typename Summary> class Iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = FunctionSummary;
    using difference_type = std::ptrdiff_t;
    using pointer = Summary *;
    using reference = Summary &;
    Iterator(Table &T, size_t I) : T(&T), I(I) {}
    reference operator*() const { return (*T)[I]; }
    pointer operator->() const { return &(*T)[I]; }
    Iterator &operator++() {
      ++I;
      return *this;
    }
    bool operator==(const Iterator &O) const { return I == O.I; }
    bool operator!=(const Iterator &O) const { return I != O.I; }

  private:
    Table *T;
    size_t I;
  };
  using iterator = Iterator<FunctionTable, FunctionSummary>;
  using const_iterator = Iterator<const FunctionTable, const FunctionSummary>;

  void push_back(FunctionSummary F);
  size_t size() const { return Size; }
  bool empty() const { return Size == 0; }
  FunctionSummary &operator[](size_t I) {
    return Blocks[I >> BlockBits][I & (BlockSize - 1)];
  }
  const FunctionSummary &operator[](size_t I) const {
    return Blocks[I >> BlockBits][I & (BlockSize - 1)];
  }
  const FunctionSummary &front() const { return (*this)[0]; }
  iterator begin() { return {*this, 0}; }
  iterator end() { return {*this, Size}; }
  const_iterator begin() const { return {*this, 0}; }
  const_iterator end() const { return {*this, Size}; }
  /// The index of F, which must be one of this table's summaries.
  size_t indexOf(const FunctionSummary &F) const;

private:
  std::vector<std::unique_ptr<FunctionSummary[]>> Blocks;
  /// Each block's first summary and its number, by address: indexOf's
  /// binary search.
  std::vector<std::pair<const FunctionSummary *, size_t>> ByAddress;
  size_t Size = 0;
};

} // namespace kharden

#endif
