//===- ci/ToolIdentity.h - which kharden built a result         -*- C++ -*-===//
#ifndef KHARDEN_CI_TOOLIDENTITY_H
#define KHARDEN_CI_TOOLIDENTITY_H

#include <string>

namespace kharden {

/// "kharden <version>": what must match for results to be combined
/// (kharden merge).
std::string toolVersion();

/// toolVersion() plus the running executable's build: its GNU build ID
/// (the linker's hash of the whole binary), or failing that its size and
/// modification time. A rebuilt kharden may analyse differently, so stored
/// summaries are reused only by the very same build.
std::string toolBuild();

} // namespace kharden

#endif
