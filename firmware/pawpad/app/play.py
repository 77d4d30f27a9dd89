# Playing a game on the device: the host that stands between the screens and the game
# session, starting and resuming games, the game menu (undo, redo, rounds, timer,
# quit) and the results. Each game's own screens live in app/flow_<game>.py.
from pawpad.app.menus import ListScreen, MainMenu, Notice
from pawpad.app.session import GAMES, Session
from pawpad.app.shell import BACK, DONE, DOWN, ERROR, OK, PRESS, UNDO, UP, Screen
from pawpad.core.timers import Timer, clock_text
from pawpad.games.common import clone
from pawpad.ticks import diff
from pawpad.ui import widgets

WARN = ((1760, 60),)
TIME_UP = ((880, 300), (0, 80), (880, 300), (0, 80), (880, 600))


def flow_for(name):
    return __import__("pawpad.app.flow_" + name, None, None, ("flow",))


class Host:
    """The game in progress as the screens see it."""

    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.flow = flow_for(session.name)
        self.title = GAMES[session.name]
        self._base_ms = session.ms
        self._since = app.now
        self.timer = None  # a round timer, when one is running or set

    @property
    def state(self):
        return self.session.state

    def name(self, seat):
        return self.app.colour(seat)

    def play_ms(self):
        return self._base_ms + diff(self.app.now, self._since)

    def offer(self, event):
        """Feeds an event; says why on screen when the rules refuse it."""
        why = self.session.offer(event, self.play_ms())
        return self._after(why)

    def undo(self):
        why = self.session.undo(self.play_ms())
        return self._after(why, "Undone")

    def redo(self):
        why = self.session.redo(self.play_ms())
        return self._after(why, "Redone")

    def fix(self, index, event):
        why = self.session.fix(index, event, self.play_ms())
        return self._after(why, "Corrected")

    def _after(self, why, done=None):
        app = self.app
        if why is not None:
            app.toast(why[:1].upper() + why[1:])
            app.out.sound(ERROR)
            return False
        if done:
            app.toast(done)
            if done != "Corrected":
                self.reopen()
        if self.state["ended"] and not isinstance(app.top, Results):
            app.out.sound(DONE)
            app.push(Results(self))
        return True

    def reopen(self):
        """The game's screen for the state it is now in (after an undo or redo, or a
        turn that ended), with the results on top when the game is over."""
        app = self.app
        app.stack = [MainMenu(), self.flow.main(self)]
        if self.state["ended"]:
            app.stack.append(Results(self))
        app.dirty = True

    def tick(self):
        """Runs the round timer; beeps its warnings; returns True when it ran out."""
        t = self.timer
        if t is None:
            return False
        out = False
        for kind, _secs in t.poll(self.app.now):
            if kind == "warn":
                self.app.out.sound(WARN)
            else:
                self.app.out.sound(TIME_UP)
                self.app.toast("Time!")
                out = True
        return out

    def timer_text(self):
        if self.timer is None:
            return ""
        return clock_text(self.timer.remaining(self.app.now))


def start_game(app, name, setup=None, players=None):
    """A new game of `name` with the players set on the device (or `players`). A game
    with house rules to set (its flow's SETUP) shows them first."""
    if players is None:
        players = app.settings["players"]
    if setup is None and getattr(flow_for(name), "SETUP", None):
        app.push(GameSetup(app, name, players))
        return
    begin(app, name, players, setup or app.setups.get(name))


def begin(app, name, players, setup):
    try:
        session = Session.new(app.store, name, players, setup)
    except ValueError as e:
        app.push(Notice(GAMES[name], [str(e) + ".", "", "Change the number of",
                                      "players under Players."]))
        return
    open_game(app, session)


def _number(v, low, high):
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _fits(v, default, low, high):
    if isinstance(default, bool):
        return isinstance(v, bool)
    if isinstance(low, tuple):
        return v in low
    if isinstance(default, list):  # spaces of a score track
        return isinstance(v, list) and all(_number(x, low, high) for x in v)
    return _number(v, low, high)


