#include "checkers/percpu-preemptible/PercpuPreemptibleCheck.h"

namespace kharden {

std::unique_ptr<Check> createPercpuPreemptibleCheck() {
  return std::make_unique<PercpuPreemptibleCheck>();
}

static std::string operationText(const Operation &Op) {
  return Op.Name + "(" + Op.Variable + ")";
}

static std::string message(const Operation &Op, const AbsState &S) {
  std::string T = "'" + operationText(Op) + "'";
  switch (Op.Access) {
  case PercpuAccess::Read:
    return "per-CPU read " + T + " where preemption is enabled; the task may "
           "migrate and read another CPU's copy";
  case PercpuAccess::Write:
    return "per-CPU write " + T + " where preemption is enabled; the task may "
           "migrate and write another CPU's copy";
  case PercpuAccess::ReadModifyWrite:
    if (S.MigrateDisabled)
      return "per-CPU read-modify-write " + T + " where preemption is "
             "enabled; the task is pinned to this CPU (migrate_disable(), a "
             "bound kworker), but a preempting task may interleave with it";
    return "per-CPU read-modify-write " + T + " where preemption is enabled; "
           "a preempting task may interleave with it, or the task may migrate";
  case PercpuAccess::Address:
    return "per-CPU pointer " + T + " used where preemption is enabled; after "
           "a migration it points to another CPU's copy";
  case PercpuAccess::CpuId:
    return "'" + Op.Name + "()' where preemption is enabled; the task "
           "may migrate right after reading the CPU number";
  case PercpuAccess::Safe:
    break;
  }
  llvm_unreachable("safe operations are not recorded");
}

void PercpuPreemptibleCheck::run(const Program &P,
                                 std::vector<Finding> &Out) const {
  for (const FunctionSummary &F : P.functions())
    for (const Operation &Op : F.Ops) {
      if (!reportsOn(F))
        break;
      // Where the operation is wrong is the kernel model's to say
      // (kernel.yaml check-rules): preemptible, unless pinned for all but
      // a read-modify-write.
      std::vector<const CheckRule *> Rules = rulesFor(P.model(), Op);
      if (Rules.empty())
        continue;
      auto Reportable = [&](const AbsState &S) {
        return llvm::any_of(Rules, [&](const CheckRule *R) {
          return wrongIn(*R, S, Op.Access).has_value();
        });
      };
      std::optional<Explanation> Why = P.findContext(F, Op.States, Reportable);
      if (!Why)
        continue;
      Finding Fd;
      Fd.Check = std::string(name());
      Fd.Where = Op.Where;
      Fd.Function = F.Name;
      Fd.Message = message(Op, Why->State);
      Fd.Variable = Op.Variable;
      Fd.Evidence = std::string(accessName(Op.Access));
      Fd.Notes = Op.MacroNotes;
      Fd.Notes.insert(Fd.Notes.end(), Why->Notes.begin(), Why->Notes.end());
      Out.push_back(std::move(Fd));
    }
}

} // namespace kharden
