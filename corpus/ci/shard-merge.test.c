// --shard K/N analyses a stable share of the translation units into its own
// database; `kharden merge` reports on all N as one run would: same JSON,
// same text, same exit status. Shards are chosen by a hash of the path
// relative to the build directory, so this split is the same everywhere:
// shard 1/2 gets alpha.c, beta.c and callee.c, shard 2/2 entry.c and gamma.c.
// callee.c's finding needs entry.c's context: merge solves across shards.
// RUN: %S/Inputs/make-tree.sh %t
// RUN: %expect-exit 1 %kharden check -p %t --no-db --format=json -o %t/single.json
// RUN: %expect-exit 1 %kharden check -p %t --no-db -o %t/single.txt
//
// RUN: %expect-exit 0 %kharden check -p %t --db %t/1.db --shard 1/2 --stats 2>&1 | FileCheck %s --check-prefix=SHARD1 --allow-empty
// SHARD1: kharden: stats: shard 1/2: 3 of 5 translation units: 3 analysed, 0 reused ({{.*}}1.db)
// RUN: %expect-exit 0 %kharden check -p %t --db %t/2.db --shard 2/2 --stats 2>&1 | FileCheck %s --check-prefix=SHARD2
// SHARD2: kharden: stats: shard 2/2: 2 of 5 translation units: 2 analysed, 0 reused ({{.*}}2.db)
// RUN: python3 -c "import sqlite3, sys; print(*[r[0].rsplit('/', 1)[1] for r in sqlite3.connect(sys.argv[1]).execute('SELECT file FROM run ORDER BY position')])" %t/1.db | FileCheck %s --check-prefix=FILES1
// FILES1: alpha.c beta.c callee.c
//
// RUN: %expect-exit 1 %kharden merge --stats --format=json -o %t/merged.json %t/1.db %t/2.db 2>&1 | FileCheck %s --check-prefix=MERGE
// MERGE: kharden: stats: merged 2 databases: 5 translation units
// RUN: diff %t/single.json %t/merged.json
// RUN: %expect-exit 1 %kharden merge -j1 --format=json -o %t/merged-j1.json %t/1.db %t/2.db
// RUN: diff %t/single.json %t/merged-j1.json
// RUN: %expect-exit 1 %kharden merge -j3 --format=json -o %t/merged-j3.json %t/1.db %t/2.db
// RUN: diff %t/single.json %t/merged-j3.json
// RUN: %expect-exit 1 %kharden merge -o %t/merged.txt %t/2.db %t/1.db
// RUN: diff %t/single.txt %t/merged.txt
// RUN: FileCheck %s --check-prefix=CROSS < %t/merged.txt
// CROSS: callee.c:7:2: warning: per-CPU write 'raw_cpu_write(callee_last)'
// CROSS: entry.c:9:2: note: IRQs enabled here by 'local_irq_enable()'
//
// A shard's database is also an incremental cache for the next night.
// RUN: echo '/* edited */' >> %t/shared.h
// RUN: %expect-exit 0 %kharden check -p %t --db %t/1.db --shard 1/2 --stats 2>&1 | FileCheck %s --check-prefix=AGAIN1
// AGAIN1: kharden: stats: shard 1/2: 3 of 5 translation units: 2 analysed, 1 reused
// RUN: %expect-exit 0 %kharden check -p %t --db %t/2.db --shard 2/2 --stats 2>&1 | FileCheck %s --check-prefix=AGAIN2
// AGAIN2: kharden: stats: shard 2/2: 2 of 5 translation units: 0 analysed, 2 reused
// RUN: %expect-exit 1 %kharden merge --format=json -o %t/merged2.json %t/1.db %t/2.db
// RUN: diff %t/single.json %t/merged2.json
//
// Shards are inputs: merge only reads them, leaves no -shm or -wal file
// beside them, and works in a directory it cannot write.
// RUN: rm -rf %t/ro && mkdir %t/ro && cp %t/1.db %t/2.db %t/ro/
// RUN: %expect-exit 1 %S/Inputs/read-only.sh %t/ro %kharden merge --format=json %t/ro/1.db %t/ro/2.db > %t/merged-ro.json
// RUN: diff %t/single.json %t/merged-ro.json
// RUN: ls %t/ro | FileCheck %s --check-prefix=UNTOUCHED --implicit-check-not=db-
// UNTOUCHED: 1.db
// UNTOUCHED-NEXT: 2.db
// RUN: cmp %t/1.db %t/ro/1.db
//
// What merge refuses, in one line each.
// RUN: %expect-exit 2 %kharden merge %t/1.db 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: kharden: error: kharden merge: shard 2/2 is missing
// RUN: %expect-exit 2 %kharden merge %t/1.db %t/2.db %t/1.db 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: kharden: error: {{.*}}1.db: holds shard 1/2 again (as does {{.*}}1.db)
// RUN: %expect-exit 0 %kharden check -p %t --db %t/3-1.db --shard 1/3
// RUN: %expect-exit 2 %kharden merge %t/1.db %t/2.db %t/3-1.db 2>&1 | FileCheck %s --check-prefix=WAYS
// WAYS: kharden: error: {{.*}}3-1.db: not a shard of the same run as {{.*}}1.db: split 3 ways, not 2
// RUN: %expect-exit 0 %kharden check -p %t --db %t/other.db --shard 2/2 --exclude '*/gamma.c'
// RUN: %expect-exit 2 %kharden merge %t/1.db %t/other.db 2>&1 | FileCheck %s --check-prefix=SELECTION
// SELECTION: kharden: error: {{.*}}other.db: not a shard of the same run as {{.*}}1.db: it selected other translation units
// RUN: %expect-exit 0 %kharden check -p %t --db %t/model.db --shard 2/2 --primitives %S/../percpu-preemptible/Inputs/my-primitives.yaml
// RUN: %expect-exit 2 %kharden merge %t/1.db %t/model.db 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: kharden: error: {{.*}}model.db: analysed with another kernel model (give merge the --primitives the shards had)
// RUN: env KHARDEN_TEST_KILL_IN_COMMIT=1 %expect-exit 137 %kharden check -p %t --db %t/killed.db --shard 2/2
// RUN: %expect-exit 2 %kharden merge %t/1.db %t/killed.db 2>&1 | FileCheck %s --check-prefix=KILLED
// KILLED: kharden: error: {{.*}}killed.db: holds no complete run (was the run that wrote it killed?)
// A damaged summary, decoded while others are: the first in the run's order.
// RUN: cp %t/1.db %t/damaged.db
// RUN: python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(\"UPDATE tu SET summary_hash = x'00' WHERE file LIKE '%%/beta.c' OR file LIKE '%%/callee.c'\"); c.commit()" %t/damaged.db
// RUN: %expect-exit 2 %kharden merge -j3 %t/damaged.db %t/2.db 2>&1 | FileCheck %s --check-prefix=DAMAGED
// DAMAGED: kharden: error: {{.*}}damaged.db: the summary of {{.*}}/beta.c does not match its hash
// RUN: %expect-exit 2 %kharden merge %t/1.db %t/alpha.c 2>&1 | FileCheck %s --check-prefix=NOTDB
// NOTDB: kharden: error: {{.*}}alpha.c: not an SQLite database
// RUN: %expect-exit 2 %kharden merge %t/1.db %t/none.db 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: kharden: error: {{.*}}none.db: no such file
// RUN: %expect-exit 2 %kharden merge 2>&1 | FileCheck %s --check-prefix=NOARGS
// NOARGS: kharden: Not enough positional command line arguments specified!
//
// And what --shard refuses.
// RUN: %expect-exit 2 %kharden check -p %t --shard 3/2 2>&1 | FileCheck %s --check-prefix=BADSHARD
// BADSHARD: kharden: error: --shard: expected K/N with 1 <= K <= N, got '3/2'
// RUN: %expect-exit 2 %kharden check --shard 1/2 %t/gamma.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NODB
// NODB: kharden: error: --shard: needs a summary database (-p or --db) for kharden merge
