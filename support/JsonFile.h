//===- support/JsonFile.h - read a JSON document ----------------*- C++ -*-===//
//
// Every JSON document kharden reads (baselines, base reports, stored
// summaries, compilation databases) is checked here first: llvm::json::parse
// and clang's compilation database reader recurse once per nesting level,
// and so does destroying a json::Value, so a file nested tens of thousands
// deep would overflow the stack instead of giving an error.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_SUPPORT_JSONFILE_H
#define KHARDEN_SUPPORT_JSONFILE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace kharden {

/// Fails with an InputError at the bracket that opens level
/// MaxInputNesting + 1 (in strings, brackets do not count).
llvm::Error checkJsonNesting(llvm::StringRef Text, llvm::StringRef Path);

/// checkJsonNesting(), then llvm::json::parse(); a syntax error is an
/// InputError "Path: not JSON: [line:col, byte=N]: reason".
llvm::Expected<llvm::json::Value> parseJson(llvm::StringRef Text,
                                            llvm::StringRef Path);

} // namespace kharden

#endif
