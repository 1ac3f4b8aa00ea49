//===- engine/CallTargets.h - what pointers hold ------         -*- C++ -*-===//
//
// The functions each slot of function pointers may hold, from the stores a
// set of translation units makes (PointerFlow): the connection-based view of
// DSAC (Bai, Lawall, Hu; TOCS 2020), where a call through a field of a
// structure type may reach every function stored in that field of that
// type. A slot also holds what flows into it from other slots (`ops->f =
// fn` with `fn` a parameter holds what the callers pass), and what calls
// through a slot pass to their targets' parameters. A slot into which
// something the analysis cannot see flows (a cast from data, its address
// taken) is open: its calls stay unresolved.
//
// One translation unit solves its own stores (to join the effects of the
// targets it has); the whole run solves every unit's (to propagate contexts
// and to decide which joins stand).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_CALLTARGETS_H
#define KHARDEN_ENGINE_CALLTARGETS_H

#include "engine/Summary.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <vector>

namespace kharden {

/// The slot of parameter Index of the function with key Function:
/// ParameterSlotPrefix, the key, "#Index".
std::string parameterSlot(llvm::StringRef Function, unsigned Index);
constexpr llvm::StringLiteral ParameterSlotPrefix = "param:";
/// Where the blocks of a notifier chain registration whose head the run
/// cannot name go: every chain ("chain:HEAD") holds what this slot holds.
constexpr llvm::StringLiteral AnyChainSlot = "chain:*";
/// The function name in a key: "run" for "run", "/src/a.c@run" and
/// "kvm-nvhe|run" (a separate image's).
llvm::StringRef functionNameOfKey(llvm::StringRef Key);

class CallTargets {
public:
  /// Adds a flow; one already added (same slot, parameter, source) is kept
  /// once, with its first position.
  void add(const PointerFlow &F);
  /// Computes what every slot holds, once, after the last add().
  void solve();

  /// What a slot holds: the functions (ids, in the order they reached it)
  /// and whether it is open.
  struct Held {
    llvm::ArrayRef<unsigned> Functions;
    bool Open = false;
  };
  /// Null if nothing flows into Slot.
  std::optional<Held> held(llvm::StringRef Slot) const;
  llvm::StringRef functionKey(unsigned Id) const { return FunctionKeys[Id]; }
  /// Where function Id was first stored, and that store's index among the
  /// flows (for an order that follows the sources).
  const SourcePoint &storedAt(unsigned Id) const {
    return FirstStore[Id].first;
  }
  size_t storeIndex(unsigned Id) const { return FirstStore[Id].second; }
  /// Calls Each(slot key, held) for every slot whose key starts with Prefix.
  void forEach(llvm::StringRef Prefix,
               llvm::function_ref<void(llvm::StringRef, Held)> Each) const;

private:
  struct ParamFlow {
    unsigned Param;
    PointerFlow::Source From;
    unsigned Source; ///< A function id or a slot id.
  };
  struct Slot {
    std::vector<unsigned> Functions;
    llvm::DenseSet<unsigned> Has;
    bool Open = false, OpenSent = false;
    size_t Sent = 0;             ///< Functions already passed on.
    std::vector<unsigned> Into;  ///< Slots that hold what this one holds.
    std::vector<ParamFlow> Args; ///< What calls through it pass.
  };
  unsigned slotId(llvm::StringRef Key);
  unsigned functionId(llvm::StringRef Key, const SourcePoint &Where,
                      size_t Index);
  void addFunction(unsigned SlotId, unsigned Function);
  void setOpen(unsigned SlotId);
  void addEdge(unsigned From, unsigned To);
  void passArgument(const ParamFlow &A, unsigned Target);
  void pass(unsigned SlotId);

  llvm::StringSet<> Seen; ///< Flows added, as text.
  size_t FlowCount = 0;
  std::vector<PointerFlow> Pending;
  llvm::StringMap<unsigned> SlotIds;
  std::vector<std::string> SlotKeys;
  std::vector<Slot> Slots;
  llvm::StringMap<unsigned> FunctionIds;
  std::vector<std::string> FunctionKeys;
  std::vector<std::pair<SourcePoint, size_t>> FirstStore;
  std::vector<unsigned> Work;
  bool Solved = false;
};

} // namespace kharden

#endif
