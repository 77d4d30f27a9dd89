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
from support.device import play

RESUME = "1600 ok\n1700 end"  # the resume offer's OK, after the power comes back


def crafted(data, good, key, value):
    """The screen a resume opens on with the draft `good` whose kept choices have `key`
    set to `value` (a crafted draft on flash)."""
    d = dict(good)
    d["v"] = dict(good["v"])
    d["v"][key] = value
    with open(Storage(data).path(draft.DRAFT), "w") as f:
        f.write(json.dumps(d))
    return play(RESUME, data).dev.app.top.name


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
    # the table: P to Blue (DOWN from nobody wraps to Blue's dog), and the cut
    data, before = top_dog_judging("down")
    assert before.i == 0 and before.picks[0] == 2
    top = play(RESUME, data).dev.app.top
    assert top.name == "top-dog-judge", top.name
    assert top.i == 0 and top.picks == [2, 0, 0, 0], (top.i, top.picks)


def test_medals_chosen_and_the_one_showing_come_back_and_are_judged_as_chosen():
    # P to Blue, OK, A to Red (UP), OK: the cut on W
    data, before = top_dog_judging("down", "ok", "up", "ok")
    assert before.i == 2
    p = play(RESUME, data)
    top = p.dev.app.top
    assert top.name == "top-dog-judge" and top.i == 2 and top.picks == [2, 1, 0, 0], top.picks
    p.play(parse("1800 ok\n1900 ok\n2000 end"))  # W and S to nobody: judged
    st = p.dev.app.session.state
    assert st["last_medals"] == {"P": [1, "new"], "A": [0, "new"]}, st["last_medals"]
    assert not Storage(data).exists(draft.DRAFT)  # the medals are in: the draft went


def test_a_damaged_or_crafted_medals_draft_is_not_taken():
    data, _ = top_dog_judging("down", "ok")
    good = json.loads(Storage(data).read_text(draft.DRAFT))
    assert good["kind"] == "medals"
    for key, value in (("picks", [3, 0, 0, 0]), ("picks", [2, 0, 0]), ("picks", [-1, 0, 0, 0]),
                       ("picks", [True, 0, 0, 0]), ("picks", "x"), ("i", 4), ("i", None)):
        assert crafted(data, good, key, value) == "top-dog-judge"
        top = play(RESUME, data).dev.app.top  # set aside or stale: the medals afresh
        assert top.i == 0 and top.picks == [0, 0, 0, 0], (key, value, top.picks)
        with open(Storage(data).path(draft.DRAFT), "w") as f:
            f.write(json.dumps(good))
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
    p.play(parse("%d up\n%d end" % (p.t + 100, p.t + 200)))  # Blue walked a dog; the cut
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
        assert play(RESUME, data).dev.app.top.first == 0, (key, value)
    for name in damaged(data, good):
        assert name == "top-dog-rescue"
    with open(Storage(data).path(draft.DRAFT), "w") as f:
        f.write(json.dumps(good))
    assert play(RESUME, data).dev.app.top.first == 1  # the good one still is
