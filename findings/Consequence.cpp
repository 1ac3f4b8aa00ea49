#include "findings/Consequence.h"

#include "llvm/ADT/StringExtras.h"

namespace kharden {

constexpr Consequence AllClasses[] = {
    Consequence::SplitRmw, Consequence::WrongCpuState, Consequence::LostUpdate,
    Consequence::CpuChoice, Consequence::Unknown};

llvm::StringRef consequenceName(Consequence C) {
  switch (C) {
  case Consequence::SplitRmw: return "split-rmw";
  case Consequence::WrongCpuState: return "wrong-cpu-state";
  case Consequence::LostUpdate: return "lost-update";
  case Consequence::CpuChoice: return "cpu-choice";
  case Consequence::Unknown: return "unknown";
  }
  llvm_unreachable("unknown consequence");
}

std::optional<Consequence> parseConsequence(llvm::StringRef Name) {
  for (Consequence C : AllClasses)
    if (Name == consequenceName(C))
      return C;
  return std::nullopt;
}

std::string consequenceNames() {
  std::vector<llvm::StringRef> Names;
  for (Consequence C : AllClasses)
    Names.push_back(consequenceName(C));
  return llvm::join(Names, ", ");
}

Severity severityOf(Consequence C) {
  switch (C) {
  case Consequence::SplitRmw: return Severity::Error;
  case Consequence::WrongCpuState: return Severity::Warning;
  case Consequence::LostUpdate: return Severity::Note;
  case Consequence::CpuChoice: return Severity::Note;
  case Consequence::Unknown: return Severity::Warning;
  }
  llvm_unreachable("unknown consequence");
}

} // namespace kharden
