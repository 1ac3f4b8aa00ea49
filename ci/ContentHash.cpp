#include "ci/ContentHash.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace kharden {

ContentHash ContentHash::of(StringRef Data) {
  XXH128_hash_t H = xxh3_128bits(arrayRefFromStringRef(Data));
  ContentHash C;
  support::endian::write64le(C.Bytes.data(), H.low64);
  support::endian::write64le(C.Bytes.data() + 8, H.high64);
  return C;
}

ContentHash ContentHash::ofParts(ArrayRef<std::string> Parts) {
  std::string All;
  for (const std::string &P : Parts) {
    All += std::to_string(P.size());
    All += ':';
    All += P;
  }
  return of(All);
}

std::optional<ContentHash> ContentHash::fromBytes(StringRef Raw) {
  ContentHash C;
  if (Raw.size() != C.Bytes.size())
    return std::nullopt;
  std::copy(Raw.begin(), Raw.end(), C.Bytes.begin());
  return C;
}

std::string ContentHash::hex() const { return toHex(bytes(), true); }

} // namespace kharden
