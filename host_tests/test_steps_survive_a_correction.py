# Nothing keyed is lost when the game changes under a step: a step the state's own
# screen keys (Top Dog's medals being given, who walked a dog for the rescue) stays
# up when an earlier round is corrected from the game menu, and the log moving on took
# its draft (store/records/draft.py: a draft belongs to the log's place). The screen
# is told (Screen.again): what it holds that still fits the game is kept, on flash
# again, so a power cut brings it back; what no longer fits is reset, with a word on
# the screen, never left silently wrong. Each `play` on the same folder is the box
# powered again: the cut falls after the loop cycle of the last key. Both runtimes.
from pawpad.store.files import Storage
from pawpad.store.records import draft
from pawsim.script import parse
from pawsim.scripts import timed
from support.device import play

RESUME = "1600 ok\n1700 end"  # the resume offer's OK, after the power comes back
MENU_FIX = ["back", "down", "down", "down", "ok"]  # game menu -> "Correct a round"
# The rounds list opens on R2's dogs: UP, R1's dogs; OK, and Red's P showing.
R1_DOGS = ["up", "ok"]
REST_OF_R1 = ["ok"] * 8  # on through Red's stats and Blue's: corrected


def go_on(p, more):
    script, t = timed(p.t + 100, more)
    p.play(parse(script + "%d end" % t))
    return p


def medals_given(*names):
    """Top Dog for two: round 1 with the stats keyed (Red P 5, Blue A 5: P and A won,
    W and S nobody's), round 2 with them left at ?: the medals W and S to give, by the
    players. Then the keys `names`."""
    from support.top_dog import OPEN, stats_entry, two_players

    data = two_players()
    script, t = stats_entry(2000, [("new", [5, 1, 1, 1]), ("new", [1, 5, 1, 1])])
    p = play(OPEN + script + "%d ok\n%d ok\n%d end" % (t + 200, t + 300, t + 400), data)
    go_on(p, ["ok"] * 6)  # round 2: both dogs new, Red's stats at ?: the medals
    top = p.dev.app.top
    assert top.name == "top-dog-judge" and top.letters == "WS", top.name
    go_on(p, list(names))
    return data, p


def medals(p):
    """The medals screen on top (the game menu opens from its first medal): the medals
    to give, who each is given to, the one showing."""
    top = p.dev.app.top
    assert top.name == "top-dog-judge" and top.fix is None, top.name
    return top.letters, top.picks, top.i


def test_medals_being_given_stay_through_a_correction_and_a_cut():
    # W to Blue (UP from nobody wraps to Blue's dog); R1's dogs corrected, Red's P 5
    # down to 4: P and A won as before, the same contestants: the W stays
    data, p = medals_given("up")
    assert medals(p) == ("WS", [2, 0], 0)
    go_on(p, MENU_FIX + R1_DOGS + ["down"] + REST_OF_R1)
    assert p.dev.app.toast_text == "Corrected"
    assert p.dev.app.session.events()[0]["plays"][0][2] == [4, 1, 1, 1]
    assert medals(p) == ("WS", [2, 0], 0)
    p = play(RESUME, data)  # the cut: the W given comes back
    assert medals(p) == ("WS", [2, 0], 0)
    go_on(p, ["ok", "ok"])  # S to nobody: judged as given
    assert p.dev.app.session.state["last_medals"] == {"W": [1, "new"]}
    assert not Storage(data).exists(draft.DRAFT)


def test_a_medal_no_longer_to_give_is_reset_with_a_word():
    # W to Blue; R1 corrected, Red's W 1 up to 5: R1 won P, A and W, so round 2
    # gives S alone. The W given is gone, and the table is told.
    data, p = medals_given("up")
    go_on(p, MENU_FIX + R1_DOGS + ["ok", "ok"] + ["up"] * 4 + ["ok"] * 6)
    assert p.dev.app.session.state["covered"] == "PAW"
    assert p.dev.app.toast_text == "Medals reset: W", p.dev.app.toast_text
    assert medals(p) == ("S", [0], 0)
    p = play(RESUME, data)  # the cut: the step as it showed, S to give
    assert medals(p) == ("S", [0], 0)
    go_on(p, ["down", "ok"])  # S to Red
    assert p.dev.app.session.state["last_medals"] == {"S": [0, "new"]}


