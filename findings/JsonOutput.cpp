#include "findings/Output.h"

#include "support/InputError.h"

using namespace llvm;

namespace kharden {

static json::Object pointToJson(const SourcePoint &P) {
  return json::Object{
      {"file", P.File.str()}, {"line", P.Line}, {"column", P.Column}};
}

json::Object findingToJson(const Finding &F) {
  json::Object O = pointToJson(F.Where);
  O["check"] = F.Check;
  O["severity"] = severityName(F.Level);
  O["function"] = F.Function;
  O["message"] = F.Message;
  O["variable"] = F.Variable;
  O["evidence"] = F.Evidence;
  O["consequence"] = F.Consequence;
  json::Array Notes;
  for (const Note &N : F.Notes) {
    json::Object J = pointToJson(N.Where);
    J["message"] = N.Message.str();
    Notes.push_back(std::move(J));
  }
  O["notes"] = std::move(Notes);
  if (const auto &V = F.ModelVerdict) {
    json::Array Steps;
    for (const ScheduleStep &S : V->Schedule)
      Steps.push_back(json::Object{{"cpu", S.Cpu},
                                   {"task", S.Task},
                                   {"event", S.Event},
                                   {"slot_value", S.SlotValue},
                                   {"note", S.Note}});
    O["verdict"] = json::Object{{"status", smt::statusName(V->Status)},
                                {"property", V->Property},
                                {"scheme", V->Scheme},
                                {"detail", V->Detail},
                                {"schedule", std::move(Steps)}};
  }
  return O;
}

json::Value findingsToJson(ArrayRef<Finding> Findings, const RunInfo &Run) {
  json::Array All;
  for (const Finding &F : Findings)
    All.push_back(findingToJson(F));
  return json::Object{
      {"tool", "kharden"},
      {"checks", json::Array(Run.Checks)},
      {"inputs", json::Array(Run.Inputs)},
      {"incomplete_inputs", json::Array(Run.Incomplete)},
      {"findings", std::move(All)},
  };
}

static bool readPoint(const json::Object &O, SourcePoint &P) {
  auto File = O.getString("file");
  auto Line = O.getInteger("line");
  auto Column = O.getInteger("column");
  if (!File || !Line || !Column)
    return false;
  P = {File->str(), unsigned(*Line), unsigned(*Column)};
  return true;
}

Expected<Finding> findingFromJson(const json::Value &V) {
  auto Bad = [](StringRef Why) {
    return make_error<StringError>(Why, inconvertibleErrorCode());
  };
  const json::Object *O = V.getAsObject();
  if (!O)
    return Bad("a finding is not an object");
  Finding F;
  auto Check = O->getString("check");
  auto Message = O->getString("message");
  if (!Check || !Message || !readPoint(*O, F.Where))
    return Bad("a finding lacks check, message, file, line or column");
  F.Check = Check->str();
  F.Message = Message->str();
  // A baseline written before errors existed has only notes and warnings.
  F.Level = parseSeverity(O->getString("severity").value_or(""))
                .value_or(Severity::Warning);
  if (auto S = O->getString("function"))
    F.Function = S->str();
  if (auto S = O->getString("variable"))
    F.Variable = S->str();
  if (auto S = O->getString("evidence"))
    F.Evidence = S->str();
  if (auto S = O->getString("consequence"))
    F.Consequence = S->str();
  if (const json::Array *Notes = O->getArray("notes"))
    for (const json::Value &N : *Notes) {
      const json::Object *NO = N.getAsObject();
      Note Item;
      if (!NO || !readPoint(*NO, Item.Where) || !NO->getString("message"))
        return Bad("a note lacks file, line, column or message");
      Item.Message = NO->getString("message")->str();
      F.Notes.push_back(std::move(Item));
    }
  return F;
}

} // namespace kharden
