//===- findings/Finding.h - one diagnostic of one check ---     -*- C++ -*-===//
#ifndef KHARDEN_FINDINGS_FINDING_H
#define KHARDEN_FINDINGS_FINDING_H

#include "engine/Summary.h"
#include "models/solver/Status.h"

#include <optional>
#include <string>
#include <vector>

namespace kharden {

enum class Severity { Note, Warning };
llvm::StringRef severityName(Severity S);

/// One step of a model's counterexample schedule.
struct ScheduleStep {
  unsigned Cpu = 0;
  std::string Task;
  std::string Event;   ///< "consume", "refill-write", "migrate", ...
  int SlotValue = -1;  ///< The slot value the step reads or writes, or -1.
  std::string Note;    ///< What happened, in words.
};

/// What a model proved about a finding's shape (split-percpu-handoff).
struct Verdict {
  smt::Status Status = smt::Status::Error;
  std::string Property; ///< "atomicity.freshness"
  std::string Scheme;   ///< The scheme the finding was mapped to, in words.
  std::string Detail;   ///< Proof method, or why unknown.
  std::vector<ScheduleStep> Schedule; ///< Shortest counterexample, if refuted.
};

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
  std::optional<Verdict> ModelVerdict;

  bool operator<(const Finding &O) const;
};

} // namespace kharden

#endif
