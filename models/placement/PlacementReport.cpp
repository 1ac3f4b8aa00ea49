#include "models/placement/PlacementReport.h"
#include "models/prove/ReportText.h"
#include "support/PrintableText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace kharden::placement {

namespace {

constexpr double Unit = 1e4;

double roundBits(double Bits, int Direction) {
  if (!std::isfinite(Bits))
    return Bits;
  double Scaled = Bits * Unit;
  // A hair of slack so that 10.0 computed as 9.99999999999 stays 10.0000.
  double R = Direction < 0   ? std::floor(Scaled + 1e-6)
             : Direction > 0 ? std::ceil(Scaled - 1e-6)
                             : std::round(Scaled);
  return R / Unit;
}

std::string probabilityText(double P) {
  std::string S;
  raw_string_ostream OS(S);
  if (P == 0)
    OS << "0";
  else if (P >= 1e-4)
    OS << format("%.6f", P);
  else
    OS << format("%.3e", P);
  return S;
}

json::Value bitsJson(double Bits, int Direction) {
  if (!std::isfinite(Bits))
    return nullptr;
  return roundBits(Bits, Direction);
}

json::Value probabilityJson(double P) {
  // Six significant digits keep tiny probabilities readable and exact
  // enough for a reader.
  if (P == 0)
    return 0.0;
  double Scale = std::pow(10.0, 5 - std::floor(std::log10(std::fabs(P))));
  return std::round(P * Scale) / Scale;
}

std::string boundText(const ProvedFigure &F) {
  if (F.Value)
    return bitsText(*F.Value, /*Down=*/true);
  return smt::statusName(F.Status);
}

std::string intervalText(const Estimate &E) {
  if (E.Exact)
    return "exact";
  std::string High = std::isfinite(E.High) ? bitsText(roundBits(E.High, 1))
                                           : std::string("inf");
  return "[" + bitsText(roundBits(E.Low, -1)) + ", " + High + "]";
}

std::string escape(StringRef Text) { return prove::htmlText(Text); }

/// The measured value, marked when it was capped (SeriesPoint::CapBits).
std::string measuredText(const Estimate &E) {
  return bitsText(E.Value) + (E.Clamped ? " (capped)" : "");
}

/// Why a measured value says "capped", once per report part.
const char *const CappedNote =
    "capped: the estimate came out above what the min-entropy can be, the "
    "limit less log2(1 - P) for the proved fallback bound P, and is shown "
    "at that cap (the best guess's estimated probability fell below "
    "(1 - P)/nr_pos by sampling noise)";

bool anyCapped(const PlacementResult &R) {
  return llvm::any_of(
      R.Series, [](const SeriesPoint &P) { return P.MeasuredBits.Clamped; });
}

std::string fallbackText(const SeriesPoint &P) {
  if (!P.FallbackProbability)
    return "-";
  std::string S = probabilityText(P.FallbackProbability->Value);
  if (P.FallbackBound && P.FallbackBound->Value)
    S += " (<= " + probabilityText(*P.FallbackBound->Value) + ")";
  return S;
}

std::string leakBoundText(const LeakResult &L) {
  return boundText(L.BoundBits);
}

std::string leakMeasuredText(const LeakResult &L) {
  return L.MeasuredBits ? bitsText(L.MeasuredBits->Value) : "-";
}

} // namespace

std::string bitsText(double Bits, bool Down) {
  if (!std::isfinite(Bits))
    return "inf";
  std::string S;
  raw_string_ostream(S) << format("%.4f", roundBits(Bits, Down ? -1 : 0));
  return S;
}

