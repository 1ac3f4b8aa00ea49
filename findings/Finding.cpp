#include "findings/Finding.h"

#include "llvm/Support/ErrorHandling.h"

#include <tuple>

namespace kharden {

bool Finding::operator<(const Finding &O) const {
  return std::tie(Where, Check, Message) <
         std::tie(O.Where, O.Check, O.Message);
}

llvm::StringRef severityName(Severity S) {
  switch (S) {
  case Severity::Note: return "note";
  case Severity::Warning: return "warning";
  case Severity::Error: return "error";
  }
  llvm_unreachable("unknown severity");
}

std::optional<Severity> parseSeverity(llvm::StringRef Name) {
  for (Severity S : {Severity::Note, Severity::Warning, Severity::Error})
    if (Name == severityName(S))
      return S;
  return std::nullopt;
}

} // namespace kharden
