#include "frontend/CompileSetup.h"
#include "frontend/OutputOptions.h"

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
  EXPECT_EQ(Out, (std::vector<std::string>{"clang", "-fsyntax-only",
                                           "-resource-dir=/rd", "-Werror",
                                           "-c", "f.c", "-w", "-Wno-error"}));
}

TEST(DirectoryPaths, ARelativeSeedFileIsTheCommandDirectorys) {
  std::vector<std::string> Args = {
      "clang", "-frandomize-layout-seed-file=./scripts/basic/randstruct.seed",
      "-I./include", "a.c"};
  EXPECT_EQ(withDirectoryPaths(Args, "/build"),
            (std::vector<std::string>{
                "clang",
                "-frandomize-layout-seed-file=/build/scripts/basic/"
                "randstruct.seed",
                "-I./include", "a.c"}));
  Args[1] = "-frandomize-layout-seed-file=/abs/seed";
  EXPECT_EQ(withDirectoryPaths(Args, "/build")[1],
            "-frandomize-layout-seed-file=/abs/seed");
}

TEST(OutputOptions, DropsWhatWritesOrLoadsInEverySpelling) {
  std::vector<std::string> Kept = {"clang", "-c", "-I", "inc", "-DX=1",
                                   "-include", "k.h", "-nostdinc",
                                   "-Wp,-DY", "-Xclang", "-fno-builtin",
                                   "f.c"};
  std::vector<std::string> All = Kept;
  All.insert(All.end() - 1,
             {"-o", "f.o", "-of2.o", "--output=f3.o", "-MD", "-MF", "d",
              "-MMD", "-MFd2", "-MT", "t", "-MJ", "j", "-Wp,-MMD,d3",
              "-Wp,-dependency-file,d4", "--serialize-diagnostics", "s",
              "-Xclang", "-serialize-diagnostic-file", "-Xclang", "s2",
              "-Xclang", "-dependency-file", "-Xclang", "d5", "-save-temps",
              "-save-temps=obj", "-ftime-trace", "-ftime-trace=t.json",
              "-fcrash-diagnostics-dir=c", "-fplugin=p.so",
              "-fpass-plugin=p.so", "-Xclang", "-load", "-Xclang", "p.so",
              "-Xclang", "-add-plugin", "-Xclang", "p", "-Xclang",
              "-fdump-record-layouts", "-fmodules-cache-path=m"});
  EXPECT_EQ(dropOutputOptions(All), Kept);
}

TEST(OutputOptions, AnEmptyWpIsDropped) {
  // It passes nothing, and clang 19's driver reads its missing first value
  // (as this filter once did: found by fuzz-kbuild-command).
  EXPECT_EQ(dropOutputOptions({"clang", "-Wp,", "f.c"}),
            (std::vector<std::string>{"clang", "f.c"}));
}

TEST(OutputOptions, AMissingValueDropsNothingElse) {
  std::vector<std::string> Args = {"clang", "-I", "inc", "f.c", "-o"};
  EXPECT_EQ(dropOutputOptions(Args),
            (std::vector<std::string>{"clang", "-I", "inc", "f.c", "-o"}));
}

} // namespace
