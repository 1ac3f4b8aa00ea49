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
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace kharden {

namespace {
const char *const PartNames[AbsState::NumParts] = {
    "preempt/irqs", "migrate", "arg constants", "arg bits",
    "field bits",   "fn args", "kinds",         "bh",
    "simd",         "rcu",     "chain"};

/// Contexts of one function left when the parts in Mask are forgotten
/// (hash collisions aside: a debug count).
size_t distinctWithout(llvm::ArrayRef<const AbsState *> States, unsigned Mask) {
  llvm::DenseSet<size_t> Seen;
  for (const AbsState *S : States)
    Seen.insert(hashState(*S, Mask));
  return Seen.size();
}
} // namespace

void Program::dumpEntryBreakdown(unsigned Top) const {
  // Masks: each part alone forgotten, all argument parts, all context parts.
  std::vector<std::pair<std::string, unsigned>> Masks;
  for (unsigned P = 0; P < AbsState::NumParts; ++P)
    Masks.push_back({std::string("without ") + PartNames[P], 1u << P});
  unsigned ArgParts = (1u << AbsState::Constants) | (1u << AbsState::Bits) |
                      (1u << AbsState::FieldBits) |
                      (1u << AbsState::FnArgsPart);
  Masks.push_back({"without any argument part", ArgParts});
  Masks.push_back(
      {"arguments only", ((1u << AbsState::NumParts) - 1) & ~ArgParts});
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
    llvm::errs() << "top " << K + 1 << ": " << Functions[I].name() << " ("
                 << Functions[I].Where.File.str() << ") " << BySize[K].first
                 << " contexts, bitArgs";
    for (const ArgRef &A : BitArgs[I])
      llvm::errs() << " " << unsigned(A.Index)
                   << (A.Field.empty() ? "" : "->" + A.Field.str());
    llvm::errs() << ", fnParams";
    for (unsigned P = 0; P < CallSite::MaxFunctionParams; ++P)
      if (functionMatters(I, P))
        llvm::errs() << " " << P;
    llvm::errs() << "; forgetting:";
    for (size_t M = 0; M < Masks.size(); ++M)
      llvm::errs() << " [" << Masks[M].first << " "
                   << distinctWithout(States, Masks[M].second) << "]";
    llvm::errs() << "\n";
  }
}

} // namespace kharden
