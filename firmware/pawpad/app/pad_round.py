# A Pick-a-Dog round on the device: the 3-2-1 countdown, the live round and the STOP.
# The players' buttons are the STOP buzzers: the first valid press wins (the arbiter
# in pawpad.core.lockout decides, on the times the button interrupt took).
import gc

from pawpad.app.pad_common import BEEP, FALSE, GO, STOP, lights, title
from pawpad.app.pad_exam import Counts
from pawpad.app.screen import BACK, DOWN, ERROR, OK, UNDO, UP, Screen
from pawpad.core.colours import OFF
from pawpad.core.lockout import RoundClock, judge
from pawpad.core.timers import Timer, clock_text
from pawpad.ticks import diff
from pawpad.ui import widgets
from pawpad.ui.canvas import HEIGHT, LINE_H, WIDTH

COUNT_MS = 1000  # between the countdown's beeps
LOCK_US = 250000  # the false-start penalty, when the setting is on
LATE_MS = 2000  # presses this long after the STOP still show their margin, and then
# the verdict's keys show: not in the STOP's own frames, which carry only what the
# table looks at first (fewer bytes to the panel), while the examination takes longer
CLOCK_MS = 500  # the round's clock is carried on at least this often (ticks wrap)
REACTION_Y = 16  # the STOP's time: one page (16-23) over the name, one page to send


class Countdown(Screen):
    """3, 2, 1 with a beep each and every light on, then GO. A press now is a false
    start: shown, logged with the STOP, and (a setting) locks that player out for
    250 ms."""

    name = "pad-countdown"
    busy = True  # press times are being taken: no flash writes
    tick_ms = 20

    def __init__(self, host, app):
        self.host = host
        host.round = {}  # a new round: nothing handed on from the one before
        self.start = app.now
        self.shown = 3
        self.false = []  # (seat, t_us)
        app.out.sound(BEEP)
        lights(app, host, range(8), True)
        # Every seat's STOP frame, drawn now: the caller's name goes to the panel the
        # moment the STOP is decided. Then a collection, so none falls into the round.
        n = app.settings["players"]
        self.prepared = app.out.prepare_frames(
            lambda c: stop_frame(c, app, host, "GO!"),
            dict((s, _stop_draw(app, host, app.colour(s).upper())) for s in range(n)))
        gc.collect()

    def draw(self, c, app):
        widgets.title_bar(c, title(self.host), "R%d" % (self.host.state["round"] + 1))
        widgets.big_center(c, str(self.shown), 16, 4)
        if self.false:
            seats = false_seats(self.false)
            line = "False: " + ",".join(app.colour(s)[:3] for s in seats)
            if len(line) > widgets.COLS:
                line = "False starts: %d" % len(seats)
            c.text_center(line, 54)

    def tick(self, app, now_ms):
        left = 3 - diff(now_ms, self.start) // COUNT_MS
        if left <= 0:
            app.out.sound(GO)
            app.nav.replace(Live(self.host, app, app.now_us, self.false, self.prepared))
        elif left != self.shown:
            self.shown = left
            app.out.sound(BEEP)
            app.nav.dirty = True

    def player(self, app, seat, t_us):
        self.false.append((seat, t_us))
        app.out.sound(FALSE)
        app.out.light(seat, OFF)

    def key(self, app, k):
        if k in (BACK, UNDO):  # no round yet: back to GO; held, the last entry undone
            app.show_player_colours()
            app.nav.pop()
            if k == UNDO:
                self.host.undo()


