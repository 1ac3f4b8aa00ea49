//===- findings/SourceFiles.h - reopen reported files -----     -*- C++ -*-===//
//
// Findings are plain data (file, line, column) gathered from many
// translation units; to render them with clang's printers we reopen the
// files in one fresh SourceManager.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_FINDINGS_SOURCEFILES_H
#define KHARDEN_FINDINGS_SOURCEFILES_H

#include "engine/Summary.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"

namespace kharden {

class SourceFiles {
public:
  explicit SourceFiles(clang::DiagnosticConsumer *Consumer = nullptr);

  /// The location of P, or an invalid location if its file is unreadable.
  clang::SourceLocation locate(const SourcePoint &P);
  /// A one-token character range at P (SARIF wants character ranges).
  clang::CharSourceRange tokenRange(const SourcePoint &P);

  clang::SourceManager &sourceManager() { return SM; }
  clang::DiagnosticsEngine &diagnostics() { return Diags; }

private:
  clang::FileManager Files;
  clang::DiagnosticsEngine Diags;
  clang::SourceManager SM;
};

} // namespace kharden

#endif
