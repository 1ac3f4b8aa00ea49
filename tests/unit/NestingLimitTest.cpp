#include "support/InputError.h"
#include "support/JsonFile.h"
#include "support/YamlFile.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

std::string nested(unsigned Levels, llvm::StringRef Inner = "") {
  return std::string(Levels, '[') + Inner.str() + std::string(Levels, ']');
}

std::string yamlNesting(llvm::StringRef Text) {
  return llvm::toString(
      checkYamlNesting(llvm::MemoryBufferRef(Text, "t.yaml"), "t.yaml"));
}

TEST(NestingLimit, JsonAtTheLimitIsRead) {
  EXPECT_TRUE(bool(parseJson(nested(MaxInputNesting), "t.json")));
}

TEST(NestingLimit, JsonPastTheLimitNamesTheBracket) {
  std::string Text = "{\"a\":\n  " + nested(MaxInputNesting) + "}";
  EXPECT_EQ(llvm::toString(parseJson(Text, "t.json").takeError()),
            "t.json:2:258: nested deeper than 256 levels");
}

TEST(NestingLimit, JsonBracketsInStringsDoNotCount) {
  std::string Text =
      "[\"" + std::string(300, '[') + "\\\"" + std::string(300, '{') + "\"]";
  EXPECT_TRUE(bool(parseJson(Text, "t.json")));
}

TEST(NestingLimit, JsonClosingBracketsEndLevels) {
  std::string Text = "[";
  for (unsigned I = 0; I < 1000; ++I)
    Text += "[[]],";
  Text += "0]";
  EXPECT_TRUE(bool(parseJson(Text, "t.json")));
}

TEST(NestingLimit, JsonSyntaxErrorsStayJsonErrors) {
  EXPECT_EQ(llvm::toString(parseJson("[1,", "t.json").takeError()),
            "t.json: not JSON: [1:3, byte=3]: Unexpected EOF");
}

TEST(NestingLimit, YamlFlowAndBlockNestingCount) {
  EXPECT_EQ(yamlNesting(nested(MaxInputNesting)), "");
  EXPECT_EQ(yamlNesting("a: " + nested(MaxInputNesting)),
            "t.yaml:1:260: nested deeper than 256 levels");
  std::string Block;
  for (unsigned I = 0; I <= MaxInputNesting; ++I)
    Block += std::string(I, ' ') + "-\n";
  EXPECT_EQ(yamlNesting(Block),
            "t.yaml:257:257: nested deeper than 256 levels");
}

TEST(NestingLimit, YamlEveryDocumentCounts) {
  EXPECT_EQ(yamlNesting("a: 1\n---\n" + nested(300)),
            "t.yaml:3:258: nested deeper than 256 levels");
}

TEST(NestingLimit, YamlSyntaxErrorsAreLeftToTheReader) {
  EXPECT_EQ(yamlNesting("a: [1,\n"), "");
}

} // namespace