def test_a_medal_to_give_again_is_shown_and_those_that_fit_stay():
    # W to Blue; R1 corrected, Red's P 5 down to 1: nobody won R1's P (a tie), so
    # Red's R1 dog stays on as a previous contestant and round 2 gives P too. The W to
    # Blue stays (Blue's dog is still there); P shows, to be given.
    data, p = medals_given("up")
    go_on(p, MENU_FIX + R1_DOGS + ["down"] * 4 + REST_OF_R1)
    assert p.dev.app.session.state["covered"] == "A"
    assert p.dev.app.toast_text == "Medals reset: P", p.dev.app.toast_text
    letters, picks, i = medals(p)
    top = p.dev.app.top
    assert (letters, i) == ("PWS", 0) and top.choices[picks[1]] == [1, "new"], top.picks
    assert picks[0] == picks[2] == 0
    p = play(RESUME, data)  # the cut: the same
    assert medals(p) == (letters, picks, 0)
    go_on(p, ["ok", "ok", "ok"])  # P and S to nobody: W to Blue as given before
    assert p.dev.app.session.state["last_medals"] == {"W": [1, "new"]}


def test_medals_brought_back_by_a_resume_stay_through_a_correction():
    # W to Blue; the cut; back, and R1 corrected (Red's P down to 4); the cut again
    data, p = medals_given("up")
    p = play(RESUME, data)
    assert medals(p) == ("WS", [2, 0], 0)
    go_on(p, MENU_FIX + R1_DOGS + ["down"] + REST_OF_R1)
    assert p.dev.app.toast_text == "Corrected"
    assert medals(p) == ("WS", [2, 0], 0)
    p = play(RESUME, data)
    assert medals(p) == ("WS", [2, 0], 0)


# --- the rescue: who walked a dog ---

def walked(*names):
    """Top Dog for two, round 1 with the stats at ? and nobody given a medal: both at
    no Champion, the rescue asks who last walked a dog: DOWN, Blue. Then `names`."""
    from support.top_dog import OPEN, two_players

    data = two_players()
    script, t = timed(2000, ["ok"] * 10)
    p = play(OPEN + script + "%d end" % t, data)
    if p.dev.app.top.name == "top-dog-summary":
        go_on(p, ["ok"])
    go_on(p, ["down"] + list(names))
    top = p.dev.app.top
    assert top.name == "top-dog-rescue", top.name
    return data, p


def test_who_walked_a_dog_stays_through_a_correction_and_a_cut():
    # R1's dogs corrected as they were (the rounds list: UP from R1's medals; Red's
    # four stats and Blue's play): everyone still tied, Blue still walked a dog
    data, p = walked()
    assert p.dev.app.top.first == 1 and p.dev.app.top.ask
    go_on(p, MENU_FIX + ["up", "ok"] + ["ok"] * 5)
    assert p.dev.app.toast_text == "Corrected"
    assert len(p.dev.app.session.timeline.events) == 2
    top = p.dev.app.top
    assert top.name == "top-dog-rescue" and (top.ask, top.first) == (True, 1)
    p = play(RESUME, data)  # the cut: Blue comes back
    top = p.dev.app.top
    assert top.name == "top-dog-rescue" and (top.ask, top.first) == (True, 1), top.name
    go_on(p, ["ok"])
    assert p.dev.app.session.events()[-1] == {"t": "rescued", "first": 1}


def test_who_walked_a_dog_is_reset_when_it_no_longer_decides():
    # R1's medals corrected: P to Blue. Blue has a Champion, Red none: the rescue
    # order is the rules' alone, and the table is told
    data, p = walked()
    go_on(p, MENU_FIX + ["ok", "up"] + ["ok"] * 4)
    assert p.dev.app.session.state["champions"] == [0, 1]
    assert p.dev.app.toast_text == "Rescue order changed", p.dev.app.toast_text
    top = p.dev.app.top
    assert top.name == "top-dog-rescue" and not top.ask and top.first == 0
    p = play(RESUME, data)
    top = p.dev.app.top
    assert top.name == "top-dog-rescue" and not top.ask and top.first == 0, top.name
    go_on(p, ["ok"])
    assert p.dev.app.session.events()[-1] == {"t": "rescued"}
