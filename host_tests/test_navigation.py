# The screen follows the game's state: every way back into a game (undo, redo, a
# mistaken BACK, a correction, a power cut, a watchdog reset) lands on the screen the
# state calls for, inside the game; a game is left only by its end or "End game";
# timers run on every screen of the game; statistics and the history follow the log.
# The scenarios a new user found, through the real menus. Both runtimes.
from pawpad.store.files import Storage
from pawpad.store.records.history import read_history
from pawpad.store.session import LOG, Session
from pawsim.script import parse
from pawsim.scripts import GO_MS, timed
from support.device import fresh_dir, play
from support.navigation import round_keys, top
from support.pick_a_dog import counts, data_with, open_variant
from support.top_dog import OPEN as OPEN_TOP_DOG
from support.top_dog import two_players


def test_undo_on_the_round_result_and_the_round_entered_again_stays_in_the_game():
    data = data_with('{"players": 2}')
    keys, t = round_keys(1900, 1, [2, 1])
    p = play(open_variant(0) + keys, data)
    assert top(p) == "pad-result"
    t = p.t + 100
    p.play(parse("%d hold back\n%d let back\n" % (t, t + 900)))
    assert top(p) == "pad-exam"  # the STOP is back, waiting for its examination
    assert p.dev.app.session.state["phase"] == "exam"
    t0 = p.t + 100
    keys, t = counts(t0 + 100, [3, 0])
    p.play(parse("%d ok\n" % t0 + keys + "%d back\n%d end\n" % (t, t + 100)))
    assert top(p) == "pad-ready"  # the next round, not the main menu
    assert p.dev.app.session.state["scores"] == [5, 1]  # Blue: the captain alone
    assert Session.saved(Storage(data))


def test_a_resume_in_the_examination_goes_on_to_the_next_round():
    data = data_with('{"players": 2}')
    go = 1900 + GO_MS
    play(open_variant(0) + "1900 ok\n%d p2\n%d ok\n" % (go + 100, go + 400), data)
    p = play("1600 ok\n1700 end", data)  # power cut; OK: resume, the verdict kept
    assert top(p) == "pad-counts" and p.dev.app.top.right is True
    keys, t = counts(1900, [1, 2])
    p.play(parse(keys + "%d back\n%d end\n" % (t, t + 100)))
    assert top(p) == "pad-ready"  # the result, then BACK: the board
    assert p.dev.app.session.state["round"] == 1


def test_back_by_mistake_on_the_examination_and_a_redo():
    data = data_with('{"players": 2}')
    go = 1900 + GO_MS
    # STOP by Blue; BACK on the STOP's screen: "wrong"; BACK on the counts' first line:
    # the examination, to give the verdict again
    p = play(open_variant(0) + "1900 ok\n%d p2\n%d back\n%d back\n" % (
        go + 100, go + 300, go + 500), data)
    assert top(p) == "pad-exam"
    # undo the STOP (BACK held), then redo it from the game menu (third row)
    t = p.t + 100
    p.play(parse("%d hold back\n%d let back\n" % (t, t + 900)))
    assert top(p) == "pad-ready"
    script, t = timed(p.t + 100, ["back", "down", "down", "ok"])
    p.play(parse(script))
    assert top(p) == "pad-exam" and p.dev.app.toast_text == "Redone"
    t0 = p.t + 100
    keys, t = counts(t0 + 100, [1, 1])
    p.play(parse("%d ok\n" % t0 + keys + "%d back\n" % t))
    assert top(p) == "pad-ready"


def test_top_dog_undo_back_into_judging_and_resume_in_the_rescue():
    data = two_players()
    # no stats: OK through the fields (no new-or-breed in round 1); P to Blue, A to
    # Red, W and S to nobody
    names = ["ok"] + ["ok"] * 4 + ["ok"] + ["down", "ok", "up", "ok", "ok", "ok"]
    script, t = timed(2000, names)
    p = play(OPEN_TOP_DOG + script, data)
    assert top(p) == "top-dog-summary"
    p.play(parse("%d ok\n" % (t + 100)))
    assert top(p) == "top-dog-rescue"  # the Pound holds 4
    t = p.t
    p.play(parse("%d hold back\n%d let back\n" % (t + 100, t + 1000)))
    assert top(p) == "top-dog-judge"
    assert p.dev.app.session.state["phase"] == "judge"
    script, t = timed(p.t + 100, ["down", "ok", "up", "ok", "ok", "ok", "ok"])
    p.play(parse(script))
    assert top(p) == "top-dog-rescue"
    p = play("1600 ok\n1700 end", data)  # power cut in the rescue; resumed
    assert top(p) == "top-dog-rescue"
    p.play(parse("1800 ok\n1900 end"))
    assert top(p) == "top-dog" and p.dev.app.session.state["hands"] == [8, 8]


