#include "checkers/percpu-preemptible/PercpuPreemptibleCheck.h"

#include "checkers/percpu-preemptible/Consequence.h"

namespace kharden {

std::unique_ptr<Check> createPercpuPreemptibleCheck() {
  return std::make_unique<PercpuPreemptibleCheck>();
}

/// The kernel's own rule for the operations CONFIG_DEBUG_PREEMPT checks
/// (check_preemption_disabled() in lib/smp_processor_id.c, the same in 6.1
/// and 6.12): a task pinned to its CPU (migration disabled, a per-CPU
/// thread) may use __this_cpu_*(), although another task on the same CPU
/// can interleave with its read-modify-write. raw_cpu_*() is never checked.
static bool checkedByKernel(const Operation &Op) {
  return llvm::StringRef(Op.Name).starts_with("__this_cpu_");
}

/// Whether the kernel's rule (PinnedRmw) accepts Op, a read-modify-write
/// the kernel model's rule reports where the task is pinned to its CPU.
bool PercpuPreemptibleCheck::kernelRuleAccepts(const Operation &Op) const {
  return PinnedRmw == PinnedRmwRule::KernelRule && checkedByKernel(Op);
}

llvm::Error PercpuPreemptibleCheck::setOption(llvm::StringRef Key,
                                              llvm::StringRef Value) {
  if (Key != "PinnedRmw")
    return Check::setOption(Key, Value);
  if (Value == "kernel-rule")
    PinnedRmw = PinnedRmwRule::KernelRule;
  else if (Value == "report")
    PinnedRmw = PinnedRmwRule::Report;
  else
    return badOptionValue(Key, "kernel-rule or report", Value);
  return llvm::Error::success();
}

std::vector<std::pair<std::string, std::string>>
PercpuPreemptibleCheck::options() const {
  return {{"PinnedRmw",
           PinnedRmw == PinnedRmwRule::KernelRule ? "kernel-rule" : "report"}};
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

// Reportable() reads the migration whatever the rules say.
unsigned
PercpuPreemptibleCheck::contextPartsRead(const KernelModel &M,
                                         const FunctionSummary &F) const {
  if (!reportsOn(F) || !watchesAnOperationOf(M, F))
    return 0;
  return partsTheRulesRead(M) | AbsState::part(AbsState::Migrate);
}

void PercpuPreemptibleCheck::run(const Program &P,
                                 std::vector<Finding> &Out) const {
  PickedObjects Picks(P);
  ConsequenceIndex Consequences(P.functions(), &Picks, &P.model());
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
        return !(S.MigrateDisabled && kernelRuleAccepts(Op)) &&
               wrongIn(Rules, S, Op.Access).has_value();
      };
      std::optional<Explanation> Why = P.findContext(F, Op.States, Reportable);
      if (!Why)
        continue;
      Finding Fd = findingAt(F, Op, *Why, message(Op, Why->State),
                             std::string(accessName(Op.Access)));
      Fd.Variable = Op.Variable;
      ConsequenceDecision C = Consequences.decide(F, Op);
      Fd.Consequence = consequenceName(C.Class).str();
      Fd.Level = severityOf(C.Class);
      Fd.Notes.insert(Fd.Notes.end(), C.Evidence.begin(), C.Evidence.end());
      Out.push_back(std::move(Fd));
    }
}

} // namespace kharden
