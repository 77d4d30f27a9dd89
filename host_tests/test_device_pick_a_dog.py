# Pick-a-Dog played through the device's real menus in the simulator (virtual time):
# every variant, right and wrong STOPs, ties, false starts, the time limit, statistics,
# resume. Both runtimes.
import pins

from pawpad.store.files import Storage
from pawpad.store.records import stats
from pawsim.fakes import mask_irqs, unmask_irqs
from pawsim.script import parse
from pawsim.scripts import GO_MS
from support.device import play
from support.pick_a_dog import counts, data_with, log_records, open_variant, state, two_rounds


def tally(p):
    """Each colour's figures that the game in progress will add to the statistics."""
    game = p.dev.app.game
    return {game.name(seat): fig for seat, fig in
            game.flow.tally(game.session.events()).items()}


def test_right_stop_round():
    data = data_with()
    go = 1900 + GO_MS
    keys, t = counts(go + 800, [3, 1, -1, 0])
    # the verdict on the STOP's own screen: OK, right
    p = play(open_variant(0) + "1900 ok\n%d p2\n%d p1\n%d ok\n" % (
        go + 120, go + 128, go + 500) + keys, data)
    st = state(p)
    assert st["round"] == 1
    # Blue called right: 1 member + captain + 1 bonus; Red 3 + 1; Green broken chain
    assert st["scores"] == [4, 3, 0, 1]
    assert st["last_stop"] == [1, True]
    assert p.dev.app.top.name == "pad-result"
    assert [r["e"]["t"] for r in log_records(data)[1:]] == ["stop", "result"]
    assert tally(p)["Blue"]["right"] == 1
    assert tally(p)["Blue"]["fastest_ms"] == 120
    assert "Blue" not in p.dev.app.stats  # counted once, when the game ends


def test_the_screen_shows_the_margin_of_later_presses():
    data = data_with()
    go = 1900 + GO_MS
    p = play(open_variant(0) + "1900 ok\n%d p3\n%d p1\n%d end" % (go + 200, go + 208, go + 400),
             data)
    screen = p.dev.app.top
    assert screen.name == "pad-stopped" and screen.caller == 2
    assert screen.margins() == [(0, 8)]


def test_wrong_stop_discards_the_callers_cards():
    data = data_with()
    go = 1900 + GO_MS
    keys, t = counts(go + 800, [2, 2, 2, 2])
    p = play(open_variant(0) + "1900 ok\n%d p4\n%d back\n" % (  # BACK: wrong
        go + 300, go + 500) + keys, data)
    assert state(p)["scores"] == [3, 3, 3, 0]
    assert tally(p)["Yellow"]["wrong"] == 1


def test_false_start_is_shown_counted_and_ignored():
    data = data_with()
    go = 1900 + GO_MS
    p = play(open_variant(0) + "1900 ok\n2500 p1\n%d p2\n%d end" % (go + 300, go + 400), data)
    assert p.dev.app.top.caller == 1  # Red's press before GO did not count
    assert tally(p)["Red"]["false"] == 1
    assert "sound 220 Hz" in "\n".join(p.log)


def test_false_start_lock_setting_both_ways():
    go = 1900 + GO_MS
    script = open_variant(0) + "1900 ok\n%d hold p1\n%d let p1\n%d p1\n%d p2\n%d end" % (
        go - 100, go - 60, go + 50, go + 100, go + 300)
    free = play(script, data_with())
    assert free.dev.app.top.caller == 0  # no lock: Red's press 50 ms after GO wins
    locked = play(script, data_with('{"players": 4, "false_start_lock": true}'))
    assert locked.dev.app.top.caller == 1  # Red is locked out for 250 ms


def test_tie_settled_by_pressing_again():
    data = data_with('{"players": 4, "tie_us": 5000}')
    go = 1900 + GO_MS
    p = play(open_variant(0) + "1900 ok\n%d hold p1\n%d hold p3\n%d let p1\n%d let p3\n"
             "%d p2\n%d p3\n%d end" % (go + 100, go + 100, go + 200, go + 200, go + 600,
                                       go + 800, go + 900), data)
    screen = p.dev.app.top
    assert screen.tied == [0, 2]
    assert screen.caller == 2  # Blue is not in the tie; Green pressed again first
    assert state(p)["phase"] == "exam" and state(p)["caller"] == 2


