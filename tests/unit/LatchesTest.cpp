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
  for (const clang::VarDecl *V : findLatches(AST->getASTContext()).Latched)
    Names.push_back(V->getName().str());
  llvm::sort(Names);
  EXPECT_EQ(Names, (std::vector<std::string>{"done", "ready", "stage"}));
}

// Flags of external linkage: what the file does to each, for the run to
// decide; the run's latches the file does not spoil are latches here too.
constexpr const char *External = R"(
int after_bootmem, defined_only;
extern int elsewhere, stepped_elsewhere, cleared;
int started = 1;
static int own;
void mem_init(void)
{
	after_bootmem = 1;
	elsewhere = 2;
	stepped_elsewhere++;
	cleared = 0;
	own = 1;
	started = 2;
}
int read_only(void) { extern int only_read; return only_read; }
)";

std::string uses(const std::vector<FlagUse> &Uses) {
  std::string Out;
  for (const FlagUse &U : Uses)
    Out += U.Variable + ":" + (U.DefinedZero ? "d" : "") + (U.Set ? "s" : "") +
           (U.Spoiled ? "x" : "") + (U.Tested ? "t" : "") + " ";
  return Out;
}

TEST(Latches, AFlagOfExternalLinkageIsTheRunsToDecide) {
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(External, {"-std=gnu11"}, "t.c");
  ASSERT_TRUE(AST);
  UnitFlags Alone = findLatches(AST->getASTContext());
  EXPECT_EQ(uses(Alone.Uses), "after_bootmem:ds cleared:x defined_only:d "
                              "elsewhere:s "
                              "started:sx stepped_elsewhere:x ");
  auto Names = [](const Latches &L) {
    std::vector<std::string> Out;
    for (const clang::VarDecl *V : L)
      Out.push_back(V->getName().str());
    llvm::sort(Out);
    return Out;
  };
  EXPECT_EQ(Names(Alone.Latched), std::vector<std::string>{"own"});
  llvm::StringSet<> Run{"after_bootmem", "cleared", "only_read"};
  EXPECT_EQ(Names(findLatches(AST->getASTContext(), nullptr, Run).Latched),
            (std::vector<std::string>{"after_bootmem", "only_read", "own"}));
}

// A boot option's handler sets the option: zero where it is not given, for
// good. Neither the file's flag nor one of external linkage is a latch.
TEST(Latches, AFlagABootOptionSetsIsNone) {
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(
          R"(
struct obs_kernel_param { const char *str; int (*setup_func)(char *); int early; };
int numa_off, booted;
static int quiet;
static int numa_setup(char *s) { numa_off = 1; quiet = 1; return 0; }
static struct obs_kernel_param __setup_numa = { "numa", numa_setup, 1 };
void boot_done(void) { booted = 1; }
)",
          {"-std=gnu11"}, "t.c");
  ASSERT_TRUE(AST);
  UnitFlags F = findLatches(AST->getASTContext(), [](llvm::StringRef R) {
    return R == "obs_kernel_param";
  });
  EXPECT_EQ(uses(F.Uses), "booted:ds numa_off:dx ");
  EXPECT_TRUE(F.Latched.empty());
  UnitFlags Without = findLatches(AST->getASTContext());
  EXPECT_EQ(uses(Without.Uses), "booted:ds numa_off:ds ");
  EXPECT_EQ(Without.Latched.size(), 1u); // quiet
}

TEST(Latches, TheRunsLatchIsDefinedAtZeroSetAndNeverSpoiled) {
  TUSummary Defines, Sets, Spoils, Tests;
  Defines.FlagUses = {{"a", true, false, false, false},
                      {"b", true, false, false, false},
                      {"c", true, false, false, false}};
  Sets.FlagUses = {{"a", false, true, false, false},
                   {"b", false, true, false, false},
                   {"d", false, true, false, false}};
  Spoils.FlagUses = {{"b", false, false, true, false}};
  Tests.FlagUses = {{"a", false, false, false, true},
                    {"c", false, false, false, true}};
  llvm::StringSet<> Run = runLatches({&Defines, &Sets, &Spoils, &Tests});
  EXPECT_EQ(Run.size(), 1u); // b spoiled, c never set, d never defined
  EXPECT_TRUE(Run.contains("a"));
  std::vector<FlagUse> Joined = Sets.FlagUses;
  addFlagUses(Joined, Tests.FlagUses);
  addFlagUses(Joined, Defines.FlagUses);
  EXPECT_EQ(uses(Joined), "a:dst b:ds c:dt d:s ");
}

} // namespace
