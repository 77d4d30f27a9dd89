# The running score sheet of every game, solo's signed round result, and the settled
# readings on the house-rules screen: through the real menus in the simulator where a
# table would go, hand-counted. Both runtimes.
from pawpad.app.shell import sheet_screen
from pawpad.app.shell.game import Game
from pawpad.store.records import score_sheet
from pawpad.store.session import Session
from pawsim import fit, gallery
from pawsim.robots import Chooser
from pawsim.robots import play as robot_play
from pawsim.script import parse
from pawsim.scripts import timed
from support.device import fresh_dir, play
from support.pick_a_dog import data_with, open_variant
from support.presses import state

OPEN_TOP_DOGS = "1600 down\n1700 down\n1800 down\n1900 ok\n2000 ok\n"


def test_the_score_sheet_of_top_dogs_through_the_game_menu():
    data = data_with('{"players": 3, "keypad": false}')  # own buttons
    # R1: Red 5-5-5 (own button), Blue UP: 6-6-6, Green DOWN: 4-4-4; Blue's 216 wins.
    # R2 (cards start at 5): Red UP twice: 7-7-7 = 343 wins over 5-5-5 twice.
    names = ["ok", "p1", "up", "p2", "down", "p3",
             "ok", "up", "up", "p1", "p2", "p3",
             "back", "down", "down", "down", "down", "ok"]  # game menu -> Score sheet
    script, t = timed(2100, names)
    p = play(OPEN_TOP_DOGS + script, data)
    sheet = p.dev.app.top
    assert sheet.name == "score-sheet"
    assert isinstance(sheet.sheet, score_sheet.OnFlash)  # kept as the game went
    assert list(sheet.sheet) == [[0, 1, 0], [1, 1, 0]] and sheet.i == 1
    assert sheet_screen.cells(sheet.sheet[1], sheet.sheet[0]) == ["+1 1", "+0 1", "+0 0"]
    p.play(parse("%d up\n" % (p.t + 100)))  # the round before
    assert sheet.i == 0
    p.play(parse("%d ok\n" % (p.t + 100)))
    assert p.dev.app.top.name == "top-dogs"


def test_the_sheet_of_solo_is_in_minus_points_and_its_result_signed():
    data = data_with('{"players": 1}')
    # GO, done at once; 20 cards collected (from 1: 19 UP), OK: 12 left on the table
    script = open_variant(2) + "1900 ok\n2500 ok\n"
    more, t = timed(2600, ["up"] * 19 + ["ok"])
    p = play(script + more, data)
    result = p.dev.app.top
    assert result.name == "pad-result"
    game = p.dev.app.game
    assert game.state["scores"] == [12]
    assert score_sheet.rows(game) == [[-12]]
    c = fit.FitCanvas()
    result.draw(c, p.dev.app)
    assert "-12" in [box[0] for box in c.boxes]  # the round scores minus points


def test_the_sheet_of_top_dog_counts_a_round_once_it_is_judged():
    app, _ = gallery.screens()
    s = Session.new(None, "top_dog", 2)
    game = Game(app, s)
    s.offer({"t": "play", "plays": [[0, "new", None], [1, "new", None]]})
    assert score_sheet.rows(game) == []  # the medals not judged yet
    s.offer({"t": "medals", "won": {"P": [1, "new"], "A": None, "W": None, "S": None}})
    assert score_sheet.rows(game) == [[0, 1]]


def test_the_sheet_of_circus_puppy_has_a_row_a_turn_ending_at_the_scores():
    state, events = robot_play("circus_puppy", 3, None, Chooser(7), max_turns=300)
    app, _ = gallery.screens()
    s = Session.new(None, "circus_puppy", 3)
    game = Game(app, s)
    turns = []
    for e in events:
        s.offer(e)
        last = s.state["last_turn"]
        if last is not None and (not turns or turns[-1] != last):
            turns.append(list(last))
    rows = score_sheet.rows(game)
    assert rows[-1] == state["scores"] and len(rows) == len(turns) > 5
    before = [0, 0, 0]
    for row, (seat, points, _fell) in zip(rows, turns):
        # the turn's player scored its points (a helper may have scored beside them)
        assert row[seat] - before[seat] == points
        before = row