void printText(raw_ostream &OS, const PlacementResult &R) {
  OS << R.Scheme;
  if (!R.Title.empty())
    OS << ": " << printableText(R.Title);
  OS << "\n  scheme file: " << printableText(R.Path)
     << "\n  layout: " << R.Layout << "\n";
  for (const auto &[Key, Value] : R.Parameters)
    OS << "  " << Key << ": " << Value << "\n";
  OS << "  the N-th module: " << R.ProbePages
     << " pages, loaded after modules 1..N-1 of a set drawn with seed "
     << R.Seed << "\n";
  OS << "  placement.min-entropy(N), bits (bound: proved lower bound; "
        "measured: best guess found, 95% interval):\n";
  OS << "        N loaded-pages      bound   measured             interval"
        "     limit  P(fallback)\n";
  for (const SeriesPoint &P : R.Series)
    OS << format("  %7llu %12llu %10s %10s %20s %9s  %s\n",
                 (unsigned long long)P.N, (unsigned long long)P.LoadedPages,
                 boundText(P.BoundBits).c_str(),
                 measuredText(P.MeasuredBits).c_str(),
                 intervalText(P.MeasuredBits).c_str(),
                 bitsText(P.LimitBits).c_str(), fallbackText(P).c_str());
  for (const SeriesPoint &P : R.Series)
    if (!P.BoundBits.Value)
      OS << "  min-entropy(" << P.N << ") bound " << boundText(P.BoundBits)
         << ": " << P.BoundBits.Problem << "\n";
  if (anyCapped(R))
    OS << "  " << CappedNote << "\n";
  if (llvm::any_of(R.Series, [](const SeriesPoint &P) {
        return P.DrawnFallbackProbability.has_value();
      })) {
    OS << "  a module drawn from the size distribution instead of the probe "
          "(the 2018 proposal's view):\n"
          "        N  P(fallback)  proposal's estimate from it, bits\n";
    for (const SeriesPoint &P : R.Series)
      if (P.DrawnFallbackProbability)
        OS << format("  %7llu  %11s  %s\n", (unsigned long long)P.N,
                     probabilityText(P.DrawnFallbackProbability->Value).c_str(),
                     P.ProposalEstimateBits
                         ? bitsText(*P.ProposalEstimateBits).c_str()
                         : "-");
  }
  if (!R.Leaks.empty()) {
    OS << "  placement.leak(known, target), bits:\n";
    for (const LeakResult &L : R.Leaks)
      OS << "    leak(" << L.Known << ", " << L.Target << "): bound "
         << leakBoundText(L) << ", measured " << leakMeasuredText(L) << " ("
         << L.BoundMethod << ")\n";
  }
  if (R.MinBits) {
    const MinBitsResult &M = *R.MinBits;
    OS << "  below " << bitsText(M.MinBits) << " bits: proved bound ";
    if (M.BoundBelowAt)
      OS << "from N = " << *M.BoundBelowAt
         << (M.BoundSearchedEveryN ? "" : " (first evaluated N)");
    else
      OS << "never (up to N = " << R.Series.back().N << ")";
    OS << "; measured ";
    if (M.MeasuredBelowAt)
      OS << "from N = " << *M.MeasuredBelowAt << " (first evaluated N)";
    else
      OS << "never (at the evaluated N)";
    OS << "\n";
  }
  unsigned Proved = count_if(R.Lemmas, [](const LemmaResult &L) {
    return L.Status == smt::Status::Proved;
  });
  OS << "  lemmas: " << Proved << "/" << R.Lemmas.size() << " proved";
  for (const LemmaResult &L : R.Lemmas)
    if (L.Status != smt::Status::Proved)
      OS << "; " << L.Name << " " << smt::statusName(L.Status) << ": "
         << L.Problem;
  OS << "; " << R.Queries.size() << " solver queries\n";
  for (const std::string &Note : R.Notes)
    OS << "  note: " << Note << "\n";
}

