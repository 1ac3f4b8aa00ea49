//===- engine/CfgReach.h - where paths lead in one CFG ----------*- C++ -*-===//
//
// Several of the engine's questions are "does some path lead from here to
// there": whether an exchange's failure goes back to the pick it checks,
// whether an assignment's value reaches a read with no other assignment on
// the way, whether a field store may have run before a call. CfgReach
// answers them by block ID, over the CFG's reachable edges (an edge is null
// where clang knows a branch is never taken).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_CFGREACH_H
#define KHARDEN_ENGINE_CFGREACH_H

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace kharden {

/// The condition a block with two successors branches on, or null.
/// clang's CFGBlock::getLastCondition() casts the block's last statement to
/// an expression, which an `asm goto` with one label is not (6.1's
/// nft_set_pipapo_avx2.c): its "condition" would be read as garbage.
const clang::Expr *branchCondition(const clang::CFGBlock &B);

class CfgReach {
public:
  explicit CfgReach(const clang::CFG &Cfg);

  const clang::CFGBlock *block(unsigned ID) const { return ById[ID]; }

  /// The blocks one or more edges away from From. A block that Through
  /// (if given) refuses is reached but not left: a path may end in it, not
  /// pass it.
  llvm::BitVector
  from(unsigned From,
       llvm::function_ref<bool(unsigned Block)> Through = nullptr) const;

  /// Whether a path leads from the start of block From into block To
  /// (From itself included).
  bool leads(unsigned From, unsigned To) const {
    return From == To || from(From).test(To);
  }

private:
  std::vector<const clang::CFGBlock *> ById;
};

} // namespace kharden

#endif
