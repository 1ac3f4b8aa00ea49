"""bench/scale's runs: the base run, the pool of renamed copies, shard
databases of N units, `kharden merge` measured phase by phase, and the
checks of the simulation against real runs."""
import collections
import json
import os
import re
import resource
import shutil
import sqlite3
import subprocess
import threading
import time

import benchlib
import replicate
import summarydb
from benchlib import kfixtures

PHASES = ("load", "solve", "report")
# The --stats lines that end the load and the solve (MergeCommand.cpp,
# frontend/Results.cpp).
PHASE_ENDS = ("kharden: stats: merged ", "kharden: stats: calls through function pointers")
# What the solve holds at its end (frontend/Results.cpp), if kharden says.
ENTRY_STATS = re.compile(r"kharden: stats: entry contexts: (\d+) of (\d+) functions solved .*, (\d+) distinct states")
TICKS = os.sysconf("SC_CLK_TCK")
PAGE_MIB = os.sysconf("SC_PAGE_SIZE") / 2**20


def mem_available_mib():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 1024
    return 4096.0


def make_base(a):
    """The base database of bench/whole-tree's selection, made once."""
    out = os.path.join(a.out, "base")
    path = os.path.join(out, "base.db")
    if os.path.exists(path):
        return path, None
    build = kfixtures.kernel_tree(a.version, "x86_64")
    entries = kfixtures.subtree_entries(build, ["kernel", "mm", "arch/x86"])
    kfixtures.write_compile_db(out, entries)
    print(f"base: kharden check over {len(entries)} translation units of kernel/ mm/ arch/x86/", flush=True)
    with kfixtures.build_lock(build), open(path + ".err", "w") as err:
        run = benchlib.measure([a.kharden, "check", "-p", out, "--db", path + ".tmp", "-j", "2",
                                "--progress=never", "--format=json", "-o", os.path.join(out, "base.json")],
                               stderr=err)
    if run.status in (0, 1):
        os.replace(path + ".tmp", path)
    return path, run


