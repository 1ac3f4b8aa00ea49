#include "ci/Suppressions.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

Finding finding(llvm::StringRef File, llvm::StringRef Function) {
  Finding F;
  F.Check = "percpu-preemptible";
  F.Where = {File.str(), 8, 9};
  F.Function = Function.str();
  F.Variable = "kstack_offset";
  F.Evidence = "read";
  return F;
}

TEST(Suppressions, MatchesByCheckFileFunctionAndVariable) {
  auto S = Suppressions::parse(R"(
suppressions:
  - check: percpu-preemptible
    file: arch/x86/*
    reason: x86 enters with IRQs off
  - check: "*"
    function: invoke_*
    variable: kstack_*
    reason: accepted until the per-task fix lands
)",
                               "s.yaml", "/src/linux");
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  ASSERT_EQ(S->entries().size(), 2u);
  EXPECT_EQ(S->match(finding("/src/linux/arch/x86/entry/common.c", "f")), 0u);
  EXPECT_EQ(S->match(finding("/src/linux/arch/arm64/syscall.c", "invoke_syscall")),
            1u);
  EXPECT_EQ(S->match(finding("/src/linux/arch/arm64/syscall.c", "el0_svc")),
            std::nullopt);
  // File patterns are relative to the suppressions file's directory.
  EXPECT_EQ(S->match(finding("/elsewhere/arch/x86/entry/common.c", "f")),
            std::nullopt);
}

TEST(Suppressions, MatchByConsequence) {
  auto S = Suppressions::parse(R"(
suppressions:
  - check: percpu-preemptible
    function: "*"
    consequence: lost-update
    reason: statistics counters are approximate by design
)",
                               "s.yaml", "/src");
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  Finding Counter = finding("/src/mm/vmstat.c", "__count_vm_event");
  Counter.Consequence = "lost-update";
  Finding Offset = finding("/src/arch/arm64/syscall.c", "invoke_syscall");
  Offset.Consequence = "split-rmw";
  EXPECT_EQ(S->match(Counter), 0u);
  EXPECT_EQ(S->match(Offset), std::nullopt);
  // A finding of a check that decides no class is not of that class.
  EXPECT_EQ(S->match(finding("/src/a.c", "f")), std::nullopt);
}

std::string parseError(llvm::StringRef Text) {
  auto S = Suppressions::parse(Text, "s.yaml", "/src");
  EXPECT_FALSE(bool(S));
  return S ? "" : llvm::toString(S.takeError());
}

TEST(Suppressions, NeedAReasonAndAPattern) {
  EXPECT_EQ(parseError("suppressions:\n"
                       "  - check: percpu-preemptible\n"
                       "    file: a.c\n"
                       "    reason: '  '\n"),
            "s.yaml:2:5: a suppression needs a reason");
  EXPECT_EQ(parseError("suppressions:\n"
                       "  - check: percpu-preemptible\n"
                       "    file: a.c\n"),
            "s.yaml:2:5: missing required key 'reason'");
  EXPECT_EQ(parseError("suppressions:\n"
                       "  - check: percpu-preemptible\n"
                       "    reason: why not\n"),
            "s.yaml:2:5: a suppression needs a 'file' or a 'function' "
            "pattern");
}

TEST(Suppressions, RejectUnknownChecksKeysAndBadPatterns) {
  EXPECT_EQ(parseError("suppressions:\n"
                       "  - check: percpu-preemptable\n"
                       "    file: a.c\n"
                       "    reason: typo\n"),
            "s.yaml:2:5: unknown check 'percpu-preemptable' (see kharden "
            "check --list-checks)");
  EXPECT_EQ(parseError("suppressions:\n"
                       "  - check: percpu-preemptible\n"
                       "    function: f\n"
                       "    fiel: a.c\n"
                       "    reason: typo\n"),
            "s.yaml:4:5: unknown key 'fiel'");
  EXPECT_EQ(parseError("suppressions:\n"
                       "  - check: percpu-preemptible\n"
                       "    function: 'f[oo'\n"
                       "    reason: bad glob\n"),
            "s.yaml:2:5: function: invalid glob pattern, unmatched '['");
  EXPECT_EQ(parseError("suppressions:\n"
                       "  - check: percpu-preemptible\n"
                       "    function: f\n"
                       "    consequence: lost-updates\n"
                       "    reason: typo\n"),
            "s.yaml:2:5: unknown consequence 'lost-updates' (one of "
            "split-rmw, wrong-cpu-state, lost-update, cpu-choice, unknown)");
  EXPECT_EQ(parseError("  \n"), "s.yaml: empty document");
}

} // namespace
