//===- models/scheme/SchemeFile.h - scheme files of every kind --*- C++ -*-===//
//
// A scheme file is one YAML document describing one randomization or
// hardening scheme. Its top-level `kind:` says which model reads it (the
// kinds are the models' own, models/Models.def); the kind's reader then maps
// the whole document (SchemeDocument.h), so unknown keys, missing keys and
// bad values are errors with file, line and column. Built-in schemes are the
// *.yaml files of models/schemes/ (installed to share/kharden/schemes).
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

/// The `kind:` of a scheme file and where its value is written.
struct SchemeKindAt {
  std::string Kind;
  unsigned Line = 0, Column = 0;
};

/// Reads only the `kind:` of the scheme file at Path; every other key is left
/// to the kind's own reader.
llvm::Expected<SchemeKindAt> readSchemeKind(llvm::StringRef Path);

/// For a reader's YAML I/O mapping: the document's `kind:`, which must be
/// Kind.
void mapSchemeKind(llvm::yaml::IO &Io, llvm::StringRef Kind);

/// Scheme names are file names and parts of query names: letters, digits,
/// '.', '_' and '-', at least one. BadSchemeName says so.
bool isSchemeName(llvm::StringRef Name);
extern const char *const BadSchemeName;

/// The directory of the built-in schemes: share/kharden/schemes next to the
/// running executable when installed, else models/schemes in the source tree
/// kharden was built from.
std::string builtinSchemeDir();

/// The built-in scheme files of one kind, sorted by file name.
llvm::Expected<std::vector<std::string>>
builtinSchemeFiles(llvm::StringRef Kind);

/// Resolves a --scheme argument: an existing file path is taken as is;
/// otherwise NAME names the built-in NAME.yaml. Fails with the list of
/// built-in names when neither exists.
llvm::Expected<std::string> resolveSchemeArgument(llvm::StringRef Arg);

} // namespace kharden

#endif
