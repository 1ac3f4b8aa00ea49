#include "findings/Output.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

TEST(FindingJson, RoundTrips) {
  Finding F;
  F.Check = "percpu-preemptible";
  F.Where = {"/src/a.c", 12, 3};
  F.Function = "f";
  F.Message = "m";
  F.Variable = "v";
  F.Evidence = "read";
  F.Consequence = "split-rmw";
  F.Level = Severity::Error;
  F.Notes.push_back({{"/src/a.h", 4, 5}, "n"});
  auto Back = findingFromJson(llvm::json::Value(findingToJson(F)));
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->Check, F.Check);
  EXPECT_EQ(Back->Where, F.Where);
  EXPECT_EQ(Back->Function, F.Function);
  EXPECT_EQ(Back->Variable, F.Variable);
  EXPECT_EQ(Back->Evidence, F.Evidence);
  EXPECT_EQ(Back->Consequence, "split-rmw");
  EXPECT_EQ(Back->Level, Severity::Error);
  ASSERT_EQ(Back->Notes.size(), 1u);
  EXPECT_EQ(Back->Notes[0].Where, F.Notes[0].Where);
  EXPECT_EQ(Back->Notes[0].Message, "n");
}

TEST(FindingJson, ReadsResultsWrittenBeforeErrorsAndClasses) {
  auto Old = findingFromJson(llvm::json::Object{{"check", "c"},
                                                {"message", "m"},
                                                {"file", "/a.c"},
                                                {"line", 1},
                                                {"column", 1},
                                                {"severity", "note"}});
  ASSERT_TRUE(bool(Old)) << llvm::toString(Old.takeError());
  EXPECT_EQ(Old->Level, Severity::Note);
  EXPECT_EQ(Old->Consequence, "");
}

TEST(FindingJson, SeverityNames) {
  for (Severity S : {Severity::Note, Severity::Warning, Severity::Error})
    EXPECT_EQ(parseSeverity(severityName(S)), S);
  EXPECT_EQ(parseSeverity("fatal"), std::nullopt);
  EXPECT_LT(Severity::Note, Severity::Warning);
  EXPECT_LT(Severity::Warning, Severity::Error);
}

TEST(FindingJson, RejectsIncompleteFindings) {
  auto Bad = findingFromJson(llvm::json::Object{{"check", "x"}});
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()),
            "a finding lacks check, message, file, line or column");
}

} // namespace
