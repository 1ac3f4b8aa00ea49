//===- support/InputError.h - one-line errors about user input --*- C++ -*-===//
//
// Every problem with user input (a missing file, a malformed YAML or JSON
// document, a broken compilation database) is reported as one line that names
// the file, the position when there is one, and the reason:
//   kharden: error: FILE[:LINE:COL]: REASON
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_SUPPORT_INPUTERROR_H
#define KHARDEN_SUPPORT_INPUTERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <string>

namespace kharden {

/// How deep arrays, objects, sequences and mappings may nest in a file
/// kharden reads (as clang's -fbracket-depth). The parsers recurse once per
/// level, so a deeper file would overflow the stack; no file kharden writes
/// or ships comes near this (summaries nest 8 deep).
constexpr unsigned MaxInputNesting = 256;

/// An error in a user-supplied input file.
class InputError : public llvm::ErrorInfo<InputError> {
public:
  static char ID;
  InputError(std::string File, std::string Reason, unsigned Line = 0,
             unsigned Column = 0)
      : File(std::move(File)), Reason(std::move(Reason)), Line(Line),
        Column(Column) {}

  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

  std::string File, Reason;
  unsigned Line, Column;
};

/// Reads a whole file, or fails with an InputError that says why (missing,
/// a directory, unreadable).
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef Path);

/// Prints "kharden: error: <message>" for every error in E, one line each.
void reportErrors(llvm::Error E);

/// Prints "kharden: warning: <Message>".
void reportWarning(const llvm::Twine &Message);

} // namespace kharden

#endif
