#include "ci/NewFindings.h"

namespace kharden {

bool NewFindingFilter::touchesDiff(const Finding &F) const {
  if (Diff->contains(F.Where.File, F.Where.Line))
    return true;
  return llvm::any_of(F.Notes, [&](const Note &N) {
    return N.Where.valid() && Diff->contains(N.Where.File, N.Where.Line);
  });
}

std::vector<Finding> NewFindingFilter::select(std::vector<Finding> All,
                                              FilterCounts &Counts) const {
  std::vector<Finding> Kept;
  if (Suppress) {
    Counts.PerSuppression.assign(Suppress->entries().size(), 0);
    for (Finding &F : All) {
      if (std::optional<size_t> S = Suppress->match(F)) {
        ++Counts.Suppressed;
        ++Counts.PerSuppression[*S];
        continue;
      }
      Kept.push_back(std::move(F));
    }
    All = std::move(Kept);
    Kept.clear();
  }
  if (Base) {
    // Matched before the diff filter: a known finding stays known whether
    // or not the patch touches it.
    std::vector<bool> Known = Base->known(All);
    for (size_t I = 0; I < All.size(); ++I) {
      if (Known[I]) {
        ++Counts.InBaseline;
        continue;
      }
      Kept.push_back(std::move(All[I]));
    }
    All = std::move(Kept);
    Kept.clear();
  }
  if (Diff) {
    for (Finding &F : All) {
      if (!touchesDiff(F)) {
        ++Counts.OutsideDiff;
        continue;
      }
      Kept.push_back(std::move(F));
    }
    All = std::move(Kept);
  }
  return All;
}

} // namespace kharden
