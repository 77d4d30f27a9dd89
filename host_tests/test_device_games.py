# A game played through the device's menus in the simulator, virtual time: Top Dogs,
# undo by holding BACK, the game menu, corrections, the timer, resume, history.
# Both runtimes.
from pawpad.store.files import Storage
from pawpad.store.log import schema
from pawpad.store.records.history import read_history
from pawpad.store.session import LOG
from pawsim.script import parse
from pawsim.scripts import timed
from support.device import play
from support.games import OPEN_TOP_DOGS, round_keys, three_players, three_rounds, whole_game
from support.pick_a_dog import data_with


def game_state(p):
    return p.dev.app.session.state


def test_a_round_of_top_dogs_through_the_menus():
    data = three_players()
    keys, t = round_keys(2100, ups=(0, 4, 1))
    p = play(OPEN_TOP_DOGS + keys, data)
    st = game_state(p)
    # every card starts at 5 in the first round, and the cards not reached yet follow
    # the first: seat 2's 9-9-9 = 729 beats 6-6-6 = 216 and 5-5-5 = 125
    assert st["cups"] == [0, 1, 0] and st["round"] == 1
    assert p.dev.app.top.name == "top-dogs"
    records, _, problem = schema.parse(Storage(data).read_text(LOG))
    assert problem is None and len(records) == 2  # on flash
    assert records[1]["e"]["cards"] == [[5, 5, 5], [9, 9, 9], [6, 6, 6]]


def test_holding_back_undoes_and_the_menu_redoes():
    data = three_players()
    keys, t = round_keys(2100, ups=(3, 0, 0))
    p = play(OPEN_TOP_DOGS + keys + "%d hold back\n%d let back\n" % (t, t + 900), data)
    assert game_state(p)["round"] == 0
    assert p.dev.app.toast_text == "Undone"
    assert p.dev.app.top.name == "top-dogs"  # the hold did not also open the menu
    # BACK (short) opens the game menu; Redo is its third row
    p.play(parse(
        "%d back\n%d down\n%d down\n%d ok\n" % (t + 1200, t + 1500, t + 1600, t + 1700)))
    assert game_state(p)["round"] == 1 and game_state(p)["cups"] == [1, 0, 0]


def test_resume_after_a_reboot_shows_where_it_stood():
    data = three_players()
    keys, t = round_keys(2100, ups=(0, 0, 2))
    play(OPEN_TOP_DOGS + keys, data)
    p = play("1600 end", data)
    assert p.dev.app.top.name == "resume"
    p2 = play("1600 ok\n1700 end", data)
    assert p2.dev.app.top.name == "top-dogs"
    assert game_state(p2)["cups"] == [0, 0, 1]


def booted_mid_game(reset_cause):
    """A round of Top Dogs played, then the box started again for `reset_cause`;
    returns (player, hardware) at 1.6 s."""
    from pawpad.app.device.device import Device
    from pawsim import board as simboard
    from pawsim.script import Player

    data = three_players()
    keys, t = round_keys(2100)
    play(OPEN_TOP_DOGS + keys, data)
    world = simboard.World(simboard.Clock(True))
    hw = simboard.build(world, data, reset_cause=reset_cause)
    p = Player(world, hw, Device, "/tmp")
    p.play(parse("1600 end"))
    return p, hw


def test_watchdog_reset_resumes_without_asking():
    p, hw = booted_mid_game("watchdog")
    app = p.dev.app
    assert app.session is not None and app.session.state["round"] == 1
    assert app.top.name == "notice"
    assert "Pawpad hung and was restarted by its watchdog." in app.top.lines
    assert hw.watchdog.feeds == 0  # fed by the asyncio loop, which the script skips


def test_a_restart_by_the_computers_tools_goes_on_with_the_game_and_says_nothing():
    # make report (or flash, roster, export) stopped the box mid-game and started it
    # again: the game is where it was, with no notice (above all not "hung")
    p, _ = booted_mid_game("restart")
    app = p.dev.app
    assert app.session is not None and app.session.state["round"] == 1
    assert app.top.name == "top-dogs", app.top.name


def test_starting_over_puts_the_game_in_the_history():
    data = three_players()
    keys, t = round_keys(2100)
    play(OPEN_TOP_DOGS + keys, data)
    p = play("1600 back\n1800 ok\n2000 end", data)
    assert p.dev.app.top.name == "menu"
    store = Storage(data)
    assert not store.exists(LOG)
    games = read_history(store)
    assert games[-1]["abandoned"] is True and games[-1]["game"] == "top_dogs"


def test_a_whole_game_ends_in_results_and_history():
    data = three_players()
    p = whole_game(data)
    assert p.dev.app.session is None
    games = read_history(Storage(data))
    # cups by round (r % 3): 0 -> Blue (3 is the only 3), 1 -> Green (the 3s tie; 1 is
    # Green's alone), 2 -> Red (4): Blue 4, Green 3, Red 3
    assert games[-1]["scores"] == [3, 4, 3] and games[-1]["winners"] == [1]
    assert games[-1]["events"] == 10
    st = p.dev.app.stats  # every game feeds the statistics: played and won
    assert st["Blue"]["wins"] == 1 and st["Red"]["wins"] == 0 and st["Green"]["games"] == 1
    assert games[-1]["ms"] > 0


