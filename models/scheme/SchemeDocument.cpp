#include "models/scheme/SchemeDocument.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace llvm;

namespace kharden {

void KeyVocabulary::add(const std::string &Path, StringRef Name,
                        bool Required) {
  std::vector<Key> &At = Keys[Path];
  if (none_of(At, [&](const Key &K) { return K.Name == Name; }))
    At.push_back({Name.str(), Required});
}

const std::vector<KeyVocabulary::Key> *
KeyVocabulary::at(const std::string &Path) const {
  auto It = Keys.find(Path);
  return It == Keys.end() ? nullptr : &It->second;
}

namespace detail {

KeyRecorder::KeyRecorder() : Input("{}") {
  // The current node stays this "{}" mapping: YAML I/O's check for an
  // optional key written "<none>" reads it, and it is not a scalar.
  setCurrentDocument();
}

std::string KeyRecorder::path() const { return join(Path, "/"); }

bool KeyRecorder::preflightKey(const char *Key, bool Required, bool,
                               bool &UseDefault, void *&) {
  Keys.add(path(), Key, Required);
  Path.push_back(Key);
  UseDefault = false;
  return true;
}

bool KeyRecorder::preflightElement(unsigned, void *&) {
  Path.push_back("[]");
  return true;
}

namespace {

/// One problem of the file, 1-based like every other kharden message.
struct Problem {
  unsigned Line = 0, Column = 0;
  std::string Message;
  bool operator==(const Problem &O) const {
    return Line == O.Line && Column == O.Column && Message == O.Message;
  }
};

using Position = std::pair<unsigned, unsigned>;

/// A key of the document: where it is written, whether the reader requires
/// it, and where the mappings that hold it start (innermost last).
struct KeyAt {
  unsigned Line = 0, Column = 0;
  bool Required = false;
  std::vector<Position> Within;
};

/// The first diagnostic of the YAML parser, as a Problem.
struct FirstDiagnostic {
  std::optional<Problem> First;
  static void handle(const SMDiagnostic &D, void *Self) {
    auto &Me = *static_cast<FirstDiagnostic *>(Self);
    if (!Me.First && D.getKind() == SourceMgr::DK_Error)
      Me.First = Problem{unsigned(D.getLineNo()), unsigned(D.getColumnNo()) + 1,
                         D.getMessage().str()};
  }
};

/// The closest known key to Name not yet written, within clang's
/// typo-correction distance: (length + 2) / 3 edits.
std::optional<std::string>
closestKey(StringRef Name, const std::vector<KeyVocabulary::Key> &Known,
           const std::set<std::string> &Written) {
  unsigned Limit = (Name.size() + 2) / 3;
  std::optional<std::string> Best;
  unsigned BestDistance = Limit + 1;
  for (const KeyVocabulary::Key &K : Known) {
    if (Written.count(K.Name))
      continue;
    unsigned D = Name.edit_distance(K.Name, /*AllowReplacements=*/true, Limit);
    if (D < BestDistance) {
      BestDistance = D;
      Best = K.Name;
    }
  }
  return Best;
}

/// Checks the keys of every mapping the reader knows against its
/// vocabulary, and collects where each key is written.
class KeyCheck {
public:
  KeyCheck(SourceMgr &SM, const KeyVocabulary &Keys,
           std::vector<Problem> &Problems)
      : SM(SM), Keys(Keys), Problems(Problems) {}

  void value(yaml::Node *N, const std::string &Path,
             std::vector<Position> Within = {}) {
    if (auto *M = dyn_cast_or_null<yaml::MappingNode>(N)) {
      if (Keys.at(Path)) {
        Within.push_back(position(M));
        mapping(*M, Path, Within);
      }
    } else if (auto *S = dyn_cast_or_null<yaml::SequenceNode>(N)) {
      for (yaml::Node &Element : *S)
        value(&Element, Path.empty() ? "[]" : Path + "/[]", Within);
    }
  }

  /// An unknown key, and the key it was probably meant to be.
  struct UnknownKey {
    KeyAt At;
    std::string Name;
    std::optional<std::string> Meant;
  };
  /// The unknown keys, to be renamed or cut out before YAML I/O reads the
  /// rest.
  std::vector<UnknownKey> Unknown;
  /// Every known key written (a typo counts as the key meant), to find the
  /// entry a later error is in.
  std::vector<KeyAt> Known;

private:
  Position position(const yaml::Node *N) const {
    return SM.getLineAndColumn(N->getSourceRange().Start);
  }

