# A finished game's history record keeps its score sheet: the totals after every round
# (every turn in Circus Puppy), so the report can draw the rounds of games whose log
# is gone. Games played through the device's menus are hand-counted; long games, the
# longest each title allows, keep a record the history's line reader still takes,
# their rows thinned evenly with the last always kept. Both runtimes.
import json

from pawpad.app.shell import results, sheet_screen
from pawpad.app.shell.game import Game
from pawpad.games import pick_a_dog
from pawpad.store.files import Storage
from pawpad.store.log.lines import LINE_MAX
from pawpad.store.records import score_sheet
from pawpad.store.records.history import HISTORY, read_history
from pawpad.store.session import Session
from pawsim import gallery, robots
from pawsim.script import parse
from pawsim.scripts import timed
from support.device import fresh_dir, play
from support.games import OPEN_TOP_DOGS
from support.navigation import top
from support.pick_a_dog import data_with, open_variant
from support.stop import raced_round

END_GAME = ["back", "up", "up", "ok", "ok"]  # the game menu, its last row, confirmed


def test_a_pick_a_dog_game_ended_from_the_menu_keeps_its_rounds():
    data = data_with('{"players": 2}')
    # R1: Blue calls STOP, right: both take captain + 1 card, Blue the bonus: [2, 3].
    # R2: Red calls STOP, wrong: Red's cards are discarded, Blue takes 2: [2, 5].
    one, t = raced_round(1900, 2, 1, 30)
    two, t = raced_round(t, 1, None, 0, right=False)
    p = play(open_variant(0) + one + two, data)
    end, _ = timed(p.t + 100, ["back"] + END_GAME)  # the round's result: the board
    p.play(parse(end))
    assert top(p) == "menu"
    game = read_history(Storage(data))[-1]
    assert game["scores"] == [2, 5]
    assert game["sheet"] == {"unit": "Round", "rows": [[1, [2, 3]], [2, [2, 5]]]}


def test_a_top_dogs_game_ended_from_the_menu_keeps_its_rounds():
    data = data_with('{"players": 3, "keypad": false}')  # own buttons
    # test_sheet_and_readings: R1 Blue's 216 wins, R2 Red's 343 wins
    names = ["ok", "p1", "up", "p2", "down", "p3",
             "ok", "up", "up", "p1", "p2", "p3"]
    script, t = timed(2100, names)
    p = play(OPEN_TOP_DOGS + script, data)
    end, _ = timed(p.t + 100, END_GAME)
    p.play(parse(end))
    assert top(p) == "menu"
    game = read_history(Storage(data))[-1]
    assert game["abandoned"] and game["scores"] == [1, 1, 0]
    assert game["sheet"] == {"unit": "Round", "rows": [[1, [0, 1, 0]], [2, [1, 1, 0]]]}


def test_a_game_ended_before_any_round_keeps_no_sheet():
    data = data_with('{"players": 2}')
    p = play(open_variant(0), data)
    end, _ = timed(p.t + 100, END_GAME)
    p.play(parse(end))
    assert top(p) == "menu"
    assert "sheet" not in read_history(Storage(data))[-1]


def pog_events(players, reaction_ms):
    """Pick-a-Pog played to its end: every round a STOP (reaction_ms after GO, won by
    1234 ms), wrong (no bonus card leaves the table), nobody collecting more than the
    captain: the most rounds the deck gives. Returns (events, the scores after each
    round)."""
    st = pick_a_dog.start(players, {"variant": "pog"})
    events, after = [], []
    r = 0
    while not st["ended"]:
        stop = {"t": "stop", "seat": r % players, "react_ms": reaction_ms, "false": [1]}
        result = {"t": "result", "right": False, "collected": [0] * players,
                  "margin_ms": 1234}
        for e in (stop, result):
            st = pick_a_dog.step(st, e)
            events.append(e)
        after.append([pick_a_dog.score(st, s) for s in range(players)])
        r += 1
    return events, after


def finished(name, players, settings, events):
    """The game's events offered on a box with flash, then ended as the Results
    screen ends it; returns (the history record read back, its line's length)."""
    store = Storage(fresh_dir())
    app, _ = gallery.screens()
    # with every field a record can have: its start and end (the box's clock set)
    s = Session.new(store, name, players, settings, start="2026-11-30 20:00:00")
    for e in events:
        assert s.offer(e, 0) is None
    s.flush()
    game = Game(app, s)
    assert s.state["ended"]
    rec = results.summary(game, {}, "2026-11-30 23:59:59")
    s.finish(rec)
    assert s.problem is None
    with open(store.path(HISTORY)) as f:
        line = f.read()
    games = read_history(store)
    assert len(games) == 1, "the record is read back"
    return games[0], len(line), score_sheet.rows(game)


