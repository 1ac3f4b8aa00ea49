#include "report/Render.h"
#include "models/prove/ReportText.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace kharden {
namespace {

std::string at(const SourcePoint &P) {
  if (!P.valid())
    return "";
  return P.File.str() + ":" + std::to_string(P.Line) + ":" +
         std::to_string(P.Column);
}

StringRef kindText(DeltaItem::Kind K) {
  switch (K) {
  case DeltaItem::Kind::NewFinding: return "finding appeared";
  case DeltaItem::Kind::GoneFinding: return "finding disappeared";
  case DeltaItem::Kind::PropertyChanged: return "property";
  case DeltaItem::Kind::FieldChanged: return "scheme field";
  }
  return "";
}

using prove::Table;
using prove::writeTable;

void heading(raw_ostream &OS, unsigned Level, StringRef Text, bool Html) {
  if (Html)
    OS << "<h" << Level << ">" << prove::htmlText(Text) << "</h" << Level
       << ">\n";
  else
    OS << "\n" << std::string(Level, '#') << " " << Text << "\n\n";
}

void paragraph(raw_ostream &OS, StringRef Text, bool Html) {
  if (Html)
    OS << "<p>" << prove::htmlText(Text) << "</p>\n";
  else
    OS << Text << "\n";
}

Table deltaTable(const ReportDelta &D) {
  Table T{{"kind", "what", "change", "worse", "code responsible"}};
  for (const DeltaItem &I : D.Items)
    T.push_back({kindText(I.What).str(), I.Subject, I.Change,
                 I.Worse ? "yes" : "", at(I.Where)});
  return T;
}

Table findingsTable(const TreeReport &R) {
  Table T{{"where", "check", "severity", "function", "message"}};
  for (const Finding &F : R.Findings)
    T.push_back({at(F.Where), F.Check, severityName(F.Level).str(),
                 F.Function, F.Message});
  return T;
}

Table fieldsTable(const SchemeReport &S) {
  Table T{{"field", "value", "from", "code"}};
  for (const ExtractedField &F : S.Fields)
    T.push_back({F.Field, F.Value, F.Evidence, at(F.Where)});
  return T;
}

/// The proof report's body: its own document, without the HTML envelope.
std::string proofBody(const ProofReport &Proofs, ReportFormat F) {
  std::string Text;
  raw_string_ostream OS(Text);
  writeReport(OS, Proofs, F);
  if (F != ReportFormat::Html)
    return Text;
  size_t Open = Text.find("<body>"), Close = Text.rfind("</body>");
  if (Open == std::string::npos || Close == std::string::npos)
    return Text;
  return Text.substr(Open + 6, Close - Open - 6);
}

void writeDocument(raw_ostream &OS, const TreeReport &R,
                   const ProofReport &Proofs, const ReportDelta *Delta,
                   bool Html) {
  if (Html)
    OS << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>"
          "kharden report</title><style>body{font-family:sans-serif;"
          "max-width:72em;margin:auto}table{border-collapse:collapse}"
          "td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}"
          "</style></head><body>\n";
  heading(OS, 1, "kharden report", Html);
  paragraph(OS,
            "Tree: " + R.Root + ". Analysed " +
                std::to_string(R.Inputs.size()) + " translation unit(s)" +
                (R.Incomplete.empty()
                     ? std::string(".")
                     : ", " + std::to_string(R.Incomplete.size()) +
                           " only in part."),
            Html);
  if (Delta) {
    heading(OS, 2, "Delta against the base", Html);
    if (Delta->Items.empty())
      paragraph(OS, "No finding, scheme field or property changed.", Html);
    else
      writeTable(OS, deltaTable(*Delta), Html);
    paragraph(OS, Delta->worse() ? "Something got worse." : "Nothing got worse.",
              Html);
  }
  heading(OS, 2, "Findings", Html);
  if (R.Findings.empty())
    paragraph(OS, "None.", Html);
  else
    writeTable(OS, findingsTable(R), Html);
  for (const SchemeReport &S : R.Schemes) {
    heading(OS, 2, "Stack-offset scheme extracted from the code: " + S.Name,
            Html);
    writeTable(OS, fieldsTable(S), Html);
    if (!S.Complete)
      paragraph(OS, "Some fields are unknown: the scheme is not proved.", Html);
  }
  if (!Proofs.Parts.empty()) {
    heading(OS, 2, "Proofs", Html);
    OS << proofBody(Proofs,
                    Html ? ReportFormat::Html : ReportFormat::Markdown);
  }
  if (Html)
    OS << "</body></html>\n";
}

} // namespace

void render(raw_ostream &OS, const TreeReport &R, const ProofReport &Proofs,
            const ReportDelta *Delta, RenderFormat Format) {
  if (Format != RenderFormat::Json) {
    writeDocument(OS, R, Proofs, Delta, Format == RenderFormat::Html);
    return;
  }
  json::Value Doc = toJson(R);
  if (auto Parsed = json::parse(proofBody(Proofs, ReportFormat::Json)))
    (*Doc.getAsObject())["proofs"] = std::move(*Parsed);
  else
    consumeError(Parsed.takeError());
  if (Delta)
    (*Doc.getAsObject())["delta"] = toJson(*Delta);
  OS << formatv("{0:2}", Doc) << '\n';
}

} // namespace kharden
