//===- engine/FunctionAnalyzer.h - one function, inside -*- C++ -*-==//
//
// The engine's private view of FunctionAnalysis: FunctionEvents.cpp turns
// a function's CFG into events (per-CPU operations, primitives' effects,
// calls with what their arguments make of the callee's tests, value
// facts); FunctionAnalysis.cpp solves the context states at each event.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_FUNCTIONANALYZER_H
#define KHARDEN_ENGINE_FUNCTIONANALYZER_H

#include "engine/CfgReach.h"
#include "engine/FieldStores.h"
#include "engine/FunctionAnalysis.h"
#include "engine/ParamBitsFlow.h"
#include "engine/ValueSlots.h"

#include "clang/AST/ParentMap.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseSet.h"

#include <array>
#include <memory>
#include <optional>

namespace kharden::function_analysis {

using StateSet = llvm::SmallVector<RelState, 4>;

/// A callee's parameter test as its caller sees it: decided by a constant
/// argument, or a test of the caller's own parameter or values (Slot; the
/// opposite of the callee's test where Negated: a relation slot holds
/// whether the two values differ).
struct ImportedTest {
  std::optional<bool> Holds;
  int8_t Slot = -1;
  bool Negated = false;
};

/// A callee whose exits a call takes: its summary, what the call's
/// arguments make of its parameter tests, and the caller's join each of
/// its joins becomes (-1: none, both ways stand).
struct CalleeExits {
  const FunctionSummary *Summary = nullptr;
  llvm::SmallVector<ImportedTest, 2> Tests;
  llvm::SmallVector<int8_t, 1> Joins;
  int16_t Note = -1;
  /// For a call through a field whose targets the file's objects tell
  /// apart (OpsObjects): the objects that hold this target there.
  uint16_t Objects = 0;
};

/// One thing that happens at a CFG element, in the order it happens.
struct Event {
  enum Kind { Effects, Op, Call, Site, Facts } K;
  std::vector<Effect> Fx;
  int16_t Note = -1;
  unsigned Index = 0; ///< Into FunctionSummary::Ops, ::Calls or ::Sites.
  /// For the conditional effects of a primitive whose value decides its
  /// block's branch: the successor they happen on.
  int8_t OnlyOnSucc = -1;
  int8_t ResultSlot = -1; ///< For a call: the slot its result goes to.
  int8_t ResultSignSlot = -1; ///< ... and the sign slot.
  /// For a call through a pointer whose targets in the file are joined:
  /// the join (FunctionSummary::Joins). Its paths either take one of
  /// Callees' exits or go elsewhere unchanged.
  int8_t Join = -1;
  /// For a call: the callees with effects (the callee, or the targets).
  llvm::SmallVector<CalleeExits, 1> Callees = {};
  llvm::SmallVector<SlotWrite, 1> Writes = {}; ///< For Facts.
  /// For an Op the callers' values decide (Operation::DecidedBy): it
  /// happens on the paths that can find this slot to be FactValue.
  int8_t FactSlot = -1;
  bool FactValue = false;
};

/// What a block's branch condition tests, seen through parentheses, casts,
/// `!` and likely()/unlikely(): a call (`if (!spin_trylock(l))`) or a known
/// macro's expansion (`if (in_task())`), and the successor taken when it is
/// true.
struct BranchTest {
  const clang::CallExpr *Call = nullptr;
  /// The macro's name token, as expansions are keyed.
  clang::SourceLocation Macro;
  int8_t TrueSucc = -1;
  int8_t Slot = -1; ///< The value slot it tests, if any ...
  bool OnlyTrueEdge = false; ///< ... or a bit of (only true tells it).
  int8_t Test = -1;          ///< The parameter-test slot it is, if any,
  bool TestNegated = false;  ///< found false where the condition is true.
  const clang::Expr *Expansion = nullptr; ///< The macro's, where it is one.
  /// The tested value where it is zero on every path (0) or non-zero on
  /// every path (1): a constant, an address, a call whose callee returns
  /// one truth on every path; decided with no slot, which a function
  /// testing many values may have none left for.
  int8_t Constant = -1;
  /// A sign slot's test whose false edge alone tells (`err == 1`) ...
  bool OnlyFalseEdge = false;
  /// ... and a value slot the condition, where successor NonZeroSucc is
  /// taken, says is not zero.
  int8_t NonZeroSlot = -1, NonZeroSucc = -1;
};

class FunctionAnalyzer {
public:
  FunctionAnalyzer(const clang::FunctionDecl *FD, TUContext &TU)
      : FD(FD), TU(TU), SM(TU.sourceManager()), LO(TU.AST.getLangOpts()) {}

