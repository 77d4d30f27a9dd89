# Nothing keyed is lost: each entry a screen has taken of a step not yet in the game
# (the Top Dogs teams keyed so far, a Pick-a-Dog verdict and the counts after it) is
# on flash as it is keyed (store/records/draft.py), and a power cut in the middle of the step
# brings the screen back as far as it had gone. A damaged, crafted, stale or other
# game's draft is never taken. Held BACK on the counts takes back the last count, not
# the STOP. Each `play` on the same folder is the box powered again. Both runtimes.
import json

from pawpad.app.flows.pick_a_dog import stop as pad_stop
from pawpad.store.files import Storage
from pawpad.store.records import draft
from pawsim.script import parse
from pawsim.scripts import GO_MS
from support.device import play
from support.games import OPEN_TOP_DOGS, three_players
from support.pick_a_dog import data_with, open_variant

GO = 1900 + GO_MS
RESUME = "1600 ok\n1700 end"  # the resume offer's OK, after the power comes back


def keys(t, *names):
    """Script lines a key each, 100 ms apart; (text, next time)."""
    lines = []
    for k in names:
        lines.append("%d %s" % (t, k))
        t += 100
    return "\n".join(lines) + "\n", t


def top_dogs_two_teams_keyed():
    data = three_players()
    text, t = keys(2100, "ok", "up", "ok", "ok", "ok", "ok", "up", "up", "ok", "ok")
    p = play(OPEN_TOP_DOGS + text + "%d end" % t, data)
    top = p.dev.app.top
    assert top.name == "team-entry" and top.entered == [True, True, False], top.entered
    return data


def test_top_dogs_teams_keyed_survive_a_power_cut():
    data = top_dogs_two_teams_keyed()
    p = play(RESUME, data)
    top = p.dev.app.top
    assert top.name == "team-entry", top.name
    assert top.entered == [True, True, False] and top.seat == 2 and top.field == 0
    assert top.cards[:2] == [[6, 6, 6], [5, 7, 7]], top.cards
    p.play(parse("1800 ok\n1900 ok\n2000 ok\n2100 end"))
    st = p.dev.app.session.state
    assert st["round"] == 1 and p.dev.app.top.name == "top-dogs"
    # the round saved is the one keyed across the cut
    e = p.dev.app.session.events()[-1]
    assert e["cards"] == [[6, 6, 6], [5, 7, 7], [5, 5, 5]], e


def test_teams_left_with_back_do_not_come_back():
    data = top_dogs_two_teams_keyed()
    # BACK to the first team's first card, and off the screen: the keying is left
    text, t = keys(1700, *(["back"] * 7))
    p = play("1600 ok\n" + text + "%d end" % t, data)
    assert p.dev.app.top.name == "top-dogs", p.dev.app.top.name
    p = play(RESUME, data)
    assert p.dev.app.top.name == "top-dogs"  # the board: no teams half keyed


def pick_a_dog_counts_keyed(settings='{"players": 4}'):
    """A STOP by Blue, right (OK), then two counts keyed (UP and OK each); cut."""
    data = data_with(settings)
    t0 = GO + 300 + pad_stop.LATE_MS + 300
    text, t = keys(t0, "ok", "up", "ok", "up", "up", "ok")
    p = play(open_variant(0) + "1900 ok\n%d p2\n" % (GO + 300) + text + "%d end" % t, data)
    top = p.dev.app.top
    assert top.name == "pad-counts" and top.sel == 2 and top.right is True, top.name
    return data, list(top.values), p.dev.app.game.round.get("margin_ms")


def test_a_verdict_and_counts_keyed_survive_a_power_cut():
    data, values, margin = pick_a_dog_counts_keyed()
    p = play(RESUME, data)
    top = p.dev.app.top
    assert top.name == "pad-counts", top.name
    assert top.right is True and top.sel == 2 and top.values == values, (top.values, values)
    assert p.dev.app.game.round.get("margin_ms") == margin
    # on to the end: the round saved is the one keyed, with the verdict given before
    p.play(parse("1800 ok\n1900 ok\n2000 end"))
    e = p.dev.app.session.events()[-1]
    assert e["t"] == "result" and e["right"] is True and e["collected"] == values, e


def test_held_back_on_the_counts_takes_back_a_count_then_the_verdict():
    data, values, _ = pick_a_dog_counts_keyed()
    p = play("1600 ok\n1800 hold back\n2700 let back\n2800 end", data)
    top = p.dev.app.top
    assert top.name == "pad-counts" and top.sel == 1, top.name  # one count back
    assert p.dev.app.session.state["phase"] == "exam"  # the STOP stands
    assert p.dev.app.toast_text == "Count undone"
    p.play(parse("3000 hold back\n3900 let back\n4000 hold back\n4900 let back\n5000 end"))
    # the first count, then the verdict: the examination again, the STOP still in
    assert p.dev.app.top.name == "pad-exam", p.dev.app.top.name
    assert p.dev.app.session.state["phase"] == "exam"
    p = play(RESUME, data)  # and no verdict comes back after a cut
    assert p.dev.app.top.name == "pad-exam", p.dev.app.top.name


