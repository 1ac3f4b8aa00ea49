//===- engine/StackOffsetSites.h - what a site computes         -*- C++ -*-===//
//
// A stack-offset site (add_random_kstack_offset(), choose_random_kstack_
// offset(rand)) is a macro whose expansion decides the scheme: where the
// offset lives, which bits of it move the stack, how the old offset and the
// random input mix. These are read from clang's AST of the expansion and its
// constant evaluator (binary literals, GENMASK(), sizeof, macro arithmetic),
// never from the macro's text; what cannot be read is left unknown, with the
// reason.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_STACKOFFSETSITES_H
#define KHARDEN_ENGINE_STACKOFFSETSITES_H

#include "engine/FunctionAnalysis.h"

namespace kharden {

/// Reads, for each site of FD (Sites, indexed by the location of the site
/// macro's name token in SiteIndex), its storage and its values.
void readStackOffsetSites(const clang::FunctionDecl *FD, const TUContext &TU,
                          const llvm::DenseMap<unsigned, unsigned> &SiteIndex,
                          std::vector<StackOffsetSite> &Sites);

} // namespace kharden

#endif