def test_tie_settled_by_choice():
    data = data_with('{"players": 4, "tie_us": 5000, "tie_rule": "choose"}')
    go = 1900 + GO_MS
    p = play(open_variant(0) + "1900 ok\n%d hold p1\n%d hold p3\n%d let p1\n%d let p3\n"
             "%d down\n%d ok\n%d end" % (go + 100, go + 100, go + 200, go + 200, go + 600,
                                         go + 800, go + 900), data)
    assert p.dev.app.top.caller == 2 and state(p)["caller"] == 2


def test_round_time_limit_ends_with_nobody():
    data = data_with('{"players": 2, "round_limit_s": 15}')
    go = 1900 + GO_MS
    keys, t = counts(go + 16000, [1, 1])
    p = play(open_variant(0) + "1900 ok\n%d ok\n" % (go + 15500) + keys, data)
    st = state(p)
    assert st["last_stop"] == [None, None]
    assert st["scores"] == [2, 2]


def test_nothing_is_written_while_the_round_is_live():
    data = data_with()
    go = 1900 + GO_MS
    p = play(open_variant(0) + "1900 ok\n%d end" % (go + 500), data)
    app = p.dev.app
    assert app.top.name == "pad-live" and app.busy()
    app.session.offer({"t": "stop", "seat": 0})  # as if something were queued now
    p.play(parse("%d end" % (go + 1500)))
    assert len(app.session.pending) == 1
    assert len(log_records(data)) == 1  # the header only


def test_resume_in_the_examination():
    data = data_with()
    go = 1900 + GO_MS
    play(open_variant(0) + "1900 ok\n%d p2\n%d end\n" % (go + 100, go + 400), data)
    p = play("1600 ok\n1700 end", data)  # cut before the verdict: it is asked for
    assert p.dev.app.top.name == "pad-exam"
    assert state(p)["caller"] == 1


def test_resume_after_the_verdict_keeps_it():
    data = data_with()
    go = 1900 + GO_MS
    play(open_variant(0) + "1900 ok\n%d p2\n%d ok\n" % (go + 100, go + 400), data)
    p = play("1600 ok\n1700 end", data)  # the verdict (right) was keyed: the counts
    assert p.dev.app.top.name == "pad-counts" and p.dev.app.top.right is True
    assert state(p)["caller"] == 1


def test_resume_of_a_live_round_restarts_from_go():
    data = data_with()
    go = 1900 + GO_MS
    play(open_variant(0) + "1900 ok\n%d end" % (go + 300), data)
    p = play("1600 ok\n1700 end", data)
    assert p.dev.app.top.name == "pad-ready"
    assert state(p)["round"] == 0


def test_undo_from_the_examination_goes_back_to_go():
    data = data_with()
    go = 1900 + GO_MS
    # BACK held on the counts: the verdict taken back; held again: the STOP
    p = play(open_variant(0) + "1900 ok\n%d p2\n%d ok\n%d hold back\n%d let back\n" % (
        go + 100, go + 400, go + 600, go + 1500), data)
    assert state(p)["phase"] == "exam" and p.dev.app.top.name == "pad-exam"
    p.play(parse("%d hold back\n%d let back\n" % (go + 1700, go + 2600)))
    assert state(p)["phase"] == "ready"
    assert p.dev.app.top.name == "pad-ready"


def test_pick_a_pog_two_bonus_cards_and_49_on_the_table():
    data = data_with('{"players": 3}')
    go = 1900 + GO_MS
    keys, t = counts(go + 800, [1, 1, 1])
    p = play(open_variant(1) + "1900 ok\n%d p1\n%d ok\n" % (go + 100, go + 400) + keys,
             data)
    st = state(p)
    assert st["settings"]["variant"] == "pog"
    assert st["scores"] == [4, 2, 2]
    assert st["table"] == 49


def test_solo_three_rounds_and_best_result():
    data = data_with('{"players": 4}')
    script = open_variant(2)
    t = 1900
    script += "%d ok\n" % t  # GO
    for got in (20, 25, 30):
        script += "%d ok\n" % (t + 30000)  # done after 30 s
        t += 30100
        for _ in range(got - 1):
            script += "%d up\n" % t
            t += 100
        script += "%d ok\n" % t
        t += 100
        script += "%d ok\n" % t  # the round's result: the next GO (the last: the results)
        t += 100
    p = play(script + "%d end\n" % t, data)
    app = p.dev.app
    assert app.top.name == "results"
    assert app.toast_text == "Best solo game yet!"
    st = app.session.state
    assert st["ended"] and st["scores"] == [12 + 7 + 2]
    assert stats.SOLO_BEST not in app.stats  # kept when the game is put away
    p.play(parse("%d ok\n%d end\n" % (t + 100, t + 200)))
    assert app.session is None and app.top.name == "menu"
    assert app.stats[stats.SOLO_BEST]["score"] == -21


