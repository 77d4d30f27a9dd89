# Scores the stage step detector on synthetic recordings (tools/bench/stagetrace.py): real
# steps found with the right count, false steps, the error of the reported start time,
# and the latency from the moment the stage truly settled to the report, per sample rate.
# Runs on CPython and on the MicroPython unix port (tests use `score`).
# Usage: python tools/bench/bench_stage.py [--seeds 60] [--first 1] [--length 90] [--verbose]
#        [--lag sinc4|exp|boxcar] [--hand wander|flat] [--models: four models in turn]
import sys

if __name__ == "__main__":
    HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    sys.path.insert(0, HERE + "/../../firmware")
    sys.path.insert(0, HERE + "/../shims")
    sys.path.insert(0, HERE)
    sys.path.insert(0, HERE + "/..")

from stagetrace import Trace  # noqa: E402

from pawpad.core.stage import StepDetector  # noqa: E402
from pawpad.ticks import diff  # noqa: E402

LATE_MS = 3000  # a report this long after the stage settled is not that step's


def run(trace, det=None):
    """Feeds a trace; returns [(kind, began, cards, reported_at)]."""
    det = det or StepDetector(trace.card)
    out = []
    for t, g in trace.samples():
        for kind, began, cards in det.feed(t, g):
            out.append((kind, began, cards, t))
    return out


def score(trace, events):
    """Matches reports to the truth. Returns a dict of counts and lists of ms."""
    t0 = trace.t_start
    found = wrong = 0
    begin_err = []
    latency = []
    used = [False] * len(events)
    missed = []
    for kind, began, cards, settled in trace.truth:
        hit = None
        for j, (k, _b, _c, at) in enumerate(events):
            rel = diff(at, t0)
            if used[j] or k != kind or rel < began or rel > settled + LATE_MS:
                continue
            hit = j
            break
        if hit is None:
            missed.append((kind, int(began), cards))
            continue
        used[hit] = True
        k, b, c, at = events[hit]
        if c != cards:
            wrong += 1
            missed.append((kind, int(began), cards, "reported", c))
            continue
        found += 1
        begin_err.append(diff(b, t0) - began)
        latency.append(diff(at, t0) - settled)
    false = [e for j, e in enumerate(events) if not used[j]]
    return {"steps": len(trace.truth), "found": found, "wrong": wrong, "false": false,
            "missed": missed, "begin_err": begin_err, "latency": latency}


def pct(xs, p):
    if not xs:
        return 0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def bench(seeds, first=1, length=90, sps_list=(10, 80), verbose=False, make=None,
          lag="sinc4", hand="wander"):
    """Returns {sps: totals} over `seeds` traces per sample rate."""
    totals = {}
    for sps in sps_list:
        tot = {"steps": 0, "found": 0, "wrong": 0, "false": 0, "begin_err": [],
               "latency": []}
        for seed in range(first, first + seeds):
            tr = Trace(seed, sps=sps, length_s=length, lag=lag, hand=hand)
            det = make(tr.card) if make else None
            s = score(tr, run(tr, det))
            for key in ("steps", "found", "wrong"):
                tot[key] += s[key]
            tot["false"] += len(s["false"])
            tot["begin_err"] += s["begin_err"]
            tot["latency"] += s["latency"]
            if verbose and (s["missed"] or s["false"]):
                print("sps %d seed %d sigma %.3f card %.2f: missed %r false %r"
                      % (sps, seed, tr.sigma, tr.card, s["missed"], s["false"]))
        totals[sps] = tot
    return totals


def report(totals):
    lines = []
    for sps in sorted(totals):
        t = totals[sps]
        n = t["steps"] or 1
        errs = [abs(e) for e in t["begin_err"]]
        lines.append(
            "%2d SPS: found %d/%d (%.2f%%), wrong count %d, false %d (%.2f%%); "
            "start error p50 %d ms p95 %d ms; latency after settling p50 %d ms "
            "p95 %d ms max %d ms"
            % (sps, t["found"], t["steps"], 100.0 * t["found"] / n, t["wrong"], t["false"],
               100.0 * t["false"] / n, pct(errs, 50), pct(errs, 95), pct(t["latency"], 50),
               pct(t["latency"], 95), max(t["latency"]) if t["latency"] else 0))
    return "\n".join(lines)


def main(argv):
    seeds, first, length, verbose = 60, 1, 90, False
    lag, hand = "sinc4", "wander"
    models = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--seeds":
            seeds = int(argv[i + 1])
            i += 1
        elif a == "--first":
            first = int(argv[i + 1])
            i += 1
        elif a == "--length":
            length = int(argv[i + 1])
            i += 1
        elif a == "--lag":
            lag = argv[i + 1]
            i += 1
        elif a == "--hand":
            hand = argv[i + 1]
            i += 1
        elif a == "--models":
            # the generator's own model, and others the detector must not lean on
            models = (("sinc4", "wander"), ("exp", "wander"), ("boxcar", "flat"),
                      ("exp", "flat"))
        elif a == "--verbose":
            verbose = True
        else:
            raise SystemExit("bench_stage: unknown argument " + a)
        i += 1
    for m_lag, m_hand in models or ((lag, hand),):
        totals = bench(seeds, first, length, verbose=verbose, lag=m_lag, hand=m_hand)
        print("stage detector on %d synthetic traces of %d s per rate (seeds %d-%d, "
              "HX711 lag %s, hands %s):"
              % (seeds, length, first, first + seeds - 1, m_lag, m_hand))
        print(report(totals))


if __name__ == "__main__":
    main(sys.argv[1:])
