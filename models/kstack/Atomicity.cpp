//===- models/kstack/Atomicity.cpp - the CPUs-and-tasks transition system -===//
//
// State: the task each CPU runs, each task's phase, the CPU where a task's
// pending refill read its slot, and per slot (one per CPU, or one per task)
// whether its value is unconsumed and the value's id. One transition is one
// event on one CPU:
//   syscall-entry  User -> SysBody (consume here when the consume runs with
//                  preemption off) or SysEntered (consume later, preemptible)
//   consume        SysEntered -> SysBody
//   syscall-exit   SysBody -> return path (refill here for syscall-exit and
//                  every-return-to-user sites)
//   irq-return     IrqKernel -> User (refill on every-return-to-user sites)
//   refill-write   RefillPending -> next phase (a preemptible refill reads
//                  at one event and writes at this one)
//   return-to-user ExitPath -> User
//   interrupt      User -> IrqKernel
//   switch         a CPU whose task is at a preemptible point runs another
//                  task that is on no CPU: preemption, and with a later
//                  switch elsewhere, migration.
// Tasks leave a CPU only from kernel phases, as in the kernel (a task in user
// mode is preempted through an interrupt).
//
//===----------------------------------------------------------------------===//
#include "models/kstack/Atomicity.h"
#include "models/solver/ProofRun.h"
#include "models/solver/TransitionSystem.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <functional>

using namespace llvm;

namespace kharden::kstack {

using smt::ProofRun;

StringRef propertyName(AtomicityProperty P) {
  return P == AtomicityProperty::Freshness ? "atomicity.freshness"
                                           : "atomicity.same-cpu-rmw";
}

namespace {

enum Phase : unsigned {
  User,
  SysEntered,
  SysBody,
  IrqKernel,
  RefillPending,
  ExitPath,
  NumPhases
};
const char *PhaseNames[] = {
    "user mode",          "syscall (offset not yet used)",
    "syscall body",       "interrupt from user mode",
    "refill (read done)", "exit path"};

enum EventKind : unsigned {
  EvEntry,
  EvConsume,
  EvSysExit,
  EvIrqReturn,
  EvWrite,
  EvReturn,
  EvInterrupt,
  EvSwitch,
  NumEvents
};
const char *EventNames[] = {"syscall-entry", "consume",      "syscall-exit",
                            "irq-return",    "refill-write", "return-to-user",
                            "interrupt",     "switch"};

constexpr unsigned PhaseWidth = 3, IdWidth = 2, ValueWidth = 8, EventWidth = 4,
                   SlotWidth = 4;

/// The positions of the state variables in one flat vector.
struct Layout {
  unsigned Cpus, Tasks, Slots;
  unsigned cur(unsigned C) const { return C; }
  unsigned phase(unsigned T) const { return Cpus + T; }
  unsigned readCpu(unsigned T) const { return Cpus + Tasks + T; }
  unsigned fresh(unsigned S) const { return Cpus + 2 * Tasks + S; }
  unsigned value(unsigned S) const { return Cpus + 2 * Tasks + Slots + S; }
  unsigned nextValue() const { return Cpus + 2 * Tasks + 2 * Slots; }
  unsigned bad() const { return nextValue() + 1; }
  unsigned size() const { return bad() + 1; }
};

using State = smt::Vars;

/// The event taken between two states, and the slots it touched (for the
/// printed schedule): the fields of a step's label.
struct Event {
  z3::expr Kind, Cpu, Task, Consumed, Read, Written;
  explicit Event(const smt::Vars &L)
      : Kind(L[0]), Cpu(L[1]), Task(L[2]), Consumed(L[3]), Read(L[4]),
        Written(L[5]) {}
};

class SystemModel : public smt::TransitionSystem {
public:
  SystemModel(const StackOffsetScheme &S, AtomicityProperty P,
              const AtomicityOptions &O, z3::context &C)
      : Scheme(S), Prop(P),
        C(C), L{O.Cpus, O.Tasks,
                S.Where == Storage::PerTask ? O.Tasks : O.Cpus} {}

