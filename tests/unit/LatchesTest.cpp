// A latch is a variable of the file that starts at zero and that the file
// only ever sets to a non-zero constant (findLatches()). A store of zero
// or of an unknown value, a step, a taken address, external linkage or a
// non-zero start makes a variable none; so does never being set.
#include "engine/Latches.h"

#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace kharden;

namespace {

constexpr const char *Code = R"(
static _Bool ready = 0;
static int stage;
static int cleared, stepped, addressed, unknown, never, started = 1;
int exported;
void setup(int v)
{
	static _Bool done;
	ready = 1;
	stage = 2;
	done = 1;
	cleared = 1;
	cleared = 0;
	stepped++;
	*(volatile int *)&addressed = 1;
	unknown = v;
	exported = 1;
	started = 2;
}
)";

TEST(Latches, OnlyAFileFlagSetToNonZeroConstantsIsOne) {
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, {"-std=gnu11"}, "t.c");
  ASSERT_TRUE(AST);
  std::vector<std::string> Names;
  for (const clang::VarDecl *V : findLatches(AST->getASTContext()))
    Names.push_back(V->getName().str());
  llvm::sort(Names);
  EXPECT_EQ(Names, (std::vector<std::string>{"done", "ready", "stage"}));
}

} // namespace
