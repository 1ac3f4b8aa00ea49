"""Growth fits for bench/scale: least squares of a measured figure y against
N and against N log N (y = a + b x, the one with the smaller relative error
fits), and the exponent k of a power law y = c N^k through the points."""
import math

from benchlib import median

METRICS = (("cpu", "total CPU s"), ("wall", "total wall s"), ("solve_cpu", "solve CPU s"),
           ("load_cpu", "load CPU s"), ("rss_mib", "peak RSS MiB"))


def value(row, metric):
    if metric.endswith("_cpu"):
        return row["phases"][metric[:-4]]["cpu"]
    return row[metric]


def median_row(rows):
    """One point per size: the median of each figure over repetitions."""
    out = dict(rows[0])
    for key in ("wall", "cpu", "rss_mib"):
        out[key] = median([r[key] for r in rows])
    out["phases"] = {p: {k: median([r["phases"][p][k] for r in rows]) for k in ("wall", "cpu", "hwm_mib")}
                     for p in rows[0]["phases"]}
    return out


def _line(xs, ys):
    """Least squares y = a + b x: (a, b, RMS of the relative residuals)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0.0
    a = my - b * mx
    rel = [(a + b * x - y) / y for x, y in zip(xs, ys) if y]
    return a, b, math.sqrt(sum(r * r for r in rel) / len(rel)) if rel else float("nan")


def fit(points, metric):
    ns = [p["units"] for p in points]
    ys = [value(p, metric) for p in points]
    out = {"n": ns, "y": ys}
    for model, xs in (("N", ns), ("N log N", [n * math.log2(n) for n in ns])):
        a, b, err = _line(xs, ys)
        out[model] = {"a": a, "b": b, "rms_rel": err}
    if all(y > 0 for y in ys) and len(set(ns)) > 1:
        out["exponent"] = _line([math.log(n) for n in ns], [math.log(y) for y in ys])[1]
    out["fits"] = min(("N", "N log N"), key=lambda m: out[m]["rms_rel"])
    return out


def describe(f):
    lin, nlog = f["N"], f["N log N"]
    k = f.get("exponent")
    return (f"a + b*N: a={lin['a']:.4g} b={lin['b']:.4g} (rms {100 * lin['rms_rel']:.1f} %); "
            f"a + b*N*log2 N: a={nlog['a']:.4g} b={nlog['b']:.4g} (rms {100 * nlog['rms_rel']:.1f} %); "
            f"fits {f['fits']}" + (f"; power law exponent {k:.2f}" if k is not None else ""))


def predict(points, n, metric):
    """metric at n, extrapolated from the last two points with their power
    law, at least linear (None with fewer than two points)."""
    if len(points) < 2:
        return None
    (n0, y0), (n1, y1) = [(p["units"], value(p, metric)) for p in points[-2:]]
    k = math.log(y1 / y0) / math.log(n1 / n0) if y0 > 0 and y1 > 0 and n1 != n0 else 1.0
    return y1 * (n / n1) ** max(k, 1.0)
