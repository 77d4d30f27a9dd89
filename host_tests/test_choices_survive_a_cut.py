# Nothing keyed is lost, choices included: every screen where a choice is made before
# its event is written keeps it in the draft as it is made (store/records/draft.py),
# and a power cut right after the choice brings the screen back with it. Each `play`
# on the same folder is the box powered again: the cut falls after the loop cycle of
# the last key. Test_drafts.py has the entries keyed (teams, dogs, counts); here are
# the choices: Top Dog's medals and who walked a dog, Circus Puppy's action, fall and
# stage card, solo's count. Both runtimes.
import json

from pawpad.store.files import Storage
from pawpad.store.records import draft
from pawsim.script import parse
from pawsim.scripts import timed
from support.device import fresh_dir, play

RESUME = "1600 ok\n1700 end"  # the resume offer's OK, after the power comes back


def crafted(data, good, key, value):
    """The screen a resume opens on (its name; the screen itself in `opened`) with the
    draft `good` whose kept choices have `key` set to `value` (a crafted draft on
    flash)."""
    d = dict(good)
    d["v"] = dict(good["v"])
    d["v"][key] = value
    with open(Storage(data).path(draft.DRAFT), "w") as f:
        f.write(json.dumps(d))
    opened[0] = play(RESUME, data).dev.app.top
    return opened[0].name


opened = [None]  # the screen the last crafted() resume opened on


def damaged(data, good):
    """Each damaged text in place of the draft `good`: the screens the resumes open on."""
    text = json.dumps(good)
    out = []
    for bad in ("", "{", "[1]", '{"v": 3}', "\xff\xfe", text[:-5], text.replace("v", "w")):
        with open(Storage(data).path(draft.DRAFT), "w") as f:
            f.write(bad)
        out.append(play(RESUME, data).dev.app.top.name)
    return out


# --- Top Dog: the medals the players give, who walked a dog ---

def top_dog_judging(*choices):
    """Top Dog for two, round 1 with the stats left at ?: the medals screen, then the
    keys `choices`; the cut after them."""
    from support.top_dog import OPEN, two_players

    data = two_players()
    script, t = timed(2000, ["ok"] + ["ok"] * 4 + ["ok"] + list(choices))
    p = play(OPEN + script + "%d end" % t, data)
    assert p.dev.app.top.name == "top-dog-judge", p.dev.app.top.name
    return data, p.dev.app.top


def test_the_medal_chosen_comes_back_after_a_cut():
    # the table: P to Blue (UP from nobody wraps to Blue's dog), and the cut
    data, before = top_dog_judging("up")
    assert before.i == 0 and before.picks[0] == 2
    top = play(RESUME, data).dev.app.top
    assert top.name == "top-dog-judge", top.name
    assert top.i == 0 and top.picks == [2, 0, 0, 0], (top.i, top.picks)


def test_medals_chosen_and_the_one_showing_come_back_and_are_judged_as_chosen():
    # P to Blue, OK, A to Red (DOWN: the next), OK: the cut on W
    data, before = top_dog_judging("up", "ok", "down", "ok")
    assert before.i == 2
    p = play(RESUME, data)
    top = p.dev.app.top
    assert top.name == "top-dog-judge" and top.i == 2 and top.picks == [2, 1, 0, 0], top.picks
    p.play(parse("1800 ok\n1900 ok\n2000 end"))  # W and S to nobody: judged
    st = p.dev.app.session.state
    assert st["last_medals"] == {"P": [1, "new"], "A": [0, "new"]}, st["last_medals"]
    assert not Storage(data).exists(draft.DRAFT)  # the medals are in: the draft went


def test_a_damaged_or_crafted_medals_draft_is_not_taken():
    data, _ = top_dog_judging("up", "ok")
    good = json.loads(Storage(data).read_text(draft.DRAFT))
    assert good["kind"] == "medals"
    for key, value in (("picks", [3, 0, 0, 0]), ("picks", [2, 0, 0]), ("picks", [-1, 0, 0, 0]),
                       ("picks", [True, 0, 0, 0]), ("picks", "x"), ("i", 4), ("i", None)):
        assert crafted(data, good, key, value) == "top-dog-judge"
        top = opened[0]  # not taken: the medals afresh
        assert top.i == 0 and top.picks == [0, 0, 0, 0], (key, value, top.picks)
    for name in damaged(data, good):
        assert name == "top-dog-judge"


