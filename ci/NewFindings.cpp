#include "ci/NewFindings.h"

namespace kharden {

bool NewFindingFilter::touchesDiff(const Finding &F) const {
  if (Diff->contains(F.Where.File, F.Where.Line))
    return true;
  return llvm::any_of(F.Notes, [&](const Note &N) {
    return N.Where.valid() && Diff->contains(N.Where.File, N.Where.Line);
  });
}

/// Removes from All, in order, the findings Drop says to drop, counting
/// them in Count.
template <typename Predicate>
static void dropIf(std::vector<Finding> &All, unsigned &Count,
                   Predicate Drop) {
  std::vector<Finding> Kept;
  for (Finding &F : All) {
    if (Drop(F)) {
      ++Count;
      continue;
    }
    Kept.push_back(std::move(F));
  }
  All = std::move(Kept);
}

std::vector<Finding> NewFindingFilter::select(std::vector<Finding> All,
                                              FilterCounts &Counts) const {
  // First: what is not shown at all is neither suppressed nor known.
  dropIf(All, Counts.BelowSeverity,
         [&](const Finding &F) { return F.Level < MinSeverity; });
  if (Suppress) {
    Counts.PerSuppression.assign(Suppress->entries().size(), 0);
    dropIf(All, Counts.Suppressed, [&](const Finding &F) {
      std::optional<size_t> S = Suppress->match(F);
      if (S)
        ++Counts.PerSuppression[*S];
      return S.has_value();
    });
  }
  if (Base) {
    // Matched before the diff filter: a known finding stays known whether
    // or not the patch touches it.
    std::vector<bool> Known = Base->known(All);
    size_t I = 0;
    dropIf(All, Counts.InBaseline, [&](const Finding &) { return Known[I++]; });
  }
  if (Diff)
    dropIf(All, Counts.OutsideDiff,
           [&](const Finding &F) { return !touchesDiff(F); });
  return All;
}

} // namespace kharden
