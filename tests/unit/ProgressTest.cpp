#include "frontend/Progress.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

TEST(Progress, FormatsDurations) {
  EXPECT_EQ(ProgressLine::duration(0), "0:00");
  EXPECT_EQ(ProgressLine::duration(61.4), "1:01");
  EXPECT_EQ(ProgressLine::duration(3599.6), "1:00:00");
  EXPECT_EQ(ProgressLine::duration(7325), "2:02:05");
}

TEST(Progress, RewritesOneLineAndErasesIt) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  ProgressLine Line(OS, 2, /*Enabled=*/true, /*Columns=*/0);
  Line.finished("/nowhere/a.c");
  Line.finished("/nowhere/b.c");
  Line.clear();
  EXPECT_EQ(Out.find('\n'), std::string::npos);
  EXPECT_NE(Out.find("\r[1/2] /nowhere/a.c  0:00 elapsed, ETA 0:00\x1b[K"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("\r[2/2] /nowhere/b.c"), std::string::npos);
  EXPECT_EQ(llvm::StringRef(Out).take_back(4), "\r\x1b[K");
}

TEST(Progress, ShortensLongPathsFromTheLeft) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  ProgressLine Line(OS, 1, true, /*Columns=*/50);
  Line.finished("/very/long/path/to/the/kernel/tree/kernel/sched/core.c");
  llvm::StringRef Shown = llvm::StringRef(Out).drop_front().split('\x1b').first;
  EXPECT_EQ(Shown.size(), 49u) << Shown.str();
  EXPECT_TRUE(Shown.starts_with("[1/1] ...")) << Shown.str();
  EXPECT_NE(Shown.find("sched/core.c  0:00"), llvm::StringRef::npos);
}

TEST(Progress, SaysNothingWhenDisabled) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  ProgressLine Line(OS, 3, /*Enabled=*/false, 80);
  Line.finished("/a.c");
  Line.clear();
  EXPECT_TRUE(Out.empty());
}

} // namespace
