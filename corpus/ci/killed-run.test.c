// A run killed halfway (SIGKILL, as a cancelled CI job or the OOM killer
// would) leaves a usable database: the re-run keeps what was committed,
// analyses the rest, and reports exactly what an uninterrupted run does.
// RUN: %S/Inputs/make-tree.sh %t
// RUN: %expect-exit 1 %kharden check -p %t --no-db --format=json -o %t/fresh.json
//
// Killed inside the transaction of the third translation unit: the test hook
// raises SIGKILL after that transaction's rows are written, before COMMIT.
// RUN: env KHARDEN_TEST_KILL_IN_COMMIT=3 %expect-exit 137 %kharden check -p %t -j 1 --format=json -o %t/killed.json
// RUN: not test -e %t/killed.json
// RUN: %expect-exit 1 %kharden check -p %t -j 1 --stats --format=json -o %t/rerun.json 2>&1 | FileCheck %s
// CHECK: kharden: stats: 5 translation units: 3 analysed, 2 reused
// RUN: diff %t/fresh.json %t/rerun.json
//
// The same from outside, at a moment nobody chose: kill -9 while the run is
// storing results, then re-run.
// RUN: python3 %S/Inputs/kill-mid-run.py %kharden %S/../include %t/many
