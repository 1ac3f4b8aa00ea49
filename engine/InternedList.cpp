#include "engine/InternedList.h"
#include "engine/InternPool.h"

#include <string>
#include <type_traits>

namespace kharden {

// States are found by their bytes: every byte of a state is one of its
// fields'. A field that leaves padding must be placed to fill it.
static_assert(std::has_unique_object_representations_v<RelState>,
              "RelState has padding: equal states would differ in bytes");

static llvm::StringRef keyOf(llvm::ArrayRef<RelState> States, std::string &) {
  return {reinterpret_cast<const char *>(States.data()),
          States.size() * sizeof(RelState)};
}

/// A field's name is the only part of variable length: its size first.
static llvm::StringRef keyOf(llvm::ArrayRef<ArgFact> Facts, std::string &Buf) {
  auto Put = [&](const auto &X) {
    Buf.append(reinterpret_cast<const char *>(&X), sizeof(X));
  };
  for (const auto &[Arg, Bits] : Facts) {
    Put(Arg.Index);
    Put(uint32_t(Arg.Field.size()));
    Buf += Arg.Field;
    Put(Bits.Zero);
    Put(Bits.One);
    Put(Bits.NonZero);
  }
  return Buf;
}

template <typename T> InternedList<T>::InternedList(llvm::ArrayRef<T> Items) {
  if (Items.empty())
    return;
  std::string Buf;
  llvm::StringRef Key = keyOf(Items, Buf);
  P = &internedCopy<std::vector<T>>(
      Key, [&] { return std::vector<T>(Items.begin(), Items.end()); });
}

template class InternedList<RelState>;
template class InternedList<ArgFact>;

} // namespace kharden