  FunctionSummary run();


private:
  void computeOrder();
  BranchTest branchTest(const clang::CFGBlock &B) const;
  /// Whether E is (in) the argument an `if-argument` primitive tests
  /// (might_sleep_if()'s `if (cond)`): the primitive's operation alone
  /// finds it true, not the paths after it, whose callees would take a
  /// blocking mask from what the primitive's own test found.
  bool inIfArgument(const clang::Expr *E) const;
  /// The name token of a primitive macro whose expansion is all of E.
  clang::SourceLocation primitiveMacro(const clang::Expr *E) const;
  std::pair<clang::SourceLocation, const Primitive *>
  primitiveExpansion(const clang::Expr *E) const;
  const Primitive *primitiveOf(const clang::Expr *E) const;
  const FunctionSummary *summaryOf(const clang::FunctionDecl *Callee) const;
  /// summaryOf() for a callee's transfers of argument bits, recording that
  /// the unit asked for those of a function it does not define: the run
  /// imports another file's transfers only where they are asked for.
  const FunctionSummary *transfersOf(const clang::FunctionDecl *Callee) const;
  /// Whether E, inside the expansion of the macro named at NameLoc, is all
  /// of it but parentheses.
  bool wholeExpansion(const clang::Expr *E,
                      clang::SourceLocation NameLoc) const;
  clang::ParentMap &parents() const;
  void applyBranchFacts(const clang::CFGBlock &B, unsigned Succ,
                        StateSet &States) const;
  /// Whether Slot is about a parameter the path assigned: its facts say
  /// nothing of what the caller passed.
  bool paramChanged(const RelState &S, unsigned Slot) const;
  /// Records that the path found Slot to be Value; false if it found it the
  /// other way before (a path that cannot run).
  bool setFact(RelState &S, unsigned Slot, bool Value) const;
  /// Keeps the states that can find Slot to be Value, with that fact.
  void keepFact(unsigned Slot, bool Value, StateSet &States) const;
  /// What is known of the bits of an integer argument, and of what a
  /// callee in this file returns.
  KnownBits argumentBits(const clang::Expr *E) const;
  /// The same of CE's argument Index; nothing where CE has no such one.
  KnownBits argumentBits(const clang::CallExpr *CE, unsigned Index) const;
  KnownBits returnBits(const clang::CallExpr *CE) const;
  /// What CE's callee returns in the fields of its structure: its
  /// summary's ReturnFields, and its ReturnFieldParams as the arguments'
  /// bits (a guard's `.lock`, the pointer the constructor was given).
  FieldFacts returnedFields(const clang::CallExpr *CE) const;
  /// The local slot of the variable whose address the argument of the
  /// callee's test T lends (`&timeo`), if the function keeps one and T is
  /// its truth.
  std::optional<unsigned> lentSlot(const clang::CallExpr *CE,
                                   const ParamTest &T) const;
  /// What the caller's arguments (with what Call knows of their bits)
  /// make of the callee's parameter tests.
  llvm::SmallVector<ImportedTest, 2>
  importTests(const FunctionSummary &Callee, const clang::CallExpr *CE,
              const CallSite &Call);
  /// What a callee's relation test T of two parameters is in the caller's
  /// terms: the same value passed twice decides it; two of the caller's
  /// own parameters make it the caller's relation test; two local pointers
  /// their pair slot.
  ImportedTest importRelation(const ParamTest &T, const clang::CallExpr *CE);
  /// The parameter an argument (or returned value) is made of, and what it
  /// makes of its bits: the paths to At, the call or return statement
  /// (ParamBitsFlow), then `|` and `&` with values known apart from it
  /// (`flags | __GFP_ZERO`) and calls of the file that return a function of
  /// their argument; no transfer where it is anything else.
  std::pair<unsigned, std::optional<BitsTransfer>>
  paramTransfer(const clang::Stmt *At, const clang::Expr *Arg) const;
  /// What a call returns as a function of one of its arguments, if its
  /// callee's summary says (FunctionSummary::ReturnTransfer).
  std::optional<std::pair<unsigned, BitsTransfer>>
  returnTransfer(const clang::CallExpr *CE) const;
  /// The summary's ReturnTransfer: every return statement's.
  /// The function's return statements, in the analysis order.
  llvm::SmallVector<const clang::ReturnStmt *, 4> returns() const;
  void summarizeReturns();
  /// The summary's ReturnFields: what every return statement's local
  /// structure holds.
  void summarizeReturnedFields();
  /// The caller's own value that argument Arg passes as the callee's
  /// CalleeRef: a parameter passed on, or a field of what one points to.
  std::optional<ArgRef> callerRef(const clang::Expr *Arg,
                                  const ArgRef &CalleeRef) const;
  void collectEvents();
  /// The block whose branch tests the value of the primitive or call S
  /// (a macro's, named at UseLoc, where Outer >= 0); ~0u if none does.
  unsigned testingBlock(const clang::Stmt *S, clang::SourceLocation UseLoc,
                        int Outer) const;

