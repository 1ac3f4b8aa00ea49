//===- checkers/Check.h - the interface every check implements ------------===//
#ifndef KHARDEN_CHECKERS_CHECK_H
#define KHARDEN_CHECKERS_CHECK_H

#include "engine/Program.h"
#include "findings/Finding.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <vector>

namespace kharden {

/// A check reads the solved program (every function's summary and entry
/// contexts) and reports findings tagged with its name.
class Check {
public:
  explicit Check(llvm::StringRef Name) : Name(Name.str()) {}
  virtual ~Check() = default;
  llvm::StringRef name() const { return Name; }
  virtual void run(const Program &P, std::vector<Finding> &Out) const = 0;
  /// What the check looked at, for --stats (one line each): enough to tell
  /// "no finding" from "nothing seen". Nothing by default.
  virtual std::vector<std::string> stats(const Program &P) const { return {}; }

  /// What run() and stats() read of F's calling contexts (through
  /// Program::entries(), findContext(), regionContext(), enteredAtomic()):
  /// the AbsState parts, none if they read none. The solve computes only
  /// what some check reads (Program::solve()); a check that does not say
  /// reads every part of every function's.
  virtual unsigned contextPartsRead(const KernelModel &M,
                                    const FunctionSummary &F) const {
    return AbsState::AllParts;
  }

  /// Sets option Key (without the "<check>." prefix) from its text; an
  /// unknown key or a bad value is an error, never silently defaulted.
  virtual llvm::Error setOption(llvm::StringRef Key, llvm::StringRef Value);
  /// Every option with its current value, for --list-checks.
  virtual std::vector<std::pair<std::string, std::string>> options() const {
    return {};
  }

  /// Reports only on the functions defined in Files (every function by
  /// default): a kbuild process solves with its file's stored callers but
  /// reports on its own file, and need not prove what it will not report.
  void reportOnlyIn(llvm::StringSet<> Files) { Scope = std::move(Files); }

protected:
  bool reportsOn(const FunctionSummary &F) const {
    return !Scope || Scope->contains(F.Where.File);
  }
  /// The check's rules (kernel.yaml `check-rules`) that watch Op: an
  /// operation of their engine rule, or one the engine recorded for this
  /// check under a name they list.
  std::vector<const CheckRule *> rulesFor(const KernelModel &M,
                                          const Operation &Op) const;
  /// Whether one of F's operations is one that rulesFor() gives rules.
  bool watchesAnOperationOf(const KernelModel &M,
                            const FunctionSummary &F) const;
  /// The context parts the check's rules' words read (partsHeld()).
  unsigned partsTheRulesRead(const KernelModel &M) const;
  /// A finding of this check at Op in F, whose notes are Op's macro chain
  /// and then Why's, the chain that shows the context.
  Finding findingAt(const FunctionSummary &F, const Operation &Op,
                    const Explanation &Why, std::string Message,
                    std::string Evidence) const;
  /// "option '<check>.Key' takes Takes, not 'Value'": a bad option value.
  llvm::Error badOptionValue(llvm::StringRef Key, llvm::StringRef Takes,
                             llvm::StringRef Value) const;
  /// Sets Out from a true/false option value.
  llvm::Error setBoolOption(llvm::StringRef Key, llvm::StringRef Value,
                            bool &Out) const;

private:
  std::string Name;
  std::optional<llvm::StringSet<>> Scope;
};

/// A check's registry entry (from checkers/Checks.def).
struct CheckInfo {
  /// Whether the check runs when --checks does not name it.
  enum Selection { ByDefault, OptIn };
  llvm::StringRef Name;
  llvm::StringRef Summary;
  Selection Selected;
  std::unique_ptr<Check> (*Create)();
};

/// Every check kharden has, in a stable order.
llvm::ArrayRef<CheckInfo> allChecks();

} // namespace kharden

#endif
