#!/usr/bin/env python3
"""Script tests of `kharden prove` (ctest label "models").

  figures REPORT.json        every built-in scheme's figures and verdicts
  replay REPORT.json         every SMT-LIB2 file the report lists, re-checked
                             by cvc5 against its `; expect:` answer
  corpus KHARDEN SCHEME      a user-written scheme proves end to end
  errors KHARDEN INPUTS      malformed scheme files and bad usage: exit 2 and
                             one line naming file:line:col
  timeout KHARDEN            a tiny timeout: exit 3, nothing proved
  formats KHARDEN            text, Markdown and HTML reports

Each subcommand prints one line per check and "N passed, M failed".
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.dom.minidom

PASSED = 0
FAILED = 0


def check(ok, what, detail=""):
    global PASSED, FAILED
    if ok:
        PASSED += 1
        print("ok    " + what)
    else:
        FAILED += 1
        print("FAIL  " + what + (": " + detail if detail else ""))


def run(*args):
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return p.returncode, p.stdout, p.stderr


# scheme -> {property: expected}. Entropy: (distinct shifts, largest
# preimage, outcomes, min-entropy, Shannon to 6 places). After-leaks: leaks.
# Atomicity: "proved" or the length of the shortest counterexample.
ENTROPY = {
    "33/8/256": (33, 8, 256, 5.0, 5.016986),
    "129/8/1024": (129, 8, 1024, 7.0, 7.004247),
    "33/16/512": (33, 16, 512, 5.0, 5.010540),
    "65/16/1024": (65, 16, 1024, 6.0, 6.005270),
    "64/1/64": (64, 1, 64, 6.0, 6.0),
    "16/1/16": (16, 1, 16, 4.0, 4.0),
    "1/1/1": (1, 1, 1, 0.0, 0.0),
}
X86_PROVED = {"atomicity.freshness": "proved", "atomicity.same-cpu-rmw": "proved"}
ARM64_PERCPU = {"atomicity.freshness": 6, "atomicity.same-cpu-rmw": 7}
EXPECTED = {
    "x86_64-v5.13": dict(fresh="33/8/256", stationary="33/8/256", **X86_PROVED),
    "x86_64-v6.9": dict(fresh="33/8/256", stationary="129/8/1024", **X86_PROVED),
    "x86_64-v6.10": dict(fresh="33/8/256", stationary="129/8/1024", **X86_PROVED),
    "x86_64-v6.11": dict(fresh="16/1/16", stationary="64/1/64", **X86_PROVED),
    "x86_64-stable-per-task": dict(fresh="33/8/256", stationary="129/8/1024", **X86_PROVED),
    "x86_64-6.12-per-task": dict(fresh="16/1/16", stationary="64/1/64", **X86_PROVED),
    "x86_64-v7.1": dict(fresh="1/1/1", stationary="64/1/64", leaks=19, **X86_PROVED),
    "arm64-v5.13": dict(fresh="33/16/512", stationary="33/16/512", **ARM64_PERCPU),
    "arm64-v6.9": dict(fresh="33/16/512", stationary="65/16/1024", **ARM64_PERCPU),
    "arm64-v6.10": dict(fresh="65/16/1024", stationary="65/16/1024", **ARM64_PERCPU),
    "arm64-v6.11": dict(fresh="64/1/64", stationary="64/1/64", **ARM64_PERCPU),
    "arm64-stable-per-task": dict(fresh="65/16/1024", stationary="65/16/1024", **X86_PROVED),
    "arm64-6.12-per-task": dict(fresh="64/1/64", stationary="64/1/64", **X86_PROVED),
    "arm64-v7.1": dict(fresh="1/1/1", stationary="64/1/64", leaks=19, **X86_PROVED),
    "arm64-per-task-u8": dict(fresh="16/1/16", stationary="64/1/64", **X86_PROVED),
    "arm64-per-cpu-fused": dict(fresh="64/1/64", stationary="64/1/64", **X86_PROVED),
}


def check_entropy(r, key):
    distinct, pre, outcomes, minh, shannon = ENTROPY[key]
    got = (r.get("distinct_offsets"), r.get("distinct_offsets_max"),
           r.get("max_preimage"), r.get("outcomes"))
    ok = (r["status"] == "proved" and got == (distinct, distinct, pre, outcomes)
          and abs(r["min_entropy_bits"] - minh) < 1e-9
          and abs(r["shannon_entropy_bits"] - shannon) < 5e-7
          and r["selftest_bits"] == distinct.bit_length())
    check(ok, "%s %s = %s" % (r["scheme"], r["property"], key),
          json.dumps({k: r.get(k) for k in ("status", "distinct_offsets",
                      "max_preimage", "outcomes", "min_entropy_bits",
                      "shannon_entropy_bits", "problem")}))


def figures(report):
    doc = json.load(open(report))
    xpfo_figures(doc)
    results = doc["results"]
    by = {(r["scheme"], r["property"]): r for r in results}
    check(set(s for s, _ in by) == set(EXPECTED), "every built-in scheme reported",
          str(sorted(set(s for s, _ in by))))
    for scheme, exp in EXPECTED.items():
        for short in ("fresh", "stationary"):
            r = by.get((scheme, "entropy." + short))
            if r is None:
                check(False, "%s entropy.%s present" % (scheme, short))
                continue
            check_entropy(r, exp[short])
        r = by.get((scheme, "entropy.after-leaks"))
        if "leaks" in exp:
            check(r is not None and r["status"] == "proved"
                  and r["leaks_to_determine"] == exp["leaks"],
                  "%s after-leaks = %d" % (scheme, exp["leaks"]), str(r and r.get("problem")))
        else:
            check(r is None, "%s has no after-leaks (no generator)" % scheme)
        for prop in ("atomicity.freshness", "atomicity.same-cpu-rmw"):
            r = by[(scheme, prop)]
            want = exp[prop]
            if want == "proved":
                ok = (r["status"] == "proved" and r["schedule"] == []
                      and "inductive invariant" in r["method"])
            else:
                ok = (r["status"] == "refuted" and r["bound"] == want
                      and len(r["schedule"]) == want
                      and [s["step"] for s in r["schedule"]] == list(range(1, want + 1)))
            check(ok, "%s %s = %s" % (scheme, prop, want),
                  json.dumps({k: r.get(k) for k in ("status", "bound", "problem")}))
    # The counterexamples say what goes wrong in their last step.
    last = by[("arm64-v6.9", "atomicity.freshness")]["schedule"][-1]
    check(last["event"] == "consume" and "already used" in last["note"],
          "freshness counterexample ends with a reused offset", str(last))
    last = by[("arm64-v6.9", "atomicity.same-cpu-rmw")]["schedule"][-1]
    check(last["event"] == "refill-write" and "after reading cpu" in last["note"],
          "rmw counterexample ends with a cross-CPU write", str(last))
    check(all(r["smt_files"] for r in results), "every result lists its SMT files")


# XPFO (docs/models/xpfo.md): property -> "proved" or the length of the
# shortest counterexample, for each built-in policy (3 CPUs).
XPFO = {
    "xpfo-no-flush": {"xpfo.exclusive": 3, "xpfo.kmap-window": 5},
    "xpfo-local-flush": {"xpfo.exclusive": 3, "xpfo.kmap-window": 5},
    "xpfo-full-shootdown": {"xpfo.exclusive": "proved", "xpfo.kmap-window": "proved"},
    "xpfo-batched": {"xpfo.exclusive": 3, "xpfo.kmap-window": "proved"},
    "xpfo-batched-wait": {"xpfo.exclusive": "proved", "xpfo.kmap-window": "proved"},
    "xpfo-isolated-cpus": {"xpfo.exclusive": 4, "xpfo.kmap-window": 6},
    "xpfo-isolated-cpus-migration-flush": {"xpfo.exclusive": "proved",
                                           "xpfo.kmap-window": "proved"},
    "xpfo-rfc-kunmap-local": {"xpfo.exclusive": "proved", "xpfo.kmap-window": 8},
    "xpfo-shootdown-skip-lazy": {"xpfo.exclusive": 6, "xpfo.kmap-window": 9},
}
# Per batch of allocations and per kunmap: (local flushes, IPIs) as A + B*n.
FLUSH_ALL = {"local_flushes": {"a": 1, "b": 0}, "ipis": {"a": -1, "b": 1}}
FLUSH_LOCAL = {"local_flushes": {"a": 1, "b": 0}, "ipis": {"a": 0, "b": 0}}
FLUSH_NONE = {"local_flushes": {"a": 0, "b": 0}, "ipis": {"a": 0, "b": 0}}
XPFO_COSTS = {
    "xpfo-no-flush": (FLUSH_NONE, FLUSH_NONE),
    "xpfo-local-flush": (FLUSH_LOCAL, FLUSH_LOCAL),
    "xpfo-full-shootdown": (FLUSH_ALL, FLUSH_ALL),
    "xpfo-batched": (FLUSH_ALL, FLUSH_ALL),
    "xpfo-batched-wait": (FLUSH_ALL, FLUSH_ALL),
    "xpfo-isolated-cpus": (FLUSH_LOCAL, FLUSH_LOCAL),
    "xpfo-isolated-cpus-migration-flush": (FLUSH_LOCAL, FLUSH_LOCAL),
    "xpfo-rfc-kunmap-local": (FLUSH_ALL, FLUSH_LOCAL),
    "xpfo-shootdown-skip-lazy": (FLUSH_ALL, FLUSH_ALL),
}


def xpfo_figures(doc):
    x = doc.get("xpfo", {})
    by = {(r["scheme"], r["property"]): r for r in x.get("results", [])}
    check(set(s for s, _ in by) == set(XPFO), "every built-in XPFO scheme reported",
          str(sorted(set(s for s, _ in by))))
    for scheme, props in XPFO.items():
        for prop, want in props.items():
            r = by.get((scheme, prop), {})
            if want == "proved":
                ok = (r.get("status") == "proved" and r.get("schedule") == []
                      and "inductive invariant" in r.get("method", "")
                      and any("[invariant.consecution]" in s for s in r.get("steps", [])))
            else:
                steps = r.get("schedule", [])
                ok = (r.get("status") == "refuted" and r.get("bound") == want
                      and len(steps) == want and steps[-1]["event"] == "access"
                      and "the property is violated" in steps[-1]["note"])
            check(ok, "%s %s = %s" % (scheme, prop, want),
                  json.dumps({k: r.get(k) for k in ("status", "bound", "problem")}))
    costs = {c["scheme"]: c for c in x.get("costs", [])}
    for scheme, (alloc, kunmap) in XPFO_COSTS.items():
        c = costs.get(scheme, {})
        got = tuple({k: c.get(part, {}).get(k) for k in ("local_flushes", "ipis")}
                    for part in ("allocation", "kunmap"))
        check(got == (alloc, kunmap) and c["allocation"]["status"] == "proved"
              and [s["cpus"] for s in c["allocation"]["samples"]] == [2, 3, 4],
              "%s counts flushes as the model says" % scheme, str(got))
    [fit] = x.get("fits", [{}])
    runs = [(r["name"], round(r["residual_seconds"], 3)) for r in fit.get("runs", [])]
    check((round(fit.get("unmap_seconds", 0), 3), round(fit.get("remote_flush_seconds", 0), 3),
           round(fit.get("batch_of_runs", 0), 3), fit.get("ipis_per_flush"))
          == (85.348, 324.316, 2.034, 23), "XPFO fit: U, R, B* and IPIs per flush",
          json.dumps({k: fit.get(k) for k in ("unmap_seconds", "remote_flush_seconds",
                                              "batch_of_runs", "ipis_per_flush")}))
    check(runs == [("XPFO without TLB flush", 28.797), ("batched updates, no flush", -28.798),
                   ("XPFO with TLB flush", 0.0), ("batched updates, with flush", 0.0)],
          "XPFO fit residuals", str(runs))
    check(fit.get("cheapest_safe") == "xpfo-isolated-cpus-migration-flush"
          and fit.get("batch_for_limit") == 1236 and fit.get("overhead_limit_percent") == 10,
          "XPFO: cheapest safe policy and the batch size under 10 %",
          json.dumps({k: fit.get(k) for k in ("cheapest_safe", "batch_for_limit")}))
    pct = {c["scheme"]: round(c["overhead_percent"], 1) for c in x.get("costs", [])}
    check((pct.get("xpfo-full-shootdown"), pct.get("xpfo-batched-wait"),
           pct.get("xpfo-isolated-cpus-migration-flush")) == (825.6, 34.8, 9.3),
          "XPFO predicted overheads", str(pct))


def smt_files(value):
    """Every SMT-LIB2 file a JSON report lists, in any model's part."""
    if isinstance(value, dict):
        return [f for k, v in value.items()
                for f in (v if k == "smt_files" else smt_files(v))]
    if isinstance(value, list):
        return [f for v in value for f in smt_files(v)]
    return []


