# The box's own screens, opened from the game menu and loaded only then (a game in
# progress never pays for them): players and their colours, settings, statistics,
# history, the hardware check and the load cells' calibration, about.
from pawpad.app import stats
from pawpad.app.lists import ListScreen, Notice
from pawpad.app.screen import BACK, OK, PRESS, UNDO, Screen
from pawpad.app.version import runtime_name, version_line
from pawpad.core import settings as settings_rules
from pawpad.core.colours import NAMES, RGB
from pawpad.ticks import diff
from pawpad.ui import widgets
from pawpad.ui.canvas import LINE_H


class Players(ListScreen):
    """How many play and each seat's colour. Pressing a player's button picks its row,
    so everyone can check that their button works."""

    name = "players"
    title = "Players"

    def rows(self, app):
        s = app.settings
        out = [("Players", s["players"])]
        for seat in range(s["players"]):
            out.append(("Seat %d" % (seat + 1), s["colours"][seat]))
        return out

    def editable(self, i):
        return True

    def change(self, app, i, step):
        s = app.settings
        if i == 0:
            s["players"] = max(1, min(8, s["players"] + step))
        else:
            # the next colour no other player has: each button has its own colour
            seat = i - 1
            colours = s["colours"]
            taken = [colours[o] for o in range(s["players"]) if o != seat]
            k = NAMES.index(colours[seat])
            for _ in range(len(NAMES)):
                k = (k + step) % len(NAMES)
                if NAMES[k] not in taken:
                    break
            colours[seat] = NAMES[k]
        app.show_player_colours()

    def edited(self, app):
        app.save_settings()

    def player(self, app, seat, t_us):
        self.sel = seat + 1
        self.editing = False
        app.out.sound(PRESS)
        app.out.light(seat, RGB["White"])
        app.out.light_later(seat, RGB[app.colour(seat)], 300)


class History(ListScreen):
    """The finished games, newest first; OK shows one. Each record names the seats by
    the colours they had in that game. The file is read a record at a time: the list
    keeps only each game's row, and OK reads its record again."""

    name = "history"
    title = "History"
    KEEP = 55  # rows listed: the history keeps 50 games, a tenth more before pruning

    def __init__(self):
        ListScreen.__init__(self)
        self.games = None  # [(title, who)], newest first
        self.count = 0  # readable records in the file

    def _records(self, app):
        """The readable records, oldest first, one at a time."""
        from pawpad.app.session import history

        if app.store is not None:
            for g in history(app.store):
                if _readable(g):
                    yield g

    def _games(self, app):
        if self.games is None:
            rows = []
            self.count = 0
            for g in self._records(app):
                self.count += 1
                won = g.get("winners") or []
                who = _seat(g, won[0], app) if len(won) == 1 else ("tie" if won else "-")
                rows.append((_title(g), who))
                if len(rows) > self.KEEP:
                    rows.pop(0)
            rows.reverse()
            self.games = rows
        return self.games

    def rows(self, app):
        return self._games(app) or [("No games yet", None)]

    def choose(self, app, i):
        if i >= len(self._games(app)):
            return
        want = self.count - 1 - i  # the record's place among the readable, oldest first
        g = None
        for n, rec in enumerate(self._records(app)):
            if n == want:
                g = rec
                break
        if g is None:  # the file changed under the screen
            self.games = None
            return
        ms = g.get("ms")
        mins = ms // 60000 if isinstance(ms, int) and ms >= 0 else 0
        lines = [(g.get("date") or "date unknown") + "  " +
                 ("%d min" % mins if mins else "under a minute")]
        lines += ["%s %s" % (_seat(g, s, app), v) for s, v in enumerate(g["scores"])]
        if g.get("abandoned"):
            lines.append("(ended early)")
        app.nav.push(Notice(_title(g), lines))


def _readable(g):
    """A history record the screen can show (a damaged one is passed over)."""
    if not isinstance(g, dict) or not isinstance(g.get("scores"), list):
        return False
    won = g.get("winners")
    n = len(g["scores"])
    return won is None or (isinstance(won, list) and
                           all(isinstance(w, int) and 0 <= w < n for w in won))


def _title(g):
    from pawpad.app.engines import GAMES

    t = g.get("title")
    return t if isinstance(t, str) else GAMES.get(g.get("game"), "?")


def _seat(g, seat, app):
    """The seat's colour in that game (older records: the colour it has now)."""
    colours = g.get("colours")
    if isinstance(colours, list) and seat < len(colours) and isinstance(colours[seat], str):
        return colours[seat]
    return app.settings["colours"][seat] if 0 <= seat < 8 else "?"


class Statistics(Screen):
    """Each colour's STOPs right of called, false starts, games and fastest STOP, over
    the finished games. UP/DOWN scroll."""

    name = "statistics"

    def __init__(self):
        self.first = 0

    def lines(self, app):
        return stats.lines(app.stats, app.settings["colours"])

    def draw(self, c, app):
        lines = self.lines(app)
        widgets.title_bar(c, "Statistics")
        widgets.message(c, lines[self.first:self.first + 6])

    def key(self, app, k):
        if k == "down" and self.first + 6 < len(self.lines(app)):
            self.first += 1
        elif k == "up" and self.first > 0:
            self.first -= 1
        else:
            Screen.key(self, app, k)


