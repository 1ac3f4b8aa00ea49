#include "support/YamlFile.h"

#include "llvm/Support/YAMLParser.h"

namespace kharden {

bool hasYamlContent(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Text.split(Lines, '\n');
  return llvm::any_of(Lines, [](llvm::StringRef Line) {
    Line = Line.trim();
    return !Line.empty() && !Line.starts_with("#") && Line != "---" &&
           Line != "...";
  });
}

namespace {

/// Walks a node tree depth first, never deeper than MaxInputNesting + 1:
/// each collection is read to its end before its parent moves on, so the
/// parser's own skipping never recurses.
class NestingCheck {
public:
  NestingCheck(llvm::SourceMgr &SM, llvm::yaml::Stream &Stream,
               llvm::StringRef Path)
      : SM(SM), Stream(Stream), Path(Path) {}

  llvm::Error visit(llvm::yaml::Node *N, unsigned Depth) {
    using namespace llvm::yaml;
    // After a syntax error the parser's nodes may point outside the buffer;
    // the error itself is the reader's to report.
    if (!N || Stream.failed())
      return llvm::Error::success();
    bool Collection = llvm::isa<SequenceNode, MappingNode>(N);
    if (Collection && Depth > MaxInputNesting)
      return tooDeep(N);
    if (auto *Seq = llvm::dyn_cast<SequenceNode>(N)) {
      for (Node &Child : *Seq)
        if (llvm::Error E = visit(&Child, Depth + 1))
          return E;
    } else if (auto *Map = llvm::dyn_cast<MappingNode>(N)) {
      for (KeyValueNode &KV : *Map) {
        if (llvm::Error E = visit(KV.getKey(), Depth + 1))
          return E;
        if (llvm::Error E = visit(KV.getValue(), Depth + 1))
          return E;
      }
    }
    return llvm::Error::success();
  }

private:
  llvm::Error tooDeep(llvm::yaml::Node *N) {
    llvm::SMLoc Start = N->getSourceRange().Start;
    auto [Line, Column] = SM.FindBufferContainingLoc(Start)
                              ? SM.getLineAndColumn(Start)
                              : std::pair<unsigned, unsigned>();
    return llvm::make_error<InputError>(
        Path.str(),
        "nested deeper than " + std::to_string(MaxInputNesting) + " levels",
        Line, Column);
  }

  llvm::SourceMgr &SM;
  llvm::yaml::Stream &Stream;
  llvm::StringRef Path;
};

} // namespace

llvm::Error checkYamlNesting(llvm::MemoryBufferRef Buffer,
                             llvm::StringRef Path) {
  llvm::SourceMgr SM;
  SM.setDiagHandler([](const llvm::SMDiagnostic &, void *) {});
  llvm::yaml::Stream Stream(Buffer, SM, /*ShowColors=*/false);
  NestingCheck Check(SM, Stream, Path);
  for (llvm::yaml::Document &Doc : Stream)
    if (llvm::Error E = Check.visit(Doc.getRoot(), 1))
      return E;
  return llvm::Error::success();
}

llvm::Error YamlDiagnostic::toError(llvm::StringRef Path) const {
  if (!First)
    return llvm::make_error<InputError>(Path.str(), "not a valid YAML document");
  // SMDiagnostic columns are 0-based; editors and compilers count from 1.
  return llvm::make_error<InputError>(Path.str(), First->getMessage().str(),
                                      First->getLineNo(),
                                      First->getColumnNo() + 1);
}

} // namespace kharden
