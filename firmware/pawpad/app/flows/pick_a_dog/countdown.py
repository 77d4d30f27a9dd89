# A Pick-a-Dog round on the device: the 3-2-1 countdown and the live round, up to the
# first valid press. The players' buttons are the STOP buzzers; the STOP itself (who
# called it, a tie, the verdict) is stop.py's.

from micropython import const

from pawpad import loader
from pawpad.app.flows.pick_a_dog.common import (
    BEEP,
    FALSE,
    GO,
    LOCK_US,
    LOOSE,
    STOP,
    draw_round_clock,
    lights,
    round_left,
    stop_frame,
    title,
)
from pawpad.app.flows.pick_a_dog.stop import Stopped
from pawpad.core.colours import OFF
from pawpad.core.stop.lockout import RoundClock
from pawpad.core.timers import Timer, shown_seconds
from pawpad.ticks import diff
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, TIME_UP, UNDO, WARN, Screen

COUNT_MS = const(1000)  # between the countdown's beeps
CLOCK_MS = const(500)  # the round's clock is carried on at least this often (ticks wrap)
SHOWN_CLOCK_MS = const(200)  # and a clock on the screen looked at this often


class Countdown(Screen):
    """3, 2, 1 with a beep each and every light on, then GO. A press now is a false
    start: shown, logged with the STOP, and (a setting) locks that player out for
    250 ms."""

    name = "pad-countdown"
    busy = True  # press times are being taken: no flash writes
    tick_ms = 20

    def __init__(self, game, app):
        self.game = game
        game.round = {}  # a new round: nothing handed on from the one before
        self.start = app.now
        self.shown = 3
        self.false = []  # (seat, t_us)
        app.box.sound(BEEP)
        lights(app, game, range(8), True)
        # Every seat's STOP frame, drawn now: the caller's name goes to the panel the
        # moment the STOP is decided. Then a collection, so none falls into the round.
        n = app.settings["players"]
        self.prepared = app.box.prepare_frames(
            lambda c: stop_frame(c, app, game, "GO!"),
            dict((s, _stop_draw(app, game, app.seat_name(s).upper())) for s in range(n)), LOOSE)
        loader.collect()

    def draw(self, c, app):
        widgets.title_bar(c, title(self.game), "R%d" % (self.game.state["round"] + 1))
        widgets.big_center(c, str(self.shown), 16, 4)
        if self.false:
            seats = false_seats(self.false)
            line = "False: " + ",".join(app.seat_short(s) for s in seats)
            if len(line) > widgets.COLS:
                line = "False starts: %d" % len(seats)
            c.text_center(line, 54)

    def tick(self, app, now_ms):
        left = 3 - diff(now_ms, self.start) // COUNT_MS
        if left <= 0:
            app.box.sound(GO)
            app.nav.replace(Live(self.game, app, app.now_us, self.false, self.prepared))
        elif left != self.shown:
            self.shown = left
            app.box.sound(BEEP)
            app.nav.dirty = True

    def player(self, app, seat, t_us):
        self.false.append((seat, t_us))
        app.box.sound(FALSE)
        app.box.light(seat, OFF)

    def key(self, app, k):
        if k in (BACK, UNDO):  # no round yet: back to GO; held, the last entry undone
            app.show_player_colours()
            app.nav.pop()
            if k == UNDO:
                self.game.undo()


def _stop_draw(app, game, name):
    return lambda c: stop_frame(c, app, game, name)


def false_seats(false):
    """The seats that made a false start, each once, in the order they pressed."""
    out = []
    for seat, _ in false:
        if seat not in out:
            out.append(seat)
    return out


class Live(Screen):
    """The round is on: the first valid press is the STOP. The round may last any
    time: its clock counts microseconds since GO without wrapping."""

    name = "pad-live"
    busy = True
    live = True
    tick_ms = CLOCK_MS

    def __init__(self, game, app, armed_us, false, prepared=None):
        self.game = game
        self.clock = RoundClock(armed_us)
        for seat, t_us in false:  # the countdown's presses: false starts
            self.clock.false_start(seat, t_us)
        self.lock = app.settings["false_start_lock"]
        self.prepared = prepared or {}
        # The tone starts in the button interrupt itself: a seat still locked out by
        # its false start is left out.
        seats = [s for s in range(app.settings["players"]) if not self._locked(s, armed_us)]
        app.box.arm_stop(STOP[0][0], seats)
        # The STOP's screen is made now: the press that calls it allocates nothing.
        self.stopped = Stopped(game, app, self.clock, self.prepared)
        limit = app.settings["round_limit_s"]
        if limit:
            timer = Timer(limit * 1000)
            timer.start(app.now)
            game.alarm = (timer, self)  # runs whatever screen is up
        lights(app, game, range(8), True)
        self.left = round_left(app, game)  # the clock in the footer, if one counts
        self.shown_s = None
        self.patched = None  # an attribute of its own now: set in the round, it makes nothing
        if self.left is not None:
            self.tick_ms = SHOWN_CLOCK_MS

    def draw(self, c, app):
        # Nothing on this screen moves but its clock, on a page of its own that the
        # STOP's frames leave as it is: they differ from this one only where GO! stands.
        stop_frame(c, app, self.game, "GO!")

    def tick(self, app, now_ms):
        self.clock.update(app.now_us)
        left = round_left(app, self.game)
        s = None if left is None else shown_seconds(left)
        if s != self.shown_s:  # a second gone: only the clock is drawn and sent
            self.shown_s = s
            self.left = left
            self.patched = True
            app.nav.dirty = True

    def patch(self, c, patched):
        draw_round_clock(c, self.left)

    def _locked(self, seat, t_us):
        return self.lock and self.clock.locked(seat, t_us, LOCK_US)

    def player(self, app, seat, t_us):
        if self._locked(seat, t_us):
            return
        if self.clock.press(seat, t_us) >= 0:
            # As little as can be before the name goes to the panel (at this loop
            # turn's tick): the lights wait for the decision.
            app.box.sound(STOP, True)  # the tone the interrupt started, carried on
            app.box.disarm_stop()
            self.game.alarm = None
            drawn = not app.nav.dirty  # this screen is what the panel shows
            stopped = self.stopped
            stopped.at = app.now  # the STOP's loop cycle
            app.nav.replace(stopped)
            if drawn and self.prepared:
                # The STOP's screen, while it decides, draws this very frame (the frames
                # made before GO are drawn over it): not drawing it again brings the
                # decision and the caller's name a whole render sooner.
                app.nav.dirty = False

    def alarm(self, app, kind):
        if kind == "warn":
            app.box.sound(WARN)  # the timer's own chirp: never the countdown's beep
            return
        # The time limit: the round ends with nobody's STOP.
        self.game.alarm = None
        app.box.disarm_stop()
        app.box.sound(TIME_UP)
        lights(app, self.game, (), False)
        if app.nav.in_game(self):
            app.nav.close(self)
            app.nav.push(Stopped(self.game, app, self.clock, timed_out=True))

    def key(self, app, k):
        if k in (BACK, UNDO):  # abandon the round: back to GO (held: and undo, as above)
            self.game.alarm = None
            app.box.disarm_stop()
            app.show_player_colours()
            app.nav.pop()
            if k == UNDO:
                self.game.undo()
