//===- checkers/core/Finding.h - one diagnostic of one check ----*- C++ -*-===//
#ifndef KHARDEN_CHECKERS_CORE_FINDING_H
#define KHARDEN_CHECKERS_CORE_FINDING_H

#include "checkers/engine/Summary.h"

#include <string>
#include <vector>

namespace kharden {

enum class Severity { Note, Warning };
llvm::StringRef severityName(Severity S);

/// What every output format carries for a finding. The field names are the
/// JSON keys (docs/output.md); tests and CI scripts read them.
struct Finding {
  std::string Check;    ///< "percpu-preemptible"
  Severity Level = Severity::Warning;
  SourcePoint Where;
  std::string Function; ///< The function whose code contains Where.
  std::string Message;  ///< Without the trailing "[check]".
  std::vector<Note> Notes;
  std::string Variable; ///< The per-CPU variable, if any.
  std::string Evidence; ///< The kind of evidence, e.g. "read".

  bool operator<(const Finding &O) const;
};

} // namespace kharden

#endif