def test_house_rules_show_the_settled_readings_in_rulebook_terms():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3}')
    p = play("1600 down\n1700 ok\n1800 end\n", data)  # Circus Puppy: its house rules
    setup = p.dev.app.top
    assert setup.name == "setup"
    rows = setup.rows(p.dev.app)
    assert ("Penalty", "deck+faceup") in rows
    assert rows[-3:] == [("Penalty reading", "?"), ("Double Trick", "?"),
                         ("Stage cards fall", "?")]
    # OK on Penalty edits it: deck only
    names = ["down"] * 4 + ["ok", "up", "ok"]
    script, t = timed(1900, names)
    p.play(parse(script))
    assert ("Penalty", "deck only") in setup.rows(p.dev.app)
    # the row before the last: what Double Trick's second dog is
    script, t = timed(p.t + 100, ["up", "up", "up", "up", "up", "up", "ok"])
    p.play(parse(script))
    notice = p.dev.app.top
    assert notice.name == "notice" and notice.title == "Double Trick"
    assert "second dog, from the deck, or a face-up one" in notice.lines[0]


def cp_first_turn(data):
    """Circus Puppy for three without load cells: Red's Dogee Show, stacked on low (3
    points: two dogs under it), Done, the hold."""
    names = ["ok", "ok", "ok"] + ["down"] * 6 + ["ok"]
    script, t = timed(2100, names)
    return play("1600 down\n1700 ok\n1900 ok\n2000 p1\n" + script + "%d end\n" % (t + 6000),
                data, cells=False)  # Start, Red starts, the turn


def test_circus_puppy_corrects_a_turn_from_the_game_menu():
    data = data_with('{"players": 3}')
    p = cp_first_turn(data)
    st = state(p)
    assert st["scores"] == [3, 0, 0] and st["stages"][0] == ["dog"] * 3
    # game menu -> "Correct a turn" (row 4): T1's steps, the last chosen: "on low"
    script, t = timed(p.t + 100, ["back", "down", "down", "down", "ok"])
    p.play(parse(script))
    rounds = p.dev.app.top
    assert rounds.name == "rounds"
    assert [r[:2] for r in p.dev.app.game.flow.round_rows(p.dev.app.game)] == [
        ("T1 Red", "dogee show"), ("T1 Red", "on low")]
    # OK: which stage; DOWN: high; OK: corrected. On high, two dogs above the +1 card:
    # 3 points all the same, and the stages as the table has them
    script, t = timed(p.t + 100, ["ok", "down", "ok"])
    p.play(parse(script))
    st = state(p)
    assert p.dev.app.toast_text == "Corrected" and p.dev.app.top.name == "circus"
    assert st["stages"] == [["dog", "dog"], ["+1 repeat", "dog", "dog", "dog"]]
    assert st["scores"] == [3, 0, 0] and st["active"] == 1


def test_a_turn_corrected_so_that_its_steps_no_longer_fit_is_refused():
    data = data_with('{"players": 3}')
    p = cp_first_turn(data)
    # the action (UP on the list, first row) from Dogee Show to Acrobatics: it needs a
    # move, and Done came without one: refused, nothing changes
    script, t = timed(p.t + 100, ["back", "down", "down", "down", "ok", "up", "ok"] +
                      ["down"] * 5 + ["ok"])
    p.play(parse(script))
    st = state(p)
    assert st["scores"] == [3, 0, 0] and st["stages"][0] == ["dog"] * 3
    assert p.dev.app.toast_text is not None and p.dev.app.toast_text != "Corrected"