class GameSetup(ListScreen):
    """The house rules of a game before it starts: the readings of the rulebook that
    are settings (RULES.md), kept for next time. OK on a rule changes it; Start."""

    name = "setup"

    def __init__(self, app, game, players):
        ListScreen.__init__(self)
        self.game = game
        self.players = players
        self.title = GAMES[game]
        # [(key, label, low, high, step)]: low a tuple of names for a choice
        self.rules = flow_for(game).SETUP
        engine = __import__("pawpad.games." + game, None, None, ("x",))
        self.values = clone(engine.DEFAULTS)  # edited in place: never the defaults
        saved = app.setups.get(game)
        for key, _label, low, high, _step in self.rules:
            v = saved.get(key) if isinstance(saved, dict) else None
            if _fits(v, self.values[key], low, high):  # a damaged file changes nothing
                self.values[key] = clone(v)

    def rows(self, app):
        out = [("Start game", "%dP" % self.players)]
        for key, label, _low, _high, _step in self.rules:
            v = self.values[key]
            if isinstance(v, bool):
                v = "on" if v else "off"
            elif isinstance(v, list):
                v = ",".join(str(x) for x in v) or "none"
            elif key.endswith("_ms"):
                v = "%d s" % (v // 1000)
            out.append((label, v))
        return out

    def editable(self, i):
        return i > 0 and not isinstance(self.values[self.rules[i - 1][0]], list)

    def change(self, app, i, step):
        key, label, low, high, size = self.rules[i - 1]
        v = self.values[key]
        if isinstance(v, bool):
            self.values[key] = not v
        elif isinstance(low, tuple):  # a choice among names
            self.values[key] = low[(low.index(v) + step) % len(low)]
        else:
            self.values[key] = max(low, min(high, v + step * size))

    def choose(self, app, i):
        if i > 0:  # a list of spaces: its own screen
            key, label, low, high, _ = self.rules[i - 1]
            app.push(SpacesPick(self.values, key, label, low, high))
            return
        app.setups[self.game] = dict(self.values)
        app.save_setups()
        app.pop()
        begin(app, self.game, self.players, dict(self.values))


class SpacesPick(ListScreen):
    """Which spaces of the score track are, say, red: OK marks or clears the one at
    the cursor; BACK when done."""

    name = "spaces"

    def __init__(self, values, key, label, low, high):
        ListScreen.__init__(self)
        self.values = values
        self.setting = key
        self.title = label
        self.low = low
        self.high = high

    def rows(self, app):
        marked = self.values[self.setting]
        return [("space %d" % n, "x" if n in marked else "")
                for n in range(self.low, self.high + 1)]

    def choose(self, app, i):
        n = self.low + i
        marked = self.values[self.setting]
        if n in marked:
            marked.remove(n)
        else:
            marked.append(n)
            marked.sort()


def open_game(app, session):
    app.session = session
    host = Host(app, session)
    app.stack = [MainMenu()]
    app.push(host.flow.main(host))
    if session.state["ended"]:
        app.push(Results(host))
    app.dirty = True


class ResumeOffer(Screen):
    """At boot, when a game was in progress: where it stood, and resume or not."""

    name = "resume"

    def __init__(self, app):
        self.session, self.messages = Session.resume(app.store)
        self.confirm = False

    def draw(self, c, app):
        s = self.session
        if s is None:
            widgets.title_bar(c, "Saved game")
            widgets.message(c, widgets.wrap(self.messages)[:6])
            return
        widgets.title_bar(c, "Resume?", GAMES[s.name])
        flow = flow_for(s.name)
        lines = [flow.prompt(s.state)] + flow.score_line(s.state, app)
        if self.confirm:
            lines = ["Start over and put", "this game in the", "history? OK: yes",
                     "BACK: keep it"]
        widgets.message(c, widgets.wrap(lines)[:5])
        if not self.confirm:
            widgets.footer(c, "OK resume", "BACK new")

    def key(self, app, k):
        s = self.session
        if s is None:
            app.pop()
            return
        if self.confirm:
            if k == OK:
                s.finish({"abandoned": True, "scores": flow_for(s.name).scores(s.state)})
                app.pop()
            elif k in (BACK, UNDO):
                self.confirm = False
            return
        if k == OK:
            if self.messages:
                app.notices.extend(self.messages)
            open_game(app, s)
            if app.notices:
                app.push(Notice("Notice", app.notices))
                app.notices = []
        elif k in (BACK, UNDO):
            self.confirm = True


class GameMenu(ListScreen):
    name = "game-menu"

    def __init__(self, host):
        ListScreen.__init__(self)
        self.host = host
        self.title = host.title
        self.items = ["Back to game", "Undo", "Redo"]
        if hasattr(host.flow, "Rounds"):
            self.items.append("Correct a round")
        self.items += ["Timer", "End game"]

    def rows(self, app):
        return [(item, None) for item in self.items]

    def corner(self, app):
        return "" if self.host.session.saving else "not saved"

    def choose(self, app, i):
        item = self.items[i]
        host = self.host
        if item == "Back to game":
            app.pop()
        elif item == "Undo":
            app.pop()
            host.undo()
        elif item == "Redo":
            app.pop()
            host.redo()
        elif item == "Correct a round":
            app.replace(host.flow.Rounds(host))
        elif item == "Timer":
            app.replace(TimerScreen(host))
        elif item == "End game":
            app.replace(EndGame(host))


class RoundsList(Screen):
    """The rounds so far; OK corrects the chosen one without losing those after it.
    A game's flow says what its rounds are (`rounds`) and how one is edited (`edit`)."""

    name = "rounds"

    def __init__(self, host):
        self.host = host
        self.sel = max(0, len(self.rounds(host.app)) - 1)
        self.top = 0

    def rounds(self, app):
        """[(label, value, event index)], oldest first."""
        return []

    def edit(self, app, index, event):
        pass

    def draw(self, c, app):
        widgets.title_bar(c, "Correct a round")
        rows = [(label, value) for label, value, _ in self.rounds(app)]
        if not rows:
            widgets.message(c, ["No rounds yet."])
            return
        self.top = widgets.scroll_top(self.sel, self.top, len(rows))
        widgets.list_rows(c, rows, self.sel, self.top)

    def key(self, app, k):
        rounds = self.rounds(app)
        n = len(rounds)
        if k in (UP, DOWN) and n:
            self.sel = (self.sel + (1 if k == DOWN else -1)) % n
        elif k == OK and n:
            index = rounds[self.sel][2]
            self.edit(app, index, self.host.session.events()[index])
        elif k in (BACK, UNDO):
            app.pop()


class EndGame(Screen):
    name = "end-game"

    def __init__(self, host):
        self.host = host

    def draw(self, c, app):
        widgets.title_bar(c, "End game?")
        widgets.message(c, ["The game goes to the", "history as it stands.", "",
                            "OK: end it", "BACK: keep playing"])

    def key(self, app, k):
        if k == OK:
            finish_game(app, self.host, {"abandoned": True})
        else:
            app.pop()


class TimerScreen(Screen):
    """A countdown in large digits: UP/DOWN set it (stopped), OK starts and pauses,
    BACK leaves it running in the corner of the game's screen."""

    name = "timer"
    tick_ms = 200

    def __init__(self, host):
        self.host = host
        if host.timer is None:
            host.timer = Timer(host.app.settings["timer_s"] * 1000)

    def draw(self, c, app):
        t = self.host.timer
        widgets.title_bar(c, "Timer", "running" if t.running else "stopped")
        widgets.big_center(c, clock_text(t.remaining(app.now)), 20, 4)
        widgets.footer(c, "OK start/pause", "UP/DN")

    def key(self, app, k):
        t = self.host.timer
        if k == OK:
            if t.running:
                t.pause(app.now)
            elif t.remaining(app.now) > 0:
                t.start(app.now)
            else:
                t.reset()
        elif k in (UP, DOWN) and not t.running:
            step = 15000 if k == UP else -15000
            self.host.timer = Timer(max(15000, min(3600000, t.duration + step)))
            app.settings["timer_s"] = self.host.timer.duration // 1000
        elif k == UNDO:
            t.reset()
        elif k == BACK:
            if not t.running and t.remaining(app.now) == t.duration:
                self.host.timer = None  # never started: no timer in the corner
            app.pop()

    def tick(self, app, now_ms):
        self.host.tick()
        app.dirty = True


class Results(Screen):
    name = "results"

    def __init__(self, host):
        self.host = host

    def draw(self, c, app):
        host = self.host
        widgets.title_bar(c, host.title, "final")
        widgets.message(c, host.flow.result_lines(host.state, app)[:5], 12)
        widgets.footer(c, "OK: done")

    def key(self, app, k):
        if k == OK:
            finish_game(app, self.host, {})
        elif k == UNDO:
            app.pop()
            self.host.undo()

    def player(self, app, seat, t_us):
        app.out.sound(PRESS)


def finish_game(app, host, extra):
    flow, state = host.flow, host.state
    summary = {"scores": flow.scores(state), "winners": flow.winners(state)}
    summary.update(extra)
    date = app.out.date()
    if date:
        summary["date"] = date
    host.session.finish(summary)
    if host.session.problem:
        app.notices.append(host.session.problem)
    app.session = None
    app.stack = [MainMenu()]
    app.dirty = True


class GameBoard(Screen):
    """A game's main screen between turns: OK (or a player's button) begins the next
    entry, BACK opens the game menu, BACK held undoes; the round timer runs."""

    def __init__(self, host):
        self.host = host

    def begin(self, app, seat):
        """What OK (seat None) or a player's button opens."""

    def key(self, app, k):
        if not board_key(app, self.host, k) and k == OK:
            self.begin(app, None)

    def player(self, app, seat, t_us):
        self.begin(app, seat)

    def tick(self, app, now_ms):
        if self.host.timer is not None:
            self.host.tick()
            app.dirty = True


def corrected(screen, app, event):
    """For an entry screen opened from the rounds list (screen.fix: the index of the
    entry it corrects): fixes that entry and goes back to the list. Returns False for
    a new entry, which the screen offers itself."""
    if screen.fix is None:
        return False
    if screen.host.fix(screen.fix, event):
        app.pop()
    return True


def board_key(app, host, k):
    """The keys every game's main screen shares: BACK opens the game menu, BACK held
    undoes the last entry."""
    if k == UNDO:
        host.undo()
        return True
    if k == BACK:
        app.push(GameMenu(host))
        return True
    return False
