#include "models/prove/Model.h"

#include "llvm/ADT/STLExtras.h"

namespace kharden::prove {

const PropertyInfo *ModelInfo::property(llvm::StringRef Name) const {
  for (const PropertyInfo &P : Properties)
    if (P.Name == Name)
      return &P;
  return nullptr;
}

bool RunOptions::asked(llvm::StringRef Property) const {
  return Properties.empty() || llvm::is_contained(Properties, Property);
}

} // namespace kharden::prove
