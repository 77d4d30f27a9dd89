# Pick-a-Dog, Pick-a-Pog and solo on the device. The players' buttons are the STOP
# buzzers: after a 3-2-1 countdown the round is live, the first press wins the STOP
# (pawpad.core.lockout decides, on the times the button interrupt took), and the box
# referees the examination, keeps the piles and the draw pile, and knows the end.
from pawpad.app import stats as statbook
from pawpad.app.play import GameBoard, RoundsList, corrected
from pawpad.app.shell import BACK, DOWN, ERROR, OK, UNDO, UP, Screen
from pawpad.core.colours import OFF, RGB
from pawpad.core.lockout import first_press
from pawpad.core.timers import Timer, clock_text, stopwatch_text
from pawpad.games import pick_a_dog as rules
from pawpad.ticks import diff
from pawpad.ui import widgets

flow = True
BEEP = ((880, 120),)
GO = ((1760, 350),)
STOP = ((2093, 250),)
FALSE = ((220, 180),)
COUNT_MS = 1000  # between the countdown's beeps
LOCK_US = 250000  # the false-start penalty, when the setting is on
LATE_MS = 2000  # presses this long after the STOP still show their margin
BROKEN = -1
TITLES = {"dog": "Pick-a-Dog", "pog": "Pick-a-Pog", "solo": "Solo"}


def prompt(state):
    return rules.prompt(state)


def scores(state):
    return [rules.score(state, s) for s in range(state["players"])]


def winners(state):
    return [seat for place, seat in rules.standings(state) if place == 1]


def score_line(state, app):
    return ["Round %d, pile %d" % (state["round"] + 1, state["pile"]),
            " ".join("%s %d" % (app.colour(s)[:3], v) for s, v in enumerate(scores(state)))]


def result_lines(state, app):
    if state["settings"]["variant"] == "solo":
        return ["Cards set aside: %d" % state["scores"][0],
                "Score: %d" % rules.score(state, 0)]
    return ["%d. %-7s %d cards" % (place, app.colour(seat), state["scores"][seat])
            for place, seat in rules.standings(state)]


def main(host):
    if host.state["phase"] == "exam":
        return Exam(host)
    return Ready(host)


def _variant(host):
    return host.state["settings"]["variant"]


def _lights(app, seats, on):
    """Lights up `seats` in their colours (on) and puts out every other seat."""
    for seat in range(app.settings["players"]):
        app.out.light(seat, RGB[app.colour(seat)] if on and seat in seats else OFF)


class Ready(GameBoard):
    """Between rounds: the scores, the draw pile, and OK for GO."""

    name = "pad-ready"

    def draw(self, c, app):
        st = self.host.state
        widgets.title_bar(c, TITLES[_variant(self.host)], "R%d" % (st["round"] + 1))
        widgets.score_grid(c, [(app.colour(s), v) for s, v in enumerate(scores(st))])
        note = "pile %d table %d" % (st["pile"], st["table"])
        c.text(note, 2, 45)
        if st["last_round"]:
            c.text_right("LAST", 125, 45)
        widgets.footer(c, "OK: GO", self.host.timer_text())

    def begin(self, app, seat):
        if seat is not None:
            return  # a STOP button pressed between rounds does nothing
        if _variant(self.host) == "solo":
            app.push(SoloRound(self.host, app.now))
        else:
            app.push(Countdown(self.host, app))


class Countdown(Screen):
    """3, 2, 1 with a beep each and every light on, then GO. A press now is a false
    start: shown, counted, and (a setting) locks that player out for 250 ms."""

    name = "pad-countdown"
    busy = True  # press times are being taken: no flash writes
    tick_ms = 20

    def __init__(self, host, app):
        self.host = host
        self.start = app.now
        self.shown = 3
        self.false = []  # (seat, t_us)
        app.out.sound(BEEP)
        _lights(app, range(8), True)

    def draw(self, c, app):
        widgets.title_bar(c, TITLES[_variant(self.host)], "R%d" % (self.host.state["round"] + 1))
        widgets.big_center(c, str(self.shown), 16, 4)
        if self.false:
            names = ",".join(app.colour(s)[:3] for s, _ in self.false)
            c.text_center(widgets.clip("False start: " + names, widgets.COLS), 54)

    def tick(self, app, now_ms):
        left = 3 - diff(now_ms, self.start) // COUNT_MS
        if left <= 0:
            app.out.sound(GO)
            app.replace(Live(self.host, app, app.now_us, self.false))
        elif left != self.shown:
            self.shown = left
            app.out.sound(BEEP)
            app.dirty = True

    def player(self, app, seat, t_us):
        if seat not in [s for s, _ in self.false]:
            statbook.false_start(app.stats, app.colour(seat))
        self.false.append((seat, t_us))
        app.out.sound(FALSE)
        app.out.light(seat, OFF)

    def key(self, app, k):
        if k in (BACK, UNDO):
            app.show_player_colours()
            app.pop()


