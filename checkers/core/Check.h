//===- checkers/core/Check.h - the interface every check implements -------===//
#ifndef KHARDEN_CHECKERS_CORE_CHECK_H
#define KHARDEN_CHECKERS_CORE_CHECK_H

#include "checkers/core/Finding.h"
#include "checkers/engine/Program.h"

#include <memory>
#include <vector>

namespace kharden {

/// A check reads the solved program (every function's summary and entry
/// contexts) and reports findings tagged with its name.
class Check {
public:
  explicit Check(llvm::StringRef Name) : Name(Name.str()) {}
  virtual ~Check() = default;
  llvm::StringRef name() const { return Name; }
  virtual void run(const Program &P, std::vector<Finding> &Out) const = 0;

private:
  std::string Name;
};

/// A check's registry entry (from checkers/Checks.def).
struct CheckInfo {
  llvm::StringRef Name;
  llvm::StringRef Summary;
  std::unique_ptr<Check> (*Create)();
};

/// Every check kharden has, in a stable order.
llvm::ArrayRef<CheckInfo> allChecks();

} // namespace kharden

#endif
