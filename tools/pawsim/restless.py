# The restless table: random play of a game through the real menus, with undo, redo,
# BACK, corrections, power cuts and watchdog resets at random moments. After every
# step it checks what the box promises:
#   - a game on flash is always on show (its screen for its state) or offered;
#   - the screen under everything opened in a game is the one its state calls for;
#   - the state is the log replayed, and once written, the log on flash says the same;
#   - a power cut or a reset loses no event that was on flash;
#   - a finished game is in the history once.
# Runs on CPython and the MicroPython unix port; `make restless` runs it long.
from pawpad import games
from pawpad.app.device.device import Device
from pawpad.games.common import replay
from pawpad.store.files import Storage
from pawpad.store.log import scan
from pawpad.store.records.history import read_history
from pawpad.store.session import Session
from pawsim import board as simboard
from pawsim.heap import probe
from pawsim.rng import Rng
from pawsim.script import Player

GAMES = ("pick_a_dog", "circus_puppy", "top_dog", "top_dogs")
PLAYERS = 3



class Figures:
    def __init__(self, heap=False):
        self.games = self.steps = self.undos = self.cuts = self.resets = 0
        self.finished = 0
        self.failures = []
        self.heap = heap  # watch the heap (MicroPython): lowest free, smallest hole
        self.low_free = None
        self.low_block = None
        self.play_ms = 0

    def line(self):
        out = ("restless table: %d games, %d steps, %d undos, %d power cuts, %d resets, "
               "%d finished, %d failures" % (self.games, self.steps, self.undos, self.cuts,
                                             self.resets, self.finished,
                                             len(self.failures)))
        if self.low_free is not None:
            out += ("\n  %d min of play; heap after collection: lowest free %d B, "
                    "smallest largest free block %d B" % (self.play_ms // 60000,
                                                          self.low_free, self.low_block))
        return out

    def look_at_heap(self):
        free, block = probe()
        if self.low_free is None or free < self.low_free:
            self.low_free = free
        if self.low_block is None or block < self.low_block:
            self.low_block = block