  void mapping(yaml::MappingNode &M, const std::string &Path,
               const std::vector<Position> &Within) {
    const std::vector<KeyVocabulary::Key> &Vocabulary = *Keys.at(Path);
    auto [MapLine, MapColumn] = Within.back();
    std::set<std::string> Written;
    std::vector<UnknownKey> Typos;
    for (yaml::KeyValueNode &KV : M) {
      auto *KeyNode = dyn_cast_or_null<yaml::ScalarNode>(KV.getKey());
      if (!KeyNode)
        continue;
      SmallString<32> Storage;
      std::string Name = KeyNode->getValue(Storage).str();
      auto [Line, Column] = position(KeyNode);
      auto Known = find_if(Vocabulary, [&](const KeyVocabulary::Key &K) {
        return K.Name == Name;
      });
      if (!Written.insert(Name).second) {
        Problems.push_back(
            {Line, Column, "duplicated mapping key '" + Name + "'"});
        continue;
      }
      if (Known == Vocabulary.end()) {
        Typos.push_back({{Line, Column, false, Within}, Name, std::nullopt});
        continue;
      }
      this->Known.push_back({Line, Column, Known->Required, Within});
      value(KV.getValue(), Path.empty() ? Name : Path + "/" + Name, Within);
    }
    for (UnknownKey &U : Typos) {
      std::string Message = "unknown key '" + U.Name + "'";
      U.Meant = closestKey(U.Name, Vocabulary, Written);
      if (U.Meant) {
        Message += "; did you mean '" + *U.Meant + "'?";
        Written.insert(*U.Meant);
        U.At.Required = find_if(Vocabulary, [&](const KeyVocabulary::Key &K) {
                          return K.Name == *U.Meant;
                        })->Required;
        this->Known.push_back(U.At);
      }
      Problems.push_back({U.At.Line, U.At.Column, Message});
      Unknown.push_back(std::move(U));
    }
    for (const KeyVocabulary::Key &K : Vocabulary)
      if (K.Required && !Written.count(K.Name))
        Problems.push_back(
            {MapLine, MapColumn, "missing required key '" + K.Name + "'"});
  }

