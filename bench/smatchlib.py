"""smatch, built from source and run the way the kernel and smatch document
it, for the bench scripts that compare kharden with it (smatch-compare,
recall-fixes).

smatch comes from the copy the search tool's `fetch github:error27/smatch`
leaves in /work/.mirror, cloned into OUT (never committed). It runs on a
private, gcc-configured copy of a kernel tree (OUT/linux-VERSION-ARCH[-CONFIG]):
sparse, on which smatch is built, does not parse the clang-configured
tree's headers (arm64's inline assembly), and smatch's --file-output writes
next to the sources, which must not touch the shared tree. Phases, each
timed with wait4() (what /usr/bin/time -v reports) and kept in
OUT/smatch-phases.json so that a finished one is not run again:
  1. gcc build of the targets, so that the checker phases time the checker
     only;
  2. smatch with --info --call-tree --spammy on every unit (`make C=2
     CHECK="smatch -p=kernel --file-output --succeed ..."`): the first pass
     of smatch_scripts/build_kernel_data.sh; its warnings are smatch's
     without a cross-function database (OUT/smatch-nodb.txt);
  3. the database from that pass (build_kernel_data.sh's gen_* scripts and
     smatch_data/db/create_db.sh), for the targets only;
  4. smatch again with that database (OUT/smatch-withdb.txt); a round k > 1
     repeats 2-4 reading round k-1's database (OUT/smatch-withdb-K.txt).
Without a database, phase 2 runs without --info and 3, 4 are skipped.

A target is a directory ("kernel/") or a .c file ("net/core/sock.c").
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

import benchlib
from benchlib import kfixtures

MIRROR = "/work/.mirror/error27+smatch/repo"
# make smatch: sqlite3 and openssl headers; create_db.sh: sqlite3, Perl's
# DBD::SQLite and Try::Tiny; the gcc-configured kernel: gcc and kbuild's
# host tools.
DEBIAN_DEPS = ["gcc", "make", "flex", "bison", "bc", "libelf-dev", "libssl-dev",
               "libsqlite3-dev", "sqlite3", "libdbd-sqlite3-perl", "libtry-tiny-perl"]
KARCH = {"arm64": "arm64", "x86_64": "x86"}
# The gcc build of another architecture's tree: Debian's cross compiler.
# (uname's machine name, Debian package, CROSS_COMPILE)
CROSS = {"arm64": ("aarch64", "gcc-aarch64-linux-gnu", "aarch64-linux-gnu-")}
WARNING = "warn: sleeping in atomic context"
# "kernel/foo.c:123 func() warn: sleeping in atomic context"
SMATCH_LINE = re.compile(r"^(\S+):(\d+) (\S+)\(\) " + re.escape(WARNING))


def log(msg):
    print(f"smatch: {msg}", file=sys.stderr, flush=True)


def kmake(arch):
    """make with the kernel's ARCH and, off that architecture, CROSS_COMPILE."""
    argv = ["make", f"ARCH={KARCH[arch]}"]
    if arch in CROSS and os.uname().machine != CROSS[arch][0]:
        argv.append(f"CROSS_COMPILE={CROSS[arch][2]}")
    return argv


def install_deps(arch):
    deps = DEBIAN_DEPS + ([CROSS[arch][1]] if arch in CROSS else [])
    missing = [p for p in deps
               if subprocess.run(["dpkg", "-s", p], capture_output=True).returncode]
    if missing:
        log("apt-get install " + " ".join(missing))
        subprocess.run(["apt-get", "install", "-y", "--no-install-recommends"] + missing,
                       check=True, stdout=subprocess.DEVNULL)


def build(out):
    """smatch built in OUT/smatch-src: its directory and commit."""
    src = os.path.join(out, "smatch-src")
    if not os.path.isdir(src):
        if not os.path.isdir(MIRROR):
            sys.exit(f"smatch: {MIRROR}: no smatch copy (fetch github:error27/smatch)")
        subprocess.run(["git", "clone", "-q", MIRROR, src], check=True)
    # sm_hash: create_db.sh's fixup_kernel.sh hashes names with it.
    subprocess.run(["nice", "-n", "10", "make", "-s", "-j2", "smatch", "smatch_data/db/sm_hash"],
                   cwd=src, check=True)
    commit = subprocess.run(["git", "log", "-1", "--format=%h %s"], cwd=src, check=True,
                            stdout=subprocess.PIPE, text=True).stdout.strip()
    return src, commit


def gcc_tree(out, version, arch, config="defconfig"):
    """A private copy of the source kernel-tree extracted, configured in tree
    with gcc: `make ARCH=... CONFIG prepare`, allmodconfig with
    tests/kernel/kernel-tree's two options off (WERROR, IKHEADERS)."""
    suffix = "" if config == "defconfig" else f"-{config}"
    tree = os.path.join(out, f"linux-{version}-{arch}{suffix}")
    ready = os.path.join(tree, ".smatch-compare-ready")
    if not os.path.exists(ready):
        shared = kfixtures.source_dir(kfixtures.kernel_tree(version, arch))
        shutil.rmtree(tree, ignore_errors=True)
        log(f"copying {shared} to {tree}, make {config} prepare with gcc")
        subprocess.run(["cp", "-a", shared, tree], check=True)
        make = ["nice", "-n", "10", *kmake(arch), "-s", "-j2"]
        subprocess.run(make + [config], cwd=tree, check=True, stdout=subprocess.DEVNULL)
        if config == "allmodconfig":
            subprocess.run(["scripts/config", "--disable", "WERROR", "--disable", "IKHEADERS"],
                           cwd=tree, check=True)
            subprocess.run(make + ["olddefconfig"], cwd=tree, check=True,
                           stdout=subprocess.DEVNULL)
        subprocess.run(make + ["prepare"], cwd=tree, check=True, stdout=subprocess.DEVNULL)
        open(ready, "w").close()
    return tree