def assert_thinned(sheet, every):
    """The kept rows are every step-th of the sheet, and its last."""
    kept = sheet["rows"]
    numbers = [n for n, _ in kept]
    step = numbers[0]
    assert numbers[:-1] == list(range(step, step * len(numbers[:-1]) + 1, step)), numbers
    assert numbers[-1] == len(every) and numbers[-1] - numbers[-2] <= step
    for n, totals in kept:
        assert totals == every[n - 1]
    return step


def test_the_longest_pick_a_pog_keeps_its_stops_and_a_thinned_sheet_in_a_line():
    for players in (2, 8):
        events, after = pog_events(players, 59999)  # reactions as long as a round
        game, length, _ = finished("pick_a_dog", players, {"variant": "pog"}, events)
        assert length < LINE_MAX, (players, length)
        assert len(game["stops"]) == min(len(after), 60)
        sheet = game["sheet"]
        assert sheet["unit"] == "Round" and sheet["rows"][-1] == [len(after), game["scores"]]
        step = assert_thinned(sheet, after)
        if players == 2:  # 71 rounds and 60 STOPs: the sheet gives way
            assert len(after) > 60 and step > 1, step
        assert len(sheet["rows"]) >= 8, (players, len(sheet["rows"]))


def test_long_games_of_every_title_keep_a_sheet_within_its_share_of_the_line():
    games = (("circus_puppy", 5, {"red": [5, 15, 25], "star": [10, 20], "first": 3},
              robots.Chooser(11)),
             ("top_dogs", 5, {"rounds": 30, "cups": 30}, robots.Chooser(7)),
             ("top_dog", 6, None, robots.Chooser(5)))
    for name, players, settings, chooser in games:
        state, events = robots.play(name, players, settings, chooser, 3000)
        game, length, every = finished(name, players, settings, events)
        sheet = game["sheet"]
        assert length < LINE_MAX and len(json.dumps(sheet["rows"])) <= results.SHEET_BYTES
        assert sheet["unit"] == ("Turn" if name == "circus_puppy" else "Round")
        assert sheet["rows"][-1] == [len(every), game["scores"]], name
        # who took the first turn, in the one title that has a first turn
        assert game.get("first") == (3 if name == "circus_puppy" else None), name
        assert game["start"] == "2026-11-30 20:00:00" and game["end"][:10] == "2026-11-30"
        step = assert_thinned(sheet, every)
        assert len(every) <= len(sheet["rows"]) * step < len(every) + step


def test_thinning_keeps_every_row_that_fits_and_the_last_when_nothing_else_does():
    sheet = [[i, 2 * i] for i in range(1, 11)]
    assert score_sheet.thinned(sheet, 1000) == [[i, r] for i, r in enumerate(sheet, 1)]
    assert score_sheet.thinned(sheet, 0) == [[10, [10, 20]]]
    # every 2nd row and the last: 70 bytes of JSON; every 3rd: 57
    kept = score_sheet.thinned(sheet, 60)
    assert len(json.dumps(kept)) <= 60
    assert kept == [[3, [3, 6]], [6, [6, 12]], [9, [9, 18]], [10, [10, 20]]]


def test_a_game_too_long_to_replay_keeps_no_sheet_and_its_screen_says_so():
    events, _ = pog_events(2, 500)
    keep = score_sheet.REPLAY_MAX
    score_sheet.REPLAY_MAX = len(events) - 1  # (on the Pico: 400 events, a few seconds)
    try:
        game, length, every = finished("pick_a_dog", 2, {"variant": "pog"}, events)
        app, _ = gallery.screens()
        s = Session.new(None, "pick_a_dog", 2, {"variant": "pog"})
        for e in events:
            s.offer(e, 0)
        screen = sheet_screen.ScoreSheet(Game(app, s))
    finally:
        score_sheet.REPLAY_MAX = keep
    assert every is None and "sheet" not in game and game["scores"] == s.state["scores"]
    assert screen.too_long and screen.sheet == []
