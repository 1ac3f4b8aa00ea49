#include "extract/SchemeExtraction.h"
#include "support/PrintableText.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>

namespace kharden {

/// Text from the code (an expression, a file name) for a one-line YAML
/// comment: printable, and on one line.
static std::string commentText(llvm::StringRef Text) {
  std::string Out = printableText(Text);
  std::replace_if(
      Out.begin(), Out.end(), [](char C) { return C == '\n' || C == '\t'; },
      ' ');
  return Out;
}

static std::string pointText(const SourcePoint &P) {
  if (!P.valid())
    return "the compile command";
  return commentText(P.File) + ":" + std::to_string(P.Line) + ":" +
         std::to_string(P.Column);
}

/// Rewrites the values of unknown fields to `unknown`, by their path in the
/// YAML that kstack::writeStackOffsetScheme produced ("refill.context").
static std::string markUnknown(llvm::StringRef Yaml,
                               const std::vector<ExtractedField> &Fields) {
  llvm::StringMap<std::string> Unknown;
  for (const ExtractedField &F : Fields)
    if (!F.Known)
      Unknown[F.Field] = F.Evidence;
  std::string Out;
  std::vector<std::pair<size_t, std::string>> Parents; // indent, key
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Yaml.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    size_t Indent = Line.find_first_not_of(' ');
    llvm::StringRef Body = Line.ltrim(' ');
    auto [Key, Value] = Body.split(':');
    if (Indent != llvm::StringRef::npos && !Body.starts_with("-") &&
        Body.contains(':')) {
      while (!Parents.empty() && Parents.back().first >= Indent)
        Parents.pop_back();
      std::string Path;
      for (auto &[I, K] : Parents)
        Path += K + ".";
      Path += Key.str();
      if (Value.trim().empty())
        Parents.push_back({Indent, Key.str()});
      auto It = Unknown.find(Path);
      if (It != Unknown.end()) {
        Out += std::string(Indent, ' ') + Key.str() + ": unknown  # " +
               commentText(It->second) + "\n";
        continue;
      }
    }
    Out += Line.str() + "\n";
  }
  return Out;
}

void writeExtractedScheme(llvm::raw_ostream &OS, const ExtractedScheme &S) {
  OS << "# Extracted by `kharden extract`; every field and the code it comes "
        "from:\n";
  for (const ExtractedField &F : S.Fields)
    OS << "#   " << F.Field << ": " << commentText(F.Value) << "  <- "
       << commentText(F.Evidence) << " (" << pointText(F.Where) << ")\n";
  if (!S.complete())
    OS << "# Some fields are unknown: this file is incomplete on purpose "
          "and no scheme reader accepts it.\n";
  std::string Yaml;
  llvm::raw_string_ostream YamlOS(Yaml);
  kstack::writeStackOffsetScheme(YamlOS, S.Scheme);
  OS << markUnknown(Yaml, S.Fields);
}

llvm::json::Value extractedToJson(const ExtractedScheme &S) {
  llvm::json::Array Fields;
  for (const ExtractedField &F : S.Fields) {
    llvm::json::Object O{{"field", F.Field},
                         {"value", F.Value},
                         {"known", F.Known},
                         {"evidence", F.Evidence}};
    if (F.Where.valid())
      O["file"] = F.Where.File.str(), O["line"] = F.Where.Line,
      O["column"] = F.Where.Column;
    Fields.push_back(std::move(O));
  }
  return llvm::json::Object{{"name", S.Scheme.Name},
                            {"arch", S.Scheme.Arch},
                            {"complete", S.complete()},
                            {"fields", std::move(Fields)}};
}

} // namespace kharden