  const Layout &layout() const { return L; }

  State state(const std::string &Prefix) const override {
    State S;
    for (unsigned I = 0; I < L.size(); ++I) {
      std::string N = Prefix + varName(I);
      S.push_back(isBool(I) ? C.bool_const(N.c_str())
                            : C.bv_const(N.c_str(), widthOf(I)));
    }
    return S;
  }
  smt::Vars label(const std::string &Prefix) const override {
    auto V = [&](const char *N, unsigned W) {
      return C.bv_const((Prefix + N).c_str(), W);
    };
    return {V("event", EventWidth), V("cpu", IdWidth),
            V("task", IdWidth),     V("consumed", SlotWidth),
            V("read", SlotWidth),   V("written", SlotWidth)};
  }

  z3::expr initial(const State &S) const override;
  z3::expr transition(const State &S, const Event &E, const State &N) const;
  z3::expr step(const State &S, const smt::Vars &L,
                const State &N) const override {
    return transition(S, Event(L), N);
  }
  z3::expr violated(const State &S) const { return S[L.bad()]; }
  z3::expr bad(const State &S) const override { return violated(S); }

  bool consumeAtomic() const {
    return Scheme.Consume.Ctx != Context::Preemptible;
  }
  bool refillAtomic() const {
    return Scheme.Refill.Ctx != Context::Preemptible;
  }
  bool perCpuSlot() const { return Scheme.Where != Storage::PerTask; }
  unsigned slotOf(unsigned Cpu, unsigned Task) const {
    return perCpuSlot() ? Cpu : Task;
  }
  std::string slotName(unsigned Slot) const {
    return (perCpuSlot() ? "cpu" : "task") + std::to_string(Slot);
  }
  z3::expr bv(unsigned V, unsigned W) const { return C.bv_val(V, W); }
  z3::context &ctx() const { return C; }

private:
  bool isBool(unsigned I) const {
    return (I >= L.fresh(0) && I < L.value(0)) || I == L.bad();
  }
  unsigned widthOf(unsigned I) const {
    if (I < L.phase(0) || (I >= L.readCpu(0) && I < L.fresh(0)))
      return IdWidth;
    if (I < L.readCpu(0))
      return PhaseWidth;
    return ValueWidth;
  }
  std::string varName(unsigned I) const {
    if (I < L.phase(0))
      return "cur" + std::to_string(I);
    if (I < L.readCpu(0))
      return "phase" + std::to_string(I - L.phase(0));
    if (I < L.fresh(0))
      return "readcpu" + std::to_string(I - L.readCpu(0));
    if (I < L.value(0))
      return "fresh" + std::to_string(I - L.fresh(0));
    if (I < L.nextValue())
      return "value" + std::to_string(I - L.value(0));
    return I == L.nextValue() ? "nextvalue" : "bad";
  }

  /// One (event, cpu, acting task) case: its guard, next state and the
  /// slots it touched.
  struct Case {
    z3::expr Guard;
    State Next;
    unsigned Consumed, Read, Written;
  };
  Case start(const State &S) const {
    unsigned None = (1u << SlotWidth) - 1;
    return {C.bool_val(true), S, None, None, None};
  }
  void consume(Case &K, const State &S, unsigned Slot) const {
    if (Prop == AtomicityProperty::Freshness)
      K.Next[L.bad()] = K.Next[L.bad()] || !S[L.fresh(Slot)];
    K.Next[L.fresh(Slot)] = C.bool_val(false);
    K.Consumed = Slot;
  }
  void write(Case &K, const State &S, unsigned Slot, unsigned Cpu,
             const z3::expr &ReadCpu) const {
    if (Prop == AtomicityProperty::SameCpuRmw && perCpuSlot())
      K.Next[L.bad()] = K.Next[L.bad()] || ReadCpu != bv(Cpu, IdWidth);
    K.Next[L.value(Slot)] = S[L.nextValue()];
    K.Next[L.fresh(Slot)] = C.bool_val(true);
    K.Next[L.nextValue()] = S[L.nextValue()] + 1;
    K.Written = Slot;
  }
  /// The refill at Cpu by Task: atomic, or the read now and the write at a
  /// later refill-write, leaving the task in RefillPending.
  void refill(Case &K, const State &S, unsigned Cpu, unsigned Task,
              Phase After) const {
    unsigned Slot = slotOf(Cpu, Task);
    K.Read = Slot;
    if (refillAtomic()) {
      write(K, S, Slot, Cpu, bv(Cpu, IdWidth));
      K.Next[L.phase(Task)] = bv(After, PhaseWidth);
      return;
    }
    K.Next[L.readCpu(Task)] = bv(Cpu, IdWidth);
    K.Next[L.phase(Task)] = bv(RefillPending, PhaseWidth);
  }
  /// Where a pending refill goes once written.
  Phase afterPendingWrite() const {
    return Scheme.Refill.Site == RefillSite::FusedWithConsume ? SysBody
                                                              : ExitPath;
  }
  std::vector<Case> cases(const State &S, unsigned Cpu, unsigned Task) const;
  bool preemptible(unsigned P) const { return P != User; }

