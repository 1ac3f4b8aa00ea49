//===- engine/SummaryJson.h - TUSummary as JSON -------         -*- C++ -*-===//
//
// The one place that turns a translation unit's summary into data that
// outlives the run (the summary database of `kharden check --db`, the shards
// `kharden merge` combines) and back. Every field of the structs in
// Summary.h and ContextState.h's RelState is written here, by name; a field
// equal to its default is left out, so that a field added later reads back
// as its default from older data only if SummaryFormatVersion says so.
//
// Adding a field to a summary struct: write and read it in SummaryJson.cpp,
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
constexpr unsigned SummaryFormatVersion = 24;

llvm::json::Value summaryToJson(const TUSummary &Summary);

/// Reads what summaryToJson() wrote; fails (naming the JSON path) on a
/// missing or mistyped field or another format version.
llvm::Expected<TUSummary> summaryFromJson(const llvm::json::Value &Value);

} // namespace kharden

#endif
