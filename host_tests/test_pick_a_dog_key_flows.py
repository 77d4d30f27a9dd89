# Pick-a-Dog's new key flows attacked as a stranger would, through the real menus in
# the simulator: the STOP's screen after a tie settled by pressing again or with a
# false start and a late press, a new game's first counts from a damaged statistics
# file, BACK held in the countdown the round's result began, and DOWN held on a
# count. Both runtimes.
import json

from pawpad.app.flows.pick_a_dog import exam as pad_exam
from pawsim import fit
from pawsim.scripts import GO_MS
from support.device import play
from support.pick_a_dog import data_with, open_variant, state

GO = 1900 + GO_MS


def shown(app):
    """The texts on the panel as the app draws its screen now."""
    c = fit.FitCanvas()
    app.draw(c)
    return [b[0] for b in c.boxes]


def test_a_tie_pressed_again_shows_the_verdicts_keys_and_lets_the_loop_rest():
    data = data_with('{"players": 4, "tie_us": 5000}')
    # Red and Green tie; Green presses again and is the caller; then the table examines
    # Green's cards for 6 s
    p = play(open_variant(0) + "1900 ok\n%d hold p1\n%d hold p3\n%d let p1\n%d let p3\n"
             "%d p3\n%d end" % (GO + 100, GO + 100, GO + 200, GO + 200, GO + 800, GO + 7000),
             data)
    screen = p.dev.app.top
    assert screen.name == "pad-stopped" and screen.caller == 2
    assert state(p)["phase"] == "exam"
    # as after a STOP without a tie (test_stop_screen): the verdict's keys show once
    # the late presses are past ...
    assert "OK: right" in shown(p.dev.app), shown(p.dev.app)
    # ... and the screen stops asking for a cycle of the loop every millisecond
    assert screen.tick_ms is None or screen.tick_ms >= 50, screen.tick_ms


def test_a_damaged_usual_count_does_not_stall_the_first_counts():
    # stats.json with a figure in range (under MAX_COUNT) but far beyond any table:
    # the first round's counts must not cut it down one card at a time (about 10**9
    # steps: minutes on the Pico, whose watchdog resets after 8 s, and again after
    # each resume the moment the counts open)
    data = data_with()
    with open(data + "/stats.json", "w") as f:
        f.write(json.dumps({"Red": {"cards_dog": (1 << 30) - 1, "rounds_dog": 1},
                            "Blue": {"cards_dog": 6, "rounds_dog": 3}}))
    calls = [0]

    def counted_max(*args):
        calls[0] += 1
        if calls[0] > 10000:
            raise AssertionError("the counts' start is cut down one card at a time")
        return max(*args)

    pad_exam.max = counted_max  # the module's own name is found before the builtin
    try:
        p = play(open_variant(0) + "1900 ok\n%d p2\n%d ok\n%d end" % (
            GO + 100, GO + 2600, GO + 3000), data)
    finally:
        delattr(pad_exam, "max")
    screen = p.dev.app.top
    assert screen.name == "pad-counts"
    table = state(p)["table"]
    assert sum(screen.values) <= table and all(0 <= v <= table for v in screen.values)
    assert screen.values[1] == 2  # Blue's own usual count stands



def test_the_verdicts_keys_show_after_a_false_start_and_a_late_press_too():
    # Green's false start, Blue's STOP, Red 200 ms later; the table examines Blue's
    # cards: the STOP's screen is all they see (the examination is under it), and
    # without its keys nothing says that BACK here is "wrong" rather than the menu
    p = play(open_variant(0) + "1900 ok\n2500 p3\n%d p2\n%d p1\n%d end" % (
        GO + 100, GO + 300, GO + 5000), data_with())
    screen = p.dev.app.top
    assert screen.name == "pad-stopped" and screen.caller == 1 and screen.hint
    texts = shown(p.dev.app)
    assert "BACK: wrong" in texts and "OK: right" in texts, texts


def test_back_held_in_the_countdown_the_results_ok_began_undoes_that_round():
    # docs/manual.md, "Playing on the box": "BACK held down undoes the last entry at
    # once". The result's OK is the next round's GO now: a table that sees a count was
    # wrong holds BACK at once, in the countdown, and must not need a second hold on the
    # board to undo the round
    data = data_with('{"players": 2}')
    t = GO + 300
    p = play(open_variant(0) + "1900 ok\n%d p1\n%d ok\n%d ok\n%d ok\n%d ok\n"
             "%d hold back\n%d let back\n%d end" % (
                 GO + 100, t, t + 100, t + 200, t + 400, t + 600, t + 1600, t + 1900),
             data)
    assert p.dev.app.toast_text == "Undone", (p.dev.app.top.name, p.dev.app.toast_text)
    assert state(p)["round"] == 0 and state(p)["phase"] == "exam"


def test_down_held_to_bring_a_count_to_0_leaves_the_chain_as_it_was():
    # Red's count at 5; DOWN held to bring it to 0 (held, it repeats faster and
    # faster): how long it is held past 0 must not decide whether Red's chain broke
    # (the repeats below 0 turn the mark on and off: Red's cards would be discarded)
    for held_ms in (1500, 2500):
        p = play(open_variant(0) + "1900 ok\n%d p1\n%d ok\n%d up\n%d up\n%d up\n%d up\n"
                 "%d up\n%d hold down\n%d let down\n%d end" % (
                     GO + 100, GO + 400, GO + 600, GO + 700, GO + 800, GO + 900,
                     GO + 1000, GO + 1200, GO + 1200 + held_ms, GO + 1500 + held_ms),
                 data_with('{"players": 2}'))
        screen = p.dev.app.top
        assert screen.name == "pad-counts" and screen.values[0] == 0
        assert screen.broken == [], (held_ms, screen.broken)
