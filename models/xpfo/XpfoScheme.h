//===- models/xpfo/XpfoScheme.h - an XPFO TLB-flush policy ------*- C++ -*-===//
//
// eXclusive Page Frame Ownership (XPFO, RFC 2016-2019) removes a page's
// kernel direct-map (physmap) mapping while the page belongs to user space,
// so that a ret2dir attack cannot reach user data through the kernel's
// alias. Clearing the PTE is not enough: other CPUs may hold the
// translation in their TLBs until it is flushed. A scheme (`kind: xpfo`) is
// the policy that decides which TLBs are flushed when, and what waits for
// the flush (docs/models/xpfo.md).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_XPFO_XPFOSCHEME_H
#define KHARDEN_MODELS_XPFO_XPFOSCHEME_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace kharden::xpfo {

/// Which TLBs a PTE change is flushed from.
enum class Flush {
  None,  ///< none: stale entries stay until evicted.
  Local, ///< the TLB of the CPU that changed the PTE.
  All,   ///< every CPU's: a local flush and an IPI to every other CPU.
};

/// When an allocation to user space returns its page.
enum class HandOut {
  AfterFlush,  ///< once the page's flush is done everywhere.
  BeforeFlush, ///< at once; the flush follows (deferred, asynchronous).
};

/// Which page tables map a page into the physmap.
enum class Views {
  Shared, ///< one kernel page table: every CPU can reach every page.
  PerCpu, ///< each task's pages only in the view of the CPU it is pinned to
          ///< (the isolated-CPU design of the 2018 thread).
};

/// What a CPU does to its TLB when the page's task leaves it.
enum class Migration { NoFlush, Flush };

/// Whether a flush IPI is sent to a CPU idling with a lazy TLB.
enum class LazyCpus {
  Interrupt, ///< yes: the IPI wakes it.
  Skip,      ///< no: it flushes when it stops idling (as x86 does for user
             ///< address spaces).
};

/// What happens when a page is allocated to user space.
struct AllocationPolicy {
  Flush Flushed = Flush::All;
  /// Pages whose flush is done together; 1: each page's own.
  unsigned Batch = 1;
  HandOut When = HandOut::AfterFlush;
};

struct XpfoScheme {
  std::string Name, Title, Kernel;
  std::vector<std::string> Sources;
  AllocationPolicy Allocation;
  /// xpfo_kunmap(): the flush after a kmap() of a user page ends.
  Flush Kunmap = Flush::All;
  Views View = Views::Shared;
  Migration OnMigration = Migration::NoFlush;
  LazyCpus Lazy = LazyCpus::Interrupt;
  /// The measurements the cost model is fitted to (a path, resolved
  /// against the scheme's directory); empty: no cost fit.
  std::string MeasurementsFile;
};

llvm::StringRef spelling(Flush F);
llvm::StringRef spelling(HandOut H);
llvm::StringRef spelling(Views V);
llvm::StringRef spelling(Migration M);
llvm::StringRef spelling(LazyCpus L);

/// Reads an XPFO scheme file; errors name file, line and column.
llvm::Expected<XpfoScheme> readXpfoScheme(llvm::StringRef Path);

/// One measured run of a policy, for the cost fit.
struct MeasuredRun {
  std::string Name;
  Flush Flushed = Flush::None;
  /// The run flushed pages in batches whose size the source does not say:
  /// the fit finds it.
  bool Batched = false;
  double Seconds = 0;
};

/// Measurements of the cost of XPFO policies on one workload.
struct Measurements {
  std::string Path, Title;
  std::vector<std::string> Sources;
  /// Logical CPUs of the measured machine.
  unsigned Cpus = 1;
  /// The workload without XPFO.
  double BaseSeconds = 0;
  std::vector<MeasuredRun> Runs;
  /// The report gives the batch size at which a safe batched policy's
  /// overhead falls under this percentage of BaseSeconds.
  double OverheadLimitPercent = 10;
};

llvm::Expected<Measurements> readMeasurements(llvm::StringRef Path);

} // namespace kharden::xpfo

#endif
