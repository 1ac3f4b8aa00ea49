//===- engine/OpsObjects.h - the functions one object's fields hold -*- C++ -*-===//
//
// The structures of function pointers a unit defines as objects of its own
// (`static struct lock_torture_ops rw_lock_ops = { .readlock = ..,
// .readunlock = .. }`), object by object, so that calls through two fields
// of one pointer (`cur_ops->readlock(); ... cur_ops->readunlock();`) take
// the targets of one object, not the lock of one object and the unlock of
// another. A field is told by its object only where every store the unit
// makes into it is such an object's initializer; an object is one only
// where no other unit can name it (internal linkage). A target no other
// unit can name (a static function) is in none of the other units'
// objects; one that others may name may be in any, Elsewhere.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_OPSOBJECTS_H
#define KHARDEN_ENGINE_OPSOBJECTS_H

#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <vector>

namespace kharden {

class OpsObjects {
public:
  /// Bit I of a set of objects: the unit's I-th object of the structure;
  /// Elsewhere: any other (another unit's, or one made at run time).
  static constexpr unsigned MaxObjects = 15;
  static constexpr uint16_t Elsewhere = uint16_t(1u << MaxObjects);

  /// An object of structure Type whose fields (by slot key) hold these
  /// functions (null: none).
  void add(const clang::RecordDecl *Type,
           llvm::StringMap<const clang::FunctionDecl *> Fields);
  /// A store into the field with slot key Field that no object's
  /// initializer makes.
  void open(llvm::StringRef Field) { Opened.insert(Field); }
  /// The objects whose field Field holds Target; 0 where the field is not
  /// told by its object.
  uint16_t holding(llvm::StringRef Field,
                   const clang::FunctionDecl *Target) const;

private:
  llvm::DenseMap<const clang::RecordDecl *,
                 std::vector<llvm::StringMap<const clang::FunctionDecl *>>>
      Objects;
  llvm::StringMap<const clang::RecordDecl *> TypeOf;
  llvm::StringSet<> Opened;
};

} // namespace kharden

#endif