class Live(Screen):
    """The round is on: the first valid press is the STOP."""

    name = "pad-live"
    busy = True

    def __init__(self, host, app, armed_us, false):
        self.host = host
        self.armed = armed_us
        self.false = false
        self.presses = []
        limit = app.settings["round_limit_s"]
        self.timer = Timer(limit * 1000) if limit else None
        if self.timer:
            self.timer.start(app.now)
            self.tick_ms = 100
        _lights(app, range(8), True)

    def draw(self, c, app):
        # Nothing on this screen moves: no frame is on the bus when a STOP comes, and
        # the STOP frame differs from this one only where GO! stands.
        stop_frame(c, app, self.host, "GO!")

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
        self.presses.append((seat, t_us))
        winners, margin = first_press(self.presses, self.armed, 0)
        if winners:
            app.out.sound(STOP)  # first: the buzzer within 2 ms of the press
            _lights(app, winners, True)
            app.replace(Stopped(self.host, app, self.armed, self.presses))

    def tick(self, app, now_ms):
        if self.timer is None:
            return
        for kind, _ in self.timer.poll(now_ms):
            if kind == "warn":
                app.out.sound(BEEP)
            else:  # the time limit: the round ends with nobody's STOP
                app.out.sound(ERROR)
                _lights(app, (), False)
                app.replace(Stopped(self.host, app, self.armed, []))
                return

    def key(self, app, k):
        if k in (BACK, UNDO):  # abandon the round: back to GO
            app.show_player_colours()
            app.pop()


def stop_frame(c, app, host, big):
    """The live screen, and the STOP's first frame: one word in large type between a
    title and a footer that do not change, so the STOP sends only those pages."""
    widgets.title_bar(c, TITLES[_variant(host)], "R%d" % (host.state["round"] + 1))
    widgets.big_center(c, big, 24, 3)
    limit = app.settings["round_limit_s"]
    widgets.footer(c, "live", ("limit " + clock_text(limit * 1000)) if limit else "")


class Stopped(Screen):
    """The caller's name in large type, and who pressed after, by how much. A tie is
    settled by pressing again or by choice (setting)."""

    name = "pad-stopped"

    @property
    def busy(self):
        # Press times still matter while a tie window is open and while later presses
        # are timed for their margins: the STOP goes to flash after that.
        return self.deciding or (self.tick_ms is not None and self.tick_ms <= 50)

    def __init__(self, host, app, armed, presses):
        self.host = host
        self.armed = armed
        self.presses = list(presses)
        self.at = app.now
        self.winners = []
        self.caller = None
        self.choice = 0
        self.reaction = None
        self.details = False  # the first frame carries only the name: fewer bytes
        self.tick_ms = 1
        # Decided at the tick of this same loop turn, once every press that the
        # interrupt took with it is in: two presses of one instant are a tie, not a
        # win for whichever the loop handed over first. No presses: the time ran out.
        self.deciding = bool(presses)
        self.first_us = self._first_offset()  # the first valid press, after GO

    def _first_offset(self):
        best = None
        for _seat, t in self.presses:
            off = diff(t, self.armed)
            if off >= 0 and (best is None or off < best):
                best = off
        return best

    def _decide(self, app):
        """Once the tie window after the first press has passed, the STOP is whoever
        pressed first, or a tie of everyone within the window."""
        if not self.deciding:
            return
        window = app.settings["tie_us"]
        if window and diff(app.now_us, self.armed) - self.first_us < window:
            return  # presses may still come in within the window
        self.deciding = False
        self.winners, _ = first_press(self.presses, self.armed, window)
        if len(self.winners) == 1:
            self.caller = self.winners[0]
            self._logged(app)
        _lights(app, self.winners, True)
        app.dirty = True

    def _logged(self, app):
        """The STOP is settled: it goes into the game (and to flash once quiet)."""
        if self.host.state["phase"] == "ready":
            self.host.offer({"t": "stop", "seat": self.caller})
        for seat, t in self.presses:
            if seat == self.caller:
                self.reaction = diff(t, self.armed) // 1000
                break

    def draw(self, c, app):
        if self.deciding:
            big = "STOP"
        elif self.caller is not None:
            big = app.colour(self.caller).upper()
        else:
            big = "TIE" if self.winners else "TIME"
        if not self.details:
            stop_frame(c, app, self.host, big)  # as the live screen, but for the name
            return
        widgets.big_center(c, big, 2, 3)
        y = 28
        if self.caller is not None:
            c.text_center("STOP  %d ms after GO" % self.reaction if self.reaction is not None
                          else "STOP", y)
            y += 10
            for seat, ms in self.margins():
                if y > 54:
                    break
                c.text("%s +%d ms" % (app.colour(seat), ms), 8, y)
                y += 9
        elif self.winners:
            names = " ".join(app.colour(s) for s in self.winners)
            c.text_center(widgets.clip(names, widgets.COLS), y)
            rule = app.settings["tie_rule"]
            if rule == "again":
                c.text_center("tied: press again", y + 12)
            else:
                c.text_center("UP/DOWN, OK: " + app.colour(self.winners[self.choice]), y + 12)
        else:
            c.text_center("Time up: nobody", y)
            c.text_center("called STOP", y + 10)
        if self.caller is not None or not self.winners:
            widgets.footer(c, "", "OK: examine")

    def margins(self):
        """(seat, ms) of every other seat's first press after the caller's."""
        first = {}
        for seat, t in self.presses:
            off = diff(t, self.armed)
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
        if not self.details:
            if now_ms == self.at:
                return  # the STOP's own loop turn: its first frame goes out as it is
            self.details = True
            self.tick_ms = 50
            app.dirty = True
        elif diff(now_ms, self.at) > LATE_MS:
            self.tick_ms = None

    def player(self, app, seat, t_us):
        if self.deciding:
            self.presses.append((seat, t_us))
            self._decide(app)
            return
        if self.caller is None and self.winners and app.settings["tie_rule"] == "again":
            if seat in self.winners:
                self.caller = seat  # the first tied player to press again
                app.out.sound(STOP)
                _lights(app, [seat], True)
                self._logged(app)
            return
        if diff(app.now, self.at) <= LATE_MS:
            self.presses.append((seat, t_us))

    def key(self, app, k):
        if self.deciding:
            return
        if self.caller is None and self.winners:
            if app.settings["tie_rule"] == "choose":
                n = len(self.winners)
                if k in (UP, DOWN):
                    self.choice = (self.choice + (1 if k == DOWN else -1)) % n
                elif k == OK:
                    self.caller = self.winners[self.choice]
                    _lights(app, [self.caller], True)
                    self._logged(app)
            if k in (BACK, UNDO):
                _lights(app, (), False)
                app.pop()  # the tie stands unsettled: replay the round from GO
            return
        if k == OK:
            if self.caller is None:  # time up
                self.host.offer({"t": "stop", "seat": None})
            _lights(app, (), False)
            app.replace(Exam(self.host, self))