def test_a_whole_game_to_the_end_of_the_draw_pile():
    data = data_with('{"players": 8}')
    script = open_variant(0)
    t = 1900
    rounds = 0
    while rounds < 4:
        go = t + GO_MS
        # GO: the board's OK, then the OK of the round before's result
        script += "%d ok\n%d p%d\n%d ok\n" % (t, go + 100, 1 + rounds % 8, go + 300)
        keys, t = counts(go + 500, [1] * 8, [1] * 8 if rounds else None)
        script += keys
        rounds += 1
        t += 200
    script += "%d ok\n" % t  # the last round's result: on to the final results
    p = play(script, data)
    # 96 cards, 8 players: 38 at the first deal (58 left); each round takes 8 captains
    # and refills 9 (8 collected + 1 bonus): 41, 24, 7; then 7 < 8 captains: over
    assert p.dev.app.top.name == "results"
    p.play(parse("%d ok\n" % (t + 500)))
    assert p.dev.app.session is None  # finished, in the history
    from pawpad.store.records.history import read_history

    games = read_history(Storage(data))
    assert games[-1]["game"] == "pick_a_dog" and games[-1]["events"] == 8


def test_correcting_the_counts_of_an_earlier_round():
    data = data_with('{"players": 2}')
    keys, t = two_rounds()
    script = open_variant(0) + keys
    # the result -> the board -> game menu -> "Correct a round" (4th row) -> round 1 (UP
    # from the last) -> Blue's count up by 3, and OK on the last player saves
    script += "%d back\n%d back\n%d down\n%d down\n%d down\n%d ok\n%d up\n%d ok\n" % (
        t - 100, t, t + 200, t + 300, t + 400, t + 500, t + 600, t + 700)
    script += "%d ok\n%d up\n%d up\n%d up\n%d ok\n" % (
        t + 800, t + 900, t + 1000, t + 1100, t + 1200)
    p = play(script, data)
    st = state(p)
    # each round Red (right STOP) 2 + 1 + 1 bonus = 4; Blue 1 + 1, and 3 more in round 1
    assert st["scores"] == [8, 7]
    assert st["round"] == 2
    assert p.dev.app.top.name == "pad-ready"  # the screen the state calls for
    assert p.dev.app.toast_text == "Corrected"


def test_presses_in_the_same_instant_are_a_tie_even_without_a_tie_window():
    data = data_with()  # tie_us 0: only presses of the very same instant tie
    go = 1900 + GO_MS
    p = play(open_variant(0) + "1900 ok\n%d end" % (go + 200), data)
    world = p.world
    # both contacts close before the interrupt runs: one snapshot, one time
    world.pins[pins.PLAYERS[3]]._v = 0
    world.player(1, True)
    p.play(parse("%d end" % (go + 300)))
    screen = p.dev.app.top
    assert screen.name == "pad-stopped" and screen.tied == [1, 3]
    assert screen.caller is None


def test_a_stop_tapped_while_a_flash_write_masks_interrupts_still_locks_out_others():
    data = data_with()
    go = 1900 + GO_MS
    p = play(open_variant(0) + "1900 ok\n%d end" % (go + 200), data)
    world = p.world
    mask_irqs()  # a flash write: Blue taps inside it, unseen until it ends
    try:
        world.player(1, True)
        world.player(1, False)
        p.play(parse("%d end" % (go + 245)))
    finally:
        unmask_irqs()  # the interrupt runs now, go + 245: Blue's STOP, at that time
    p.play(parse("%d p1\n%d end" % (go + 260, go + 500)))  # Red, 15 ms later
    screen = p.dev.app.top
    assert screen.name == "pad-stopped" and screen.caller == 1
    assert screen.margins() == [(0, 15)]  # Red is locked out, 15 ms behind


def test_back_abandons_the_countdown_or_the_live_round_for_a_new_go():
    data = data_with()
    p = play(open_variant(0) + "1900 ok\n2500 back\n2800 end", data)
    assert p.dev.app.top.name == "pad-ready"
    assert p.hw.pixels.rgb[0] == (255, 0, 0)  # everyone's light back on
    p.play(parse("2900 ok\n%d back\n%d end" % (2900 + GO_MS + 500, 2900 + GO_MS + 800)))
    assert p.dev.app.top.name == "pad-ready"
    assert state(p)["round"] == 0 and state(p)["phase"] == "ready"


