//===- models/placement/PlacementSchemeYaml.cpp - module-placement files --===//
//
// The YAML I/O mapping of PlacementScheme. Scalars are checked where they
// are read, so an error points at the offending value; rules that tie keys
// together (which keys a layout needs, sizes that must nest) are checked in
// validate() and point at the mapping that holds them. The module sizes may
// come from a sizes file (SizesFile.cpp) named relative to the scheme file.
//
//===----------------------------------------------------------------------===//
#include "models/placement/PlacementScheme.h"
#include "models/placement/SizesFile.h"
#include "models/scheme/SchemeDocument.h"
#include "models/scheme/SchemeFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"

#include <algorithm>

using namespace llvm;
using namespace kharden::placement;

namespace {

/// An unsigned 64-bit value (decimal or 0x hex) of at least Min.
template <uint64_t Min> struct AtLeast {
  uint64_t Value = Min;
  bool operator==(const AtLeast &O) const { return Value == O.Value; }
};

/// A random-area fraction "N/D" (or "0"), 0 <= N/D < 1.
struct FractionValue {
  uint64_t Num = 0, Den = 1;
};

/// The largest N a scheme may ask about; the simulation keeps one entry per
/// loaded module.
constexpr uint64_t MaxModules = 1000000;

/// Mapping-only views of the scheme's sections, read into PlacementScheme.
struct AreaSpec {
  AtLeast<0> Start;
  std::optional<AtLeast<1>> End, Size;
};
struct BaseOffsetSpec {
  AtLeast<0> First;
  AtLeast<1> Positions;
};
struct RandomAreaSpec {
  FractionValue Fraction;
  AtLeast<0> Tries;
};
struct KernelImageSpec {
  std::optional<AtLeast<1>> Pages, Size;
};
struct WindowSpec {
  AtLeast<1> Size;
};
struct SizeEntry {
  AtLeast<1> Pages;
  AtLeast<1> Weight{1};
};
struct ModulesSpec {
  std::vector<SizeEntry> Sizes;
  std::optional<std::string> SizesFile;
  std::optional<AtLeast<1>> ProbePages;
};
struct LeakSpec {
  AtLeast<1> Known, Target;
};
struct EvaluateSpec {
  std::vector<AtLeast<1>> N;
  std::vector<LeakSpec> Leak;
  std::optional<double> MinBits;
};
struct SimulationYaml {
  AtLeast<0> Seed{1};
  AtLeast<1> Runs{200};
};

/// The whole document as written; toScheme() turns it into the model's view.
struct SchemeDocument {
  std::string Name, Title, Kernel, Arch;
  std::vector<std::string> Sources;
  Layout Kind = Layout::ModuleArea;
  AtLeast<512> PageSize{4096};
  AtLeast<0> GuardPages{1};
  std::optional<Fallback> OnFailure;
  std::optional<AreaSpec> Area;
  std::optional<BaseOffsetSpec> BaseOffset;
  std::optional<RandomAreaSpec> RandomArea;
  std::optional<KernelImageSpec> KernelImage;
  std::vector<WindowSpec> Windows;
  ModulesSpec Modules;
  EvaluateSpec Evaluate;
  SimulationYaml Simulation;
};

} // namespace

LLVM_YAML_IS_SEQUENCE_VECTOR(WindowSpec)
LLVM_YAML_IS_SEQUENCE_VECTOR(SizeEntry)
LLVM_YAML_IS_SEQUENCE_VECTOR(LeakSpec)
LLVM_YAML_IS_FLOW_SEQUENCE_VECTOR(AtLeast<1>)