class Table:
    def __init__(self, game, seed, data, figures):
        self.game = game
        self.rng = Rng(seed)
        self.data = data
        self.fig = figures
        with open(data + "/settings.json", "w") as f:
            f.write('{"players": %d}' % PLAYERS)
        self.p = None
        self.boot("power on")

    # --- the box ---
    def boot(self, cause):
        if self.p is not None:
            self.fig.play_ms += self.t  # the time played before the cut
        world = simboard.World(simboard.Clock(True), True, True)
        world.held_at_boot = ()
        hw = simboard.build(world, self.data, cause)
        self.p = Player(world, hw, Device, "/tmp", _quiet)  # no log kept: RAM is the box's
        self.t = 0
        self.act("%d end" % 1700)

    @property
    def app(self):
        return self.p.dev.app

    def act(self, text):
        from pawsim.script import parse

        events = parse(text)
        self.p.play(events)
        self.t = self.p.t

    def key(self, name, after=0):
        self.t += 150 + after
        self.act("%d %s" % (self.t, name))

    # --- one action of the table ---
    def act_once(self):
        app = self.app
        top = app.top.name
        self.fig.steps += 1
        if top == "menu" and app.session is None:
            self.open_game()
            return
        if top == "resume":
            # mostly resume; now and then end it (it goes to the history)
            if self.rng.below(6):
                self.key("ok")
            else:
                self.key("back")
                self.key("ok")
            return
        what = self.rng.weighted(self.weights(top))
        if what == "cut":
            self.power_cut("power on")
        elif what == "reset":
            self.power_cut("watchdog")
        elif what == "undo":
            self.fig.undos += 1
            self.t += 150
            self.act("%d hold back\n%d let back" % (self.t, self.t + 900))
        elif what == "wait":
            self.t += 500 + self.rng.below(6000)
            self.act("%d end" % self.t)
        elif what == "player":
            self.key("p%d" % (1 + self.rng.below(PLAYERS)), self.rng.below(400))
        elif what in ("add", "remove"):
            self.key("%s %d 1" % (what, 1 + self.rng.below(2)), self.rng.below(400))
        else:
            self.key(what, self.rng.below(300))

    def weights(self, top):
        w = [("ok", 30), ("up", 12), ("down", 12), ("back", 8), ("undo", 4), ("player", 12),
             ("wait", 4), ("cut", 2), ("reset", 1)]
        if self.game == "circus_puppy":
            w += [("add", 6), ("remove", 3)]
        if top in ("game-menu", "rounds"):
            w += [("down", 10), ("ok", 10)]
        return w

    def open_game(self):
        menu = self.app.top
        menu.sel = games.IDS.index(self.game)  # the cursor to the game's row; then the keys
        self.key("ok")
        if self.app.top.name == "pick-variant":
            self.key("ok")
        if self.app.top.name == "setup":
            self.key("ok")
        if self.app.top.name == "who-starts":
            self.key("ok")  # the seat the cursor is on starts
        if self.app.session is not None:
            self.fig.games += 1

    def power_cut(self, cause):
        """The box stops dead between two loop cycles; what is on flash is all it has."""
        store = Storage(self.data)
        before = flash_events(store)
        self.fig.cuts += cause == "power on"
        self.fig.resets += cause == "watchdog"
        self.boot(cause)
        if cause == "power on" and self.app.top.name == "resume":
            self.key("ok")
        if before is not None and self.app.session is not None:
            after = list(self.app.session.events())
            self.check(after == before, "events on flash lost in a %s: %d before, %d after"
                       % (cause, len(before), len(after)))

    # --- the promises ---
    def check(self, cond, what):
        if not cond:
            self.fig.failures.append("%s t=%d %s" % (self.game, self.t, what))

    def verify(self):
        app = self.app
        nav = app.nav
        store = Storage(self.data)
        s = app.session
        if s is None:
            on_flash = Session.saved(store)
            self.check(not on_flash or app.top.name in ("resume", "notice", "boot"),
                       "a game on flash but %s shown" % app.top.name)
            return
        game = app.game
        self.check(nav.game is game and game.session is s, "the navigator shows another game")
        base = nav.stack[1]
        phase = game.flow.phase(s.state)
        want = game.flow.screen(game)
        self.check(base.phase == phase and type(base) is type(want),
                   "screen %s under %s, state in phase %s calls for %s"
                   % (base.name, app.top.name, phase, want.name))
        self.check(nav.stack.index(app.top) >= 1, "the main menu over a game")
        self.check(not s.state["ended"] or nav.stack[2].name == "results",
                   "the game is over but its results are not up")
        replayed = replay(s.engine, s.header["players"], s.header["settings"], s.events())
        self.check(replayed == s.state, "the state is not its events replayed")
        if not s.pending and s.saving:
            events = flash_events(store)
            self.check(events == list(s.events()), "the log on flash says otherwise (%s vs %d)"
                       % (None if events is None else len(events), len(s.events())))

    def history_once(self):
        ids = [g.get("id") for g in read_history(Storage(self.data)) if isinstance(g, dict)]
        for gid in ids:
            self.check(ids.count(gid) == 1, "game %s in the history %d times"
                       % (gid, ids.count(gid)))


def _quiet(line):
    pass


def flash_events(store):
    """The events in force in the log on flash, or None when there is no log."""
    if not Session.saved(store):
        return None
    try:
        r = scan.read(store, False)
        return list(Session(store, r.head, r.timeline, r.state).events())
    except (ValueError, KeyError, TypeError, OSError):
        return None


def run(game, seed, steps, data, figures):
    table = Table(game, seed, data, figures)
    before = len(read_history(Storage(data)))
    for i in range(steps):
        table.act_once()
        table.verify()
        if figures.heap and i % 50 == 0:
            figures.look_at_heap()
        if len(figures.failures) > 20:
            break
    figures.play_ms += table.t
    table.history_once()
    figures.finished += len(read_history(Storage(data))) - before
    return figures


def clear(data):
    import os

    for name in os.listdir(data):
        os.remove(data + "/" + name)


def main(argv):
    import os

    games = int(argv[1]) if len(argv) > 1 else 8
    steps = int(argv[2]) if len(argv) > 2 else 400
    data = argv[3] if len(argv) > 3 else "build/restless"
    try:
        os.mkdir(data)
    except OSError:
        pass
    import sys

    fig = Figures(sys.implementation.name == "micropython")
    for i in range(games):
        clear(data)
        run(GAMES[i % len(GAMES)], 1000 + i, steps, data, fig)
    print(fig.line())
    for f in fig.failures[:20]:
        print("  " + f)
    return 1 if fig.failures else 0

