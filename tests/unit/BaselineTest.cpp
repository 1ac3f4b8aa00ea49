#include "ci/Baseline.h"
#include "findings/Output.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

Finding finding(unsigned Line, llvm::StringRef Variable = "v") {
  Finding F;
  F.Check = "percpu-preemptible";
  F.Where = {"/src/a.c", Line, 9};
  F.Function = "f";
  F.Message = "per-CPU read";
  F.Variable = Variable.str();
  F.Evidence = "read";
  return F;
}

std::string resultWith(llvm::ArrayRef<Finding> Findings) {
  llvm::json::Array All;
  for (const Finding &F : Findings)
    All.push_back(findingToJson(F));
  std::string Out;
  llvm::raw_string_ostream(Out)
      << llvm::json::Value(llvm::json::Object{{"findings", std::move(All)}});
  return Out;
}

TEST(Baseline, FingerprintLeavesOutWhereAndWhat) {
  Finding A = finding(10), B = finding(42);
  B.Where.Column = 1;
  B.Message = "reworded";
  B.Notes.push_back({{"/src/a.c", 3, 1}, "note"});
  EXPECT_EQ(fingerprint(A), fingerprint(B));
  for (auto Change : {+[](Finding &F) { F.Check = "other"; },
                      +[](Finding &F) { F.Where.File = "/src/b.c"; },
                      +[](Finding &F) { F.Function = "g"; },
                      +[](Finding &F) { F.Variable = "w"; },
                      +[](Finding &F) { F.Evidence = "write"; }}) {
    Finding C = finding(10);
    Change(C);
    EXPECT_NE(fingerprint(A), fingerprint(C));
  }
}

TEST(Baseline, KnownFindingsSurviveLineShifts) {
  auto B = Baseline::parse(resultWith({finding(10), finding(20, "w")}), "b");
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  EXPECT_EQ(B->size(), 2u);
  std::vector<bool> Known =
      B->known({finding(13), finding(23, "w"), finding(30, "x")});
  EXPECT_EQ(Known, (std::vector<bool>{true, true, false}));
}

TEST(Baseline, CountsFindingsOfOneFingerprint) {
  auto B = Baseline::parse(resultWith({finding(10)}), "b");
  ASSERT_TRUE(bool(B));
  EXPECT_EQ(B->known({finding(12), finding(15)}),
            (std::vector<bool>{true, false}));
}

std::string parseError(llvm::StringRef Text) {
  auto B = Baseline::parse(Text, "base.json");
  EXPECT_FALSE(bool(B));
  return B ? "" : llvm::toString(B.takeError());
}

TEST(Baseline, ReportsWhatIsNotAResult) {
  EXPECT_EQ(parseError("{\"tool\": \"kharden\"}"),
            "base.json: not a kharden JSON result (no \"findings\" array; "
            "write one with --format=json)");
  EXPECT_EQ(parseError("{\"findings\": [{\"check\": \"x\"}]}"),
            "base.json: findings[0]: a finding lacks check, message, file, "
            "line or column");
  EXPECT_EQ(parseError("{\"findings\": ["),
            "base.json: not JSON: [1:14, byte=14]: Unexpected EOF");
}

TEST(Baseline, EntriesWithAClassKnowOnlyThatClass) {
  Finding Stat = finding(10), Split = finding(10), Old = finding(10);
  Stat.Consequence = "lost-update";
  Split.Consequence = "split-rmw";
  auto B = Baseline::parse(resultWith({Stat}), "b");
  ASSERT_TRUE(bool(B));
  EXPECT_EQ(B->known({Split}), (std::vector<bool>{false}));
  EXPECT_EQ(B->known({Stat}), (std::vector<bool>{true}));
  // A baseline written before classes knows a finding of any class.
  auto Before = Baseline::parse(resultWith({Old}), "b");
  ASSERT_TRUE(bool(Before));
  EXPECT_EQ(Before->known({Split, Stat}), (std::vector<bool>{true, false}));
}

} // namespace
