# Opening a new game: its house rules first (kept for next time), then a new session.
# No game on flash is ever overwritten: while one is there, opening any game offers it
# instead (resume.py). Imported when a game is first opened from the main menu.
from pawpad.app.registry import prepare, title
from pawpad.app.shell.game import open_game
from pawpad.games import engine_for
from pawpad.games.common import clone, setting_value
from pawpad.store.catalogues.roster import who
from pawpad.store.session import Session
from pawpad.ui import widgets
from pawpad.ui.lists import ListScreen, Notice
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen


def start_game(app, name, setup=None, players=None):
    """A new game of `name` with the players set on the device (or `players`). A
    number of players the game does not take is said first, before any question; a
    game with house rules to set shows them next."""
    if Session.saved(app.store):
        from pawpad.app.shell.resume import ResumeOffer  # only with a game on flash

        offer = ResumeOffer(app)
        if not offer.empty():
            app.nav.push(offer)  # the game on flash first: never lost
            return
    prepare(name)
    if players is None:
        players = app.settings["players"]
    engine = engine_for(name)
    why = refused(engine, players, setup or saved_rules(app, name))
    if why is not None:
        app.nav.push(count_notice(name, why))
        return
    if setup is None and shown_rules(engine):
        app.nav.push(GameSetup(app, name, players))
        return
    begin(app, name, players, setup or saved_rules(app, name))


def refused(engine, players, setup):
    """Why the engine would not start a game of `players` with `setup` (the number of
    players it does not take, above all), or None: asked before the house rules and
    who starts, so no question is answered for a game that cannot begin. The engine's
    own start() decides (every engine raises ValueError there, in the game's words);
    a seat the table is still to be asked for is taken as the first, which every
    table has."""
    trial = dict(setup or {})
    for row in asked_rules(engine):
        trial[row[0]] = 0
    try:
        engine.start(players, trial)
    except ValueError as e:
        return str(e)
    return None


def count_notice(name, why):
    return Notice(title(name), [why + ".", "", "Change the number of",
                                "players under Players."])


def shown_rules(engine):
    """The rows of the engine's house rules the players set (label None: not shown)."""
    return [row for row in engine.HOUSE_RULES if row[1] is not None]


def saved_rules(app, name):
    """The game's house rules as kept on flash, checked by its engine: a damaged entry
    gives the defaults."""
    saved = app.setups.get(name)
    if not isinstance(saved, dict):
        return None
    engine = engine_for(name)
    try:
        return engine.check_settings(saved)
    except ValueError:
        clean = {}
        for row in engine.HOUSE_RULES:  # keep each value that is right on its own
            try:
                clean[row[0]] = setting_value(row, saved[row[0]])
            except (KeyError, ValueError):
                pass
        return clean


def asked_rules(engine):
    """The house rules the table answers as the game begins, each a seat, chosen by
    that player's own button: the engine's ASKED (Circus Puppy's first player, the
    youngest)."""
    asked = getattr(engine, "ASKED", ())
    return [row for row in engine.HOUSE_RULES if row[0] in asked and row[3] == "seat"]


def begin(app, name, players, setup, asked=()):
    for row in asked_rules(engine_for(name)):
        if row[0] not in asked:
            app.nav.push(WhoStarts(app, name, players, setup, row[0], asked))
            return
    try:
        colours = app.settings["colours"]
        session = Session.new(app.store, name, players, setup, colours,
                              app.roster.people(players), app.box.clock(),
                              app.roster.shorts(players, colours))
    except ValueError as e:  # start_game asked refused() first; a caller of begin() may not
        app.nav.push(count_notice(name, str(e)))
        return
    open_game(app, session)


