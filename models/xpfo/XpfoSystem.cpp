//===- models/xpfo/XpfoSystem.cpp - the XPFO transition system ------------===//
//
// Events, on CPU c (the page's task runs on one CPU, `on`):
//   access      the kernel on c reads the page through the physmap: a TLB
//               hit, or a page walk that finds the PTE (only in c's view, for
//               per-CPU views) and fills c's TLB. It may happen at any time,
//               on an idle CPU too (interrupts run there): this is what an
//               attacker's ret2dir read, or a speculative walk, does.
//   alloc       the page goes to user space on its task's CPU: PTE cleared,
//               then the policy's flush; it returns the page at once or
//               waits (Allocating) for the flush.
//   unmap-other another page joins the batch; the one that fills it flushes
//               the batch everywhere.
//   ipi         c takes a pending flush IPI: its TLB forgets the page.
//   hand-out    a waiting allocation returns, every IPI taken.
//   kmap        the kernel maps the user page again (PTE present).
//   kunmap      the PTE is cleared again and the kunmap policy flushes;
//               kunmap-done returns once its IPIs are taken.
//   free        the page goes back to the kernel (PTE present).
//   migrate     the page's task moves to c, from a CPU that flushes or not.
//   idle, wake  c idles with a lazy TLB, and stops (doing any flush it
//               skipped).
//
//===----------------------------------------------------------------------===//
#include "models/xpfo/XpfoSystem.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace kharden::xpfo {

StringRef propertyName(XpfoProperty P) {
  return P == XpfoProperty::Exclusive ? "xpfo.exclusive" : "xpfo.kmap-window";
}

static const char *const EventNames[] = {
    "access", "alloc",       "unmap-other", "ipi",     "hand-out", "kmap",
    "kunmap", "kunmap-done", "free",        "migrate", "idle",     "wake"};
static const char *const PhaseNames[] = {"kernel",  "allocating", "user",
                                         "kmapped", "kunmapping", "kunmapped"};

StringRef eventName(Event E) { return E < NumEvents ? EventNames[E] : "?"; }

namespace {
constexpr unsigned KindWidth = 4, CpuWidth = 2, CountWidth = 3;
/// The label's fields.
enum LabelField : unsigned { Kind, OnCpu, Flushes, Ipis, NumFields };
} // namespace

/// One (event, CPU) case of the step relation: its guard, the next state,
/// and what it flushed.
struct XpfoSystem::Case {
  Event What;
  unsigned Cpu;
  z3::expr Guard;
  smt::Vars Next;
  unsigned LocalFlushes;
  z3::expr Ipis;
};

XpfoSystem::XpfoSystem(const XpfoScheme &S, XpfoProperty P, unsigned Cpus,
                       z3::context &C)
    : Scheme(S), Prop(P), Cpus(Cpus),
      Batch(S.Allocation.Flushed == Flush::All && S.Allocation.Batch > 1 ? 2
                                                                         : 1),
      Bad(batchHalf() + 1), C(C) {}

std::string XpfoSystem::varName(unsigned I) const {
  auto PerCpu = [&](const char *What, unsigned First) {
    return std::string(What) + "-cpu" + std::to_string(I - First);
  };
  if (I < NumPhases)
    return std::string("page-") + PhaseNames[I];
  if (I < mapper(0))
    return PerCpu("task-on", on(0));
  if (I < tlb(0))
    return PerCpu("mapper", mapper(0));
  if (I < ipi(0))
    return PerCpu("tlb", tlb(0));
  if (I < lazy(0))
    return PerCpu("ipi", ipi(0));
  if (I < deferred(0))
    return PerCpu("lazy", lazy(0));
  if (I < queued())
    return PerCpu("deferred", deferred(0));
  if (I == queued())
    return "queued";
  if (I == batchHalf())
    return "batch-half-full";
  return "violated";
}

smt::Vars XpfoSystem::state(const std::string &Prefix) const {
  smt::Vars S;
  for (unsigned I = 0; I < size(); ++I)
    S.push_back(C.bool_const((Prefix + varName(I)).c_str()));
  return S;
}

smt::Vars XpfoSystem::label(const std::string &Prefix) const {
  return {C.bv_const((Prefix + "event").c_str(), KindWidth),
          C.bv_const((Prefix + "cpu").c_str(), CpuWidth),
          C.bv_const((Prefix + "local-flushes").c_str(), CountWidth),
          C.bv_const((Prefix + "ipis").c_str(), CountWidth)};
}

z3::expr XpfoSystem::initialIn(const smt::Vars &S, Phase In) const {
  z3::expr Init = C.bool_val(true);
  for (unsigned I = 0; I < size(); ++I) {
    bool Value = I == phase(In) || I == on(0) || I == mapper(0);
    Init = Init && (Value ? S[I] : !S[I]);
  }
  return Init;
}

