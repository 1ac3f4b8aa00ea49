//===- support/YamlFile.h - read a YAML document into a typed value -------===//
//
// Kernel knowledge (checkers/data/kernel.yaml) and model schemes
// (models/schemes/*.yaml) are YAML read with LLVM's YAML I/O. This helper
// turns YAML I/O's diagnostics into one InputError naming file, line, column
// and reason, so that every reader reports a malformed file the same way,
// and refuses files nested too deep before YAML I/O sees them.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_SUPPORT_YAMLFILE_H
#define KHARDEN_SUPPORT_YAMLFILE_H

#include "support/InputError.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"

#include <optional>

namespace kharden {

/// Collects the first diagnostic YAML I/O reports.
struct YamlDiagnostic {
  std::optional<llvm::SMDiagnostic> First;
  static void handle(const llvm::SMDiagnostic &D, void *Self) {
    auto &Me = *static_cast<YamlDiagnostic *>(Self);
    if (!Me.First)
      Me.First = D;
  }
  /// An InputError for the first diagnostic, named after Path.
  llvm::Error toError(llvm::StringRef Path) const;
};

/// Whether Text holds anything but blank lines, comments and document markers.
bool hasYamlContent(llvm::StringRef Text);

/// Fails with an InputError at the node that opens level MaxInputNesting + 1:
/// YAML I/O builds its node tree recursively, and a file nested tens of
/// thousands deep would overflow the stack. Syntax errors are left to the
/// reader, which reports them in its own words.
llvm::Error checkYamlNesting(llvm::MemoryBufferRef Buffer,
                             llvm::StringRef Path);

/// Parses Buffer (named Path in messages) as one YAML document into Out.
template <typename T>
llvm::Error parseYaml(llvm::MemoryBufferRef Buffer, llvm::StringRef Path,
                      T &Out, void *Context = nullptr) {
  if (llvm::Error E = checkYamlNesting(Buffer, Path))
    return E;
  YamlDiagnostic Diag;
  llvm::yaml::Input In(Buffer, Context, YamlDiagnostic::handle, &Diag);
  if (In.error())
    return Diag.toError(Path);
  // A document of comments only has no node to map (and YAML I/O would
  // validate a default-constructed value).
  if (!hasYamlContent(Buffer.getBuffer()))
    return llvm::make_error<InputError>(Path.str(), "empty document");
  In >> Out;
  if (In.error() || Diag.First)
    return Diag.toError(Path);
  return llvm::Error::success();
}

/// Reads the file at Path and parses it as one YAML document into Out.
template <typename T>
llvm::Error readYamlFile(llvm::StringRef Path, T &Out,
                         void *Context = nullptr) {
  auto Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  if ((*Buf)->getBuffer().trim().empty())
    return llvm::make_error<InputError>(Path.str(), "empty document");
  return parseYaml((*Buf)->getMemBufferRef(), Path, Out, Context);
}

} // namespace kharden

#endif