def _proc_sample(pid):
    """(CPU seconds, VmHWM MiB) of a live process, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{pid}/status") as f:
            hwm = next(int(l.split()[1]) / 1024 for l in f if l.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return None
    return (int(fields[11]) + int(fields[12])) / TICKS, hwm


def _children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(c) for c in f.read().split()]
    except OSError:
        return []


def measure_merge(kharden, dbs, report, errfile, as_limit_mib, options=()):
    """kharden merge DBS --format=json --stats -o REPORT OPTIONS, split into
    PHASES."""
    def limit():
        n = int(as_limit_mib * 2**20)
        resource.setrlimit(resource.RLIMIT_AS, (n, n))

    # Not a child of this process: a child forked from it counts this
    # process's resident pages (the base's summaries, hundreds of MiB) in its
    # own peak RSS, which exec keeps (ru_maxrss, VmHWM of the old image).
    # GNU time forks it from its own small image and reports its rusage.
    rusage = errfile + ".rusage"
    argv = ["/usr/bin/time", "-f", "%M %U %S", "-o", rusage,
            kharden, "merge", *dbs, "--format=json", "--stats", "-o", report, *options]
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=limit)
    marks = []
    entries = {}
    merge_pid = []

    def sample():
        if not merge_pid:
            merge_pid.extend(_children(proc.pid)[:1])
        return merge_pid and _proc_sample(merge_pid[0])

    def watch():
        with open(errfile, "wb") as log:
            for line in proc.stderr:
                log.write(line)
                text = line.decode(errors="replace")
                if len(marks) < len(PHASE_ENDS) and text.startswith(PHASE_ENDS[len(marks)]):
                    marks.append((time.perf_counter() - t0, sample()))
                if m := ENTRY_STATS.match(text):
                    entries.update(zip(("contexts", "functions", "states"), map(int, m.groups())))

    reader = threading.Thread(target=watch)
    reader.start()
    _, status, _ = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    reader.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    try:
        with open(rusage) as f:
            kib, user, system = f.read().split()[-3:]
        cpu, rss = float(user) + float(system), int(kib) / 1024
        os.unlink(rusage)
    except (OSError, ValueError):
        cpu, rss = float("nan"), float("nan")
    r = {"status": proc.returncode, "wall": wall, "cpu": cpu, "rss_mib": rss, "stderr": errfile}
    if len(marks) == len(PHASE_ENDS) and all(s for _, s in marks):
        ends = [(t, s[0], s[1]) for t, s in marks] + [(wall, cpu, rss)]
        prev = (0.0, 0.0)
        r["phases"] = {}
        for name, (t, c, hwm) in zip(PHASES, ends):
            r["phases"][name] = {"wall": t - prev[0], "cpu": c - prev[1], "hwm_mib": hwm}
            prev = (t, c)
    else:
        r["phases"] = {p: {"wall": float("nan"), "cpu": float("nan"), "hwm_mib": float("nan")}
                       for p in PHASES}
    r["entry_contexts"] = entries or None
    r["findings"] = findings_by_check(report)
    r["findings_total"] = sum(r["findings"].values()) if r["findings"] is not None else -1
    return r


def findings_by_check(report):
    try:
        with open(report) as f:
            return dict(collections.Counter(fd["check"] for fd in json.load(f)["findings"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


class Runner:
    """Simulated runs from base (a summarydb.BaseRun): a pool database of
    the base's units and their copies in run order, from which the shard
    databases of any N are cut. subset: the base's units to use (indices in
    run order), default all."""

    def __init__(self, a, base, codecs, subset=None, name="pool"):
        self.a, self.base, self.codecs = a, base, codecs
        self.units = []  # (row without summary, raw JSON) per base unit used
        for i, (row, summary) in enumerate(base.rows()):
            if subset is None or i in subset:
                self.units.append((dict(row, summary=None), summary))
        subset = sorted(subset) if subset is not None else None
        self.own_keys = replicate.own_function_keys(s for _, s in self.units)
        self.pool = os.path.join(a.out, name + ".db")
        self.identity = json.dumps([base.path, os.path.getmtime(base.path), base.meta.get("selection"),
                                    base.meta.get("kharden"), subset])

    def _pool_size(self):
        if not os.path.exists(self.pool):
            return 0
        try:
            with sqlite3.connect(self.pool) as db:
                ident, count = db.execute("SELECT identity, units FROM pool").fetchone()
            return count if ident == self.identity else 0
        except (sqlite3.Error, TypeError):
            return 0

    def prepare(self, n):
        """Makes the pool hold at least n units (kept between runs)."""
        if self._pool_size() >= n:
            return
        t0 = time.perf_counter()
        if os.path.exists(self.pool):
            os.unlink(self.pool)
        db = sqlite3.connect(self.pool)
        cols = ", ".join(summarydb.TU_COLUMNS)
        db.execute(f"CREATE TABLE tu({cols}, position INTEGER, shard_hash TEXT)")
        db.execute("CREATE TABLE pool(identity TEXT, units INTEGER)")
        marks = ", ".join("?" * (len(summarydb.TU_COLUMNS) + 2))
        position, copy = 0, 0
        while position < n:
            ren = replicate.Renamer(copy, self.own_keys) if copy else None
            batch = []
            for row, summary in self.units[: n - position]:
                s = ren.summary(summary) if ren else summary
                out = summarydb.encode_row(self.codecs, row, s)
                key = str(self.codecs.hash64(out["file"].encode()))
                batch.append([out[c] for c in summarydb.TU_COLUMNS] + [position, key])
                position += 1
            db.executemany(f"INSERT INTO tu VALUES({marks})", batch)
            copy += 1
        db.execute("CREATE UNIQUE INDEX tu_position ON tu(position)")
        db.execute("INSERT INTO pool VALUES(?, ?)", (self.identity, n))
        db.commit()
        db.close()
        print(f"pool: {n} units ({copy} copies of {len(self.units)}) written to {self.pool} "
              f"in {time.perf_counter() - t0:.0f}s", flush=True)

    def shard_dbs(self, n, shards, directory, first=0):
        """The shard databases of the run of pool units first..first+n-1, as
        `kharden check --shard K/shards` writes them; their paths."""
        self.prepare(first + n)
        shutil.rmtree(directory, ignore_errors=True)
        os.makedirs(directory)
        pool = sqlite3.connect(self.pool)
        units = pool.execute("SELECT file, shard_hash, position FROM tu WHERE position >= ? AND position < ? "
                             "ORDER BY position", (first, first + n)).fetchall()
        pool.close()
        selection = summarydb.selection_hash(self.codecs, [f for f, _, _ in units])
        paths = []
        for k in range(1, shards + 1):
            mine = [(f, p - first) for f, h, p in units if int(h) % shards + 1 == k]
            path = os.path.join(directory, f"shard-{k}.db")
            db = summarydb.create(path, self.base)
            db.execute("ATTACH DATABASE ? AS pool", (self.pool,))
            with db:
                db.execute("CREATE TEMP TABLE mine(position INTEGER PRIMARY KEY)")
                db.executemany("INSERT INTO temp.mine VALUES(?)", [(p + first,) for _, p in mine])
                cols = ", ".join(summarydb.TU_COLUMNS)
                db.execute(f"INSERT INTO tu({cols}) SELECT {cols} FROM pool.tu "
                           "WHERE position IN (SELECT position FROM temp.mine)")
            db.execute("DETACH DATABASE pool")
            summarydb.finish_run(db, self.base, f"{k}/{shards}", selection, n, mine)
            db.close()
            paths.append(path)
        return paths

    def merge(self, n, shards, tag, first=0, keep_report=False):
        """Measures kharden merge on the shard databases of that run, then
        deletes them (and the report, unless keep_report)."""
        directory = os.path.join(self.a.out, "runs", tag)
        dbs = self.shard_dbs(n, shards, directory, first)
        report = os.path.join(directory, "report.json")
        r = measure_merge(self.a.kharden, dbs, report, os.path.join(directory, "merge.err"),
                          0.9 * mem_available_mib(), self.a.merge_option)
        r.update(units=n, shards=shards, tag=tag, report=report,
                 db_mib=sum(os.path.getsize(p) for p in dbs) / 2**20)
        for p in dbs + ([] if keep_report else [report]):
            os.unlink(p)
        return r
