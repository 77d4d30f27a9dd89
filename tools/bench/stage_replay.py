# Replays a recording of the stages through the step detector and prints what it finds,
# so that a table's own recordings become test data.
#
# Reads a CSV of `t_ms,grams` (one stage), or the hardware check's recording
# `t_ms,stage1,stage2` (a sample of one stage a line, the other column empty). A header
# line and lines starting with # are skipped. Runs on CPython and the MicroPython unix port.
# Usage: python tools/bench/stage_replay.py FILE.csv [--card GRAMS] [--stage 1|2] [--quiet]
import sys

if __name__ == "__main__":
    HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    sys.path.insert(0, HERE + "/../../firmware")
    sys.path.insert(0, HERE + "/../shims")

from pawpad.core.stage import StepDetector  # noqa: E402

CARD_DEFAULT = 4.0  # grams: the device's default card weight (settings card_decigrams)


def read_samples(lines):
    """Yields (stage, t_ms, grams) from CSV lines; stage is 0 or 1."""
    for line in lines:
        line = line.strip()
        if not line or line[0] == "#":
            continue
        cells = line.split(",")
        try:
            t = int(float(cells[0]))
        except ValueError:
            continue  # a header
        for stage in range(len(cells) - 1):
            cell = cells[stage + 1].strip()
            if cell:
                yield stage, t, float(cell)


def replay(lines, card=CARD_DEFAULT, stages=None):
    """Returns ([(stage, kind, began, cards, reported_at)], detectors by stage)."""
    dets = {}
    events = []
    for stage, t, g in read_samples(lines):
        if stages is not None and stage not in stages:
            continue
        det = dets.get(stage)
        if det is None:
            det = dets[stage] = StepDetector(card)
        for kind, began, cards in det.feed(t, g):
            events.append((stage, kind, began, cards, t))
    return events, dets


def describe(events, dets):
    out = []
    for stage, kind, began, cards, at in events:
        out.append("stage %d  %-7s %d card%s  began %d ms  reported %d ms (+%d)"
                   % (stage + 1, kind, cards, "" if cards == 1 else "s", began, at,
                      at - began))
    for stage in sorted(dets):
        d = dets[stage]
        sig = d.sigma()
        out.append("stage %d: %d events; noise floor %s; %s; %.1f samples a second"
                   % (stage + 1, sum(1 for e in events if e[0] == stage),
                      "not learned" if sig is None else "%.3f g" % sig,
                      "quiet" if d.quiet() else "a change pending",
                      1000.0 / d.period if d.period else 0))
    return out


def main(argv):
    if not argv:
        print("usage: stage_replay.py FILE.csv [--card GRAMS] [--stage 1|2]")
        return 2
    path = None
    card = CARD_DEFAULT
    stages = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--card":
            card = float(argv[i + 1])
            i += 1
        elif a == "--stage":
            stages = (int(argv[i + 1]) - 1,)
            i += 1
        else:
            path = a
        i += 1
    with open(path) as f:
        events, dets = replay(f, card, stages)
    for line in describe(events, dets):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
