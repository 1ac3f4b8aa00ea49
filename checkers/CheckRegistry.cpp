#include "checkers/Check.h"

namespace kharden {

#define KHARDEN_CHECK(Name, Class, Default, Summary)                         \
  std::unique_ptr<Check> create##Class();
#include "checkers/Checks.def"
#undef KHARDEN_CHECK

llvm::ArrayRef<CheckInfo> allChecks() {
  static const CheckInfo Checks[] = {
#define KHARDEN_CHECK(Name, Class, Default, Summary)                         \
  {Name, Summary, CheckInfo::Default, create##Class},
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

bool Check::watchesAnOperationOf(const KernelModel &M,
                                 const FunctionSummary &F) const {
  return llvm::any_of(
      F.Ops, [&](const Operation &Op) { return !rulesFor(M, Op).empty(); });
}

unsigned Check::partsTheRulesRead(const KernelModel &M) const {
  unsigned Parts = 0;
  for (const CheckRule *R : M.rulesOf(Name)) {
    for (ContextWord W : R->WrongIn)
      Parts |= partsHeld(W);
    for (ContextWord W : R->Unless)
      Parts |= partsHeld(W);
  }
  return Parts;
}

Finding Check::findingAt(const FunctionSummary &F, const Operation &Op,
                         const Explanation &Why, std::string Message,
                         std::string Evidence) const {
  Finding Fd;
  Fd.Check = Name;
  Fd.Where = Op.Where;
  Fd.Function = F.name();
  Fd.Message = std::move(Message);
  Fd.Evidence = std::move(Evidence);
  Fd.Notes = Op.MacroNotes;
  llvm::append_range(Fd.Notes, Why.Notes);
  return Fd;
}

llvm::Error Check::badOptionValue(llvm::StringRef Key, llvm::StringRef Takes,
                                  llvm::StringRef Value) const {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "option '%s.%s' takes %s, not '%s'",
                                 Name.c_str(), Key.str().c_str(),
                                 Takes.str().c_str(), Value.str().c_str());
}

llvm::Error Check::setBoolOption(llvm::StringRef Key, llvm::StringRef Value,
                                 bool &Out) const {
  if (Value != "true" && Value != "false")
    return badOptionValue(Key, "true or false", Value);
  Out = Value == "true";
  return llvm::Error::success();
}

llvm::Error Check::setOption(llvm::StringRef Key, llvm::StringRef) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "check '%s' has no option '%s'",
                                 Name.c_str(), Key.str().c_str());
}

} // namespace kharden
