//===- models/prove/ReportText.h - text in the proof reports ----*- C++ -*-===//
//
// What every model's report needs to put user text (a scheme's title,
// sources, expressions) into Markdown and HTML safely, and the converter
// that renders the models' Markdown sections as HTML. User text is made
// printable first (support/PrintableText.h), then escaped: raw HTML in a
// title must show as text in both formats, never as markup.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PROVE_REPORTTEXT_H
#define KHARDEN_MODELS_PROVE_REPORTTEXT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace kharden::prove {

/// Text for Markdown: the characters that would make markup of it (HTML
/// tags and entities, code spans, emphasis, links, table cells) escaped with
/// a backslash. An underscore stays: within a word (x86_64, xpfo_kunmap) it
/// is no markup.
std::string markdownText(llvm::StringRef Text);
/// A Markdown code span holding Text (its backticks replaced by quotes).
std::string markdownCode(llvm::StringRef Text);
/// Text for HTML: & < > " escaped.
std::string htmlText(llvm::StringRef Text);

/// "*Label.*" and the items as a list (nothing without items); the items
/// are escaped.
void writeMarkdownList(llvm::raw_ostream &OS, llvm::StringRef Label,
                       llvm::ArrayRef<std::string> Items);
/// The items as a list folded under Summary (<details>).
void writeMarkdownDetails(llvm::raw_ostream &OS, llvm::StringRef Summary,
                          llvm::ArrayRef<std::string> Items);

/// A table as rows of cells, the first row the header.
using Table = std::vector<std::vector<std::string>>;
/// T as a Markdown or an HTML table, its cells escaped.
void writeTable(llvm::raw_ostream &OS, const Table &T, bool Html);

/// Renders the Markdown the models write (headings, lists, tables,
/// paragraphs, `code`, backslash escapes, a leading *Label.*, <details>) as
/// HTML, line by line.
void writeMarkdownAsHtml(llvm::raw_ostream &OS, llvm::StringRef Markdown);

} // namespace kharden::prove

#endif
