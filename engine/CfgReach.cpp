#include "engine/CfgReach.h"

#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace kharden {

const Expr *branchCondition(const CFGBlock &B) {
  if (B.succ_size() != 2 || B.empty())
    return nullptr;
  std::optional<CFGStmt> Last = B.rbegin()->getAs<CFGStmt>();
  if (!Last || !isa<Expr>(Last->getStmt()))
    return nullptr;
  return B.getLastCondition();
}

CfgReach::CfgReach(const CFG &Cfg) : ById(Cfg.getNumBlockIDs()) {
  for (const CFGBlock *B : Cfg)
    ById[B->getBlockID()] = B;
}

llvm::BitVector
CfgReach::from(unsigned From,
               llvm::function_ref<bool(unsigned Block)> Through) const {
  llvm::BitVector Seen(ById.size());
  llvm::SmallVector<unsigned, 16> Work{From};
  while (!Work.empty())
    for (const CFGBlock::AdjacentBlock &Succ :
         ById[Work.pop_back_val()]->succs())
      if (const CFGBlock *Next = Succ.getReachableBlock();
          Next && !Seen.test(Next->getBlockID())) {
        unsigned ID = Next->getBlockID();
        Seen.set(ID);
        if (!Through || Through(ID))
          Work.push_back(ID);
      }
  return Seen;
}

} // namespace kharden