def cvc5(path):
    expect = None
    with open(path) as f:
        for line in f:
            if line.startswith("; expect: "):
                expect = line.split(": ", 1)[1].strip()
                break
    try:
        # Eager bit-blasting: cvc5 1.0.3's default takes minutes on some
        # bounded-model-checking queries Z3 answers in milliseconds.
        p = subprocess.run(["cvc5", "--lang", "smt2", "--bitblast=eager", path],
                           stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, timeout=300)
        got = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "(no output)"
    except subprocess.TimeoutExpired:
        got = "timeout"
    return path, expect, got


def replay(report):
    # Schemes that share a policy share its counts: each file once.
    files = sorted(set(smt_files(json.load(open(report)))))
    check(len(files) > 0, "the report lists SMT files (%d)" % len(files))
    jobs = max(1, os.cpu_count() or 1)
    bad = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for path, expect, got in pool.map(cvc5, files):
            if expect not in ("sat", "unsat") or got != expect:
                bad.append("%s: expected %s, cvc5 says %s" % (path, expect, got))
    check(not bad, "cvc5 agrees on all %d queries" % len(files), "; ".join(bad[:5]))


def corpus(kharden, scheme):
    code, out, err = run(kharden, "prove", "--scheme", scheme, "--format", "json")
    check(code == 0, "user scheme exits 0", err)
    if code != 0:
        return
    by = {r["property"]: r for r in json.loads(out)["results"]}
    fresh, stat = by["entropy.fresh"], by["entropy.stationary"]
    # 8 random bits under a 0x3FF mask, ror32 by 7 spreads them everywhere.
    check((fresh["status"], fresh["distinct_offsets"], fresh["max_preimage"],
           fresh["outcomes"], fresh["min_entropy_bits"]) == ("proved", 17, 16, 256, 4.0),
          "user scheme: fresh 17 shifts, 4 bits", json.dumps(fresh.get("problem")))
    check((stat["status"], stat["distinct_offsets"], stat["min_entropy_bits"])
          == ("proved", 65, 6.0), "user scheme: stationary 65 shifts, 6 bits")
    check(by["atomicity.freshness"]["status"] == "proved"
          and by["atomicity.same-cpu-rmw"]["status"] == "proved",
          "user scheme: per-task storage is atomic")
    check("entropy.after-leaks" not in by, "user scheme: no generator, no after-leaks")


