// The solver layer: outcomes that cannot be confused, reproducible limits,
// replay files.
#include "models/solver/Solver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace kharden::smt;

namespace {

std::string tempDir() {
  llvm::SmallString<128> Dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("kharden-smt", Dir));
  return Dir.str().str();
}

std::string slurp(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : "";
}

TEST(SolverTest, ValidClaimIsProvedWithoutCounterexample) {
  SmtSession S;
  z3::expr X = S.ctx().bv_const("x", 32);
  ProofOutcome O = S.prove("t/xor-self", (X ^ X) == S.ctx().bv_val(0, 32));
  EXPECT_EQ(O.status(), Status::Proved);
  EXPECT_TRUE(O.isProved());
  EXPECT_EQ(O.counterexample(), nullptr);
  EXPECT_EQ(O.problem(), "");
}

TEST(SolverTest, FalseClaimIsRefutedWithCounterexample) {
  SmtSession S;
  z3::expr X = S.ctx().bv_const("x", 32);
  // x & 0x3F0 is never 8: the claim "x & 0x3F0 != 0x10" is false.
  ProofOutcome O = S.prove("t/mask", (X & S.ctx().bv_val(0x3F0, 32)) !=
                                         S.ctx().bv_val(0x10, 32));
  ASSERT_EQ(O.status(), Status::Refuted);
  ASSERT_NE(O.counterexample(), nullptr);
  EXPECT_EQ(O.counterexample()->bits(X) & 0x3F0, 0x10u);
}

TEST(SolverTest, WitnessSearchAnswersFoundOrImpossible) {
  SmtSession S;
  z3::expr X = S.ctx().bv_const("x", 8);
  SearchOutcome Found =
      S.findWitness("t/found", {X.rotate_right(5) == S.ctx().bv_val(1, 8)});
  ASSERT_TRUE(Found.found());
  EXPECT_EQ(Found.witness()->bits(X), 0x20u);
  SearchOutcome None = S.findWitness("t/none", {(X & 1) == 1, (X & 1) == 0});
  EXPECT_TRUE(None.provedImpossible());
  EXPECT_EQ(None.witness(), nullptr);
}

TEST(SolverTest, ExhaustedResourceLimitIsUnknownNeverProved) {
  SolverConfig Config;
  Config.ResourceLimit = 1;
  SmtSession S(Config);
  z3::context &C = S.ctx();
  z3::expr X = C.bv_const("x", 64), Y = C.bv_const("y", 64);
  // Factoring a 62-bit semiprime: far beyond one unit of resources.
  ProofOutcome O = S.prove(
      "t/factor",
      !(X * Y == C.bv_val(uint64_t(3037000493ull * 1518500251ull), 64) &&
        z3::ugt(X, C.bv_val(1, 64)) && z3::ugt(Y, C.bv_val(1, 64)) &&
        z3::ult(X, C.bv_val(uint64_t(1) << 32, 64)) &&
        z3::ult(Y, C.bv_val(uint64_t(1) << 32, 64))));
  EXPECT_EQ(O.status(), Status::Unknown);
  EXPECT_FALSE(O.isProved());
  EXPECT_NE(O.problem(), "");
}

TEST(SolverTest, Z3ExceptionBecomesErrorOutcome) {
  SmtSession S;
  z3::expr A = S.ctx().bv_const("a", 8), B = S.ctx().bv_const("b", 16);
  // Comparing bit-vectors of different widths makes Z3 throw; the layer
  // answers Failed instead.
  SearchOutcome O = [&] {
    try {
      return S.findWitness("t/bad-sort", {A == B});
    } catch (...) {
      return SearchOutcome(Failed{"thrown past the layer"});
    }
  }();
  EXPECT_FALSE(O.decided());
  EXPECT_EQ(O.undecidedStatus(), Status::Error);
}

TEST(SolverTest, ReplayFilesHaveStableNamesAndExpectedAnswers) {
  SolverConfig Config;
  Config.SmtDir = tempDir();
  struct Cleanup {
    std::string Dir;
    ~Cleanup() { llvm::sys::fs::remove_directories(Dir); }
  } RemoveDir{Config.SmtDir};
  SmtSession S(Config);
  z3::expr X = S.ctx().bv_const("x", 32);
  S.prove("scheme/entropy.fresh/bound", (X ^ X) == 0);
  S.prove("scheme/entropy.fresh/bound", (X & 1) == 0);
  S.findWitness("scheme/witness", {X == 7});
  ASSERT_EQ(S.queries().size(), 3u);
  EXPECT_EQ(llvm::sys::path::filename(S.queries()[0].SmtFile),
            "scheme.entropy.fresh.bound.smt2");
  EXPECT_EQ(llvm::sys::path::filename(S.queries()[1].SmtFile),
            "scheme.entropy.fresh.bound-2.smt2");
  EXPECT_EQ(S.queries()[0].Answer, "unsat");
  EXPECT_EQ(S.queries()[1].Answer, "sat");
  EXPECT_EQ(S.queries()[2].Answer, "sat");
  std::string Text = slurp(S.queries()[0].SmtFile);
  EXPECT_NE(Text.find("; expect: unsat\n"), std::string::npos);
  EXPECT_NE(Text.find("(set-logic QF_BV)"), std::string::npos);
  EXPECT_NE(Text.find("(check-sat)"), std::string::npos);
  EXPECT_NE(slurp(S.queries()[1].SmtFile).find("; expect: sat\n"),
            std::string::npos);
}

TEST(SolverTest, Z3VersionIsReported) {
  EXPECT_FALSE(SmtSession::z3Version().empty());
}

} // namespace
