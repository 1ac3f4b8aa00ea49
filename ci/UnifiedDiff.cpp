#include "ci/UnifiedDiff.h"

#include "ci/PathGlob.h"
#include "support/InputError.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace kharden {
namespace {

/// A diff path, as `--- `/`+++ ` lines spell it: up to a tab (GNU diff's
/// timestamp), or C-quoted by git when it has unusual characters.
Expected<std::string> headerPath(StringRef Field) {
  Field.consume_back("\r");
  if (!Field.starts_with("\""))
    return Field.split('\t').first.str();
  std::string Out;
  for (size_t I = 1; I < Field.size(); ++I) {
    char C = Field[I];
    if (C == '"')
      return Out;
    if (C != '\\') {
      Out += C;
      continue;
    }
    if (++I == Field.size())
      break;
    C = Field[I];
    if (C >= '0' && C <= '7') {
      unsigned Octal = 0, Digits = 0;
      for (; Digits < 3 && I < Field.size() && Field[I] >= '0' &&
             Field[I] <= '7';
           ++Digits, ++I)
        Octal = Octal * 8 + (Field[I] - '0');
      --I;
      Out += char(Octal & 0xFF);
      continue;
    }
    static const char Escapes[] = "a\ab\bf\fn\nr\rt\tv\v\\\\\"\"";
    const char *E = nullptr;
    for (unsigned K = 0; K + 1 < sizeof(Escapes); K += 2)
      if (Escapes[K] == C)
        E = &Escapes[K + 1];
    if (!E)
      return createStringError(inconvertibleErrorCode(),
                               "unknown escape in a quoted path");
    Out += *E;
  }
  return createStringError(inconvertibleErrorCode(),
                           "unterminated quoted path");
}

/// "-a[,b] +c[,d]" of "@@ -a,b +c,d @@ context".
bool parseRange(StringRef &S, char Sign, uint64_t &Start, uint64_t &Count) {
  if (!S.consume_front(StringRef(&Sign, 1)))
    return false;
  size_t Digits = S.find_first_not_of("0123456789");
  if (Digits == 0)
    return false;
  if (S.substr(0, Digits).getAsInteger(10, Start))
    return false;
  S = S.substr(Digits);
  Count = 1;
  if (S.consume_front(",")) {
    Digits = S.find_first_not_of("0123456789");
    if (Digits == 0 || S.substr(0, Digits).getAsInteger(10, Count))
      return false;
    S = S.substr(Digits);
  }
  return true;
}

class Parser {
public:
  Parser(StringRef Text, StringRef Name) : Name(Name) {
    Text.split(Lines, '\n');
  }

  Error run(StringMap<std::vector<unsigned>> &Out) {
    bool SawHeader = false;
    std::vector<unsigned> *Current = nullptr;
    for (size_t I = 0; I < Lines.size();) {
      StringRef L = Lines[I];
      if (L.starts_with("--- ") && I + 1 < Lines.size() &&
          Lines[I + 1].starts_with("+++ ")) {
        auto Path = headerPath(Lines[I + 1].drop_front(4));
        if (!Path)
          return error(I + 1, toString(Path.takeError()));
        Current = target(*Path, Out);
        SawHeader = true;
        I += 2;
        continue;
      }
      if (L.starts_with("@@@"))
        return error(I, "a combined diff (of a merge) is not supported; use "
                        "'git diff base..head'");
      if (L.starts_with("@@")) {
        if (!SawHeader)
          return error(I, "a hunk before any '+++' file header");
        auto Next = hunk(I, Current);
        if (!Next)
          return Next.takeError();
        I = *Next;
        continue;
      }
      ++I;
    }
    if (!SawHeader && !llvm::all_of(Lines, [](StringRef L) {
          return L.trim().empty();
        }))
      return make_error<InputError>(
          Name.str(), "not a unified diff (no '--- '/'+++ ' file header)");
    for (auto &Entry : Out) {
      llvm::sort(Entry.second);
      Entry.second.erase(std::unique(Entry.second.begin(), Entry.second.end()),
                         Entry.second.end());
    }
    return Error::success();
  }

private:
  /// The line list of a new file; null for a deleted file (/dev/null).
  static std::vector<unsigned> *target(StringRef Path,
                                       StringMap<std::vector<unsigned>> &Out) {
    if (Path == "/dev/null")
      return nullptr;
    Path.consume_front("b/");
    SmallString<128> Clean(Path);
    sys::path::remove_dots(Clean, /*remove_dot_dot=*/false,
                           sys::path::Style::posix);
    return &Out[Clean];
  }