def errors(kharden, inputs):
    cases = [
        ("unknown-key.yaml", r":9:3: unknown key 'when'$"),
        ("bad-value.yaml", r":7:9: expected syscall-exit, every-return-to-user or fused-with-consume$"),
        ("missing-field.yaml", r":1:1: missing required key 'offset-mask'$"),
        ("bad-yaml.yaml", r":3:18: Could not find closing \]!$"),
        ("bad-mask.yaml", r":14:14: expected a non-zero 32-bit mask with at most 12 bits set"),
        ("bad-kind.yaml", r":2:7: unknown kind 'stack-offsets' \(kinds: stack-offset, "
                          r"module-placement[^)]*\); did you mean 'stack-offset'\?$"),
    ]
    for name, pattern in cases:
        path = os.path.join(inputs, name)
        code, out, err = run(kharden, "prove", "--scheme", path)
        lines = err.strip().splitlines()
        ok = (code == 2 and out == "" and len(lines) == 1
              and lines[0].startswith("kharden: error: " + path)
              and re.search(pattern, lines[0]))
        check(ok, "bad scheme %s: exit 2, one line" % name, "exit %d: %r" % (code, err))
    # Every problem of a file, one line each, in file order (issue 19 item 9).
    multi = [
        ("misspelled-key.yaml", [r":12:1: unknown key 'mixx'; did you mean 'mix'\?$"]),
        ("two-documents.yaml",
         [r":19:1: a second YAML document: a scheme file holds one scheme$"]),
        ("many-errors.yaml", [r":1:1: missing required key 'offset-mask'$",
                              r":5:3: unknown key 'contxt'; did you mean 'context'\?$",
                              r":8:12: expected preemptible, preempt-off or irqs-off$",
                              r":12:3: unknown key 'colour'$",
                              r":13:1: unknown key 'mixx'; did you mean 'mix'\?$"]),
    ]
    for name, patterns in multi:
        path = os.path.join(inputs, name)
        code, out, err = run(kharden, "prove", "--scheme", path)
        lines = err.strip().splitlines()
        ok = (code == 2 and out == "" and len(lines) == len(patterns)
              and all(l.startswith("kharden: error: " + path) and re.search(p, l)
                      for l, p in zip(lines, patterns)))
        check(ok, "bad scheme %s: exit 2, %d line(s)" % (name, len(patterns)),
              "exit %d: %r" % (code, err))
    for arg, pattern in [("/nonexistent/x.yaml", "/nonexistent/x.yaml: no such file$"),
                         (inputs, inputs + ": is a directory, not a file$"),
                         ("no-such-builtin", "not the name of a built-in scheme")]:
        code, out, err = run(kharden, "prove", "--scheme", arg)
        check(code == 2 and len(err.strip().splitlines()) == 1 and re.search(pattern, err),
              "bad --scheme %s: exit 2" % arg, "exit %d: %r" % (code, err))
    code, out, err = run(kharden, "prove", "--property", "entropy.bogus")
    check(code == 2 and "unknown property 'entropy.bogus'" in err, "bad --property: exit 2", err)
    code, out, err = run(kharden, "prove", "--format", "pdf")
    check(code == 2, "bad --format: exit 2", err)
    code, out, err = run(kharden, "prove", "--help")
    check(code == 0 and "--smt-dir" in out and "--timeout-ms" in out, "prove --help")


