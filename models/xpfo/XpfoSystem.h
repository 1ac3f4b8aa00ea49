//===- models/xpfo/XpfoSystem.h - CPUs, TLBs and one page's physmap alias -*-
// C++ -*-===//
//
// The transition system of the XPFO model: one page, its physmap PTE and
// owner, the task that uses it (on which CPU), and per CPU a TLB that may
// cache the page's physmap translation, a pending flush IPI, and a lazy-TLB
// idle state. One step is one event on one CPU; the scheme's policy decides
// what allocations, kunmap() and migrations flush and what waits for it
// (docs/models/xpfo.md).
//
// One page suffices: policies treat pages alike and apart, except that a
// batch holds several; the other pages of a batch are counted, not
// modelled. A batch of B >= 2 pages is modelled as 2 (ours and one more):
// the count only decides whether our page's flush comes with its own
// allocation or with a later one, and 2 already allows both.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_XPFO_XPFOSYSTEM_H
#define KHARDEN_MODELS_XPFO_XPFOSYSTEM_H

#include "models/solver/TransitionSystem.h"
#include "models/xpfo/XpfoResult.h"
#include "models/xpfo/XpfoScheme.h"

#include <initializer_list>

namespace kharden::xpfo {

enum class XpfoProperty { Exclusive, KmapWindow };
/// "xpfo.exclusive", "xpfo.kmap-window".
llvm::StringRef propertyName(XpfoProperty P);

/// Where the page is in its life.
enum Phase : unsigned {
  Kernel,     ///< the kernel's: PTE present
  Allocating, ///< allocated to user space, PTE cleared, waiting for a flush
  User,       ///< handed out to user space
  Kmapped,    ///< kmap()ed by the kernel: PTE present again
  Kunmapping, ///< kunmap()ed, PTE cleared, waiting for a flush
  Kunmapped,  ///< user space's again after kunmap()
  NumPhases
};

enum Event : unsigned {
  Access,     ///< the kernel on a CPU reads the page through the physmap
  Alloc,      ///< the page is allocated to user space
  UnmapOther, ///< another page is allocated into the same batch
  Deliver,    ///< a CPU takes a flush IPI
  Return,     ///< the allocation returns the page
  Kmap,
  Kunmap,
  KunmapDone, ///< kunmap() returns
  Free,       ///< the page goes back to the kernel
  Migrate,    ///< the page's task moves to another CPU
  Idle,       ///< a CPU goes idle with a lazy TLB
  Wake,
  NumEvents
};
llvm::StringRef eventName(Event E);

class XpfoSystem : public smt::TransitionSystem {
public:
  XpfoSystem(const XpfoScheme &S, XpfoProperty P, unsigned Cpus,
             z3::context &C);

  smt::Vars state(const std::string &Prefix) const override;
  smt::Vars label(const std::string &Prefix) const override;
  z3::expr initial(const smt::Vars &S) const override;
  z3::expr step(const smt::Vars &S, const smt::Vars &L,
                const smt::Vars &N) const override;
  z3::expr bad(const smt::Vars &S) const override { return S[Bad]; }

  /// The initial state but with the page in phase P (cost runs).
  z3::expr initialIn(const smt::Vars &S, Phase P) const;
  z3::expr inPhase(const smt::Vars &S, Phase P) const { return S[phase(P)]; }
  /// No flush of the page pending anywhere.
  z3::expr flushed(const smt::Vars &S) const;
  /// The step is one of Events.
  z3::expr eventIn(const smt::Vars &L,
                   std::initializer_list<Event> Events) const;
  /// The local flushes and IPIs a step performs, as 8-bit numbers.
  z3::expr localFlushes(const smt::Vars &L) const;
  z3::expr ipis(const smt::Vars &L) const;

  /// The step from S to N labelled L in a witness, in words.
  ScheduleStep describe(const smt::Assignment &W, const smt::Vars &S,
                        const smt::Vars &L, const smt::Vars &N) const;
  /// A formula over the state variables (an invariant clause) in words:
  /// "not tlb-cpu1 or not page-user".
  std::string describe(const z3::expr &Clause) const;

  unsigned cpus() const { return Cpus; }
  /// The batch the model keeps: 2 for any batch of 2 or more pages.
  unsigned modelledBatch() const { return Batch; }

private:
  // The state variables (all Boolean), by position.
  unsigned phase(unsigned P) const { return P; }
  unsigned on(unsigned C) const { return NumPhases + C; }
  unsigned mapper(unsigned C) const { return NumPhases + Cpus + C; }
  unsigned tlb(unsigned C) const { return NumPhases + 2 * Cpus + C; }
  unsigned ipi(unsigned C) const { return NumPhases + 3 * Cpus + C; }
  unsigned lazy(unsigned C) const { return NumPhases + 4 * Cpus + C; }
  unsigned deferred(unsigned C) const { return NumPhases + 5 * Cpus + C; }
  unsigned queued() const { return NumPhases + 6 * Cpus; }
  /// Batch = 2: whether one page already waits in the batch.
  unsigned batchHalf() const { return queued() + 1; }
  unsigned size() const { return batchHalf() + 1 + 1; }
  std::string varName(unsigned I) const;

  struct Case;
  std::vector<Case> cases(const smt::Vars &S, unsigned Cpu) const;
  void flushLocal(Case &K, unsigned Cpu) const;
  void shootdown(Case &K, const smt::Vars &S, unsigned Cpu) const;
  z3::expr pte(const smt::Vars &S) const;
  z3::expr forbidden(const smt::Vars &S, unsigned Cpu) const;

  const XpfoScheme &Scheme;
  XpfoProperty Prop;
  unsigned Cpus, Batch;
  unsigned Bad;
  z3::context &C;
};

} // namespace kharden::xpfo

#endif
