#include "models/xpfo/XpfoReport.h"
#include "models/prove/ReportText.h"
#include "support/PrintableText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;
using kharden::prove::htmlText;
using kharden::prove::markdownText;

namespace kharden::xpfo {

bool SchemeEntry::safe() const {
  return !Results.empty() && all_of(Results, [](const PropertyResult &R) {
    return R.Verdict == smt::Status::Proved;
  });
}

const FitEntry *XpfoResults::fitOf(const SchemeEntry &S) const {
  for (const std::unique_ptr<FitEntry> &F : Fits)
    if (F->Data.Path == S.Scheme.MeasurementsFile)
      return F.get();
  return nullptr;
}

namespace {

std::string fixed(double V, int Places) {
  // No "-0.000" for a residual of -1e-10.
  if (std::fabs(V) < 0.5 * std::pow(10.0, -Places))
    V = 0;
  std::string S;
  raw_string_ostream(S) << format("%.*f", Places, V);
  return S;
}

std::string policyText(const XpfoScheme &S) {
  std::string Out = "allocation: flush " + spelling(S.Allocation.Flushed).str();
  if (S.Allocation.Batch > 1)
    Out += ", batch " + std::to_string(S.Allocation.Batch);
  if (S.Allocation.Flushed == Flush::All)
    Out += ", hand-out " + spelling(S.Allocation.When).str();
  Out += "; kunmap: flush " + spelling(S.Kunmap).str() + "; views " +
         spelling(S.View).str() + "; migration " +
         spelling(S.OnMigration).str() + "; lazy CPUs " +
         spelling(S.Lazy).str();
  return Out;
}

/// "n - 1", "1", "2n + 1": A + B*n.
std::string affineText(double A, double B) {
  if (B == 0)
    return fixed(A, 0);
  std::string Out = B == 1 ? "n" : fixed(B, 0) + "n";
  if (A != 0)
    Out += (A < 0 ? " - " : " + ") + fixed(std::fabs(A), 0);
  return Out;
}

/// What a law says, per run: "1 local flush and n - 1 IPIs (n CPUs)".
std::string lawText(const CountLaw &L) {
  if (!smt::decided(L.Proof.Verdict))
    return smt::statusName(L.Proof.Verdict) + std::string(": ") +
           L.Proof.Problem;
  if (!L.Affine) {
    std::vector<std::string> Parts;
    for (const Count &C : L.Samples)
      Parts.push_back(formatv("{0} CPUs: {1} local flush(es), {2} IPI(s)",
                              C.Cpus, C.LocalFlushes, C.Ipis));
    return join(Parts, "; ");
  }
  return affineText(L.LocalA, L.LocalB) + " local flush(es) and " +
         affineText(L.IpiA, L.IpiB) + " IPI(s), n CPUs";
}

const PropertyResult *find(const SchemeEntry &S, StringRef Property) {
  for (const PropertyResult &R : S.Results)
    if (R.Property == Property)
      return &R;
  return nullptr;
}

std::string verdictCell(const SchemeEntry &S, StringRef Property) {
  const PropertyResult *R = find(S, Property);
  if (!R)
    return "-";
  if (R->Verdict == smt::Status::Refuted)
    return "refuted (" + std::to_string(R->Schedule.size()) + " steps)";
  return smt::statusName(R->Verdict);
}

/// The cost columns of a scheme under a fit: IPIs per page, overhead.
struct SchemeCost {
  double LocalPerPage = 0, IpisPerPage = 0, Seconds = 0, Percent = 0;
};
std::optional<SchemeCost> costOf(const SchemeEntry &S, const FitEntry &F) {
  if (!S.Allocation || !S.Allocation->Affine)
    return std::nullopt;
  SchemeCost C;
  C.LocalPerPage = localFlushesPerPage(S.Scheme, *S.Allocation, F.Data.Cpus);
  C.IpisPerPage = ipisPerPage(S.Scheme, *S.Allocation, F.Data.Cpus);
  C.Seconds = F.Fit.overhead(C.IpisPerPage);
  C.Percent = F.Fit.percent(C.Seconds);
  return C;
}

/// The cheapest scheme of the fit whose properties were all proved.
const SchemeEntry *cheapestSafe(const FitEntry &F, const XpfoResults &R) {
  const SchemeEntry *Best = nullptr;
  double BestSeconds = 0;
  for (const SchemeEntry &S : R.Schemes) {
    std::optional<SchemeCost> C = costOf(S, F);
    if (R.fitOf(S) != &F || !S.safe() || !C)
      continue;
    if (!Best || C->Seconds < BestSeconds) {
      Best = &S;
      BestSeconds = C->Seconds;
    }
  }
  return Best;
}

using prove::Table;

Table fitTable(const FitEntry &F) {
  Table T{{"measured run", "flush", "batched", "IPIs per page", "overhead (s)",
           "fitted (s)", "residual (s)"}};
  for (size_t I = 0; I < F.Data.Runs.size(); ++I) {
    const MeasuredRun &Run = F.Data.Runs[I];
    T.push_back({Run.Name, spelling(Run.Flushed).str(),
                 Run.Batched ? "yes" : "no", fixed(F.Fit.IpisPerPage[I], 2),
                 fixed(F.Fit.Measured[I], 3), fixed(F.Fit.Fitted[I], 3),
                 fixed(F.Fit.residual(I), 3)});
  }
  return T;
}

Table costTable(const FitEntry &F, const XpfoResults &R) {
  Table T{{"scheme", "xpfo.exclusive", "xpfo.kmap-window",
           "local flushes per page", "IPIs per page", "predicted overhead (s)",
           "% of base"}};
  for (const SchemeEntry &S : R.Schemes) {
    if (R.fitOf(S) != &F)
      continue;
    std::optional<SchemeCost> C = costOf(S, F);
    T.push_back({S.Scheme.Name, verdictCell(S, "xpfo.exclusive"),
                 verdictCell(S, "xpfo.kmap-window"),
                 C ? fixed(C->LocalPerPage, 4) : "-",
                 C ? fixed(C->IpisPerPage, 4) : "-",
                 C ? fixed(C->Seconds, 1) : "-",
                 C ? fixed(C->Percent, 1) : "-"});
  }
  return T;
}

/// The conclusions of a fit, one sentence each.
std::vector<std::string> fitFindings(const FitEntry &F, const XpfoResults &R) {
  const CostFit &Fit = F.Fit;
  std::vector<std::string> Out;
  Out.push_back(formatv("Fitted by least squares to the {0} runs: one unmap "
                        "per page costs U = {1} s of the workload, one "
                        "remote flush (IPI) per page R = {2} s, on {3} CPUs "
                        "({4} IPIs per flush).",
                        F.Data.Runs.size(), fixed(Fit.U, 3), fixed(Fit.R, 3),
                        F.Data.Cpus, fixed(Fit.IpisPerFlush, 0))
                    .str());
  if (Fit.BatchOfRuns)
    Out.push_back("The batched runs do not say their batch size: the fit "
                  "puts it at B* = " +
                  fixed(*Fit.BatchOfRuns, 3) + " pages per flush.");
  if (const SchemeEntry *Best = cheapestSafe(F, R))
    Out.push_back(
        "Cheapest policy with every property proved: " + Best->Scheme.Name +
        " (" + fixed(costOf(*Best, F)->Percent, 1) + " % over the base).");
  else
    Out.push_back("No policy of this run has every property proved.");
  double Limit = F.Data.OverheadLimitPercent;
  if (std::optional<unsigned> B = Fit.batchForLimit())
    Out.push_back(
        formatv("A flush to every CPU gets under {0} % of the base "
                "from a batch of {1} pages ({2} % there); hand the "
                "pages out after their batch's flush to keep it "
                "safe.",
                fixed(Limit, 1), *B,
                fixed(Fit.percent(Fit.overhead(Fit.IpisPerFlush / *B)), 2))
            .str());
  else
    Out.push_back("No batch size gets a flush to every CPU under " +
                  fixed(Limit, 1) + " % of the base: the unmaps alone cost " +
                  fixed(Fit.percent(Fit.U), 1) + " %.");
  return Out;
}

// --- text ---------------------------------------------------------------

/// T with its columns aligned, for terminals.
void writeTextTable(raw_ostream &OS, const Table &T) {
  std::vector<size_t> Width(T[0].size());
  for (const auto &Row : T)
    for (size_t I = 0; I < Row.size(); ++I)
      Width[I] = std::max(Width[I], Row[I].size());
  for (const auto &Row : T) {
    OS << " ";
    for (size_t I = 0; I < Row.size(); ++I)
      OS << " " << left_justify(Row[I], Width[I]);
    OS << "\n";
  }
}

} // namespace

void writeText(raw_ostream &OS, const XpfoResults &R) {
  for (const SchemeEntry &S : R.Schemes) {
    OS << "\n" << S.Scheme.Name;
    if (!S.Scheme.Title.empty())
      OS << " (" << printableText(S.Scheme.Title) << ")";
    OS << "\n  " << policyText(S.Scheme) << "\n";
    for (const PropertyResult &PR : S.Results) {
      OS << formatv("  {0,-18} {1,-8} {2,8:F1} ms (cpu {3,7:F1} ms)  ",
                    PR.Property, smt::statusName(PR.Verdict), PR.TimeMs,
                    PR.CpuMs)
         << (smt::decided(PR.Verdict) ? PR.Summary : PR.Problem) << "\n";
      for (size_t I = 0; I < PR.Schedule.size(); ++I)
        OS << formatv("      {0,2}. cpu{1} {2,-12} ", I + 1, PR.Schedule[I].Cpu,
                      PR.Schedule[I].Event)
           << PR.Schedule[I].Note << "\n";
    }
    if (S.Allocation)
      OS << "  cost: per batch of allocations " << lawText(*S.Allocation)
         << "; per kunmap " << lawText(*S.Kunmap) << "\n";
  }
  for (const std::unique_ptr<FitEntry> &F : R.Fits) {
    OS << "\nXPFO cost, fitted to " << printableText(F->Data.Path) << "\n";
    writeTextTable(OS, fitTable(*F));
    writeTextTable(OS, costTable(*F, R));
    for (const std::string &Line : fitFindings(*F, R))
      OS << "  " << Line << "\n";
  }
}

// --- Markdown and HTML --------------------------------------------------

void writeMarkdown(raw_ostream &OS, const XpfoResults &R) {
  OS << "Each property is proved for schedules of every length (an "
        "inductive invariant) or refuted with the shortest schedule that "
        "violates it (docs/models/xpfo.md).\n";
  for (const SchemeEntry &S : R.Schemes) {
    OS << "\n### " << S.Scheme.Name
       << (S.Scheme.Title.empty() ? "" : ": " + markdownText(S.Scheme.Title))
       << "\n\n- " << markdownText(policyText(S.Scheme)) << "\n";
    if (S.Allocation)
      OS << "- flushes per batch of allocations: "
         << markdownText(lawText(*S.Allocation))
         << "\n- per kunmap: " << markdownText(lawText(*S.Kunmap)) << "\n";
    if (!S.Scheme.Sources.empty()) {
      OS << "\nSources:\n\n";
      for (const std::string &Src : S.Scheme.Sources)
        OS << "- " << markdownText(Src) << "\n";
    }
    for (const PropertyResult &PR : S.Results) {
      OS << "\n#### " << PR.Property << ": " << smt::statusName(PR.Verdict)
         << "\n\n*Result.* "
         << markdownText(smt::decided(PR.Verdict) ? PR.Summary : PR.Problem)
         << formatv(" ({0:F1} ms, {1} queries)", PR.TimeMs, PR.Queries)
         << "\n\n";
      prove::writeMarkdownList(OS, "Assumptions", PR.Assumptions);
      if (!PR.Method.empty())
        OS << "*Method.* " << markdownText(PR.Method) << "\n\n";
      if (!PR.Schedule.empty()) {
        OS << "*Counterexample.*\n\n| # | cpu | event | what happens |\n"
              "|---|---|---|---|\n";
        for (size_t I = 0; I < PR.Schedule.size(); ++I)
          OS << "| " << I + 1 << " | " << PR.Schedule[I].Cpu << " | "
             << PR.Schedule[I].Event << " | "
             << markdownText(PR.Schedule[I].Note) << " |\n";
        OS << "\n";
      }
      prove::writeMarkdownDetails(OS, "Proof steps", PR.Steps);
    }
  }
  for (const std::unique_ptr<FitEntry> &F : R.Fits) {
    OS << "\n### Cost, fitted to "
       << markdownText(F->Data.Title.empty() ? F->Data.Path : F->Data.Title)
       << "\n\n";
    prove::writeTable(OS, fitTable(*F), /*Html=*/false);
    prove::writeTable(OS, costTable(*F, R), /*Html=*/false);
    for (const std::string &Line : fitFindings(*F, R))
      OS << markdownText(Line) << "\n\n";
  }
}

void writeHtml(raw_ostream &OS, const XpfoResults &R) {
  std::string Md;
  raw_string_ostream MdOS(Md);
  writeMarkdown(MdOS, R);
  prove::writeMarkdownAsHtml(OS, Md);
  for (const std::unique_ptr<FitEntry> &F : R.Fits)
    OS << "<figure>" << renderCostSvg(*F, R) << "</figure>\n";
}

// --- JSON ---------------------------------------------------------------

static json::Value toJson(const PropertyResult &R) {
  json::Array Schedule;
  for (size_t I = 0; I < R.Schedule.size(); ++I)
    Schedule.push_back(json::Object{{"step", int64_t(I + 1)},
                                    {"cpu", R.Schedule[I].Cpu},
                                    {"event", R.Schedule[I].Event},
                                    {"note", R.Schedule[I].Note}});
  json::Object O{{"scheme", R.Scheme},
                 {"property", R.Property},
                 {"status", smt::statusName(R.Verdict)},
                 {"summary", R.Summary},
                 {"method", R.Method},
                 {"schedule", std::move(Schedule)},
                 {"assumptions", json::Array(R.Assumptions)},
                 {"steps", json::Array(R.Steps)},
                 {"smt_files", json::Array(R.SmtFiles)},
                 {"queries", R.Queries},
                 {"time_ms", std::round(R.TimeMs * 10) / 10},
                 {"cpu_ms", std::round(R.CpuMs * 10) / 10}};
  if (R.Bound)
    O["bound"] = *R.Bound;
  if (!R.Problem.empty())
    O["problem"] = R.Problem;
  return O;
}

static json::Value toJson(const CountLaw &L) {
  json::Array Samples;
  for (const Count &C : L.Samples)
    Samples.push_back(json::Object{{"cpus", C.Cpus},
                                   {"pages", C.Pages},
                                   {"local_flushes", C.LocalFlushes},
                                   {"ipis", C.Ipis},
                                   {"steps", C.Steps}});
  json::Object O{{"status", smt::statusName(L.Proof.Verdict)},
                 {"samples", std::move(Samples)},
                 {"affine", L.Affine},
                 {"smt_files", json::Array(L.Proof.SmtFiles)}};
  if (L.Affine) {
    O["local_flushes"] = json::Object{{"a", L.LocalA}, {"b", L.LocalB}};
    O["ipis"] = json::Object{{"a", L.IpiA}, {"b", L.IpiB}};
  }
  if (!L.Proof.Problem.empty())
    O["problem"] = L.Proof.Problem;
  return O;
}

json::Value toJson(const XpfoResults &R) {
  json::Array Results, Costs, Fits;
  for (const SchemeEntry &S : R.Schemes) {
    for (const PropertyResult &PR : S.Results)
      Results.push_back(toJson(PR));
    if (!S.Allocation)
      continue;
    json::Object C{{"scheme", S.Scheme.Name},
                   {"batch", S.Scheme.Allocation.Batch},
                   {"allocation", toJson(*S.Allocation)},
                   {"kunmap", toJson(*S.Kunmap)}};
    if (const FitEntry *F = R.fitOf(S))
      if (std::optional<SchemeCost> SC = costOf(S, *F)) {
        C["cpus"] = F->Data.Cpus;
        C["local_flushes_per_page"] = SC->LocalPerPage;
        C["ipis_per_page"] = SC->IpisPerPage;
        C["overhead_seconds"] = SC->Seconds;
        C["overhead_percent"] = SC->Percent;
      }
    Costs.push_back(std::move(C));
  }
  for (const std::unique_ptr<FitEntry> &F : R.Fits) {
    json::Array Runs;
    for (size_t I = 0; I < F->Data.Runs.size(); ++I)
      Runs.push_back(json::Object{{"name", F->Data.Runs[I].Name},
                                  {"flush", spelling(F->Data.Runs[I].Flushed)},
                                  {"batched", F->Data.Runs[I].Batched},
                                  {"ipis_per_page", F->Fit.IpisPerPage[I]},
                                  {"measured_seconds", F->Fit.Measured[I]},
                                  {"fitted_seconds", F->Fit.Fitted[I]},
                                  {"residual_seconds", F->Fit.residual(I)}});
    const SchemeEntry *Best = cheapestSafe(*F, R);
    std::optional<unsigned> Batch = F->Fit.batchForLimit();
    json::Object O{{"measurements", F->Data.Path},
                   {"title", F->Data.Title},
                   {"cpus", F->Data.Cpus},
                   {"base_seconds", F->Data.BaseSeconds},
                   {"unmap_seconds", F->Fit.U},
                   {"remote_flush_seconds", F->Fit.R},
                   {"ipis_per_flush", F->Fit.IpisPerFlush},
                   {"runs", std::move(Runs)},
                   {"counts", toJson(F->FlushAll)},
                   {"cheapest_safe", Best ? json::Value(Best->Scheme.Name)
                                          : json::Value(nullptr)},
                   {"overhead_limit_percent", F->Data.OverheadLimitPercent},
                   {"batch_for_limit",
                    Batch ? json::Value(*Batch) : json::Value(nullptr)}};
    if (F->Fit.BatchOfRuns)
      O["batch_of_runs"] = *F->Fit.BatchOfRuns;
    Fits.push_back(std::move(O));
  }
  return json::Object{{"results", std::move(Results)},
                      {"costs", std::move(Costs)},
                      {"fits", std::move(Fits)}};
}

// --- SVG ----------------------------------------------------------------

std::string renderCostSvg(const FitEntry &F, const XpfoResults &R) {
  // Overhead (% of base, log scale) against the batch size (log2 scale).
  const double W = 720, H = 420, Left = 70, Right = 230, Top = 40, Bottom = 56,
               MaxLog2 = 12;
  const CostFit &Fit = F.Fit;
  double MaxPercent = Fit.percent(Fit.overhead(Fit.IpisPerFlush));
  double MinPercent = std::min(Fit.percent(Fit.U), F.Data.OverheadLimitPercent);
  for (double M : Fit.Measured) {
    MaxPercent = std::max(MaxPercent, Fit.percent(M));
    MinPercent = std::min(MinPercent, Fit.percent(M));
  }
  double LogLo = std::floor(std::log10(std::max(MinPercent, 0.01))),
         LogHi = std::ceil(std::log10(MaxPercent * 1.5));
  auto X = [&](double Batch) {
    return Left + (W - Left - Right) * std::log2(Batch) / MaxLog2;
  };
  auto Y = [&](double Percent) {
    double L = std::log10(std::max(Percent, std::pow(10.0, LogLo)));
    return H - Bottom - (H - Top - Bottom) * (L - LogLo) / (LogHi - LogLo);
  };
  std::string Out;
  raw_string_ostream OS(Out);
  auto N = [](double V) { return fixed(V, 1); };
  OS << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << N(W)
     << "\" height=\"" << N(H) << "\" viewBox=\"0 0 " << N(W) << " " << N(H)
     << "\" font-family=\"sans-serif\" font-size=\"12\">\n<title>XPFO "
        "overhead against batch size</title>\n"
        "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\""
     << N(Left) << "\" y=\"22\" font-size=\"14\">Overhead over the base "
     << "(%, log) against pages per flush (" << F.Data.Cpus
     << " CPUs)</text>\n";
  for (double L = LogLo; L <= LogHi; ++L)
    OS << "<line x1=\"" << N(Left) << "\" y1=\"" << N(Y(std::pow(10.0, L)))
       << "\" x2=\"" << N(X(4096)) << "\" y2=\"" << N(Y(std::pow(10.0, L)))
       << "\" stroke=\"#e0e0e0\"/><text x=\"" << N(Left - 6) << "\" y=\""
       << N(Y(std::pow(10.0, L)) + 4) << "\" text-anchor=\"end\">"
       << format("%g", std::pow(10.0, L)) << "</text>\n";
  for (unsigned E = 0; E <= MaxLog2; E += 2)
    OS << "<text x=\"" << N(X(1u << E)) << "\" y=\"" << N(H - Bottom + 18)
       << "\" text-anchor=\"middle\">" << (1u << E) << "</text>\n";
  OS << "<text x=\"" << N((Left + X(4096)) / 2) << "\" y=\"" << N(H - 16)
     << "\" text-anchor=\"middle\">pages per flush (batch)</text>\n";
  // The flush-all policy at every batch size, and the two levels.
  OS << "<polyline id=\"flush-all\" fill=\"none\" stroke=\"#c00\" points=\"";
  for (int I = 0; I <= 48; ++I) {
    double B = std::exp2(I / 4.0);
    OS << N(X(B)) << ","
       << N(Y(Fit.percent(Fit.overhead(Fit.IpisPerFlush / B)))) << " ";
  }
  OS << "\"/>\n";
  // Two dashed levels; their labels kept apart when the levels are close.
  double NoFlush = Fit.percent(Fit.U), Limit = F.Data.OverheadLimitPercent;
  bool Close = std::fabs(Y(NoFlush) - Y(Limit)) < 14;
  auto Level = [&](const char *Id, double Percent, const char *Colour,
                   const std::string &Label, double Nudge) {
    OS << "<polyline id=\"" << Id << "\" fill=\"none\" stroke=\"" << Colour
       << "\" stroke-dasharray=\"6 4\" points=\"" << N(X(1)) << ","
       << N(Y(Percent)) << " " << N(X(4096)) << "," << N(Y(Percent))
       << "\"/><text x=\"" << N(X(4096) + 6) << "\" y=\""
       << N(Y(Percent) + 4 + Nudge) << "\" fill=\"" << Colour << "\">"
       << htmlText(Label) << "</text>\n";
  };
  bool LimitAbove = Limit >= NoFlush;
  Level("no-flush", NoFlush, "#06c", "no flush: " + fixed(NoFlush, 1) + " %",
        Close ? (LimitAbove ? 7 : -7) : 0);
  Level("limit", Limit, "#080", "limit: " + fixed(Limit, 1) + " %",
        Close ? (LimitAbove ? -7 : 7) : 0);
  if (std::optional<unsigned> B = Fit.batchForLimit())
    if (*B <= 4096)
      OS << "<polyline id=\"batch-for-limit\" fill=\"none\" stroke=\"#080\" "
            "stroke-dasharray=\"2 3\" points=\""
         << N(X(*B)) << "," << N(Y(std::pow(10.0, LogLo))) << " " << N(X(*B))
         << "," << N(Y(Limit)) << "\"/><text x=\"" << N(X(*B)) << "\" y=\""
         << N(Y(Limit) - 8) << "\" text-anchor=\"end\" fill=\"#080\">batch "
         << *B << "</text>\n";
  // Legend.
  double Lx = X(4096) + 6, Ly = Top + 4;
  OS << "<text x=\"" << N(Lx) << "\" y=\"" << N(Ly)
     << "\" fill=\"#c00\">flush to every CPU, by batch</text>\n"
     << "<circle cx=\"" << N(Lx + 4) << "\" cy=\"" << N(Ly + 16)
     << "\" r=\"4\" fill=\"black\"/><text x=\"" << N(Lx + 14) << "\" y=\""
     << N(Ly + 20) << "\">measured run</text>\n"
     << "<text x=\"" << N(Lx) << "\" y=\"" << N(Ly + 40)
     << "\">squares: schemes (green: safe)</text>\n";
  // The measured runs where the fit puts them.
  for (size_t I = 0; I < F.Data.Runs.size(); ++I) {
    const MeasuredRun &Run = F.Data.Runs[I];
    double B = Run.Batched && Fit.BatchOfRuns ? *Fit.BatchOfRuns : 1;
    OS << "<circle class=\"measured\" cx=\"" << N(X(B)) << "\" cy=\""
       << N(Y(Fit.percent(Fit.Measured[I]))) << "\" r=\"4\" fill=\"black\">"
       << "<title>" << htmlText(Run.Name) << ": "
       << fixed(Fit.percent(Fit.Measured[I]), 1) << " %</title></circle>\n";
  }
  // The schemes of the fit that flush everywhere, at their batch size; the
  // safe ones last, on top of an unsafe one at the same point.
  for (bool Safe : {false, true})
    for (const SchemeEntry &S : R.Schemes) {
      std::optional<SchemeCost> C = costOf(S, F);
      if (R.fitOf(S) != &F || !C || S.safe() != Safe ||
          S.Scheme.Allocation.Flushed != Flush::All)
        continue;
      double Cx = X(S.Scheme.Allocation.Batch), Cy = Y(C->Percent);
      OS << "<rect class=\"scheme\" x=\"" << N(Cx - 4) << "\" y=\""
         << N(Cy - 4) << "\" width=\"8\" height=\"8\" fill=\""
         << (Safe ? "#080" : "#c00") << "\"><title>"
         << htmlText(S.Scheme.Name) << ": " << fixed(C->Percent, 1)
         << " %</title></rect>\n";
    }
  OS << "</svg>";
  return Out;
}

} // namespace kharden::xpfo
