//===- support/ExitCodes.h - kharden's process exit statuses ----*- C++ -*-===//
#ifndef KHARDEN_SUPPORT_EXITCODES_H
#define KHARDEN_SUPPORT_EXITCODES_H

namespace kharden {

/// Exit statuses shared by every subcommand; documented in README.md.
enum ExitCode : int {
  ExitClean = 0,      ///< Ran; nothing to report / every property decided.
  ExitFindings = 1,   ///< Ran; findings (or a worse property) to report.
  ExitUsage = 2,      ///< Usage error or unusable input; nothing trustworthy.
  ExitUndecided = 3,  ///< prove: some property is unknown or hit an error.
};

} // namespace kharden

#endif
