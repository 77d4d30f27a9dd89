# A Pick-a-Dog STOP: who called it, by how much, and the table's verdict. The arbiter
# is core.stop.lockout's RoundClock, on the times the button interrupt took; this screen
# only says what it decided. The screen goes through parts, one at a time:
#
#   Deciding  the tie window after the first press: presses still come in (busy)
#   Settling  the caller's name went out from a frame made before GO: the STOP goes
#             into the game at the next loop cycle
#   Shown     the caller on the screen; later presses show their margin
#   Verdict   LATE_MS on: the verdict's keys show (OK: right, BACK: wrong)
#   Tie       several seats in one instant: pressed again (back to Deciding, for the
#             tied seats only) or chosen with UP/DOWN and OK (a setting); the seats,
#             the one chosen and the presses are on flash as it is chosen (kept_tie)
#   TimeUp    the round's time limit ran out with nobody's STOP
#
# A part is a class of functions over the screen (no object is made per part: the
# STOP's loop cycles allocate nothing they need not).
from micropython import const

from pawpad.app.flows.pick_a_dog.common import LOCK_US, STOP, lights, stop_frame
from pawpad.app.flows.pick_a_dog.exam import Counts
from pawpad.app.flows.pick_a_dog.lines import false_lines, margins_line, reaction_line
from pawpad.core.stop.lockout import RoundClock
from pawpad.games import pick_a_dog as rules
from pawpad.store.records import draft
from pawpad.ticks import add, diff
from pawpad.ui import widgets
from pawpad.ui.canvas import HEIGHT, LINE_H, WIDTH
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen

LATE_MS = const(2000)  # presses this long after the STOP still show their margin, and
# then the verdict's keys show: not in the STOP's own frames, which carry only what the
# table looks at first (fewer bytes to the panel), while the examination takes longer
REACTION_Y = const(16)  # the STOP's time: one page (16-23) over the name, one to send
# The lines under the name (its capitals end at 44): a blank pixel row under each, so a
# descender never touches the line or the footer below (the last one ends at 63).
DETAILS_Y = const(47)


DETAILS_TICK_MS = const(50)


