// A summary database that is not kharden's, or is damaged, is reported in
// one line, kept aside as FILE.bad, and rebuilt; nothing in it is trusted.
// RUN: %S/Inputs/make-tree.sh %t
// RUN: %expect-exit 1 %kharden check -p %t --no-db --format=json -o %t/fresh.json
//
// Garbage bytes.
// RUN: cp %t/alpha.c %t/kharden.db
// RUN: %expect-exit 1 %kharden check -p %t --stats --format=json -o %t/garbage.json 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: kharden: warning: {{.*}}kharden.db: not an SQLite database; starting a new one (the old file is kept as {{.*}}kharden.db.bad)
// GARBAGE-NEXT: kharden: stats: 5 translation units: 5 analysed, 0 reused
// RUN: diff %t/fresh.json %t/garbage.json
// RUN: cmp %t/alpha.c %t/kharden.db.bad
// The rebuilt database serves the next run.
// RUN: %expect-exit 1 %kharden check -p %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=REUSED
// REUSED: kharden: stats: 5 translation units: 0 analysed, 5 reused
//
// A valid SQLite database of another application.
// RUN: rm -f %t/kharden.db*
// RUN: python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA application_id = 1234'); c.execute('CREATE TABLE tu(file TEXT PRIMARY KEY, summary BLOB)'); c.commit()" %t/kharden.db
// RUN: %expect-exit 1 %kharden check -p %t --stats --format=json -o %t/foreign.json 2>&1 | FileCheck %s --check-prefix=FOREIGN
// FOREIGN: kharden: warning: {{.*}}kharden.db: not a kharden summary database (application_id 0x000004d2); starting a new one (the old file is kept as {{.*}}kharden.db.bad)
// FOREIGN-NEXT: kharden: stats: 5 translation units: 5 analysed, 0 reused
// RUN: diff %t/fresh.json %t/foreign.json
// RUN: python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA application_id').fetchone()[0])" %t/kharden.db.bad | FileCheck %s --check-prefix=KEPT
// KEPT: 1234
//
// Another kharden's schema.
// RUN: python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version = 99'); c.commit()" %t/kharden.db
// RUN: %expect-exit 1 %kharden check -p %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCHEMA
// SCHEMA: kharden: warning: {{.*}}kharden.db: a kharden summary database of schema 99, not 2; starting a new one
// SCHEMA-NEXT: kharden: stats: 5 translation units: 5 analysed, 0 reused
//
// Cut short (a disk that filled up, a copy that stopped).
// RUN: python3 -c "import os, sys; os.truncate(sys.argv[1], 4096)" %t/kharden.db
// RUN: %expect-exit 1 %kharden check -p %t --stats --format=json -o %t/truncated.json 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: kharden: warning: {{.*}}kharden.db: damaged: {{.*}}; starting a new one
// TRUNCATED-NEXT: kharden: stats: 5 translation units: 5 analysed, 0 reused
// RUN: diff %t/fresh.json %t/truncated.json
//
// Sound structure, damaged content: one stored summary altered.
// RUN: python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(\"UPDATE tu SET summary = zeroblob(length(summary)) WHERE file LIKE '%%/gamma.c'\"); c.commit()" %t/kharden.db
// RUN: %expect-exit 1 %kharden check -p %t --stats --format=json -o %t/altered.json 2>&1 | FileCheck %s --check-prefix=ALTERED
// ALTERED: kharden: warning: {{.*}}kharden.db: damaged: the summary of {{.*}}gamma.c does not match its hash; starting a new one
// ALTERED-NEXT: kharden: stats: 5 translation units: 5 analysed, 0 reused
// RUN: diff %t/fresh.json %t/altered.json
//
// A table or a column missing (dropped by hand, a half-applied migration)
// is damage too; an earlier .bad file is never overwritten.
// RUN: rm -f %t/kharden.db*
// RUN: %expect-exit 1 %kharden check -p %t -o /dev/null
// RUN: cp %t/kharden.db %t/sound.db
// RUN: python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('DROP TABLE tu'); c.commit()" %t/kharden.db
// RUN: %expect-exit 1 %kharden check -p %t --stats --format=json -o %t/notable.json 2>&1 | FileCheck %s --check-prefix=NOTABLE
// NOTABLE: kharden: warning: {{.*}}kharden.db: damaged: table 'tu' is missing; starting a new one (the old file is kept as {{.*}}kharden.db.bad)
// NOTABLE-NEXT: kharden: stats: 5 translation units: 5 analysed, 0 reused
// RUN: diff %t/fresh.json %t/notable.json
// RUN: python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('ALTER TABLE run DROP COLUMN position'); c.commit()" %t/kharden.db
// RUN: %expect-exit 1 %kharden check -p %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCOLUMN
// NOCOLUMN: kharden: warning: {{.*}}kharden.db: damaged: table 'run' is not as kharden defines it; starting a new one (the old file is kept as {{.*}}kharden.db.bad.1)
// NOCOLUMN-NEXT: kharden: stats: 5 translation units: 5 analysed, 0 reused
// RUN: cp %t/sound.db %t/kharden.db && python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('DROP TABLE meta'); c.commit()" %t/kharden.db
// RUN: %expect-exit 1 %kharden check -p %t -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOMETA
// NOMETA: kharden: warning: {{.*}}kharden.db: damaged: table 'meta' is missing; starting a new one (the old file is kept as {{.*}}kharden.db.bad.2)
// RUN: python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM sqlite_master WHERE name = \'tu\'').fetchone()[0])" %t/kharden.db.bad | FileCheck %s --check-prefix=FIRSTKEPT
// FIRSTKEPT: 0
//
// Locked by another process for longer than kharden waits (60 s; the test
// shortens it): a database --db names is an error, the default one is a
// cache, and the run goes on without it.
// RUN: rm -f %t/kharden.db* && %expect-exit 1 %kharden check -p %t -o /dev/null
// RUN: env KHARDEN_TEST_BUSY_TIMEOUT_MS=200 %expect-exit 1 %S/Inputs/hold-lock.py %t/kharden.db %kharden check -p %t --stats --format=json -o %t/locked.json 2>&1 | FileCheck %s --check-prefix=LOCKED
// LOCKED: kharden: warning: {{.*}}kharden.db: database is locked; running without a summary database
// LOCKED-NEXT: kharden: stats: 5 translation units: 0 analysed, 5 reused
// RUN: diff %t/fresh.json %t/locked.json
// RUN: env KHARDEN_TEST_BUSY_TIMEOUT_MS=200 %expect-exit 2 %S/Inputs/hold-lock.py %t/kharden.db %kharden check -p %t --db %t/kharden.db -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOCKEDDB
// LOCKEDDB: kharden: error: {{.*}}kharden.db: database is locked
//
// Not a file at all: an error for the database --db names, nothing is
// moved; the default database is only a cache, so the run goes on without.
// RUN: mkdir -p %t/dir.db
// RUN: %expect-exit 2 %kharden check -p %t --db %t/dir.db 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: kharden: error: {{.*}}dir.db: is a directory, not a database
// RUN: rm -rf %t/kharden.db* && mkdir %t/kharden.db
// RUN: %expect-exit 1 %kharden check -p %t --stats --format=json -o %t/nodb.json 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: kharden: warning: {{.*}}kharden.db: is a directory, not a database; running without a summary database
// DEFAULT-NEXT: kharden: stats: 5 translation units: 5 analysed, 0 reused (no database)
// RUN: diff %t/fresh.json %t/nodb.json
