#include "engine/InternedValue.h"
#include "engine/InternPool.h"
#include "engine/Summary.h"

#include <string>

namespace kharden {

// Values are found by a key that writes each field: a new field must be
// written too, or values that differ in it would be taken for one another.
static_assert(sizeof(CallSite::Passed) == 6 * 24 + sizeof(std::string) &&
                  sizeof(BitsTransfer) == 40,
              "a field was added: add it to keyOf()");

/// Each part's size first, then its items field by field (no padding).
static llvm::StringRef keyOf(const CallSite::Passed &V, std::string &Buf) {
  auto Put = [&](const auto &X) {
    Buf.append(reinterpret_cast<const char *>(&X), sizeof(X));
  };
  auto PutPairs = [&](const std::vector<std::pair<uint8_t, uint8_t>> &Pairs) {
    Put(uint32_t(Pairs.size()));
    for (auto [A, B] : Pairs) {
      Put(A);
      Put(B);
    }
  };
  PutPairs(V.Forwarded);
  Put(uint32_t(V.TransformedArgs.size()));
  for (const CallSite::Transformed &T : V.TransformedArgs) {
    Put(T.Arg);
    Put(T.Param);
    Put(T.Bits.KeepZero);
    Put(T.Bits.ForceZero);
    Put(T.Bits.KeepOne);
    Put(T.Bits.ForceOne);
    Put(T.Bits.KeepNonZero);
  }
  auto PutKeys = [&](const auto &Keys) {
    Put(uint32_t(Keys.size()));
    for (const auto &[Arg, Key] : Keys) {
      Put(Arg);
      Put(uint32_t(Key.size()));
      Buf += Key;
    }
  };
  PutKeys(V.FnArgs);
  PutKeys(V.FnSlots);
  PutPairs(V.FnForwarded);
  PutPairs(V.Lent);
  Buf += V.Chain; // last: its length is the rest
  return Buf;
}

template <typename T> InternedValue<T>::InternedValue(const T &Value) {
  if (Value.empty())
    return;
  std::string Buf;
  llvm::StringRef Key = keyOf(Value, Buf);
  P = &internedCopy<T>(Key, [&] { return Value; });
}

template <typename T> const T &InternedValue<T>::none() {
  static const T *None = new T;
  return *None;
}

template class InternedValue<CallSite::Passed>;

} // namespace kharden
