//===- engine/Latches.h - flags a file only ever sets -----------*- C++ -*-===//
//
// A latch is a variable of the file (`static bool stop_machine_initialized
// = false;`) that starts at zero and that the file only ever sets to a
// non-zero constant (`stop_machine_initialized = true;` in cpu_stop_init()):
// once set it stays set. A test that finds it zero runs only before the
// set-up, which no caller's code shows (Effect::NotSetUp). Its linkage
// being internal, the file holds every store; a variable whose address the
// file takes may be written through it, and is none.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_LATCHES_H
#define KHARDEN_ENGINE_LATCHES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"

namespace kharden {

using Latches = llvm::DenseSet<const clang::VarDecl *>;

/// The latches of the unit, as their canonical declarations.
Latches findLatches(clang::ASTContext &Ctx);

} // namespace kharden

#endif
