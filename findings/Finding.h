//===- findings/Finding.h - one diagnostic of one check ---     -*- C++ -*-===//
#ifndef KHARDEN_FINDINGS_FINDING_H
#define KHARDEN_FINDINGS_FINDING_H

#include "engine/Summary.h"
#include "models/solver/Status.h"

#include <optional>
#include <string>
#include <vector>

namespace kharden {

/// How much a finding asks of a maintainer, in increasing order: a note is
/// worth knowing (hidden by default), a warning needs a look, an error is a
/// bug with a shown consequence. --min-severity compares them.
enum class Severity { Note, Warning, Error };
llvm::StringRef severityName(Severity S);
/// "note", "warning" or "error"; nothing for any other text.
std::optional<Severity> parseSeverity(llvm::StringRef Name);

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
  /// What the race costs (a name of findings/Consequence.h), for the checks
  /// that decide it; empty for the others.
  std::string Consequence;
  std::optional<Verdict> ModelVerdict;

  bool operator<(const Finding &O) const;
};

} // namespace kharden

#endif