  // PercpuExchanges.cpp: compare-and-exchanges on this CPU's copy, and the
  // per-CPU addresses whose picks their failure leads back to.
  /// An exchange of Variable (as written) at S (a macro's, named at UseLoc,
  /// where Outer >= 0; else a call of the file that returns one's result).
  void noteExchange(llvm::StringRef Variable, const clang::Stmt *S,
                    clang::SourceLocation UseLoc, int Outer);
  /// The same for the exchange emitPrimitive() was given (its arguments,
  /// the expansion chain of a macro's).
  void noteExchangeMacro(llvm::ArrayRef<std::string> Args,
                         llvm::ArrayRef<clang::SourceLocation> Chain,
                         const clang::Stmt *S, clang::SourceLocation UseLoc,
                         int Outer);
  /// The same for a call to a function of the file that returns an
  /// exchange's result, in the caller's terms.
  void noteExchangeCall(const FunctionSummary &Callee,
                        const clang::CallExpr *CE);
  /// Operation::RetriedAt of each per-CPU address, after collectEvents().
  void markRetries();
  struct ExchangeTest {
    std::string Variable; ///< A key (variableKey()).
    unsigned Tester;      ///< The block whose branch tests its result.
    unsigned Failed;      ///< The successor block where it failed.
    SourcePoint Where;
  };
  std::vector<ExchangeTest> Exchanges;
  /// Per-CPU addresses: the operation (Out.Ops) and its block.
  std::vector<std::pair<unsigned, unsigned>> Picks;
  /// The per-CPU variable each stack-offset site's operations touch.
  void linkSites();
  /// The outermost node of the expansion named at NameLoc that holds S.
  const clang::Stmt *expansionTop(const clang::Stmt *S,
                                  clang::SourceLocation NameLoc);
  const clang::Stmt *userOf(const clang::Stmt *S,
                            clang::SourceLocation NameLoc);
  void classify(const clang::CFGElement &E, std::vector<Event> &Events);
  /// The event of the known macro block B's branch tests, where no element
  /// of B lies inside its expansion (`!m()`, m() a comparison of
  /// variables: the CFG keeps only the `!`).
  void classifyTestedMacro(const clang::CFGBlock &B);
  /// Effect::NotSetUp on the edge of B's branch where a set-up flag is
  /// zero: a field of an object the callers have (a parameter's, a
  /// global's), if that edge is a detour that sets the field up
  /// (FieldStores::setsUpOnDetour(): the object's first use, `if
  /// (!vgic_initialized(kvm))` before vgic_init() sets
  /// `kvm->arch.vgic.initialized`), or a latch of the file (`if
  /// (!stop_machine_initialized)`).
  void noteNotSetUp(const clang::CFGBlock &B);
  bool classifyMacro(const clang::Stmt *S,
                     llvm::ArrayRef<clang::SourceLocation> Chain,
                     std::vector<Event> &Events);
  void noteSites(llvm::ArrayRef<clang::SourceLocation> Chain,
                 std::vector<Event> &Events);
  void classifyCall(const clang::CallExpr *CE, std::vector<Event> &Events);
  /// Records a call the kernel model names with Rule.
  /// Records an operation of every check rule that watches Name.
  void addWatched(llvm::StringRef Name, clang::SourceLocation Loc,
                  std::vector<Event> &Events);
  void addOperation(llvm::StringRef Rule, llvm::StringRef Name,
                    clang::SourceLocation Loc, std::vector<Event> &Events);
  /// The slot of the caller's value that argument Index of a primitive's
  /// use at S (a macro's, named at UseLoc, where Outer >= 0) tests, and the
  /// value it has where the argument is true; or whether the argument is a
  /// constant's truth.
  struct ArgumentTruth {
    std::optional<std::pair<unsigned, bool>> Slot;
    std::optional<bool> Constant;
  };
  ArgumentTruth argumentTruth(unsigned Index, const clang::Stmt *S,
                              clang::SourceLocation UseLoc, int Outer);
  void emitPrimitive(const Primitive &P, llvm::StringRef Name,
                     llvm::ArrayRef<std::string> Args, std::string Text,
                     const clang::Stmt *S, clang::SourceLocation UseLoc,
                     llvm::ArrayRef<clang::SourceLocation> Chain, int Outer,
                     std::vector<Event> &Events);
  /// Effects: whether the callee's summary changes the context after it
  /// (not for a primitive whose effects stand for it).
  /// CleanedUp: the variable whose cleanup attribute makes the call.
  void addCall(const clang::FunctionDecl *Callee, clang::SourceLocation Loc,
               std::vector<Event> &Events, const clang::CallExpr *CE = nullptr,
               bool Effects = true, const clang::VarDecl *CleanedUp = nullptr);
  /// The locks a call to Callee, which the unit does not define, takes or
  /// releases by its declaration (DeclaredLocks), where the run gives no
  /// Summary of it.
  void addDeclaredLocks(const clang::FunctionDecl *Callee,
                        const FunctionSummary *Summary,
                        clang::SourceLocation Loc, std::vector<Event> &Events);
  /// A call through a function pointer: a call site for the targets the
  /// run finds, with the exits of the file's own targets, or a documented
  /// contract's effects.
  void addCallThrough(const clang::CallExpr *CE, std::vector<Event> &Events);
  /// What is known of scalar variable V wherever the cleanup attribute's
  /// call reads it: its initializer's bits, where nothing else writes V
  /// (its address goes only to callees of the file that store nothing
  /// through it: a guard's lock_ptr()).
  KnownBits cleanedUpValue(const clang::VarDecl &V) const;
  /// What CE passes (Loc: where the call is), or a cleanup attribute's
  /// call of CleanedUp's address.
  CallSite callSite(const clang::CallExpr *CE, clang::SourceLocation Loc,
                    const clang::VarDecl *CleanedUp = nullptr);
  /// The event of call site Out.Calls.back().
  Event callEvent(const clang::CallExpr *CE);
  /// Callee's exits as the call CE takes them, if they change anything
  /// (or Objects, the objects that hold the target, say which they are).
  std::optional<CalleeExits> exitsOf(const FunctionSummary &Callee,
                                     const clang::CallExpr *CE, const Event &E,
                                     clang::SourceLocation Loc,
                                     llvm::StringRef Through,
                                     uint16_t Objects = 0);
  /// The objects each of Defs is held by in the field CE calls through
  /// (OpsObjects::holding()), where CE's pointer is the one the function
  /// picks objects by (the first whose calls' targets its file's objects
  /// tell apart); empty where they are not told apart.
  llvm::SmallVector<uint16_t, 4>
  objectsHolding(const clang::CallExpr *CE, llvm::StringRef Slot,
                 llvm::ArrayRef<const clang::FunctionDecl *> Defs);
  /// What a primitive call does: its text and argument texts.
  std::string callText(const clang::CallExpr *CE, llvm::StringRef Name,
                       std::vector<std::string> &Args) const;
  bool usedAsPointer(const clang::Stmt *S, clang::SourceLocation NameLoc);
  bool inExpansion(clang::SourceLocation Loc,
                   clang::SourceLocation NameLoc) const;
  std::vector<Note> macroNotes(llvm::ArrayRef<clang::SourceLocation> Chain,
                               int Outer) const;
  std::string argumentText(const clang::Expr *Arg) const;
  void classifyStore(const clang::Stmt *S, std::vector<Event> &Events);
  void storeEffects(const StoreRule &Rule, const clang::Expr *Value,
                    clang::SourceLocation Where, llvm::StringRef Callee,
                    std::vector<Event> &Events);
  /// Whether every path from the function's entry to its exit passes B.
  bool onEveryPathToExit(const clang::CFGBlock &B) const;
  /// The slot of the local pointer whose object the call S takes a lock
  /// in, if S is such a call.
  std::optional<unsigned> lockedObjectSlot(const clang::Stmt *S) const;
  int16_t addNote(clang::SourceLocation Loc, std::string Message);
  void transfer(const Event &E, StateSet &States);
  /// Whether a callee's exit can be taken with these arguments; records in
  /// S what it found of the caller's own parameters.
  bool takesTests(const RelState &Exit, llvm::ArrayRef<ImportedTest> Tests,
                  RelState &S) const;
  /// The state after the call event E that took Callee's exit Exit from S,
  /// if the path can run.
  std::optional<RelState> afterCallee(const Event &E, const CalleeExits &Callee,
                                      const RelState &Exit, RelState S,
                                      bool Replaces) const;
  /// Applies one write; a fork or a split splits every state in two.
  void write(const SlotWrite &W, StateSet &States) const;
  void solve();
  void dump(llvm::raw_ostream &OS) const;

