//===- ci/PathGlob.h - file patterns of filters and suppressions ----------===//
//
// A file pattern is an llvm::GlobPattern (`*`, `?`, `[a-z]`, `{a,b}`; `*`
// also matches `/`). It matches a file if it matches the file's path
// relative to a base directory (the current directory for --include and
// --exclude, the suppressions file's directory for suppressions), or the
// file's absolute path.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CI_PATHGLOB_H
#define KHARDEN_CI_PATHGLOB_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"

#include <memory>
#include <optional>
#include <string>

namespace kharden {

/// An llvm::GlobPattern with its text. GlobPattern keeps a StringRef into
/// the string it was created from, so that string must not move: here it
/// lives on the heap, shared by copies.
class Glob {
public:
  static llvm::Expected<Glob> create(llvm::StringRef Pattern);
  bool match(llvm::StringRef S) const { return Compiled->Pattern->match(S); }
  llvm::StringRef text() const { return Compiled->Text; }

private:
  struct Owned {
    std::string Text;
    std::optional<llvm::GlobPattern> Pattern;
  };
  std::shared_ptr<const Owned> Compiled;
};

/// Path's absolute form with `.` and `..` removed, relative paths taken
/// from the current directory.
std::string absolutePath(llvm::StringRef Path);

/// The part of AbsPath below directory Base, if AbsPath lies inside it.
std::optional<llvm::StringRef> relativeTo(llvm::StringRef AbsPath,
                                          llvm::StringRef Base);

class PathGlob {
public:
  /// An invalid pattern fails with GlobPattern's reason.
  static llvm::Expected<PathGlob> create(llvm::StringRef Pattern,
                                         llvm::StringRef BaseDir);
  /// Path may be relative (to the current directory) or absolute.
  bool matches(llvm::StringRef Path) const;
  llvm::StringRef pattern() const { return Pattern.text(); }

private:
  PathGlob(Glob Pattern, std::string Base)
      : Pattern(std::move(Pattern)), Base(std::move(Base)) {}
  Glob Pattern;
  std::string Base;
};

} // namespace kharden

#endif
