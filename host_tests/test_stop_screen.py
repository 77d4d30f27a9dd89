# The STOP screen: the caller's name stays where the live screen put it, so the STOP
# sends the panel only the name and the lines around it; it says who pressed after and
# who made a false start (in colours), and fits the panel with the longest of each.
# Both runtimes.
from pawpad.app.flows.pick_a_dog import stop as pad_stop
from pawpad.app.flows.pick_a_dog.lines import margins_line
from pawpad.app.shell.game import Game
from pawpad.core import settings
from pawpad.core.stop.lockout import RoundClock
from pawpad.store.session import Session
from pawpad.ui.canvas import Canvas
from pawsim import fit
from pawsim.gallery import LONG_COLOURS, quiet_app
from pawsim.script import parse
from pawsim.scripts import GO_MS
from support.device import play
from support.pick_a_dog import data_with, open_variant

GO = 1900 + GO_MS


def texts(app, screen=None):
    """The texts the top screen (or `screen`) draws, and what of them does not fit."""
    c = fit.FitCanvas()
    if screen is not None:
        app.nav.stack = [screen]
    app.draw(c)
    return [b[0] for b in c.boxes], fit.check(c.boxes)


def bus_bytes(script, data):
    p = play(script, data)
    return p, p.hw.display.bus_bytes


def test_the_stop_sends_only_the_name_and_the_lines_around_it():
    script = open_variant(0) + "1900 ok\n"
    before = bus_bytes(script + "%d end" % (GO + 199), data_with())[1]
    p, after = bus_bytes(script + "%d p2\n%d end" % (GO + 200, GO + 300), data_with())
    assert p.world.panel.ram == p.hw.display.buffer  # the whole STOP screen is on it
    # It was drawn over the frame made before GO: the same as drawn from nothing.
    screen = p.dev.app.top
    assert screen.prepared
    screen.prepared = {}
    c = Canvas()
    p.dev.app.draw(c)
    assert c.buf == p.world.panel.ram
    shown, bad = texts(p.dev.app)
    for text in ("BLUE", "200 ms after GO"):
        assert text in shown, shown
    assert not bad
    # The name (a few pages' columns) and the time and footer lines: not a frame.
    assert 0 < after - before < 650, after - before
    # Once the late presses are past, the verdict's keys: OK right, BACK wrong
    assert "OK: right" not in shown
    p.play(parse("%d end" % (GO + 200 + pad_stop.LATE_MS + 200)))
    shown, bad = texts(p.dev.app)
    assert "BACK: wrong" in shown and "OK: right" in shown and not bad


def stop_texts(setting, presses, end):
    """The STOP screen's texts (every one drawn, none from a frame made ahead), and its
    caller, after the script's presses."""
    p = play(open_variant(0) + "1900 ok\n" + presses + "%d end" % end, data_with(setting))
    top = p.dev.app.top
    assert top.name == "pad-stopped", top.name
    top.prepared = {}
    shown, bad = texts(p.dev.app)
    assert not bad, bad
    return p, top.caller, shown


LOCK = '{"players": 4, "false_start_lock": true}'


def test_false_starts_are_named_by_colour_on_the_stop_screen():
    # Red and Yellow pressed seconds before GO: a false start each, and with the
    # lock-out on, a lock that ran out long before GO kept them from nothing.
    for setting in ('{"players": 4}', LOCK):
        p, caller, shown = stop_texts(setting, "2500 p1\n2600 p4\n%d p2\n" % (GO + 300), GO + 500)
        assert caller == 1 and "False start: Red,Yel" in shown, shown
        assert not any("Locked" in t for t in shown), shown
        p.play(parse("%d end" % (GO + 300 + pad_stop.LATE_MS + 200)))
        p.dev.app.top.prepared = {}
        shown, bad = texts(p.dev.app)
        assert "OK: right" in shown  # one line below the name left for the verdict
        assert not bad
    # Within the lock's 250 ms before GO: locked out past GO, and said so.
    _, caller, shown = stop_texts(LOCK, "%d p1\n%d p4\n%d p2\n" % (GO - 100, GO - 60, GO + 300),
                                  GO + 500)
    assert caller == 1 and "Locked out: Red,Yel" in shown, shown


