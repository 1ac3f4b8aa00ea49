//===- models/placement/PlacementReport.h - module placement reports -*- C++
//-*-===//
//
// The same figures in every format `kharden prove` writes: a table per
// scheme (text, Markdown, HTML), a JSON object per scheme whose "series"
// holds {"n", "bound_bits", "measured_bits", "ci", "measured_capped",
// "cap_bits", "fallback_probability"} and more, and an SVG plot of proved
// bound, measured value (with its interval) and limit against N for the HTML
// report.
//
// Bits are shown to 4 decimals: the proved bound rounded down and the
// interval rounded outward, so no printed figure claims more than was
// shown.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_PLACEMENTREPORT_H
#define KHARDEN_MODELS_PLACEMENT_PLACEMENTREPORT_H

#include "models/placement/PlacementResult.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace kharden::placement {

void printText(llvm::raw_ostream &OS, const PlacementResult &R);
void printMarkdown(llvm::raw_ostream &OS, const PlacementResult &R);
llvm::json::Object toJson(const PlacementResult &R);
/// An HTML <section> (table, plot, leaks, lemmas) for a larger document.
void printHtmlSection(llvm::raw_ostream &OS, const PlacementResult &R);
/// A whole HTML document for some schemes (for standalone use).
void printHtmlDocument(llvm::raw_ostream &OS,
                       llvm::ArrayRef<PlacementResult> Results);
/// The plot as a standalone SVG document.
std::string renderSvg(const PlacementResult &R);

/// "12.3456": the figure as reports print it. Down rounds toward -inf.
std::string bitsText(double Bits, bool Down = false);

} // namespace kharden::placement

#endif
