//===- engine/PointerFlows.h - function pointer stores          -*- C++ -*-===//
//
// What one translation unit stores in function pointers (PointerFlow), read
// off the AST: designated and positional initializers of structures and
// tables, assignments (also through WRITE_ONCE()), functions passed as
// arguments (into the callee's parameter), returned values, and the
// arguments of calls through pointers. Slots are named by what the code
// names: a field by its structure type, so that a store in one file and a
// call in another meet. What the analysis cannot follow is an unseen store
// and leaves the slot open: a value cast from data (`(void *)p`, an
// integer), a field of a union, a slot whose address is taken
// (`xchg(&ops->f, ...)`, `rcu_assign_pointer()`) or a table that decays to
// a pointer the code can write through.
//
// The unit then solves its own flows (CallTargets), so that a call through a
// pointer can take the exits of the targets the file has, and keeps its own
// static objects of structures of function pointers (OpsObjects), so that
// calls through two fields of one pointer take one object's.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_POINTERFLOWS_H
#define KHARDEN_ENGINE_POINTERFLOWS_H

#include "engine/CallTargets.h"
#include "engine/FunctionAnalysis.h"
#include "engine/OpsObjects.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

namespace kharden {

/// How a call through a function pointer reads it.
struct CallThrough {
  std::string Slot;    ///< The slot's key.
  std::string Display; ///< "struct console.device_lock", "hook".
  /// For a field of a structure: "console.device_lock", as the kernel
  /// model names a documented callback contract.
  std::string Field;
};

class PointerFlows {
public:
  explicit PointerFlows(const TUContext &TU) : TU(TU) {}

  /// A variable's initializer (an ops structure, a table, a pointer).
  void collectInit(const clang::VarDecl *VD,
                   std::vector<const clang::FunctionDecl *> &Referenced);
  /// Every store in FD's body, and what its calls through pointers read.
  void collectBody(const clang::FunctionDecl *FD,
                   std::vector<const clang::FunctionDecl *> &Referenced);
  /// Solves what the unit's own flows put in each slot (after collecting).
  void solve();

  std::vector<PointerFlow> takeFlows() { return std::move(Flows); }
  /// Null for a direct call, or one in a body not collected.
  const CallThrough *through(const clang::CallExpr *CE) const;
  /// The unit's definitions of the functions Slot holds, in the order they
  /// were stored there; false if the slot is open in this unit.
  bool targets(llvm::StringRef Slot,
               llvm::SmallVectorImpl<const clang::FunctionDecl *> &Out) const;
  /// The unit's definitions of the functions FD may call through pointers.
  void targetsCalledBy(const clang::FunctionDecl *FD,
                       std::vector<const clang::FunctionDecl *> &Out) const;
  /// The slot of the notifier chain a call of the kernel model's
  /// notifier-chains `call` names by its head ("chain:var:die_chain"), or
  /// the block field's, which holds every block, if its head is not a
  /// variable or a field; null if it is no such call.
  const std::string *chainCalled(const clang::CallExpr *CE) const;
  /// The slot a function-pointer argument is read from (`n->release`: the
  /// field's; a variable's), if it is one.
  std::optional<std::string> argumentSlot(const clang::Expr *Arg) const;
  /// The unit's own objects of structures of function pointers.
  const OpsObjects &objects() const { return Objects; }

private:
  friend class FlowVisitor;
  /// A slot as an lvalue names it.
  struct SlotName {
    std::string Key, Display, Field;
    bool Union = false; ///< A union's member: other members alias it.
  };
  std::optional<SlotName> slotOf(const clang::Expr *LValue) const;
  std::optional<SlotName> fieldSlot(const clang::FieldDecl *FD) const;
  std::optional<SlotName> variableSlot(const clang::ValueDecl *D) const;
  /// How V is shown in messages: its name, or for a local a macro
  /// declares, the text it was initialized from.
  std::string displayOf(const clang::VarDecl *V, unsigned Depth = 0) const;
  /// Calls Out for each source of a function pointer value.
  void values(const clang::Expr *E,
              llvm::function_ref<void(PointerFlow::Source, std::string,
                                      const clang::Expr *)>
                  Out,
              unsigned Depth = 0);
  /// Stores the value E into Slot (parameter Param of Slot's targets if
  /// Param >= 0).
  void store(const SlotName &Slot, const clang::Expr *E, int Param = -1);
  void unseen(const SlotName &Slot, clang::SourceLocation Loc);
  /// An initializer of an object of type T; Slot holds the function
  /// pointers of a table (T an array of them).
  void init(clang::QualType T, const clang::Expr *Init,
            const std::optional<SlotName> &Slot);
  void noteFunction(const clang::FunctionDecl *FD);
  /// VD as one of the unit's objects, if it is one (OpsObjects): the
  /// field slots its initializer stores a function (or NULL) in.
  llvm::StringSet<> addObject(const clang::VarDecl *VD);
  /// Notifier chains: the blocks a direct call registers or passes on, the
  /// chain it calls.
  void chainFlows(const clang::CallExpr *CE, llvm::StringRef CalleeKey);
  /// A block field stored in one object: `nb.notifier_call = fn`, the
  /// initializer of `struct notifier_block nb`.
  void blockStore(const clang::Expr *LValue, const clang::Expr *Value);
  void blockInit(const clang::VarDecl *VD);
  void blockInit(llvm::StringRef Object, clang::QualType T,
                 const clang::Expr *Init);
  /// The slot of the block field of Block, a notifier block the code names
  /// as a variable or a field (by the field's structure, as fieldSlot()).
  std::optional<std::string> blockSlot(const clang::Expr *Block) const;
  /// The slots that hold what the block field of the block Arg points to
  /// holds: one variable's, a parameter's, those a local pointer is given
  /// (ThroughLocal), or every block's.
  std::vector<std::string> blockSources(const clang::Expr *Arg,
                                        bool ThroughLocal = true) const;
  /// The chains ("chain:HEAD") a head argument names: its variable or
  /// field, or those a local pointer is given (ThroughLocal); none if it
  /// is anything else.
  std::vector<std::string> headSlots(const clang::Expr *Head,
                                     bool ThroughLocal = true) const;
  /// The values local variable E of the body being collected is given, if
  /// nothing else changes it.
  std::optional<llvm::SmallVector<const clang::Expr *, 2>>
  localValues(const clang::Expr *E) const;
  /// Whether T is the notifier block structure; its function field.
  bool isBlock(clang::QualType T) const;
  llvm::StringRef blockField() const;
  /// The slot of the block field of the block whose slot is Block.
  std::string blockFieldOf(llvm::StringRef Block) const;
  /// The block field's slot, which holds every block's function.
  std::string everyBlockSlot() const;
  void referencing(std::vector<const clang::FunctionDecl *> &Out) {
    Referenced = &Out;
  }

  const TUContext &TU;
  std::vector<PointerFlow> Flows;
  CallTargets Targets;
  llvm::DenseMap<const clang::CallExpr *, CallThrough> Calls;
  llvm::DenseMap<const clang::CallExpr *, std::string> ChainCalls;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<std::string>>
      SlotsCalled;
  llvm::StringMap<const clang::FunctionDecl *> Definitions;
  llvm::StringSet<> UnionsMarked;
  OpsObjects Objects;
  /// The field slots the object being initialized stores its functions in.
  const llvm::StringSet<> *ObjectFields = nullptr;
  std::vector<const clang::FunctionDecl *> *Referenced = nullptr;
  const clang::FunctionDecl *Current = nullptr;
};

} // namespace kharden

#endif
