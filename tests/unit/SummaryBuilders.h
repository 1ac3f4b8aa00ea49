//===- tests/unit/SummaryBuilders.h - summaries made by hand ----*- C++ -*-===//
//
// The few summary shapes the solve's unit tests build again and again: a
// function, a call passing what is known of one argument, and a function
// whose calling contexts keep that argument because a test of it decides
// a call, and callers that pass such a function different values.
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

/// caller_0 .. caller_{N-1}, each calling "tests" with its index I in the
/// field "flags" of argument 0 (at line 10 * I + 1 of /src/a.c); "tests"
/// calls "leaf" only where flags & 1 is set, so its contexts keep the field.
inline TUSummary callersPassingFlags(unsigned N) {
  TUSummary S;
  for (unsigned I = 0; I < N; ++I) {
    FunctionSummary Caller = function("caller_" + std::to_string(I), 10 * I);
    Caller.Calls = {passing("tests", {"/src/a.c", 10 * I + 1, 2}, {0, "flags"},
                            KnownBits::constant(I))};
    S.Functions.push_back(Caller);
  }
  ParamTest T;
  T.Arg = {0, "flags"};
  T.Mask = T.Value = 1;
  S.Functions.push_back(
      callsLeafWhere(function("tests", 100), T, {"/src/a.c", 101, 2}));
  S.Functions.push_back(function("leaf", 200));
  return S;
}

} // namespace kharden::test

#endif