def _stop_draw(app, host, name):
    return lambda c: stop_frame(c, app, host, name)


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

    def __init__(self, host, app, armed_us, false, prepared=None):
        self.host = host
        self.armed = armed_us
        self.clock = RoundClock(armed_us)
        self.false = false
        self.prepared = prepared or {}
        # The tone starts in the button interrupt itself: a seat still locked out by
        # its false start is left out.
        seats = [s for s in range(app.settings["players"]) if not self._locked(s, armed_us)]
        app.out.arm_stop(STOP[0][0], seats)
        limit = app.settings["round_limit_s"]
        if limit:
            timer = Timer(limit * 1000)
            timer.start(app.now)
            host.alarm = (timer, self)  # runs whatever screen is up
        lights(app, host, range(8), True)

    def draw(self, c, app):
        # Nothing on this screen moves: no frame is on the bus when a STOP comes, and
        # the STOP frame differs from this one only where GO! stands.
        stop_frame(c, app, self.host, "GO!")

    def tick(self, app, now_ms):
        self.clock.update(app.now_us)

    def _locked(self, seat, t_us):
        if not self.host.app.settings["false_start_lock"]:
            return False
        for s, f in self.false:
            if s == seat and 0 <= diff(t_us, f) < LOCK_US:
                return True
        return False

    def player(self, app, seat, t_us):
        if self._locked(seat, t_us):
            return
        if self.clock.press(seat, t_us) >= 0:
            # As little as can be before the name goes to the panel (at this loop
            # turn's tick): the lights wait for the decision.
            app.out.sound(STOP, True)  # the tone the interrupt started, carried on
            app.out.disarm_stop()
            self.host.alarm = None
            app.nav.replace(Stopped(self.host, app, self.clock, self.false, self.prepared))

    def alarm(self, app, kind):
        if kind == "warn":
            app.out.sound(BEEP)
            return
        # The time limit: the round ends with nobody's STOP.
        self.host.alarm = None
        app.out.disarm_stop()
        app.out.sound(ERROR)
        lights(app, self.host, (), False)
        if app.nav.in_game(self):
            app.nav.close(self)
            app.nav.push(Stopped(self.host, app, self.clock, self.false, timed_out=True))

    def key(self, app, k):
        if k in (BACK, UNDO):  # abandon the round: back to GO (held: and undo, as above)
            self.host.alarm = None
            app.out.disarm_stop()
            app.show_player_colours()
            app.nav.pop()
            if k == UNDO:
                self.host.undo()


