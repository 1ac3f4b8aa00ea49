#include "ci/Suppressions.h"

#include "checkers/Check.h"
#include "findings/Consequence.h"
#include "support/YamlFile.h"

#include "llvm/Support/Path.h"

using namespace llvm;
using namespace kharden;

namespace {
struct SuppressionFile {
  std::vector<Suppression> Entries;
};

/// What validate() needs besides the entry.
struct ReadContext {
  std::string BaseDir;
};

bool isGlob(StringRef S) { return S.find_first_of("*?[{\\") != StringRef::npos; }

/// Compiles Pattern into Out; the reason if it is invalid.
std::string compile(StringRef Key, StringRef Pattern,
                    std::optional<Glob> &Out) {
  if (Pattern.empty())
    return "";
  auto G = Glob::create(Pattern);
  if (!G)
    return Key.str() + ": " + toString(G.takeError());
  Out = std::move(*G);
  return "";
}
} // namespace

LLVM_YAML_IS_SEQUENCE_VECTOR(kharden::Suppression)

namespace llvm::yaml {

template <> struct MappingTraits<Suppression> {
  static void mapping(IO &Io, Suppression &S) {
    Io.mapRequired("check", S.Check);
    Io.mapOptional("file", S.File);
    Io.mapOptional("function", S.Function);
    Io.mapOptional("variable", S.Variable);
    Io.mapOptional("consequence", S.Consequence);
    Io.mapRequired("reason", S.Reason);
  }
  static std::string validate(IO &Io, Suppression &S) {
    if (StringRef(S.Reason).trim().empty())
      return "a suppression needs a reason";
    if (S.File.empty() && S.Function.empty())
      return "a suppression needs a 'file' or a 'function' pattern";
    if (!isGlob(S.Check) && !llvm::any_of(allChecks(), [&](const CheckInfo &C) {
          return C.Name == S.Check;
        }))
      return "unknown check '" + S.Check + "' (see kharden check --list-checks)";
    if (!S.Consequence.empty() && !parseConsequence(S.Consequence))
      return "unknown consequence '" + S.Consequence + "' (one of " +
             consequenceNames() + ")";
    for (auto [Key, Pattern, Out] :
         {std::tuple<StringRef, StringRef, std::optional<Glob> *>{
              "check", S.Check, &S.CheckGlob},
          {"function", S.Function, &S.FunctionGlob},
          {"variable", S.Variable, &S.VariableGlob}})
      if (std::string Why = compile(Key, Pattern, *Out); !Why.empty())
        return Why;
    if (!S.File.empty()) {
      auto *Ctx = static_cast<ReadContext *>(Io.getContext());
      auto G = PathGlob::create(S.File, Ctx->BaseDir);
      if (!G)
        return "file: " + toString(G.takeError());
      S.FileGlob = std::move(*G);
    }
    return "";
  }
};

template <> struct MappingTraits<SuppressionFile> {
  static void mapping(IO &Io, SuppressionFile &F) {
    Io.mapRequired("suppressions", F.Entries);
  }
};

} // namespace llvm::yaml

namespace kharden {

bool Suppression::covers(const Finding &F) const {
  return (!CheckGlob || CheckGlob->match(F.Check)) &&
         (!FileGlob || FileGlob->matches(F.Where.File)) &&
         (!FunctionGlob || FunctionGlob->match(F.Function)) &&
         (!VariableGlob || VariableGlob->match(F.Variable)) &&
         (Consequence.empty() || Consequence == F.Consequence);
}

Expected<Suppressions> Suppressions::parse(StringRef Text, StringRef Name,
                                           StringRef BaseDir) {
  if (Text.trim().empty())
    return make_error<InputError>(Name.str(), "empty document");
  ReadContext Ctx{BaseDir.str()};
  SuppressionFile File;
  if (Error E = parseYaml(MemoryBufferRef(Text, Name), Name, File, &Ctx))
    return E;
  Suppressions S;
  S.Entries = std::move(File.Entries);
  S.Name = Name.str();
  return S;
}

Expected<Suppressions> Suppressions::load(StringRef Path) {
  auto Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  SmallString<256> Dir(absolutePath(Path));
  sys::path::remove_filename(Dir);
  return parse((*Buf)->getBuffer(), Path, Dir);
}

std::optional<size_t> Suppressions::match(const Finding &F) const {
  for (size_t I = 0; I < Entries.size(); ++I)
    if (Entries[I].covers(F))
      return I;
  return std::nullopt;
}

} // namespace kharden
