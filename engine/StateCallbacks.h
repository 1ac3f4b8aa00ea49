//===- engine/StateCallbacks.h - callbacks by their state -----*- C++ -*-===//
//
// CPU hotplug runs a state's callbacks where the state's section of
// `enum cpuhp_state` says: PREPARE ones on a control CPU, STARTING ones on
// the hotplugged CPU with IRQs off, ONLINE ones in that CPU's pinned
// hotplug thread (include/linux/cpuhotplug.h). The section of a state is
// its enumerator's value against the boundary enumerators the kernel model
// names, which clang knows in every file that uses the enum: the dynamic
// states (CPUHP_AP_ONLINE_DYN) fall in their section like any other.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_STATECALLBACKS_H
#define KHARDEN_ENGINE_STATECALLBACKS_H

#include "engine/FunctionAnalysis.h"

namespace kharden {

/// Adds an entry hint, in its state's section's context, for every function
/// that the functions Roots pass to a registration of the kernel model's
/// state callbacks (cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, .., f, ..)), and
/// that a state table of the unit holds (`cpuhp_hp_states[]`'s
/// `[CPUHP_AP_WORKQUEUE_ONLINE] = { .teardown.single = f }`).
void collectStateCallbacks(llvm::ArrayRef<const clang::FunctionDecl *> Roots,
                           TUContext &TU, TUSummary &Out);

} // namespace kharden

#endif
