"""Measuring helpers for the benchmarks in bench/: run a process and get its
wall time, CPU time and peak RSS; machine and tool descriptions; medians."""
import os
import platform
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "kernel"))
import kfixtures  # noqa: E402,F401  (re-exported for the bench scripts)


class Run:
    """One finished process: status, wall and CPU seconds, peak RSS in MiB.
    CPU and RSS come from wait4(), so they cover the children it waited for
    too; RSS is that of the largest single process."""

    def __init__(self, status, wall, cpu, rss_mib):
        self.status, self.wall, self.cpu, self.rss = status, wall, cpu, rss_mib


def start(argv, cwd=None, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
    return subprocess.Popen(argv, cwd=cwd, stdout=stdout, stderr=stderr), time.perf_counter()


def finish(started):
    proc, t0 = started
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Run(proc.returncode, wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024)


def measure(argv, cwd=None, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
    return finish(start(argv, cwd, stdout, stderr))


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def describe_machine():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    with open("/proc/meminfo") as f:
        mem_gib = int(f.readline().split()[1]) / 2**20
    return f"{platform.node() or 'host'}: {os.cpu_count()} x {cpu}, {mem_gib:.0f} GiB RAM, Linux {platform.release()}"


def load_note():
    """The 1-minute load average against the core count: timings taken while
    other work competes for the cores are not comparable."""
    with open("/proc/loadavg") as f:
        load = float(f.read().split()[0])
    busy = "" if load < os.cpu_count() + 0.5 else " (busy machine: figures unreliable)"
    return f"load average {load:.1f} on {os.cpu_count()} cores{busy}"


def version_of(argv):
    try:
        out = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
        return out.strip().splitlines()[0] if out.strip() else "?"
    except OSError:
        return "not found"
