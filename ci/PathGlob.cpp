#include "ci/PathGlob.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace kharden {

std::string absolutePath(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::optional<StringRef> relativeTo(StringRef AbsPath, StringRef Base) {
  Base.consume_back("/");
  // Base must end at a component boundary of AbsPath: /src/lin is not a
  // directory /src/linux/a.c lies in.
  if (AbsPath.size() > Base.size() + 1 && AbsPath.starts_with(Base) &&
      AbsPath[Base.size()] == '/')
    return AbsPath.drop_front(Base.size() + 1);
  return std::nullopt;
}

Expected<Glob> Glob::create(StringRef Pattern) {
  auto O = std::make_shared<Owned>();
  O->Text = Pattern.str();
  auto Compiled = GlobPattern::create(O->Text);
  if (!Compiled)
    return Compiled.takeError();
  O->Pattern = std::move(*Compiled);
  Glob G;
  G.Compiled = std::move(O);
  return G;
}

Expected<PathGlob> PathGlob::create(StringRef Pattern, StringRef BaseDir) {
  auto G = Glob::create(Pattern);
  if (!G)
    return G.takeError();
  return PathGlob(std::move(*G), absolutePath(BaseDir));
}

bool PathGlob::matches(StringRef Path) const {
  std::string Abs = absolutePath(Path);
  if (Pattern.match(Abs))
    return true;
  std::optional<StringRef> Rel = relativeTo(Abs, Base);
  return Rel && Pattern.match(*Rel);
}

} // namespace kharden
