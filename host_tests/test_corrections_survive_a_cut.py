# Nothing keyed is lost, corrections included (issue 36): what a correction screen has
# taken before its OK is on flash in a draft of its own (store/records/draft.py's FIX,
# with the index of the event it corrects), and a power cut brings the correction back
# over the state's screen as far as it had gone; its OK then corrects as the
# uninterrupted correction would have. A crafted or damaged one is not taken. And
# Circus Puppy's question about an odd weight is asked again after a cut, with the
# answer chosen. Each `play` on the same folder is the box powered again: the cut falls
# after the loop cycle of the last key. Both runtimes.
import json

from pawpad.store.files import Storage
from pawpad.store.records import draft
from pawsim.script import parse
from pawsim.scripts import timed
from support.device import fresh_dir, play

RESUME = "1600 ok\n1700 end"  # the resume offer's OK, after the power comes back
MENU_FIX = ["back", "down", "down", "down", "ok"]  # game menu -> "Correct a round"


def cut_and_resume(script, data, cells=True):
    """The keys `script` played and the power cut after them, twice over: on `data`,
    and on a copy played on with `more` (see the tests). Returns the screen before the
    cut and the device played on after the resume."""
    before = play(script + "end", data, cells=cells)
    return before, play(RESUME, data, cells=cells)


def uninterrupted(script, more, data, cells=True):
    """The state the same keys and `more` give without a cut."""
    p = play(script + "end", data, cells=cells)
    p.play(parse(timed(p.t + 100, more)[0] + "%d end" % (p.t + 100 * len(more) + 300)))
    return p.dev.app.session.state


def go_on(p, more):
    script, t = timed(p.t + 100, more)
    p.play(parse(script + "%d end" % t))
    return p


def no_fix_left(data):
    return not Storage(data).exists(draft.FIX)


# --- Pick-a-Dog: a round's counts ---

def pad_script():
    """Two rounds of Pick-a-Dog for two, then the correction of round 1: Blue's count
    (the second line) up twice; no OK yet."""
    from support.pick_a_dog import data_with, open_variant, two_rounds

    data = data_with('{"players": 2}')
    keys, t = two_rounds()
    script = open_variant(0) + keys
    # the result -> the board -> game menu -> "Correct a round" -> round 1 (UP)
    keys, t = timed(t, ["back"] + MENU_FIX + ["up", "ok", "ok", "up", "up"])
    return data, script + keys, t


def test_a_counts_correction_comes_back_after_a_cut():
    data, script, t = pad_script()
    before, p = cut_and_resume(script + "%d " % t, data)
    was = before.dev.app.top
    assert was.name == "pad-counts" and was.fix is not None and was.values == [2, 3]
    top = p.dev.app.top
    assert top.name == "pad-counts", top.name
    assert (top.fix, top.sel, top.values) == (was.fix, 1, [2, 3]), (top.fix, top.values)
    assert p.dev.app.nav.stack[1].name == "pad-ready"  # over the state's screen
    go_on(p, ["ok"])  # saved: the round corrected as it would have been
    assert p.dev.app.toast_text == "Corrected"
    data2, script2, t2 = pad_script()
    assert p.dev.app.session.state == uninterrupted(script2 + "%d " % t2, ["ok"], data2)
    assert no_fix_left(data)


def test_a_correction_left_with_back_does_not_come_back():
    data, script, t = pad_script()
    keys, t = timed(t, ["back", "back"])  # to the first line, and out of it
    before = play(script + keys + "%d end" % t, data)
    assert before.dev.app.top.name == "rounds"
    assert no_fix_left(data)
    assert play(RESUME, data).dev.app.top.name == "pad-ready"


# --- Top Dogs: a round's teams ---

def top_dogs_script():
    """Three rounds of Top Dogs, then the correction of round 1: seats 1 and 2 passed,
    seat 3's first card up twice, OK, its second up once; no OK yet."""
    from support.games import three_players, three_rounds

    data = three_players()
    script, t = three_rounds()
    keys, t = timed(t, MENU_FIX + ["up", "up", "ok"] + ["ok"] * 6 + ["up", "up", "ok", "up"])
    return data, script + keys, t


