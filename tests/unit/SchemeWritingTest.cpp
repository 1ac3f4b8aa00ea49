// `kharden extract`'s scheme file (extract/SchemeWriting.cpp):
// text from the code (field values, evidence, file names) may hold
// terminal escapes, bytes that are not UTF-8 or line breaks; the file keeps
// each comment on its line and copies none of them (issue 19 item 8).
#include "extract/SchemeExtraction.h"

#include "llvm/Support/ConvertUTF.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

TEST(SchemeWriting, CommentsFromCodeArePrintableAndOnOneLine) {
  ExtractedScheme S;
  S.Scheme.Name = "extracted-arm64";
  S.Scheme.Random.Expression = "get_random_u16()\x1b[2J";
  S.Fields.push_back({"random.expression",
                      "get_random_u16()\x1b[2J\xff",
                      true,
                      "the argument\nof choose_random_kstack_offset()",
                      {"arch/arm64/kernel/\x9b"
                       "syscall.c",
                       68, 2}});
  S.Fields.push_back({"storage",
                      "unknown",
                      false,
                      "no per-CPU write\x1b]0;title\x07 found",
                      {}});
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeExtractedScheme(OS, S);
  EXPECT_EQ(Out.find('\x1b'), std::string::npos) << Out;
  EXPECT_EQ(Out.find('\x07'), std::string::npos) << Out;
  const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(Out.data());
  EXPECT_TRUE(llvm::isLegalUTF8String(&Begin, Begin + Out.size())) << Out;
  EXPECT_NE(Out.find("#   random.expression: get_random_u16()\xEF\xBF\xBD[2J"
                     "\xEF\xBF\xBD  <- the argument of "
                     "choose_random_kstack_offset() (arch/arm64/kernel/"
                     "\xEF\xBF\xBDsyscall.c:68:2)\n"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("storage: unknown  # no per-CPU write\xEF\xBF\xBD]0;"
                     "title\xEF\xBF\xBD found\n"),
            std::string::npos)
      << Out;
  // The scheme's own expression goes through YAML, which escapes it.
  EXPECT_NE(Out.find("expression:      \"get_random_u16()\\e[2J\""),
            std::string::npos)
      << Out;
}

} // namespace