  // ValueUses.cpp: where operations' values, returned values and
  // parameters go, with the states at each use.
  /// Value (the expression) is followed to its uses after the solve; Model
  /// says which calls end its region, if any.
  void noteValue(ValueFlow::From Kind, unsigned Index, const clang::Expr *Value,
                 const ValueSource *Model = nullptr);
  /// The same for a call to a callee of the file that returns a followed
  /// value (Out.Calls.back() is its call site).
  void noteReturnedValue(const FunctionSummary *Callee,
                         const clang::CallExpr *CE);
  void followValues();
  void dumpValues(llvm::raw_ostream &OS) const;
  /// The states before (or after) the events of element Elem of Block.
  StateSet statesAt(unsigned Block, unsigned Elem, bool After);
  struct NotedValue {
    ValueFlow::From Kind;
    unsigned Index;
    const clang::Expr *Value;
    const ValueSource *Model;
  };
  std::vector<NotedValue> Values;
  llvm::DenseMap<const clang::CallExpr *, unsigned> CallIndex;
  /// Per block, per element: the events before it; and where each element
  /// statement is.
  std::vector<std::vector<unsigned>> ElementEvents;
  llvm::DenseMap<const clang::Stmt *, std::pair<unsigned, unsigned>> ElementAt;
  std::vector<StateSet> BlockIn; ///< The solved states at each block's entry.
  /// The states each call site is reached in, while solve() finds them.
  std::vector<std::vector<RelState>> CallStates;

