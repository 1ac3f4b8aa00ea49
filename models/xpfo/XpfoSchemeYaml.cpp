//===- models/xpfo/XpfoSchemeYaml.cpp - XPFO scheme and measurement files -===//
//
// The YAML I/O mappings of XpfoScheme and Measurements. Values are checked
// where they are read; rules that tie keys together in validate(), at the
// mapping that holds them. Both files are read with readSchemeDocument(),
// which reports every problem of a file.
//
//===----------------------------------------------------------------------===//
#include "models/scheme/SchemeDocument.h"
#include "models/scheme/SchemeFile.h"
#include "models/scheme/SchemeSpellings.h"
#include "models/xpfo/XpfoScheme.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"

#include <cmath>

using namespace llvm;
using namespace kharden::xpfo;

namespace kharden {
KHARDEN_SPELLINGS(xpfo::Flush, "expected none, local or all",
                  {"none", Flush::None}, {"local", Flush::Local},
                  {"all", Flush::All})
KHARDEN_SPELLINGS(xpfo::HandOut, "expected after-flush or before-flush",
                  {"after-flush", HandOut::AfterFlush},
                  {"before-flush", HandOut::BeforeFlush})
KHARDEN_SPELLINGS(xpfo::Views, "expected shared or per-cpu",
                  {"shared", Views::Shared}, {"per-cpu", Views::PerCpu})
KHARDEN_SPELLINGS(xpfo::Migration, "expected no-flush or flush",
                  {"no-flush", Migration::NoFlush}, {"flush", Migration::Flush})
KHARDEN_SPELLINGS(xpfo::LazyCpus, "expected interrupt or skip",
                  {"interrupt", LazyCpus::Interrupt}, {"skip", LazyCpus::Skip})
} // namespace kharden

namespace {

/// The most pages a batch may hold.
constexpr unsigned MaxBatch = 1u << 20;

/// An integer 1 .. MaxBatch.
struct BatchSize {
  unsigned Value = 1;
  bool operator==(const BatchSize &O) const { return Value == O.Value; }
};

/// A positive number of seconds.
struct Seconds {
  double Value = 0;
};

struct CostSpec {
  std::string Measurements;
};

/// `kunmap: {flush: ...}`: a mapping, so that the section can grow.
struct KunmapSpec {
  Flush Flushed = Flush::All;
};

/// The measurement file as written.
struct MeasurementsDocument {
  std::string Title;
  std::vector<std::string> Sources;
  unsigned Cpus = 0;
  Seconds Base;
  std::vector<MeasuredRun> Runs;
  double OverheadLimit = 10;
};

} // namespace

LLVM_YAML_IS_SEQUENCE_VECTOR(MeasuredRun)