  const StackOffsetScheme &Scheme;
  AtomicityProperty Prop;
  z3::context &C;
  Layout L;
};

z3::expr SystemModel::initial(const State &S) const {
  z3::expr Init = !S[L.bad()] && S[L.nextValue()] == bv(L.Slots, ValueWidth);
  for (unsigned Cpu = 0; Cpu < L.Cpus; ++Cpu)
    Init = Init && S[L.cur(Cpu)] == bv(Cpu, IdWidth);
  for (unsigned T = 0; T < L.Tasks; ++T)
    Init = Init &&
           S[L.phase(T)] == bv(T < L.Cpus ? User : IrqKernel, PhaseWidth) &&
           S[L.readCpu(T)] == bv(0, IdWidth);
  for (unsigned Slot = 0; Slot < L.Slots; ++Slot)
    Init = Init && S[L.fresh(Slot)] && S[L.value(Slot)] == bv(Slot, ValueWidth);
  return Init;
}

std::vector<SystemModel::Case> SystemModel::cases(const State &S, unsigned Cpu,
                                                  unsigned Task) const {
  std::vector<Case> Out(NumEvents, start(S));
  auto InPhase = [&](Phase P) { return S[L.phase(Task)] == bv(P, PhaseWidth); };
  auto Goto = [&](Case &K, Phase P) {
    K.Next[L.phase(Task)] = bv(P, PhaseWidth);
  };
  bool Fused = Scheme.Refill.Site == RefillSite::FusedWithConsume;
  bool EveryReturn = Scheme.Refill.Site == RefillSite::EveryReturnToUser;
  unsigned Slot = slotOf(Cpu, Task);

  // The consume, and with a fused site the refill right after it.
  auto ConsumeHere = [&](Case &K) {
    consume(K, S, Slot);
    Goto(K, SysBody);
    if (Fused)
      refill(K, S, Cpu, Task, SysBody);
  };
  Case &Entry = Out[EvEntry];
  Entry.Guard = InPhase(User);
  if (consumeAtomic())
    ConsumeHere(Entry);
  else
    Goto(Entry, SysEntered);

  Case &Consume = Out[EvConsume];
  Consume.Guard = consumeAtomic() ? C.bool_val(false) : InPhase(SysEntered);
  ConsumeHere(Consume);

  Case &SysExit = Out[EvSysExit];
  SysExit.Guard = InPhase(SysBody);
  if (Fused)
    Goto(SysExit, ExitPath);
  else
    refill(SysExit, S, Cpu, Task,
           EveryReturn && refillAtomic() ? User : ExitPath);

  Case &IrqReturn = Out[EvIrqReturn];
  IrqReturn.Guard = InPhase(IrqKernel);
  if (EveryReturn)
    refill(IrqReturn, S, Cpu, Task, refillAtomic() ? User : ExitPath);
  else
    Goto(IrqReturn, User);

  Case &Write = Out[EvWrite];
  Write.Guard = refillAtomic() ? C.bool_val(false) : InPhase(RefillPending);
  Write.Read = (1u << SlotWidth) - 1;
  write(Write, S, Slot, Cpu, S[L.readCpu(Task)]);
  Goto(Write, afterPendingWrite());

  Case &Return = Out[EvReturn];
  Return.Guard = InPhase(ExitPath);
  Goto(Return, User);

  Case &Interrupt = Out[EvInterrupt];
  Interrupt.Guard = InPhase(User);
  Goto(Interrupt, IrqKernel);

  Out.pop_back(); // switch is built per target in transition()
  return Out;
}

z3::expr SystemModel::transition(const State &S, const Event &E,
                                 const State &N) const {
  z3::expr Any = C.bool_val(false);
  auto Take = [&](const Case &K, unsigned Kind, unsigned Cpu, unsigned Task) {
    z3::expr Step = K.Guard && E.Kind == bv(Kind, EventWidth) &&
                    E.Cpu == bv(Cpu, IdWidth) && E.Task == bv(Task, IdWidth) &&
                    E.Consumed == bv(K.Consumed, SlotWidth) &&
                    E.Read == bv(K.Read, SlotWidth) &&
                    E.Written == bv(K.Written, SlotWidth);
    for (unsigned I = 0; I < L.size(); ++I)
      Step = Step && N[I] == K.Next[I];
    Any = Any || Step;
  };
  for (unsigned Cpu = 0; Cpu < L.Cpus; ++Cpu)
    for (unsigned Task = 0; Task < L.Tasks; ++Task) {
      z3::expr Runs = S[L.cur(Cpu)] == bv(Task, IdWidth);
      std::vector<Case> Cs = cases(S, Cpu, Task);
      for (unsigned Kind = 0; Kind < Cs.size(); ++Kind) {
        Cs[Kind].Guard = Cs[Kind].Guard && Runs;
        Take(Cs[Kind], Kind, Cpu, Task);
      }
      // switch: Cpu's task (at a preemptible point) makes way for Task.
      Case Switch = start(S);
      z3::expr Preemptible = C.bool_val(false);
      for (unsigned P = 0; P < NumPhases; ++P)
        if (preemptible(P))
          for (unsigned Old = 0; Old < L.Tasks; ++Old)
            Preemptible = Preemptible || (S[L.cur(Cpu)] == bv(Old, IdWidth) &&
                                          S[L.phase(Old)] == bv(P, PhaseWidth));
      z3::expr Idle = C.bool_val(true);
      for (unsigned Other = 0; Other < L.Cpus; ++Other)
        Idle = Idle && S[L.cur(Other)] != bv(Task, IdWidth);
      Switch.Guard = Preemptible && Idle;
      Switch.Next[L.cur(Cpu)] = bv(Task, IdWidth);
      Take(Switch, EvSwitch, Cpu, Task);
    }
  return Any;
}

const char *const NotViolated = "the property has not been violated";

/// A candidate invariant lemma: a formula over one state and its meaning.
struct Lemma {
  std::function<z3::expr(const State &)> Holds;
  std::string Text;
};

std::vector<Lemma> candidateLemmas(const SystemModel &M) {
  const Layout &L = M.layout();
  std::vector<Lemma> Out;
  auto Bv = [&](unsigned V, unsigned W) { return M.bv(V, W); };
  Out.push_back({[&L](const State &S) { return !S[L.bad()]; }, NotViolated});
  for (unsigned A = 0; A < L.Cpus; ++A)
    for (unsigned B = A + 1; B < L.Cpus; ++B)
      Out.push_back(
          {[=, &L](const State &S) { return S[L.cur(A)] != S[L.cur(B)]; },
           "cpu" + std::to_string(A) + " and cpu" + std::to_string(B) +
               " run different tasks"});
  for (unsigned Cpu = 0; Cpu < L.Cpus; ++Cpu)
    Out.push_back({[=, &L](const State &S) {
                     return z3::ult(S[L.cur(Cpu)], Bv(L.Tasks, IdWidth));
                   },
                   "cpu" + std::to_string(Cpu) + " runs a task of the model"});
  for (unsigned T = 0; T < L.Tasks; ++T) {
    std::string Tn = "task" + std::to_string(T);
    for (unsigned P = 0; P < NumPhases; ++P)
      Out.push_back({[=, &L](const State &S) {
                       return S[L.phase(T)] != Bv(P, PhaseWidth);
                     },
                     Tn + " is never in phase '" + PhaseNames[P] + "'"});
    Out.push_back({[=, &L](const State &S) {
                     z3::expr OnCpu = M.ctx().bool_val(false);
                     for (unsigned Cpu = 0; Cpu < L.Cpus; ++Cpu)
                       OnCpu = OnCpu || S[L.cur(Cpu)] == Bv(T, IdWidth);
                     return OnCpu || S[L.phase(T)] != Bv(User, PhaseWidth);
                   },
                   Tn + " is in user mode only while it runs on a CPU"});
    Out.push_back({[=, &L](const State &S) {
                     z3::expr Here = M.ctx().bool_val(false);
                     for (unsigned Cpu = 0; Cpu < L.Cpus; ++Cpu)
                       Here = Here || (S[L.cur(Cpu)] == Bv(T, IdWidth) &&
                                       S[L.readCpu(T)] == Bv(Cpu, IdWidth));
                     return S[L.phase(T)] != Bv(RefillPending, PhaseWidth) ||
                            Here;
                   },
                   Tn + " writes a pending refill on the CPU that read it"});
    for (unsigned P = 0; P < NumPhases; ++P) {
      if (M.perCpuSlot()) {
        for (unsigned Cpu = 0; Cpu < L.Cpus; ++Cpu)
          Out.push_back({[=, &L](const State &S) {
                           return !(S[L.cur(Cpu)] == Bv(T, IdWidth) &&
                                    S[L.phase(T)] == Bv(P, PhaseWidth)) ||
                                  S[L.fresh(Cpu)];
                         },
                         "while " + Tn + " runs on cpu" + std::to_string(Cpu) +
                             " in phase '" + PhaseNames[P] + "', cpu" +
                             std::to_string(Cpu) + "'s offset is unconsumed"});
      } else {
        Out.push_back({[=, &L](const State &S) {
                         return S[L.phase(T)] != Bv(P, PhaseWidth) ||
                                S[L.fresh(T)];
                       },
                       "while " + Tn + " is in phase '" + PhaseNames[P] +
                           "', its own offset is unconsumed"});
      }
    }
  }
  return Out;
}

z3::expr conjunction(z3::context &C, const std::vector<Lemma> &Ls,
                     const State &S) {
  z3::expr All = C.bool_val(true);
  for (const Lemma &L : Ls)
    All = All && L.Holds(S);
  return All;
}

/// Houdini: the largest inductive subset of the candidates. True when the
/// survivors include "not violated" and pass the final checks.
bool proveByInvariant(ProofRun &Run, const SystemModel &M, PropertyResult &R) {
  z3::context &C = Run.ctx();
  std::vector<Lemma> Ls = candidateLemmas(M);
  State S0 = M.state("init_");
  unsigned Round = 0;
  // Drop the candidates the initial state violates.
  while (true) {
    auto O = Run.search("houdini-" + std::to_string(++Round),
                        {M.initial(S0), !conjunction(C, Ls, S0)},
                        ProofRun::Role::Guidance);
    if (!O)
      return false;
    if (O->provedImpossible())
      break;
    std::vector<Lemma> Kept;
    for (const Lemma &L : Ls)
      if (O->witness()->truth(L.Holds(S0)))
        Kept.push_back(L);
    Ls = Kept;
  }
  State S = M.state("s_"), N = M.state("n_");
  Event E(M.label("e_"));
  while (true) {
    auto O = Run.search(
        "houdini-" + std::to_string(++Round),
        {conjunction(C, Ls, S), M.transition(S, E, N), !conjunction(C, Ls, N)},
        ProofRun::Role::Guidance);
    if (!O)
      return false;
    if (O->provedImpossible())
      break;
    std::vector<Lemma> Kept;
    for (const Lemma &L : Ls)
      if (O->witness()->truth(L.Holds(N)))
        Kept.push_back(L);
    Ls = Kept;
    // Without "not violated" the survivors cannot prove the property.
    if (Ls.empty() || Ls.front().Text != NotViolated)
      return false;
  }
  if (Ls.empty() || Ls.front().Text != NotViolated)
    return false;
  // The certificate, as three queries another solver can replay.
  std::string Count = std::to_string(Ls.size());
  if (!Run.prove("invariant.initiation", conjunction(C, Ls, S0),
                 {M.initial(S0)},
                 "the " + Count + " invariant lemmas hold initially") ||
      !Run.prove("invariant.consecution", conjunction(C, Ls, N),
                 {conjunction(C, Ls, S), M.transition(S, E, N)},
                 "every transition preserves them") ||
      !Run.prove("invariant.safety", !M.violated(S), {conjunction(C, Ls, S)},
                 "they imply the property"))
    return false;
  R.Method = "inductive invariant of " + Count +
             " lemmas (Houdini), checked by Z3: proved for executions of "
             "every length";
  for (const Lemma &L : Ls)
    if (L.Text.find("unconsumed") != std::string::npos ||
        L.Text.find("pending refill") != std::string::npos)
      R.Steps.push_back("invariant: " + L.Text);
  return true;
}

ScheduleStep stepOf(const SystemModel &M, const smt::Assignment &W,
                    const State &S, const Event &E) {
  const Layout &L = M.layout();
  ScheduleStep Step;
  unsigned Kind = W.bits(E.Kind);
  Step.Cpu = W.bits(E.Cpu);
  Step.Task = W.bits(E.Task);
  Step.Event = Kind < NumEvents ? EventNames[Kind] : "?";
  std::string Who = "task" + std::to_string(Step.Task);
  std::string Where = "cpu" + std::to_string(Step.Cpu);
  unsigned None = (1u << SlotWidth) - 1;
  unsigned Consumed = W.bits(E.Consumed), Read = W.bits(E.Read),
           Written = W.bits(E.Written);
  std::vector<std::string> Parts;
  switch (Kind) {
  case EvEntry:
    Parts.push_back(Who + " enters a syscall on " + Where);
    break;
  case EvSysExit:
    Parts.push_back(Who + " leaves its syscall on " + Where);
    break;
  case EvIrqReturn:
    Parts.push_back(Who + " returns from an interrupt to user mode on " +
                    Where);
    break;
  case EvReturn:
    Parts.push_back(Who + " returns to user mode on " + Where);
    break;
  case EvInterrupt:
    Parts.push_back("an interrupt takes " + Who + " from user mode on " +
                    Where);
    break;
  case EvSwitch: {
    unsigned Old = W.bits(S[L.cur(Step.Cpu)]);
    Parts.push_back("task" + std::to_string(Old) + " is preempted on " + Where +
                    ", which now runs " + Who);
    break;
  }
  default:
    break;
  }
  if (Consumed != None) {
    Step.Slot = M.slotName(Consumed);
    Step.SlotValue = W.bits(S[L.value(Consumed)]);
    bool Stale = !W.truth(S[L.fresh(Consumed)]);
    Parts.push_back(Who + " uses " + Step.Slot + "'s offset, value " +
                    std::to_string(*Step.SlotValue) +
                    (Stale ? ", which was already used" : ""));
  }
  if (Read != None) {
    Step.Slot = M.slotName(Read);
    Step.SlotValue = W.bits(S[L.value(Read)]);
    Parts.push_back(Who + " reads " + Step.Slot + "'s value " +
                    std::to_string(*Step.SlotValue) + " to refill it");
  }
  if (Written != None) {
    Step.Slot = M.slotName(Written);
    Step.SlotValue = W.bits(S[L.nextValue()]);
    std::string Text = Who + " writes value " +
                       std::to_string(*Step.SlotValue) + " into " + Step.Slot;
    if (Kind == EvWrite && M.perCpuSlot()) {
      unsigned ReadCpu = W.bits(S[L.readCpu(Step.Task)]);
      if (ReadCpu != Step.Cpu)
        Text += " after reading cpu" + std::to_string(ReadCpu) + "'s slot";
    }
    Parts.push_back(Text);
  }
  for (const std::string &P : Parts)
    Step.Note += (Step.Note.empty() ? "" : "; ") + P;
  return Step;
}

void describe(PropertyResult &R, const StackOffsetScheme &S,
              const AtomicityOptions &O) {
  R.Assumptions.push_back(
      std::to_string(O.Cpus) + " CPUs and " + std::to_string(O.Tasks) +
      " tasks; initially each CPU runs a task in user mode, the other tasks "
      "were preempted by an interrupt from user mode, and every slot holds an "
      "unused offset.");
  R.Assumptions.push_back(
      "A task in the kernel may be preempted, and later run on any CPU, at "
      "every point the scheme leaves preemptible; a task in user mode is "
      "preempted only through an interrupt.");
  R.Assumptions.push_back(std::string("Offset storage: ") +
                          spelling(S.Where).str() +
                          "; consume: " + spelling(S.Consume.Ctx).str() +
                          "; refill: " + spelling(S.Refill.Site).str() + ", " +
                          spelling(S.Refill.Ctx).str() + ".");
}

} // namespace

/// How deep the first counterexample search goes before the invariant is
/// tried.
constexpr unsigned ShallowDepth = 0;

PropertyResult checkAtomicity(const StackOffsetScheme &S, AtomicityProperty P,
                              const AtomicityOptions &O) {
  PropertyResult R;
  R.Scheme = S.Name;
  R.Property = propertyName(P).str();
  ProofRun Run(R, O.Solver);
  if (O.Cpus < 1 || O.Cpus > 4 || O.Tasks <= O.Cpus || O.Tasks > 4) {
    Run.fail(smt::Status::Error, "the model takes 1 to 4 CPUs and more tasks "
                                 "than CPUs, at most 4");
    Run.finish();
    return R;
  }
  describe(R, S, O);
  try {
    SystemModel M(S, P, O, Run.ctx());
    // Short counterexamples first (cheap, and they spare Houdini the many
    // rounds it needs to give up), then the invariant, then longer runs.
    smt::ShortestViolation Search(M);
    std::optional<smt::Path> Path =
        Search.deepen(Run, std::min(O.MaxDepth, ShallowDepth));
    if (!Path && Run.ok() && proveByInvariant(Run, M, R)) {
      R.Summary = P == AtomicityProperty::Freshness
                      ? "no offset is ever used twice"
                      : "every refill reads and writes the same CPU's slot";
      Run.finish(smt::Status::Proved);
      return R;
    }
    if (!Path && Run.ok())
      Path = Search.deepen(Run, O.MaxDepth);
    if (Path) {
      for (size_t I = 0; I < Path->Labels.size(); ++I)
        R.Schedule.push_back(
            stepOf(M, Path->Witness, Path->States[I], Event(Path->Labels[I])));
      R.Bound = R.Schedule.size();
      R.Method = "bounded model checking, iterative deepening: shortest "
                 "counterexample";
      R.Summary = (P == AtomicityProperty::Freshness
                       ? "an offset is used twice"
                       : "a refill reads one CPU's slot and writes another's") +
                  std::string(" after ") + std::to_string(R.Schedule.size()) +
                  " steps";
      Run.finish(smt::Status::Refuted);
      return R;
    }
    if (Run.ok())
      Run.fail(smt::Status::Unknown,
               "no counterexample up to " + Twine(O.MaxDepth) +
                   " steps and no inductive invariant among the candidates");
  } catch (const z3::exception &E) {
    Run.fail(smt::Status::Error, std::string("Z3: ") + E.msg());
  }
  Run.finish();
  return R;
}

} // namespace kharden::kstack