void printMarkdown(raw_ostream &OS, const PlacementResult &R) {
  OS << "### " << R.Scheme;
  if (!R.Title.empty())
    OS << ": " << prove::markdownText(R.Title);
  OS << "\n\n";
  for (const auto &[Key, Value] : R.Parameters)
    OS << "- " << Key << ": " << Value << "\n";
  OS << "- the N-th module: " << R.ProbePages << " pages (seed " << R.Seed
     << ")\n\n";
  OS << "| N | loaded pages | proved bound | measured | 95% interval | limit "
        "| P(fallback) |\n|---:|---:|---:|---:|---|---:|---|\n";
  for (const SeriesPoint &P : R.Series)
    OS << "| " << P.N << " | " << P.LoadedPages << " | "
       << boundText(P.BoundBits) << " | " << measuredText(P.MeasuredBits)
       << " | " << intervalText(P.MeasuredBits) << " | "
       << bitsText(P.LimitBits) << " | " << fallbackText(P) << " |\n";
  if (anyCapped(R))
    OS << "\n" << CappedNote << ".\n";
  if (!R.Leaks.empty()) {
    OS << "\n| leak(known, target) | proved bound | measured |\n"
          "|---|---:|---:|\n";
    for (const LeakResult &L : R.Leaks)
      OS << "| leak(" << L.Known << ", " << L.Target << ") | "
         << leakBoundText(L) << " | " << leakMeasuredText(L) << " |\n";
  }
  OS << "\n";
}