def test_a_game_is_never_left_for_the_main_menu_by_back():
    data = data_with('{"players": 2}')
    p = play(open_variant(0) + "1900 end", data)
    t = 2000
    for _ in range(6):  # BACK opens the game menu, BACK again closes it, and so on
        p.play(parse("%d back\n" % t))
        t += 200
        assert top(p) in ("pad-ready", "game-menu")
    assert p.dev.app.session is not None


def test_ending_an_unfinished_game_at_power_on_puts_it_in_the_history():
    data = data_with('{"players": 2}')
    keys, t = round_keys(1900, 1, [2, 1])
    play(open_variant(0) + keys, data)
    p = play("1600 back\n1700 ok\n1800 end", data)  # BACK: end it; OK: yes
    assert top(p) == "menu" and p.dev.app.session is None
    assert not Session.saved(Storage(data))
    games = read_history(Storage(data))
    assert len(games) == 1 and games[0]["abandoned"] is True
    assert games[0]["scores"] == [4, 2] and games[0]["colours"] == ["Red", "Blue"]


def test_a_cut_after_the_history_but_before_the_log_goes_counts_the_game_once():
    data = data_with('{"players": 2}')
    keys, t = round_keys(1900, 1, [2, 1])
    p = play(open_variant(0) + keys, data)
    app = p.dev.app
    # the ending as far as the history, then the power fails
    from pawpad.app.shell.results import summary

    app.session.finish(summary(app.game, {"abandoned": True}))
    assert Session.saved(Storage(data)) and len(read_history(Storage(data))) == 1
    p = play("1600 end", data)  # the next boot settles it quietly
    assert top(p) == "menu"
    assert not Session.saved(Storage(data))
    assert len(read_history(Storage(data))) == 1
    assert p.dev.app.stats["Red"]["stops"] == 1 and p.dev.app.stats["Red"]["games"] == 1
    play("1600 end", data)
    assert len(read_history(Storage(data))) == 1


def test_an_undone_stop_is_not_in_the_statistics():
    data = data_with('{"players": 2}')
    go = 1900 + GO_MS
    # Red calls STOP, right; BACK held on the counts takes the verdict back, held again
    # the STOP; Blue calls the next one
    p = play(open_variant(0) + "1900 ok\n%d p1\n%d ok\n%d hold back\n%d let back\n"
             "%d hold back\n%d let back\n" % (
                 go + 100, go + 300, go + 500, go + 1400, go + 1600, go + 2500), data)
    assert top(p) == "pad-ready"
    keys, t = round_keys(p.t + 100, 2, [1, 1])
    p.play(parse(keys))
    # game menu -> End game (last row: UP twice from Back to game), OK
    script, t = timed(t + 100, ["back", "back", "up", "up", "ok", "ok"])
    p.play(parse(script))
    st = p.dev.app.stats
    assert top(p) == "menu"
    assert st["Blue"]["stops"] == 1 and st["Blue"]["right"] == 1
    assert st["Red"]["stops"] == 0 and st["Red"]["games"] == 1


def test_the_history_keeps_the_colours_of_the_game():
    data = data_with('{"players": 2}')
    keys, t = round_keys(1900, 1, [2, 1])
    script, t = timed(t + 100, ["back", "back", "up", "up", "ok", "ok"])
    p = play(open_variant(0) + keys + script, data)
    assert top(p) == "menu"
    app = p.dev.app
    app.settings["colours"][0] = "Pink"  # Red's seat changes colour afterwards
    from pawpad.app.menus.history import History

    h = History()
    assert list(h.rows(app)) == [("Pick-a-Dog", "-")]
    h.choose(app, 0)
    assert "Red 4" in app.top.lines and "Blue 2" in app.top.lines


def test_the_game_menus_timer_rings_on_every_screen_of_the_game():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3, "timer_s": 15}')
    # Top Dogs (row 4), Start; game menu -> Timer (6th row) -> OK: start; BACK; OK:
    # a team entry, left open while the time runs out
    script, t = timed(1600, ["down", "down", "down", "ok", "ok", "back", "down", "down",
                             "down", "down", "down", "ok", "ok", "back", "ok"])
    p = play(script + "%d end\n" % (t + 16000), data)
    assert top(p) == "team-entry"
    assert "sound 1480 Hz" in "\n".join(p.log)  # the time-up tune
    assert p.dev.app.toast_text is None or p.dev.app.toast_text == "Time!"
    assert p.dev.app.game.timer.remaining(p.dev.app.now) == 0


def test_a_log_on_flash_is_offered_before_any_new_game():
    data = data_with('{"players": 2}')
    keys, t = round_keys(1900, 1, [2, 1])
    play(open_variant(0) + keys, data)
    p = play("1600 end", data)
    assert top(p) == "resume"
    # even if the main menu were reached, opening a game offers the saved one first
    app = p.dev.app
    app.nav.home()
    from pawpad.app.shell.game_start import start_game

    start_game(app, "top_dogs")
    assert top(p) == "resume" and app.session is None
    assert Storage(data).exists(LOG)