namespace llvm::yaml {

template <> struct ScalarTraits<Flush> : kharden::SpelledScalar<Flush> {};
template <> struct ScalarTraits<HandOut> : kharden::SpelledScalar<HandOut> {};
template <> struct ScalarTraits<Views> : kharden::SpelledScalar<Views> {};
template <>
struct ScalarTraits<Migration> : kharden::SpelledScalar<Migration> {};
template <> struct ScalarTraits<LazyCpus> : kharden::SpelledScalar<LazyCpus> {};

template <> struct ScalarTraits<BatchSize> {
  static void output(const BatchSize &V, void *, raw_ostream &OS) {
    OS << V.Value;
  }
  static StringRef input(StringRef S, void *, BatchSize &V) {
    unsigned long long N;
    if (getAsUnsignedInteger(S, 10, N) || N < 1 || N > MaxBatch)
      return "expected a number of pages from 1 to 1048576";
    V.Value = unsigned(N);
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<Seconds> {
  static void output(const Seconds &V, void *, raw_ostream &OS) {
    OS << V.Value;
  }
  static StringRef input(StringRef S, void *, Seconds &V) {
    double D;
    if (S.trim().getAsDouble(D) || !std::isfinite(D) || D <= 0 || D > 1e9)
      return "expected a positive number of seconds";
    V.Value = D;
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct MappingTraits<CostSpec> {
  static void mapping(IO &Io, CostSpec &C) {
    Io.mapRequired("measurements", C.Measurements);
  }
  static std::string validate(IO &, CostSpec &C) {
    return C.Measurements.empty() ? "measurements must name a file" : "";
  }
};

template <> struct MappingTraits<AllocationPolicy> {
  static void mapping(IO &Io, AllocationPolicy &A) {
    Io.mapRequired("flush", A.Flushed);
    BatchSize Batch{A.Batch};
    Io.mapOptional("batch", Batch, BatchSize{1});
    A.Batch = Batch.Value;
    Io.mapOptional("hand-out", A.When, HandOut::AfterFlush);
  }
  static std::string validate(IO &, AllocationPolicy &A) {
    if (A.Flushed != Flush::All && A.Batch > 1)
      return "batch needs flush all: only a flush with IPIs is batched";
    if (A.Flushed != Flush::All && A.When == HandOut::BeforeFlush)
      return "hand-out before-flush needs flush all: a local flush is done "
             "before the allocation returns";
    return "";
  }
};

template <> struct MappingTraits<KunmapSpec> {
  static void mapping(IO &Io, KunmapSpec &K) {
    Io.mapRequired("flush", K.Flushed);
  }
};

template <> struct MappingTraits<XpfoScheme> {
  static void mapping(IO &Io, XpfoScheme &S) {
    kharden::mapSchemeKind(Io, "xpfo");
    Io.mapRequired("name", S.Name);
    Io.mapOptional("title", S.Title, std::string());
    Io.mapOptional("kernel", S.Kernel, std::string());
    Io.mapOptional("sources", S.Sources);
    Io.mapRequired("allocation", S.Allocation);
    KunmapSpec Kunmap{S.Kunmap};
    Io.mapRequired("kunmap", Kunmap);
    S.Kunmap = Kunmap.Flushed;
    Io.mapOptional("views", S.View, Views::Shared);
    Io.mapOptional("migration", S.OnMigration, Migration::NoFlush);
    Io.mapOptional("lazy-cpus", S.Lazy, LazyCpus::Interrupt);
    std::optional<CostSpec> Cost;
    if (!S.MeasurementsFile.empty())
      Cost = CostSpec{S.MeasurementsFile};
    Io.mapOptional("cost", Cost);
    S.MeasurementsFile = Cost ? Cost->Measurements : "";
  }
  static std::string validate(IO &, XpfoScheme &S) {
    return kharden::isSchemeName(S.Name) ? "" : kharden::BadSchemeName;
  }
};

template <> struct MappingTraits<MeasuredRun> {
  static void mapping(IO &Io, MeasuredRun &R) {
    Io.mapRequired("name", R.Name);
    Io.mapRequired("flush", R.Flushed);
    Io.mapOptional("batched", R.Batched, false);
    Seconds S{R.Seconds};
    Io.mapRequired("seconds", S);
    R.Seconds = S.Value;
  }
  static std::string validate(IO &, MeasuredRun &R) {
    if (R.Flushed == Flush::Local)
      return "the cost model knows runs with flush none or all";
    return "";
  }
};

template <> struct MappingTraits<MeasurementsDocument> {
  static void mapping(IO &Io, MeasurementsDocument &M) {
    Io.mapOptional("title", M.Title, std::string());
    Io.mapOptional("sources", M.Sources);
    Io.mapRequired("cpus", M.Cpus);
    Io.mapRequired("base-seconds", M.Base);
    Io.mapOptional("overhead-limit", M.OverheadLimit, 10.0);
    Io.mapRequired("runs", M.Runs);
  }
  static std::string validate(IO &, MeasurementsDocument &M) {
    if (M.Cpus < 2 || M.Cpus > 4096)
      return "cpus must be from 2 to 4096";
    if (!(M.OverheadLimit > 0 && M.OverheadLimit <= 1000))
      return "overhead-limit must be a percentage above 0, at most 1000";
    bool Unbatched = false, Flushed = false;
    for (const MeasuredRun &R : M.Runs) {
      Unbatched |= !R.Batched;
      Flushed |= R.Flushed == Flush::All;
    }
    if (M.Runs.size() < 2 || !Unbatched || !Flushed)
      return "the fit needs at least two runs, one unbatched and one with "
             "flush all";
    return "";
  }
};

} // namespace llvm::yaml

namespace kharden::xpfo {

StringRef spelling(Flush F) { return spellingOf(F); }
StringRef spelling(HandOut H) { return spellingOf(H); }
StringRef spelling(Views V) { return spellingOf(V); }
StringRef spelling(Migration M) { return spellingOf(M); }
StringRef spelling(LazyCpus L) { return spellingOf(L); }

/// Path named in a file, taken relative to that file's directory.
static std::string besideFile(StringRef File, StringRef Name) {
  if (sys::path::is_absolute(Name))
    return Name.str();
  SmallString<256> Out(sys::path::parent_path(File));
  sys::path::append(Out, Name);
  return Out.str().str();
}

Expected<XpfoScheme> readXpfoScheme(StringRef Path) {
  XpfoScheme S;
  if (Error E = readSchemeDocument(Path, S))
    return E;
  if (!S.MeasurementsFile.empty())
    S.MeasurementsFile = besideFile(Path, S.MeasurementsFile);
  return S;
}

Expected<Measurements> readMeasurements(StringRef Path) {
  MeasurementsDocument D;
  if (Error E = readSchemeDocument(Path, D))
    return E;
  Measurements M;
  M.Path = Path.str();
  M.Title = D.Title;
  M.Sources = D.Sources;
  M.Cpus = D.Cpus;
  M.BaseSeconds = D.Base.Value;
  M.Runs = D.Runs;
  M.OverheadLimitPercent = D.OverheadLimit;
  return M;
}

} // namespace kharden::xpfo
