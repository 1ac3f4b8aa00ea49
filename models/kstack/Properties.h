//===- models/kstack/Properties.h - the theorems about a scheme -*- C++ -*-===//
//
// The one list of stack-offset properties: `kharden prove --property`, the
// reports and the docs use these names.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_KSTACK_PROPERTIES_H
#define KHARDEN_MODELS_KSTACK_PROPERTIES_H

#include "models/kstack/PropertyResult.h"
#include "models/kstack/Scheme.h"
#include "models/solver/SolverConfig.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace kharden::kstack {

struct PropertyInfo {
  llvm::StringRef Name;
  /// The theorem in words, for reports.
  llvm::StringRef Statement;
  /// Whether the property is meaningful for a scheme (after-leaks needs a
  /// generator).
  bool (*AppliesTo)(const StackOffsetScheme &);
  PropertyResult (*Prove)(const StackOffsetScheme &, const smt::SolverConfig &);
};

llvm::ArrayRef<PropertyInfo> stackOffsetProperties();
const PropertyInfo *findProperty(llvm::StringRef Name);

} // namespace kharden::kstack

#endif