z3::expr XpfoSystem::initial(const smt::Vars &S) const {
  return initialIn(S, Kernel);
}

z3::expr XpfoSystem::pte(const smt::Vars &S) const {
  return S[phase(Kernel)] || S[phase(Kmapped)];
}

z3::expr XpfoSystem::flushed(const smt::Vars &S) const {
  z3::expr None = !S[queued()];
  for (unsigned D = 0; D < Cpus; ++D)
    None = None && !S[ipi(D)];
  return None;
}

z3::expr XpfoSystem::forbidden(const smt::Vars &S, unsigned Cpu) const {
  if (Prop == XpfoProperty::Exclusive)
    return S[phase(User)];
  return S[phase(Kunmapped)] && !S[mapper(Cpu)];
}

void XpfoSystem::flushLocal(Case &K, unsigned Cpu) const {
  K.Next[tlb(Cpu)] = C.bool_val(false);
  ++K.LocalFlushes;
}

/// A flush everywhere from Cpu: its own TLB now, an IPI to every other CPU
/// (or, for a CPU idling lazily when the policy skips those, a flush when it
/// wakes).
void XpfoSystem::shootdown(Case &K, const smt::Vars &S, unsigned Cpu) const {
  flushLocal(K, Cpu);
  for (unsigned D = 0; D < Cpus; ++D) {
    if (D == Cpu)
      continue;
    if (Scheme.Lazy == LazyCpus::Skip) {
      K.Next[ipi(D)] = S[ipi(D)] || !S[lazy(D)];
      K.Next[deferred(D)] = S[deferred(D)] || S[lazy(D)];
      K.Ipis = K.Ipis + z3::ite(S[lazy(D)], C.bv_val(0, CountWidth),
                                C.bv_val(1, CountWidth));
    } else {
      K.Next[ipi(D)] = C.bool_val(true);
      K.Ipis = K.Ipis + C.bv_val(1, CountWidth);
    }
  }
}

