// A callee's return as a function of its parameter's bits
// (FunctionSummary::ReturnTransfer), and a caller that assigns it back to
// its own parameter (`gfp = current_gfp_context(gfp)`) or passes it on.
#include "engine/TUAnalysis.h"

#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace kharden;

namespace {

constexpr const char *Code = R"(
typedef unsigned int gfp_t;
unsigned int task_flags(void);
void might_alloc(gfp_t gfp);
int other(void);
static gfp_t context(gfp_t flags)
{
	if (task_flags() & 1)
		flags &= ~0xc0u;
	return flags;
}
static gfp_t unknown(gfp_t flags)
{
	if (task_flags())
		return other();
	return flags;
}
static int pointer_like(int *p) { return *p; }
void alloc(gfp_t gfp)
{
	gfp = context(gfp);
	might_alloc(gfp);
}
void alloc_direct(gfp_t gfp)
{
	might_alloc(context(gfp));
}
void alloc_unknown(gfp_t gfp)
{
	gfp = unknown(gfp);
	might_alloc(gfp);
}
)";

TUSummary analyse(std::shared_ptr<const KernelModel> &Model) {
  TUSummary TU;
  auto M = KernelModel::parse("primitives: []\n", "model.yaml");
  if (!M) {
    ADD_FAILURE() << llvm::toString(M.takeError());
    return TU;
  }
  Model = *M;
  EXPECT_TRUE(clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<SummarizeAction>(*Model, TU), Code,
      {"-nostdinc", "-std=gnu11"}, "/src/g.c"));
  return TU;
}

const FunctionSummary *function(const TUSummary &TU, llvm::StringRef Name) {
  for (const FunctionSummary &F : TU.Functions)
    if (F.Name == Name)
      return &F;
  ADD_FAILURE() << "no function " << Name.str();
  return nullptr;
}

TEST(ReturnTransfer, AReturnedParameterKeepsWhatItDidNotClear) {
  std::shared_ptr<const KernelModel> Model;
  TUSummary TU = analyse(Model);
  const FunctionSummary *Context = function(TU, "context");
  ASSERT_TRUE(Context);
  EXPECT_EQ(Context->ReturnTransfer.Param, 0);
  // 0x40 and 0x80 may be cleared; every other bit of the 32-bit value is
  // the caller's.
  EXPECT_TRUE(Context->ReturnTransfer.Bits.keepsBits(0xffffff3f));
  EXPECT_FALSE(Context->ReturnTransfer.Bits.keepsBits(0x40));
  KnownBits Atomic = KnownBits::constant(0x20);
  EXPECT_EQ(Context->ReturnTransfer.Bits.apply(Atomic).Zero & 0x400, 0x400u);
  const FunctionSummary *Unknown = function(TU, "unknown");
  ASSERT_TRUE(Unknown);
  EXPECT_EQ(Unknown->ReturnTransfer.Param, -1);
  EXPECT_EQ(function(TU, "pointer_like")->ReturnTransfer.Param, -1);
}

TEST(ReturnTransfer, ACallerPassesTheCallersBitsThroughIt) {
  std::shared_ptr<const KernelModel> Model;
  TUSummary TU = analyse(Model);
  for (const char *Name : {"alloc", "alloc_direct"}) {
    const FunctionSummary *F = function(TU, Name);
    ASSERT_TRUE(F);
    const CallSite *Might = nullptr;
    for (const CallSite &C : F->Calls)
      if (C.CalleeName == "might_alloc")
        Might = &C;
    ASSERT_TRUE(Might) << Name;
    ASSERT_EQ(Might->TransformedArgs.size(), 1u) << Name;
    EXPECT_EQ(Might->TransformedArgs[0].Param, 0) << Name;
    EXPECT_TRUE(Might->TransformedArgs[0].Bits.keepsBits(0x400)) << Name;
  }
  // A callee that may return something else: the caller's bits are lost.
  const FunctionSummary *F = function(TU, "alloc_unknown");
  ASSERT_TRUE(F);
  for (const CallSite &C : F->Calls)
    if (C.CalleeName == "might_alloc")
      for (const CallSite::Transformed &T : C.TransformedArgs)
        EXPECT_FALSE(T.Bits.keepsBits(0x400));
}

} // namespace
