#include "ci/UnifiedDiff.h"

#include "gtest/gtest.h"

using namespace kharden;
using Lines = std::vector<unsigned>;

namespace {

ChangedLines parseOk(llvm::StringRef Text) {
  auto C = ChangedLines::parse(Text, "p.diff");
  EXPECT_TRUE(bool(C)) << llvm::toString(C.takeError());
  return C ? std::move(*C) : ChangedLines();
}

std::string parseError(llvm::StringRef Text) {
  auto C = ChangedLines::parse(Text, "p.diff");
  EXPECT_FALSE(bool(C));
  return C ? "" : llvm::toString(C.takeError());
}

constexpr llvm::StringLiteral GitDiff = R"(diff --git a/kernel/fork.c b/kernel/fork.c
index 1111111..2222222 100644
--- a/kernel/fork.c
+++ b/kernel/fork.c
@@ -10,5 +10,6 @@ static int f(void)
 	int a;
 	int b;
-	old();
+	new();
+	added();
 	int c;
 	int d;
@@ -40,3 +41,3 @@ int g(void)
 x
-y
+z
 w
diff --git a/include/linux/x.h b/include/linux/x.h
--- a/include/linux/x.h
+++ b/include/linux/x.h
@@ -1,2 +1,1 @@
-gone
 kept
)";

TEST(UnifiedDiff, NumbersAddedLinesInTheNewFile) {
  ChangedLines C = parseOk(GitDiff);
  EXPECT_EQ(C.fileCount(), 2u);
  ASSERT_TRUE(C.linesOf("kernel/fork.c"));
  EXPECT_EQ(*C.linesOf("kernel/fork.c"), (Lines{12, 13, 42}));
  ASSERT_TRUE(C.linesOf("include/linux/x.h"));
  EXPECT_TRUE(C.linesOf("include/linux/x.h")->empty()); // deletions only
}

TEST(UnifiedDiff, MatchesPathTailsAtDirectoryBoundaries) {
  ChangedLines C = parseOk(GitDiff);
  EXPECT_TRUE(C.contains("/src/linux/kernel/fork.c", 12));
  EXPECT_FALSE(C.contains("/src/linux/kernel/fork.c", 11));
  EXPECT_FALSE(C.contains("/src/linux/kernel/fork.c", 14));
  EXPECT_FALSE(C.contains("/src/linux/otherkernel/fork.c", 12));
  EXPECT_FALSE(C.contains("/src/linux/arch/kernel/fork.h", 12));
}

TEST(UnifiedDiff, ReadsGnuDiffHeadersAndCountlessRanges) {
  ChangedLines C = parseOk("--- a.c\t2024-01-01 10:00:00.000 +0000\n"
                           "+++ ./b.c\t2024-01-02 10:00:00.000 +0000\n"
                           "@@ -3 +3 @@\n"
                           "-x\n"
                           "+y\n"
                           "\\ No newline at end of file\n");
  ASSERT_TRUE(C.linesOf("b.c"));
  EXPECT_EQ(*C.linesOf("b.c"), (Lines{3}));
}

TEST(UnifiedDiff, ReadsQuotedPathsAndNewAndDeletedFiles) {
  ChangedLines C = parseOk("--- /dev/null\n"
                           "+++ \"b/dir/sp ace\\tand\\303\\251.c\"\n"
                           "@@ -0,0 +1,2 @@\n"
                           "+one\n"
                           "+two\n"
                           "--- a/old.c\n"
                           "+++ /dev/null\n"
                           "@@ -1 +0,0 @@\n"
                           "-gone\n");
  EXPECT_EQ(C.fileCount(), 1u);
  ASSERT_TRUE(C.linesOf("dir/sp ace\tand\xc3\xa9.c"));
  EXPECT_EQ(*C.linesOf("dir/sp ace\tand\xc3\xa9.c"), (Lines{1, 2}));
}

TEST(UnifiedDiff, SkipsMailAndCommitText) {
  ChangedLines C = parseOk("From 123 Mon Sep 17 00:00:00 2001\n"
                           "Subject: [PATCH] enable IRQs\n"
                           "\n"
                           "---\n"
                           " a.c | 1 +\n"
                           "\n"
                           "--- a/a.c\n"
                           "+++ b/a.c\n"
                           "@@ -1,2 +1,3 @@\n"
                           " x\n"
                           "+local_irq_enable();\n"
                           "\n" // a context line whose space a mailer ate
                           "-- \n"
                           "2.39.2\n");
  ASSERT_TRUE(C.linesOf("a.c"));
  EXPECT_EQ(*C.linesOf("a.c"), (Lines{2}));
}

TEST(UnifiedDiff, AcceptsAnEmptyDiff) {
  ChangedLines C = parseOk("");
  EXPECT_EQ(C.fileCount(), 0u);
  EXPECT_FALSE(C.contains("/a.c", 1));
}

TEST(UnifiedDiff, ReportsMalformedInput) {
  EXPECT_EQ(parseError("int main(void) { return 0; }\n"),
            "p.diff: not a unified diff (no '--- '/'+++ ' file header)");
  EXPECT_EQ(parseError("--- a/a.c\n+++ b/a.c\n@@ -1,2 +1,2 @\n x\n"),
            "p.diff:3:1: malformed hunk header '@@ -1,2 +1,2 @'");
  EXPECT_EQ(parseError("--- a/a.c\n+++ b/a.c\n@@ -1,3 +1,3 @@\n x\n"),
            "p.diff:3:1: the hunk ends early: 4 line(s) short of what its "
            "header says");
  EXPECT_EQ(parseError("--- a/a.c\n+++ b/a.c\n@@ -1 +1 @@\n+x\n+y\n"),
            "p.diff:5:1: more lines in the hunk than its header says");
  EXPECT_EQ(parseError("--- a/a.c\n+++ b/a.c\n@@ -1,2 +1,2 @@\n x\n*y\n"),
            "p.diff:5:1: a line in a hunk that does not start with ' ', '-' "
            "or '+'");
  EXPECT_EQ(parseError("@@ -1 +1 @@\n-x\n+y\n"),
            "p.diff:1:1: a hunk before any '+++' file header");
  EXPECT_EQ(parseError("--- a/a.c\n+++ b/a.c\n@@@ -1 -1 +1 @@@\n"),
            "p.diff:3:1: a combined diff (of a merge) is not supported; use "
            "'git diff base..head'");
  EXPECT_EQ(parseError("--- a/a.c\n+++ \"b/a.c\n"),
            "p.diff:2:1: unterminated quoted path");
}

} // namespace
