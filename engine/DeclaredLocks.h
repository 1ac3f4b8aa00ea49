//===- engine/DeclaredLocks.h - locks a declaration names -*- C++ -*-===//
//
// A call to a function no unit of the run defines leaves its caller's state
// as it was, so `wbc_attach_fdatawrite_inode()` (include/linux/writeback.h)
// would hold the inode's spinlock to the end of `filemap_fdatawrite_wbc()`
// in a run without fs/fs-writeback.c, which releases it. Its declaration
// says so: `void wbc_attach_and_unlock_inode(...) __releases(&inode->i_lock);`.
// The kernel's sparse annotations are empty macros to the compiler;
// DeclaredLocks records their expansions and reads, for a declaration they
// follow, the lock their argument names and its type
// (docs/kernel-model.md, "lock-annotations").
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_DECLAREDLOCKS_H
#define KHARDEN_ENGINE_DECLAREDLOCKS_H

#include "engine/KernelModel.h"

#include "clang/AST/Decl.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace kharden {

/// One lock a function's declaration says it returns holding (Acquires) or
/// having released, of a type the kernel model knows.
struct DeclaredLock {
  bool Acquires = false;
  std::string Lock; ///< The annotation's argument as written.
  const LockAnnotations::LockType *Type = nullptr;
  /// "f() __releases(&inode->i_lock)", for notes.
  std::string text(llvm::StringRef Function) const;
};

class DeclaredLocks : public clang::PPCallbacks {
public:
  DeclaredLocks(clang::Preprocessor &PP, const LockAnnotations &Model)
      : PP(PP), Model(Model) {}

  void MacroExpands(const clang::Token &MacroNameTok,
                    const clang::MacroDefinition &MD, clang::SourceRange Range,
                    const clang::MacroArgs *Args) override;

  /// The locks of known types that the annotations right after one of FD's
  /// declarations (nothing but white space between) name, in order. Asked
  /// once the unit is parsed.
  llvm::ArrayRef<DeclaredLock> of(const clang::FunctionDecl *FD) const;

private:
  struct Annotation {
    unsigned Begin, End; ///< Offsets of the name and past the `)`.
    bool Acquires;
    std::string Lock;
  };
  clang::Preprocessor &PP;
  const LockAnnotations &Model;
  /// By file, in the order written.
  llvm::DenseMap<clang::FileID, std::vector<Annotation>> Annotations;
  mutable llvm::DenseMap<const clang::FunctionDecl *,
                         llvm::SmallVector<DeclaredLock, 2>>
      Cache;
};

/// The typedef name Model knows that Lock, as an annotation of FD writes it
/// (`lock`, `&inode->i_lock`, `sk->sk_lock.slock`: a parameter and its
/// fields), has; null where it names something else.
const LockAnnotations::LockType *lockType(const clang::FunctionDecl *FD,
                                          llvm::StringRef Lock,
                                          const LockAnnotations &Model);

} // namespace kharden

#endif