def phase(name, argv, cwd, logfile):
    log(f"{name}: {' '.join(argv)}")
    with open(logfile, "w") as f:
        r = benchlib.measure(["nice", "-n", "10", *argv], cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
    log(f"{name}: status {r.status}, {r.wall:.0f} s wall, {r.cpu:.0f} s CPU, peak {r.rss:.0f} MiB")
    return {"wall": r.wall, "cpu": r.cpu, "rss": r.rss, "status": r.status}


def make_targets(targets):
    return [t[:-2] + ".o" if t.endswith(".c") else t.strip("/") + "/" for t in targets]


def collect(tree, targets, suffix, dest):
    """Concatenates and removes the per-unit files smatch's --file-output left
    for the targets (as smatch_scripts/test_kernel.sh does)."""
    with open(dest, "w") as out:
        for t in targets:
            pattern = t if t.endswith(".c") else os.path.join(t.strip("/"), "**", "*.c")
            for path in sorted(glob.glob(os.path.join(tree, pattern + suffix), recursive=True)):
                with open(path) as f:
                    out.write(f.read())
                os.remove(path)


def warnings(path):
    """{(file, line): function} of smatch's sleeping-in-atomic warnings."""
    found = {}
    with open(path, errors="replace") as f:
        for line in f:
            m = SMATCH_LINE.match(line)
            if m:
                found[(os.path.normpath(m.group(1)), int(m.group(2)))] = m.group(3)
    return found


def withdb_file(k):
    return "smatch-withdb.txt" if k == 1 else f"smatch-withdb-{k}.txt"


def load_phases(out, rerun=False):
    recorded = os.path.join(out, "smatch-phases.json")
    if os.path.exists(recorded) and not rerun:
        with open(recorded) as f:
            return json.load(f)
    return {}


def run(out, smatch, tree, arch, targets, jobs=2, rounds=1, no_db=False, phases=None):
    """smatch's phases on targets of tree; returns the phases (name: wall,
    cpu, rss, status), those recorded in OUT/smatch-phases.json included."""
    phases = load_phases(out) if phases is None else phases
    data = os.path.join(smatch, "smatch_data")
    checker = [os.path.join(smatch, "smatch"), "-p=kernel", "--file-output", "--succeed"]
    make = kmake(arch) + [f"-j{jobs}", "-k"]
    goals = make_targets(targets)
    warns = os.path.join(out, "smatch_warns.txt")

    def once(name, fn):
        if name in phases:
            return
        r = fn()
        if r["status"] != 0:
            sys.exit(f"smatch: {name} failed (status {r['status']}; its log is in {out})")
        phases[name] = r
        with open(os.path.join(out, "smatch-phases.json"), "w") as f:
            json.dump(phases, f, indent=2)

    once("gcc build", lambda: phase("gcc build", make + goals, tree, os.path.join(out, "gcc-build.log")))

    def info_pass(name, fresh, logname):
        # Without a database the first pass only needs the warnings; else it
        # is build_kernel_data.sh's: --info output feeds the (next) database.
        db = os.path.join(tree, "smatch_db.sqlite")
        if fresh and os.path.exists(db):
            os.remove(db)
        info = [] if no_db else ["--call-tree", "--info", "--spammy", f"--data={data}"]
        # make rebuilds nothing the gcc build made: C=2 checks every unit.
        r = phase(name, make + ["C=2", "CHECK=" + " ".join(checker + info)] + goals,
                  tree, os.path.join(out, logname))
        collect(tree, targets, ".smatch", warns)
        collect(tree, targets, ".smatch.sql", warns + ".sql")
        collect(tree, targets, ".smatch.caller_info", warns + ".caller_info")
        if fresh:
            shutil.copy(warns, os.path.join(out, "smatch-nodb.txt"))
        return r
    first = "smatch, no database" if no_db else "smatch --info, no database"
    once(first, lambda: info_pass(first, True, f"smatch-{'plain' if no_db else 'info'}.log"))
    if no_db:
        return phases

    def database(name):
        # build_kernel_data.sh's steps after its build, on these targets' output.
        script = " && ".join(
            [f"for i in {smatch}/smatch_scripts/gen_* ; do $i {warns} -p=kernel; done",
             f"mv kernel.* {data}/",
             f"{data}/db/create_db.sh -p=kernel {warns}"])
        return phase(name, ["bash", "-c", script], tree, os.path.join(out, "smatch-db.log"))

    def db_pass(name, result):
        r = phase(name, make + ["C=2", "CHECK=" + " ".join(checker + [f"--data={data}"])] + goals,
                  tree, os.path.join(out, "smatch-withdb.log"))
        collect(tree, targets, ".smatch", os.path.join(out, result))
        return r

    for k in range(1, rounds + 1):
        # Round k's --info pass reads round k-1's database, as a rerun of
        # build_kernel_data.sh does; its database replaces the old one.
        suffix = "" if k == 1 else f" (round {k})"
        if k > 1:
            name = f"smatch --info, database{suffix}"
            once(name, lambda: info_pass(name, False, f"smatch-info-{k}.log"))
        once(f"smatch database{suffix}", lambda: database(f"smatch database{suffix}"))
        once(f"smatch, with the database{suffix}",
             lambda: db_pass(f"smatch, with the database{suffix}", withdb_file(k)))
    return phases
