#include "models/scheme/SchemeFile.h"
#include "support/InputError.h"
#include "support/YamlFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;

namespace kharden {

StringRef schemeKindName(SchemeKind Kind) {
  switch (Kind) {
  case SchemeKind::StackOffset:
    return "stack-offset";
  case SchemeKind::ModulePlacement:
    return "module-placement";
  }
  return "";
}

namespace {
/// Only the kind of a scheme document; the kind's reader checks the rest.
struct KindOnly {
  SchemeKind Kind = SchemeKind::StackOffset;
};
} // namespace
} // namespace kharden

namespace llvm::yaml {
void ScalarEnumerationTraits<kharden::SchemeKind>::enumeration(
    IO &Io, kharden::SchemeKind &Kind) {
  for (auto K :
       {kharden::SchemeKind::StackOffset, kharden::SchemeKind::ModulePlacement})
    Io.enumCase(Kind, kharden::schemeKindName(K).data(), K);
}
template <> struct MappingTraits<kharden::KindOnly> {
  static void mapping(IO &Io, kharden::KindOnly &K) {
    Io.mapRequired("kind", K.Kind);
  }
};
} // namespace llvm::yaml

namespace kharden {

Expected<SchemeKind> readSchemeKind(StringRef Path) {
  auto Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  if ((*Buf)->getBuffer().trim().empty())
    return make_error<InputError>(Path.str(), "empty document");
  if (Error E = checkYamlNesting((*Buf)->getMemBufferRef(), Path))
    return E;
  // Keys other than `kind` are allowed here, and YAML I/O reports them as
  // warnings: keep only errors.
  YamlDiagnostic Diag;
  auto KeepErrors = [](const SMDiagnostic &D, void *Self) {
    if (D.getKind() == SourceMgr::DK_Error)
      YamlDiagnostic::handle(D, Self);
  };
  yaml::Input In((*Buf)->getMemBufferRef(), nullptr, KeepErrors, &Diag);
  In.setAllowUnknownKeys(true);
  KindOnly K;
  if (!In.error())
    In >> K;
  if (In.error() || Diag.First)
    return Diag.toError(Path);
  return K.Kind;
}

static bool isFile(const Twine &Path) {
  return sys::fs::exists(Path) && !sys::fs::is_directory(Path);
}

std::string builtinSchemeDir() {
  std::string Exe = sys::fs::getMainExecutable(nullptr, nullptr);
  if (!Exe.empty()) {
    SmallString<256> Installed(
        sys::path::parent_path(sys::path::parent_path(Exe)));
    sys::path::append(Installed, "share", "kharden", "schemes");
    if (sys::fs::is_directory(Installed))
      return Installed.str().str();
  }
  return KHARDEN_SOURCE_ROOT "/models/schemes";
}

Expected<std::vector<std::string>> builtinSchemeFiles(SchemeKind Kind) {
  std::string Dir = builtinSchemeDir();
  std::vector<std::string> Files;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (sys::path::extension(It->path()) == ".yaml")
      Files.push_back(It->path());
  if (EC)
    return make_error<InputError>(Dir, "cannot list built-in schemes: " +
                                           EC.message());
  std::sort(Files.begin(), Files.end());
  std::vector<std::string> OfKind;
  for (const std::string &F : Files) {
    Expected<SchemeKind> K = readSchemeKind(F);
    if (!K)
      return K.takeError();
    if (*K == Kind)
      OfKind.push_back(F);
  }
  return OfKind;
}

Expected<std::string> resolveSchemeArgument(StringRef Arg) {
  if (sys::fs::exists(Arg))
    return Arg.str();
  bool LooksLikePath = Arg.contains('/') || Arg.ends_with(".yaml");
  SmallString<256> Builtin(builtinSchemeDir());
  sys::path::append(Builtin, Arg + ".yaml");
  if (!LooksLikePath && isFile(Builtin))
    return Builtin.str().str();
  if (LooksLikePath)
    return make_error<InputError>(Arg.str(), "no such file");
  return make_error<InputError>(
      Arg.str(), "no such file, and not the name of a built-in scheme (see " +
                     builtinSchemeDir() + ")");
}

} // namespace kharden
