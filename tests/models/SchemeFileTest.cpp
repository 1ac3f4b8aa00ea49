// Scheme files: kind detection, the stack-offset reader and writer, and the
// one-line errors for malformed files.
#include "models/scheme/SchemeFile.h"
#include "models/kstack/Scheme.h"
#include "support/InputError.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace kharden;
using namespace kharden::kstack;

namespace {

const char *ValidScheme = R"(kind: stack-offset
name: test-scheme
storage: per-cpu
consume:
  context: irqs-off
refill:
  site: every-return-to-user
  context: irqs-off
random:
  source: timer
  bits: 32
  unknown-bits: 8
mix:
  op: ror32-xor
  rotate: 5
offset-mask: 0x3FF
alloca:
  add: 15
  align: 8
)";

/// Temporary scheme files, removed when the test program exits.
struct TempFiles {
  std::vector<std::string> Paths;
  ~TempFiles() {
    for (const std::string &P : Paths)
      llvm::sys::fs::remove(P);
  }
};
TempFiles Temps;

std::string writeTemp(llvm::StringRef Text) {
  llvm::SmallString<128> Path;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("scheme", "yaml", Path));
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  OS << Text;
  Temps.Paths.push_back(Path.str().str());
  return Path.str().str();
}

/// The one-line message of a read, with the temp path replaced by FILE.
std::string errorOf(llvm::StringRef Text) {
  std::string Path = writeTemp(Text);
  auto S = readStackOffsetScheme(Path);
  if (S)
    return "no error";
  std::string Msg = llvm::toString(S.takeError());
  for (size_t At; (At = Msg.find(Path)) != std::string::npos;)
    Msg.replace(At, Path.size(), "FILE");
  return Msg;
}

std::string replace(std::string Text, llvm::StringRef From,
                    llvm::StringRef To) {
  size_t At = Text.find(From.str());
  EXPECT_NE(At, std::string::npos) << From.str();
  return Text.replace(At, From.size(), To.str());
}

TEST(SchemeFileTest, ReadsEveryField) {
  auto S = readStackOffsetScheme(writeTemp(ValidScheme));
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  EXPECT_EQ(S->Name, "test-scheme");
  EXPECT_EQ(S->Where, Storage::PerCpu);
  EXPECT_EQ(S->Consume.Ctx, Context::IrqsOff);
  EXPECT_EQ(S->Refill.Site, RefillSite::EveryReturnToUser);
  EXPECT_EQ(S->Random.Source, RandomSource::Timer);
  EXPECT_EQ(S->Random.Bits, 32u);
  EXPECT_EQ(S->unknownBits(), 8u);
  EXPECT_EQ(S->Mixing.Op, Mix::Ror32Xor);
  EXPECT_EQ(S->Mixing.Rotate, 5u);
  EXPECT_EQ(S->OffsetMask, 0x3FFu);
  EXPECT_EQ(S->Alloca.Add, 15u);
  EXPECT_EQ(S->Alloca.Align, 8u);
}

TEST(SchemeFileTest, WrittenSchemeReadsBackEqual) {
  auto S = readStackOffsetScheme(writeTemp(ValidScheme));
  ASSERT_TRUE(bool(S));
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeStackOffsetScheme(OS, *S);
  EXPECT_NE(Text.find("offset-mask:     0x3FF"), std::string::npos) << Text;
  auto Again = readStackOffsetScheme(writeTemp(Text));
  ASSERT_TRUE(bool(Again)) << llvm::toString(Again.takeError()) << Text;
  std::string Text2;
  llvm::raw_string_ostream OS2(Text2);
  writeStackOffsetScheme(OS2, *Again);
  EXPECT_EQ(Text, Text2);
}

