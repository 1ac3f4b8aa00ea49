#include "support/YamlFile.h"

namespace kharden {

llvm::Error YamlDiagnostic::toError(llvm::StringRef Path) const {
  if (!First)
    return llvm::make_error<InputError>(Path.str(), "not a valid YAML document");
  // SMDiagnostic columns are 0-based; editors and compilers count from 1.
  return llvm::make_error<InputError>(Path.str(), First->getMessage().str(),
                                      First->getLineNo(),
                                      First->getColumnNo() + 1);
}

} // namespace kharden