def timeout(kharden):
    code, out, err = run(kharden, "prove", "--scheme", "x86_64-v7.1", "--scheme",
                         "arm64-v6.9", "--timeout-ms", "1", "--format", "json")
    check(code == 3, "tiny timeout exits 3", "exit %d %s" % (code, err))
    results = json.loads(out)["results"] if out else []
    check(len(results) == 9 and all(r["status"] == "timeout" for r in results),
          "tiny timeout: every property 'timeout', none proved",
          str([(r["property"], r["status"]) for r in results]))
    check(all("timeout" in r.get("problem", "") or "canceled" in r.get("problem", "")
              for r in results), "tiny timeout: the reason is the timeout")
    summary = json.loads(out)["summary"] if out else {}
    check(summary == {"properties": 9, "proved": 0, "refuted": 0, "undecided": 9,
                      "timeout": 9, "unknown": 0, "error": 0},
          "tiny timeout: the summary counts 9 timeouts", str(summary))
    for fmt, first in (("md", "*Undecided.* Not everything was decided: 9 of 9"),
                       ("html", "<p><b>Undecided.</b> Not everything was decided: 9 of 9"),
                       ("text", "warning: Not everything was decided: 9 of 9")):
        code, out, err = run(kharden, "prove", "--scheme", "x86_64-v7.1", "--scheme",
                             "arm64-v6.9", "--timeout-ms", "1", "--format", fmt)
        body = out.split("# Proof report\n\n", 1)[-1] if fmt == "md" else out
        body = body.split("<body>\n", 1)[-1].split("<h1>Proof report</h1>\n", 1)[-1]
        body = body.split("\n", 1)[1] if fmt == "text" else body
        check(code == 3 and body.startswith(first),
              "tiny timeout: the %s report says it is undecided first" % fmt,
              body[:200])
        check("were proved by" not in out and "Every figure and verdict below was proved" not in out,
              "tiny timeout: the %s report claims no proof" % fmt)
    check(all("distinct_offsets" not in r and "leaks_to_determine" not in r
              for r in results), "tiny timeout: no figures reported")