std::vector<XpfoSystem::Case> XpfoSystem::cases(const smt::Vars &S,
                                                unsigned Cpu) const {
  std::vector<Case> Out;
  // References Start returns stay valid: no reallocation.
  Out.reserve(2 * NumEvents);
  auto Start = [&](Event E, const z3::expr &Guard) -> Case & {
    Out.push_back({E, Cpu, Guard, S, 0, C.bv_val(0, CountWidth)});
    return Out.back();
  };
  auto Goto = [&](Case &K, Phase P) {
    for (unsigned I = 0; I < NumPhases; ++I)
      K.Next[phase(I)] = C.bool_val(I == P);
  };
  z3::expr Here = S[on(Cpu)] && !S[lazy(Cpu)];
  z3::expr AllTaken = C.bool_val(true);
  for (unsigned D = 0; D < Cpus; ++D)
    AllTaken = AllTaken && !S[ipi(D)];

  Case &Read = Start(Access, C.bool_val(true));
  z3::expr Visible =
      Scheme.View == Views::Shared ? C.bool_val(true) : S[on(Cpu)];
  z3::expr Walk = pte(S) && Visible;
  Read.Next[tlb(Cpu)] = S[tlb(Cpu)] || Walk;
  Read.Next[Bad] = S[Bad] || ((S[tlb(Cpu)] || Walk) && forbidden(S, Cpu));

  // The allocation: its flush, and whether it waits for it.
  Phase AfterAlloc = Scheme.Allocation.When == HandOut::AfterFlush &&
                             Scheme.Allocation.Flushed == Flush::All
                         ? Allocating
                         : User;
  z3::expr FromKernel = S[phase(Kernel)] && Here;
  switch (Scheme.Allocation.Flushed) {
  case Flush::None:
    Goto(Start(Alloc, FromKernel), User);
    break;
  case Flush::Local: {
    Case &K = Start(Alloc, FromKernel);
    flushLocal(K, Cpu);
    Goto(K, User);
    break;
  }
  case Flush::All:
    if (Batch == 1) {
      Case &K = Start(Alloc, FromKernel);
      shootdown(K, S, Cpu);
      Goto(K, AfterAlloc);
      break;
    }
    {
      // The page fills the batch (and the batch is flushed), or waits in it.
      Case &Fills = Start(Alloc, FromKernel && S[batchHalf()]);
      shootdown(Fills, S, Cpu);
      Fills.Next[batchHalf()] = C.bool_val(false);
      Goto(Fills, AfterAlloc);
      Case &Waits = Start(Alloc, FromKernel && !S[batchHalf()]);
      Waits.Next[batchHalf()] = C.bool_val(true);
      Waits.Next[queued()] = C.bool_val(true);
      Goto(Waits, AfterAlloc);
      // Another page fills the batch, with ours in it or not, or waits.
      z3::expr Awake = !S[lazy(Cpu)];
      Case &FillsOurs =
          Start(UnmapOther, Awake && S[batchHalf()] && S[queued()]);
      shootdown(FillsOurs, S, Cpu);
      FillsOurs.Next[batchHalf()] = C.bool_val(false);
      FillsOurs.Next[queued()] = C.bool_val(false);
      Case &FillsOthers =
          Start(UnmapOther, Awake && S[batchHalf()] && !S[queued()]);
      FillsOthers.Next[batchHalf()] = C.bool_val(false);
      FillsOthers.LocalFlushes = 1;
      FillsOthers.Ipis = C.bv_val(Cpus - 1, CountWidth);
      Start(UnmapOther, Awake && !S[batchHalf()]).Next[batchHalf()] =
          C.bool_val(true);
    }
    break;
  }

  Case &Take = Start(Deliver, S[ipi(Cpu)]);
  Take.Next[tlb(Cpu)] = C.bool_val(false);
  Take.Next[ipi(Cpu)] = C.bool_val(false);

  Goto(Start(Return,
             S[phase(Allocating)] && S[on(Cpu)] && !S[queued()] && AllTaken),
       User);

  z3::expr UserOwned = S[phase(User)] || S[phase(Kunmapped)];
  Goto(Start(Kmap, UserOwned && Here), Kmapped);

  Case &Unmap = Start(Kunmap, S[phase(Kmapped)] && Here);
  for (unsigned D = 0; D < Cpus; ++D)
    Unmap.Next[mapper(D)] = C.bool_val(D == Cpu);
  switch (Scheme.Kunmap) {
  case Flush::None:
    Goto(Unmap, Kunmapped);
    break;
  case Flush::Local:
    flushLocal(Unmap, Cpu);
    Goto(Unmap, Kunmapped);
    break;
  case Flush::All:
    shootdown(Unmap, S, Cpu);
    Goto(Unmap, Kunmapping);
    break;
  }
  Goto(Start(KunmapDone, S[phase(Kunmapping)] && S[on(Cpu)] && AllTaken),
       Kunmapped);

  Goto(Start(Free, UserOwned && Here), Kernel);

  // A task moves only between its page's stable phases (an allocation or
  // kunmap() waiting for IPIs runs with preemption off).
  z3::expr Stable = S[phase(Kernel)] || S[phase(User)] || S[phase(Kmapped)] ||
                    S[phase(Kunmapped)];
  Case &Move = Start(Migrate, Stable && !S[on(Cpu)] && !S[lazy(Cpu)]);
  for (unsigned D = 0; D < Cpus; ++D) {
    Move.Next[on(D)] = C.bool_val(D == Cpu);
    if (Scheme.OnMigration == Migration::Flush && D != Cpu)
      Move.Next[tlb(D)] = S[tlb(D)] && !S[on(D)];
  }
  if (Scheme.OnMigration == Migration::Flush)
    Move.LocalFlushes = 1;

  Start(Idle, !S[lazy(Cpu)]).Next[lazy(Cpu)] = C.bool_val(true);
  Case &Up = Start(Wake, S[lazy(Cpu)]);
  Up.Next[lazy(Cpu)] = C.bool_val(false);
  Up.Next[tlb(Cpu)] = S[tlb(Cpu)] && !S[deferred(Cpu)];
  Up.Next[deferred(Cpu)] = C.bool_val(false);
  return Out;
}

z3::expr XpfoSystem::step(const smt::Vars &S, const smt::Vars &L,
                          const smt::Vars &N) const {
  z3::expr Any = C.bool_val(false);
  for (unsigned Cpu = 0; Cpu < Cpus; ++Cpu)
    for (const Case &K : cases(S, Cpu)) {
      z3::expr Step = K.Guard && L[Kind] == C.bv_val(K.What, KindWidth) &&
                      L[OnCpu] == C.bv_val(Cpu, CpuWidth) &&
                      L[Flushes] == C.bv_val(K.LocalFlushes, CountWidth) &&
                      L[Ipis] == K.Ipis;
      for (unsigned I = 0; I < size(); ++I)
        Step = Step && N[I] == K.Next[I];
      Any = Any || Step;
    }
  return Any;
}

z3::expr XpfoSystem::eventIn(const smt::Vars &L,
                             std::initializer_list<Event> Events) const {
  z3::expr Any = C.bool_val(false);
  for (Event E : Events)
    Any = Any || L[Kind] == C.bv_val(E, KindWidth);
  return Any;
}

z3::expr XpfoSystem::localFlushes(const smt::Vars &L) const {
  return z3::zext(L[Flushes], 8 - CountWidth);
}