def top_dog_rescue_asked():
    """Top Dog for two, round 1 judged with nobody winning a medal: both tied at no
    champion, the Pound holds 4 and the rescue asks who last walked a dog."""
    from support.top_dog import OPEN, two_players

    data = two_players()
    script, t = timed(2000, ["ok"] + ["ok"] * 4 + ["ok"] + ["ok"] * 4)
    p = play(OPEN + script + "%d end" % t, data)
    if p.dev.app.top.name == "top-dog-summary":
        p.play(parse("%d ok\n%d end" % (p.t + 100, p.t + 200)))
    top = p.dev.app.top
    assert top.name == "top-dog-rescue" and top.ask, top.name
    return data, p


def test_who_walked_a_dog_comes_back_after_a_cut():
    data, p = top_dog_rescue_asked()
    p.play(parse("%d down\n%d end" % (p.t + 100, p.t + 200)))  # Blue walked a dog; the cut
    assert p.dev.app.top.first == 1
    p = play(RESUME, data)
    top = p.dev.app.top
    assert top.name == "top-dog-rescue" and top.first == 1, top.name
    order = top.order()
    p.play(parse("1800 ok\n1900 end"))
    assert p.dev.app.session.events()[-1] == {"t": "rescued", "first": 1}
    assert order[0] == 1  # Blue, who walked a dog, rescues first


def test_a_crafted_rescue_draft_is_not_taken():
    data, p = top_dog_rescue_asked()
    p.play(parse("%d up\n%d end" % (p.t + 100, p.t + 200)))
    good = json.loads(Storage(data).read_text(draft.DRAFT))
    for key, value in (("first", 2), ("first", None), ("first", True), ("first", "1")):
        assert crafted(data, good, key, value) == "top-dog-rescue"
        assert opened[0].first == 0, (key, value)
    for name in damaged(data, good):
        assert name == "top-dog-rescue"
    with open(Storage(data).path(draft.DRAFT), "w") as f:
        f.write(json.dumps(good))
    assert play(RESUME, data).dev.app.top.first == 1  # the good one still is


# --- Circus Puppy: the action, the dogs that fell, the stage card ---

CIRCUS = "1600 down\n1700 ok\n1900 ok\n2000 p1\n"  # menu row 2, Start, Red starts


def circus(*names):
    """Circus Puppy for three with the menu buttons alone: from the board, the keys
    `names`; the cut after them."""
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3}')
    script, t = timed(2100, list(names))
    p = play(CIRCUS + script + "%d end" % t, data, cells=False)
    return data, p.dev.app.top


def circus_resumed(data):
    return play(RESUME, data, cells=False)


def test_the_action_and_the_helper_chosen_come_back_after_a_cut():
    # the drawn dog says Helper (DOWN x3 from Dogee Show), OK to the helper's row, and
    # Green's own button picks Green: the cut
    data, before = circus("ok", "down", "down", "down", "ok", "p3")
    assert before.name == "circus-action" and before.helper == 2
    p = circus_resumed(data)
    top = p.dev.app.top
    assert top.name == "circus-action", top.name
    assert (top.action, top.field, top.helper) == (2, 1, 2), (top.action, top.field, top.helper)
    p.play(parse("1800 ok\n1900 end"))  # performed as chosen before the cut
    e = p.dev.app.session.events()[-1]
    assert e["t"] == "perform" and e["action"] == "helper" and e["helper"] == 2, e
    assert p.dev.app.top.name == "circus-perform"
    assert not Storage(data).exists(draft.DRAFT)  # the step is in: its draft went


def test_the_action_chosen_comes_back_before_its_ok():
    data, before = circus("ok", "down")  # New Stage showing, not yet OK'd: the cut
    assert before.action == 4
    top = circus_resumed(data).dev.app.top
    assert top.name == "circus-action" and top.action == 4 and top.field == 0, top.name


