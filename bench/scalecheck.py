"""bench/scale --validate: the simulation against real runs.

  identity   the base's summaries re-encoded by the script (copy 0) give the
             byte-identical report of `kharden merge` on the base itself;
  copy 1     the base's first copy alone reports the base's findings, under
             the copy's file names;
  fifth      a run of the base's size made of five copies of a fifth of
             its units, against the base: the growth the simulation adds is
             what a real run of that size shows, within 20 %. The fifth is
             every 5th unit in order of summary size: summary sizes spread
             over three orders of magnitude, and every 5th unit in path
             order holds from 0.79 to 1.24 times the average bytes,
             depending on where it starts;
  --real DB  a real run of another size against one of that size simulated
             from the base, within 20 %.
Within 20 % means total CPU time and peak RSS; wall time and the solve's
CPU time are shown too.
Time and memory are medians over alternating repetitions (real, simulated,
real, ...), so that a change in the machine's load hits both."""
import json
import os

import scalerun
from benchlib import median
from scalefit import value
from summarydb import BaseRun

TOLERANCE = 0.20
# Wall time follows the machine's load as much as the run; CPU time and
# memory are the run's own.
JUDGED = ("cpu", "rss_mib")
FIGURES = (("wall", "wall s"), ("cpu", "CPU s"), ("solve_cpu", "solve CPU s"), ("rss_mib", "peak MiB"))


def _real_merge(a, db, tag):
    directory = os.path.join(a.out, "runs", tag)
    os.makedirs(directory, exist_ok=True)
    r = scalerun.measure_merge(a.kharden, [db], os.path.join(directory, "report.json"),
                               os.path.join(directory, "merge.err"), 0.9 * scalerun.mem_available_mib(),
                               a.merge_option)
    r.update(report=os.path.join(directory, "report.json"))
    return r


def _normalized_findings(report, tag):
    with open(report) as f:
        text = f.read().replace(f"__{tag}", "").replace(f"{tag}@", "")
    return sorted(json.dumps(fd, sort_keys=True) for fd in json.loads(text)["findings"])


def _compare(a, name, real_db, simulate, reps):
    """Alternating real and simulated merges; the medians and their ratios."""
    real, sim = [], []
    for rep in range(reps):
        for which in (("real", "sim") if rep % 2 == 0 else ("sim", "real")):
            if which == "real":
                real.append(_real_merge(a, real_db, f"{name}-real-{rep}"))
            else:
                sim.append(simulate(f"{name}-sim-{rep}"))
    row = {"name": name, "units": sim[0]["units"], "reps": reps, "ok": True,
           "status": [r["status"] for r in real + sim]}
    for key, _ in FIGURES:
        rv, sv = median([value(r, key) for r in real]), median([value(r, key) for r in sim])
        ratio = sv / rv if rv else float("nan")
        row[key] = {"real": rv, "sim": sv, "ratio": ratio}
        if key in JUDGED:
            row["ok"] &= abs(ratio - 1) <= TOLERANCE
    row["findings"] = {"real": real[0]["findings"], "sim": sim[0]["findings"]}
    row["ok"] &= all(s in (0, 1) for s in row["status"])
    return row


def fifth(base):
    """Every 5th of base's units in order of summary size (run indices)."""
    by_size = sorted(range(len(base.files)), key=base.raw_sizes().__getitem__)
    return set(by_size[::5])


def validate(a, runner, extra_runner, reps=3):
    n = len(runner.units)
    print(f"\nvalidation against the real base ({n} units) and {len(a.real)} other real run(s):", flush=True)
    out = {"ok": True}

    real = _real_merge(a, runner.base.path, "identity-real")
    sim = runner.merge(n, 1, "identity-sim", keep_report=True)
    with open(real["report"], "rb") as f1, open(sim["report"], "rb") as f2:
        same = f1.read() == f2.read()
    out["identity"] = same
    print(f"  identity: the base re-encoded gives {'the byte-identical' if same else 'ANOTHER'} report "
          f"({real['findings_total']} findings)", flush=True)

    copy = runner.merge(n, 1, "copy1", first=n, keep_report=True)
    same_findings = _normalized_findings(copy["report"], "copy1") == _normalized_findings(real["report"], "copy1")
    out["copy1"] = same_findings
    print(f"  copy 1 alone: {copy['findings_total']} findings, "
          f"{'the same as the base' if same_findings else 'NOT the same as the base'} "
          f"(file names and keys mapped back)", flush=True)
    out["ok"] &= same and same_findings

    rows = [_compare(a, "fifth", runner.base.path,
                     lambda tag: extra_runner.merge(n, 1, tag), reps)]
    for db in a.real:
        m = len(BaseRun(db, runner.codecs).files)
        rows.append(_compare(a, f"real-{m}", db, lambda tag, m=m: runner.merge(m, 1, tag), reps))
    out["rows"] = rows
    print(f"\n  {'point':<12} {'units':>6} " + " ".join(f"{label + ' real/sim':>24}" for _, label in FIGURES)
          + "  within 20 %")
    for r in rows:
        print(f"  {r['name']:<12} {r['units']:>6} "
              + " ".join(f"{r[k]['real']:>8.1f} {r[k]['sim']:>8.1f} {r[k]['ratio']:>5.2f}x" for k, _ in FIGURES)
              + f"  {'yes' if r['ok'] else 'NO'}")
        print(f"  {'':<12} findings real {r['findings']['real']}, simulated {r['findings']['sim']}")
        out["ok"] &= r["ok"]
    return out