TEST(SchemeFileTest, KindIsReadAloneWithItsPosition) {
  auto K = readSchemeKind(writeTemp("kind: stack-offset\nwhatever: 1\n"));
  ASSERT_TRUE(bool(K)) << llvm::toString(K.takeError());
  EXPECT_EQ(K->Kind, "stack-offset");
  auto P = readSchemeKind(writeTemp("name: x\nkind: module-placement\n"));
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->Kind, "module-placement");
  EXPECT_EQ(P->Line, 2u);
  EXPECT_EQ(P->Column, 7u);
}

TEST(SchemeFileTest, KindErrorsNameTheirPosition) {
  std::string NoKind = writeTemp("name: x\n");
  auto K = readSchemeKind(NoKind);
  ASSERT_FALSE(bool(K));
  EXPECT_EQ(llvm::toString(K.takeError()),
            NoKind + ":1:1: missing required key 'kind'");
  std::string List = writeTemp("- kind: stack-offset\n");
  auto L = readSchemeKind(List);
  ASSERT_FALSE(bool(L));
  EXPECT_EQ(llvm::toString(L.takeError()),
            List + ":1:1: a scheme file is a mapping of keys");
}

TEST(SchemeFileTest, UnknownKeyNamesLineAndColumn) {
  EXPECT_EQ(errorOf(replace(ValidScheme, "  rotate: 5\n",
                            "  rotate: 5\n  rotation: 5\n")),
            "FILE:16:3: unknown key 'rotation'");
}

TEST(SchemeFileTest, MisspelledKeyIsReportedAtItsLineWithTheKeyMeant) {
  // YAML I/O alone said "1:1: missing required key 'mix'".
  EXPECT_EQ(errorOf(replace(ValidScheme, "mix:\n", "mixx:\n")),
            "FILE:13:1: unknown key 'mixx'; did you mean 'mix'?");
  EXPECT_EQ(errorOf(replace(ValidScheme, "  site:", "  stie:")),
            "FILE:7:3: unknown key 'stie'; did you mean 'site'?");
}

TEST(SchemeFileTest, EveryProblemOfAFileIsReported) {
  // A typo of a required key (read as the key meant, so its value is
  // checked too), a bad value, a typo of a section, an unknown key with
  // nothing close, a missing key: one line each, in file order.
  std::string Text = replace(
      replace(replace(replace(ValidScheme, "  context: irqs-off\nrandom:",
                              "  contxt: irqs-of\nrandom:"),
                      "bits: 32", "bits: 33"),
              "mix:\n", "mixx:\n"),
      "offset-mask: 0x3FF\n", "colour: blue\n");
  EXPECT_EQ(errorOf(Text),
            "FILE:1:1: missing required key 'offset-mask'\n"
            "FILE:8:3: unknown key 'contxt'; did you mean 'context'?\n"
            "FILE:8:11: expected preemptible, preempt-off or irqs-off\n"
            "FILE:13:1: unknown key 'mixx'; did you mean 'mix'?\n"
            "FILE:16:1: unknown key 'colour'");
}

TEST(SchemeFileTest, AnErrorInAnOptionalKeyDoesNotHideTheNext) {
  // unknown-bits is optional: past its bad value the reader reads on, to
  // the next one.
  std::string Text =
      replace(replace(ValidScheme, "unknown-bits: 8", "unknown-bits: 40"),
              "align: 8", "align: 12");
  EXPECT_EQ(errorOf(Text), "FILE:12:17: expected an integer from 0 to 32\n"
                           "FILE:19:10: expected a power of two from 1 to "
                           "4096");
}

TEST(SchemeFileTest, ASecondDocumentIsAnError) {
  EXPECT_EQ(errorOf(std::string(ValidScheme) + "---\nkind: stack-offset\n"),
            "FILE:21:1: a second YAML document: a scheme file holds one "
            "scheme");
  EXPECT_EQ(errorOf(std::string(ValidScheme) + "---\n- 1\n"),
            "FILE:21:1: a second YAML document: a scheme file holds one "
            "scheme");
}

