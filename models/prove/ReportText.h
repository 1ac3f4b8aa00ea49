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

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

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

/// Renders the Markdown the models write (headings, lists, tables,
/// paragraphs, `code`, backslash escapes, a leading *Label.*, <details>) as
/// HTML, line by line.
void writeMarkdownAsHtml(llvm::raw_ostream &OS, llvm::StringRef Markdown);

} // namespace kharden::prove

#endif
