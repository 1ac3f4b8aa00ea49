#include "models/prove/Report.h"
#include "models/kstack/Properties.h"
#include "models/placement/PlacementReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <functional>
#include <map>

using namespace llvm;
using namespace kharden::kstack;

namespace kharden {

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
  if (R.Verdict == smt::Status::Unknown || R.Verdict == smt::Status::Error)
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

void writeMarkdownTable(raw_ostream &OS, const ProofReport &R) {
  std::vector<Column> Cols = comparisonColumns();
  OS << "|";
  for (const Column &C : Cols)
    OS << " " << C.Title << " |";
  OS << "\n|";
  for (size_t I = 0; I < Cols.size(); ++I)
    OS << "---|";
  OS << "\n";
  for (const SchemeResults &SR : R.Schemes) {
    OS << "|";
    for (const Column &C : Cols)
      OS << " " << C.Cell(SR) << " |";
    OS << "\n";
  }
}

void writeTextTable(raw_ostream &OS, const ProofReport &R) {
  std::vector<Column> Cols = comparisonColumns();
  std::vector<size_t> Width;
  for (const Column &C : Cols) {
    size_t W = C.Title.size();
    for (const SchemeResults &SR : R.Schemes)
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
  for (const SchemeResults &SR : R.Schemes)
    Row([&](size_t I) { return Cols[I].Cell(SR); });
}

// --- text ---------------------------------------------------------------

void writeText(raw_ostream &OS, const ProofReport &R) {
  OS << "kharden prove: Z3 " << R.Z3Version << "\n";
  for (const SchemeResults &SR : R.Schemes) {
    OS << "\n" << SR.Scheme.Name;
    if (!SR.Scheme.Title.empty())
      OS << " (" << SR.Scheme.Title << ")";
    OS << "\n";
    for (const PropertyResult &PR : SR.Results) {
      OS << formatv("  {0,-24} {1,-8} {2,8:F1} ms (cpu {3,7:F1} ms)  ",
                    PR.Property, status(PR), PR.TimeMs, PR.CpuMs)
         << figures(PR) << "\n";
      for (size_t I = 0; I < PR.Schedule.size(); ++I)
        OS << "      " << stepLine(I, PR.Schedule[I]) << "\n";
    }
  }
  if (!R.Schemes.empty()) {
    OS << "\n";
    writeTextTable(OS, R);
  }
  for (const placement::PlacementResult &P : R.Placement) {
    OS << "\n";
    placement::printText(OS, P);
  }
  // Per-property cost, for benchmarks: CPU time does not depend on what
  // else runs on the machine, wall time does.
  std::map<std::string, std::pair<double, double>> ByProperty;
  double Cpu = 0;
  for (const SchemeResults &SR : R.Schemes)
    for (const PropertyResult &PR : SR.Results) {
      ByProperty[PR.Property].first += PR.CpuMs;
      ByProperty[PR.Property].second += PR.TimeMs;
      Cpu += PR.CpuMs;
    }
  OS << "\n";
  for (const auto &[Name, Times] : ByProperty)
    OS << formatv("{0,-24} cpu {1,9:F1} ms  wall {2,9:F1} ms\n", Name,
                  Times.first, Times.second);
  OS << formatv("total: wall {0:F1} ms, cpu {1:F1} ms\n", R.TotalMs, Cpu);
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

void writeJson(raw_ostream &OS, const ProofReport &R) {
  json::Array Results;
  for (const SchemeResults &SR : R.Schemes)
    for (const PropertyResult &PR : SR.Results)
      Results.push_back(toJson(PR));
  json::Object Root{{"z3_version", R.Z3Version},
                    {"time_ms", std::round(R.TotalMs * 10) / 10},
                    {"results", std::move(Results)}};
  if (!R.Placement.empty()) {
    json::Array Placement;
    for (const placement::PlacementResult &P : R.Placement)
      Placement.push_back(placement::toJson(P));
    Root["placement"] = std::move(Placement);
  }
  OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
}

// --- Markdown and HTML --------------------------------------------------

std::string hex(uint32_t V) { return "0x" + utohexstr(V, false); }

std::vector<std::string> schemeFacts(const StackOffsetScheme &S) {
  std::string Random = spelling(S.Random.Source).str() + ", " +
                       std::to_string(S.Random.Bits) + " bits";
  if (S.Random.Source == RandomSource::Timer)
    Random += " (low " + std::to_string(S.unknownBits()) + " unknown)";
  if (!S.Random.Expression.empty())
    Random += ": `" + S.Random.Expression + "`";
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
          "mix: " + Mix,
          "KSTACK_OFFSET_MAX(x) = x & " + hex(S.OffsetMask),
          "alloca size = (n + " + std::to_string(S.Alloca.Add) + ") & ~" +
              std::to_string(S.Alloca.Align - 1)};
}

void writePlacementMarkdown(raw_ostream &OS, const ProofReport &R) {
  if (R.Placement.empty())
    return;
  OS << "\n## Module placement (KASLR)\n\nMin-entropy of the N-th module's "
        "start address in bits: the proved bound, the measured value with "
        "its 95% interval, and the limit (docs/models/module-placement.md)."
        "\n\n";
  for (const placement::PlacementResult &P : R.Placement)
    placement::printMarkdown(OS, P);
}

void writeMarkdown(raw_ostream &OS, const ProofReport &R,
                   bool WithPlacement = true) {
  if (R.Schemes.empty()) {
    OS << "# Proof report: module placement\n";
    if (WithPlacement)
      writePlacementMarkdown(OS, R);
    OS << formatv("\nTotal time: {0:F1} ms.\n", R.TotalMs);
    return;
  }
  OS << "# Proof report: per-syscall kernel stack offset schemes\n\n"
     << "Every figure and verdict below was proved by Z3 " << R.Z3Version
     << " (both directions for every figure: a bound no attacker state "
        "exceeds, and a witness that reaches it). Produced by `kharden "
        "prove`.\n\n## Comparison\n\n";
  writeMarkdownTable(OS, R);
  OS << "\nmin-H: min-entropy in bits; shifts: distinct stack shifts (worst "
        "case over the attacker's knowledge); fresh: the attacker knows the "
        "previous offset; stat.: it does not.\n";
  for (const SchemeResults &SR : R.Schemes) {
    const StackOffsetScheme &S = SR.Scheme;
    OS << "\n## " << S.Name << (S.Title.empty() ? "" : ": " + S.Title)
       << "\n\n";
    for (const std::string &F : schemeFacts(S))
      OS << "- " << F << "\n";
    if (!S.Sources.empty()) {
      OS << "\nSources:\n\n";
      for (const std::string &Src : S.Sources)
        OS << "- " << Src << "\n";
    }
    for (const PropertyResult &PR : SR.Results) {
      const PropertyInfo *Info = findProperty(PR.Property);
      OS << "\n### " << PR.Property << ": " << status(PR) << "\n\n";
      if (Info)
        OS << "*Theorem.* " << Info->Statement << "\n\n";
      OS << "*Result.* " << figures(PR)
         << formatv(" ({0:F1} ms, {1} queries)", PR.TimeMs, PR.Queries)
         << "\n\n";
      if (!PR.Assumptions.empty()) {
        OS << "*Assumptions.*\n\n";
        for (const std::string &A : PR.Assumptions)
          OS << "- " << A << "\n";
        OS << "\n";
      }
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
        OS << "*Method.* " << PR.Method << "\n\n";
      if (!PR.Schedule.empty()) {
        OS << "*Counterexample.*\n\n| # | cpu | task | event | slot value | "
              "what happens |\n|---|---|---|---|---|---|\n";
        for (size_t I = 0; I < PR.Schedule.size(); ++I) {
          const ScheduleStep &St = PR.Schedule[I];
          OS << "| " << I + 1 << " | " << St.Cpu << " | " << St.Task << " | "
             << St.Event << " | "
             << (St.SlotValue ? St.Slot + " = " + std::to_string(*St.SlotValue)
                              : std::string())
             << " | " << St.Note << " |\n";
        }
        OS << "\n";
      }
      if (!PR.Steps.empty()) {
        OS << "<details><summary>Proof steps</summary>\n\n";
        for (const std::string &St : PR.Steps)
          OS << "- " << St << "\n";
        OS << "\n</details>\n";
      }
    }
  }
  if (WithPlacement)
    writePlacementMarkdown(OS, R);
  OS << formatv("\nTotal time: {0:F1} ms.\n", R.TotalMs);
}

void writeHtml(raw_ostream &OS, const ProofReport &R) {
  // The Markdown report, escaped, in a page that renders its tables; kept
  // dependency-free: the structure is simple enough to convert line by line.
  std::string Md;
  raw_string_ostream MdOS(Md);
  writeMarkdown(MdOS, R, /*WithPlacement=*/false);
  OS << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        "<title>kharden proof report</title><style>"
        "body{font-family:sans-serif;max-width:80em;margin:auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #999;"
        "padding:2px 6px}code{background:#eee}</style></head><body>\n";
  bool InTable = false, InList = false;
  SmallVector<StringRef, 0> Lines;
  StringRef(Md).split(Lines, '\n');
  auto Inline = [](StringRef Text) {
    std::string Out;
    bool Code = false;
    for (char C : Text) {
      if (C == '`') {
        Out += Code ? "</code>" : "<code>";
        Code = !Code;
      } else if (C == '<')
        Out += "&lt;";
      else if (C == '>')
        Out += "&gt;";
      else if (C == '&')
        Out += "&amp;";
      else
        Out += C;
    }
    return Out;
  };
  for (StringRef L : Lines) {
    bool Row = L.starts_with("|");
    if (!Row && InTable) {
      OS << "</table>\n";
      InTable = false;
    }
    bool Item = L.starts_with("- ");
    if (!Item && InList) {
      OS << "</ul>\n";
      InList = false;
    }
    if (Row) {
      if (L.starts_with("|---"))
        continue;
      SmallVector<StringRef, 16> Cells;
      L.trim().trim('|').split(Cells, '|');
      OS << (InTable ? "<tr>" : "<table><tr>");
      for (StringRef C : Cells)
        OS << (InTable ? "<td>" : "<th>") << Inline(C.trim())
           << (InTable ? "</td>" : "</th>");
      OS << "</tr>\n";
      InTable = true;
    } else if (Item) {
      OS << (InList ? "" : "<ul>\n") << "<li>" << Inline(L.drop_front(2))
         << "</li>\n";
      InList = true;
    } else if (L.starts_with("### ")) {
      OS << "<h3>" << Inline(L.drop_front(4)) << "</h3>\n";
    } else if (L.starts_with("## ")) {
      OS << "<h2>" << Inline(L.drop_front(3)) << "</h2>\n";
    } else if (L.starts_with("# ")) {
      OS << "<h1>" << Inline(L.drop_front(2)) << "</h1>\n";
    } else if (L.starts_with("<details>") || L.starts_with("</details>")) {
      OS << L << "\n";
    } else if (!L.trim().empty()) {
      std::string P = Inline(L);
      // *Label.* -> <b>Label.</b>
      if (StringRef(P).starts_with("*")) {
        size_t End = P.find('*', 1);
        if (End != std::string::npos)
          P = "<b>" + P.substr(1, End - 1) + "</b>" + P.substr(End + 1);
      }
      OS << "<p>" << P << "</p>\n";
    }
  }
  // Module placement: its own sections, with their SVG plots.
  for (const placement::PlacementResult &P : R.Placement)
    placement::printHtmlSection(OS, P);
  OS << "</body></html>\n";
}

} // namespace

void writeReport(raw_ostream &OS, const ProofReport &R, ReportFormat F) {
  switch (F) {
  case ReportFormat::Text:
    return writeText(OS, R);
  case ReportFormat::Json:
    return writeJson(OS, R);
  case ReportFormat::Markdown:
    return writeMarkdown(OS, R);
  case ReportFormat::Html:
    return writeHtml(OS, R);
  }
}

} // namespace kharden
