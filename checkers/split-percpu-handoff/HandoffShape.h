//===- HandoffShape.h - what split-percpu-handoff found ---------*- C++ -*-===//
//
// The facts the checker establishes about one handoff, in the terms of the
// stack-offset atomicity model (models/kstack): the storage is per-CPU; the
// consume and the refill run in these contexts; the refill runs at syscall
// exit or on every return to user mode.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CHECKERS_SPLIT_PERCPU_HANDOFF_HANDOFFSHAPE_H
#define KHARDEN_CHECKERS_SPLIT_PERCPU_HANDOFF_HANDOFFSHAPE_H

#include "engine/KernelModel.h"
#include "engine/Program.h"
#include "findings/Finding.h"

namespace kharden {

struct HandoffShape {
  RegionContext Consume = RegionContext::Unknown;
  RegionContext Refill = RegionContext::Unknown;
  ExitKind RefillRuns = ExitKind::SyscallExit;
};

/// Maps Shape onto a per-CPU stack-offset scheme and asks the atomicity
/// model whether every consumed value is fresh (atomicity.freshness).
Verdict proveFreshness(const HandoffShape &Shape);

} // namespace kharden

#endif
