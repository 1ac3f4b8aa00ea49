//===- models/scheme/SchemeSpellings.h - enumerations in scheme files -*- C++
//-*-===//
//
// How scheme files spell the values of an enumeration: one table per type,
// read and written by YAML I/O (SpelledScalar) and used by reports
// (spellingOf), with the message a bad value gets:
//
//   namespace kharden {
//   KHARDEN_SPELLINGS(kstack::Storage, "expected per-cpu or per-task",
//                     {"per-cpu", kstack::Storage::PerCpu},
//                     {"per-task", kstack::Storage::PerTask})
//   }
//   template <> struct llvm::yaml::ScalarTraits<kstack::Storage>
//       : kharden::SpelledScalar<kstack::Storage> {};
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SCHEME_SCHEMESPELLINGS_H
#define KHARDEN_MODELS_SCHEME_SCHEMESPELLINGS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <utility>

namespace kharden {

template <typename E> struct Spellings;

#define KHARDEN_SPELLINGS(TYPE, EXPECTED, ...)                                 \
  template <> struct Spellings<TYPE> {                                         \
    static constexpr const char *Expected = EXPECTED;                          \
    static constexpr std::pair<const char *, TYPE> Table[] = {__VA_ARGS__};    \
  };

template <typename E> llvm::StringRef spellingOf(E Value) {
  for (const auto &[Name, V] : Spellings<E>::Table)
    if (V == Value)
      return Name;
  return "?";
}

/// YAML I/O's ScalarTraits of a spelled enumeration.
template <typename E> struct SpelledScalar {
  static void output(const E &V, void *, llvm::raw_ostream &OS) {
    OS << spellingOf(V);
  }
  static llvm::StringRef input(llvm::StringRef S, void *, E &V) {
    for (const auto &[Name, X] : Spellings<E>::Table)
      if (S == Name) {
        V = X;
        return {};
      }
    return Spellings<E>::Expected;
  }
  static llvm::yaml::QuotingType mustQuote(llvm::StringRef) {
    return llvm::yaml::QuotingType::None;
  }
};

} // namespace kharden

#endif