  /// Reads the hunk whose header is line I; returns the line after it.
  Expected<size_t> hunk(size_t I, std::vector<unsigned> *Added) {
    StringRef Header = Lines[I];
    Header.consume_back("\r");
    StringRef S = Header.drop_front(2);
    uint64_t OldStart, OldLeft, NewStart, NewLeft;
    if (!S.consume_front(" ") || !parseRange(S, '-', OldStart, OldLeft) ||
        !S.consume_front(" ") || !parseRange(S, '+', NewStart, NewLeft) ||
        !S.starts_with(" @@") || NewStart + NewLeft > UINT32_MAX)
      return error(I, "malformed hunk header '" + Header.str() + "'");
    uint64_t NewLine = NewStart;
    size_t At = I + 1;
    for (; OldLeft || NewLeft; ++At) {
      if (At == Lines.size() || (At + 1 == Lines.size() && Lines[At].empty()))
        return error(I, "the hunk ends early: " +
                            std::to_string(OldLeft + NewLeft) +
                            " line(s) short of what its header says");
      StringRef B = Lines[At];
      if (B.starts_with("\\")) // "\ No newline at end of file"
        continue;
      // Some mailers strip the space of an empty context line.
      char Kind = B.empty() || B == "\r" ? ' ' : B[0];
      bool Fits = Kind == ' ' ? OldLeft && NewLeft
                  : Kind == '-' ? OldLeft != 0
                  : Kind == '+' ? NewLeft != 0
                                : false;
      if (!Fits)
        return error(At, Kind == ' ' || Kind == '-' || Kind == '+'
                             ? "more lines in the hunk than its header says"
                             : "a line in a hunk that does not start with "
                               "' ', '-' or '+'");
      if (Kind != '+')
        --OldLeft;
      if (Kind != '-') {
        if (Kind == '+' && Added)
          Added->push_back(unsigned(NewLine));
        --NewLeft;
        ++NewLine;
      }
    }
    return At;
  }

  Error error(size_t Index, const Twine &Why) {
    return make_error<InputError>(Name.str(), Why.str(), unsigned(Index + 1),
                                  1);
  }

  StringRef Name;
  SmallVector<StringRef, 0> Lines;
};

} // namespace

Expected<ChangedLines> ChangedLines::parse(StringRef Text, StringRef Name) {
  ChangedLines C;
  if (Error E = Parser(Text, Name).run(C.Lines))
    return E;
  return C;
}

Expected<ChangedLines> ChangedLines::load(StringRef PathOrDash) {
  if (PathOrDash == "-") {
    auto Buf = MemoryBuffer::getSTDIN();
    if (!Buf)
      return make_error<InputError>("<stdin>", Buf.getError().message());
    return parse((*Buf)->getBuffer(), "<stdin>");
  }
  auto Buf = readInputFile(PathOrDash);
  if (!Buf)
    return Buf.takeError();
  return parse((*Buf)->getBuffer(), PathOrDash);
}

bool ChangedLines::contains(StringRef File, unsigned Line) const {
  std::string Abs = absolutePath(File);
  for (const auto &Entry : Lines) {
    StringRef DiffPath = Entry.first();
    bool Names = Abs == DiffPath ||
                 (StringRef(Abs).ends_with(DiffPath) &&
                  Abs.size() > DiffPath.size() &&
                  Abs[Abs.size() - DiffPath.size() - 1] == '/');
    if (Names && std::binary_search(Entry.second.begin(), Entry.second.end(),
                                    Line))
      return true;
  }
  return false;
}

const std::vector<unsigned> *ChangedLines::linesOf(StringRef DiffPath) const {
  auto It = Lines.find(DiffPath);
  return It == Lines.end() ? nullptr : &It->second;
}

} // namespace kharden
