#include "report/Delta.h"

#include "ci/Baseline.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace kharden {
namespace {

void compareFindings(const TreeReport &Base, const TreeReport &Head,
                     ReportDelta &D) {
  StringSet<> InBase, InHead;
  for (const Finding &F : Base.Findings)
    InBase.insert(fingerprint(F));
  for (const Finding &F : Head.Findings) {
    InHead.insert(fingerprint(F));
    if (!InBase.count(fingerprint(F)))
      D.Items.push_back({DeltaItem::Kind::NewFinding, F.Check,
                         "new: " + F.Message, true, F.Where});
  }
  for (const Finding &F : Base.Findings)
    if (!InHead.count(fingerprint(F)))
      D.Items.push_back({DeltaItem::Kind::GoneFinding, F.Check,
                         "gone: " + F.Message, false, F.Where});
}

std::string number(double V) {
  return V == std::floor(V) ? std::to_string(int64_t(V))
                            : formatv("{0:F3}", V).str();
}

/// The head's changed fields: the code responsible for changed figures.
std::vector<const ExtractedField *> changedFields(const SchemeReport &Base,
                                                  const SchemeReport &Head) {
  std::vector<const ExtractedField *> Changed;
  for (const ExtractedField &F : Head.Fields) {
    const ExtractedField *Old = Base.field(F.Field);
    if (!Old || Old->Value != F.Value)
      Changed.push_back(&F);
  }
  return Changed;
}

void compareScheme(const SchemeReport &Base, const SchemeReport &Head,
                   ReportDelta &D) {
  std::vector<const ExtractedField *> Changed = changedFields(Base, Head);
  SourcePoint Cause = Changed.empty() ? SourcePoint{} : Changed.front()->Where;
  for (const ExtractedField *F : Changed) {
    const ExtractedField *Old = Base.field(F->Field);
    D.Items.push_back({DeltaItem::Kind::FieldChanged,
                       Head.Name + "/" + F->Field,
                       (Old ? Old->Value : std::string("(none)")) + " -> " +
                           F->Value + " (" + F->Evidence + ")",
                       false, F->Where});
  }
  for (const PropertyFigures &Old : Base.Properties) {
    auto It = llvm::find_if(Head.Properties, [&](const PropertyFigures &P) {
      return P.Property == Old.Property;
    });
    std::string Subject = Head.Name + "/" + Old.Property;
    if (It == Head.Properties.end()) {
      D.Items.push_back({DeltaItem::Kind::PropertyChanged, Subject,
                         std::string(smt::statusName(Old.Status)) +
                             " -> not proved (the scheme is incomplete)",
                         true, Cause});
      continue;
    }
    if (It->Status != Old.Status)
      D.Items.push_back({DeltaItem::Kind::PropertyChanged, Subject,
                         std::string(smt::statusName(Old.Status)) + " -> " +
                             smt::statusName(It->Status),
                         Old.Status == smt::Status::Proved, Cause});
    for (const auto &[Key, Value] : It->Figures) {
      std::optional<double> Before = Old.figure(Key);
      if (!Before || *Before == Value)
        continue;
      bool Worse = Key == "min_entropy_bits" && Value < *Before;
      D.Items.push_back({DeltaItem::Kind::PropertyChanged, Subject,
                         Key + " " + number(*Before) + " -> " + number(Value),
                         Worse, Cause});
    }
  }
}

StringRef kindName(DeltaItem::Kind K) {
  switch (K) {
  case DeltaItem::Kind::NewFinding: return "new-finding";
  case DeltaItem::Kind::GoneFinding: return "gone-finding";
  case DeltaItem::Kind::PropertyChanged: return "property";
  case DeltaItem::Kind::FieldChanged: return "scheme-field";
  }
  return "?";
}

} // namespace

ReportDelta compareReports(const TreeReport &Base, const TreeReport &Head) {
  ReportDelta D;
  compareFindings(Base, Head, D);
  for (const SchemeReport &H : Head.Schemes) {
    auto It = llvm::find_if(Base.Schemes, [&](const SchemeReport &B) {
      return B.Arch == H.Arch;
    });
    if (It != Base.Schemes.end())
      compareScheme(*It, H, D);
  }
  return D;
}

json::Value toJson(const ReportDelta &D) {
  json::Array Items;
  for (const DeltaItem &I : D.Items) {
    json::Object O{{"kind", kindName(I.What)},
                   {"subject", I.Subject},
                   {"change", I.Change},
                   {"worse", I.Worse}};
    if (I.Where.valid()) {
      O["file"] = I.Where.File.str();
      O["line"] = I.Where.Line;
      O["column"] = I.Where.Column;
    }
    Items.push_back(std::move(O));
  }
  return json::Object{{"worse", D.worse()}, {"items", std::move(Items)}};
}

} // namespace kharden
