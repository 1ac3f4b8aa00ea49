//===- engine/SummaryJson.h - TUSummary as JSON -------         -*- C++ -*-===//
//
// The one place that turns a translation unit's summary into data that
// outlives the run (the summary database of `kharden check --db`, the shards
// `kharden merge` combines) and back. Every field of the structs in
// Summary.h and ContextState.h's RelState is written here, by name; a field
// equal to its default is left out, so that a field added later reads back
// as its default from older data only if SummaryFormatVersion says so.
//
// Adding a field to a summary struct: write and read it in SummaryJson.cpp
// (and, in CallSite::Passed or FunctionSummary::Facts, test it in empty()),
// extend tests/unit/SummaryJsonTest.cpp's all-fields summary, and bump
// SummaryFormatVersion (stored summaries then count as stale and are
// re-analysed). A structured binding of every struct in SummaryJson.cpp
// stops compiling until the first step is done.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_SUMMARYJSON_H
#define KHARDEN_ENGINE_SUMMARYJSON_H

#include "engine/Summary.h"

#include "llvm/Support/JSON.h"

namespace kharden {

/// The layout and meaning of serialized summaries; part of every cache key.
constexpr unsigned SummaryFormatVersion = 50;

/// The schema: one JSON object per unit.
llvm::json::Value summaryToJson(const TUSummary &Summary);

/// Reads what summaryToJson() wrote; fails (naming the JSON path) on a
/// missing or mistyped field or another format version.
llvm::Expected<TUSummary> summaryFromJson(const llvm::json::Value &Value);

/// The stored form: summaryToJson()'s object cut into JSON documents, one a
/// line. First the unit's header (the object without its arrays, and
/// "pieces": how many elements each array has), then every element of
/// "functions", "hints", "queueings", "allocations" and "flows" in that
/// order. A reader then holds one function's JSON tree at a time, not the
/// unit's (the largest unit's tree took
/// 169 MiB in docs/benchmarks.md's heaptrack: issue 21).
std::string summaryToPieces(const TUSummary &Summary);

/// Reads what summaryToPieces() wrote; fails as summaryFromJson() does,
/// and on a piece that is not JSON or a count that the lines do not match.
llvm::Expected<TUSummary> summaryFromPieces(llvm::StringRef Text);

/// The arrays of a summary's object that are stored a piece per element,
/// in the order the pieces follow the header.
constexpr llvm::StringLiteral SummaryPieceArrays[] = {
    "functions", "hints", "queueings", "allocations", "flows"};

} // namespace kharden

#endif