class Stopped(Screen):
    """The caller's name in large type, and who pressed after, by how much. Decided at
    the tick of the loop cycle that brought the first press, once every press the
    interrupt took with it is in: every seat of that instant (or of the tie window) is
    in the tie. Once settled, the STOP is in the game and this screen stays over the
    examination until the verdict."""

    name = "pad-stopped"
    live = True  # never dimmed while the STOP is shown

    def __init__(self, game, app, clock, prepared=None, timed_out=False):
        self.game = game
        self.clock = clock
        self.prepared = prepared or {}
        self.at = app.now  # the STOP's loop cycle
        self.part = TimeUp if timed_out else Deciding
        self.tick_ms = 1
        self._false = None  # the false starts, once asked (the countdown's: none after GO)
        self.tied = []  # the seats of a tie (the STOP's, or a tie pressed again)
        self.since = 0  # us since GO from which presses count: a tie's announcement
        self.choice = 0  # the tied seat UP/DOWN points at
        self.caller = None
        self.reaction = None  # the caller's ms after GO
        # The first frame carries only the name (fewer bytes), unless the name went to
        # the panel from the frame made before GO: then the details follow at once.
        self.details = False
        self.hint = False  # the verdict's keys shown

    @property
    def busy(self):
        # Press times still matter while the STOP is being decided: it goes to flash
        # as soon as it is in the game, the loop cycle after its screen went out (a
        # write then only delays the margins of later presses by a few ms, which
        # nobody's score depends on).
        return self.part is Deciding

    def tick(self, app, now_ms):
        self.part.tick(self, app, now_ms)

    def player(self, app, seat, t_us):
        self.part.player(self, app, seat, t_us)

    def key(self, app, k):
        self.part.key(self, app, k)

    # --- what every part shares ---
    def called(self, app, seat):
        """`seat` called the STOP: it goes into the game (and to flash once quiet), and
        this screen stays on top of the examination it leads to."""
        self.caller = seat
        self.part = Shown
        us = self.clock.first_of(seat)
        self.reaction = None if us is None else us // 1000
        if self.game.state["phase"] == "ready":
            self.game.offer(self.stop_event(), over=self)

    def stop_event(self):
        e = {"t": "stop", "seat": self.caller}
        if self.reaction is not None:
            e["react_ms"] = self.reaction
        false = self.false_starts()
        if false:
            e["false"] = false
        return e

    def false_starts(self):
        if self._false is None:
            self._false = self.clock.false_starts()
        return self._false

    def lock_split(self, app, false):
        """The false starts as ([seats their lock-out kept from this STOP], [others]):
        never the caller among the first, who pressed when no lock held it."""
        if not app.settings["false_start_lock"]:
            return [], false
        locked = [s for s in false
                  if s != self.caller and self.clock.locked_past_go(s, LOCK_US)]
        return locked, [s for s in false if s not in locked]

    def margins(self):
        """(seat, ms) of every other seat's first press after the caller's."""
        return [(s, us // 1000) for s, us in self.clock.margins(self.caller)]

    def late_press(self, app, seat, t_us):
        """A press after the STOP: its margin shows, for LATE_MS."""
        if diff(app.now, self.at) <= LATE_MS:
            self.clock.press(seat, t_us)

    def reveal(self, app, now_ms):
        """The details follow the STOP's first frame at the next loop cycle; True if
        this tick was that one (or the STOP's own)."""
        if self.details:
            return False
        if now_ms != self.at:  # not the STOP's own turn: its first frame is out
            self.details = True
            self.tick_ms = DETAILS_TICK_MS
            app.nav.dirty = True
        return True

    def late(self, app, now_ms):
        """LATE_MS after the STOP: no more margins; the verdict's keys show."""
        if diff(now_ms, self.at) > LATE_MS:
            self.tick_ms = None
            self.hint = True
            app.nav.dirty = True
            return True
        return False

    # --- drawing ---
    def draw(self, c, app):
        big = self.part.big(self, app)
        if not self.details:
            stop_frame(c, app, self.game, big)  # as the live screen, but for the name
            return
        if self.caller is not None:
            self._draw_caller(c, app, big)
            return
        widgets.big_center(c, big, 2, 3)
        y = 28
        if self.tied:
            names = " ".join(app.seat_name(s) for s in self.tied)
            if len(names) > widgets.COLS:
                names = " ".join(app.seat_short(s) for s in self.tied)
            lines = widgets.wrap([names])[:2]
            for line in lines:
                c.text_center(line, y)
                y += 9
            if app.settings["tie_rule"] == "again":
                c.text_center("tied: press again", y + 2)
            else:
                c.text_center("UP/DOWN, OK: " + app.seat_name(self.tied[self.choice]), y + 2)
        else:
            c.text_center("Time up: nobody", y)
            c.text_center("called STOP", y + 10)
            widgets.footer(c, "", "OK: count")

    def _draw_caller(self, c, app, big):
        """The name stays where the live screen put it; the time goes above it, who
        pressed after and who made a false start below: the panel is sent only the
        lines that change, a few hundred bytes."""
        prep = self.prepared.get(self.caller)
        if prep is not None and app.box.draw_prepared(prep, c):
            # The frame made before GO, as sent: its name stays, its footer goes.
            c.fill_rect(0, DETAILS_Y, WIDTH, HEIGHT - DETAILS_Y, 0)
        else:
            stop_frame(c, app, self.game, big, footer=False)
        c.text_center(reaction_line(self.reaction), REACTION_Y)
        # Two lines under the name; once the verdict's keys show, they take the last
        # (who pressed after keeps the other: the table has seen the rest by then).
        room = 1 if self.hint else 2
        lines = []
        margins = self.margins()
        if margins:
            lines.append(margins_line(app, margins))
        false = self.false_starts()
        if false and len(lines) < room:
            locked, early = self.lock_split(app, false)
            lines += false_lines(app, locked, early, room - len(lines))
        if self.hint:
            widgets.footer(c, "BACK: wrong", "OK: right")
        y = DETAILS_Y
        for line in lines[:room]:
            c.text(line, 0, y)
            y += LINE_H + 1


class Deciding:
    """The tie window after the first press (since the tie, of the tied seats): every
    press is taken; at the tick the window is past, the clock decides."""

    @staticmethod
    def big(s, app):
        # The live frame stays, so the frames made before GO still apply (a tie
        # pressed again says STOP).
        return "GO!" if s.since == 0 and s.prepared else "STOP"

    @staticmethod
    def player(s, app, seat, t_us):
        s.clock.press(seat, t_us)  # judged at this loop cycle's tick

    @staticmethod
    def key(s, app, k):
        pass

    @staticmethod
    def tick(s, app, now_ms):
        clock = s.clock
        clock.update(app.now_us)
        window = app.settings["tie_us"]
        if not clock.can_judge(app.now_us, window, s.since):
            return  # presses of this instant (or of the window) may still come in
        if s.since == 0:
            seat = clock.sole(window)
            if seat is not None and app.box.send_prepared(s.prepared.get(seat)):
                # The name is on the panel already, from the frame made before GO: this
                # loop cycle draws the details (only the lines around the name change);
                # the STOP goes into the game (and to flash) and the lights change at
                # the next turn, a few ms later. Nothing is allocated on this path.
                s.caller = seat
                us = clock.first_of(seat)
                s.reaction = None if us is None else us // 1000
                s.details = True
                s.part = Settling
                app.nav.dirty = True
                return
            winners, _ = clock.result(window)
        else:  # only the tied seats' presses since the tie was announced
            winners, _ = clock.press_again(s.tied, s.since, window)
        if len(winners) > 1 or s.since == 0:
            s.tied = winners  # the tie (or the STOP); a tie again: its seats
        if len(winners) == 1:
            if s.since != 0:
                app.box.sound(STOP, True)
            s.called(app, winners[0])
        else:
            s.part = Tie
            if app.settings["tie_rule"] == "again":
                s.since = clock.since_go(app.now_us)
            else:
                keep_tie(s)  # the players choose: a power cut brings the tie back
        lights(app, s.game, winners, True)
        app.nav.dirty = True


class Shown:
    """The caller on the screen: the details follow the first frame, later presses
    show their margin; OK: right, BACK: wrong (the verdict, at any time), UNDO takes
    the STOP back."""

    @staticmethod
    def big(s, app):
        return app.seat_name(s.caller).upper()

    @staticmethod
    def player(s, app, seat, t_us):
        s.late_press(app, seat, t_us)

    @staticmethod
    def tick(s, app, now_ms):
        if not s.reveal(app, now_ms) and s.late(app, now_ms):
            s.part = Verdict

    @staticmethod
    def key(s, app, k):
        if k in (OK, BACK):
            # The verdict, once the table has examined the caller's cards (OK: right,
            # BACK: wrong): on to everyone's count, over the examination screen that
            # BACK on the first count returns to. By how much the STOP was won (the
            # next press, if any came) goes with the verdict's record.
            lights(app, s.game, (), False)
            margins = s.margins()
            s.game.round["margin_ms"] = margins[0][1] if margins else None
            app.nav.close(s)
            app.nav.push(Counts(s.game, k == OK))
        elif k == UNDO:
            s.game.undo()


class Verdict(Shown):
    """LATE_MS after the STOP: the verdict's keys show; later presses are past."""

    @staticmethod
    def player(s, app, seat, t_us):
        pass

    @staticmethod
    def tick(s, app, now_ms):
        pass


class Settling(Shown):
    """The caller's name is out: at the next turn the STOP goes into the game, and the
    caller's light comes on. A key in the STOP's own turn finds it in the game first."""

    @staticmethod
    def settle(s, app):
        s.tick_ms = DETAILS_TICK_MS
        s.tied = [s.caller]
        s.called(app, s.caller)
        lights(app, s.game, s.tied, True)

    @staticmethod
    def tick(s, app, now_ms):
        Settling.settle(s, app)

    @staticmethod
    def key(s, app, k):
        Settling.settle(s, app)
        s.part.key(s, app, k)


class Tie:
    """Several seats in one instant (or within the tie window): pressed again (the
    tied seats only, back to Deciding) or chosen (UP/DOWN, OK), as the setting says.
    BACK leaves the tie unsettled: the round is played again from GO."""

    @staticmethod
    def big(s, app):
        return "TIE"

    @staticmethod
    def player(s, app, seat, t_us):
        if app.settings["tie_rule"] != "again":
            s.late_press(app, seat, t_us)
        elif seat in s.tied:
            s.clock.press(seat, t_us)
            s.part = Deciding  # the tied seats pressing again, at the tick
            s.tick_ms = 1

    @staticmethod
    def tick(s, app, now_ms):
        if not s.reveal(app, now_ms) and app.settings["tie_rule"] != "again":
            s.late(app, now_ms)  # (a tie pressed again waits for its seats)

    @staticmethod
    def key(s, app, k):
        if app.settings["tie_rule"] == "choose":
            if k in (UP, DOWN):
                s.choice = (s.choice + (1 if k == DOWN else -1)) % len(s.tied)
                keep_tie(s)
            elif k == OK:
                lights(app, s.game, [s.tied[s.choice]], True)
                s.called(app, s.tied[s.choice])
        if k in (BACK, UNDO):
            lights(app, s.game, (), False)
            draft.drop(s.game.session)  # the round is played again: no tie to bring back
            app.nav.pop()


class TimeUp:
    """The time limit ran out with nobody's STOP: OK goes on to everyone's count."""

    @staticmethod
    def big(s, app):
        return "TIME"

    @staticmethod
    def player(s, app, seat, t_us):
        s.late_press(app, seat, t_us)

    @staticmethod
    def tick(s, app, now_ms):
        if not s.reveal(app, now_ms):
            s.late(app, now_ms)

    @staticmethod
    def key(s, app, k):
        if k == OK:  # nobody's STOP goes into the game
            lights(app, s.game, (), False)
            if s.game.offer(s.stop_event()):
                app.nav.push(Counts(s.game, None))


# --- a tie chosen when the power went (store/records/draft.py) ---
US_MOST = rules.MAX_MS * 1000  # a press time beyond it is junk (11 days after GO)


def keep_tie(s):
    """The tie, the seat chosen and what the STOP's details are made of (each seat's
    first press after GO, its first and last false start: a few presses, never the
    whole round's), on flash."""
    first, early, late = {}, {}, {}
    for seat, off in s.clock.presses:
        if off >= 0:
            first[seat] = min(first.get(seat, off), off)
        else:
            early[seat] = min(early.get(seat, off), off)
            late[seat] = max(late.get(seat, off), off)
    kept = []
    for seat in sorted(first):
        kept.append([seat, first[seat]])
    for seat in sorted(early):
        kept.append([seat, early[seat]])
        if late[seat] != early[seat]:
            kept.append([seat, late[seat]])
    draft.save(s.game.session, "tie", {"tied": s.tied, "choice": s.choice, "presses": kept})


def kept_tie(game):
    """The STOP's screen on the tie as a power cut left it, the seat chosen showing;
    None when no tie is kept (or the players do not choose)."""
    app = game.app
    n = game.state["players"]
    if app.settings["tie_rule"] != "choose":
        return None
    v = draft.read(game.session, "tie", (
        ("tied", ("list", (2, n), ("seat",))), ("choice", ("int", 0, n - 1)),
        ("presses", ("list", (0, 3 * n), ("items", (("seat",), ("int", -US_MOST, US_MOST)))))),
        n)
    if v is None or v["choice"] >= len(v["tied"]) or len(set(v["tied"])) != len(v["tied"]):
        return None
    clock = RoundClock(app.now_us)
    for seat, off in v["presses"]:
        clock.put(seat, off)
    s = Stopped(game, app, clock)
    s.part = Tie
    s.tied, s.choice = v["tied"], v["choice"]
    s.details = True  # no frame made before GO: the whole screen at once
    s.at = add(app.now, -LATE_MS - 1)  # presses from now on are no race for the STOP
    s.tick_ms = DETAILS_TICK_MS
    lights(app, game, s.tied, True)
    return s
