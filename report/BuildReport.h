//===- report/BuildReport.h - the report of an analysed tree    -*- C++ -*-===//
#ifndef KHARDEN_REPORT_BUILDREPORT_H
#define KHARDEN_REPORT_BUILDREPORT_H

#include "checkers/Check.h"
#include "models/prove/Report.h"
#include "report/Pipeline.h"
#include "report/TreeReport.h"

namespace kharden {

/// Runs Checks on the analysed tree, extracts its stack-offset schemes and
/// proves the complete ones (each solver query limited to TimeoutMs, 0:
/// unlimited); Proofs gets the proof report of those.
TreeReport buildTreeReport(const AnalysedTree &Tree,
                           llvm::ArrayRef<std::unique_ptr<Check>> Checks,
                           unsigned TimeoutMs, ProofReport &Proofs);

/// Whether a scheme is incomplete or a property undecided.
bool undecided(const TreeReport &R);

} // namespace kharden

#endif
