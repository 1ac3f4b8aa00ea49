#include "engine/OpsObjects.h"

using namespace clang;

namespace kharden {

void OpsObjects::add(const RecordDecl *Type,
                     llvm::StringMap<const FunctionDecl *> Fields) {
  Type = cast<RecordDecl>(Type->getCanonicalDecl());
  for (const auto &F : Fields)
    TypeOf[F.getKey()] = Type;
  Objects[Type].push_back(std::move(Fields));
}

uint16_t OpsObjects::holding(llvm::StringRef Field,
                             const FunctionDecl *Target) const {
  auto Type = TypeOf.find(Field);
  if (Type == TypeOf.end() || Opened.contains(Field))
    return 0;
  const auto &List = Objects.find(Type->second)->second;
  if (List.size() > MaxObjects)
    return 0;
  uint16_t Held = 0;
  for (unsigned I = 0; I < List.size(); ++I)
    if (const FunctionDecl *F = List[I].lookup(Field);
        F && F->getCanonicalDecl() == Target->getCanonicalDecl())
      Held |= uint16_t(1u << I);
  if (Target->isExternallyVisible())
    Held |= Elsewhere;
  return Held;
}

} // namespace kharden
