#include "support/JsonFile.h"

#include "support/InputError.h"

using namespace llvm;

namespace kharden {

Error checkJsonNesting(StringRef Text, StringRef Path) {
  unsigned Depth = 0, Line = 1;
  size_t LineStart = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\n') {
      ++Line;
      LineStart = I + 1;
    } else if (InString) {
      if (C == '\\')
        ++I; // the escaped character, a quote or backslash included
      else if (C == '"')
        InString = false;
    } else if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxInputNesting)
        return make_error<InputError>(
            Path.str(),
            "nested deeper than " + std::to_string(MaxInputNesting) + " levels",
            Line, unsigned(I - LineStart + 1));
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  return Error::success();
}

Expected<json::Value> parseJson(StringRef Text, StringRef Path) {
  if (Error E = checkJsonNesting(Text, Path))
    return E;
  auto Value = json::parse(Text);
  if (!Value)
    return make_error<InputError>(Path.str(),
                                  "not JSON: " + toString(Value.takeError()));
  return Value;
}

} // namespace kharden