def test_solo_stopwatch_is_never_dimmed_so_the_first_ok_counts():
    data = data_with('{"players": 1, "dim_after_s": 5}')
    # Solo: GO, then a minute and a half with no key; the first OK stops the watch
    p = play(open_variant(2) + "1900 ok\n92000 ok\n92500 end\n", data)
    assert p.dev.app.top.name == "pad-solo-count"
    assert p.dev.app.top.ms == 92000 - 1900


def test_every_seat_of_one_instant_is_in_the_tie():
    data = data_with('{"players": 8}')
    go = 1900 + GO_MS
    p = play(open_variant(0) + "1900 ok\n%d end" % (go + 200), data)
    world = p.world
    for seat in (5, 7):  # seats 6 and 8 close with seat 2, before the interrupt runs
        world.pins[pins.PLAYERS[seat]]._v = 0
    world.player(1, True)
    p.play(parse("%d end" % (go + 300)))
    screen = p.dev.app.top
    assert screen.name == "pad-stopped" and screen.tied == [1, 5, 7]
    assert screen.caller is None


def test_tied_players_pressing_again_in_one_instant_are_tied_again():
    data = data_with('{"players": 4}')
    go = 1900 + GO_MS
    p = play(open_variant(0) + "1900 ok\n%d end" % (go + 200), data)
    world = p.world
    world.pins[pins.PLAYERS[3]]._v = 0
    world.player(1, True)
    p.play(parse("%d let p2\n%d let p4\n%d end" % (go + 300, go + 300, go + 600)))
    assert p.dev.app.top.tied == [1, 3] and p.dev.app.top.caller is None
    # both press again in one instant: still a tie, the lower seat does not win
    world.pins[pins.PLAYERS[3]]._v = 0
    world.player(1, True)
    p.play(parse("%d end" % (go + 700)))
    screen = p.dev.app.top
    assert screen.caller is None and screen.tied == [1, 3]
    p.play(parse("%d let p2\n%d let p4\n%d p4\n%d end" % (go + 800, go + 800, go + 1000,
                                                          go + 1200)))
    assert screen.caller == 3


def test_a_stop_twenty_minutes_after_go_is_taken_with_its_time():
    data = data_with('{"players": 3}')
    go = 1900 + GO_MS
    late = go + 20 * 60 * 1000 + 250  # past the 2**30 us wrap of the tick counter
    p = play(open_variant(0) + "1900 ok\n%d p3\n%d end" % (late, late + 300), data)
    screen = p.dev.app.top
    assert screen.name == "pad-stopped" and screen.caller == 2
    assert abs(screen.reaction - (late - go)) < 50


def test_broken_chains_take_their_cards_off_the_table():
    data = data_with('{"players": 4}')
    go = 1900 + GO_MS
    # Red calls right with 2 cards; Blue and Green broke chains of 10 cards each
    keys, t = counts(go + 800, [2, -11, -11, 0])
    p = play(open_variant(0) + "1900 ok\n%d p1\n%d ok\n" % (go + 100, go + 500) + keys,
             data)
    st = state(p)
    assert st["scores"] == [4, 0, 0, 1]
    # 96 cards: 4 captains + 30 on the table leave 62; 2 + 10 + 10 collected, the
    # bonus and 4 captains leave the table: refilled with 23 from the pile
    assert st["pile"] == 62 - 23 - 4 and st["table"] == 30
    assert log_records(data)[-1]["e"]["broken"] == [1, 2]
    assert log_records(data)[-1]["e"]["collected"] == [2, 10, 10, 0]


def test_the_stop_tone_plays_whole_when_the_display_fails_with_it():
    data = data_with('{"players": 3}')
    go = 1900 + GO_MS
    # the display is pulled just before the STOP: the frame's write fails in the
    # STOP's own loop cycle; the error tone waits for the STOP's 250 ms
    p = play(open_variant(0) + "1900 ok\n%d unplug display\n%d p2\n%d end" % (
        go + 50, go + 100, go + 700), data)
    sounds = [line.split()[1:] for line in p.log if " sound " in line]
    at = [int(line.split()[0]) for line in p.log if " sound " in line]
    i = sounds.index(["sound", "2093", "Hz"])
    assert sounds[i + 1] == ["sound", "330", "Hz"]  # the error tone, after it
    assert at[i + 1] - at[i] >= 250
