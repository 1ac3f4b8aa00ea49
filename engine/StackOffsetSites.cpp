#include "engine/StackOffsetSites.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace kharden {
namespace {

std::string hex(uint64_t V) { return llvm::formatv("{0:x}", V).str(); }

/// Walks a function body once and hands each node that belongs to a site's
/// expansion (the innermost site whose macro body produced it) to the site.
class SiteScanner : public RecursiveASTVisitor<SiteScanner> {
public:
  SiteScanner(const TUContext &TU,
              const llvm::DenseMap<unsigned, unsigned> &SiteIndex,
              std::vector<StackOffsetSite> &Sites)
      : TU(TU), SM(TU.sourceManager()), LO(TU.AST.getLangOpts()),
        Names(TU.Lookup.model().stackOffset()), SiteIndex(SiteIndex),
        Sites(Sites) {}

  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->getMemberDecl()->getName() == Names.TaskField)
      if (StackOffsetSite *S = siteOf(ME->getBeginLoc()); S && !S->TaskField) {
        S->TaskField = true;
        S->StorageWhere = TU.point(SM.getSpellingLoc(ME->getMemberLoc()));
      }
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      return true;
    StackOffsetSite *S = siteOf(CE->getBeginLoc());
    if (!S)
      return true;
    if (llvm::is_contained(Names.Generators, Callee->getName()) &&
        !S->Generator) {
      S->Generator = true;
      S->StorageWhere = TU.point(SM.getSpellingLoc(CE->getBeginLoc()));
    }
    if (S->Kind == StackOffsetSite::Role::Consume && CE->getNumArgs() == 1 &&
        TU.Lookup.isStackSink(Callee->getName()))
      readMask(*S, CE);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_Xor && BO->getOpcode() != BO_XorAssign)
      return true;
    if (StackOffsetSite *S = siteOf(BO->getOperatorLoc());
        S && S->Kind == StackOffsetSite::Role::Refill && !S->value("mix"))
      readMix(*S, BO);
    return true;
  }

  /// After the walk: what a site's expansion never computed.
  void noteMissing() {
    for (StackOffsetSite &S : Sites) {
      if (S.Kind == StackOffsetSite::Role::Consume && !S.value("offset-mask"))
        unknown(S, "offset-mask",
                "the expansion of '" + S.Macro +
                    "' calls no stack sink the kernel model lists "
                    "(stack-sinks) with one argument",
                S.Where);
      if (S.Kind == StackOffsetSite::Role::Refill && !S.value("mix"))
        unknown(S, "mix",
                "the expansion of '" + S.Macro + "' mixes with no ^ or ^=",
                S.Where);
    }
  }

