//===- frontend/KbuildContext.h - stored callers -              -*- C++ -*-===//
//
// Under kbuild, each kharden process checks one file, and all of them share
// a summary database. A file's functions get their contexts from their
// callers, which may be in files checked earlier (or in later ones, which
// only the report after make sees: `kharden check --kbuild-report`). A
// process reports with every caller known so far: the stored summaries of
// the files whose functions call into its own, directly or through other
// functions, found through the database's callee index.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_FRONTEND_KBUILDCONTEXT_H
#define KHARDEN_FRONTEND_KBUILDCONTEXT_H

#include "ci/SummaryStore.h"

namespace kharden {

/// The valid stored summaries of the kbuild set whose functions reach the
/// functions of Own's file by calls (callers, their callers, ...) or
/// register one, sorted by file; Own's file is not among them.
llvm::Expected<std::vector<TUSummary>> knownCallers(SummaryStore &Store,
                                                    const TUResult &Own);

} // namespace kharden

#endif
