#include "findings/Finding.h"

#include <tuple>

namespace kharden {

bool Finding::operator<(const Finding &O) const {
  return std::tie(Where, Check, Message) <
         std::tie(O.Where, O.Check, O.Message);
}

llvm::StringRef severityName(Severity S) {
  return S == Severity::Warning ? "warning" : "note";
}

} // namespace kharden