def test_a_teams_correction_comes_back_after_a_cut():
    data, script, t = top_dogs_script()
    before, p = cut_and_resume(script + "%d " % t, data)
    was = before.dev.app.top
    assert was.name == "team-entry" and was.fix == 0 and (was.seat, was.field) == (2, 1)
    top = p.dev.app.top
    assert top.name == "team-entry", top.name
    assert (top.fix, top.seat, top.field, top.cards) == (0, 2, 1, was.cards), top.cards
    more = ["up", "ok", "up", "up", "ok"]  # the second and third cards up: 7-7-7, saved
    go_on(p, more)
    assert p.dev.app.toast_text == "Corrected"
    data2, script2, t2 = top_dogs_script()
    st = uninterrupted(script2 + "%d " % t2, more, data2)
    assert p.dev.app.session.state == st and st["cups"] == [0, 1, 2], st["cups"]
    assert no_fix_left(data)


# --- Top Dog: a round's dogs, a round's medals ---

def top_dog_dogs_script():
    """Top Dog for two, round 1 with the stats keyed, judged; then the correction of
    R1's dogs: Red's P from 5 down three."""
    from support.top_dog import OPEN, stats_entry, two_players

    data = two_players()
    script, t = stats_entry(2000, [("new", [5, 1, 1, 1]), ("new", [1, 5, 1, 1])])
    keys, t = timed(t + 200, ["ok", "ok"] + MENU_FIX + ["ok", "down", "down", "down"])
    return data, OPEN + script + keys, t


def test_a_dogs_correction_comes_back_after_a_cut():
    data, script, t = top_dog_dogs_script()
    before, p = cut_and_resume(script + "%d " % t, data)
    was = before.dev.app.top
    assert was.name == "top-dog-play" and was.fix == 0 and was.entries[0][1] == 2
    top = p.dev.app.top
    assert top.name == "top-dog-play", top.name
    assert (top.fix, top.i, top.field, top.entries) == (0, 0, 1, was.entries), top.entries
    more = ["down", "down"] + ["ok"] * 8  # P to 0; on through Red and Blue: saved
    go_on(p, more)
    assert p.dev.app.toast_text == "Corrected"
    data2, script2, t2 = top_dog_dogs_script()
    st = uninterrupted(script2 + "%d " % t2, more, data2)
    assert p.dev.app.session.state == st and st["champions"] == [0, 1], st["champions"]


def top_dog_medals_script():
    """Top Dog for two, round 1 with the stats left at ?: nobody given a medal, the
    rescue (Red walked a dog); then the correction of R1's medals: P to Blue."""
    from support.top_dog import OPEN, two_players

    data = two_players()
    names = ["ok"] + ["ok"] * 4 + ["ok"] + ["ok"] * 4  # the dogs; no medal won
    script, t = timed(2000, names)
    return data, OPEN + script, t


def test_a_medals_correction_comes_back_after_a_cut():
    data, script, t = top_dog_medals_script()
    p = play(script + "%d end" % t, data)
    if p.dev.app.top.name == "top-dog-summary":
        p.play(parse("%d ok\n%d end" % (p.t + 100, p.t + 200)))
    assert p.dev.app.top.name == "top-dog-rescue"
    # the rescue done; the rounds list opens on R1's medals: OK, and P to Blue
    go_on(p, ["ok"] + MENU_FIX + ["ok", "up"])
    was = p.dev.app.top
    assert was.name == "top-dog-judge" and was.fix == 1 and was.picks[0] == 2, was.name
    resumed = play(RESUME, data)
    top = resumed.dev.app.top
    assert top.name == "top-dog-judge", top.name
    assert (top.fix, top.i, top.picks) == (1, 0, was.picks), top.picks
    go_on(resumed, ["ok"] * 4)  # A, W and S to nobody: corrected
    assert resumed.dev.app.toast_text == "Corrected"
    won = resumed.dev.app.session.events()[1]["won"]
    assert won["P"] == [1, "new"] and won["A"] is None, won
    assert no_fix_left(data)


