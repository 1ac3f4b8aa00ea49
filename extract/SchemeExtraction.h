//===- extract/SchemeExtraction.h - schemes from code -         -*- C++ -*-===//
//
// `kharden extract`: the stack-offset scheme a tree implements, derived from
// its code by the same engine the checks use. Every field of the scheme
// carries where it comes from; a field the code does not determine is
// marked unknown with the reason, never guessed.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_EXTRACT_SCHEMEEXTRACTION_H
#define KHARDEN_EXTRACT_SCHEMEEXTRACTION_H

#include "engine/Program.h"
#include "models/kstack/Scheme.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace kharden {

/// One field of an extracted scheme and its evidence.
struct ExtractedField {
  std::string Field;    ///< Scheme-file path: "refill.context".
  std::string Value;    ///< As the scheme file spells it; "unknown" if so.
  bool Known = true;
  std::string Evidence; ///< What in the code says so, or why unknown.
  SourcePoint Where;    ///< The code responsible.
};

struct ExtractedScheme {
  kstack::StackOffsetScheme Scheme;
  std::vector<ExtractedField> Fields;

  bool complete() const {
    return llvm::all_of(Fields, [](const ExtractedField &F) { return F.Known; });
  }
  const ExtractedField *field(llvm::StringRef Name) const;
};

/// Files outside the run that may call Function (for the reason a context
/// is unknown), or none.
using CallerFiles =
    llvm::function_ref<std::vector<std::string>(llvm::StringRef Function)>;

/// The stack-offset schemes of the analysed code: one per architecture
/// whose code uses the kernel model's consume/refill macros.
std::vector<ExtractedScheme>
extractStackOffsetSchemes(const Program &P, CallerFiles Callers = nullptr);

/// Writes S as a scheme file (models/schemes format), headed by comments
/// that name the code each field comes from. Unknown fields are written as
/// `unknown`, which a scheme reader rejects: extraction never guesses.
void writeExtractedScheme(llvm::raw_ostream &OS, const ExtractedScheme &S);

/// The fields and their evidence, for reports (JSON).
llvm::json::Value extractedToJson(const ExtractedScheme &S);

} // namespace kharden

#endif