private:
  StackOffsetSite *siteOf(SourceLocation Loc) const {
    llvm::SmallVector<SourceLocation, 8> Chain;
    expansionChain(SM, Loc, Chain);
    for (SourceLocation NameLoc : Chain)
      if (auto It = SiteIndex.find(NameLoc.getRawEncoding());
          It != SiteIndex.end())
        return &Sites[It->second];
    return nullptr;
  }

  std::optional<uint64_t> evaluate(const Expr *E) const {
    Expr::EvalResult R;
    if (E->HasSideEffects(TU.AST) || !E->EvaluateAsInt(R, TU.AST) ||
        R.Val.getInt().getActiveBits() > 64)
      return std::nullopt;
    return R.Val.getInt().getZExtValue();
  }

  /// The tokens of E as the macro that wrote Anchor spells them
  /// ("0b1111110000", "GENMASK(9, 4)"), or "" if they are not all there.
  std::string spelled(const Expr *E, SourceLocation Anchor) const {
    FileID In = SM.getFileID(Anchor);
    auto Up = [&](SourceLocation L, bool AtEnd) {
      while (L.isMacroID() && SM.getFileID(L) != In) {
        CharSourceRange R = SM.getImmediateExpansionRange(L);
        L = SM.isMacroArgExpansion(L) ? SM.getImmediateSpellingLoc(L)
            : AtEnd                   ? R.getEnd()
                                      : R.getBegin();
      }
      return SM.getFileID(L) == In ? SM.getSpellingLoc(L) : SourceLocation();
    };
    SourceLocation B = Up(E->getBeginLoc(), false),
                   End = Up(E->getEndLoc(), true);
    if (B.isInvalid() || End.isInvalid() ||
        SM.getFileID(B) != SM.getFileID(End) || End < B)
      return "";
    return Lexer::getSourceText(CharSourceRange::getTokenRange(B, End), SM, LO)
        .str();
  }

  /// The innermost macro whose body wrote Loc, as its name.
  std::string macroOf(SourceLocation Loc) const {
    llvm::SmallVector<SourceLocation, 8> Chain;
    expansionChain(SM, Loc, Chain);
    return Chain.empty() ? "" : macroNameAt(SM, LO, Chain.front()).str();
  }

  /// A constant operand of `x & C`, in either order: {C, x}.
  std::optional<std::pair<const Expr *, const Expr *>>
  maskOperands(const Expr *E) const {
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!BO || BO->getOpcode() != BO_And)
      return std::nullopt;
    if (evaluate(BO->getRHS()))
      return std::pair(BO->getRHS(), BO->getLHS());
    if (evaluate(BO->getLHS()))
      return std::pair(BO->getLHS(), BO->getRHS());
    return std::nullopt;
  }

  void known(StackOffsetSite &S, llvm::StringRef Name, std::string Value,
             std::string Evidence, SourcePoint Where) {
    S.Values.push_back({Name.str(), std::move(Value), std::move(Evidence),
                        std::move(Where)});
  }
  void unknown(StackOffsetSite &S, llvm::StringRef Name, std::string Why,
               SourcePoint Where) {
    known(S, Name, "", std::move(Why), std::move(Where));
  }

  /// add_random_kstack_offset(): __builtin_alloca(KSTACK_OFFSET_MAX(offset))
  /// moves the stack by the bits of the offset the mask keeps.
  void readMask(StackOffsetSite &S, const CallExpr *Sink) {
    if (S.value("offset-mask"))
      return;
    const Expr *Size = Sink->getArg(0);
    auto Ops = maskOperands(Size);
    if (!Ops) {
      unknown(S, "offset-mask",
              "the stack sink's size '" + spelled(Size, Size->getBeginLoc()) +
                  "' is not 'offset & constant'",
              TU.point(SM.getSpellingLoc(Size->getBeginLoc())));
      return;
    }
    uint64_t Mask = *evaluate(Ops->first);
    const auto *And = cast<BinaryOperator>(Size->IgnoreParenImpCasts());
    std::string Macro = macroOf(And->getOperatorLoc());
    known(S, "offset-mask", hex(Mask),
          (Macro.empty() ? std::string("the stack sink's size")
                         : "'" + Macro + "'") +
              " masks with " + spelled(Ops->first, And->getOperatorLoc()) +
              " = " + hex(Mask),
          TU.point(SM.getSpellingLoc(And->getOperatorLoc())));
  }

  /// A call of a rotate-right function the kernel model names, or null.
  const CallExpr *rotation(const Expr *E) const {
    const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
    const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
    if (F && F->getIdentifier() && CE->getNumArgs() == 2 &&
        llvm::is_contained(Names.RotateRight, F->getName()))
      return CE;
    return nullptr;
  }

  /// choose_random_kstack_offset(rand): offset = ror32(offset, 5) ^ (rand),
  /// or offset ^= rand.
  void readMix(StackOffsetSite &S, const BinaryOperator *BO) {
    SourcePoint Where = TU.point(SM.getSpellingLoc(BO->getOperatorLoc()));
    const Expr *Random = BO->getRHS();
    const CallExpr *Ror = nullptr;
    if (BO->getOpcode() == BO_Xor) {
      if ((Ror = rotation(BO->getLHS())))
        Random = BO->getRHS();
      else if ((Ror = rotation(BO->getRHS())))
        Random = BO->getLHS();
    }
    if (!Ror) {
      known(S, "mix", "xor", "'" + S.Macro + "' computes offset ^ rand", Where);
    } else if (std::optional<uint64_t> By = evaluate(Ror->getArg(1))) {
      std::string Name = Ror->getDirectCallee()->getName().str();
      known(S, "mix", "ror32-xor",
            "'" + S.Macro + "' computes " + Name + "(offset, " +
                std::to_string(*By) + ") ^ rand",
            Where);
      known(S, "rotate", std::to_string(*By),
            "the " + Name + "() rotation, '" +
                spelled(Ror->getArg(1), BO->getOperatorLoc()) + "'",
            Where);
    } else {
      unknown(S, "mix",
              "the rotation '" + spelled(Ror->getArg(1), BO->getOperatorLoc()) +
                  "' is not a constant clang can evaluate",
              Where);
    }
    readRandom(S, Random);
  }

  /// The refill's random input: f() or f() & MASK.
  void readRandom(StackOffsetSite &S, const Expr *E) {
    SourcePoint Where = S.Where;
    const Expr *Call = E;
    std::optional<uint64_t> Mask;
    if (auto Ops = maskOperands(E)) {
      Mask = evaluate(Ops->first);
      Call = Ops->second;
    }
    const auto *CE = dyn_cast<CallExpr>(Call->IgnoreParenImpCasts());
    const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
    if (!F || !F->getIdentifier()) {
      unknown(S, "random-call",
              "the random input is not a call of a function, with an "
              "optional constant mask",
              Where);
      return;
    }
    known(S, "random-call", F->getName().str(),
          "'" + F->getName().str() + "()' is the refill's random input", Where);
    if (Mask)
      known(S, "random-mask", hex(*Mask),
            "the random input is masked with " + hex(*Mask), Where);
  }

  const TUContext &TU;
  const SourceManager &SM;
  const LangOptions &LO;
  const StackOffsetNames &Names;
  const llvm::DenseMap<unsigned, unsigned> &SiteIndex;
  std::vector<StackOffsetSite> &Sites;
};

} // namespace

void readStackOffsetSites(const FunctionDecl *FD, const TUContext &TU,
                          const llvm::DenseMap<unsigned, unsigned> &SiteIndex,
                          std::vector<StackOffsetSite> &Sites) {
  if (SiteIndex.empty())
    return;
  SiteScanner Scanner(TU, SiteIndex, Sites);
  Scanner.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  Scanner.noteMissing();
}

} // namespace kharden