def test_correcting_an_earlier_round():
    data = three_players()
    script, t = three_rounds()
    # R1: 6-6-6 beat 5-5-5 twice (every card starts at the usual first card, 5, and
    # the cards not reached yet follow). Game menu -> "Correct a round" (row 4) ->
    # round 1 (UP from the last) -> seat 3's cards each raised by 2 (a correction's
    # cards do not follow each other): 7-7-7, saved by its last OK
    script += "%d back\n%d down\n%d down\n%d down\n%d ok\n" % (t, t + 100, t + 200, t + 300,
                                                               t + 400)
    script += "%d up\n%d up\n%d ok\n" % (t + 500, t + 600, t + 700)
    t += 800
    for _ in range(6):
        script += "%d ok\n" % t
        t += 100
    for _ in range(3):
        script += "%d up\n%d up\n%d ok\n" % (t, t + 100, t + 200)
        t += 300
    p = play(script, data)
    st = game_state(p)
    assert st["round"] == 3
    assert st["cups"] == [0, 1, 2]  # round 1 went from seat 1 to seat 3
    assert p.dev.app.top.name == "top-dogs"  # the screen the state calls for


def test_game_menu_timer_beeps_and_ends():
    data = three_players()
    # game menu -> Timer (row 6: after the rounds list and the score sheet)
    p = play(OPEN_TOP_DOGS + "2100 back\n2200 down\n2300 down\n2400 down\n2500 down\n"
             "2600 down\n2700 ok\n2800 ok\n18600 end", data)
    assert p.dev.app.top.name == "timer"
    log = "\n".join(p.log)
    assert "sound 1175 Hz" in log  # the warnings: a chirp of their own
    assert "sound 1480 Hz" in log and "sound 740 Hz" in log  # time up, falling
    for race in (880, 1760, 2093, 220):  # no pitch of the countdown, GO or STOP
        assert "sound %d Hz" % race not in log, race
    assert p.dev.app.session.state["round"] == 0


def test_records_wait_while_the_screen_is_busy():
    data = three_players()
    p = play(OPEN_TOP_DOGS + "2100 end", data)
    app = p.dev.app
    app.top.busy = True  # as a Pick-a-Dog round with its STOP armed
    assert app.session.offer({"t": "teams", "cards": [[1, 2, 3]] * 3}) is None
    p.play(parse("3000 end"))
    assert len(app.session.pending) == 1
    app.top.busy = False
    p.play(parse("3100 end"))
    assert app.session.pending == [] and app.session.acked == 2


def test_house_rules_are_set_before_the_game_and_kept():
    data = three_players()
    with open(data + "/setups.json", "w") as f:
        f.write('{"top_dogs": {"rounds": "many", "cup_points": 3}}')  # one bad value
    # menu row 4 -> the house rules: Rounds (row 2): OK, DOWN x8 (10 -> 2), OK; Start
    script = "1600 down\n1700 down\n1800 down\n1900 ok\n2000 down\n2100 ok\n"
    t = 2200
    for _ in range(8):
        script += "%d down\n" % t
        t += 100
    script += "%d ok\n%d up\n%d ok\n" % (t, t + 100, t + 200)  # up to Start
    t += 300
    for ups in ((1, 0, 0), (0, 2, 0)):
        keys, t = round_keys(t, ups)
        script += keys
    p = play(script, data)
    assert p.dev.app.top.name == "top-dogs-last"  # the last round's cup, over the results
    p.play(parse("%d ok\n%d end" % (t + 100, t + 200)))
    assert p.dev.app.top.name == "results"
    st = p.dev.app.session.state
    assert st["settings"]["rounds"] == 2 and st["settings"]["cup_points"] == 3
    assert st["points"] == [3, 3, 0]
    with open(data + "/setups.json") as f:
        assert '"rounds": 2' in f.read()


def test_history_and_statistics_screens_show_finished_games():
    data = three_players()
    p = whole_game(data)
    assert p.dev.app.top.name == "menu"
    # the menu's cursor is where it was (Top Dogs, row 3); History is row 7
    t = p.t + 100
    p.play(parse("%d down\n%d down\n%d down\n%d down\n%d ok\n%d end" % (
        t, t + 100, t + 200, t + 300, t + 400, t + 500)))
    screen = p.dev.app.top
    assert screen.name == "history"
    rows = screen.rows(p.dev.app)
    assert rows[0] == ("Top Dogs", "Blue")
    p.play(parse("%d ok\n%d end" % (t + 500, t + 600)))
    lines = p.dev.app.top.lines
    # when it began (the unix port's clock is set: its year is this one), how long,
    # then every seat's score
    assert p.dev.app.top.name == "notice" and lines[2].startswith("Red ")
    assert schema.stamp_ok(lines[0] + ":00") and "min" in lines[1]


def test_a_team_passed_over_by_a_players_button_is_asked_for_before_saving():
    data = data_with('{"players": 3, "keypad": false}')  # each player's own button
    # OK: the entry at Red; Green's button jumps to Green; Green's three cards, OK:
    # Red's team is next (not taken as 1-1-1), then Blue's; only then is it saved
    names = ["ok"]
    script, t = timed(2100, names)
    script += "%d p3\n" % t
    more, t = timed(t + 100, ["up", "ok", "ok", "ok"])
    p = play(OPEN_TOP_DOGS + script + more, data)
    entry = p.dev.app.top
    assert entry.name == "team-entry" and entry.seat == 0
    assert p.dev.app.toast_text == "Red's team next"
    more, t = timed(t + 100, ["up", "up", "ok", "ok", "ok", "ok", "ok", "ok"])
    p.play(parse(more))
    assert p.dev.app.top.name == "top-dogs"
    assert entry.cards == [[7, 7, 7], [5, 5, 5], [6, 6, 6]]
    assert p.dev.app.session.events()[-1]["cards"] == entry.cards
