# The resume offer says where the game stood in the players' colours, with each
# seat's score whole on a line, the round to come above the rounds played and the
# round said once; the Circus Puppy turn's prompt names the player too. Both runtimes.
from pawpad.store.files import Storage
from pawpad.store.session import Session
from pawsim import fit
from pawsim.gallery import LONG_COLOURS
from support.device import fresh_dir, play


def offer_texts(data):
    p = play("1600 end", data)
    app = p.dev.app
    assert app.top.name == "resume", app.top.name
    c = fit.FitCanvas()
    app.draw(c)
    assert not fit.check(c.boxes), fit.check(c.boxes)
    return [b[0] for b in c.boxes]


def game_on_flash(name, players, events, settings=None, colours=None):
    data = fresh_dir()
    s = Session.new(Storage(data), name, players, settings, colours)
    for e in events:
        assert s.offer(e, 0) is None, e
    s.flush()
    return data


def test_top_dogs_five_players_whole_scores_and_the_rounds():
    teams = [[1, 2, 3 + k] for k in range(5)]  # the last seat's team wins each round
    data = game_on_flash("top_dogs", 5, [{"t": "teams", "cards": teams}] * 7,
                         colours=LONG_COLOURS)
    shown = offer_texts(data)
    assert shown.index("Round 8: lay teams") < shown.index("7 of 10 rounds played"), shown
    # every "Xxx n" whole on one line
    lines = [t for t in shown if t[:3] in [c[:3] for c in LONG_COLOURS]]
    for t in lines:
        words = t.split(" ")
        assert len(words) % 2 == 0 and all(w.isdigit() for w in words[1::2]), (t, shown)
    assert sum(len(t.split(" ")) // 2 for t in lines) == 5, shown


def test_the_examination_asks_by_colour():
    data = game_on_flash("pick_a_dog", 4, [{"t": "stop", "seat": 3}])
    shown = offer_texts(data)
    assert "Was Yellow right?" in shown and not any("seat" in t for t in shown), shown


def test_a_circus_puppy_turn_names_its_player():
    data = game_on_flash("circus_puppy", 3, [{"t": "perform", "action": "acrobatics"}])
    p = play("1600 ok\n1700 end", data, cells=False)
    c = fit.FitCanvas()
    p.dev.app.draw(c)
    shown = [b[0] for b in c.boxes]
    assert not any(t.startswith("Seat ") for t in shown), shown
    assert any(t.startswith("Red") for t in shown), shown


def test_the_round_is_said_once():
    # a round played (Red right, the counts): the offer waits for the second GO; the
    # prompt names the round, the line under it the pile alone; the examination's
    # prompt names the caller, so the round goes with the pile there
    result = {"t": "result", "right": True, "collected": [3, 2, 1, 0]}
    for events, said, where in (
            ([{"t": "stop", "seat": 0}, result], "Round 2: GO", "Pile 51"),
            ([{"t": "stop", "seat": 0}, result, {"t": "stop", "seat": 1}],
             "Was Blue right?", "Round 2, pile 51")):
        shown = offer_texts(game_on_flash("pick_a_dog", 4, events))
        assert said in shown and where in shown, shown
        assert sum(t.count("Round") for t in shown) == 1, shown
    # solo: its round out of three, once
    shown = offer_texts(game_on_flash("pick_a_dog", 1, [{"t": "result", "collected": [20]}],
                                      {"variant": "solo"}))
    assert sum(t.count("Round") for t in shown) == 1 and "Round 2 of 3: collect" in shown, shown