def test_an_action_left_with_back_does_not_come_back():
    data, before = circus("ok", "down", "back")
    assert before.name == "circus", before.name
    assert circus_resumed(data).dev.app.top.name == "circus"


def test_a_crafted_action_draft_is_not_taken():
    data, _ = circus("ok", "down", "down", "down", "ok", "p3")
    good = json.loads(Storage(data).read_text(draft.DRAFT))
    for key, value in (("action", 6), ("action", -1), ("chosen", 1), ("helper", 0),
                       ("helper", 3), ("field", 2), ("field", 4), ("source", "faceup"),
                       ("source", "hand"), ("repeat", "helper"), ("repeat", "x")):
        assert crafted(data, good, key, value) == "circus", (key, value)
    for name in damaged(data, good):
        assert name == "circus"
    with open(Storage(data).path(draft.DRAFT), "w") as f:
        f.write(json.dumps(good))
    assert circus_resumed(data).dev.app.top.name == "circus-action"  # the good one still is


# the action New Stage (DOWN once from Dogee Show), performed; "New stage card" on the
# list (DOWN x4), OK: the stage cards drawn
NEW_STAGE = ["ok", "down", "ok"] + ["down"] * 4 + ["ok"]


def test_the_stage_card_picked_comes_back_after_a_cut():
    data, before = circus(*(NEW_STAGE + ["down"]))  # the second card of the pile: the cut
    assert before.name == "circus-stage-card" and before.sel == 1 and before.card is None
    card = before.cards[1]
    p = circus_resumed(data)
    top = p.dev.app.top
    assert top.name == "circus-stage-card", top.name
    assert top.sel == 1 and top.card is None, (top.sel, top.card)
    # OK: that card; both stages hold two dogs, so the stage is asked: UP, the low one
    p.play(parse("1800 ok\n1900 up\n2000 ok\n2100 end"))
    e = p.dev.app.session.events()[-1]
    assert e == {"t": "new_stage", "card": card, "stage": 0}, e


def test_the_card_and_the_stage_chosen_come_back_after_a_cut():
    # the first card OK'd, and on the question UP: the low stage; the cut
    data, before = circus(*(NEW_STAGE + ["ok", "up"]))
    assert before.card is not None and before.sel == 0
    card = before.card
    p = circus_resumed(data)
    top = p.dev.app.top
    assert top.name == "circus-stage-card" and top.card == card and top.sel == 0, top.name
    p.play(parse("1800 ok\n1900 end"))
    assert p.dev.app.session.events()[-1] == {"t": "new_stage", "card": card, "stage": 0}


def test_a_crafted_stage_card_draft_is_not_taken():
    data, _ = circus(*(NEW_STAGE + ["ok", "up"]))
    good = json.loads(Storage(data).read_text(draft.DRAFT))
    for key, value in (("sel", 2), ("sel", -1), ("card", "+9 dogs"), ("card", 1),
                       ("on", 0), ("on", 2)):
        assert crafted(data, good, key, value) == "circus-perform", (key, value)
    for name in damaged(data, good):
        assert name == "circus-perform"


# Dogee Show performed; "Dogs fell" on the list (DOWN x5), OK
DOGS_FELL = ["ok", "ok"] + ["down"] * 5 + ["ok"]


def test_the_fall_chosen_comes_back_after_a_cut():
    # the stage row: UP, the low stage; OK to the dogs; UP: two of them; the cut
    data, before = circus(*(DOGS_FELL + ["up", "ok", "up"]))
    assert before.name == "circus-fall" and (before.which, before.dogs) == (0, 2)
    t_ms = before.t_ms
    p = circus_resumed(data)
    top = p.dev.app.top
    assert top.name == "circus-fall", top.name
    assert (top.which, top.dogs, top.field, top.t_ms) == (0, 2, 1, t_ms)
    p.play(parse("1800 ok\n1900 ok\n2000 end"))  # on to Save, and saved
    e = p.dev.app.session.events()[-1]
    assert e == {"t": "fall", "stage": 0, "dogs": 2, "t_ms": t_ms}, e


