//===- engine/CrossFileEffects.cpp - callee exits across files ------------===//
#include "engine/CrossFileEffects.h"

#include "engine/Latches.h"
#include "engine/SummaryJson.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

namespace kharden {

namespace {

/// Exit as a caller in another file takes it: without the points of its
/// own file's notes, which a caller never reads (it notes the call) and
/// which move whenever the callee's file is analysed with other imports.
RelState withoutNotes(RelState Exit) {
  const RelState Default;
  Exit.Region = Default.Region;
  Exit.WhyIrq = Default.WhyIrq;
  Exit.WhyPreempt = Default.WhyPreempt;
  Exit.WhySimd = Default.WhySimd;
  Exit.WhyRcu = Default.WhyRcu;
  Exit.WhySection = Default.WhySection;
  return Exit;
}

/// What Exit leaves its caller holding or having released.
auto held(const RelState &Exit) {
  bool IrqsDisabled =
      Exit.Irq == IrqRel::Off && !Exit.IrqsOffAsked && !Exit.IrqsOffAsserted;
  return std::make_tuple(
      Exit.PreemptDepth, Exit.MigrateDepth, Exit.PagefaultDepth, Exit.BhDepth,
      Exit.RcuDepth, Exit.SimdDepth, Exit.SavedCount, Exit.UnmatchedRestores,
      IrqsDisabled, Exit.SectionKind);
}

/// Whether a caller can tell exit A from exit B: by the value returned, or
/// by what it passes (a parameter or parameter test the two found apart).
bool toldApart(const RelState &A, const RelState &B) {
  if (A.Returns != RetFact::Unknown && B.Returns != RetFact::Unknown &&
      A.Returns != B.Returns)
    return true;
  auto Differ = [](uint8_t KnownA, uint8_t TrueA, uint8_t KnownB,
                   uint8_t TrueB) {
    return (KnownA & KnownB & (TrueA ^ TrueB)) != 0;
  };
  return Differ(A.ParamKnown, A.ParamTrue, B.ParamKnown, B.ParamTrue) ||
         Differ(A.TestKnown, A.TestTrue, B.TestKnown, B.TestTrue);
}

/// Exported: F holds or releases on some exit, and where two exits leave
/// different things held, its callers can tell which they took. A function
/// whose exits mix holds the caller cannot tell apart would pass that
/// mixture on to every caller in the tree, and each of theirs.
bool exported(const FunctionSummary &F) {
  if (!llvm::any_of(F.ExitStates, holdsOrReleases))
    return false;
  for (auto A = F.ExitStates.begin(); A != F.ExitStates.end(); ++A)
    for (auto B = std::next(A); B != F.ExitStates.end(); ++B)
      if (held(*A) != held(*B) && !toldApart(*A, *B))
        return false;
  return true;
}

/// Whether T says more of the bits where a pointer parameter points than
/// that they are the caller's (a pointer only read) or that nothing is
/// known of them (`*p = v`). Only those are worth the callers' files being
/// analysed again: a caller that is not told keeps nothing of a local it
/// lends, as before.
bool tellsBits(const FunctionSummary::OutTransfer &T) {
  auto Tells = [](const ArgBitsTransfer &X) {
    return X.OnesOf >= 0 ||
           !(X.T.isIdentity() || X.T == BitsTransfer::assigned({}));
  };
  return Tells(T.Bits) || Tells(T.IfNonZero);
}

/// What a caller's flow of its flags reads of F: its return, or what it
/// leaves where a pointer parameter points, as a function of an argument's
/// bits (6.12's kmalloc_fix_flags(), mm/slab_common.c, returns the flags
/// of its caller in mm/slub.c with the slab bug bits cleared). A function
/// that returns its argument unchanged is left out: the many such are not
/// worth their callers' files analysed again.
bool transfersBits(const FunctionSummary &F) {
  const FunctionSummary::ReturnedParam &R = F.ForCallers->ReturnTransfer;
  return (R.Param >= 0 && !R.Bits.isIdentity()) ||
         llvm::any_of(F.ForCallers->OutTransfers, tellsBits);
}

} // namespace

bool holdsOrReleases(const RelState &Exit) {
  return held(Exit) != held(RelState());
}

CallTargets pointerTargets(llvm::ArrayRef<const TUSummary *> Units) {
  CallTargets Pointers;
  for (const TUSummary *TU : Units)
    for (const PointerFlow &F : TU->Flows)
      Pointers.add(F);
  Pointers.solve();
  return Pointers;
}

CrossFileEffects::CrossFileEffects(llvm::ArrayRef<const TUSummary *> Units,
                                   const CallTargets &Pointers,
                                   unsigned MaxTargets)
    : RunLatches(runLatches(Units)), Pointers(Pointers),
      MaxTargets(MaxTargets) {
  llvm::StringSet<> Declared;
  for (const TUSummary *TU : Units)
    Declared.insert(TU->LocksDeclared.begin(), TU->LocksDeclared.end());
  for (const TUSummary *TU : Units)
    for (const FunctionSummary &F : TU->Functions) {
      bool Effects = exported(F), Bits = transfersBits(F);
      bool Replaces = Declared.contains(F.Key);
      if (ByKey.count(F.Key) || (!Effects && !Bits && !Replaces))
        continue;
      FunctionSummary &Copy = Exported.emplace_back();
      Copy.Key = F.Key;
      // Without its exits, a function changes nothing of its caller's
      // context (FunctionAnalyzer::exitsOf()).
      if (Effects) {
        std::vector<RelState> Exits;
        for (const RelState &Exit : F.ExitStates)
          if (RelState E = withoutNotes(Exit); llvm::none_of(
                  Exits, [&](const RelState &X) { return X.sameContext(E); }))
            Exits.push_back(E);
        Copy.ExitStates = Exits;
        Copy.Tests = F.Tests;
        Copy.Joins = F.Joins;
      } else if (Replaces) {
        Copy.ExitStates = {RelState()};
        DeclarationsOnly.insert(F.Key);
      }
      if (Bits) {
        Copy.ForCallers.set().ReturnTransfer = F.ForCallers->ReturnTransfer;
        for (const FunctionSummary::OutTransfer &T : F.ForCallers->OutTransfers)
          if (tellsBits(T))
            Copy.ForCallers.set().OutTransfers.push_back(T);
      }
      ByKey[F.Key] = &Copy;
    }
}

CrossFileImports CrossFileEffects::importsOf(const TUSummary &TU) const {
  CrossFileImports Out;
  for (const FlagUse &U : TU.FlagUses)
    if (U.Tested && RunLatches.contains(U.Variable))
      Out.Latches.push_back(U.Variable);
  llvm::StringSet<> Defined;
  for (const FunctionSummary &F : TU.Functions)
    Defined.insert(F.Key);
  // A function exported for its transfers of argument bits alone, or to
  // replace a declaration's locks, is imported where the unit's analysis
  // asked for them, at a direct call (ParamBitsFlow, addDeclaredLocks()); a
  // call through a slot takes its targets' exits only.
  auto Asked = [&](const std::vector<std::string> &Keys, llvm::StringRef Key) {
    return std::binary_search(Keys.begin(), Keys.end(), Key);
  };
  auto Import = [&](llvm::StringRef Key,
                    bool Through = false) -> const FunctionSummary * {
    auto It = Defined.count(Key) ? ByKey.end() : ByKey.find(Key);
    if (It == ByKey.end())
      return nullptr;
    bool Exits =
        !It->second->ExitStates.empty() && !DeclarationsOnly.contains(Key);
    if (!Exits && (Through || (!Asked(TU.BitsAsked, Key) &&
                               !Asked(TU.LocksDeclared, Key))))
      return nullptr;
    Out.Functions[It->first()] = It->second;
    return It->second;
  };
  for (const FunctionSummary &F : TU.Functions)
    for (const CallSite &C : F.Calls) {
      if (C.Through.empty()) {
        Import(C.CalleeKey);
        continue;
      }
      std::optional<CallTargets::Held> H = Pointers.held(C.Through);
      if (!H || H->Open || H->Functions.size() > MaxTargets ||
          Out.Targets.count(C.Through))
        continue;
      std::vector<const FunctionSummary *> Found;
      for (unsigned Id : H->Functions)
        if (const FunctionSummary *S = Import(Pointers.functionKey(Id), true))
          Found.push_back(S);
      if (Found.empty())
        continue;
      llvm::sort(Found, [](const FunctionSummary *A, const FunctionSummary *B) {
        return A->Key < B->Key;
      });
      Out.Targets[C.Through] = std::move(Found);
    }
  if (Out.Functions.empty() && Out.Latches.empty())
    return Out;
  // The digest: the imported functions as the summary format writes them,
  // in key order, then each slot's (in slot order) by key, then the
  // latches.
  TUSummary Imported;
  for (const auto &Entry : Out.Functions)
    Imported.Functions.push_back(*Entry.second);
  llvm::sort(Imported.Functions,
             [](const FunctionSummary &A, const FunctionSummary &B) {
               return A.Key < B.Key;
             });
  std::string Text = summaryToPieces(Imported);
  std::vector<llvm::StringRef> Slots;
  for (const auto &Entry : Out.Targets)
    Slots.push_back(Entry.first());
  llvm::sort(Slots);
  for (llvm::StringRef Slot : Slots) {
    Text += '\n';
    Text += Slot;
    for (const FunctionSummary *S : Out.Targets.find(Slot)->second)
      Text += " " + S->Key;
  }
  for (const std::string &Latch : Out.Latches)
    Text += "\nlatch " + Latch;
  llvm::XXH128_hash_t H = llvm::xxh3_128bits(llvm::arrayRefFromStringRef(Text));
  Out.Digest = llvm::utohexstr(H.high64, /*LowerCase=*/true, 16) +
               llvm::utohexstr(H.low64, /*LowerCase=*/true, 16);
  return Out;
}

} // namespace kharden