class WhoStarts(Screen):
    """Who starts: that player presses their own button (or UP/DOWN and OK: DOWN the
    next seat, as in every list). BACK: back to where the game was opened from."""

    name = "who-starts"

    def __init__(self, app, game_id, players, setup, key, asked):
        self.game_id = game_id
        self.players = players
        self.setup = setup
        self.key_name = key
        self.asked = asked
        self.sel = 0
        # Each seat as the game will name it (Game.name): the person seated there,
        # else its colour. No game is open yet, so app.seat_name would say the colour.
        people, colours = app.roster.people(players), app.settings["colours"]
        self.names = [who(people, None, s) or colours[s] for s in range(players)]

    def draw(self, c, app):
        widgets.title_bar(c, title(self.game_id), "%dP" % self.players)
        widgets.message(c, ["Who starts?", "(the youngest)", "", "Press your button."], 12)
        widgets.footer(c, "UP/DN", "OK: " + self.names[self.sel])

    def key(self, app, k):
        if k in (UP, DOWN):
            self.sel = (self.sel + (1 if k == DOWN else -1)) % self.players
        elif k == OK:
            self.choose(app, self.sel)
        elif k in (BACK, UNDO):
            app.nav.pop()

    def player(self, app, seat, t_us):
        if seat < self.players:
            self.choose(app, seat)

    def choose(self, app, seat):
        setup = dict(self.setup or {})
        setup[self.key_name] = seat
        app.nav.pop()
        begin(app, self.game_id, self.players, setup, self.asked + (self.key_name,))


class GameSetup(ListScreen):
    """The house rules of a game before it starts: the readings of the rulebook that
    are settings (docs/rules.md), read from the engine's own table (HOUSE_RULES), kept for
    next time, and the settled readings (READINGS), in the words of docs/rules.md. OK on a
    rule changes it, on a reading shows it; Start."""

    name = "setup"

    def __init__(self, app, game_id, players):
        ListScreen.__init__(self)
        self.game_id = game_id
        self.players = players
        self.title = title(game_id)
        engine = engine_for(game_id)
        self.rules = shown_rules(engine)  # (key, label, default, kind, low, high, step)
        self.shown = engine.SHOWN  # how a choice reads on the screen
        self.readings = engine.READINGS  # (label, text): settled readings, OK shows one
        self.values = clone(engine.DEFAULTS)  # edited in place: never the defaults
        self.values.update(saved_rules(app, game_id) or {})

    def rows(self, app):
        out = [("Start game", "%dP" % self.players)]
        for key, label, _default, kind, _low, _high, _step in self.rules:
            v = self.values[key]
            if kind == "bool":
                v = "on" if v else "off"
            elif kind == "spaces":
                v = ",".join(str(x) for x in v) or "none"
            elif key.endswith("_ms"):
                v = "%d s" % (v // 1000)
            elif kind == "choice":
                v = self.shown.get(v, v)
            out.append((label, v))
        out += [(label, "?") for label, _text in self.readings]
        if app.roster.names:  # last: UP from Start reaches it (the seating of last time)
            out.append(("Who sits where", None))
        return out

    def editable(self, i):
        return 0 < i <= len(self.rules) and self.rules[i - 1][3] != "spaces"

    def change(self, app, i, step):
        key, _label, _default, kind, low, high, size = self.rules[i - 1]
        v = self.values[key]
        if kind == "bool":
            self.values[key] = not v
        elif kind == "choice":
            self.values[key] = low[(low.index(v) + step) % len(low)]
        elif kind == "seat":
            seat = -1 if v is None else v
            self.values[key] = (seat + step) % self.players
        else:
            self.values[key] = max(low, min(high, v + step * size))

    def choose(self, app, i):
        if i == 1 + len(self.rules) + len(self.readings):
            from pawpad.app.shell.people import Seating

            app.nav.push(Seating())
            return
        if i > len(self.rules):  # a reading: what the box takes the rulebook to say
            label, text = self.readings[i - 1 - len(self.rules)]
            app.nav.push(Notice(label, [text]))
            return
        if i > 0:  # a list of spaces: its own screen
            key, label, _default, _kind, low, high, _ = self.rules[i - 1]
            app.nav.push(SpacesPick(self.values, key, label, low, high))
            return
        app.setups[self.game_id] = dict(self.values)
        app.save_setups()
        app.nav.pop()
        begin(app, self.game_id, self.players, dict(self.values))


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
