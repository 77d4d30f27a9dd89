# A finished game's record as the box keeps it, for the export's tests (from
# test_export.py).

from pawpad.app.shell import flow as flows
from pawpad.core.colours import NAMES
from pawpad.store.log import schema
from pawsim import robots


def record(name, players, settings, seed, start="2026-11-30 20:%02d:05"):
    """A finished game's history record, as the box writes it at the end (the flow's
    scores, winners and places of the engine's final state)."""
    state, _events = robots.play(name, players, settings, robots.Chooser(seed))
    assert state["ended"], name
    flow = flows.load(name)
    places = [0] * players
    for place, seat in flow.places(state):
        places[seat] = place
    rec = {"game": name, "players": players, "scores": flow.scores(state),
           "winners": flow.winners(state), "places": places, "title": flow.title(state),
           "colours": list(NAMES[:players]), "ms": 600000 + 60000 * seed,
           "id": "%08x" % (0xA000 + seed), "start": start % seed,
           "end": "2026-11-30 23:59:59"}
    if name == "circus_puppy":  # who took the first turn (results.summary keeps it)
        rec["first"] = state["settings"]["first"]
    rec.update(flow.history_final(state))
    assert schema.check_summary(rec) is None, schema.check_summary(rec)
    return rec