class Exam(Screen):
    """Was the caller right? OK: yes, BACK: no. Then everyone's count."""

    name = "pad-exam"

    def __init__(self, host, stopped=None):
        self.host = host
        self.stopped = stopped

    def draw(self, c, app):
        caller = self.host.state["caller"]
        widgets.title_bar(c, "Examination")
        if caller is None:
            widgets.message(c, ["Time up: nobody", "called STOP.", "", "OK: count the cards"])
            return
        widgets.big_center(c, app.colour(caller), 14, 2)
        c.text_center("Was the STOP right?", 36)
        widgets.footer(c, "BACK: wrong", "OK: right")

    def key(self, app, k):
        caller = self.host.state["caller"]
        if k == UNDO:
            self.host.undo()
            return
        if caller is None:
            if k == OK:
                app.replace(Counts(self.host, None, self.stopped))
            return
        if k in (OK, BACK):
            app.replace(Counts(self.host, k == OK, self.stopped))


class Counts(Screen):
    """How many member cards each player collected, or a broken chain. UP/DOWN change
    the count of the chosen player, OK goes to the next; a player's button picks
    their own line. Below 0 is "broken"."""

    name = "pad-counts"

    def __init__(self, host, right, stopped=None, fix=None, values=None):
        self.host = host
        self.right = right
        self.stopped = stopped
        self.fix = fix  # index of the result event being corrected
        n = host.state["players"]
        self.values = list(values) if values else [0] * n
        self.sel = 0
        self.top = 0

    def rows(self, app):
        out = []
        for seat, v in enumerate(self.values):
            out.append((app.colour(seat), "broken" if v == BROKEN else v))
        out.append(("Save", None))
        return out

    def draw(self, c, app):
        title = "Cards collected" if self.fix is None else "Fix round %d" % (self.fix_round())
        widgets.title_bar(c, title)
        rows = self.rows(app)
        self.top = widgets.scroll_top(self.sel, self.top, len(rows))
        widgets.list_rows(c, rows, self.sel, self.top)

    def fix_round(self):
        events = self.host.session.events()
        return sum(1 for e in events[:self.fix + 1] if e["t"] == "result")

    def key(self, app, k):
        n = len(self.values)
        if self.sel < n and k in (UP, DOWN):
            v = self.values[self.sel] + (1 if k == UP else -1)
            most = rules.VARIANTS[_variant(self.host)]["table"]
            self.values[self.sel] = max(BROKEN, min(most, v))
        elif k == OK:
            if self.sel < n:
                self.sel += 1
            else:
                self.save(app)
        elif k == BACK:
            if self.sel > 0:
                self.sel -= 1
            elif self.fix is not None:
                app.pop()
        elif k == UNDO:
            if self.fix is None:
                self.host.undo()
            else:
                app.pop()

    def player(self, app, seat, t_us):
        if seat < len(self.values):
            self.sel = seat

    def event(self):
        collected = [max(0, v) for v in self.values]
        broken = [s for s, v in enumerate(self.values) if v == BROKEN]
        e = {"t": "result", "collected": collected, "broken": broken}
        if self.right is not None:
            e["right"] = self.right
        return e

    def save(self, app):
        host = self.host
        if corrected(self, app, self.event()):
            return
        before = host.state
        if not host.offer(self.event()):
            return
        caller = before["caller"]
        if caller is not None and self.right is not None:
            reaction = self.stopped.reaction if self.stopped is not None else None
            statbook.stop_called(app.stats, app.colour(caller), self.right, reaction)
        app.save_stats()
        if not host.state["ended"]:
            app.replace(RoundResult(host, before))
        else:
            app.stack.remove(self)


