//===- models/prove/ModelRegistry.cpp - the table of models ---------------===//
#include "models/prove/Model.h"

#include "llvm/ADT/STLExtras.h"

namespace kharden {
#define KHARDEN_MODEL(Folder)                                                  \
  namespace Folder {                                                           \
  const prove::ModelInfo &model();                                             \
  }
#include "models/Models.def"
#undef KHARDEN_MODEL
} // namespace kharden

namespace kharden::prove {

llvm::ArrayRef<const ModelInfo *> models() {
  static const ModelInfo *const Models[] = {
#define KHARDEN_MODEL(Folder) &Folder::model(),
#include "models/Models.def"
#undef KHARDEN_MODEL
  };
  return Models;
}

const ModelInfo *modelOfKind(llvm::StringRef Kind) {
  for (const ModelInfo *M : models())
    if (M->Kind == Kind)
      return M;
  return nullptr;
}

const ModelInfo *modelOfProperty(llvm::StringRef Name) {
  for (const ModelInfo *M : models())
    if (M->property(Name))
      return M;
  return nullptr;
}

} // namespace kharden::prove
