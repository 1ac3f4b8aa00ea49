#include "support/YamlFile.h"

namespace kharden {

bool hasYamlContent(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Text.split(Lines, '\n');
  return llvm::any_of(Lines, [](llvm::StringRef Line) {
    Line = Line.trim();
    return !Line.empty() && !Line.starts_with("#") && Line != "---" &&
           Line != "...";
  });
}

llvm::Error YamlDiagnostic::toError(llvm::StringRef Path) const {
  if (!First)
    return llvm::make_error<InputError>(Path.str(), "not a valid YAML document");
  // SMDiagnostic columns are 0-based; editors and compilers count from 1.
  return llvm::make_error<InputError>(Path.str(), First->getMessage().str(),
                                      First->getLineNo(),
                                      First->getColumnNo() + 1);
}

} // namespace kharden