class RoundResult(Screen):
    """What the round gave each player, and the totals."""

    name = "pad-result"

    def __init__(self, host, before):
        self.host = host
        self.before = before

    def draw(self, c, app):
        st, before = self.host.state, self.before
        widgets.title_bar(c, "Round %d" % st["round"], "LAST NEXT" if st["last_round"] else "")
        items = []
        for s in range(st["players"]):
            gained = st["scores"][s] - before["scores"][s]
            items.append((app.colour(s), "%+d" % gained if gained else "x"))
        widgets.score_grid(c, items)
        last = st["last_stop"]
        if last and last[0] is not None:
            c.text(widgets.clip("%s was %s" % (app.colour(last[0]), "right" if last[1]
                                                else "wrong"), widgets.COLS), 2, 46)
        widgets.footer(c, "", "OK: next round")

    def key(self, app, k):
        if k == UNDO:
            self.host.undo()
        elif k in (OK, BACK):
            app.show_player_colours()  # everyone's light back on for the next round
            app.pop()


class SoloRound(Screen):
    """Solo: no STOP, a stopwatch. OK (or the player's button) when no card fits."""

    name = "pad-solo"
    tick_ms = 100

    def __init__(self, host, now):
        self.host = host
        self.watch = Timer()
        self.watch.start(now)
        host.app.out.sound(GO)

    def draw(self, c, app):
        st = self.host.state
        widgets.title_bar(c, "Solo", "round %d/3" % (st["round"] + 1))
        widgets.big_center(c, stopwatch_text(self.watch.elapsed(app.now)), 18, 3)
        widgets.footer(c, "", "OK: done")

    def tick(self, app, now_ms):
        app.dirty = True

    def _done(self, app):
        self.watch.pause(app.now)
        app.replace(SoloCount(self.host, self.watch.elapsed(app.now)))

    def key(self, app, k):
        if k == OK:
            self._done(app)
        elif k in (BACK, UNDO):
            app.pop()

    def player(self, app, seat, t_us):
        self._done(app)


class SoloCount(Screen):
    name = "pad-solo-count"

    def __init__(self, host, ms):
        self.host = host
        self.ms = ms
        self.count = 1

    def draw(self, c, app):
        st = self.host.state
        widgets.title_bar(c, "Solo", stopwatch_text(self.ms))
        c.text_center("Cards collected", 14)
        widgets.big_center(c, str(self.count), 26, 3)
        c.text_center("left on table: %d" % (st["table"] - self.count), 52)

    def key(self, app, k):
        table = self.host.state["table"]
        if k in (UP, DOWN):
            self.count = max(1, min(table, self.count + (1 if k == UP else -1)))
        elif k == OK:
            host = self.host
            before = host.state
            if host.offer({"t": "result", "collected": [self.count]}):
                if host.state["ended"]:
                    score = rules.score(host.state, 0)
                    if statbook.solo_result(app.stats, score, host.play_ms()):
                        app.toast("Best solo game yet!")
                    app.save_stats()
                    app.stack.remove(self)
                else:
                    app.replace(RoundResult(host, before))
        elif k in (BACK, UNDO):
            app.pop()


class Rounds(RoundsList):
    """The rounds' results; OK corrects the counts of the chosen one."""

    def rounds(self, app):
        out = []
        for i, e in enumerate(self.host.session.events()):
            if e["t"] == "result":
                out.append(("R%d" % (len(out) + 1), " ".join(str(v) for v in e["collected"]),
                            i))
        return out

    def edit(self, app, index, event):
        values = [BROKEN if s in event.get("broken", []) else v
                  for s, v in enumerate(event["collected"])]
        app.push(Counts(self.host, event.get("right"), fix=index, values=values))
