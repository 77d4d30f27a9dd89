# Top Dog played through the device's menus in the simulator (virtual time): dogs with
# stats judged by the box, dogs without judged by the players, the rescue, the win.
# Both runtimes.
from pawsim.script import parse
from pawsim.scripts import timed
from support.device import play
from support.top_dog import OPEN, stats_entry, two_players


def state(p):
    return p.dev.app.session.state


def test_the_box_judges_dogs_with_stats():
    data = two_players()
    script, t = stats_entry(2000, [("new", [5, 1, 1, 1]), ("new", [1, 5, 1, 1])])
    p = play(OPEN + script, data)
    st = state(p)
    assert st["champions"] == [1, 1] and st["covered"] == "PA"
    summary = p.dev.app.top
    assert summary.name == "top-dog-summary"  # what the round gave, over the rescue
    assert summary.lines(p.dev.app) == ["P Red A Blu", "Champions: Red, Blue",
                                        "Pound: +0, now 4"]
    from pawpad.app.flows.top_dog.flow import medal_line

    assert medal_line(st) == "To win: W S"  # P and A were won: covered
    p.play(parse("%d ok\n" % (t + 100)))
    assert p.dev.app.top.name == "top-dog-rescue"  # the Pound holds 4 (2 players)
    p.play(parse("%d ok\n" % (t + 300)))
    assert state(p)["hands"] == [8, 8] and p.dev.app.top.name == "top-dog"


def test_the_players_judge_dogs_without_stats():
    data = two_players()
    # no stats: OK through every field (round 1: nobody can breed, so no new-or-breed);
    # then P to Blue (UP from nobody wraps to the last contestant: Blue's), A to Red
    # (DOWN: the next, the first), W and S to nobody
    names = ["ok"] + ["ok"] * 4 + ["ok"] + ["up", "ok", "down", "ok", "ok", "ok"]
    script, t = timed(2000, names)
    p = play(OPEN + script, data)
    st = state(p)
    assert st["last_medals"] == {"P": [1, "new"], "A": [0, "new"]}
    assert st["champions"] == [1, 1]


def test_three_champions_win():
    data = two_players()
    p = play(OPEN + "1900 end\n", data)
    t = 2000
    for _ in range(3):
        blue = "breed" if state(p)["contestants"][1]["prev"] else "new"  # asked: breed
        part, t = stats_entry(t, [("new", [9, 9, 9, 9]), (blue, [0, 0, 0, 0])])
        p.play(parse(part))
        t = p.t + 100  # play() runs on past the last key
        if p.dev.app.top.name == "top-dog-summary":
            p.play(parse("%d ok\n" % t))
            t = p.t + 100
        if p.dev.app.top.name == "top-dog-rescue":
            p.play(parse("%d ok\n" % t))
            t = p.t + 100
    assert p.dev.app.top.name == "results"
    assert state(p)["winner"] == 0 and state(p)["champions"] == [3, 0]


def test_correcting_an_earlier_rounds_stats():
    data = two_players()
    script, t = stats_entry(2000, [("new", [5, 1, 1, 1]), ("new", [1, 5, 1, 1])])
    p = play(OPEN + script, data)
    p.play(parse("%d ok\n%d ok\n" % (t + 200, t + 300)))  # the round's summary, the rescue
    assert state(p)["champions"] == [1, 1]
    # game menu -> "Correct a round" (4th row); the stats judged the medals, so the
    # only entry is R1's dogs
    script, t = timed(p.t + 100, ["back", "down", "down", "down", "ok"])
    p.play(parse(script))
    assert p.dev.app.top.name == "rounds"
    # OK opens R1 at Red's P (nobody could breed in R1); P from 5 down to 0; OK on
    # through Red and Blue: saved
    names = ["ok"] + ["down"] * 5 + ["ok"] * 4 + ["ok"] * 4
    script, t = timed(p.t + 100, names)
    p.play(parse(script))
    assert p.dev.app.toast_text == "Corrected"
    st = state(p)
    # Blue's dog now has the best P and A: two medals, one champion; the rescue after
    # it still fits, so it stays
    assert st["champions"] == [0, 1]
    assert st["hands"] == [8, 8] and len(p.dev.app.session.events()) == 2