namespace llvm::yaml {

template <uint64_t Min> struct ScalarTraits<AtLeast<Min>> {
  static void output(const AtLeast<Min> &V, void *, raw_ostream &OS) {
    OS << V.Value;
  }
  static StringRef input(StringRef S, void *, AtLeast<Min> &V) {
    static const std::string Expected =
        Min == 0 ? "expected an unsigned integer (decimal or 0x hex)"
                 : "expected an integer of at least " + std::to_string(Min) +
                       " (decimal or 0x hex)";
    unsigned long long N;
    if (getAsUnsignedInteger(S.trim(), 0, N) || N < Min)
      return Expected;
    V.Value = N;
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<FractionValue> {
  static void output(const FractionValue &V, void *, raw_ostream &OS) {
    OS << V.Num << '/' << V.Den;
  }
  static StringRef input(StringRef S, void *, FractionValue &V) {
    const char *Expected = "expected a fraction N/D below 1 (e.g. 2/3) or 0";
    auto [NumText, DenText] = S.trim().split('/');
    unsigned long long Num, Den = 1;
    if (getAsUnsignedInteger(NumText.trim(), 10, Num))
      return Expected;
    if (!DenText.empty() && getAsUnsignedInteger(DenText.trim(), 10, Den))
      return Expected;
    if (Den == 0 || Num >= Den || Den > (1u << 20))
      return Expected;
    V.Num = Num;
    V.Den = Den;
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<Layout> {
  static void output(const Layout &V, void *, raw_ostream &OS) {
    OS << spelling(V);
  }
  static StringRef input(StringRef S, void *, Layout &V) {
    for (Layout X : {Layout::ModuleArea, Layout::KernelWindows})
      if (S == spelling(X)) {
        V = X;
        return {};
      }
    return "expected module-area or kernel-windows";
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<Fallback> {
  static void output(const Fallback &V, void *, raw_ostream &OS) {
    OS << spelling(V);
  }
  static StringRef input(StringRef S, void *, Fallback &V) {
    for (Fallback X :
         {Fallback::None, Fallback::FirstFit, Fallback::NextWindow})
      if (S == spelling(X)) {
        V = X;
        return {};
      }
    return "expected none, first-fit or next-window";
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct MappingTraits<AreaSpec> {
  static void mapping(IO &Io, AreaSpec &A) {
    Io.mapRequired("start", A.Start);
    Io.mapOptional("end", A.End);
    Io.mapOptional("size", A.Size);
  }
  static std::string validate(IO &, AreaSpec &A) {
    if (A.End.has_value() == A.Size.has_value())
      return "area needs exactly one of end and size";
    if (A.End && A.End->Value <= A.Start.Value)
      return "area end must be above its start";
    return "";
  }
};

template <> struct MappingTraits<BaseOffsetSpec> {
  static void mapping(IO &Io, BaseOffsetSpec &B) {
    Io.mapRequired("first", B.First);
    Io.mapRequired("positions", B.Positions);
  }
};

template <> struct MappingTraits<RandomAreaSpec> {
  static void mapping(IO &Io, RandomAreaSpec &R) {
    Io.mapRequired("fraction", R.Fraction);
    Io.mapRequired("tries", R.Tries);
  }
  static std::string validate(IO &, RandomAreaSpec &R) {
    if (R.Fraction.Num != 0 && R.Tries.Value == 0)
      return "a random area needs at least one try";
    if (R.Tries.Value > 100000000)
      return "tries above 100000000 are not supported";
    return "";
  }
};

template <> struct MappingTraits<KernelImageSpec> {
  static void mapping(IO &Io, KernelImageSpec &K) {
    Io.mapOptional("pages", K.Pages);
    Io.mapOptional("size", K.Size);
  }
  static std::string validate(IO &, KernelImageSpec &K) {
    if (K.Pages.has_value() == K.Size.has_value())
      return "kernel-image needs exactly one of pages and size";
    return "";
  }
};

template <> struct MappingTraits<WindowSpec> {
  static void mapping(IO &Io, WindowSpec &W) { Io.mapRequired("size", W.Size); }
};

template <> struct MappingTraits<SizeEntry> {
  static void mapping(IO &Io, SizeEntry &E) {
    Io.mapRequired("pages", E.Pages);
    Io.mapOptional("weight", E.Weight, AtLeast<1>{1});
  }
};

template <> struct MappingTraits<ModulesSpec> {
  static void mapping(IO &Io, ModulesSpec &M) {
    Io.mapOptional("sizes", M.Sizes);
    Io.mapOptional("sizes-file", M.SizesFile);
    Io.mapOptional("probe-pages", M.ProbePages);
  }
  static std::string validate(IO &, ModulesSpec &M) {
    if (M.Sizes.empty() == !M.SizesFile.has_value())
      return "modules needs exactly one of sizes and sizes-file";
    if (M.SizesFile && M.SizesFile->empty())
      return "sizes-file must name a file";
    return "";
  }
};

template <> struct MappingTraits<LeakSpec> {
  static void mapping(IO &Io, LeakSpec &L) {
    Io.mapRequired("known", L.Known);
    Io.mapRequired("target", L.Target);
  }
  static std::string validate(IO &, LeakSpec &L) {
    if (L.Known.Value == L.Target.Value)
      return "a leak pair needs two different modules";
    return "";
  }
};

template <> struct MappingTraits<EvaluateSpec> {
  static void mapping(IO &Io, EvaluateSpec &E) {
    Io.mapRequired("n", E.N);
    Io.mapOptional("leak", E.Leak);
    Io.mapOptional("min-bits", E.MinBits);
  }
  static std::string validate(IO &, EvaluateSpec &E) {
    if (E.N.empty())
      return "evaluate n needs at least one number of modules";
    for (size_t I = 1; I < E.N.size(); ++I)
      if (E.N[I].Value <= E.N[I - 1].Value)
        return "evaluate n must be strictly increasing";
    for (const LeakSpec &L : E.Leak)
      if (std::max(L.Known.Value, L.Target.Value) > MaxModules)
        return "leak modules above " + std::to_string(MaxModules) +
               " are not supported";
    if (E.N.back().Value > MaxModules)
      return "evaluate n above " + std::to_string(MaxModules) +
             " is not supported";
    if (E.MinBits && (*E.MinBits < 0 || *E.MinBits > 64))
      return "min-bits must be between 0 and 64";
    return "";
  }
};

template <> struct MappingTraits<SimulationYaml> {
  static void mapping(IO &Io, SimulationYaml &S) {
    Io.mapOptional("seed", S.Seed, AtLeast<0>{1});
    Io.mapOptional("runs", S.Runs, AtLeast<1>{200});
  }
  static std::string validate(IO &, SimulationYaml &S) {
    if (S.Runs.Value > 100000)
      return "simulation runs above 100000 are not supported";
    return "";
  }
};

template <> struct MappingTraits<SchemeDocument> {
  static void mapping(IO &Io, SchemeDocument &D) {
    kharden::mapSchemeKind(Io, "module-placement");
    Io.mapRequired("name", D.Name);
    Io.mapOptional("title", D.Title, std::string());
    Io.mapOptional("kernel", D.Kernel, std::string());
    Io.mapOptional("arch", D.Arch, std::string());
    Io.mapOptional("sources", D.Sources);
    Io.mapRequired("layout", D.Kind);
    Io.mapOptional("page-size", D.PageSize, AtLeast<512>{4096});
    Io.mapOptional("guard-pages", D.GuardPages, AtLeast<0>{1});
    Io.mapOptional("fallback", D.OnFailure);
    Io.mapOptional("area", D.Area);
    Io.mapOptional("base-offset", D.BaseOffset);
    Io.mapOptional("random-area", D.RandomArea);
    Io.mapOptional("kernel-image", D.KernelImage);
    Io.mapOptional("windows", D.Windows);
    Io.mapRequired("modules", D.Modules);
    Io.mapRequired("evaluate", D.Evaluate);
    Io.mapOptional("simulation", D.Simulation);
  }
  static std::string validate(IO &, SchemeDocument &D);
};

} // namespace llvm::yaml

namespace {

std::string validateModuleArea(const SchemeDocument &D) {
  if (!D.Area || !D.BaseOffset)
    return "layout module-area needs area and base-offset";
  if (D.KernelImage || !D.Windows.empty())
    return "kernel-image and windows belong to layout kernel-windows";
  uint64_t Page = D.PageSize.Value;
  uint64_t Start = D.Area->Start.Value;
  uint64_t Size =
      D.Area->Size ? D.Area->Size->Value : D.Area->End->Value - Start;
  if (Start % Page || Size % Page)
    return "area start and size must be multiples of page-size";
  uint64_t Pages = Size / Page;
  if (Pages > (uint64_t(1) << 31))
    return "areas above 2^31 pages are not supported";
  uint64_t Tries = D.RandomArea ? D.RandomArea->Tries.Value : 0;
  bool HasRandom = D.RandomArea && D.RandomArea->Fraction.Num != 0;
  if (!HasRandom && Tries)
    return "tries need a random area (fraction above 0)";
  if (D.BaseOffset->First.Value + D.BaseOffset->Positions.Value > Pages)
    return "base-offset positions must lie inside the area";
  Fallback F = D.OnFailure.value_or(Fallback::FirstFit);
  if (F == Fallback::NextWindow)
    return "fallback next-window belongs to layout kernel-windows";
  if (!HasRandom && F != Fallback::FirstFit)
    return "without a random area the first-fit allocator is the only "
           "mechanism: fallback must be first-fit";
  return "";
}

std::string validateKernelWindows(const SchemeDocument &D) {
  if (!D.KernelImage || D.Windows.empty())
    return "layout kernel-windows needs kernel-image and windows";
  if (D.Area || D.BaseOffset || D.RandomArea)
    return "area, base-offset and random-area belong to layout module-area";
  uint64_t Page = D.PageSize.Value;
  uint64_t Kernel = D.KernelImage->Pages ? D.KernelImage->Pages->Value * Page
                                         : D.KernelImage->Size->Value;
  if (Kernel % Page)
    return "kernel-image size must be a multiple of page-size";
  uint64_t Previous = Kernel;
  for (const WindowSpec &W : D.Windows) {
    if (W.Size.Value % Page)
      return "window sizes must be multiples of page-size";
    if (W.Size.Value <= Previous)
      return "each window must be larger than the kernel image and the "
             "window before it";
    if (W.Size.Value / Page > (uint64_t(1) << 31))
      return "windows above 2^31 pages are not supported";
    Previous = W.Size.Value;
  }
  Fallback F = D.OnFailure.value_or(D.Windows.size() > 1 ? Fallback::NextWindow
                                                         : Fallback::None);
  if (F == Fallback::FirstFit)
    return "fallback first-fit belongs to layout module-area";
  if ((F == Fallback::NextWindow) != (D.Windows.size() > 1))
    return "fallback next-window needs more than one window, and more than "
           "one window needs fallback next-window";
  return "";
}

} // namespace

std::string
llvm::yaml::MappingTraits<SchemeDocument>::validate(IO &, SchemeDocument &D) {
  if (!kharden::isSchemeName(D.Name))
    return kharden::BadSchemeName;
  if (!isPowerOf2_64(D.PageSize.Value) || D.PageSize.Value > (1u << 21))
    return "page-size must be a power of two from 512 to 2097152";
  if (D.GuardPages.Value > 16)
    return "guard-pages above 16 are not supported";
  if (D.Modules.ProbePages && D.Modules.ProbePages->Value > (1u << 30))
    return "probe-pages above 2^30 are not supported";
  for (const SizeEntry &E : D.Modules.Sizes)
    if (E.Pages.Value > (1u << 30))
      return "module sizes above 2^30 pages are not supported";
  return D.Kind == Layout::ModuleArea ? validateModuleArea(D)
                                      : validateKernelWindows(D);
}

namespace kharden::placement {

StringRef spelling(Layout L) {
  return L == Layout::ModuleArea ? "module-area" : "kernel-windows";
}

StringRef spelling(Fallback F) {
  switch (F) {
  case Fallback::None:
    return "none";
  case Fallback::FirstFit:
    return "first-fit";
  case Fallback::NextWindow:
    return "next-window";
  }
  return "";
}

uint64_t PlacementScheme::randomAreaPages() const {
  if (RandomNum == 0)
    return 0;
  // PAGE_ALIGN((MODULES_LEN / 3) * 2): divide first, as the kernel does.
  uint64_t Bytes = (AreaSize / RandomDen) * RandomNum;
  return alignTo(Bytes, PageSize) / PageSize;
}

uint64_t PlacementScheme::maxModules() const {
  uint64_t Max = Eval.N.back();
  for (const LeakPair &L : Eval.Leaks)
    Max = std::max({Max, L.Known, L.Target});
  return Max;
}

/// The weighted median: the smallest size with at least half the weight at
/// or below it; the default "N-th module".
static uint64_t medianPages(const std::vector<SizeWeight> &Sizes) {
  unsigned __int128 Total = 0, Seen = 0;
  for (const SizeWeight &S : Sizes)
    Total += S.Weight;
  for (const SizeWeight &S : Sizes) {
    Seen += S.Weight;
    if (2 * Seen >= Total)
      return S.Pages;
  }
  return Sizes.back().Pages;
}

static PlacementScheme toScheme(const SchemeDocument &D, StringRef Path) {
  PlacementScheme S;
  S.Name = D.Name;
  S.Title = D.Title;
  S.Kernel = D.Kernel;
  S.Arch = D.Arch;
  S.Sources = D.Sources;
  S.Path = Path.str();
  S.Kind = D.Kind;
  S.PageSize = D.PageSize.Value;
  S.GuardPages = D.GuardPages.Value;
  if (D.Kind == Layout::ModuleArea) {
    S.AreaStart = D.Area->Start.Value;
    S.AreaSize =
        D.Area->Size ? D.Area->Size->Value : D.Area->End->Value - S.AreaStart;
    S.BaseFirst = D.BaseOffset->First.Value;
    S.BasePositions = D.BaseOffset->Positions.Value;
    if (D.RandomArea) {
      S.RandomNum = D.RandomArea->Fraction.Num;
      S.RandomDen = D.RandomArea->Fraction.Den;
      S.Tries = D.RandomArea->Tries.Value;
    }
    S.OnFailure = D.OnFailure.value_or(Fallback::FirstFit);
  } else {
    S.KernelImagePages = D.KernelImage->Pages
                             ? D.KernelImage->Pages->Value
                             : D.KernelImage->Size->Value / S.PageSize;
    for (const WindowSpec &W : D.Windows)
      S.WindowSizes.push_back(W.Size.Value);
    S.OnFailure = D.OnFailure.value_or(
        D.Windows.size() > 1 ? Fallback::NextWindow : Fallback::None);
  }
  for (const SizeEntry &E : D.Modules.Sizes)
    S.Modules.Sizes.push_back({E.Pages.Value, E.Weight.Value});
  if (D.Modules.SizesFile)
    S.Modules.SizesFile = *D.Modules.SizesFile;
  if (D.Modules.ProbePages)
    S.Modules.ProbePages = D.Modules.ProbePages->Value;
  for (const AtLeast<1> &N : D.Evaluate.N)
    S.Eval.N.push_back(N.Value);
  for (const LeakSpec &L : D.Evaluate.Leak)
    S.Eval.Leaks.push_back({L.Known.Value, L.Target.Value});
  S.Eval.MinBits = D.Evaluate.MinBits;
  S.Simulation.Seed = D.Simulation.Seed.Value;
  S.Simulation.Runs = unsigned(D.Simulation.Runs.Value);
  return S;
}

/// Merges equal sizes and sorts, so that the distribution has one entry per
/// size whatever way it was written.
static void normalize(std::vector<SizeWeight> &Sizes) {
  std::sort(Sizes.begin(), Sizes.end(),
            [](const SizeWeight &A, const SizeWeight &B) {
              return A.Pages < B.Pages;
            });
  std::vector<SizeWeight> Merged;
  for (const SizeWeight &S : Sizes) {
    if (!Merged.empty() && Merged.back().Pages == S.Pages)
      Merged.back().Weight += S.Weight;
    else
      Merged.push_back(S);
  }
  Sizes = std::move(Merged);
}

Expected<PlacementScheme> readPlacementScheme(StringRef Path) {
  auto Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  // A stream of comments is no document at all, and YAML I/O crashes
  // validating a mapping it never read: reject it first.
  bool OnlyComments = true;
  for (StringRef Rest = (*Buf)->getBuffer(); !Rest.empty() && OnlyComments;) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    StringRef T = Line.trim();
    OnlyComments = T.empty() || T.starts_with("#") || T == "---";
  }
  if (OnlyComments)
    return make_error<InputError>(Path.str(),
                                  "not a valid YAML document: it is empty");
  SchemeDocument Doc;
  if (Error E = readSchemeDocument(Path, Doc))
    return E;
  PlacementScheme S = toScheme(Doc, Path);
  if (!S.Modules.SizesFile.empty()) {
    SmallString<256> SizesPath(S.Modules.SizesFile);
    if (sys::path::is_relative(SizesPath)) {
      SizesPath = sys::path::parent_path(Path);
      sys::path::append(SizesPath, S.Modules.SizesFile);
    }
    Expected<std::vector<SizeWeight>> Sizes = readSizesFile(SizesPath);
    if (!Sizes)
      return Sizes.takeError();
    S.Modules.Sizes = std::move(*Sizes);
  }
  normalize(S.Modules.Sizes);
  uint64_t TotalWeight = 0;
  for (const SizeWeight &W : S.Modules.Sizes) {
    if (TotalWeight > UINT64_MAX - W.Weight)
      return make_error<InputError>(Path.str(),
                                    "module size weights add up to more "
                                    "than 2^64");
    TotalWeight += W.Weight;
  }
  if (!S.Modules.ProbePages)
    S.Modules.ProbePages = medianPages(S.Modules.Sizes);
  return S;
}

} // namespace kharden::placement