  SourceMgr &SM;
  const KeyVocabulary &Keys;
  std::vector<Problem> &Problems;
};

/// The lines of the entry whose key is at At: its own line and every
/// following line indented deeper (or a sequence item at its indentation),
/// blank and comment lines included. Nothing for a key inside a flow
/// collection, whose entry cannot be cut out by lines.
std::optional<std::pair<unsigned, unsigned>>
entryLines(ArrayRef<StringRef> Lines, const KeyAt &At) {
  StringRef First = Lines[At.Line - 1];
  StringRef Before = First.take_front(At.Column - 1).trim();
  if (!Before.empty() && Before != "-")
    return std::nullopt;
  unsigned Indent = At.Column - 1, Last = At.Line;
  for (unsigned L = At.Line + 1; L <= Lines.size(); ++L) {
    StringRef Text = Lines[L - 1];
    StringRef Content = Text.ltrim();
    if (Content.empty() || Content.starts_with("#"))
      continue;
    unsigned Depth = Text.size() - Content.size();
    if (Depth < Indent || (Depth == Indent && !Content.starts_with("-")))
      break;
    Last = L;
  }
  return std::make_pair(At.Line, Last);
}

/// Text with the entry at At replaced by spaces (line breaks kept, so every
/// other position stays where it was). False when it cannot be cut out.
bool blankEntry(std::string &Text, const KeyAt &At) {
  SmallVector<StringRef, 64> Lines;
  StringRef(Text).split(Lines, '\n');
  auto Range = entryLines(Lines, At);
  if (!Range)
    return false;
  size_t Offset = 0;
  for (unsigned L = 1; L < Range->first; ++L)
    Offset += Lines[L - 1].size() + 1;
  for (unsigned L = Range->first; L <= Range->second; ++L) {
    size_t From = L == Range->first ? At.Column - 1 : 0;
    for (size_t I = From; I < Lines[L - 1].size(); ++I)
      Text[Offset + I] = ' ';
    Offset += Lines[L - 1].size() + 1;
  }
  return true;
}

/// Text with the key From at At renamed To (the key meant), if it is
/// written there plainly.
bool renameKey(std::string &Text, const KeyAt &At, StringRef From,
               StringRef To) {
  size_t Offset = 0;
  for (unsigned L = 1; L < At.Line; ++L) {
    Offset = Text.find('\n', Offset);
    if (Offset == std::string::npos)
      return false;
    ++Offset;
  }
  Offset += At.Column - 1;
  if (StringRef(Text).substr(Offset, From.size()) != From)
    return false;
  Text.replace(Offset, From.size(), To.str());
  return true;
}

/// The known entry an error at Line is in: the innermost one whose lines
/// hold it.
const KeyAt *entryAt(ArrayRef<StringRef> Lines, ArrayRef<KeyAt> Known,
                     unsigned Line) {
  const KeyAt *Inner = nullptr;
  for (const KeyAt &K : Known) {
    auto Range = entryLines(Lines, K);
    if (Range && Range->first <= Line && Line <= Range->second &&
        (!Inner || K.Column > Inner->Column))
      Inner = &K;
  }
  return Inner;
}

/// The YAML I/O error Map gave, as a Problem (or none).
std::optional<Problem> mapError(Error E, std::string &Other) {
  std::optional<Problem> P;
  handleAllErrors(
      std::move(E),
      [&](const InputError &IE) {
        if (IE.Line)
          P = Problem{IE.Line, IE.Column, IE.Reason};
        else
          Other = IE.message();
      },
      [&](const ErrorInfoBase &EI) { Other = EI.message(); });
  return P;
}

/// One error per problem, in the order of the file (problems at one place
/// in the order they were found), each once.
Error toErrors(StringRef Path, std::vector<Problem> Problems) {
  std::stable_sort(
      Problems.begin(), Problems.end(), [](const Problem &A, const Problem &B) {
        return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
      });
  std::vector<Problem> Once;
  for (const Problem &P : Problems)
    if (!is_contained(Once, P))
      Once.push_back(P);
  Problems = std::move(Once);
  Error All = Error::success();
  for (const Problem &P : Problems)
    All =
        joinErrors(std::move(All), make_error<InputError>(Path.str(), P.Message,
                                                          P.Line, P.Column));
  return All;
}

/// Where a second document starts, if the text holds one.
std::optional<Problem> secondDocument(MemoryBufferRef Text) {
  SourceMgr SM;
  FirstDiagnostic Ignored;
  SM.setDiagHandler(FirstDiagnostic::handle, &Ignored);
  yaml::Stream S(Text, SM);
  auto It = S.begin();
  if (It == S.end() || ++It == S.end() || S.failed())
    return std::nullopt;
  yaml::Node *Root = It->getRoot();
  if (!Root || isa<yaml::NullNode>(Root))
    return std::nullopt;
  auto [Line, Column] = SM.getLineAndColumn(Root->getSourceRange().Start);
  return Problem{Line, Column,
                 "a second YAML document: a scheme file holds one scheme"};
}

} // namespace

Error readSchemeText(StringRef Path, MemoryBufferRef Text,
                     const KeyVocabulary &Keys,
                     function_ref<Error(MemoryBufferRef)> Map) {
  // The usual case first: YAML I/O reads the file and finds nothing wrong.
  Error First = Map(Text);
  if (!First) {
    if (std::optional<Problem> Second = secondDocument(Text))
      return toErrors(Path, {*Second});
    return Error::success();
  }
  // A file that does not parse, or that is empty, has that one problem.
  SourceMgr SM;
  FirstDiagnostic Syntax;
  SM.setDiagHandler(FirstDiagnostic::handle, &Syntax);
  yaml::Stream S(Text, SM);
  std::vector<Problem> Problems;
  auto Doc = S.begin();
  KeyCheck Check(SM, Keys, Problems);
  if (Doc != S.end())
    Check.value(Doc->getRoot(), "");
  if (Syntax.First || S.failed() || Doc == S.end())
    return First;
  consumeError(std::move(First));
  if (std::optional<Problem> Second = secondDocument(Text))
    Problems.push_back(*Second);

  // What YAML I/O finds once each typo reads as the key meant and the other
  // unknown keys are cut out; past an error in an optional key, cut that
  // key out too and read on. A mapping that held a key cut out may now fail
  // its own checks: errors reported there are consequences, not problems.
  std::string Edited = Text.getBuffer().str();
  std::set<Position> CutFrom;
  auto Cut = [&](const KeyAt &K) {
    CutFrom.insert(K.Within.begin(), K.Within.end());
    return blankEntry(Edited, K);
  };
  // A renamed key moves the rest of its line by Delta columns.
  std::map<unsigned, std::pair<unsigned, int>> Shifted;
  for (const KeyCheck::UnknownKey &U : Check.Unknown) {
    if (U.Meant && renameKey(Edited, U.At, U.Name, *U.Meant)) {
      Shifted[U.At.Line] = {U.At.Column,
                            int(U.Meant->size()) - int(U.Name.size())};
      continue;
    }
    if (!Cut(U.At))
      return toErrors(Path, std::move(Problems));
  }
  for (unsigned Round = 0; Round < 32; ++Round) {
    std::string Other;
    std::optional<Problem> P = mapError(
        Map(MemoryBufferRef(Edited, Text.getBufferIdentifier())), Other);
    if (!P) {
      if (!Other.empty() && Problems.empty())
        return make_error<InputError>(Path.str(), Other);
      break;
    }
    if (CutFrom.count({P->Line, P->Column}))
      break;
    // YAML I/O reads nothing past a missing key, which the key check has
    // reported (where the mapping starts in the file as written).
    if (StringRef(P->Message).starts_with("missing required key '"))
      break;
    auto Shift = Shifted.find(P->Line);
    if (Shift != Shifted.end() && P->Column > Shift->second.first)
      P->Column -= Shift->second.second;
    Problems.push_back(*P);
    SmallVector<StringRef, 64> Lines;
    StringRef(Edited).split(Lines, '\n');
    const KeyAt *In = entryAt(Lines, Check.Known, P->Line);
    if (!In || In->Required || !Cut(*In))
      break;
  }
  return toErrors(Path, std::move(Problems));
}

} // namespace detail
} // namespace kharden
