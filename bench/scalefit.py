"""Growth fits for bench/scale: least squares of a measured figure y against
x = N, N log N and N^2 (y = a + b x, each point weighted by 1/y^2 so that
the relative errors count: the figures span two orders of magnitude), the
one with the smallest relative error fits if that is within 10 %; and the
exponent k of a power law y = c N^k through the points."""
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


# A model whose relative error (RMS) is larger does not describe the points.
FITS_WITHIN = 0.10
MODELS = (("N", lambda n: n), ("N log N", lambda n: n * math.log2(n)), ("N^2", lambda n: n * n))


def _line(xs, ys, relative=True):
    """Least squares y = a + b x, weighted by 1/y^2 if relative: (a, b, RMS
    of the relative residuals)."""
    ws = [1 / (y * y) if relative and y else 1.0 for y in ys]
    sw = sum(ws)
    mx, my = sum(w * x for w, x in zip(ws, xs)) / sw, sum(w * y for w, y in zip(ws, ys)) / sw
    sxx = sum(w * (x - mx) ** 2 for w, x in zip(ws, xs))
    b = sum(w * (x - mx) * (y - my) for w, x, y in zip(ws, xs, ys)) / sxx if sxx else 0.0
    a = my - b * mx
    rel = [(a + b * x - y) / y for x, y in zip(xs, ys) if y]
    return a, b, math.sqrt(sum(r * r for r in rel) / len(rel)) if rel else float("nan")


def fit(points, metric):
    ns = [p["units"] for p in points]
    ys = [value(p, metric) for p in points]
    out = {"n": ns, "y": ys}
    for model, x in MODELS:
        a, b, err = _line([x(n) for n in ns], ys)
        out[model] = {"a": a, "b": b, "rms_rel": err}
    if all(y > 0 for y in ys) and len(set(ns)) > 1:
        logs = [math.log(n) for n in ns], [math.log(y) for y in ys]
        out["exponent"] = _line(*logs, relative=False)[1]
        out["local_exponents"] = [(l1 - l0) / (n1 - n0) for n0, n1, l0, l1
                                  in zip(logs[0], logs[0][1:], logs[1], logs[1][1:])]
    best = min((m for m, _ in MODELS), key=lambda m: out[m]["rms_rel"])
    out["fits"] = best if out[best]["rms_rel"] <= FITS_WITHIN else f"none (closest: {best})"
    return out


def describe(f):
    k = f.get("exponent")
    return ("; ".join(f"a + b*{m}: a={f[m]['a']:.4g} b={f[m]['b']:.4g} (rms {100 * f[m]['rms_rel']:.1f} %)"
                      for m, _ in MODELS)
            + f"; fits {f['fits']}"
            + (f"; power law exponent {k:.2f}, between sizes "
               + " ".join(f"{e:.2f}" for e in f["local_exponents"]) if k is not None else ""))


def predict(points, n, metric):
    """metric at n, extrapolated from the last two points with their power
    law, at least linear (None with fewer than two points)."""
    if len(points) < 2:
        return None
    (n0, y0), (n1, y1) = [(p["units"], value(p, metric)) for p in points[-2:]]
    k = math.log(y1 / y0) / math.log(n1 / n0) if y0 > 0 and y1 > 0 and n1 != n0 else 1.0
    return y1 * (n / n1) ** max(k, 1.0)
