#include "checkers/sleep-in-atomic/SleepInAtomicCheck.h"
#include "checkers/sleep-in-atomic/Sleepers.h"

#include <deque>
#include <optional>

namespace kharden {

std::unique_ptr<Check> createSleepInAtomicCheck() {
  return std::make_unique<SleepInAtomicCheck>();
}

llvm::Error SleepInAtomicCheck::setOption(llvm::StringRef Key,
                                          llvm::StringRef Value) {
  if (Key == "CondResched")
    return setBoolOption(Key, Value, CondResched);
  if (Key == "RcuFlavour") {
    if (Value != "preempt" && Value != "non-preempt")
      return badOptionValue(Key, "preempt or non-preempt", Value);
    PreemptRcu = Value == "preempt";
    return llvm::Error::success();
  }
  return Check::setOption(Key, Value);
}

std::vector<std::pair<std::string, std::string>>
SleepInAtomicCheck::options() const {
  return {{"CondResched", CondResched ? "true" : "false"},
          {"RcuFlavour", PreemptRcu ? "preempt" : "non-preempt"}};
}

namespace {

/// Where the call is made, as the rule's word and the context say.
std::string where(ContextWord W, const AbsState &S, bool PreemptRcu) {
  switch (W) {
  case ContextWord::Nmi: return "where the context may be an NMI";
  case ContextWord::Hardirq: return "where the context may be a hard IRQ";
  case ContextWord::Softirq: return "where the context may be a softirq";
  case ContextWord::SimdSection:
    return "inside a kernel FPU/SIMD section, which runs with preemption "
           "disabled";
  case ContextWord::RcuRead:
    return PreemptRcu ? "inside an RCU read-side critical section"
                      : "inside an RCU read-side critical section, where "
                        "rcu_read_lock() disabled preemption";
  case ContextWord::Atomic:
    return S.Irqs == Level::Off ? "with IRQs disabled"
                                : "with preemption disabled";
  case ContextWord::BhOff: return "with bottom halves disabled";
  case ContextWord::IrqsOff: return "with IRQs disabled";
  case ContextWord::PreemptOff:
    return "with preemption disabled";
  default:
    return "where the context is '" + contextWordName(W).str() +
           "', which its rule in the kernel model forbids";
  }
}

/// R without what context predicates said, here or in a callee: the branch
/// where in_interrupt() or !in_task() held is a condition on the context,
/// not a context the code made or was entered in
/// (workqueue_init_early() after a callee's !in_task() branch, a sleep
/// where alloc_pages()'s own in_interrupt() test joined again, after
/// WARN(in_interrupt(), ...) kept in a variable), nor is the branch where
/// irqs_disabled() held (modify_user_hw_breakpoint()). The path itself
/// stays ruled out where the context's kind contradicts them.
RelState ownFacts(RelState R) {
  if (R.ContextAsked) {
    R.KindMask = AllKinds;
    R.AssertedPreempt = 0;
  }
  if (R.IrqsOffAsked) {
    R.Irq = IrqRel::Inherited;
    R.IrqsOffAsked = false;
  }
  return R;
}

/// Whether F's own code made the point at R atomic (a lock, a section),
/// rather than the context it was entered in.
bool atomicHere(const RelState &R) {
  return R.locallyAtomic() || R.BhDepth > 0 || R.SimdDepth > 0 ||
         R.RcuDepth > 0 || (R.SectionKind & AllKinds);
}

/// What made the point at R of F atomic: the sections and the region F
/// opened, or else the chain of the context F was entered in.
std::vector<Note> contextNotes(const FunctionSummary &F, const EntryContext &E,
                               const RelState &R) {
  if (!atomicHere(R))
    return E.Why.toVector();
  std::vector<Note> Out;
  auto Add = [&](Note N) {
    if (llvm::none_of(Out, [&](const Note &O) { return O.Where == N.Where; }))
      Out.push_back(std::move(N));
  };
  for (auto [Depth, Id] :
       {std::pair{R.RcuDepth, R.WhyRcu}, std::pair{R.SimdDepth, R.WhySimd},
        std::pair{int8_t(R.SectionKind & AllKinds), R.WhySection}})
    if (Depth > 0 && Id >= 0 && size_t(Id) < F.Notes.size())
      Add(F.Notes[Id]);
  if (const Note *Opener = Program::regionOpener(F, R)) {
    Note N = *Opener;
    llvm::StringRef Text = N.Message;
    if (Text.consume_front("context changed here by "))
      N.Message = "atomic region begun here by " + Text.str();
    Add(std::move(N));
  }
  llvm::sort(Out, [](const Note &A, const Note &B) { return A.Where < B.Where; });
  return Out;
}

/// Why a sleep found only by the Possible Sleepers is a possible one: the
/// first object's state on the way down from At, a point of F whose path
/// runs in the object state of F's note ObjectState (-1: none) and, for a
/// call, chose of ChoiceOf functions, along Witness's chain. A call through
/// a pointer the object chose the sleeping function for, or the state the
/// note names (a count's drop to zero, a set-up not run yet).
Note possibleNote(const Program &P, const FunctionSummary &F, SourcePoint At,
                  llvm::StringRef Through, int16_t ObjectState, size_t ChoiceOf,
                  const SleepWitness *Witness) {
  const FunctionSummary *In = &F;
  for (const SleepWitness *W = Witness; !ChoiceOf && ObjectState < 0 && W;
       W = W->Next) {
    In = &P.functions()[W->Function];
    ObjectState = W->ObjectState;
    if (W->Call < 0)
      break;
    At = In->Calls[W->Call].Where;
    Through = In->Calls[W->Call].CalleeName;
    ChoiceOf = W->ChoiceOf;
  }
  if (ObjectState >= 0)
    return {In->Notes[ObjectState].Where,
            In->Notes[ObjectState].Message.str() +
                ", so the sleep is a possible one"};
  if (!ChoiceOf)
    return {At, "a call on the way may reach one of several functions: "
                "the sleep is a possible one"};
  return {At, "'" + Through.str() + "' may hold any of " +
                  std::to_string(ChoiceOf) +
                  " functions here: whether the one that sleeps runs "
                  "is the object's state, so the sleep is a possible "
                  "one"};
}

/// The rules that forbid the same contexts: their sleeps are wrong in the
/// same places (may-sleep and may-fault where __might_resched() looks,
/// may-schedule where the scheduler's own check does), so one pair of
/// Sleepers serves them.
std::vector<std::vector<const CheckRule *>>
byForbiddenContexts(llvm::ArrayRef<const CheckRule *> Rules) {
  std::vector<std::vector<const CheckRule *>> Groups;
  for (const CheckRule *R : Rules) {
    auto Same = llvm::find_if(Groups, [&](const auto &G) {
      return G.front()->WrongIn == R->WrongIn &&
             G.front()->Unless == R->Unless &&
             G.front()->UnlessAccess == R->UnlessAccess;
    });
    if (Same == Groups.end())
      Groups.push_back({R});
    else
      Same->push_back(R);
  }
  return Groups;
}

} // namespace

// A call may reach a sleep in another file: every call counts, and
// Sleepers reads every part of the contexts it follows down.
unsigned SleepInAtomicCheck::contextPartsRead(const KernelModel &M,
                                              const FunctionSummary &F) const {
  bool Reads = reportsOn(F) && (!F.Calls.empty() || watchesAnOperationOf(M, F));
  return Reads ? AbsState::AllParts : 0;
}

void SleepInAtomicCheck::run(const Program &P,
                             std::vector<Finding> &Out) const {
  const KernelModel &M = P.model();
  // Per group of rules: which operations sleep in its way, and how each
  // function may sleep so. A sleep that only an object's state reaches (a
  // call through a pointer that may hold any of several functions, the one
  // that sleeps among them; the free of what a count dropped to zero kept
  // alive; a set-up not run yet) is a possible one: reported as a note,
  // below the sleeps the code itself decides.
  struct Group {
    std::vector<const CheckRule *> Rules;
    std::function<bool(const Operation &)> IsSleep;
    std::optional<Sleepers> Definite, Possible;
  };
  std::deque<Group> Groups;
  for (std::vector<const CheckRule *> &Rules :
       byForbiddenContexts(M.rulesOf(name()))) {
    Group &G = Groups.emplace_back();
    G.Rules = std::move(Rules);
    G.IsSleep = [&, &Rules = G.Rules](const Operation &Op) {
      if (!CondResched && llvm::StringRef(Op.Name).contains("cond_resched"))
        return false;
      return llvm::any_of(rulesFor(M, Op), [&](const CheckRule *R) {
        return llvm::is_contained(Rules, R);
      });
    };
    G.Definite.emplace(P, G.IsSleep, /*Possible=*/false);
    G.Possible.emplace(P, G.IsSleep, /*Possible=*/true);
  }
  // Where a call may sleep: the code's own sleeps of every group first.
  struct Turn {
    const Group *G;
    Sleepers *S;
    bool Possible;
  };
  std::vector<Turn> InTurn;
  for (bool Possible : {false, true})
    for (Group &G : Groups)
      InTurn.push_back({&G, Possible ? &*G.Possible : &*G.Definite, Possible});
  const FunctionTable &Fs = P.functions();
  for (size_t I = 0; I < Fs.size(); ++I) {
    const FunctionSummary &F = Fs[I];
    if (!reportsOn(F))
      continue;
    // The first calling context in which the point at States is wrong and
    // the call sleeps: one that F's code made atomic, or one the kernel
    // model enters F in (its callers' calls are reported at theirs).
    // At a call, the sleep checks are the callee's to judge: it may turn
    // them on before it sleeps (rest_init() after start_kernel()'s boot),
    // and Sleepers counts only the sleeps the kernel would warn of.
    // Unless Possible, not where the path runs in one object state only.
    auto Find = [&](llvm::ArrayRef<const CheckRule *> Rules,
                    llvm::ArrayRef<RelState> States, bool AtCall, bool Possible,
                    auto &&Sleeps)
        -> std::optional<std::tuple<std::vector<Note>, AbsState, ContextWord,
                                    const SleepWitness *, int16_t>> {
      for (const EntryContext &E : P.entries(F))
        for (const RelState &Seen : States) {
          if (!countsFor(Seen, Possible))
            continue;
          RelState R = ownFacts(Seen);
          if ((E.FromCall && !atomicHere(R)) ||
              !feasible(E.State, R, F.Tests) || !composedKinds(E.State, Seen))
            continue; // ... or a path the context's kind rules out
          AbsState C = compose(E.State, R);
          if (AtCall)
            C.SleepChecksOff = false;
          std::optional<ContextWord> W = wrongIn(Rules, C);
          if (!W)
            continue;
          if (const SleepWitness *Why = Sleeps(E.State, Seen))
            return std::tuple{contextNotes(F, E, R), C, *W, Why,
                              Seen.WhyObjectState};
        }
      return std::nullopt;
    };
    // What: the sleeping primitive or callee; Via: how a call reached it.
    auto Report = [&](SourcePoint At, std::string What, std::string Via,
                      std::vector<Note> Macro, const auto &Found,
                      std::vector<Note> Down,
                      std::optional<Note> Possibly = std::nullopt) {
      const auto &[Context, State, W, Witness, ObjectState] = Found;
      Finding Fd;
      Fd.Check = name().str();
      Fd.Where = std::move(At);
      Fd.Function = F.name();
      Fd.Message =
          What + " may sleep, called " + Via + where(W, State, PreemptRcu);
      Fd.Evidence = contextWordName(W).str();
      Fd.Notes = std::move(Macro);
      llvm::append_range(Fd.Notes, Context);
      llvm::append_range(Fd.Notes, Down);
      if (Possibly) {
        Fd.Level = Severity::Note;
        Fd.Notes.push_back(std::move(*Possibly));
      }
      Out.push_back(std::move(Fd));
    };
    for (size_t O = 0; O < F.Ops.size(); ++O) {
      const Operation &Op = F.Ops[O];
      auto Its =
          llvm::find_if(Groups, [&](const Group &G) { return G.IsSleep(Op); });
      if (Its == Groups.end())
        continue;
      static const SleepWitness Here;
      auto Sleeps = [&](const AbsState &E,
                        const RelState &R) -> const SleepWitness * {
        return Sleepers::failsInstead(Op, R) ||
                       !decides(E, R, F.Tests, Op.DecidedBy)
                   ? nullptr
                   : &Here;
      };
      std::string What = "'" + Op.Name + "()'";
      if (auto Found = Find(Its->Rules, Op.States, false, false, Sleeps))
        Report(Op.Where, What, "", Op.MacroNotes, *Found, {});
      else if (auto Found = Find(Its->Rules, Op.States, false, true, Sleeps))
        Report(
            Op.Where, What, "", Op.MacroNotes, *Found, {},
            possibleNote(P, F, Op.Where, "", std::get<4>(*Found), 0, nullptr));
    }
    for (const CallSite &C : F.Calls)
      for (auto [G, S, Possible] : InTurn) {
        size_t Callee = 0, ChoiceOf = 0;
        auto Found = Find(
            G->Rules, C.States, true, Possible,
            [&](const AbsState &E, const RelState &R) -> const SleepWitness * {
              for (size_t To : S->callees(F, C, E, &ChoiceOf))
                if (const SleepWitness *W =
                        S->sleeps(To, P.calleeEntry(E, R, C, To, F.Tests),
                                  Sleepers::faultsOffAt(0, R))) {
                  Callee = To;
                  return W;
                }
              return nullptr;
            });
        if (!Found)
          continue;
        std::string What = "'" + Fs[Callee].name().str() + "()'";
        std::string Via = C.After ? "after '" + F.name().str() + "()' returned "
                          : C.Through.empty()
                              ? ""
                              : "through '" + C.CalleeName.str() + "' ";
        const SleepWitness &Witness = *std::get<3>(*Found);
        std::optional<Note> Possibly;
        if (Possible)
          Possibly = possibleNote(P, F, C.Where, C.CalleeName,
                                  std::get<4>(*Found), ChoiceOf, &Witness);
        Report(C.Where, What, Via, {}, *Found, S->chain(Witness),
               std::move(Possibly));
        break;
      }
  }
}

} // namespace kharden
