# Recordings of the hard cases (host_tests/fixtures/stages/, written by
# tools/bench/stage_fixtures.py, or sent by a table), replayed as the box runs its
# stages (tools/bench/stage_replay.py: both detectors together) and held to their
# "# expect:" lines: every change reported with its count (or asked about, where the
# line allows it), and nothing else. Both runtimes.
import os

from bench.stage_replay import replay

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
FOLDER = HERE + "/fixtures/stages"
SAME = {"fell": "removed", "moved": "added"}  # what the pair of stages adds to a change


def expectations(path):
    """(card grams, [(stage, kind, cards, askable)]) from the file's comment lines."""
    from bench.stage_turns import fixture_wants

    with open(path) as f:
        return fixture_wants(f)


def lines(path):
    with open(path) as f:
        for line in f:
            yield line


def test_every_recorded_hard_case_is_decided_as_it_happened():
    names = sorted(n for n in os.listdir(FOLDER) if n.endswith(".csv"))
    assert len(names) >= 9
    for name in names:
        path = FOLDER + "/" + name
        card, want = expectations(path)
        open_ = [w for w in want if w[3]]  # what the players would answer, in order

        def answer(stage, guess, t_ms, open_=open_):
            for w in open_:
                if w[0] == stage:
                    open_.remove(w)
                    return w[2] if w[1] == "added" else -w[2]
            return 0  # nothing of the game happened there

        events, _dets = replay(lines(path), card=card, answer=answer)
        got = [(e[0], SAME.get(e[1], e[1]), e[3]) for e in events]
        for stage, kind, cards, askable in want:
            if (stage, kind, cards) in got:
                got.remove((stage, kind, cards))
                continue
            asked = [g for g in got if g[0] == stage and g[1] == "unsure"]
            assert askable and asked, (name, (stage, kind, cards), events)
            got.remove(asked[0])
        assert got == [], (name, "reported though it never happened", got)
