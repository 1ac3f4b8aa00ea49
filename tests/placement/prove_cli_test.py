#!/usr/bin/env python3
"""`kharden prove` on module-placement schemes: exit statuses, one-line
errors for malformed scheme files, the JSON and HTML reports, and the replay
of every solver query with cvc5.

Usage: prove_cli_test.py KHARDEN SOURCE_ROOT CASE
CASE: errors | json | html | replay | properties
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.dom.minidom

KHARDEN, ROOT, CASE = sys.argv[1], sys.argv[2], sys.argv[3]
CORPUS = os.path.join(ROOT, "corpus", "schemes")
MINI = os.path.join(CORPUS, "module-mini-per-module.yaml")
FAILURES = []


def prove(*args):
    return subprocess.run([KHARDEN, "prove", *args], capture_output=True,
                          text=True, timeout=600)


def check(cond, what):
    if not cond:
        FAILURES.append(what)


def errors():
    bad = sorted(f for f in os.listdir(CORPUS)
                 if f.startswith("module-bad-") and f.endswith(".yaml"))
    check(len(bad) >= 24, "expected the malformed corpus, found %d" % len(bad))
    for name in bad:
        path = os.path.join(CORPUS, name)
        with open(path) as f:
            head = f.read().split("\n")
        # The command reads the kind first and hands the file to that
        # kind's reader; a file of another kind has its own error there.
        want = [l for l in head if l.startswith("# expect-error: ")]
        want = [l for l in head if l.startswith("# expect-cli-error: ")] or want
        want = want[0].split(": ", 1)[1].strip()
        # Every problem of the file is one line; most files have one.
        count = [int(l.split(": ", 1)[1]) for l in head
                 if l.startswith("# expect-cli-lines: ")] or [1]
        r = prove("--scheme", path)
        lines = r.stderr.strip().splitlines()
        check(r.returncode == 2, "%s: exit %d, want 2" % (name, r.returncode))
        check(len(lines) == count[0],
              "%s: %d lines of errors, want %d" % (name, len(lines), count[0]))
        check(all(l.startswith("kharden: error: ") for l in lines)
              and any(want in l for l in lines),
              "%s: %r lacks %r" % (name, lines, want))
        check(r.stdout == "", "%s: wrote a report" % name)
    r = prove("--scheme", "module-no-such-scheme")
    check(r.returncode == 2, "unknown built-in name: exit %d" % r.returncode)
    r = prove("--scheme", MINI, "--property", "placement.entropy")
    check(r.returncode == 2 and "unknown property 'placement.entropy'"
          in r.stderr, "unknown placement property: %r" % r.stderr)


def json_report():
    r = prove("--scheme", MINI, "--format=json", "--min-bits", "4.9")
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr))
    doc = json.loads(r.stdout)
    [p] = doc["placement"]
    check(p["scheme"] == "module-mini-per-module", p["scheme"])
    check(p["kind"] == "module-placement" and p["status"] == "proved",
          "kind/status %s/%s" % (p["kind"], p["status"]))
    check([s["n"] for s in p["series"]] == [1, 2, 3, 5], "series n")
    for s in p["series"]:
        for key in ("n", "bound_bits", "measured_bits", "ci",
                    "fallback_probability", "limit_bits"):
            check(key in s, "series lacks %s" % key)
        check(s["bound_bits"] <= s["ci"][1] + 1e-4, "bound above interval")
        check(s["ci"][0] <= s["limit_bits"] + 1e-4, "interval above limit")
    check(p["series"][0]["bound_bits"] == 5.0, "N=1 bound is log2(32)")
    check(p["min_bits"]["bits"] == 4.9 and
          p["min_bits"]["bound_below_at"] == 2, "min_bits %r" % p["min_bits"])
    check(len(p["leak"]) == 2 and p["leak"][0]["known"] == 1, "leak pairs")
    check(all(q["answer"] == "unsat" for q in p["queries"]),
          "every query proved by refutation")


def html_report():
    out = tempfile.mkdtemp()
    try:
        path = os.path.join(out, "report.html")
        r = prove("--scheme", MINI, "--scheme",
                  os.path.join(CORPUS, "module-mini-windows.yaml"),
                  "--format=html", "-o", path)
        check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr))
        html = open(path).read()
        svgs = re.findall(r"<svg .*?</svg>", html, re.S)
        check(len(svgs) == 2, "%d plots" % len(svgs))
        for svg in svgs:
            dom = xml.dom.minidom.parseString(svg)
            ids = {e.getAttribute("id") for e in
                   dom.getElementsByTagName("polyline")}
            check(ids == {"bound", "measured", "limit"}, "lines %r" % ids)
            circles = dom.getElementsByTagName("circle")
            check(len(circles) >= 4, "bound points")
        check("module-mini-per-module" in html and "<table>" in html,
              "tables")
    finally:
        shutil.rmtree(out)


def replay():
    cvc5 = shutil.which("cvc5")
    if not cvc5:
        print("cvc5 not found: skipped")
        sys.exit(77)
    out = tempfile.mkdtemp()
    try:
        r = prove("--scheme", MINI, "--scheme",
                  os.path.join(CORPUS, "module-mini-windows.yaml"),
                  "--scheme", os.path.join(CORPUS,
                                           "module-mini-shared-base.yaml"),
                  "--smt-dir", out, "--format=json")
        check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr))
        files = sorted(os.listdir(out))
        check(len(files) >= 25, "%d replay files" % len(files))
        for name in files:
            text = open(os.path.join(out, name)).read()
            want = re.search(r"^; expect: (\w+)", text, re.M).group(1)
            got = subprocess.run([cvc5, "--lang", "smt2",
                                  os.path.join(out, name)],
                                 capture_output=True, text=True,
                                 timeout=120).stdout.strip().split("\n")[0]
            check(got == want, "%s: cvc5 says %s, Z3 said %s" %
                  (name, got, want))
    finally:
        shutil.rmtree(out)


def properties():
    r = prove("--scheme", MINI, "--property", "placement.min-entropy",
              "--format=json")
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr))
    doc = json.loads(r.stdout)
    [p] = doc["placement"]
    check(doc["results"] == [], "no stack-offset results")
    check(p["leak"] == [], "leak not asked")
    check(all(s["fallback_probability"] is None for s in p["series"]),
          "fallback not asked")


{"errors": errors, "json": json_report, "html": html_report,
 "replay": replay, "properties": properties}[CASE]()
for f in FAILURES:
    print("FAIL:", f)
sys.exit(1 if FAILURES else 0)
