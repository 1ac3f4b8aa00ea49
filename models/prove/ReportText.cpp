#include "models/prove/ReportText.h"
#include "support/PrintableText.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>

using namespace llvm;

namespace kharden::prove {

std::string markdownText(StringRef Text) {
  std::string Out;
  for (char C : printableText(Text)) {
    if (StringRef("\\`*[]<&|").contains(C))
      Out += '\\';
    Out += C;
  }
  return Out;
}

std::string markdownCode(StringRef Text) {
  std::string Code = printableText(Text);
  std::replace(Code.begin(), Code.end(), '`', '\'');
  return "`" + Code + "`";
}

std::string htmlText(StringRef Text) {
  std::string Out;
  for (char C : printableText(Text)) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

void writeMarkdownList(raw_ostream &OS, StringRef Label,
                       ArrayRef<std::string> Items) {
  if (Items.empty())
    return;
  OS << "*" << Label << ".*\n\n";
  for (const std::string &I : Items)
    OS << "- " << markdownText(I) << "\n";
  OS << "\n";
}

void writeMarkdownDetails(raw_ostream &OS, StringRef Summary,
                          ArrayRef<std::string> Items) {
  if (Items.empty())
    return;
  OS << "<details><summary>" << Summary << "</summary>\n\n";
  for (const std::string &I : Items)
    OS << "- " << markdownText(I) << "\n";
  OS << "\n</details>\n";
}

void writeTable(raw_ostream &OS, const Table &T, bool Html) {
  if (T.size() < 2)
    return;
  if (Html) {
    OS << "<table>\n";
    for (size_t R = 0; R < T.size(); ++R) {
      OS << "<tr>";
      for (const std::string &C : T[R])
        OS << (R ? "<td>" : "<th>") << htmlText(C) << (R ? "</td>" : "</th>");
      OS << "</tr>\n";
    }
    OS << "</table>\n";
    return;
  }
  for (size_t R = 0; R < T.size(); ++R) {
    OS << "|";
    for (const std::string &C : T[R])
      OS << " " << markdownText(C) << " |";
    OS << "\n";
    if (R == 0) {
      OS << "|";
      for (size_t I = 0; I < T[R].size(); ++I)
        OS << " --- |";
      OS << "\n";
    }
  }
  OS << "\n";
}

/// One line of Markdown inline text as HTML: code spans, backslash escapes,
/// everything else escaped.
static std::string inlineHtml(StringRef Text) {
  std::string Out, Literal;
  bool Code = false;
  auto Flush = [&] {
    Out += htmlText(Literal);
    Literal.clear();
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '`') {
      Flush();
      Out += Code ? "</code>" : "<code>";
      Code = !Code;
    } else if (!Code && C == '\\' && I + 1 < Text.size() &&
               std::ispunct(static_cast<unsigned char>(Text[I + 1]))) {
      Literal += Text[++I];
    } else {
      Literal += C;
    }
  }
  Flush();
  if (Code)
    Out += "</code>";
  return Out;
}

/// A table row's cells: split at '|' that no backslash escapes.
static SmallVector<std::string, 16> cells(StringRef Row) {
  SmallVector<std::string, 16> Out(1);
  Row = Row.trim();
  Row.consume_front("|");
  Row.consume_back("|");
  for (size_t I = 0; I < Row.size(); ++I) {
    if (Row[I] == '\\' && I + 1 < Row.size()) {
      Out.back() += Row.substr(I, 2);
      ++I;
    } else if (Row[I] == '|') {
      Out.emplace_back();
    } else {
      Out.back() += Row[I];
    }
  }
  return Out;
}

void writeMarkdownAsHtml(raw_ostream &OS, StringRef Markdown) {
  bool InTable = false, InList = false;
  SmallVector<StringRef, 0> Lines;
  Markdown.split(Lines, '\n');
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
    size_t Level = L.find_first_not_of('#');
    if (Row) {
      if (L.starts_with("|---") || L.starts_with("| ---"))
        continue;
      OS << (InTable ? "<tr>" : "<table><tr>");
      for (const std::string &C : cells(L))
        OS << (InTable ? "<td>" : "<th>") << inlineHtml(StringRef(C).trim())
           << (InTable ? "</td>" : "</th>");
      OS << "</tr>\n";
      InTable = true;
    } else if (Item) {
      OS << (InList ? "" : "<ul>\n") << "<li>" << inlineHtml(L.drop_front(2))
         << "</li>\n";
      InList = true;
    } else if (Level >= 1 && Level <= 6 && L.substr(Level).starts_with(" ")) {
      OS << "<h" << Level << ">" << inlineHtml(L.drop_front(Level + 1)) << "</h"
         << Level << ">\n";
    } else if (L.starts_with("<details>") || L.starts_with("</details>")) {
      OS << L << "\n";
    } else if (!L.trim().empty()) {
      // *Label.* -> <b>Label.</b>
      size_t End = L.starts_with("*") ? L.find('*', 1) : StringRef::npos;
      if (End != StringRef::npos)
        OS << "<p><b>" << inlineHtml(L.slice(1, End)) << "</b>"
           << inlineHtml(L.substr(End + 1)) << "</p>\n";
      else
        OS << "<p>" << inlineHtml(L) << "</p>\n";
    }
  }
  if (InTable)
    OS << "</table>\n";
  if (InList)
    OS << "</ul>\n";
}

} // namespace kharden::prove
