#include "models/placement/SizesFile.h"
#include "support/InputError.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace kharden::placement {

/// Parses one unsigned field of a line; Column is 1-based.
static Error field(StringRef Path, unsigned Line, StringRef Text, size_t Column,
                   StringRef What, uint64_t &Out) {
  unsigned long long N;
  bool IsPages = What == "pages";
  if (getAsUnsignedInteger(Text, 10, N) || N == 0 ||
      (IsPages && N > (1u << 30)))
    return make_error<InputError>(Path.str(),
                                  ("expected " + What +
                                   " as a positive decimal integer" +
                                   (IsPages ? " of at most 2^30" : ""))
                                      .str(),
                                  Line, unsigned(Column));
  Out = N;
  return Error::success();
}

Expected<std::vector<SizeWeight>> readSizesFile(StringRef Path) {
  auto Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  std::vector<SizeWeight> Sizes;
  unsigned LineNo = 0;
  StringRef Rest = (*Buf)->getBuffer();
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    ++LineNo;
    StringRef Content = Line.split('#').first;
    SmallVector<StringRef, 3> Fields;
    SmallVector<size_t, 3> Columns;
    for (size_t I = 0; I < Content.size();) {
      if (isSpace(Content[I])) {
        ++I;
        continue;
      }
      size_t End = I;
      while (End < Content.size() && !isSpace(Content[End]))
        ++End;
      Fields.push_back(Content.slice(I, End));
      Columns.push_back(I + 1);
      I = End;
    }
    if (Fields.empty())
      continue;
    if (Fields.size() > 2)
      return make_error<InputError>(
          Path.str(), "expected PAGES or PAGES WEIGHT, found more fields",
          LineNo, unsigned(Columns[2]));
    SizeWeight S{0, 1};
    if (Error E = field(Path, LineNo, Fields[0], Columns[0], "pages", S.Pages))
      return E;
    if (Fields.size() == 2)
      if (Error E =
              field(Path, LineNo, Fields[1], Columns[1], "a weight", S.Weight))
        return E;
    Sizes.push_back(S);
  }
  if (Sizes.empty())
    return make_error<InputError>(Path.str(), "no module sizes");
  return Sizes;
}

} // namespace kharden::placement
