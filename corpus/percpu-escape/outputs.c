// percpu-escape's findings in every output format, and through
// suppressions and baselines, which work on it unchanged.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 1 %kharden check --checks=percpu-escape --format=json -o %t/base.json %s -- %kflags
// RUN: FileCheck %s --check-prefix=JSON < %t/base.json
// JSON:      "check": "percpu-escape",
// JSON-NEXT: "column": 2,
// JSON-NEXT: "consequence": "",
// JSON-NEXT: "evidence": "pointer",
// JSON:      "function": "__do_sys_drain",
// JSON-NEXT: "line": 36,
// JSON-NEXT: "message": "per-CPU pointer from 'get_cpu_ptr(&pools)' used after the region that made it this CPU's has ended, where preemption is enabled; the task may have migrated, or another task on this CPU may use the same copy",
// JSON-NEXT: "notes": [
// JSON:        "line": 33,
// JSON-NEXT:   "message": "per-CPU pointer made here by 'get_cpu_ptr(&pools)'"
// JSON:        "line": 35,
// JSON-NEXT:   "message": "preemption enabled here by 'put_cpu_ptr(&pools)'"
// RUN: %expect-exit 1 %kharden check --checks=percpu-escape --format=sarif %s -- %kflags | FileCheck %s --check-prefix=SARIF
// SARIF: "ruleId": "percpu-escape",
// RUN: printf 'suppressions:\n  - check: percpu-escape\n    function: __do_sys_drain\n    reason: the pool count is a hint\n' > %t/suppressions.yaml
// RUN: %expect-exit 0 %kharden check --checks=percpu-escape --suppressions %t/suppressions.yaml %s -- %kflags 2>&1 | FileCheck %s --check-prefix=SUPPRESSED %strict
// SUPPRESSED: kharden: 0 findings; 1 suppressed ({{.*}}suppressions.yaml)
// RUN: %expect-exit 0 %kharden check --checks=percpu-escape --baseline %t/base.json %s -- %kflags 2>&1 | FileCheck %s --check-prefix=BASELINE %strict
// BASELINE: kharden: 0 new findings; 1 in the baseline
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct pool { int free; };
DEFINE_PER_CPU(struct pool, pools);

SYSCALL_DEFINE0(drain)
{
	struct pool *p = get_cpu_ptr(&pools);

	put_cpu_ptr(&pools);
	p->free = 0;
	return 0;
}
