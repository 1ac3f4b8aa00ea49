// Notifier chains (the kernel model's notifier-chains): what a unit's
// registrations put on each chain, and which chain each call names
// (engine/PointerFlows.cpp), solved as the whole run solves them.
#include "AnalysedSource.h"

#include "engine/CallTargets.h"

using namespace kharden;

namespace {

constexpr const char *Model = R"(
notifier-chains:
  block: notifier_block.notifier_call
  register: [atomic_notifier_chain_register]
  call: [atomic_notifier_call_chain]
)";

constexpr const char *Code = R"(
struct notifier_block {
  int (*notifier_call)(struct notifier_block *, unsigned long, void *);
  struct notifier_block *next;
};
struct atomic_notifier_head { struct notifier_block *head; };
int atomic_notifier_chain_register(struct atomic_notifier_head *nh,
                                   struct notifier_block *nb);
int atomic_notifier_call_chain(struct atomic_notifier_head *nh,
                               unsigned long v, void *d);
struct port { struct notifier_block nb; struct atomic_notifier_head events; };

static struct atomic_notifier_head die_chain;
static int die_event(struct notifier_block *nb, unsigned long v, void *d) { return 0; }
static int port_event(struct notifier_block *nb, unsigned long v, void *d) { return 0; }
static int any_event(struct notifier_block *nb, unsigned long v, void *d) { return 0; }
static int other_event(struct notifier_block *nb, unsigned long v, void *d) { return 0; }
static struct notifier_block die_nb = { .notifier_call = die_event };
static struct notifier_block other_nb = { .notifier_call = other_event };
static int local_event(struct notifier_block *nb, unsigned long v, void *d) { return 0; }
static struct notifier_block local_nb = { .notifier_call = local_event };

int register_die_notifier(struct notifier_block *nb)
{
  return atomic_notifier_chain_register(&die_chain, nb);
}

void setup(struct port *p, struct atomic_notifier_head *h,
           struct notifier_block *loaded)
{
  register_die_notifier(&die_nb);
  p->nb.notifier_call = port_event;
  atomic_notifier_chain_register(&p->events, &p->nb);
  loaded->notifier_call = any_event;
  atomic_notifier_chain_register(h, &other_nb);
  struct atomic_notifier_head *head = &die_chain;
  struct notifier_block *nb = &local_nb;
  atomic_notifier_chain_register(head, nb);
}

void notify(struct port *p, struct atomic_notifier_head *h)
{
  atomic_notifier_call_chain(&die_chain, 0, 0);
  atomic_notifier_call_chain(&p->events, 0, 0);
  atomic_notifier_call_chain(h, 0, 0);
  struct atomic_notifier_head *dh = &die_chain, *either = &die_chain;
  atomic_notifier_call_chain(dh, 0, 0);
  if (p)
    either = &p->events;
  atomic_notifier_call_chain(either, 0, 0);
}
)";

std::vector<std::string> held(const CallTargets &T, llvm::StringRef Slot) {
  std::vector<std::string> Out;
  if (std::optional<CallTargets::Held> H = T.held(Slot))
    for (unsigned Id : H->Functions)
      Out.push_back(functionNameOfKey(T.functionKey(Id)).str());
  llvm::sort(Out);
  return Out;
}

TEST(NotifierChains, EachCallNamesItsChain) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/n.c");
  std::vector<std::string> Chains;
  for (const CallSite &C : A.function("notify").Calls)
    Chains.push_back(C.Passes->Chain);
  EXPECT_EQ(Chains,
            (std::vector<std::string>{"chain:var:/src/n.c@die_chain",
                                      "chain:field:port.events",
                                      "field:notifier_block.notifier_call",
                                      // A local pointer given one head...
                                      "chain:var:/src/n.c@die_chain",
                                      // ...or two.
                                      "field:notifier_block.notifier_call"}));
}

TEST(NotifierChains, AChainHoldsTheBlocksRegisteredOnIt) {
  test::AnalysedSource A = test::analyseSource(Model, Code, "/src/n.c");
  CallTargets T;
  for (const PointerFlow &F : A.TU.Flows)
    T.add(F);
  // What the whole run adds for each chain it calls (Program::resolveCalls()).
  for (const char *Chain :
       {"chain:var:/src/n.c@die_chain", "chain:field:port.events"})
    T.add({Chain, -1, PointerFlow::Source::Slot, AnyChainSlot.str(), {}});
  T.solve();
  // The die chain: the block passed through the wrapper, and through local
  // pointers; the port's chain: the field's block; both: a block registered
  // on a head the code does not name and a function stored through a
  // pointer it loaded.
  EXPECT_EQ(held(T, "chain:var:/src/n.c@die_chain"),
            (std::vector<std::string>{"any_event", "die_event", "local_event",
                                      "other_event"}));
  EXPECT_EQ(
      held(T, "chain:field:port.events"),
      (std::vector<std::string>{"any_event", "other_event", "port_event"}));
  EXPECT_EQ(held(T, "field:notifier_block.notifier_call"),
            (std::vector<std::string>{"any_event", "die_event", "local_event",
                                      "other_event", "port_event"}));
}

} // namespace