class SettingsScreen(ListScreen):
    """The box's settings, each row made from the settings table (core/settings.py):
    adding a setting there adds its row here."""

    name = "settings"
    title = "Settings"

    def __init__(self):
        ListScreen.__init__(self)
        self.fields = settings_rules.screen_rows()

    def rows(self, app):
        return [(f[1], settings_rules.shown(f, app.settings[f[0]])) for f in self.fields]

    def editable(self, i):
        return True

    def change(self, app, i, step):
        f = self.fields[i]
        app.settings[f[0]] = settings_rules.stepped(f, app.settings[f[0]], step)
        app.out.apply_settings(app.settings)

    def edited(self, app):
        app.save_settings()
        if self.fields[self.sel][0] == "lights":
            app.show_player_colours()


class Hardware(ListScreen):
    """Live view of what the box senses: the last button, the stages, the tilt."""

    name = "hardware"
    title = "Hardware"
    tick_ms = 250
    sensing = True  # weigh the stages while this screen is up

    def __init__(self):
        ListScreen.__init__(self)
        self.last = "-"
        self.events = []
        self.fast_panel = "OK"  # what the 1 MHz check found; OK runs it

    def rows(self, app):
        hw = app.out.status()
        out = [("Last button", self.last)]
        for i, g in enumerate(hw["stages"]):
            out.append(("Stage %d" % (i + 1), g))
        out.append(("Tilt", hw["tilt"]))
        out.append(("Stuck", hw["stuck"] or "none"))
        out.append(("Panel 1 MHz", self.fast_panel))
        rec = app.out.recording()
        out.append(("Record stages", "off" if rec is None else "%d" % rec))
        out.append(("Calibrate stages", None))
        for e in self.events[-2:]:  # last: the rows above never move under the cursor
            out.append((e, None))
        return out

    def choose(self, app, i):
        label = self.rows(app)[i][0]
        if label == "Calibrate stages":
            app.nav.push(Calibrate())
        elif label == "Record stages":  # the stages' samples to a CSV on flash, or stop
            problem = app.out.record(app.out.recording() is None)
            if problem:
                app.toast(problem)
        elif label == "Panel 1 MHz":  # the whole frame at 1 MHz: acknowledged, and how fast
            self.fast_panel = app.out.check_fast_panel()

    def player(self, app, seat, t_us):
        self.last = "%d %s" % (seat + 1, app.colour(seat))
        app.out.sound(PRESS)

    def stage(self, app, event):
        kind, stage, cards, _began = event
        self.events.append("S%d %s %d" % (stage + 1, kind, cards))
        del self.events[:-2]

    def tick(self, app, now_ms):
        app.nav.dirty = True  # the weights move on their own


class Calibrate(Screen):
    """Teaches the box what a dog card weighs on its load cells: the low stage is
    weighed as it is, then with CARDS more dog cards on it."""

    name = "calibrate"
    sensing = True
    tick_ms = 100
    CARDS = 5
    MEASURE_MS = 1500

    def __init__(self):
        self.phase = 0  # 0: as it is, 1: with the cards, 2: the result
        self.since = None  # measuring since, or None
        self.samples = []
        self.base = None
        self.value = None  # counts per gram found

    def draw(self, c, app):
        widgets.title_bar(c, "Calibrate")
        if self.since is not None:
            lines = ["Weighing...", "", "Keep hands off."]
        elif self.phase == 0:
            lines = ["Leave the low stage", "as it is.", "", "OK: weigh it"]
        elif self.phase == 1:
            lines = ["Put %d dog cards on" % self.CARDS, "the low stage.", "",
                     "OK: weigh them"]
        elif self.value is None:
            lines = ["Nothing changed:", "no cards felt.", "", "OK: try again"]
        else:
            lines = ["%d counts a gram" % self.value, "(was %d)" % app.settings[
                "counts_per_gram"], "", "OK: keep it"]
        widgets.message(c, lines)

    def tick(self, app, now_ms):
        if self.since is None:
            return
        raw = app.out.raw[0] if app.out.raw else None
        if raw is not None:
            self.samples.append(raw)
        if diff(now_ms, self.since) >= self.MEASURE_MS:
            self.since = None
            self._measured(app, sum(self.samples) / max(1, len(self.samples)))
        app.nav.dirty = True

    def _measured(self, app, mean):
        if not self.samples:
            self.phase, self.value = 2, None
        elif self.phase == 0:
            self.base, self.phase = mean, 1
        else:
            per_card = (mean - self.base) / self.CARDS
            grams = app.settings["card_decigrams"] / 10
            value = int(per_card / grams + 0.5)
            self.value = value if 1 <= value <= 100000 else None
            self.phase = 2

    def key(self, app, k):
        if k == OK and self.since is None:
            if self.phase < 2:
                self.since, self.samples = app.now, []
            elif self.value is None:
                self.phase = 0
            else:
                app.settings["counts_per_gram"] = self.value
                app.out.apply_settings(app.settings)
                app.save_settings()
                app.nav.pop()
        elif k in (BACK, UNDO):
            app.nav.pop()


class About(Screen):
    name = "about"

    def draw(self, c, app):
        info = app.info
        from pawpad.ui.widgets import title_bar

        title_bar(c, "About")
        lines = [version_line(), info.get("runtime") or runtime_name(),
                 "Board: " + info.get("board", "?"), "Reset: " + info.get("reset", "?"),
                 "Free RAM: %s" % info.get("free", "?")]
        widgets.message(c, lines, LINE_H + 4)