def test_a_correction_over_medals_being_given_keeps_both():
    # round 2 of Top Dog for two, judged by the players: P to Blue given (the step's
    # draft), the game menu, R1's dogs corrected in part: both come back after a cut
    from support.top_dog import OPEN, stats_entry, two_players

    data = two_players()
    script, t = stats_entry(2000, [("new", [5, 1, 1, 1]), ("new", [1, 5, 1, 1])])
    p = play(OPEN + script + "%d ok\n%d ok\n%d end" % (t + 200, t + 300, t + 400), data)
    # round 2: each breeds or plays anew (asked); stats left at ?: the medals screen
    go_on(p, ["ok"])
    while p.dev.app.top.name == "top-dog-play":
        go_on(p, ["ok"])
    assert p.dev.app.top.name == "top-dog-judge", p.dev.app.top.name
    go_on(p, ["up"])  # P to Blue: the medals' draft
    picks = list(p.dev.app.top.picks)
    go_on(p, MENU_FIX + ["up", "ok", "down"])  # R1's dogs, Red's P down one
    assert p.dev.app.top.name == "top-dog-play" and p.dev.app.top.fix == 0
    resumed = play(RESUME, data)
    stack = resumed.dev.app.nav.stack
    assert [s.name for s in stack[1:]] == ["top-dog-judge", "top-dog-judge", "top-dog-play"] \
        or [s.name for s in stack[1:]] == ["top-dog-judge", "top-dog-play"], stack
    assert resumed.dev.app.top.fix == 0 and resumed.dev.app.top.entries[0][1] == 4
    go_on(resumed, ["back"])  # the correction left: the medals as they were given
    top = resumed.dev.app.top
    assert top.name == "top-dog-judge" and top.fix is None and top.picks == picks
    assert no_fix_left(data)


# --- Circus Puppy: an action, a stack, a fall, a stage card ---

CIRCUS = "1600 down\n1700 ok\n1900 ok\n2000 p1\n"  # menu row 2, Start, Red starts
# Dogee Show performed, "Stacked on low", Done, and the hold's 5 s
TURN = ["ok", "ok", "ok"] + ["down"] * 6 + ["ok"]


def circus_script(*names):
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3}')
    script, t = timed(2100, TURN)
    keys, t = timed(t + 6000, list(names))
    return data, CIRCUS + script + keys, t


def circus_fix(names, more):
    """The correction `names` keyed, the cut, the resume, and `more`: the screen before
    the cut, the one after, and the state after `more` against the uninterrupted one."""
    data, script, t = circus_script(*names)
    before, p = cut_and_resume(script + "%d " % t, data, cells=False)
    was = before.dev.app.top
    top = p.dev.app.top
    assert top.name == was.name and top.fix == was.fix is not None, (top.name, was.name)
    kept = top.kept()  # what the correction showed after the cut
    assert kept == was.kept(), (kept, was.kept())
    go_on(p, more)
    assert p.dev.app.toast_text == "Corrected"
    data2, script2, t2 = circus_script(*names)
    assert p.dev.app.session.state == uninterrupted(script2 + "%d " % t2, more, data2,
                                                    cells=False)
    assert no_fix_left(data)
    return was.name, kept


def test_a_stacks_correction_comes_back_after_a_cut():
    # the rounds list opens on the turn's last step, the stack: the high stage
    name, kept = circus_fix(MENU_FIX + ["ok", "down"], ["ok"])
    assert name == "circus-stage-fix" and kept == {"sel": 1}


def test_an_actions_correction_comes_back_after_a_cut():
    # the stack, UP: the action; OK, and UP: Acrobatics (the cut); DOWN: Dogee Show
    # again, OK (Acrobatics would need a move the turn did not make)
    name, kept = circus_fix(MENU_FIX + ["up", "ok", "up"], ["down", "ok"])
    assert name == "circus-action" and (kept["action"], kept["field"]) == (0, 0), kept


def test_a_falls_correction_comes_back_after_a_cut():
    # the game menu's "Dogs fell" (row 5): the high stage, 1 dog, saved; corrected:
    # on to its dogs' row (the low stage's two? the high one holds one)
    fell = ["back", "down", "down", "down", "down", "ok", "ok", "ok", "ok"]
    name, kept = circus_fix(fell + MENU_FIX + ["ok", "up", "ok"], ["ok", "ok"])
    assert name == "circus-fall" and (kept["which"], kept["field"]) == (0, 1), kept