def formats(kharden):
    with tempfile.TemporaryDirectory() as d:
        base = [kharden, "prove", "--scheme", "arm64-v6.9", "--property",
                "entropy.fresh,atomicity.freshness"]
        md = os.path.join(d, "r.md")
        code, out, err = run(*base, "--format", "md", "-o", md)
        text = open(md).read() if os.path.exists(md) else ""
        check(code == 0 and out == "", "md report written to -o", err)
        for needle in ["# Proof report", "## Comparison", "| scheme |", "Z3 4.",
                       "## arm64-v6.9", "*Assumptions.*", "*Counterexample.*",
                       "already used", "33 distinct shifts", "### atomicity.freshness: refuted"]:
            check(needle in text, "md report has %r" % needle)
        code, out, err = run(*base, "--format", "html")
        check(code == 0 and out.startswith("<!DOCTYPE html>") and "<table>" in out
              and "</html>" in out and "<h3>Comparison</h3>" in out, "html report")
        code, out, err = run(*base)
        check(code == 0 and "refuted" in out and "shifts (fresh)" in out
              and re.search(r"^\s+6\. cpu\d task\d consume", out, re.M), "text report")
        # XPFO: the schedule, the cost fit and its plot.
        xpfo = [kharden, "prove", "--scheme", "xpfo-rfc-kunmap-local", "--scheme",
                "xpfo-batched-wait"]
        code, out, err = run(*xpfo, "--format", "md")
        for needle in ["## XPFO: exclusive page-frame ownership",
                       "### xpfo-rfc-kunmap-local: The RFC's xpfo_kunmap()",
                       "#### xpfo.kmap-window: refuted", "*Counterexample.*",
                       "#### xpfo.exclusive: proved",
                       "invariant: not page-user or not tlb-cpu1",
                       "### Cost, fitted to kernel build",
                       "| XPFO with TLB flush | all | no | 23.00 | 7544.609 |",
                       "Cheapest policy with every property proved: "
                       "xpfo-batched-wait (34.8 % over the base)."]:
            check(code == 0 and needle in out, "xpfo md report has %r" % needle)
        check(re.search(r"^\| 8 \| \d \| access \| cpu\d reads the page through a "
                        r"stale TLB entry", out, re.M), "xpfo md counterexample ends in a read")
        code, out, err = run(*xpfo, "--format", "html")
        svgs = re.findall(r"<svg .*?</svg>", out, re.S)
        check(code == 0 and len(svgs) == 1, "xpfo html report has one plot", err)
        if svgs:
            dom = xml.dom.minidom.parseString(svgs[0])
            ids = {e.getAttribute("id") for e in dom.getElementsByTagName("polyline")}
            circles = [c for c in dom.getElementsByTagName("circle")
                       if c.getAttribute("class") == "measured"]
            rects = [r for r in dom.getElementsByTagName("rect")
                     if r.getAttribute("class") == "scheme"]
            check(ids == {"flush-all", "no-flush", "limit", "batch-for-limit"}
                  and len(circles) == 4
                  and len(rects) == 2, "xpfo plot: curves, measured runs, schemes",
                  "%r %d %d" % (ids, len(circles), len(rects)))
        code, out, err = run(*xpfo)
        check(code == 0 and re.search(r"^\s+8\. cpu\d access\s+cpu\d reads the page "
                                      r"through a stale TLB entry", out, re.M)
              and "B* = 2.034" in out, "xpfo text report")


