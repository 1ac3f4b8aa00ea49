// The locks a declaration says its function takes or releases: sparse's
// annotations right after it (DeclaredLocks::of()), each naming a parameter
// and its fields whose type, through typedefs, the kernel model knows
// (lockType()).
#include "engine/DeclaredLocks.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace kharden;

namespace {

LockAnnotations model() {
  LockAnnotations M;
  M.Acquires = {"__acquires"};
  M.Releases = {"__releases"};
  M.Types = {
      {"spinlock_t", {Effect::PreemptDisable}, {Effect::PreemptEnable}},
      {"raw_spinlock_t", {Effect::PreemptDisable}, {Effect::PreemptEnable}}};
  return M;
}

constexpr const char *Types = R"(
#define __acquires(x)
#define __releases(x)
typedef struct { int raw; } raw_spinlock_t;
typedef struct { raw_spinlock_t rlock; } spinlock_t;
typedef spinlock_t my_lock_t;
struct inode {
	spinlock_t i_lock;
	int state;
	spinlock_t *lockp;
	struct { spinlock_t inner; };
};
struct sock { struct { spinlock_t slock; } sk_lock; };
)";

const clang::FunctionDecl *named(clang::ASTContext &Ctx, llvm::StringRef Name) {
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D);
        FD && FD->getName() == Name)
      return FD;
  return nullptr;
}

TEST(DeclaredLocks, ALockIsAParameterAndItsFieldsOfAKnownType) {
  std::string Code = std::string(Types) +
                     "void f(struct inode *inode, struct sock *sk, spinlock_t "
                     "*lock, raw_spinlock_t *raw, my_lock_t *mine, int n);";
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, {"-std=gnu11"}, "t.c");
  ASSERT_TRUE(AST);
  const clang::FunctionDecl *F = named(AST->getASTContext(), "f");
  ASSERT_TRUE(F);
  LockAnnotations M = model();
  auto TypeOf = [&](llvm::StringRef Lock) -> std::string {
    const LockAnnotations::LockType *T = lockType(F, Lock, M);
    return T ? T->Type : "";
  };
  EXPECT_EQ(TypeOf("&inode->i_lock"), "spinlock_t");
  EXPECT_EQ(TypeOf("inode->i_lock"), "spinlock_t");
  EXPECT_EQ(TypeOf("&sk->sk_lock.slock"), "spinlock_t");
  EXPECT_EQ(TypeOf("& sk -> sk_lock . slock"), "spinlock_t");
  EXPECT_EQ(TypeOf("inode->inner"), "spinlock_t");
  EXPECT_EQ(TypeOf("lock"), "spinlock_t");
  EXPECT_EQ(TypeOf("raw"), "raw_spinlock_t");
  EXPECT_EQ(TypeOf("mine"), "spinlock_t");
  for (llvm::StringRef None :
       {"inode->state", "inode->lockp", "RCU", "n", "inode.i_lock",
        "inode->nope", "", "&", "inode->", "inode->i_lock[0]", "1x"})
    EXPECT_EQ(TypeOf(None), "") << None.str();
}

/// Parses Code with DeclaredLocks recording, then lists what of() finds
/// for each function named in Names: "acquires lock: type" lines.
std::vector<std::string> declared(const std::string &Code,
                                  std::vector<std::string> Names) {
  struct Consumer : clang::ASTConsumer {
    const DeclaredLocks *Locks = nullptr;
    std::vector<std::string> *Names, *Out;
    void HandleTranslationUnit(clang::ASTContext &Ctx) override {
      for (const std::string &N : *Names) {
        const clang::FunctionDecl *FD = named(Ctx, N);
        if (!FD) {
          Out->push_back(N + " not declared");
          continue;
        }
        for (const DeclaredLock &L : Locks->of(FD))
          Out->push_back(N + (L.Acquires ? " acquires " : " releases ") +
                         L.Lock + ": " + L.Type->Type);
      }
    }
  };
  struct Action : clang::ASTFrontendAction {
    LockAnnotations Model = model();
    std::vector<std::string> *Names, *Out;
    std::unique_ptr<clang::ASTConsumer>
    CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
      auto Locks = std::make_unique<DeclaredLocks>(CI.getPreprocessor(), Model);
      auto C = std::make_unique<Consumer>();
      C->Locks = Locks.get();
      C->Names = Names;
      C->Out = Out;
      CI.getPreprocessor().addPPCallbacks(std::move(Locks));
      return C;
    }
  };
  std::vector<std::string> Out;
  auto A = std::make_unique<Action>();
  A->Names = &Names;
  A->Out = &Out;
  EXPECT_TRUE(clang::tooling::runToolOnCodeWithArgs(std::move(A), Code,
                                                    {"-std=gnu11"}, "t.c"));
  return Out;
}

TEST(DeclaredLocks, TheAnnotationsRightAfterADeclarationAreItsOwn) {
  std::string Code = std::string(Types) + R"(
void unlock_inode(struct inode *inode) __releases(&inode->i_lock);
void swap(struct inode *inode, spinlock_t *list)
	__releases(&inode->i_lock)
	__acquires(list);
void rcu_walk(void) __acquires(RCU);
void later(spinlock_t *lock);
void later(spinlock_t *lock) __acquires(lock);
void apart(spinlock_t *lock) /* no */ __acquires(lock);
void plain(spinlock_t *lock);
void by_name(spinlock_t *a) __acquires(b);
int builtin(int x) { return __builtin_abs(x); }
)";
  EXPECT_EQ(declared(Code, {"unlock_inode", "swap", "rcu_walk", "later",
                            "apart", "plain", "by_name", "__builtin_abs"}),
            (std::vector<std::string>{
                "unlock_inode releases &inode->i_lock: spinlock_t",
                "swap releases &inode->i_lock: spinlock_t",
                "swap acquires list: spinlock_t",
                "later acquires lock: spinlock_t"}));
}

} // namespace
