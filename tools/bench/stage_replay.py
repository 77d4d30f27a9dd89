# Replays a recording of the stages through what the box runs on them (both stages'
# detectors together, pawpad.core.stage.sense) and prints what it decided and when, so
# that a table can send a recording of a case the box got wrong, and its recordings
# become test data (host_tests/fixtures/stages/).
#
# Reads a CSV of `t_ms,grams` (one stage), or the hardware check's recording
# `t_ms,stage1,stage2` (a sample of one stage a line, the other column empty). A header
# line and lines starting with # are skipped. Where the box would ask the players (an
# "unsure"), the replay takes the box's own guess as their answer and says so.
# Runs on CPython and the MicroPython unix port.
# Usage: python tools/bench/stage_replay.py FILE.csv [--card GRAMS] [--stage 1|2] [--quiet]
import sys

from pawpad.core.stage.detector import UNSURE  # noqa: E402
from pawpad.core.stage.sense import StageSense  # noqa: E402

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


def replay(lines, card=CARD_DEFAULT, stages=None, answer=None):
    """Returns ([(stage, kind, began, cards, reported_at)], detectors by stage).
    answer(stage, guess, t_ms): what the players say to an "unsure" (cards on, negative
    off); by default the box's own guess."""
    sense = StageSense(card, 2)
    seen = {}
    events = []
    for stage, t, g in read_samples(lines):
        if stages is not None and stage not in stages or stage > 1:
            continue
        seen[stage] = sense.detectors[stage]
        for kind, st, cards, began in sense.feed(stage, t, g) + sense.poll(t):
            events.append((st, kind, began, cards, t))
            if kind == UNSURE:
                sense.told(st, cards if answer is None else answer(st, cards, t))
    return events, dict(sorted(seen.items()))


def describe(events, dets):
    out = []
    for stage, kind, began, cards, at in events:
        if kind == UNSURE:
            out.append("stage %d  unsure  %+d card%s  began %d ms  reported %d ms (+%d): the "
                       "box asks the players (the guess taken as their answer here)"
                       % (stage + 1, cards, "" if abs(cards) == 1 else "s", began, at,
                          at - began))
            continue
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
