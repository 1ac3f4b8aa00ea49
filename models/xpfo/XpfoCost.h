//===- models/xpfo/XpfoCost.h - what a policy costs, fitted to measurements -*-
// C++ -*-===//
//
// The model counts what a policy does per page allocated to user space
// (XpfoProofs.h: local flushes and IPIs per batch, for 2 to 4 CPUs, and
// the affine law in the CPUs they follow). A measurement file gives a
// workload's time without XPFO and under a few policies; the overhead of a
// run is fitted, by least squares, as
//     overhead = U * unmaps per page + R * remote flushes (IPIs) per page
// with one unmap per page and the IPIs of the run's policy at the measured
// machine's CPUs. A run whose batch size the source does not give has it
// fitted too (B*). This is a fit of two costs to a handful of points, with
// its residuals, not a measurement of them.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_XPFO_XPFOCOST_H
#define KHARDEN_MODELS_XPFO_XPFOCOST_H

#include "models/xpfo/XpfoResult.h"
#include "models/xpfo/XpfoScheme.h"

#include <optional>
#include <vector>

namespace kharden::xpfo {

struct CostFit {
  const Measurements *Data = nullptr;
  /// Seconds of the workload per unmap per page, and per remote flush per
  /// page.
  double U = 0, R = 0;
  /// The fitted batch size of the batched runs; none without one.
  std::optional<double> BatchOfRuns;
  /// Per run: IPIs per page (the model's count for its policy at
  /// Data->Cpus), the fitted and the measured overhead, in seconds.
  std::vector<double> IpisPerPage, Fitted, Measured;
  /// IPIs per flush of every page at Data->Cpus (the flush-all law).
  double IpisPerFlush = 0;

  double residual(size_t Run) const { return Measured[Run] - Fitted[Run]; }
  /// Overhead in seconds of IpisPerPage IPIs per page.
  double overhead(double IpisPerPage) const { return U + R * IpisPerPage; }
  double percent(double Seconds) const {
    return 100 * Seconds / Data->BaseSeconds;
  }
  /// The smallest batch that brings a flush-all policy's overhead to
  /// Data->OverheadLimitPercent; none when the unmaps alone exceed it.
  std::optional<unsigned> batchForLimit() const;
};

/// Fits U, R (and B*) to the runs of M. FlushAll is the model's count law
/// of an allocation with flush all (per batch, any batch size).
CostFit fitCosts(const Measurements &M, const CountLaw &FlushAll);

/// IPIs per page allocated under S's policy at Cpus CPUs, from its law.
double ipisPerPage(const XpfoScheme &S, const CountLaw &Law, unsigned Cpus);
double localFlushesPerPage(const XpfoScheme &S, const CountLaw &Law,
                           unsigned Cpus);

} // namespace kharden::xpfo

#endif