z3::expr XpfoSystem::ipis(const smt::Vars &L) const {
  return z3::zext(L[Ipis], 8 - CountWidth);
}

ScheduleStep XpfoSystem::describe(const smt::Assignment &W, const smt::Vars &S,
                                  const smt::Vars &L,
                                  const smt::Vars &N) const {
  ScheduleStep Step;
  Step.Cpu = W.bits(L[OnCpu]);
  unsigned Kind = W.bits(L[LabelField::Kind]);
  Step.Event = eventName(Event(Kind)).str();
  std::string Cpu = "cpu" + std::to_string(Step.Cpu);
  auto Was = [&](unsigned I) { return W.truth(S[I]); };
  auto Is = [&](unsigned I) { return W.truth(N[I]); };
  std::vector<std::string> Flushed, Sent, Skipped;
  for (unsigned D = 0; D < Cpus; ++D) {
    std::string Name = "cpu" + std::to_string(D);
    if (Was(tlb(D)) && !Is(tlb(D)))
      Flushed.push_back(Name);
    if (!Was(ipi(D)) && Is(ipi(D)))
      Sent.push_back(Name);
    if (!Was(deferred(D)) && Is(deferred(D)))
      Skipped.push_back(Name);
  }
  std::string Flush = Flushed.empty() ? ""
                                      : "; the TLB of " + join(Flushed, ", ") +
                                            " forgets the page";
  if (!Sent.empty())
    Flush += "; flush IPIs go to " + join(Sent, ", ");
  if (!Skipped.empty())
    Flush += "; no IPI to " + join(Skipped, ", ") +
             ", idling lazily: they flush when they wake";
  switch (Kind) {
  case Access: {
    bool Hit = Was(tlb(Step.Cpu));
    bool Translates = Hit || Is(tlb(Step.Cpu));
    if (!Translates)
      Step.Note = Cpu + " reads the page through the physmap and faults: "
                        "nothing maps it";
    else if (!Was(Bad) && Is(Bad))
      Step.Note = Cpu + " reads the page through " +
                  (Hit ? "a stale TLB entry" : "its PTE") + " while it " +
                  (Prop == XpfoProperty::Exclusive
                       ? "belongs to user space"
                       : "is unmapped after another CPU's kunmap()") +
                  ": the property is violated";
    else
      Step.Note = Cpu + " reads the page through the physmap" +
                  (Hit ? " (a TLB hit)" : "; its TLB caches the translation");
    break;
  }
  case Alloc:
    Step.Note = Cpu + " allocates the page to user space and clears its PTE";
    if (Is(queued()))
      Step.Note += "; its flush waits for the batch to fill";
    Step.Note += Flush;
    Step.Note += Is(phase(User)) ? "; the page is handed out"
                                 : "; the allocation waits for the flush";
    break;
  case UnmapOther:
    Step.Note = Cpu + " allocates another page into the batch";
    if (Was(batchHalf()))
      Step.Note += ", which is full and is flushed";
    Step.Note += Flush;
    break;
  case Deliver:
    Step.Note = Cpu + " takes the flush IPI" + Flush;
    break;
  case Return:
    Step.Note = "the allocation on " + Cpu +
                " returns: every flush IPI was taken; the page is handed out";
    break;
  case Kmap:
    Step.Note = Cpu + " kmaps the user page: its PTE is present again";
    break;
  case Kunmap:
    Step.Note = Cpu + " kunmaps the page and clears its PTE" + Flush;
    break;
  case KunmapDone:
    Step.Note = "kunmap() on " + Cpu + " returns: every flush IPI was taken";
    break;
  case Free:
    Step.Note = Cpu + " frees the page to the kernel: its PTE is present";
    break;
  case Migrate:
    Step.Note = "the page's task moves to " + Cpu + Flush;
    break;
  case Idle:
    Step.Note = Cpu + " goes idle with a lazy TLB";
    break;
  case Wake:
    Step.Note = Cpu + " stops idling" + Flush;
    break;
  default:
    break;
  }
  return Step;
}

std::string XpfoSystem::describe(const z3::expr &Clause) const {
  auto Literal = [&](const z3::expr &E) -> std::string {
    bool Negated = E.is_not();
    z3::expr Atom = Negated ? E.arg(0) : E;
    std::string Name =
        Atom.is_const() ? Atom.decl().name().str() : Atom.to_string();
    // Drop the state's prefix ("inv_").
    Name = StringRef(Name).split('_').second.str();
    return (Negated ? "not " : "") + Name;
  };
  if (!Clause.is_or())
    return Literal(Clause);
  std::vector<std::string> Parts;
  for (unsigned I = 0; I < Clause.num_args(); ++I)
    Parts.push_back(Literal(Clause.arg(I)));
  return join(Parts, " or ");
}

} // namespace kharden::xpfo