def test_a_draft_that_is_damaged_crafted_stale_or_another_games_is_not_taken():
    data, _, _ = pick_a_dog_counts_keyed()
    store = Storage(data)
    good = json.loads(store.read_text(draft.DRAFT))
    bad = []
    for key, value in (("id", "ffffffff"), ("at", good["at"] - 1), ("kind", "teams"),
                       ("at", None)):
        d = dict(good)
        d[key] = value
        bad.append(json.dumps(d))
    for key, value in (("right", 1), ("values", [99, 0, 0, 0]), ("values", [0, 0]),
                       ("broken", [7]), ("broken", [1, 1]), ("sel", 4), ("sel", True),
                       ("seen", 0), ("follow", None), ("start", [[0, 0, 0, 0]]),
                       ("margin_ms", -5), ("values", None)):
        v = dict(good["v"])
        v[key] = value
        d = dict(good)
        d["v"] = v
        bad.append(json.dumps(d))
    bad += ["", "{", "[1, 2]", '{"v": 3}', "\xff\xfe", json.dumps(good)[:-9]]
    for text in bad:
        with open(store.path(draft.DRAFT), "w") as f:
            f.write(text)
        p = play(RESUME, data)
        assert p.dev.app.top.name == "pad-exam", (text, p.dev.app.top.name)
    with open(store.path(draft.DRAFT), "w") as f:
        f.write(json.dumps(good))
    assert play(RESUME, data).dev.app.top.name == "pad-counts"  # the good one still is


def test_the_draft_goes_with_the_game():
    data, _, _ = pick_a_dog_counts_keyed()
    store = Storage(data)
    assert store.exists(draft.DRAFT)
    p = play("1600 back\n1800 ok\n2000 end", data)  # the game ended from the offer
    assert p.dev.app.top.name == "menu"
    assert not store.exists(draft.DRAFT)


def with_changed(data, good, key, value):
    """The screen a resume opens on, with the draft `good` whose kept entries have
    `key` set to `value` (a crafted draft on flash)."""
    d = dict(good)
    d["v"] = dict(good["v"])
    d["v"][key] = value
    with open(Storage(data).path(draft.DRAFT), "w") as f:
        f.write(json.dumps(d))
    return play(RESUME, data).dev.app.top.name


def test_a_crafted_teams_draft_is_not_taken():
    data = top_dogs_two_teams_keyed()
    good = json.loads(Storage(data).read_text(draft.DRAFT))
    for key, value in (("entered", [1, 1, 0]), ("entered", [True, True]),
                       ("entered", [True, True, True]), ("cards", [[6, 6, 6], [5, 7, 7]]),
                       ("cards", [[6, 6, 6], [5, 7, 21], [5, 5, 5]]),
                       ("cards", [[6, 6, 6], [5, 7], [5, 5, 5]]),
                       ("cards", [[6, 6, True], [5, 7, 7], [5, 5, 5]]), ("cards", "x")):
        top = with_changed(data, good, key, value)
        assert top == "top-dogs", (key, value, top)


def top_dog_one_dog_keyed():
    """Top Dog for two: Red's dog keyed (5, 1, 1, 1); then the cut."""
    from support.top_dog import OPEN as OPEN_TOP_DOG
    from support.top_dog import stats_entry, two_players

    data = two_players()
    script, t = stats_entry(2000, [("new", [5, 1, 1, 1])])
    p = play(OPEN_TOP_DOG + script + "%d end" % t, data)
    assert p.dev.app.top.name == "top-dog-play" and p.dev.app.top.i == 1
    return data


def test_top_dog_dogs_keyed_survive_a_power_cut():
    data = top_dog_one_dog_keyed()
    p = play(RESUME, data)
    top = p.dev.app.top
    assert top.name == "top-dog-play", top.name
    assert top.i == 1 and top.entries[0] == ["new", 5, 1, 1, 1], top.entries
    # Blue's dog, and the round is judged with Red's as keyed before the cut
    names = ["up"] * 2 + ["ok"] + ["up"] * 6 + ["ok"] + ["up"] * 2 + ["ok"] + ["up"] * 2 + ["ok"]
    text, t = keys(1800, *names)
    p.play(parse(text + "%d end" % t))
    st = p.dev.app.session.state
    assert st["champions"] == [1, 1] and st["covered"] == "PA", st["champions"]


def test_a_crafted_plays_draft_is_not_taken():
    data = top_dog_one_dog_keyed()
    store = Storage(data)
    good = json.loads(store.read_text(draft.DRAFT))
    for key, value in (("seats", [1, 0]), ("seats", [0]), ("i", 2), ("i", True),
                       ("rows", [["new", 5, 1, 1, 31], ["new", -1, -1, -1, -1]]),
                       ("rows", [["bred", 5, 1, 1, 1], ["new", -1, -1, -1, -1]]),
                       ("rows", [["new", 5, 1, 1], ["new", -1, -1, -1, -1]]),
                       ("dogs", [0, 19]), ("extra", 1)):
        top = with_changed(data, good, key, value)
        assert top == "top-dog", (key, value, top)
    with open(store.path(draft.DRAFT), "w") as f:
        f.write(json.dumps(good))
    assert play(RESUME, data).dev.app.top.name == "top-dog-play"  # the good one still is