def test_the_caller_is_never_named_locked_out():
    # Yellow false-started, then called the STOP once no lock held it: 800 ms before
    # GO (the lock ran out before GO), or 100 ms before and again exactly 250 ms later.
    for early, again in ((GO - 800, GO + 100), (GO - 100, GO + 150)):
        _, caller, shown = stop_texts(LOCK, "%d p4\n%d p4\n" % (early, again), again + 200)
        assert caller == 3, (early, caller, shown)
        assert "YELLOW" in shown and "False start: Yellow" in shown, shown
        assert not any("Locked" in t for t in shown), shown
    # Locked out Red and a caller who false-started too: each under its own word.
    _, caller, shown = stop_texts(LOCK, "%d p4\n%d p1\n%d p4\n" % (GO - 900, GO - 50, GO + 300),
                                  GO + 500)
    assert caller == 3 and "Locked out: Red" in shown and "False start: Yellow" in shown, shown


def long_app():
    s = settings.defaults()
    s["players"] = 8
    s["colours"] = list(LONG_COLOURS)
    s["false_start_lock"] = True
    app = quiet_app(s, {"board": "test"})
    game = Game(app, Session.new(None, "pick_a_dog", 8, {"variant": "pog"}, LONG_COLOURS))
    return app, game


def stopped(app, game, seats_after, false):
    clock = RoundClock(1000)
    clock.press(0, 1000 + 99999000)
    for seat in seats_after:
        clock.press(seat, 1000 + 99999000 + seat * 9999000)
    for seat in false:
        clock.press(seat, 0)  # before GO: a false start
    screen = pad_stop.Stopped(game, app, clock)
    screen.caller, screen.reaction, screen.part, screen.details = 0, 99999, pad_stop.Shown, True
    return screen


def test_the_stop_screen_fits_with_every_seat_after_and_every_false_start():
    app, game = long_app()
    for after in ((), (1,), range(1, 8)):
        for false in ((), (3,), (1, 2), (1, 2, 3, 4), range(1, 8)):
            shown, bad = texts(app, stopped(app, game, after, false))
            assert not bad, (after, false, bad)
            assert "99.9 s after GO" in shown
            if false:
                line = " ".join(t for t in shown if t != "OK: examine")
                # by colour while the lines left hold them, else how many
                assert "Locked out: " in line and \
                    all(app.seat_name(s)[:3] in line for s in false) or \
                    "%d locked out" % len(false) in line, line


def test_margins_line_keeps_the_nearest_and_fits():
    app, _ = long_app()
    line = margins_line(app, [(1, 8), (2, 69), (3, 70)])
    assert line == "Ora +8ms Pur +69ms"  # short names fit two of them, full ones one
    assert margins_line(app, [(1, 8)]) == "Orange +8ms"
    assert margins_line(app, [(1, 0), (2, 5)]) == "Ora tied Pur +5ms"  # a tie: not +0ms
    many = margins_line(app, [(s, 10000 + s) for s in range(1, 8)])
    assert many == "Orange +10001ms"  # one fits either way: the full name


def test_ok_at_once_after_the_stop_is_its_verdict():
    # The STOP is decided at the turn after the press (here, where time stands still
    # within a turn) and goes into the game at the turn after that: an OK there finds
    # it in the game, with the examination under the counts it opens.
    p = play(open_variant(0) + "1900 ok\n%d p2\n%d ok\n%d end" % (GO + 200, GO + 202, GO + 300),
             data_with())
    assert p.dev.app.top.name == "pad-counts" and p.dev.app.top.right is True
    assert [s.name for s in p.dev.app.nav.stack[-2:]] == ["pad-exam", "pad-counts"]
    events = [e["t"] for e in p.dev.app.session.events()]
    assert events == ["stop"], events
