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
// A flag of external linkage (x86's `int after_bootmem;`, set by
// mem_init()) is one where the run's files together say so: one defines it
// at zero, some set it to non-zero constants and none writes it another
// way. Each unit records what it does to such flags (FlagUse); the run
// decides (CrossFileEffects) and the units that test one are analysed
// again with it.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_LATCHES_H
#define KHARDEN_ENGINE_LATCHES_H

#include "engine/Summary.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace kharden {

using Latches = llvm::DenseSet<const clang::VarDecl *>;

/// What a unit knows of its flags.
struct UnitFlags {
  /// As canonical declarations: the file's own latches, and those of
  /// external linkage that RunLatches names and the file does not spoil.
  Latches Latched;
  /// What the unit defines or writes of its flags of external linkage, by
  /// variable (a test is the analysis's to add: FlagUse::Tested).
  std::vector<FlagUse> Uses;
};

/// IsOptionTable: the kernel model's option tables
/// (KernelModel::isOptionTable()), by record name; a flag a boot option's
/// handler sets is no latch.
UnitFlags
findLatches(clang::ASTContext &Ctx,
            llvm::function_ref<bool(llvm::StringRef)> IsOptionTable = nullptr,
            const llvm::StringSet<> &RunLatches = {});

/// An integer variable of external linkage that could be a latch of the
/// run: V's canonical declaration, not volatile.
bool isExternalFlag(const clang::VarDecl *V);

/// The flags of external linkage that Units together make latches: some
/// unit defines it at zero, some set it, none spoils it.
llvm::StringSet<> runLatches(llvm::ArrayRef<const TUSummary *> Units);

/// Adds Uses to Into (sorted by variable, each one's uses joined).
void addFlagUses(std::vector<FlagUse> &Into, llvm::ArrayRef<FlagUse> Uses);

} // namespace kharden

#endif
