#include "models/prove/Report.h"
#include "models/prove/ReportText.h"
#include "support/Plural.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <map>

using namespace llvm;

namespace kharden {

std::vector<prove::Verdict> ProofReport::verdicts() const {
  std::vector<prove::Verdict> All;
  for (const Part &P : Parts)
    for (prove::Verdict &V : P.Run->verdicts())
      All.push_back(std::move(V));
  return All;
}

VerdictCounts countVerdicts(ArrayRef<prove::Verdict> Verdicts) {
  VerdictCounts C;
  for (const prove::Verdict &V : Verdicts)
    switch (V.Status) {
    case smt::Status::Proved:
      ++C.Proved;
      break;
    case smt::Status::Refuted:
      ++C.Refuted;
      break;
    case smt::Status::Timeout:
      ++C.Timeout;
      break;
    case smt::Status::Unknown:
      ++C.Unknown;
      break;
    case smt::Status::Error:
      ++C.Error;
      break;
    }
  return C;
}

namespace {

/// "12 properties: 9 proved, 2 refuted, 1 undecided (1 timeout, 0 unknown,
/// 0 error)."
std::string countsSentence(const VerdictCounts &C) {
  return formatv("{0}: {1} proved, {2} refuted, {3} undecided ({4} timeout, "
                 "{5} unknown, {6} error).",
                 plural(C.total(), "property", "properties"), C.Proved,
                 C.Refuted, C.undecided(), C.Timeout, C.Unknown, C.Error)
      .str();
}

/// What an undecided report says before anything else.
std::string undecidedWarning(const VerdictCounts &C) {
  return formatv("Not everything was decided: {0} of {1} properties are "
                 "undecided ({2} timed out, {3} unknown, {4} error); they "
                 "are neither proved nor refuted, and no figure of theirs "
                 "below was proved.",
                 C.undecided(), C.total(), C.Timeout, C.Unknown, C.Error)
      .str();
}

void writeText(raw_ostream &OS, const ProofReport &R) {
  std::vector<prove::Verdict> Verdicts = R.verdicts();
  VerdictCounts C = countVerdicts(Verdicts);
  OS << "kharden prove: Z3 " << R.Z3Version << "\n";
  if (C.undecided())
    OS << "warning: " << undecidedWarning(C) << "\n";
  OS << countsSentence(C) << "\n";
  for (const ProofReport::Part &P : R.Parts)
    P.Run->writeText(OS);
  // Per-property cost, for benchmarks: CPU time does not depend on what
  // else runs on the machine, wall time does.
  std::map<std::string, std::pair<double, double>> ByProperty;
  double Cpu = 0;
  for (const prove::Verdict &V : Verdicts) {
    if (!V.CpuMs && !V.TimeMs)
      continue;
    ByProperty[V.Property].first += V.CpuMs;
    ByProperty[V.Property].second += V.TimeMs;
    Cpu += V.CpuMs;
  }
  OS << "\n";
  for (const auto &[Name, Times] : ByProperty)
    OS << formatv("{0,-24} cpu {1,9:F1} ms  wall {2,9:F1} ms\n", Name,
                  Times.first, Times.second);
  OS << formatv("total: wall {0:F1} ms, cpu {1:F1} ms\n", R.TotalMs, Cpu);
}

void writeJson(raw_ostream &OS, const ProofReport &R) {
  VerdictCounts C = countVerdicts(R.verdicts());
  json::Object Root{{"z3_version", R.Z3Version},
                    {"time_ms", std::round(R.TotalMs * 10) / 10},
                    {"summary", json::Object{{"properties", C.total()},
                                             {"proved", C.Proved},
                                             {"refuted", C.Refuted},
                                             {"undecided", C.undecided()},
                                             {"timeout", C.Timeout},
                                             {"unknown", C.Unknown},
                                             {"error", C.Error}}},
                    // Readers of the stack-offset results find the key even
                    // when no stack-offset scheme ran.
                    {"results", json::Array()}};
  for (const ProofReport::Part &P : R.Parts)
    Root[P.Model->JsonKey] = P.Run->toJson();
  OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
}

/// The header paragraphs, in Markdown.
void writeMarkdownHeader(raw_ostream &OS, const ProofReport &R) {
  VerdictCounts C = countVerdicts(R.verdicts());
  OS << "# Proof report\n\n";
  if (C.undecided())
    OS << "*Undecided.* " << undecidedWarning(C) << "\n\n";
  OS << countsSentence(C) << " Each proved or refuted verdict was decided "
     << "by Z3 " << R.Z3Version << " through kharden's solver layer; every "
     << "query can be replayed from `kharden prove --smt-dir`. Produced by "
     << "`kharden prove`.\n";
}

void writeMarkdown(raw_ostream &OS, const ProofReport &R) {
  writeMarkdownHeader(OS, R);
  for (const ProofReport::Part &P : R.Parts) {
    OS << "\n## " << P.Model->Title << "\n\n";
    P.Run->writeMarkdown(OS);
  }
  OS << formatv("\nTotal time: {0:F1} ms.\n", R.TotalMs);
}

void writeHtml(raw_ostream &OS, const ProofReport &R) {
  OS << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        "<title>kharden proof report</title><style>"
        "body{font-family:sans-serif;max-width:80em;margin:auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #999;"
        "padding:2px 6px}code{background:#eee}</style></head><body>\n";
  std::string Header;
  raw_string_ostream HeaderOS(Header);
  writeMarkdownHeader(HeaderOS, R);
  prove::writeMarkdownAsHtml(OS, Header);
  for (const ProofReport::Part &P : R.Parts) {
    OS << "<h2>" << prove::htmlText(P.Model->Title) << "</h2>\n";
    P.Run->writeHtml(OS);
  }
  OS << formatv("<p>Total time: {0:F1} ms.</p>\n", R.TotalMs);
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
