//===- PercpuEscapeCheck.h - percpu-escape ----------------------*- C++ -*-===//
#ifndef KHARDEN_CHECKERS_PERCPU_ESCAPE_CHECK_H
#define KHARDEN_CHECKERS_PERCPU_ESCAPE_CHECK_H

#include "checkers/Check.h"

namespace kharden {

/// Finds per-CPU pointers (this_cpu_ptr(), get_cpu_ptr(), get_cpu_var()),
/// per-CPU buffers the kernel model names (get_callchain_entry(),
/// get_perf_callchain()) and CPU numbers (smp_processor_id(), get_cpu())
/// used, through locals, returns and callees, after the region that made
/// them this CPU's has ended, where preemption may happen.
class PercpuEscapeCheck : public Check {
public:
  PercpuEscapeCheck() : Check("percpu-escape") {}
  void run(const Program &P, std::vector<Finding> &Out) const override;
  unsigned contextPartsRead(const KernelModel &M,
                            const FunctionSummary &F) const override;
};

} // namespace kharden

#endif
