//===- models/scheme/SchemeFile.h - scheme files of every kind --*- C++ -*-===//
//
// A scheme file is one YAML document describing one randomization scheme.
// Its top-level `kind:` says which model reads it:
//   kind: stack-offset       models/kstack (per-syscall kernel stack offset)
//   kind: module-placement   models/placement (module address randomization)
// The kind's reader then maps the whole document with LLVM's YAML I/O, so
// unknown keys, missing keys and bad values are errors with file, line and
// column (support/YamlFile.h). Built-in schemes are the *.yaml files of
// models/schemes/ (installed to share/kharden/schemes).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SCHEME_SCHEMEFILE_H
#define KHARDEN_MODELS_SCHEME_SCHEMEFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/YAMLTraits.h"

#include <string>
#include <vector>

namespace kharden {

enum class SchemeKind { StackOffset, ModulePlacement };

/// The spelling of a kind in scheme files ("stack-offset").
llvm::StringRef schemeKindName(SchemeKind Kind);

/// Reads only the `kind:` of the scheme file at Path; every other key is left
/// to the kind's own reader.
llvm::Expected<SchemeKind> readSchemeKind(llvm::StringRef Path);

/// The directory of the built-in schemes: share/kharden/schemes next to the
/// running executable when installed, else models/schemes in the source tree
/// kharden was built from.
std::string builtinSchemeDir();

/// The built-in scheme files of one kind, sorted by file name.
llvm::Expected<std::vector<std::string>> builtinSchemeFiles(SchemeKind Kind);

/// Resolves a --scheme argument: an existing file path is taken as is;
/// otherwise NAME names the built-in NAME.yaml. Fails with the list of
/// built-in names when neither exists.
llvm::Expected<std::string> resolveSchemeArgument(llvm::StringRef Arg);

} // namespace kharden

namespace llvm::yaml {
template <> struct ScalarEnumerationTraits<kharden::SchemeKind> {
  static void enumeration(IO &Io, kharden::SchemeKind &Kind);
};
} // namespace llvm::yaml

#endif
