#include "models/kstack/StackOffsetRun.h"
#include "models/kstack/Properties.h"
#include "models/prove/ReportText.h"
#include "support/ForEachIndex.h"
#include "support/PrintableText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <functional>

using namespace llvm;
using kharden::prove::markdownCode;
using kharden::prove::markdownText;

namespace kharden::kstack {

namespace {

std::string bits(double B) { return formatv("{0:F2}", B).str(); }

const PropertyResult *find(const SchemeResults &SR, StringRef Property) {
  for (const PropertyResult &R : SR.Results)
    if (R.Property == Property)
      return &R;
  return nullptr;
}

std::string status(const PropertyResult &R) {
  return smt::statusName(R.Verdict);
}

/// The figures of a result in one phrase.
std::string figures(const PropertyResult &R) {
  if (!smt::decided(R.Verdict))
    return R.Problem;
  if (R.Entropy) {
    const EntropyFigures &E = *R.Entropy;
    std::string S = std::to_string(E.DistinctShifts);
    if (E.DistinctShiftsMax != E.DistinctShifts)
      S += ".." + std::to_string(E.DistinctShiftsMax);
    return S + " distinct shifts, min-entropy " + bits(E.MinEntropyBits) +
           " bits, Shannon " + formatv("{0:F3}", E.ShannonEntropyBits).str() +
           " bits (largest preimage " + std::to_string(E.MaxPreimage) + " of " +
           std::to_string(E.Outcomes) + "; stack-entropy.sh would say " +
           std::to_string(E.SelftestBits) + ")";
  }
  if (R.LeaksToDetermine)
    return std::to_string(*R.LeaksToDetermine) +
           " consecutive leaked offsets determine the state";
  if (R.Verdict == smt::Status::Refuted)
    return R.Summary;
  return R.Method;
}

std::string stepLine(size_t I, const ScheduleStep &S) {
  return formatv("{0,3}. cpu{1} task{2} {3,-15}", I + 1, S.Cpu, S.Task, S.Event)
             .str() +
         (S.SlotValue ? formatv(" {0}={1,-3}", S.Slot, *S.SlotValue).str()
                      : std::string(10, ' ')) +
         " " + S.Note;
}

// --- comparison table, shared by text and Markdown ----------------------

struct Column {
  std::string Title;
  std::function<std::string(const SchemeResults &)> Cell;
};

std::string entropyCell(const SchemeResults &SR, StringRef P, bool Count) {
  const PropertyResult *R = find(SR, P);
  if (!R)
    return "-";
  if (!R->Entropy)
    return status(*R);
  return Count ? std::to_string(R->Entropy->DistinctShifts)
               : bits(R->Entropy->MinEntropyBits);
}

std::string verdictCell(const SchemeResults &SR, StringRef P) {
  const PropertyResult *R = find(SR, P);
  if (!R)
    return "-";
  if (R->Verdict == smt::Status::Refuted)
    return "refuted (" + std::to_string(R->Schedule.size()) + " steps)";
  return status(*R);
}

std::vector<Column> comparisonColumns() {
  return {
      {"scheme", [](const SchemeResults &S) { return S.Scheme.Name; }},
      {"storage",
       [](const SchemeResults &S) { return spelling(S.Scheme.Where).str(); }},
      {"refill",
       [](const SchemeResults &S) {
         return (spelling(S.Scheme.Refill.Site) + ", " +
                 spelling(S.Scheme.Refill.Ctx))
             .str();
       }},
      {"shifts (fresh)",
       [](const SchemeResults &S) {
         return entropyCell(S, "entropy.fresh", true);
       }},
      {"min-H fresh",
       [](const SchemeResults &S) {
         return entropyCell(S, "entropy.fresh", false);
       }},
      {"shifts (stat.)",
       [](const SchemeResults &S) {
         return entropyCell(S, "entropy.stationary", true);
       }},
      {"min-H stat.",
       [](const SchemeResults &S) {
         return entropyCell(S, "entropy.stationary", false);
       }},
      {"Shannon stat.",
       [](const SchemeResults &S) {
         const PropertyResult *R = find(S, "entropy.stationary");
         return R && R->Entropy
                    ? formatv("{0:F3}", R->Entropy->ShannonEntropyBits).str()
                    : std::string("-");
       }},
      {"leaks to state",
       [](const SchemeResults &S) {
         const PropertyResult *R = find(S, "entropy.after-leaks");
         return R && R->LeaksToDetermine ? std::to_string(*R->LeaksToDetermine)
                : R                      ? status(*R)
                                         : std::string("-");
       }},
      {"freshness",
       [](const SchemeResults &S) {
         return verdictCell(S, "atomicity.freshness");
       }},
      {"same-cpu-rmw",
       [](const SchemeResults &S) {
         return verdictCell(S, "atomicity.same-cpu-rmw");
       }},
  };
}

prove::Table comparisonTable(ArrayRef<SchemeResults> Schemes) {
  std::vector<Column> Cols = comparisonColumns();
  prove::Table T(1);
  for (const Column &C : Cols)
    T[0].push_back(C.Title);
  for (const SchemeResults &SR : Schemes) {
    T.emplace_back();
    for (const Column &C : Cols)
      T.back().push_back(C.Cell(SR));
  }
  return T;
}

void writeTextTable(raw_ostream &OS, ArrayRef<SchemeResults> Schemes) {
  std::vector<Column> Cols = comparisonColumns();
  std::vector<size_t> Width;
  for (const Column &C : Cols) {
    size_t W = C.Title.size();
    for (const SchemeResults &SR : Schemes)
      W = std::max(W, C.Cell(SR).size());
    Width.push_back(W);
  }
  auto Row = [&](std::function<std::string(size_t)> Cell) {
    for (size_t I = 0; I < Cols.size(); ++I)
      OS << left_justify(Cell(I), Width[I])
         << (I + 1 < Cols.size() ? "  " : "");
    OS << "\n";
  };
  Row([&](size_t I) { return Cols[I].Title; });
  Row([&](size_t I) { return std::string(Width[I], '-'); });
  for (const SchemeResults &SR : Schemes)
    Row([&](size_t I) { return Cols[I].Cell(SR); });
}

// --- JSON ---------------------------------------------------------------

json::Value toJson(const PropertyResult &R) {
  json::Object O{{"scheme", R.Scheme},
                 {"property", R.Property},
                 {"status", status(R)},
                 {"summary", R.Summary},
                 {"time_ms", std::round(R.TimeMs * 10) / 10},
                 {"cpu_ms", std::round(R.CpuMs * 10) / 10},
                 {"queries", R.Queries}};
  if (R.Entropy) {
    const EntropyFigures &E = *R.Entropy;
    O["distinct_offsets"] = E.DistinctShifts;
    O["distinct_offsets_max"] = E.DistinctShiftsMax;
    O["min_entropy_bits"] = E.MinEntropyBits;
    O["shannon_entropy_bits"] = E.ShannonEntropyBits;
    O["max_preimage"] = E.MaxPreimage;
    O["outcomes"] = int64_t(E.Outcomes);
    O["selftest_bits"] = E.SelftestBits;
    O["random_mask"] = "0x" + utohexstr(E.RandomMask, false);
    json::Array H;
    for (auto [Size, Count] : E.Histogram)
      H.push_back(json::Object{{"preimage", Size}, {"shifts", Count}});
    O["histogram"] = std::move(H);
  }
  if (R.LeaksToDetermine)
    O["leaks_to_determine"] = *R.LeaksToDetermine;
  if (!R.Method.empty())
    O["method"] = R.Method;
  if (R.Bound)
    O["bound"] = *R.Bound;
  if (!R.Schedule.empty() || R.Property.rfind("atomicity.", 0) == 0) {
    json::Array Steps;
    for (size_t I = 0; I < R.Schedule.size(); ++I) {
      const ScheduleStep &S = R.Schedule[I];
      json::Object J{{"step", int64_t(I + 1)},
                     {"cpu", S.Cpu},
                     {"task", S.Task},
                     {"event", S.Event},
                     {"note", S.Note}};
      if (S.SlotValue) {
        J["slot"] = S.Slot;
        J["slot_value"] = *S.SlotValue;
      }
      Steps.push_back(std::move(J));
    }
    O["schedule"] = std::move(Steps);
  }
  if (!R.Problem.empty())
    O["problem"] = R.Problem;
  O["assumptions"] = json::Array(R.Assumptions);
  O["steps"] = json::Array(R.Steps);
  O["smt_files"] = json::Array(R.SmtFiles);
  return O;
}

// --- Markdown -----------------------------------------------------------

std::string hex(uint32_t V) { return "0x" + utohexstr(V, false); }

std::vector<std::string> schemeFacts(const StackOffsetScheme &S) {
  std::string Random = spelling(S.Random.Source).str() + ", " +
                       std::to_string(S.Random.Bits) + " bits";
  if (S.Random.Source == RandomSource::Timer)
    Random += " (low " + std::to_string(S.unknownBits()) + " unknown)";
  Random = markdownText(Random);
  if (!S.Random.Expression.empty())
    Random += ": " + markdownCode(S.Random.Expression);
  std::string Mix = spelling(S.Mixing.Op).str();
  if (S.Mixing.Op == kstack::Mix::Ror32Xor)
    Mix = "offset = ror32(offset, " + std::to_string(S.Mixing.Rotate) +
          ") ^ rand";
  else if (S.Mixing.Op == kstack::Mix::Xor)
    Mix = "offset ^= rand";
  else
    Mix = "offset = generator output";
  return {"storage: " + spelling(S.Where).str(),
          "consume: " + spelling(S.Consume.Ctx).str(),
          "refill: " + spelling(S.Refill.Site).str() + ", " +
              spelling(S.Refill.Ctx).str(),
          "random input: " + Random,
          "mix: " + markdownText(Mix),
          markdownText("KSTACK_OFFSET_MAX(x) = x & " + hex(S.OffsetMask)),
          markdownText("alloca size = (n + " + std::to_string(S.Alloca.Add) +
                       ") & ~" + std::to_string(S.Alloca.Align - 1))};
}

void writeResultMarkdown(raw_ostream &OS, const PropertyResult &PR) {
  const PropertyInfo *Info = findProperty(PR.Property);
  OS << "\n#### " << PR.Property << ": " << status(PR) << "\n\n";
  if (Info)
    OS << "*Theorem.* " << Info->Statement << "\n\n";
  OS << "*Result.* " << markdownText(figures(PR))
     << formatv(" ({0:F1} ms, {1} queries)", PR.TimeMs, PR.Queries) << "\n\n";
  prove::writeMarkdownList(OS, "Assumptions", PR.Assumptions);
  if (PR.Entropy && !PR.Entropy->Histogram.empty()) {
    OS << "*Preimages (worst attacker state).* ";
    bool First = true;
    for (auto [Size, Count] : PR.Entropy->Histogram) {
      OS << (First ? "" : ", ") << Count << " shift(s) reached by " << Size
         << " of " << PR.Entropy->Outcomes << " values of n";
      First = false;
    }
    OS << ".\n\n";
  }
  if (!PR.Method.empty())
    OS << "*Method.* " << markdownText(PR.Method) << "\n\n";
  if (!PR.Schedule.empty()) {
    OS << "*Counterexample.*\n\n| # | cpu | task | event | slot value | "
          "what happens |\n|---|---|---|---|---|---|\n";
    for (size_t I = 0; I < PR.Schedule.size(); ++I) {
      const ScheduleStep &St = PR.Schedule[I];
      OS << "| " << I + 1 << " | " << St.Cpu << " | " << St.Task << " | "
         << St.Event << " | "
         << (St.SlotValue ? St.Slot + " = " + std::to_string(*St.SlotValue)
                          : std::string())
         << " | " << markdownText(St.Note) << " |\n";
    }
    OS << "\n";
  }
  prove::writeMarkdownDetails(OS, "Proof steps", PR.Steps);
}

} // namespace

Error StackOffsetRun::read(StringRef Path) {
  Expected<StackOffsetScheme> S = readStackOffsetScheme(Path);
  if (!S)
    return S.takeError();
  Schemes.push_back({std::move(*S), Path.str(), {}});
  return Error::success();
}

void StackOffsetRun::prove(const prove::RunOptions &Options) {
  // Every (scheme, property) is independent: its own Z3 context, its own
  // result slot, so the report's order never depends on scheduling.
  struct Job {
    SchemeResults *Scheme;
    const PropertyInfo *Property;
    size_t Slot;
  };
  std::vector<Job> Work;
  for (SchemeResults &SR : Schemes)
    for (const PropertyInfo &P : stackOffsetProperties())
      if (Options.asked(P.Name) && P.AppliesTo(SR.Scheme)) {
        Work.push_back({&SR, &P, SR.Results.size()});
        SR.Results.emplace_back();
      }
  forEachIndex(Work.size(), Options.Jobs, [&](size_t I) {
    Work[I].Scheme->Results[Work[I].Slot] =
        Work[I].Property->Prove(Work[I].Scheme->Scheme, Options.Solver);
  });
}

std::vector<prove::Verdict> StackOffsetRun::verdicts() const {
  std::vector<prove::Verdict> Out;
  for (const SchemeResults &SR : Schemes)
    for (const PropertyResult &R : SR.Results)
      Out.push_back({SR.Scheme.Name, R.Property, R.Verdict, R.TimeMs, R.CpuMs});
  return Out;
}

void StackOffsetRun::writeText(raw_ostream &OS) const {
  for (const SchemeResults &SR : Schemes) {
    OS << "\n" << SR.Scheme.Name;
    if (!SR.Scheme.Title.empty())
      OS << " (" << printableText(SR.Scheme.Title) << ")";
    OS << "\n";
    for (const PropertyResult &PR : SR.Results) {
      OS << formatv("  {0,-24} {1,-8} {2,8:F1} ms (cpu {3,7:F1} ms)  ",
                    PR.Property, status(PR), PR.TimeMs, PR.CpuMs)
         << figures(PR) << "\n";
      for (size_t I = 0; I < PR.Schedule.size(); ++I)
        OS << "      " << stepLine(I, PR.Schedule[I]) << "\n";
    }
  }
  OS << "\n";
  writeTextTable(OS, Schemes);
}

void StackOffsetRun::writeMarkdown(raw_ostream &OS) const {
  OS << "Figures are proved both ways: a bound no attacker state exceeds, "
        "and a witness that reaches it.\n\n### Comparison\n\n";
  prove::writeTable(OS, comparisonTable(Schemes), /*Html=*/false);
  OS << "min-H: min-entropy in bits; shifts: distinct stack shifts (worst "
        "case over the attacker's knowledge); fresh: the attacker knows the "
        "previous offset; stat.: it does not.\n";
  for (const SchemeResults &SR : Schemes) {
    const StackOffsetScheme &S = SR.Scheme;
    OS << "\n### " << S.Name
       << (S.Title.empty() ? "" : ": " + markdownText(S.Title)) << "\n\n";
    for (const std::string &F : schemeFacts(S))
      OS << "- " << F << "\n";
    if (!S.Sources.empty()) {
      OS << "\nSources:\n\n";
      for (const std::string &Src : S.Sources)
        OS << "- " << markdownText(Src) << "\n";
    }
    for (const PropertyResult &PR : SR.Results)
      writeResultMarkdown(OS, PR);
  }
}

void StackOffsetRun::writeHtml(raw_ostream &OS) const {
  std::string Md;
  raw_string_ostream MdOS(Md);
  writeMarkdown(MdOS);
  prove::writeMarkdownAsHtml(OS, Md);
}

json::Value StackOffsetRun::toJson() const {
  json::Array Results;
  for (const SchemeResults &SR : Schemes)
    for (const PropertyResult &PR : SR.Results)
      Results.push_back(kstack::toJson(PR));
  return Results;
}

static std::unique_ptr<prove::ModelRun> createRun() {
  return std::make_unique<StackOffsetRun>();
}

const prove::ModelInfo &model() {
  static const std::vector<prove::PropertyInfo> Properties = [] {
    std::vector<prove::PropertyInfo> Out;
    for (const PropertyInfo &P : stackOffsetProperties())
      Out.push_back({P.Name, P.Statement});
    return Out;
  }();
  static const prove::ModelInfo Info{
      "stack-offset",     "Per-syscall kernel stack offset schemes",
      "results",          Properties,
      /*ByDefault=*/true, createRun};
  return Info;
}

} // namespace kharden::kstack
