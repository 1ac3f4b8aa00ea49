//===- engine/EntryBreakdown.cpp - what entry contexts differ in ---------===//
//
// KHARDEN_DEBUG_ENTRY_COUNTS=N: after the solve, how many entry contexts
// each AbsState component is responsible for (the contexts left if the
// component were forgotten, per function), and the N functions holding the
// most contexts with the same breakdown. A measurement for issue 21: which
// part of the state multiplies the contexts.
//
//===----------------------------------------------------------------------===//
#include "engine/Program.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace kharden {

namespace {
enum Part : unsigned {
  Levels,     // Preempt, Irqs
  Migrate,    // MigrateDisabled
  Constants,  // ArgKnown, ArgTrue
  Bits,       // ArgBits of arguments
  FieldBits,  // ArgBits of fields
  FnArgsPart, // FnArgs
  KindsPart,  // Kinds
  BhPart,     // Bh
  Simd,       // InSimd, SimdUsable
  Rcu,        // InRcu
  NumParts
};
const char *const PartNames[NumParts] = {
    "preempt/irqs", "migrate", "arg constants", "arg bits",
    "field bits",   "fn args", "kinds",         "bh",
    "simd",         "rcu"};

size_t hashWithout(const AbsState &S, unsigned Mask) {
  auto Has = [&](Part P) { return !(Mask & (1u << P)); };
  llvm::hash_code H = llvm::hash_value(0);
  if (Has(Levels))
    H = llvm::hash_combine(H, S.Preempt, S.Irqs);
  if (Has(Migrate))
    H = llvm::hash_combine(H, 1, S.MigrateDisabled);
  if (Has(Constants))
    H = llvm::hash_combine(H, 2, S.ArgKnown, S.ArgTrue);
  for (const auto &[A, B] : S.ArgBits)
    if (Has(A.Field.empty() ? Bits : FieldBits))
      H = llvm::hash_combine(H, 3, A.Index, A.Field, B.Zero, B.One, B.NonZero);
  if (Has(FnArgsPart))
    for (const auto &[P, F] : S.FnArgs)
      H = llvm::hash_combine(H, 4, P, F);
  if (Has(KindsPart))
    H = llvm::hash_combine(H, 5, S.Kinds);
  if (Has(BhPart))
    H = llvm::hash_combine(H, 6, S.Bh);
  if (Has(Simd))
    H = llvm::hash_combine(H, 7, S.InSimd, S.SimdUsable);
  if (Has(Rcu))
    H = llvm::hash_combine(H, 8, S.InRcu);
  return H;
}

/// Contexts of one function left when the parts in Mask are forgotten
/// (hash collisions aside: a debug count).
size_t distinctWithout(llvm::ArrayRef<const AbsState *> States, unsigned Mask) {
  llvm::DenseSet<size_t> Seen;
  for (const AbsState *S : States)
    Seen.insert(hashWithout(*S, Mask));
  return Seen.size();
}
} // namespace

void Program::dumpEntryBreakdown(unsigned Top) const {
  // Masks: each part alone forgotten, all argument parts, all context parts.
  std::vector<std::pair<std::string, unsigned>> Masks;
  for (unsigned P = 0; P < NumParts; ++P)
    Masks.push_back({std::string("without ") + PartNames[P], 1u << P});
  unsigned ArgParts =
      (1u << Constants) | (1u << Bits) | (1u << FieldBits) | (1u << FnArgsPart);
  Masks.push_back({"without any argument part", ArgParts});
  Masks.push_back({"arguments only", ((1u << NumParts) - 1) & ~ArgParts});
  std::vector<size_t> Total(Masks.size());
  size_t All = 0;
  std::vector<std::pair<size_t, size_t>> BySize; // contexts, function
  std::vector<const AbsState *> States;
  for (size_t I = 0; I < Functions.size(); ++I) {
    All += Entries[I].size();
    BySize.push_back({Entries[I].size(), I});
    States.clear();
    for (const EntryContexts::Stored &S : Entries[I])
      States.push_back(&this->States[S.State]);
    for (size_t M = 0; M < Masks.size(); ++M)
      Total[M] += distinctWithout(States, Masks[M].second);
  }
  llvm::errs() << "entry contexts: " << All << "\n";
  for (size_t M = 0; M < Masks.size(); ++M)
    llvm::errs() << "  " << Masks[M].first << ": " << Total[M] << "\n";
  std::sort(BySize.rbegin(), BySize.rend());
  for (size_t K = 0; K < BySize.size() && K < Top; ++K) {
    size_t I = BySize[K].second;
    States.clear();
    for (const EntryContexts::Stored &S : Entries[I])
      States.push_back(&this->States[S.State]);
    llvm::errs() << "top " << K + 1 << ": " << Functions[I].Name << " ("
                 << Functions[I].Where.File.str() << ") " << BySize[K].first
                 << " contexts, bitArgs";
    for (const ArgRef &A : BitArgs[I])
      llvm::errs() << " " << unsigned(A.Index)
                   << (A.Field.empty() ? "" : "->" + A.Field);
    llvm::errs() << ", fnParams";
    for (uint8_t P : FunctionParams[I])
      llvm::errs() << " " << unsigned(P);
    llvm::errs() << "; forgetting:";
    for (size_t M = 0; M < Masks.size(); ++M)
      llvm::errs() << " [" << Masks[M].first << " "
                   << distinctWithout(States, Masks[M].second) << "]";
    llvm::errs() << "\n";
  }
}

} // namespace kharden
