#include "report/TreeReport.h"

#include "findings/Output.h"
#include "models/solver/Status.h"
#include "support/InputError.h"
#include "support/JsonFile.h"

using namespace llvm;

namespace kharden {

std::optional<double> PropertyFigures::figure(StringRef Name) const {
  for (const auto &[Key, Value] : Figures)
    if (Key == Name)
      return Value;
  return std::nullopt;
}

const ExtractedField *SchemeReport::field(StringRef Name) const {
  for (const ExtractedField &F : Fields)
    if (F.Field == Name)
      return &F;
  return nullptr;
}

PropertyFigures figuresOf(const kstack::PropertyResult &R) {
  PropertyFigures P;
  P.Property = R.Property;
  P.Status = R.Verdict;
  P.Summary = R.Summary;
  if (const auto &E = R.Entropy) {
    P.Figures = {{"distinct_offsets", E->DistinctShifts},
                 {"min_entropy_bits", E->MinEntropyBits},
                 {"shannon_entropy_bits", E->ShannonEntropyBits},
                 {"max_preimage", E->MaxPreimage}};
  }
  if (R.LeaksToDetermine)
    P.Figures.push_back({"leaks_to_determine", *R.LeaksToDetermine});
  if (R.Bound)
    P.Figures.push_back({"bound", *R.Bound});
  return P;
}

static json::Object fieldToJson(const ExtractedField &F) {
  json::Object O{{"field", F.Field},
                 {"value", F.Value},
                 {"known", F.Known},
                 {"evidence", F.Evidence}};
  if (F.Where.valid()) {
    O["file"] = F.Where.File.str();
    O["line"] = F.Where.Line;
    O["column"] = F.Where.Column;
  }
  return O;
}

json::Value toJson(const TreeReport &R) {
  json::Array Findings, Schemes;
  for (const Finding &F : R.Findings)
    Findings.push_back(findingToJson(F));
  for (const SchemeReport &S : R.Schemes) {
    json::Array Fields, Properties;
    for (const ExtractedField &F : S.Fields)
      Fields.push_back(fieldToJson(F));
    for (const PropertyFigures &P : S.Properties) {
      json::Object O{{"property", P.Property},
                     {"status", smt::statusName(P.Status)},
                     {"summary", P.Summary}};
      for (const auto &[Key, Value] : P.Figures)
        O[Key] = Value;
      Properties.push_back(std::move(O));
    }
    Schemes.push_back(json::Object{{"name", S.Name},
                                   {"arch", S.Arch},
                                   {"complete", S.Complete},
                                   {"fields", std::move(Fields)},
                                   {"properties", std::move(Properties)}});
  }
  return json::Object{{"tool", "kharden"},
                      {"kind", "report"},
                      {"root", R.Root},
                      {"inputs", json::Array(R.Inputs)},
                      {"incomplete_inputs", json::Array(R.Incomplete)},
                      {"findings", std::move(Findings)},
                      {"schemes", std::move(Schemes)},
                      {"proofs", R.Proofs}};
}

namespace {

Error bad(StringRef Path, const Twine &Why) {
  return make_error<InputError>(Path.str(), "not a kharden report: " + Why.str());
}

Expected<ExtractedField> readField(const json::Value &V) {
  const json::Object *O = V.getAsObject();
  if (!O || !O->getString("field") || !O->getString("value"))
    return createStringError(inconvertibleErrorCode(), "a field lacks its name");
  ExtractedField F;
  F.Field = O->getString("field")->str();
  F.Value = O->getString("value")->str();
  F.Known = O->getBoolean("known").value_or(false);
  if (auto E = O->getString("evidence"))
    F.Evidence = E->str();
  if (auto File = O->getString("file"))
    F.Where = {File->str(), unsigned(O->getInteger("line").value_or(0)),
               unsigned(O->getInteger("column").value_or(0))};
  return F;
}

} // namespace

Expected<TreeReport> readTreeReport(StringRef Path) {
  auto Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  auto Doc = parseJson((*Buf)->getBuffer(), Path);
  if (!Doc)
    return Doc.takeError();
  const json::Object *Root = Doc->getAsObject();
  if (!Root || Root->getString("kind") != StringRef("report"))
    return bad(Path, "expected the JSON of `kharden report --format=json`");
  TreeReport R;
  if (auto S = Root->getString("root"))
    R.Root = S->str();
  if (const json::Array *Findings = Root->getArray("findings"))
    for (const json::Value &V : *Findings) {
      auto F = findingFromJson(V);
      if (!F)
        return bad(Path, toString(F.takeError()));
      R.Findings.push_back(std::move(*F));
    }
  if (const json::Array *Schemes = Root->getArray("schemes"))
    for (const json::Value &V : *Schemes) {
      const json::Object *O = V.getAsObject();
      if (!O || !O->getString("name"))
        return bad(Path, "a scheme lacks its name");
      SchemeReport S;
      S.Name = O->getString("name")->str();
      if (auto A = O->getString("arch"))
        S.Arch = A->str();
      S.Complete = O->getBoolean("complete").value_or(false);
      if (const json::Array *Fields = O->getArray("fields"))
        for (const json::Value &FV : *Fields) {
          auto F = readField(FV);
          if (!F)
            return bad(Path, toString(F.takeError()));
          S.Fields.push_back(std::move(*F));
        }
      if (const json::Array *Props = O->getArray("properties"))
        for (const json::Value &PV : *Props) {
          const json::Object *PO = PV.getAsObject();
          if (!PO || !PO->getString("property") || !PO->getString("status"))
            return bad(Path, "a property lacks its name or status");
          PropertyFigures P;
          P.Property = PO->getString("property")->str();
          std::optional<smt::Status> Status =
              smt::parseStatus(*PO->getString("status"));
          if (!Status)
            return bad(Path, "property " + P.Property + " has status '" +
                                 *PO->getString("status") +
                                 "', not proved, refuted, timeout, unknown "
                                 "or error");
          P.Status = *Status;
          if (auto Sum = PO->getString("summary"))
            P.Summary = Sum->str();
          for (const auto &[Key, Value] : *PO)
            if (auto N = Value.getAsNumber())
              P.Figures.push_back({Key.str(), *N});
          llvm::sort(P.Figures);
          S.Properties.push_back(std::move(P));
        }
      R.Schemes.push_back(std::move(S));
    }
  return R;
}

} // namespace kharden