def reaction_line(ms):
    """"3383 ms after GO" (over the caller's name); past 10 s in tenths of a second."""
    if ms is None:
        return "STOP"
    if ms < 10000:
        return "%d ms after GO" % ms
    return "%d.%d s after GO" % (ms // 1000, ms % 1000 // 100)


def stop_frame(c, app, host, big, footer=True):
    """The live screen, and the STOP's first frame: one word in large type between a
    title and a footer that do not change, so the STOP sends only those pages. "live"
    stands where the STOP screen's "OK: right" comes: only those columns change."""
    widgets.title_bar(c, title(host), "R%d" % (host.state["round"] + 1))
    widgets.big_center(c, big, 24, 3)
    if footer:
        limit = app.settings["round_limit_s"]
        widgets.footer(c, ("limit " + clock_text(limit * 1000)) if limit else "", "live")


def margins_line(app, margins):
    """Who pressed after the caller, by how much, on one line: the nearest first, as
    many as fit, in short colour names when that fits more of them."""
    best, shown = "", 0
    for n in (0, 3):
        line, count = "", 0
        for seat, ms in margins:
            name = app.colour(seat)
            item = "%s +%dms" % (name[:n] if n else name, ms)
            more = item if not line else line + " " + item
            if len(more) > widgets.COLS:
                break
            line, count = more, count + 1
        if count > shown:
            best, shown = line, count
    return best


def false_lines(app, seats, most=2):
    """Who made a false start, in their colours, on at most `most` lines: "Locked out"
    when the lock-out is on (they could not call this STOP), else "False start"; how
    many of them when their colours do not fit."""
    lock = app.settings["false_start_lock"]
    head = "Locked out: " if lock else "False start: "
    full = widgets.wrap([head + " ".join(app.colour(s) for s in seats)])
    short = widgets.wrap([head + ",".join(app.colour(s)[:3] for s in seats)])
    # One line leaves the next for the verdict's keys: short names on one line before
    # full names on two.
    for lines, n in ((full, 1), (short, 1), (full, 2), (short, 2)):
        if len(lines) <= min(n, most):
            return lines
    return ["%d %s" % (len(seats), "locked out" if lock else "false starts")]


class Stopped(Screen):
    """The caller's name in large type, and who pressed after, by how much. Decided at
    the tick of the loop turn that brought the first press, once every press the
    interrupt took with it is in: every seat of that instant (or of the tie window)
    is in the tie. A tie is settled by pressing again (a press of several tied seats
    in one instant is a tie again) or by choice (setting). Once settled, the STOP is
    in the game and this screen stays over the examination until OK."""

    name = "pad-stopped"
    live = True  # never dimmed while the STOP is shown

    @property
    def busy(self):
        # Press times still matter while the STOP is being decided: it goes to flash
        # as soon as it is in the game, the loop turn after its screen went out (a
        # write then only delays the margins of later presses by a few ms, which
        # nobody's score depends on).
        return self.deciding

    def __init__(self, host, app, clock, false=(), prepared=None, timed_out=False):
        self.host = host
        self.clock = clock
        self.prepared = prepared or {}
        self.false = list(false)
        self.at = app.now
        self.winners = []
        self.caller = None
        self.choice = 0
        self.reaction = None
        self.again = None  # us since GO when a tie was announced (press again)
        # The first frame carries only the name (fewer bytes), unless the name went to
        # the panel from the frame made before GO: then the details follow at once.
        self.details = False
        self.tick_ms = 1
        self.deciding = not timed_out
        self.settling = False  # the STOP is drawn, not yet in the game (next tick)
        self.hint = False  # the verdict's keys shown (LATE_MS after the STOP)

    def _first(self, since=0):
        best = None
        for _seat, off in self.clock.presses:
            if off >= since and (best is None or off < best):
                best = off
        return best

    def _decide(self, app):
        """Judges once the clock is past the tie window after the first press."""
        clock = self.clock
        clock.update(app.now_us)
        window = app.settings["tie_us"]
        since = 0 if self.again is None else self.again
        first = self._first(since)
        if first is None or clock.since_go(app.now_us) - first <= window:
            return  # presses of this instant (or of the window) may still come in
        if self.again is None:
            winners, _ = judge(clock.presses, window)
        else:  # only the tied seats' presses since the tie was announced
            winners, _ = judge([(s, off - since) for s, off in clock.presses
                                if s in self.winners and off >= since], window)
        self.deciding = False
        if self.again is None or len(winners) > 1:
            self.winners = winners  # the tie (or the STOP); a tie again: its seats
        if len(winners) == 1:
            self.caller = winners[0]
            if self.again is not None:
                app.out.sound(STOP, True)
            elif app.out.send_prepared(self.prepared.get(self.caller)):
                # The name is on the panel already, from the frame made before GO: this
                # loop turn draws the details (only the lines around the name change);
                # the STOP goes into the game (and to flash) and the lights change at
                # the next turn, a few ms later.
                self.reaction = self._reaction_ms()
                self.details = True
                self.settling = True
                app.nav.dirty = True
                return
            self._logged(app)
        elif app.settings["tie_rule"] == "again":
            self.again = clock.since_go(app.now_us)
        lights(app, self.host, winners, True)
        app.nav.dirty = True

    def stop_event(self):
        e = {"t": "stop", "seat": self.caller}
        if self.reaction is not None:
            e["react_ms"] = self.reaction
        if self.false:
            e["false"] = false_seats(self.false)
        return e

    def _reaction_ms(self):
        mine = [off for s, off in self.clock.presses if s == self.caller and off >= 0]
        return min(mine) // 1000 if mine else None

    def _settle(self, app):
        """The STOP's screen is out: now into the game, and the caller's light."""
        self.settling = False
        self.tick_ms = 50
        self._logged(app)
        lights(app, self.host, self.winners, True)

    def _logged(self, app):
        """The STOP is settled: it goes into the game (and to flash once quiet), and
        this screen stays on top of the examination it leads to."""
        self.reaction = self._reaction_ms()
        if self.host.state["phase"] == "ready":
            self.host.offer(self.stop_event(), over=self)

    def draw(self, c, app):
        if self.deciding:
            # Deciding, for the tie window: the live frame stays, so the frames made
            # before GO still apply (a tie pressed again says STOP).
            big = "GO!" if self.again is None and self.prepared else "STOP"
        elif self.caller is not None:
            big = app.colour(self.caller).upper()
        else:
            big = "TIE" if self.winners else "TIME"
        if not self.details:
            stop_frame(c, app, self.host, big)  # as the live screen, but for the name
            return
        if self.caller is not None:
            self._draw_caller(c, app, big)
            return
        widgets.big_center(c, big, 2, 3)
        y = 28
        if self.winners:
            names = " ".join(app.colour(s) for s in self.winners)
            if len(names) > widgets.COLS:
                names = " ".join(app.colour(s)[:3] for s in self.winners)
            lines = widgets.wrap([names])[:2]
            for line in lines:
                c.text_center(line, y)
                y += 9
            rule = app.settings["tie_rule"]
            if rule == "again":
                c.text_center("tied: press again", y + 2)
            else:
                c.text_center("UP/DOWN, OK: " + app.colour(self.winners[self.choice]), y + 2)
        else:
            c.text_center("Time up: nobody", y)
            c.text_center("called STOP", y + 10)
        if not self.winners:
            widgets.footer(c, "", "OK: count")

    def _draw_caller(self, c, app, big):
        """The name stays where the live screen put it; the time goes above it, who
        pressed after and who made a false start below: the panel is sent only the
        lines that change, a few hundred bytes."""
        prep = self.prepared.get(self.caller)
        if prep is not None and app.out.draw_prepared(prep, c):
            # The frame made before GO, as sent: its name stays, its footer goes.
            c.fill_rect(0, HEIGHT - 2 * LINE_H, WIDTH, 2 * LINE_H, 0)
        else:
            stop_frame(c, app, self.host, big, footer=False)
        c.text_center(reaction_line(self.reaction), REACTION_Y)
        # Two lines under the name; once the verdict's keys show, they take the last
        # (who pressed after keeps the other: the table has seen the rest by then).
        room = 1 if self.hint else 2
        lines = []
        margins = self.margins()
        if margins:
            lines.append(margins_line(app, margins))
        if self.false and len(lines) < room:
            lines += false_lines(app, false_seats(self.false), room - len(lines))
        if self.hint:
            widgets.footer(c, "BACK: wrong", "OK: right")
        y = HEIGHT - 2 * LINE_H
        for line in lines[:room]:
            c.text(line, 0, y)
            y += LINE_H

    def margins(self):
        """(seat, ms) of every other seat's first press after the caller's."""
        first = {}
        for seat, off in self.clock.presses:
            if off >= 0 and (seat not in first or off < first[seat]):
                first[seat] = off
        t0 = first.get(self.caller, 0)
        out = [(s, (off - t0) // 1000) for s, off in first.items() if s != self.caller]
        out.sort(key=lambda x: x[1])
        return out

    def tick(self, app, now_ms):
        if self.deciding:
            self._decide(app)
            return
        if self.settling:
            self._settle(app)
            return
        if not self.details:
            if now_ms == self.at:
                return  # the STOP's own loop turn: its first frame goes out as it is
            self.details = True
            self.tick_ms = 50
            app.nav.dirty = True
        elif diff(now_ms, self.at) > LATE_MS and (self.again is None or
                                                   self.caller is not None):
            # late presses are past (and no tie waits for its seats to press again)
            self.tick_ms = None
            self.hint = True
            app.nav.dirty = True

    def player(self, app, seat, t_us):
        if self.deciding:
            self.clock.press(seat, t_us)  # judged at this loop turn's tick
            return
        if self.caller is None and self.winners and self.again is not None:
            if seat in self.winners:
                self.clock.press(seat, t_us)
                self.deciding = True  # the tied seats pressing again, at the tick
                self.tick_ms = 1
            return
        if diff(app.now, self.at) <= LATE_MS:
            self.clock.press(seat, t_us)

    def key(self, app, k):
        if self.deciding:
            return
        if self.settling:
            self._settle(app)  # a key in the STOP's own loop turn: the game has it first
        if self.caller is None and self.winners:
            if app.settings["tie_rule"] == "choose":
                n = len(self.winners)
                if k in (UP, DOWN):
                    self.choice = (self.choice + (1 if k == DOWN else -1)) % n
                elif k == OK:
                    self.caller = self.winners[self.choice]
                    lights(app, self.host, [self.caller], True)
                    self._logged(app)
            if k in (BACK, UNDO):
                lights(app, self.host, (), False)
                app.nav.pop()  # the tie stands unsettled: replay the round from GO
            return
        if k == OK and self.caller is None:  # time up: nobody's STOP goes into the game
            lights(app, self.host, (), False)
            if self.host.offer(self.stop_event()):
                app.nav.push(Counts(self.host, None))
        elif k in (OK, BACK) and self.caller is not None:
            # The verdict, once the table has examined the caller's cards (OK: right,
            # BACK: wrong): on to everyone's count, over the examination screen that
            # BACK on the first count returns to. By how much the STOP was won (the
            # next press, if any came) goes with the verdict's record.
            lights(app, self.host, (), False)
            margins = self.margins()
            self.host.round["margin_ms"] = margins[0][1] if margins else None
            app.nav.close(self)
            app.nav.push(Counts(self.host, k == OK))
        elif k == UNDO and self.caller is not None:
            self.host.undo()