def test_a_crafted_fall_draft_is_not_taken():
    data, _ = circus(*(DOGS_FELL + ["up", "ok", "up"]))
    good = json.loads(Storage(data).read_text(draft.DRAFT))
    for key, value in (("which", 2), ("dogs", 0), ("dogs", 9), ("cards", 1), ("field", 3),
                       ("t_ms", -1), ("t_ms", 1.5), ("t_ms", None)):
        assert crafted(data, good, key, value) == "circus-perform", (key, value)
    for name in damaged(data, good):
        assert name == "circus-perform"


# --- Pick-a-Dog solo: the cards collected ---

def solo_counted(*names):
    """Solo: GO, the stopwatch stopped 3.1 s on, then the keys `names`; the cut."""
    from support.pick_a_dog import data_with, open_variant

    data = data_with('{"players": 1}')
    script, t = timed(5100, list(names))
    p = play(open_variant(2) + "1900 ok\n5000 ok\n" + script + "%d end" % t, data)
    return data, p.dev.app.top


def test_solos_count_and_time_come_back_after_a_cut():
    data, before = solo_counted("up", "up")
    assert before.name == "pad-solo-count" and before.count == 3
    p = play(RESUME, data)
    top = p.dev.app.top
    assert top.name == "pad-solo-count", top.name
    assert top.count == 3 and top.ms == before.ms == 5000 - 1900, (top.count, top.ms)
    p.play(parse("1800 ok\n1900 end"))
    assert p.dev.app.session.events()[-1] == {"t": "result", "collected": [3]}


def test_a_solo_round_left_or_a_crafted_count_does_not_come_back():
    data, before = solo_counted("up")
    good = json.loads(Storage(data).read_text(draft.DRAFT))
    for key, value in (("count", 0), ("count", 33), ("count", True), ("ms", -1), ("ms", "1")):
        assert crafted(data, good, key, value) == "pad-ready", (key, value)
    for name in damaged(data, good):
        assert name == "pad-ready"
    data, before = solo_counted("up", "back")  # the round left: played again
    assert before.name == "pad-ready" and play(RESUME, data).dev.app.top.name == "pad-ready"


# --- within an entry: what a line shows before its OK ---

def test_a_dogs_stat_and_the_field_come_back_before_its_ok():
    # Top Dog for two: Red's P raised to 5 (? -> 0 -> 5), no OK yet: the cut
    from support.top_dog import OPEN, two_players

    data = two_players()
    script, t = timed(2000, ["ok"] + ["up"] * 6)
    p = play(OPEN + script + "%d end" % t, data)
    assert p.dev.app.top.name == "top-dog-play" and p.dev.app.top.field == 1
    top = play(RESUME, data).dev.app.top
    assert top.name == "top-dog-play", top.name
    assert top.i == 0 and top.field == 1 and top.entries[0] == ["new", 5, -1, -1, -1]


def test_a_teams_cards_come_back_before_its_ok():
    # Top Dogs for three: Red's first card UP (the others follow it), OK, the second UP
    from support.games import OPEN_TOP_DOGS, three_players

    data = three_players()
    script, t = timed(2100, ["ok", "up", "ok", "up"])
    p = play(OPEN_TOP_DOGS + script + "%d end" % t, data)
    before = p.dev.app.top
    assert before.name == "team-entry" and before.field == 1
    cards = [list(team) for team in before.cards]
    top = play(RESUME, data).dev.app.top
    assert top.name == "team-entry", top.name
    assert (top.seat, top.field, top.cards, top.reached[0]) == (0, 1, cards, 1), top.cards


def test_a_count_comes_back_before_its_ok():
    # a STOP by Blue, right (OK); the first count UP twice, no OK yet: the cut
    from pawpad.app.flows.pick_a_dog import stop as pad_stop
    from pawsim.scripts import GO_MS
    from support.pick_a_dog import data_with, open_variant

    data = data_with('{"players": 4}')
    go = 1900 + GO_MS
    script, t = timed(go + 300 + pad_stop.LATE_MS + 300, ["ok", "up", "up"])
    p = play(open_variant(0) + "1900 ok\n%d p2\n" % (go + 300) + script + "%d end" % t, data)
    before = p.dev.app.top
    assert before.name == "pad-counts" and before.sel == 0 and before.values[0] == 2
    top = play(RESUME, data).dev.app.top
    assert top.name == "pad-counts" and top.sel == 0, top.name
    assert top.values == before.values, (top.values, before.values)


