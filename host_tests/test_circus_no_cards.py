# Circus Puppy's New Stage with the pile of stage cards used up (found by random play:
# OK on the stage card screen raised IndexError, UP and DOWN took a number % 0). The
# rules let the turn go on without a card; the screen says so, OK and BACK go back to
# the performance, UP and DOWN do nothing, and the dog is played on. Both runtimes.
from pawpad.games import circus_puppy as rules
from pawpad.store.files import Storage
from pawpad.store.session import Session
from pawsim import fit
from pawsim.script import parse
from pawsim.scripts import timed
from support.circus_puppy import state
from support.device import fresh_dir, play

NEW_STAGE = ["down"] * 4  # Perform's list: "Stacked on low" down to "New stage card"


def drawn(app):
    """The texts on the panel as the app draws its screen now: (text, x, y, w, h)."""
    c = fit.FitCanvas()
    app.draw(c)
    return c.boxes


def _offer(s, event):
    why = s.offer(event)
    assert why is None, (event, why)


def used_up_pile():
    """A saved 3-player game whose turns of New Stage drew every stage card (each put
    where the rules say, the dog stacked on the low stage, a +1 repeat performed
    again), left at the start of a turn."""
    data = fresh_dir()
    s = Session.new(Storage(data), "circus_puppy", 3)
    t = 1000
    for _ in range(200):  # a few turns; bounded, should the rules ever refuse
        st = s.state
        if not st["stage_cards"] and st["phase"] == "turn":
            break
        t += 100
        turn = st["turn"]
        if st["phase"] == "after":
            _offer(s, {"t": "settled"})
        elif st["phase"] == "turn":
            _offer(s, {"t": "perform", "action": "new stage"})
        elif turn["repeat"]:
            _offer(s, {"t": "perform", "action": turn["repeat_action"]})
        elif turn["stages"] < turn["need_stage"] and st["stage_cards"]:
            low, high = [rules.dogs_on(stage) for stage in st["stages"]]
            event = {"t": "new_stage", "card": st["stage_cards"][0]}
            if low == high:
                event["stage"] = 1
            _offer(s, event)
        elif turn["held"]:
            _offer(s, {"t": "stack", "stage": 0})
        else:
            _offer(s, {"t": "done", "t_ms": t})
    s.flush()
    assert s.state["stage_cards"] == [] and s.state["phase"] == "turn"
    return data


def _keys(p, names):
    script, _ = timed(p.t + 100, names)
    p.play(parse(script))


def test_new_stage_with_no_stage_card_left_says_so_and_the_turn_goes_on():
    data = used_up_pile()
    p = play("1600 ok\n1800 end\n", data, cells=False)  # the box resumes the game
    assert p.dev.app.top.name == "circus"
    seat = state(p)["active"]
    before = state(p)["scores"][seat]
    # the board's OK; the action: DOWN from Dogee Show to New Stage; OK: perform; the
    # list's "New stage card", OK
    _keys(p, ["ok", "down", "ok"] + NEW_STAGE + ["ok"])
    app = p.dev.app
    assert app.top.name == "circus-stage-card"
    # nothing to choose: UP and DOWN (and held, repeating) do nothing
    _keys(p, ["up", "down", "down", "up"])
    assert app.top.name == "circus-stage-card"
    p.play(parse("%d hold down\n%d let down\n" % (p.t + 100, p.t + 1500)))
    assert app.top.name == "circus-stage-card"
    # and the screen says why
    boxes = drawn(app)
    texts = [b[0] for b in boxes]
    assert "No stage cards left:" in texts and "OK: back" in texts, texts
    assert fit.check(boxes) == []  # on the panel, whole, apart
    # OK goes back to the performance, the game unchanged
    _keys(p, ["ok"])
    assert app.top.name == "circus-perform"
    assert state(p)["turn"]["stages"] == 0 and state(p)["stage_cards"] == []
    # again, and BACK goes back too
    _keys(p, ["ok"])
    assert app.top.name == "circus-stage-card"
    _keys(p, ["back"])
    assert app.top.name == "circus-perform"
    # the dog is played on: the prompt no longer asks for a card; "Stacked on low"
    # (UP x4 to the top of the list), OK; "Done" (UP), OK; the hold
    assert rules.prompt(state(p)).endswith("stack"), rules.prompt(state(p))
    _keys(p, ["up"] * 4 + ["ok", "up", "ok"])
    assert app.top.name == "circus-hold", app.top.name
    p.play(parse("%d end" % (p.t + 5500)))
    st = state(p)
    assert st["active"] == (seat + 1) % 3 and st["scores"][seat] > before
    assert st["stage_cards"] == []
