//===- report/Render.h - a tree report as Markdown, HTML, JSON --*- C++ -*-===//
#ifndef KHARDEN_REPORT_RENDER_H
#define KHARDEN_REPORT_RENDER_H

#include "models/prove/Report.h"
#include "report/Delta.h"

namespace kharden {

enum class RenderFormat { Markdown, Html, Json };

/// Writes the report: the delta first when there is one, then findings,
/// the extracted scheme with each field's source, and the proofs (rendered
/// by `kharden prove`'s own report writer).
void render(llvm::raw_ostream &OS, const TreeReport &R,
            const ProofReport &Proofs, const ReportDelta *Delta,
            RenderFormat Format);

} // namespace kharden

#endif