def hostile(kharden):
    """Issue 19 item 8: what a scheme's text and a bad --smt-dir can do."""
    with tempfile.TemporaryDirectory() as d:
        # Raw HTML, a terminal escape (ESC [ 31 m), a C1 CSI and bytes that
        # are not UTF-8, in the title and a source of a valid scheme.
        base = open(os.path.join(os.path.dirname(__file__), "inputs",
                                 "misspelled-key.yaml"), "rb").read()
        base = base.replace(b"mixx:", b"mix:").replace(b"name: misspelled-key",
                                                      b"name: hostile")
        text = base + (b'title: "<b>bold</b> & <script>alert(1)</script> \\e[31mred"\n'
                       b"sources:\n  - \"<img src=x onerror=alert(1)> \\x9B2J\"\n"
                       b"  - \"[x](javascript:alert(1)) \xff\xfe done\"\n")
        path = os.path.join(d, "hostile.yaml")
        open(path, "wb").write(text)
        reports = {}
        for fmt in ("md", "html", "text"):
            p = subprocess.run([kharden, "prove", "--scheme", path, "--property",
                                "atomicity.freshness", "--format", fmt],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            check(p.returncode == 0, "hostile scheme proves (%s)" % fmt,
                  p.stderr.decode(errors="replace"))
            reports[fmt] = p.stdout
        for fmt, raw in reports.items():
            try:
                out = raw.decode("utf-8")
                valid = True
            except UnicodeDecodeError:
                out, valid = raw.decode("utf-8", errors="replace"), False
            check(valid and "\x1b" not in out and "\x9b" not in out,
                  "%s report: valid UTF-8, no ESC or CSI" % fmt)
            check("\ufffd" in out and "red" in out
                  and (fmt == "text" or "done" in out),
                  "%s report: the bad bytes show as U+FFFD" % fmt)
        md = reports["md"].decode(errors="replace")
        html = reports["html"].decode(errors="replace")
        check(not re.search(r"(?<!\\)<(b|/b|script|img)", md)
              and "\\<b>bold\\</b> \\& \\<script>" in md
              and "\\[x\\](javascript" in md,
              "md report escapes the scheme's HTML and links",
              str([l for l in md.splitlines() if "bold" in l or "img" in l or "javascript" in l]))
        check("<b>bold" not in html and "<script>" not in html and "<img" not in html
              and "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;" in html,
              "html report shows the scheme's HTML as text",
              str([l for l in html.splitlines() if "bold" in l or "img" in l]))
        # --smt-dir that is a file is a usage error, before anything runs.
        code, out, err = run(kharden, "prove", "--scheme", "x86_64-v7.1",
                             "--smt-dir", path)
        check(code == 2 and out == "" and err.strip() ==
              "kharden: error: %s: --smt-dir is not a directory" % path,
              "--smt-dir naming a file: exit 2, one line", "exit %d: %r" % (code, err))
        code, out, err = run(kharden, "prove", "--scheme", "x86_64-v7.1",
                             "--smt-dir", os.path.join(path, "sub"))
        check(code == 2 and len(err.strip().splitlines()) == 1
              and "--smt-dir cannot be created" in err,
              "--smt-dir under a file: exit 2, one line", "exit %d: %r" % (code, err))
    code, out, err = run(kharden, "prove", "--help")
    check(code == 0 and re.search(r"--timeout-ms=<uint> +- .*0 means unlimited", out),
          "--help says --timeout-ms=0 is unlimited")


def main():
    cmd = sys.argv[1]
    {"figures": figures, "replay": replay, "corpus": corpus, "errors": errors,
     "timeout": timeout, "formats": formats, "hostile": hostile}[cmd](*sys.argv[2:])
    print("%d passed, %d failed" % (PASSED, FAILED))
    return 1 if FAILED or not PASSED else 0


if __name__ == "__main__":
    sys.exit(main())
