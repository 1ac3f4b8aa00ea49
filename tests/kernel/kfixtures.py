"""Helpers shared by the real-kernel tests (tests/kernel) and benchmarks
(bench/): preparing a tree, locking its build directory, and turning a kernel
compile command into a parse-only one."""
import contextlib
import fcntl
import os
import json
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77  # ctest's SKIP_RETURN_CODE: a package cannot be had

# The files of each architecture's syscall path, from where the hardware
# enters C (the kernel model's entry points) to the stack-offset macros:
# arm64's vector handlers are in entry-common.c, invoke_syscall() in
# syscall.c; x86's do_syscall_64() is in arch/x86/entry/common.c, and
# kernel/entry/common.c reaches the refill on every return to user mode.
SYSCALL_FILES = {
    "arm64": ["arch/arm64/kernel/syscall.c", "arch/arm64/kernel/entry-common.c"],
    "x86_64": ["arch/x86/entry/common.c", "kernel/entry/common.c"],
}


def tool(name):
    return os.path.join(HERE, name)


def package(version):
    """The Debian package of a VERSION: linux-source-6.12 for 6.12.117-1~deb12u1."""
    return "linux-source-" + ".".join(version.split(".")[:2])


def kernel_tree(version, arch, config="defconfig"):
    """The prepared build directory; exits 77 when the package cannot be had."""
    r = subprocess.run([tool("kernel-tree"), version, arch, config], stdout=subprocess.PIPE, text=True)
    if r.returncode == SKIP:
        sys.exit(SKIP)
    if r.returncode != 0:
        sys.exit(f"error: kernel-tree {version} {arch} {config} failed (status {r.returncode})")
    return r.stdout.strip()


def source_dir(build):
    return os.path.realpath(os.path.join(build, "source"))


def compile_db(build, out, files, jobs=None):
    """Writes out/compile_commands.json for files; returns its path."""
    cmd = [tool("compile-db"), build, out, *files]
    if jobs:
        cmd[1:1] = ["-j", str(jobs)]
    if subprocess.run(cmd, stdout=subprocess.DEVNULL).returncode != 0:
        sys.exit("error: compile-db failed")
    return os.path.join(out, "compile_commands.json")


@contextlib.contextmanager
def build_lock(build, shared=True):
    """Readers of a build (analysers) share the lock kmake takes exclusively."""
    with open(build + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_SH if shared else fcntl.LOCK_EX)
        yield


def gen_compile_commands(build):
    """Every object built so far in build, as the kernel's own
    scripts/clang-tools/gen_compile_commands.py sees them (under the lock:
    kbuild may be writing .cmd files)."""
    gen = os.path.join(source_dir(build), "scripts/clang-tools/gen_compile_commands.py")
    with build_lock(build, shared=False), tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "compile_commands.json")
        subprocess.run([sys.executable, gen, "-d", build, "-o", out], check=True)
        with open(out) as f:
            return json.load(f)


def subtree_entries(build, dirs):
    """Builds every object of the source directories dirs (e.g. kernel/,
    arch/arm64/) in build, then returns their kernel translation units from
    the build's compile_commands.json, sorted by file. Directory targets, not
    objects: kbuild builds some objects (the vDSOs) with flags set by their
    parent target. Host programs (arch/x86/tools) are built with the same
    clang; kernel code is what carries -D__KERNEL__."""
    make = [tool("kmake"), build, "-s", f"-j{os.cpu_count()}",
            *[d.strip("/") + "/" for d in dirs]]
    if subprocess.run(make).returncode != 0:
        sys.exit("error: building " + " ".join(dirs) + " failed")
    src = source_dir(build)
    roots = tuple(os.path.join(src, d.strip("/")) + "/" for d in dirs)
    return sorted((e for e in gen_compile_commands(build)
                   if e["file"].startswith(roots) and "-D__KERNEL__" in entry_argv(e)),
                  key=lambda e: e["file"])


def write_compile_db(out, entries):
    """Writes out/compile_commands.json (atomically); returns its path."""
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "compile_commands.json")
    with open(path + ".tmp", "w") as f:
        json.dump(entries, f, indent=2)
    os.replace(path + ".tmp", path)
    return path


def entry_argv(entry):
    """A compile_commands.json entry's command as an argument list."""
    if "arguments" in entry:
        return list(entry["arguments"])
    return shlex.split(entry["command"])


def syntax_only_argv(entry, compiler="clang-19"):
    """The entry's kernel compile command as `compiler -fsyntax-only ...`:
    the same flags and file, without -c, -o and dependency-file flags."""
    args = entry_argv(entry)[1:]
    out, i = [], 0
    while i < len(args):
        a = args[i]
        if a in ("-o", "-MF", "-MT", "-MQ"):
            i += 2
            continue
        if a in ("-c", "-MD", "-MMD") or a.startswith(("-Wp,-MD", "-Wp,-MMD")):
            i += 1
            continue
        out.append(a)
        i += 1
    return [compiler, "-fsyntax-only", *out]
