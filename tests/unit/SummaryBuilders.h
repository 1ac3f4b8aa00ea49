//===- tests/unit/SummaryBuilders.h - summaries made by hand ----*- C++ -*-===//
//
// The few summary shapes the solve's unit tests build again and again: a
// function, a call passing what is known of one argument, and a function
// whose calling contexts keep that argument because a test of it decides
// a call.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_TESTS_UNIT_SUMMARYBUILDERS_H
#define KHARDEN_TESTS_UNIT_SUMMARYBUILDERS_H

#include "engine/Summary.h"

#include <string>

namespace kharden::test {

/// A function keyed by its name, at Line of File.
inline FunctionSummary function(std::string Name, unsigned Line,
                                std::string File = "/src/a.c") {
  FunctionSummary F;
  F.Key = std::move(Name);
  F.Where = {std::move(File), Line, 1};
  return F;
}

/// A call to Callee at Where, on one path, passing Bits as A.
inline CallSite passing(std::string Callee, SourcePoint Where, ArgRef A,
                        KnownBits Bits) {
  CallSite C;
  C.CalleeKey = C.CalleeName = std::move(Callee);
  C.Where = std::move(Where);
  C.States = {RelState()};
  C.ArgBits = {{std::move(A), Bits}};
  return C;
}

/// A function that holds test T of its callers' values and calls "leaf" at
/// CallAt only where T holds: what T reads matters to its entry contexts.
inline FunctionSummary callsLeafWhere(FunctionSummary F, ParamTest T,
                                      SourcePoint CallAt) {
  F.Tests = {std::move(T)};
  CallSite Leaf;
  Leaf.CalleeKey = Leaf.CalleeName = "leaf";
  Leaf.Where = std::move(CallAt);
  RelState Holds;
  Holds.setFact(RelState::FirstTestSlot, true);
  Leaf.States = {Holds};
  F.Calls = {Leaf};
  return F;
}

} // namespace kharden::test

#endif
