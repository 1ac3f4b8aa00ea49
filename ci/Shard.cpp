#include "ci/Shard.h"

#include "ci/PathGlob.h"
#include "support/InputError.h"

#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace kharden {

Expected<ShardSpec> ShardSpec::parse(StringRef Text, StringRef Option) {
  auto [K, N] = Text.split('/');
  ShardSpec S;
  if (K.getAsInteger(10, S.Index) || N.getAsInteger(10, S.Count) ||
      S.Index < 1 || S.Index > S.Count)
    return make_error<InputError>(Option.str(),
                                  "expected K/N with 1 <= K <= N, got '" +
                                      Text.str() + "'");
  return S;
}

std::string ShardSpec::str() const {
  return std::to_string(Index) + "/" + std::to_string(Count);
}

bool ShardSpec::contains(StringRef Key) const {
  return xxh3_64bits(Key) % Count == Index - 1;
}

std::string shardKey(StringRef AbsPath, StringRef Base) {
  if (std::optional<StringRef> Rel = relativeTo(AbsPath, Base))
    return Rel->str();
  return AbsPath.str();
}

} // namespace kharden
