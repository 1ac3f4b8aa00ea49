//===- frontend/Progress.h - one line that says how far -------------------===//
//
// On a terminal, a whole-tree run shows one status line on stderr,
// rewritten in place as each translation unit finishes:
//   [17/342] kernel/sched/core.c  0:41 elapsed, ETA 12:30
// and erases it at the end, so that only the report remains. Logs (stderr
// not a terminal) get nothing.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_FRONTEND_PROGRESS_H
#define KHARDEN_FRONTEND_PROGRESS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <mutex>

namespace kharden {

class ProgressLine {
public:
  /// Columns: the terminal's width (0: unknown, no truncation).
  ProgressLine(llvm::raw_ostream &OS, size_t Total, bool Enabled,
               unsigned Columns);
  /// One more translation unit done. Thread-safe.
  void finished(llvm::StringRef File);
  /// Erases the line.
  void clear();

  /// "m:ss", or "h:mm:ss" from an hour on.
  static std::string duration(double Seconds);

private:
  llvm::raw_ostream &OS;
  size_t Total, Done = 0;
  bool Enabled, Visible = false;
  unsigned Columns;
  std::chrono::steady_clock::time_point Start;
  std::mutex Lock;
};

} // namespace kharden

#endif
