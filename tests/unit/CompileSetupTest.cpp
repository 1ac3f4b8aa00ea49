#include "checkers/frontend/CompileSetup.h"

#include "gtest/gtest.h"

using namespace kharden;

namespace {

TEST(KbuildCommand, DropsCheckflagsBeforeTheDependencyFlag) {
  std::vector<std::string> Args = {
      "-D__linux__", "-Dlinux", "-D__STDC__", "-Wbitwise", "-Wno-return-void",
      "--arch=arm64", "-mlittle-endian", "-m64", "-Wp,-MMD,a/.b.o.d",
      "-nostdinc", "-I./include", "--target=aarch64-linux-gnu", "b.c"};
  auto Cmd = parseKbuildCommand(Args);
  ASSERT_TRUE(bool(Cmd));
  EXPECT_EQ(Cmd->File, "b.c");
  EXPECT_EQ(Cmd->Flags,
            (std::vector<std::string>{"-Wp,-MMD,a/.b.o.d", "-nostdinc",
                                      "-I./include",
                                      "--target=aarch64-linux-gnu"}));
}

TEST(KbuildCommand, WithoutDependencyFlagDropsWhatClangDoesNotKnow) {
  std::vector<std::string> Args = {"-Wbitwise", "--arch=x86", "-Wall",
                                   "-Wno-unknown-attribute", "-Wno-gnu",
                                   "-D__CHECKER__", "-O2", "f.c"};
  auto Cmd = parseKbuildCommand(Args);
  ASSERT_TRUE(bool(Cmd));
  EXPECT_EQ(Cmd->Flags, (std::vector<std::string>{"-Wall", "-Wno-gnu", "-O2"}));
}

TEST(KbuildCommand, EmptyIsAnError) {
  auto Cmd = parseKbuildCommand({});
  ASSERT_FALSE(bool(Cmd));
  EXPECT_EQ(llvm::toString(Cmd.takeError()),
            "--kbuild: expects kbuild's checker command line after it");
}

TEST(AnalysisAdjuster, StripsDependencyFilesAndSilencesWarnings) {
  auto Adjust = analysisAdjuster("/rd");
  auto Out = Adjust({"clang", "-Wp,-MMD,x.d", "-Werror", "-c", "f.c"}, "f.c");
  EXPECT_EQ(Out, (std::vector<std::string>{"clang", "-resource-dir=/rd",
                                           "-Werror", "-c", "f.c", "-w",
                                           "-Wno-error"}));
}

} // namespace
