#include "engine/StateList.h"

#include "llvm/ADT/StringMap.h"

#include <mutex>
#include <type_traits>

namespace kharden {

// Lists are found by their bytes: every byte of a state is one of its
// fields'. A field that leaves padding must be placed to fill it.
static_assert(std::has_unique_object_representations_v<RelState>,
              "RelState has padding: equal states would differ in bytes");

namespace {
/// Never destroyed, as InternedString's pool; entries do not move.
struct Pool {
  std::mutex Lock;
  llvm::StringMap<std::vector<RelState>> All;
};
Pool &pool() {
  static Pool *P = new Pool;
  return *P;
}
} // namespace

StateList::StateList(llvm::ArrayRef<RelState> States) {
  if (States.empty())
    return;
  llvm::StringRef Bytes(reinterpret_cast<const char *>(States.data()),
                        States.size() * sizeof(RelState));
  Pool &All = pool();
  std::lock_guard<std::mutex> Hold(All.Lock);
  auto [It, New] = All.All.try_emplace(Bytes);
  if (New)
    It->second.assign(States.begin(), States.end());
  P = &It->second;
}

} // namespace kharden