json::Object toJson(const PlacementResult &R) {
  json::Array Series;
  for (const SeriesPoint &P : R.Series) {
    json::Object O{
        {"n", int64_t(P.N)},
        {"loaded_pages", int64_t(P.LoadedPages)},
        {"bound_bits", P.BoundBits.Value ? bitsJson(*P.BoundBits.Value, -1)
                                         : json::Value(nullptr)},
        {"bound_status", smt::statusName(P.BoundBits.Status)},
        {"measured_bits", bitsJson(P.MeasuredBits.Value, 0)},
        {"ci", json::Array{bitsJson(P.MeasuredBits.Low, -1),
                           bitsJson(P.MeasuredBits.High, 1)}},
        {"exact", P.MeasuredBits.Exact},
        {"measured_capped", P.MeasuredBits.Clamped},
        {"limit_bits", bitsJson(P.LimitBits, 0)},
        {"fallback_probability",
         P.FallbackProbability ? probabilityJson(P.FallbackProbability->Value)
                               : json::Value(nullptr)},
    };
    if (!P.BoundBits.Problem.empty())
      O["bound_problem"] = P.BoundBits.Problem;
    if (P.CapBits)
      O["cap_bits"] = bitsJson(*P.CapBits, 0);
    if (P.BestGuessPage)
      O["best_guess_page"] = *P.BestGuessPage;
    if (P.FallbackProbability)
      O["fallback_ci"] =
          json::Array{probabilityJson(P.FallbackProbability->Low),
                      probabilityJson(P.FallbackProbability->High)};
    if (P.FallbackBound)
      O["fallback_bound"] = P.FallbackBound->Value
                                ? probabilityJson(*P.FallbackBound->Value)
                                : json::Value(nullptr);
    if (P.DrawnFallbackProbability)
      O["fallback_probability_drawn"] =
          probabilityJson(P.DrawnFallbackProbability->Value);
    if (P.ProposalEstimateBits)
      O["proposal_estimate_bits"] = bitsJson(*P.ProposalEstimateBits, 0);
    Series.push_back(std::move(O));
  }
  json::Array Leaks;
  for (const LeakResult &L : R.Leaks)
    Leaks.push_back(json::Object{
        {"known", int64_t(L.Known)},
        {"target", int64_t(L.Target)},
        {"bound_bits", L.BoundBits.Value ? bitsJson(*L.BoundBits.Value, -1)
                                         : json::Value(nullptr)},
        {"bound_status", smt::statusName(L.BoundBits.Status)},
        {"measured_bits", L.MeasuredBits ? bitsJson(L.MeasuredBits->Value, 0)
                                         : json::Value(nullptr)},
        {"method", L.BoundMethod},
    });
  json::Object Params;
  for (const auto &[Key, Value] : R.Parameters)
    Params[Key] = Value;
  json::Array Lemmas;
  for (const LemmaResult &L : R.Lemmas) {
    json::Object O{{"name", L.Name},
                   {"status", smt::statusName(L.Status)},
                   {"statement", L.Statement}};
    if (!L.Problem.empty())
      O["problem"] = L.Problem;
    Lemmas.push_back(std::move(O));
  }
  json::Array Queries;
  for (const smt::QueryRecord &Q : R.Queries) {
    json::Object O{{"name", Q.Name},
                   {"answer", Q.Answer},
                   {"ms", std::round(Q.Millis * 1000) / 1000}};
    if (!Q.SmtFile.empty())
      O["smt_file"] = Q.SmtFile;
    Queries.push_back(std::move(O));
  }
  json::Object Out{
      {"scheme", R.Scheme},
      {"title", R.Title},
      {"file", R.Path},
      {"kind", "module-placement"},
      {"layout", R.Layout},
      {"parameters", std::move(Params)},
      {"probe_pages", int64_t(R.ProbePages)},
      {"seed", int64_t(R.Seed)},
      {"runs", int64_t(R.Runs)},
      {"series", std::move(Series)},
      {"leak", std::move(Leaks)},
      {"lemmas", std::move(Lemmas)},
      {"queries", std::move(Queries)},
      {"notes", json::Array(R.Notes)},
      {"status", R.allProved() ? "proved" : "unknown"},
  };
  if (R.MinBits) {
    json::Object M{{"bits", R.MinBits->MinBits},
                   {"bound_searched_every_n", R.MinBits->BoundSearchedEveryN}};
    M["bound_below_at"] = R.MinBits->BoundBelowAt
                              ? json::Value(int64_t(*R.MinBits->BoundBelowAt))
                              : json::Value(nullptr);
    M["measured_below_at"] =
        R.MinBits->MeasuredBelowAt
            ? json::Value(int64_t(*R.MinBits->MeasuredBelowAt))
            : json::Value(nullptr);
    Out["min_bits"] = std::move(M);
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// SVG
//===----------------------------------------------------------------------===//

namespace {

/// A round tick step for a range: 1, 2 or 5 times a power of ten.
double niceStep(double Range, int Ticks) {
  double Raw = Range / Ticks;
  double Power = std::pow(10.0, std::floor(std::log10(Raw)));
  for (double M : {1.0, 2.0, 5.0, 10.0})
    if (M * Power >= Raw)
      return M * Power;
  return 10 * Power;
}

struct Plot {
  double Width = 720, Height = 400;
  double Left = 64, Right = 190, Top = 40, Bottom = 56;
  double XMax = 1, YMax = 1;
  double x(double N) const {
    return Left + (Width - Left - Right) * (N / XMax);
  }
  double y(double Bits) const {
    double B = std::min(std::max(Bits, 0.0), YMax);
    return Height - Bottom - (Height - Top - Bottom) * (B / YMax);
  }
};

std::string num(double V) {
  std::string S;
  raw_string_ostream(S) << format("%.1f", V);
  return S;
}

} // namespace

std::string renderSvg(const PlacementResult &R) {
  Plot P;
  for (const SeriesPoint &S : R.Series) {
    P.XMax = std::max(P.XMax, double(S.N));
    P.YMax = std::max(P.YMax, S.LimitBits);
    if (std::isfinite(S.MeasuredBits.Value))
      P.YMax = std::max(P.YMax, S.MeasuredBits.Value);
  }
  double XStep = niceStep(P.XMax, 8);
  P.XMax = std::ceil(P.XMax / XStep) * XStep;
  double YStep = niceStep(P.YMax, 6);
  P.YMax = std::ceil((P.YMax + 0.5) / YStep) * YStep;

  std::string Out;
  raw_string_ostream OS(Out);
  OS << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(P.Width)
     << "\" height=\"" << num(P.Height) << "\" viewBox=\"0 0 " << num(P.Width)
     << " " << num(P.Height)
     << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  OS << "<title>" << escape(R.Scheme)
     << ": min-entropy of the N-th module's address</title>\n";
  OS << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  OS << "<text x=\"" << num(P.Left) << "\" y=\"22\" font-size=\"14\">"
     << escape(R.Scheme) << ": min-entropy of the N-th module</text>\n";
  // Grid and axes.
  double X0 = P.x(0), X1 = P.x(P.XMax), Y0 = P.y(0), Y1 = P.y(P.YMax);
  for (double T = 0; T <= P.YMax + 1e-9; T += YStep) {
    OS << "<line x1=\"" << num(X0) << "\" y1=\"" << num(P.y(T)) << "\" x2=\""
       << num(X1) << "\" y2=\"" << num(P.y(T)) << "\" stroke=\"#e0e0e0\"/>\n";
    OS << "<text x=\"" << num(X0 - 6) << "\" y=\"" << num(P.y(T) + 4)
       << "\" text-anchor=\"end\">" << format("%g", T) << "</text>\n";
  }
  for (double T = 0; T <= P.XMax + 1e-9; T += XStep) {
    OS << "<line x1=\"" << num(P.x(T)) << "\" y1=\"" << num(Y0) << "\" x2=\""
       << num(P.x(T)) << "\" y2=\"" << num(Y0 + 4) << "\" stroke=\"black\"/>\n";
    OS << "<text x=\"" << num(P.x(T)) << "\" y=\"" << num(Y0 + 18)
       << "\" text-anchor=\"middle\">" << format("%g", T) << "</text>\n";
  }
  OS << "<line x1=\"" << num(X0) << "\" y1=\"" << num(Y0) << "\" x2=\""
     << num(X1) << "\" y2=\"" << num(Y0) << "\" stroke=\"black\"/>\n";
  OS << "<line x1=\"" << num(X0) << "\" y1=\"" << num(Y0) << "\" x2=\""
     << num(X0) << "\" y2=\"" << num(Y1) << "\" stroke=\"black\"/>\n";
  OS << "<text x=\"" << num((X0 + X1) / 2) << "\" y=\"" << num(P.Height - 16)
     << "\" text-anchor=\"middle\">N (modules loaded, the N-th included)"
        "</text>\n";
  OS << "<text transform=\"translate(16," << num((Y0 + Y1) / 2)
     << ") rotate(-90)\" text-anchor=\"middle\">min-entropy (bits)</text>\n";

  auto Polyline = [&](auto Value, const char *Style, const char *Id) {
    std::string Points;
    for (const SeriesPoint &S : R.Series) {
      std::optional<double> V = Value(S);
      if (!V || !std::isfinite(*V))
        continue;
      Points += num(P.x(double(S.N))) + "," + num(P.y(*V)) + " ";
    }
    OS << "<polyline id=\"" << Id << "\" fill=\"none\" " << Style
       << " points=\"" << Points << "\"/>\n";
  };
  Polyline([](const SeriesPoint &S) { return std::optional(S.LimitBits); },
           "stroke=\"#888888\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"",
           "limit");
  Polyline([](const SeriesPoint &S) { return S.BoundBits.Value; },
           "stroke=\"#1f5fbf\" stroke-width=\"2\"", "bound");
  Polyline(
      [](const SeriesPoint &S) { return std::optional(S.MeasuredBits.Value); },
      "stroke=\"#e07b00\" stroke-width=\"2\"", "measured");
  for (const SeriesPoint &S : R.Series) {
    double X = P.x(double(S.N));
    const Estimate &E = S.MeasuredBits;
    if (!E.Exact) {
      double High = std::isfinite(E.High) ? E.High : P.YMax;
      OS << "<line class=\"ci\" x1=\"" << num(X) << "\" y1=\""
         << num(P.y(E.Low)) << "\" x2=\"" << num(X) << "\" y2=\""
         << num(P.y(High)) << "\" stroke=\"#e07b00\"/>\n";
    }
    if (std::isfinite(E.Value))
      OS << "<rect class=\"measured\" x=\"" << num(X - 3) << "\" y=\""
         << num(P.y(E.Value) - 3)
         << "\" width=\"6\" height=\"6\" fill=\"#e07b00\"><title>N=" << S.N
         << " measured " << bitsText(E.Value) << "</title></rect>\n";
    if (S.BoundBits.Value)
      OS << "<circle class=\"bound\" cx=\"" << num(X) << "\" cy=\""
         << num(P.y(*S.BoundBits.Value))
         << "\" r=\"3\" fill=\"#1f5fbf\"><title>N=" << S.N << " bound "
         << bitsText(*S.BoundBits.Value, true) << "</title></circle>\n";
  }
  // Legend.
  double LX = X1 + 16, LY = P.Top + 10;
  auto Legend = [&](const char *Style, const char *Text, double Row) {
    OS << "<line x1=\"" << num(LX) << "\" y1=\"" << num(LY + Row * 20)
       << "\" x2=\"" << num(LX + 24) << "\" y2=\"" << num(LY + Row * 20)
       << "\" " << Style << "/>\n";
    OS << "<text x=\"" << num(LX + 30) << "\" y=\"" << num(LY + Row * 20 + 4)
       << "\">" << Text << "</text>\n";
  };
  Legend("stroke=\"#888888\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"",
         "limit", 0);
  Legend("stroke=\"#e07b00\" stroke-width=\"2\"", "measured (95% CI)", 1);
  Legend("stroke=\"#1f5fbf\" stroke-width=\"2\"", "proved bound", 2);
  OS << "</svg>\n";
  return Out;
}

void printHtmlSection(raw_ostream &OS, const PlacementResult &R) {
  OS << "<section class=\"placement\" id=\"" << escape(R.Scheme) << "\">\n";
  OS << "<h2>" << escape(R.Scheme);
  if (!R.Title.empty())
    OS << ": " << escape(R.Title);
  OS << "</h2>\n<ul>\n";
  for (const auto &[Key, Value] : R.Parameters)
    OS << "<li>" << escape(Key) << ": " << escape(Value) << "</li>\n";
  OS << "<li>the N-th module: " << R.ProbePages << " pages (seed " << R.Seed
     << ")</li>\n</ul>\n";
  OS << renderSvg(R);
  OS << "<table>\n<tr><th>N</th><th>loaded pages</th><th>proved bound</th>"
        "<th>measured</th><th>95% interval</th><th>limit</th>"
        "<th>P(fallback)</th></tr>\n";
  for (const SeriesPoint &P : R.Series)
    OS << "<tr><td>" << P.N << "</td><td>" << P.LoadedPages << "</td><td>"
       << boundText(P.BoundBits) << "</td><td>" << measuredText(P.MeasuredBits)
       << "</td><td>" << intervalText(P.MeasuredBits) << "</td><td>"
       << bitsText(P.LimitBits) << "</td><td>" << escape(fallbackText(P))
       << "</td></tr>\n";
  OS << "</table>\n";
  if (anyCapped(R))
    OS << "<p class=\"note\">" << CappedNote << ".</p>\n";
  if (!R.Leaks.empty()) {
    OS << "<table>\n<tr><th>leak(known, target)</th><th>proved bound</th>"
          "<th>measured</th><th>argument</th></tr>\n";
    for (const LeakResult &L : R.Leaks)
      OS << "<tr><td>leak(" << L.Known << ", " << L.Target << ")</td><td>"
         << leakBoundText(L) << "</td><td>" << leakMeasuredText(L)
         << "</td><td>" << escape(L.BoundMethod) << "</td></tr>\n";
    OS << "</table>\n";
  }
  OS << "<details><summary>lemmas (" << R.Lemmas.size() << ")</summary><ul>\n";
  for (const LemmaResult &L : R.Lemmas)
    OS << "<li><b>" << escape(L.Name) << "</b> " << smt::statusName(L.Status)
       << ": " << escape(L.Statement) << "</li>\n";
  OS << "</ul></details>\n";
  for (const std::string &Note : R.Notes)
    OS << "<p class=\"note\">" << escape(Note) << "</p>\n";
  OS << "</section>\n";
}

void printHtmlDocument(raw_ostream &OS, ArrayRef<PlacementResult> Results) {
  OS << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        "<title>kharden prove: module placement</title>\n<style>"
        "body{font-family:sans-serif;max-width:60em;margin:auto}"
        "table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
        "</style></head><body>\n";
  for (const PlacementResult &R : Results)
    printHtmlSection(OS, R);
  OS << "</body></html>\n";
}

} // namespace kharden::placement