  const clang::FunctionDecl *FD;
  TUContext &TU;
  clang::SourceManager &SM;
  const clang::LangOptions &LO;
  FunctionSummary Out;
  std::unique_ptr<clang::CFG> Cfg;
  std::vector<std::vector<Event>> BlockEvents;
  std::vector<const clang::CFGBlock *> Order; ///< Reverse post-order.
  std::optional<CfgReach> Blocks;
  /// The element (block, index) whose events each known macro's expansion
  /// became, by its name token: the first of its elements in execution order.
  llvm::DenseMap<unsigned, std::pair<unsigned, unsigned>> Anchors;
  /// The later elements of those expansions, each with its anchor: what
  /// they compute (the arguments the macro passes on) is computed before
  /// the macro's events.
  llvm::DenseMap<std::pair<unsigned, unsigned>, std::pair<unsigned, unsigned>>
      AnchoredElements;
  mutable std::unique_ptr<clang::ParentMap> Parents; ///< Built on first use.
  llvm::DenseMap<unsigned, unsigned> SiteIndex; ///< Expansion -> Out.Sites.
  std::optional<ValueSlots> Slots;
  /// The pointer whose calls through fields pick one object's targets.
  std::optional<llvm::FoldingSetNodeID> PickedPointer;
  std::optional<FieldStores> Fields;
  std::optional<ParamBitsFlow> ParamBits;
  std::vector<BranchTest> Branches; ///< Per block.
  unsigned Current = 0;             ///< The block being classified.
  const clang::CFGBlock *CurrentBlock = nullptr;
  /// Blocks whose branch tests a macro's expansion, by its name token: the
  /// expansion may begin in an earlier block (a statement expression).
  llvm::DenseMap<unsigned, unsigned> BlockTestingMacro;
  /// Per fork: the notes of its true and false outcomes' effects.
  std::vector<std::array<int16_t, 2>> ForkNotes;
};

} // namespace kharden::function_analysis

#endif