# --- Pick-a-Dog: the caller of a tie, chosen ---

def tie_chosen(*names):
    """Red and Green tied (5 ms window, the players choose), Red with a false start
    before GO; then the keys `names`; the cut."""
    from pawsim.scripts import GO_MS
    from support.pick_a_dog import data_with, open_variant

    data = data_with('{"players": 4, "tie_us": 5000, "tie_rule": "choose"}')
    go = 1900 + GO_MS
    script, t = timed(go + 600, list(names))
    p = play(open_variant(0) + "1900 ok\n%d p1\n%d hold p1\n%d hold p3\n%d let p1\n"
             "%d let p3\n" % (go - 300, go + 100, go + 100, go + 200, go + 200) + script +
             "%d end" % t, data)
    return data, p


def test_the_caller_chosen_of_a_tie_comes_back_after_a_cut():
    data, p = tie_chosen("down")  # Green chosen: the cut
    before = p.dev.app.top
    assert before.name == "pad-stopped" and before.tied == [0, 2] and before.choice == 1
    # the STOP as the uninterrupted game would have it
    p.play(parse("%d ok\n%d end" % (p.t + 100, p.t + 200)))
    want = p.dev.app.session.events()[-1]
    assert want["seat"] == 2 and want["false"] == [0], want
    data, p = tie_chosen("down")
    p = play(RESUME, data)
    top = p.dev.app.top
    assert top.name == "pad-stopped" and top.caller is None, top.name
    assert top.tied == [0, 2] and top.choice == 1, (top.tied, top.choice)
    assert p.dev.app.session.state["phase"] == "ready"  # the STOP is not in: it is chosen
    p.play(parse("1800 ok\n1900 end"))
    assert p.dev.app.session.events()[-1] == want
    assert p.dev.app.session.state["caller"] == 2
    p.play(parse("2000 ok\n2100 end"))  # the verdict: on to the counts
    assert p.dev.app.top.name == "pad-counts"


def test_a_tie_left_or_a_crafted_tie_does_not_come_back():
    data, p = tie_chosen("down")
    good = json.loads(Storage(data).read_text(draft.DRAFT))
    assert good["kind"] == "tie"
    for key, value in (("tied", [0, 0]), ("tied", [0]), ("tied", [0, 4]), ("choice", 2),
                       ("choice", -1), ("presses", [[0, 1.5]]), ("presses", [[9, 0]]),
                       ("presses", [[0, 10 ** 13]]), ("presses", [[0, 1]] * 13)):
        assert crafted(data, good, key, value) == "pad-ready", (key, value)
    for name in damaged(data, good):
        assert name == "pad-ready"
    data, p = tie_chosen("down", "back")  # BACK: the round is played again from GO
    assert p.dev.app.top.name == "pad-ready"
    assert play(RESUME, data).dev.app.top.name == "pad-ready"


def plus_one_fired(*names):
    """Circus Puppy: Red's Dogee Show, two dogs fall off the high stage ("Dogs fell":
    UP to two, saved); Blue's Dogee Show stacked straight onto the +1 card: its action
    is asked again. Then the keys `names`; the cut."""
    fell = ["ok", "ok"] + ["down"] * 5 + ["ok", "ok", "up", "ok", "ok"]
    return circus(*(fell + ["ok", "ok", "down", "ok"] + list(names)))


def test_the_plus_ones_action_is_asked_again_after_a_cut():
    data, before = plus_one_fired()
    assert before.name == "circus-action" and before.repeat == "dogee show", before.name
    p = circus_resumed(data)
    top = p.dev.app.top
    assert top.name == "circus-action" and top.repeat == "dogee show", top.name
    p.play(parse("1800 ok\n1900 end"))  # performed again: the turn goes on
    st = p.dev.app.session.state
    assert st["turn"]["repeat"] == 0 and st["turn"]["held"] == 1, st["turn"]