def test_a_stage_cards_correction_comes_back_after_a_cut():
    # Blue's turn: New Stage (DOWN once), a card drawn (the first: the stages hold
    # unequal dogs, the rules say where). Corrected: the card, the second of the pile
    new_stage = ["ok", "down", "ok"] + ["down"] * 4 + ["ok", "ok"]
    name, kept = circus_fix(new_stage + MENU_FIX + ["ok", "down"], ["ok"])
    assert name == "circus-stage-card" and kept["sel"] == 1 and kept["card"] is None, kept


def test_a_crafted_or_damaged_correction_is_not_taken():
    data, script, t = circus_script(*(MENU_FIX + ["up", "ok", "up"]))
    play(script + "%d end" % t, data, cells=False)
    path = Storage(data).path(draft.FIX)
    good = json.loads(Storage(data).read_text(draft.FIX))
    assert good["kind"] == "action" and good["fix"] == 0, good
    bad = []
    for key, value in (("fix", 99), ("fix", -1), ("fix", "0"), ("fix", True), ("fix", 3),
                       ("kind", "fall"), ("kind", 1), ("at", 0), ("id", "other")):
        d = dict(good)
        d[key] = value
        bad.append(json.dumps(d))
    for key, value in (("action", 6), ("helper", 0), ("field", 3), ("repeat", "helper")):
        d = dict(good)
        d["v"] = dict(good["v"])
        d["v"][key] = value
        bad.append(json.dumps(d))
    text = json.dumps(good)
    bad += ["", "{", "[1]", '{"v": 3}', "\xff\xfe", text[:-5]]
    for b in bad:
        with open(path, "w") as f:
            f.write(b)
        p = play(RESUME, data, cells=False)
        assert p.dev.app.top.name == "circus", (b, p.dev.app.top.name)
    with open(path, "w") as f:
        f.write(text)
    assert play(RESUME, data, cells=False).dev.app.top.name == "circus-action"


# --- Circus Puppy: an odd weight ---

def odd_weight(*names):
    """Circus Puppy for three on the load cells: Dogee Show performed, a dog onto the
    low stage with a finger on it that weighs another dog: asked; then `names`."""
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3}')
    p = play(CIRCUS + "2100 ok\n2300 ok\n2800 add 1 1\n2800 rest 1 4.0\n6000 end\n", data)
    if names:
        go_on(p, list(names))
    return data, p


def test_an_odd_weight_is_asked_again_after_a_cut_with_the_answer_chosen():
    data, p = odd_weight("down")  # one dog (DOWN from the guess, two): the cut
    was = p.dev.app.top
    assert was.name == "circus-ask" and was.cards == 1
    p = play(RESUME, data)  # the finger and the dog still on the stage
    top = p.dev.app.top
    assert top.name == "circus-ask", top.name
    assert (top.which, top.cards, top.began) == (was.which, 1, was.began)
    go_on(p, ["ok"])  # the stack, as if the stage had seen it
    assert p.dev.app.top.name == "circus-perform"
    assert p.dev.app.session.state["stages"][0] == ["dog"] * 3
    assert not Storage(data).exists(draft.DRAFT)


def test_an_odd_weight_asked_comes_back_unanswered_and_answered_does_not():
    data, p = odd_weight()
    assert p.dev.app.top.name == "circus-ask"
    assert play(RESUME, data).dev.app.top.name == "circus-ask"
    for names in (["back"], ["down", "down", "ok"]):  # no answer; "nothing (a hand)"
        data, p = odd_weight(*names)
        assert p.dev.app.top.name == "circus-perform", names
        assert play(RESUME, data).dev.app.top.name == "circus-perform", names


def test_a_crafted_odd_weight_draft_is_not_taken():
    data, p = odd_weight("down")
    good = json.loads(Storage(data).read_text(draft.DRAFT))
    assert good["kind"] == "ask"
    path = Storage(data).path(draft.DRAFT)
    for key, value in (("which", 2), ("cards", 99), ("cards", 3), ("asked", "2"),
                       ("began", -1), ("began", None)):
        d = dict(good)
        d["v"] = dict(good["v"])
        d["v"][key] = value
        with open(path, "w") as f:
            f.write(json.dumps(d))
        assert play(RESUME, data).dev.app.top.name == "circus-perform", (key, value)
