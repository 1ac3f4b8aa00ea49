#!/usr/bin/env python3
"""kill-mid-run.py KHARDEN INCLUDE_DIR WORK_DIR

Sends SIGKILL to `kharden check -p` while it is storing results in its
summary database, then checks that a re-run completes, reuses what was
committed, and reports exactly what a run without a database reports.
"""
import json, os, re, signal, sqlite3, subprocess, sys, time

UNITS = 40
kharden, include, work = sys.argv[1:4]


def fail(why):
    sys.exit(f"kill-mid-run: error: {why}")


def make_tree():
    os.makedirs(work, exist_ok=True)
    entries = []
    for i in range(UNITS):
        name = f"unit{i:02}.c"
        with open(os.path.join(work, name), "w") as f:
            f.write("#include <linux/percpu.h>\n#include <linux/syscalls.h>\n\n"
                    f"DEFINE_PER_CPU(int, count{i});\n\n"
                    f"SYSCALL_DEFINE0(unit{i})\n{{\n\treturn raw_cpu_read(count{i});\n}}\n")
        entries.append({"directory": work, "file": os.path.join(work, name),
                        "arguments": ["clang", "-c", "-nostdinc", "-std=gnu11", "-I", include, name]})
    with open(os.path.join(work, "compile_commands.json"), "w") as f:
        json.dump(entries, f)


def committed(db):
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.1) as c:
            return c.execute("SELECT count(*) FROM tu").fetchone()[0]
    except sqlite3.Error:
        return 0  # not created yet, or locked for a moment


def check(*args, **kw):
    return subprocess.run([kharden, "check", "-p", work, *args], **kw)


make_tree()
db = os.path.join(work, "kharden.db")
fresh = os.path.join(work, "fresh.json")
if check("--no-db", "--format=json", "-o", fresh).returncode != 1:
    fail("the run without a database did not exit 1")

run = subprocess.Popen([kharden, "check", "-p", work, "-j", "1", "-o", os.devnull])
deadline = time.time() + 120
while committed(db) < UNITS // 4:
    if run.poll() is not None:
        fail("the run ended before it could be killed; make the tree larger")
    if time.time() > deadline:
        run.kill()
        fail("nothing was committed in two minutes")
    time.sleep(0.005)
run.send_signal(signal.SIGKILL)
if run.wait() != -signal.SIGKILL:
    fail(f"the run was not killed (exit {run.returncode})")
before = committed(db)
if not UNITS // 4 <= before < UNITS:
    fail(f"{before} of {UNITS} translation units committed at the kill")

rerun = os.path.join(work, "rerun.json")
r = check("-j", "1", "--stats", "--format=json", "-o", rerun, stderr=subprocess.PIPE, text=True)
if r.returncode != 1:
    fail(f"the re-run exited {r.returncode}: {r.stderr}")
m = re.search(r"(\d+) analysed, (\d+) reused", r.stderr)
if not m:
    fail(f"no stats line in: {r.stderr}")
analysed, reused = int(m[1]), int(m[2])
if analysed + reused != UNITS or reused < before or analysed == 0:
    fail(f"re-run analysed {analysed} and reused {reused}, with {before} committed at the kill")
with open(fresh) as a, open(rerun) as b:
    if a.read() != b.read():
        fail("the re-run's report differs from a run without a database")
print(f"kill-mid-run: killed with {before} of {UNITS} committed; the re-run "
      f"analysed {analysed}, reused {reused}, same report")
