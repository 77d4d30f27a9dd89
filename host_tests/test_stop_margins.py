# By how much a STOP was won goes with the round's verdict into the log, and every
# STOP of a game (caller, reaction, margin, verdict) into its history record, which
# outlives the log: the report draws the margins and reactions of finished games from
# it. Both runtimes.
from pawpad.games import pick_a_dog
from pawpad.store.files import Storage
from pawpad.store.records.history import read_history
from pawsim.script import parse
from pawsim.scripts import timed
from support.device import play
from support.navigation import top
from support.pick_a_dog import data_with, open_variant, state
from support.stop import raced_round


def test_the_margin_goes_with_the_verdict_and_every_stop_into_the_history():
    data = data_with('{"players": 2}')
    one, t = raced_round(1900, 2, 1, 30)
    two, t = raced_round(t, 1, None, 0, right=False)  # nobody pressed after: no margin
    p = play(open_variant(0) + one + two + "%d back\n" % t, data)
    assert state(p)["round"] == 2 and top(p) == "pad-ready"
    results = [e for e in p.dev.app.session.events() if e["t"] == "result"]
    assert results[0]["margin_ms"] == 30 and "margin_ms" not in results[1]
    end, _ = timed(p.t + 100, ["back", "up", "up", "ok", "ok"])  # End game
    p.play(parse(end))
    assert top(p) == "menu"
    game = read_history(Storage(data))[-1]
    assert game["stops"] == [[1, 100, 30, True], [0, 100, -1, False]]


def test_the_engine_takes_a_margin_only_as_whole_ms_after_a_stop():
    st = pick_a_dog.start(2)
    st = pick_a_dog.apply(st, {"t": "stop", "seat": 0, "react_ms": 250})
    base = {"t": "result", "right": True, "collected": [1, 1]}
    for bad in (-1, 1.5, "9", True, None, pick_a_dog.MARGIN_MAX_MS + 1):
        e = dict(base)
        e["margin_ms"] = bad
        try:
            pick_a_dog.step(st, e)
        except ValueError:
            continue
        raise AssertionError("a margin of %r was taken" % (bad,))
    e = dict(base)
    e["margin_ms"] = 12
    assert pick_a_dog.step(st, e)["round"] == 1
    timeup = pick_a_dog.apply(pick_a_dog.start(2), {"t": "stop", "seat": None})
    try:
        pick_a_dog.step(timeup, {"t": "result", "collected": [0, 0], "margin_ms": 3})
    except ValueError:
        return
    raise AssertionError("a margin was taken with nobody's STOP")
