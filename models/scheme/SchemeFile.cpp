#include "models/scheme/SchemeFile.h"
#include "support/InputError.h"
#include "support/YamlFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <algorithm>

using namespace llvm;

namespace kharden {

Expected<SchemeKindAt> readSchemeKind(StringRef Path) {
  auto Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  if (!hasYamlContent((*Buf)->getBuffer()))
    return make_error<InputError>(Path.str(),
                                  "not a valid YAML document: it is empty");
  if (Error E = checkYamlNesting((*Buf)->getMemBufferRef(), Path))
    return E;
  SourceMgr SM;
  YamlDiagnostic Diag;
  SM.setDiagHandler(YamlDiagnostic::handle, &Diag);
  yaml::Stream S((*Buf)->getMemBufferRef(), SM);
  auto Doc = S.begin();
  yaml::Node *Root = Doc == S.end() ? nullptr : Doc->getRoot();
  auto At = [&](const yaml::Node *N) {
    return SM.getLineAndColumn(N->getSourceRange().Start);
  };
  auto Fail = [&](const yaml::Node *N, const Twine &Why) -> Error {
    auto [Line, Column] = At(N);
    return make_error<InputError>(Path.str(), Why.str(), Line, Column);
  };
  std::optional<SchemeKindAt> Kind;
  if (auto *Map = dyn_cast_or_null<yaml::MappingNode>(Root)) {
    for (yaml::KeyValueNode &KV : *Map) {
      auto *Key = dyn_cast_or_null<yaml::ScalarNode>(KV.getKey());
      SmallString<16> KeyText;
      if (!Key || Key->getValue(KeyText) != "kind" || Kind)
        continue;
      auto *Value = dyn_cast_or_null<yaml::ScalarNode>(KV.getValue());
      if (!Value)
        return Diag.First ? Diag.toError(Path)
                          : Fail(KV.getValue() ? KV.getValue() : Key,
                                 "kind must be a name");
      SmallString<32> Text;
      auto [Line, Column] = At(Value);
      Kind = SchemeKindAt{Value->getValue(Text).str(), Line, Column};
    }
  }
  if (Diag.First || S.failed())
    return Diag.toError(Path);
  if (!isa_and_nonnull<yaml::MappingNode>(Root))
    return Root ? Fail(Root, "a scheme file is a mapping of keys")
                : make_error<InputError>(
                      Path.str(), "not a valid YAML document: it is empty");
  if (!Kind)
    return Fail(Root, "missing required key 'kind'");
  return *Kind;
}

bool isSchemeName(StringRef Name) {
  return !Name.empty() && all_of(Name, [](char C) {
    return isAlnum(C) || C == '.' || C == '_' || C == '-';
  });
}

const char *const BadSchemeName =
    "name must be non-empty and use only letters, digits, '.', '_' and '-'";

void mapSchemeKind(yaml::IO &Io, StringRef Kind) {
  std::string Written = Kind.str();
  Io.mapRequired("kind", Written);
  if (!Io.outputting() && Written != Kind)
    Io.setError("this reader takes kind: " + Kind);
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

Expected<std::vector<std::string>> builtinSchemeFiles(StringRef Kind) {
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
    Expected<SchemeKindAt> K = readSchemeKind(F);
    if (!K)
      return K.takeError();
    if (K->Kind == Kind)
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
