//===- support/PrintableText.h - text safe to print in a report -*- C++ -*-===//
//
// Reports and written scheme files copy text from kernel sources and from
// users' scheme files: titles, sources, expressions. Such text may hold
// bytes that are not UTF-8, or terminal control sequences (ESC, CSI) that
// would act on whoever views the report. printableText() keeps tabs, line
// breaks and every printable character, and turns everything else into
// U+FFFD, so that what a reader sees is what was there.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_SUPPORT_PRINTABLETEXT_H
#define KHARDEN_SUPPORT_PRINTABLETEXT_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace kharden {

std::string printableText(llvm::StringRef Text);

} // namespace kharden

#endif
