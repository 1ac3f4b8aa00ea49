#include "ci/Baseline.h"

#include "findings/Output.h"
#include "support/InputError.h"
#include "support/JsonFile.h"

using namespace llvm;

namespace kharden {

/// The key of ClassCounts.
static std::string classKey(const Finding &F) {
  return fingerprint(F) + F.Consequence;
}

std::string fingerprint(const Finding &F) {
  // Fields joined by a byte none of them contains.
  std::string Key;
  for (StringRef Part :
       {StringRef(F.Check), StringRef(F.Where.File.str()),
        StringRef(F.Function), StringRef(F.Variable), StringRef(F.Evidence)}) {
    Key += Part;
    Key += '\x1f';
  }
  return Key;
}

Expected<Baseline> Baseline::parse(StringRef Text, StringRef Name) {
  auto Value = parseJson(Text, Name);
  if (!Value)
    return Value.takeError();
  const json::Object *Root = Value->getAsObject();
  const json::Array *Findings = Root ? Root->getArray("findings") : nullptr;
  if (!Findings)
    return make_error<InputError>(
        Name.str(), "not a kharden JSON result (no \"findings\" array; write "
                    "one with --format=json)");
  Baseline B;
  for (size_t I = 0; I < Findings->size(); ++I) {
    auto F = findingFromJson((*Findings)[I]);
    if (!F)
      return make_error<InputError>(Name.str(),
                                    "findings[" + std::to_string(I) + "]: " +
                                        toString(F.takeError()));
    ++(F->Consequence.empty() ? B.Counts[fingerprint(*F)]
                              : B.ClassCounts[classKey(*F)]);
    ++B.Size;
  }
  return B;
}

Expected<Baseline> Baseline::load(StringRef Path) {
  auto Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  return parse((*Buf)->getBuffer(), Path);
}

std::vector<bool> Baseline::known(ArrayRef<Finding> Findings) const {
  StringMap<unsigned> Left, ClassLeft;
  // Takes one of Key's entries from Counts, if one is left.
  auto Take = [](StringMap<unsigned> &Left, const StringMap<unsigned> &Counts,
                 const std::string &Key) {
    auto [It, Inserted] = Left.try_emplace(Key, 0);
    if (Inserted)
      It->second = Counts.lookup(Key);
    if (!It->second)
      return false;
    --It->second;
    return true;
  };
  std::vector<bool> Known;
  for (const Finding &F : Findings)
    Known.push_back(Take(ClassLeft, ClassCounts, classKey(F)) ||
                    Take(Left, Counts, fingerprint(F)));
  return Known;
}

} // namespace kharden
