#include "models/kstack/Properties.h"
#include "models/kstack/Atomicity.h"
#include "models/kstack/Entropy.h"

namespace kharden::kstack {

static bool always(const StackOffsetScheme &) { return true; }
static bool hasGenerator(const StackOffsetScheme &S) {
  return S.Random.Gen != Generator::None;
}

template <AtomicityProperty P>
static PropertyResult atomicity(const StackOffsetScheme &S,
                                const smt::SolverConfig &Config) {
  AtomicityOptions O;
  O.Solver = Config;
  return checkAtomicity(S, P, O);
}

static const PropertyInfo Properties[] = {
    {"entropy.fresh",
     "The number of distinct stack shifts, the min-entropy and the Shannon "
     "entropy of one syscall's shift when the attacker knows the previous "
     "offset.",
     always, proveFreshEntropy},
    {"entropy.stationary",
     "The same figures when the attacker does not know the slot's earlier "
     "contents (the state is uniform over what the scheme can reach).",
     always, proveStationaryEntropy},
    {"entropy.after-leaks",
     "The smallest number of consecutive leaked offsets that determines the "
     "generator's state, after which every offset is predictable.",
     hasGenerator, proveEntropyAfterLeaks},
    {"atomicity.freshness",
     "Between two uses of the same slot there is always a refill of it: no "
     "offset is used twice.",
     always, atomicity<AtomicityProperty::Freshness>},
    {"atomicity.same-cpu-rmw",
     "The refill reads and writes the slot of the same CPU.", always,
     atomicity<AtomicityProperty::SameCpuRmw>},
};

llvm::ArrayRef<PropertyInfo> stackOffsetProperties() { return Properties; }

const PropertyInfo *findProperty(llvm::StringRef Name) {
  for (const PropertyInfo &P : Properties)
    if (P.Name == Name)
      return &P;
  return nullptr;
}

} // namespace kharden::kstack
