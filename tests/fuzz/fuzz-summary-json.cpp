//===- tests/fuzz/fuzz-summary-json.cpp - stored summaries ----------------===//
//
// Summaries read back from a summary database are never trusted: whatever
// the bytes, summaryFromJson() and summaryFromPieces() must fail cleanly,
// and a summary summaryFromJson() returns must write back to JSON it reads
// again, identically, as a whole and in pieces.
//
//===----------------------------------------------------------------------===//
#include "engine/SummaryJson.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace kharden;

static std::string text(const llvm::json::Value &V) {
  std::string Out;
  llvm::raw_string_ostream(Out) << V;
  return Out;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  if (auto Pieces = summaryFromPieces(Text); !Pieces)
    llvm::consumeError(Pieces.takeError());
  auto V = llvm::json::parse(Text);
  if (!V) {
    llvm::consumeError(V.takeError());
    return 0;
  }
  // The version check has its unit test; let the fuzzer past it, so that
  // seeds written by an older format still reach the readers.
  if (llvm::json::Object *O = V->getAsObject())
    if (O->get("format"))
      (*O)["format"] = SummaryFormatVersion;
  auto S = summaryFromJson(*V);
  if (!S) {
    llvm::consumeError(S.takeError());
    return 0;
  }
  std::string Once = text(summaryToJson(*S));
  auto Again = summaryFromJson(cantFail(llvm::json::parse(Once)));
  if (!Again || text(summaryToJson(*Again)) != Once)
    std::abort(); // a summary that does not survive its own round trip
  auto Stored = summaryFromPieces(summaryToPieces(*S));
  if (!Stored || text(summaryToJson(*Stored)) != Once)
    std::abort(); // nor its stored form
  return 0;
}
