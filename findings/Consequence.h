//===- findings/Consequence.h - what a finding's race costs -----*- C++ -*-===//
//
// The consequence classes a check may give its findings, their names (the
// JSON "consequence", suppressions and baselines use them) and the severity
// each class has. Which class a finding gets is the check's to decide
// (percpu-preemptible: checkers/percpu-preemptible/Consequence.h).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_FINDINGS_CONSEQUENCE_H
#define KHARDEN_FINDINGS_CONSEQUENCE_H

#include "findings/Finding.h"

#include <optional>
#include <string>

namespace kharden {

enum class Consequence {
  Unknown,
  SplitRmw,
  WrongCpuState,
  LostUpdate,
  CpuChoice,
};

llvm::StringRef consequenceName(Consequence C);
/// The class a suppression or baseline names; nothing for an unknown name.
std::optional<Consequence> parseConsequence(llvm::StringRef Name);
/// Every class's name, for error messages.
std::string consequenceNames();
Severity severityOf(Consequence C);

} // namespace kharden

#endif