TEST(SchemeFileTest, BadEnumValueSaysWhatIsExpected) {
  EXPECT_EQ(
      errorOf(replace(ValidScheme, "storage: per-cpu", "storage: percpu")),
      "FILE:3:10: expected per-cpu, per-task or per-cpu-prng");
}

TEST(SchemeFileTest, BadNumbersAreErrorsAtTheValue) {
  EXPECT_EQ(errorOf(replace(ValidScheme, "align: 8", "align: 12")),
            "FILE:19:10: expected a power of two from 1 to 4096");
  EXPECT_EQ(errorOf(replace(ValidScheme, "bits: 32", "bits: 33")),
            "FILE:11:9: expected an integer from 1 to 32");
  EXPECT_EQ(errorOf(replace(ValidScheme, "0x3FF", "0xFFFF")),
            "FILE:16:14: expected a non-zero 32-bit mask with at most 12 bits "
            "set (e.g. 0x3FF)");
}

TEST(SchemeFileTest, MissingFieldIsNamed) {
  EXPECT_EQ(errorOf(replace(ValidScheme, "offset-mask: 0x3FF\n", "")),
            "FILE:1:1: missing required key 'offset-mask'");
}

TEST(SchemeFileTest, InconsistentFieldsAreErrors) {
  EXPECT_EQ(
      errorOf(replace(ValidScheme, "unknown-bits: 8", "unknown-bits: 40")),
      "FILE:12:17: expected an integer from 0 to 32");
  EXPECT_EQ(errorOf(replace(replace(ValidScheme, "bits: 32", "bits: 4"),
                            "unknown-bits: 8", "unknown-bits: 8")),
            "FILE:10:3: unknown-bits (8) exceeds bits (4)");
  EXPECT_EQ(errorOf(replace(ValidScheme, "op: ror32-xor", "op: none")),
            "FILE:1:1: mix op none is only for storage per-cpu-prng");
}

TEST(SchemeFileTest, MalformedYamlIsOneError) {
  EXPECT_EQ(errorOf("kind: stack-offset\nname: [unclosed\n"),
            "FILE:2:16: Could not find closing ]!");
}

TEST(SchemeFileTest, MissingFileAndDirectoryAreErrors) {
  auto Missing = readStackOffsetScheme("/nonexistent/scheme.yaml");
  ASSERT_FALSE(bool(Missing));
  EXPECT_EQ(llvm::toString(Missing.takeError()),
            "/nonexistent/scheme.yaml: No such file or directory");
  auto Dir = readStackOffsetScheme("/tmp");
  ASSERT_FALSE(bool(Dir));
  EXPECT_EQ(llvm::toString(Dir.takeError()),
            "/tmp: is a directory, not a file");
}

TEST(SchemeFileTest, EveryBuiltinSchemeReadsAndIsNamedAfterItsFile) {
  auto Files = builtinSchemeFiles("stack-offset");
  ASSERT_TRUE(bool(Files)) << llvm::toString(Files.takeError());
  EXPECT_EQ(Files->size(), 16u);
  for (const std::string &F : *Files) {
    auto S = readStackOffsetScheme(F);
    ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
    EXPECT_EQ(S->Name, llvm::sys::path::stem(F).str());
    EXPECT_FALSE(S->Sources.empty()) << F;
  }
}

TEST(SchemeFileTest, SchemeArgumentIsAPathOrABuiltinName) {
  auto ByName = resolveSchemeArgument("arm64-v6.9");
  ASSERT_TRUE(bool(ByName));
  EXPECT_EQ(llvm::sys::path::filename(*ByName), "arm64-v6.9.yaml");
  auto Unknown = resolveSchemeArgument("arm64-v9.9");
  ASSERT_FALSE(bool(Unknown));
  EXPECT_NE(llvm::toString(Unknown.takeError())
                .find("not the name of a built-in scheme"),
            std::string::npos);
}

} // namespace
