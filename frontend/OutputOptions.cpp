#include "frontend/OutputOptions.h"

#include "clang/Driver/Options.h"
#include "llvm/Option/ArgList.h"

using namespace llvm;
using namespace llvm::opt;
using namespace clang::driver;

namespace kharden {
namespace {

/// Options, of the driver or of cc1, that write a file, print into the
/// report, or load code. Groups count for all their members (M_Group: -M,
/// -MD, -MMD, -MF, -MT, -MQ, -MJ ...), aliases for what they alias.
bool writesOrLoads(const Option &O) {
  static constexpr unsigned Ids[] = {
      options::OPT_o,
      options::OPT_M_Group,
      options::OPT__serialize_diags,
      options::OPT_diagnostic_serialized_file,
      options::OPT_dependency_file,
      options::OPT_dependency_dot,
      options::OPT_module_dependency_dir,
      options::OPT_header_include_file,
      options::OPT_H,
      options::OPT_save_temps,
      options::OPT_save_temps_EQ,
      options::OPT_ftime_trace,
      options::OPT_ftime_trace_EQ,
      options::OPT_save_stats,
      options::OPT_save_stats_EQ,
      options::OPT_stats_file,
      options::OPT_fproc_stat_report,
      options::OPT_fproc_stat_report_EQ,
      options::OPT_fcrash_diagnostics,
      options::OPT_fcrash_diagnostics_EQ,
      options::OPT_fcrash_diagnostics_dir,
      options::OPT_gen_reproducer_eq,
      options::OPT_fmodules,
      options::OPT_fmodules_cache_path,
      options::OPT_fmodule_output,
      options::OPT_fmodule_output_EQ,
      options::OPT_emit_ast,
      options::OPT_fplugin_EQ,
      options::OPT_fplugin_arg,
      options::OPT_fpass_plugin_EQ,
      options::OPT_load,
      options::OPT_plugin,
      options::OPT_add_plugin,
      options::OPT_plugin_arg,
      options::OPT__HASH_HASH_HASH,
  };
  if (llvm::any_of(Ids, [&](unsigned Id) { return O.matches(Id); }))
    return true;
  // -fdump-record-layouts and the like print to standard output, where a
  // report may go; cc1's -ast-dump/-ast-print too.
  StringRef Name = O.getPrefixedName();
  return Name.starts_with("-fdump-") || Name.starts_with("-ast-dump") ||
         Name.starts_with("-ast-print") || Name.starts_with("-ast-list");
}

/// Each argument of List, by the range of Argv indices it spans.
template <typename Fn>
void forEachSpan(const InputArgList &List, size_t End, Fn F) {
  std::vector<const Arg *> Args(List.begin(), List.end());
  for (size_t I = 0; I < Args.size(); ++I)
    F(*Args[I], Args[I]->getIndex(),
      I + 1 < Args.size() ? Args[I + 1]->getIndex() : End);
}

InputArgList parse(ArrayRef<const char *> Argv, unsigned Visibility) {
  unsigned MissingIndex = 0, MissingCount = 0;
  return getDriverOptTable().ParseArgs(Argv, MissingIndex, MissingCount,
                                       llvm::opt::Visibility(Visibility));
}

/// Whether any cc1 option among Values writes or loads; Mark gets the
/// indices (into Values) of the tokens of each such option.
bool cc1WritesOrLoads(ArrayRef<const char *> Values,
                      function_ref<void(size_t)> Mark) {
  bool Any = false;
  InputArgList List = parse(Values, options::CC1Option);
  forEachSpan(List, Values.size(), [&](const Arg &A, size_t Begin, size_t End) {
    if (!writesOrLoads(A.getOption()))
      return;
    Any = true;
    for (size_t I = Begin; I < End; ++I)
      Mark(I);
  });
  return Any;
}

} // namespace

std::vector<std::string> dropOutputOptions(ArrayRef<std::string> Args) {
  if (Args.empty())
    return {};
  std::vector<const char *> Argv;
  for (const std::string &A : Args.drop_front())
    Argv.push_back(A.c_str());
  std::vector<bool> Drop(Argv.size());
  // cc1 options passed one token at a time (-Xclang X, -Xpreprocessor X):
  // the values, and the driver arguments they came in.
  std::vector<const char *> Forwarded;
  std::vector<std::pair<size_t, size_t>> ForwardedFrom;

  InputArgList List = parse(Argv, options::ClangOption);
  forEachSpan(List, Argv.size(), [&](const Arg &A, size_t Begin, size_t End) {
    const Option &O = A.getOption();
    if (O.matches(options::OPT_Xclang) ||
        O.matches(options::OPT_Xpreprocessor)) {
      Forwarded.push_back(A.getValue());
      ForwardedFrom.push_back({Begin, End});
      return;
    }
    bool Drops = writesOrLoads(O);
    if (O.matches(options::OPT_Wp_COMMA)) {
      // The driver reads -Wp,-MD,F and -Wp,-MMD,F as -MD -MF F; cc1 gets
      // the values of any other -Wp,. An empty -Wp, passes nothing, and
      // clang 19's driver reads its missing first value (and crashes).
      Drops = A.getNumValues() == 0 || A.getValue(0) == StringRef("-MD") ||
              A.getValue(0) == StringRef("-MMD") ||
              cc1WritesOrLoads(A.getValues(), [](size_t) {});
    }
    if (Drops)
      std::fill(Drop.begin() + Begin, Drop.begin() + End, true);
  });
  cc1WritesOrLoads(Forwarded, [&](size_t I) {
    auto [Begin, End] = ForwardedFrom[I];
    std::fill(Drop.begin() + Begin, Drop.begin() + End, true);
  });

  std::vector<std::string> Out{Args.front()};
  for (size_t I = 0; I < Argv.size(); ++I)
    if (!Drop[I])
      Out.push_back(Args[I + 1]);
  return Out;
}

} // namespace kharden
