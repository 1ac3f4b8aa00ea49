#include "checkers/Check.h"

namespace kharden {

#define KHARDEN_CHECK(Name, Class, Summary) std::unique_ptr<Check> create##Class();
#include "checkers/Checks.def"
#undef KHARDEN_CHECK

llvm::ArrayRef<CheckInfo> allChecks() {
  static const CheckInfo Checks[] = {
#define KHARDEN_CHECK(Name, Class, Summary) {Name, Summary, create##Class},
#include "checkers/Checks.def"
#undef KHARDEN_CHECK
  };
  return Checks;
}

std::vector<const CheckRule *> Check::rulesFor(const KernelModel &M,
                                               const Operation &Op) const {
  std::vector<const CheckRule *> Out;
  for (const CheckRule *R : M.rulesOf(Name))
    if (R->EngineRule.empty() ? Op.Rule == Name && M.watches(*R, Op.Name)
                              : Op.Rule == R->EngineRule)
      Out.push_back(R);
  return Out;
}

llvm::Error Check::setOption(llvm::StringRef Key, llvm::StringRef) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "check '%s' has no option '%s'",
                                 Name.c_str(), Key.str().c_str());
}

} // namespace kharden
