# Long use, as data: what a box's flash holds after years of play, made by the real
# code. A history of hundreds of finished games of every title (each record made by
# results.summary from a robot's game, with the fields Session.finish adds) and the
# statistics those games left (stats.merge of each flow's tally); and game logs of
# thousands of records, written by Session as the box writes them (a robot's legal
# play with undos, redos and corrections sprinkled in). Seeded: the same bytes every
# run (the game ids too). Runs on CPython and on the MicroPython unix port.
#
# Also the soak from such a history (the restless table's games, each starting from a
# box with a 300-game history and its statistics), at the heap `make soak` uses:
#   micropython -X heapsize=4m tools/pawsim/longdata.py history build/soak-history
#   micropython -X heapsize=512k tools/pawsim/longdata.py soak 24 3000 build/soak \
#       build/soak-history
import json

from pawpad.app.shell import flow as flows
from pawpad.app.shell.results import summary
from pawpad.core.colours import NAMES  # noqa: E402
from pawpad.store.log import codec
from pawpad.store.log.readback import LOG  # noqa: E402
from pawpad.store.records import stats
from pawpad.store.records.history import HISTORY
from pawpad.store.records.score_sheet import Kept  # noqa: E402
from pawpad.store.session import Session  # noqa: E402
from pawsim import robots  # noqa: E402
from pawsim.rng import Rng  # noqa: E402

# The long games, one a title: (game, players, settings, chooser). Only Top Dog can
# have thousands of events in force; the others end after a few dozen to a few
# hundred (Top Dogs: 30 rounds at most), so their long logs are a game played to near
# its end over and over: undone back a way when it ends, played on differently, with
# corrections all along.
LONG = {
    "top_dog": ("top_dog", 6, None, robots.Even),
    "pick_a_dog": ("pick_a_dog", 2, {"variant": "pog"}, robots.Close),
    "circus_puppy": ("circus_puppy", 5, {"red": [5, 15, 25], "star": [10, 20]}, robots.Chooser),
    "top_dogs": ("top_dogs", 5, {"rounds": 30, "cups": 30}, robots.Chooser),
}
TITLES = ("pick_a_dog", "circus_puppy", "top_dog", "top_dogs")

# The games of the history, in turn: every title and variant, 1 to 6 players.
HISTORY_GAMES = (  # records of 0.3 to 1.6 KB, 0.75 KB on average
    ("pick_a_dog", 2, {"variant": "pog"}, robots.Close, 400),
    ("circus_puppy", 5, {"red": [5, 15, 25], "star": [10, 20]}, robots.Chooser, 400),
    ("top_dog", 6, None, robots.Mixed, 380),
    ("top_dogs", 5, {"rounds": 30, "cups": 30}, robots.Chooser, 400),
    ("pick_a_dog", 4, {"variant": "pog"}, robots.Close, 400),
    ("pick_a_dog", 1, {"variant": "solo"}, robots.Chooser, 400),
    ("circus_puppy", 3, {"red": [5, 15, 25], "star": [10, 20]}, robots.Chooser, 400),
    ("top_dog", 4, None, robots.Mixed, 380),
    ("top_dogs", 4, {"rounds": 30, "cups": 30}, robots.Chooser, 400),
    ("pick_a_dog", 2, {"variant": "dog"}, robots.Close, 400),
)


def colours_for(i, players):
    """The seats' colours of game i: the box's players changed colours now and then."""
    k = i % len(NAMES)
    return [NAMES[(k + s) % len(NAMES)] for s in range(players)]


class _Ids:
    """Game ids the same every run: Session.new takes its id from session.new_id."""

    def __init__(self, prefix):
        self.prefix = prefix
        self.n = 0

    def __call__(self):
        self.n += 1
        return "%s%04d" % (self.prefix, self.n)

    def __enter__(self):
        from pawpad.store import session

        self.module = session
        self.saved = getattr(session, "new_id", None)
        if self.saved is not None:
            session.new_id = self
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            self.module.new_id = self.saved


class _Host:
    """What results.summary reads of a game in progress (its sheet: made from the log
    when it is read, as for a game resumed without one)."""

    def __init__(self, session, colours):
        self.session = session
        self.flow = flows.load(session.name)
        self.colours = colours
        self.people = session.header.get("people")
        self.sheet = Kept(session, self.flow)

    @property
    def state(self):
        return self.session.state


def tweaked(event, rng):
    """A correction of an event: its last whole number moved by one (a stat, a card, a
    count, a seat), or the event as it was when there is none (OK on an entry opened
    from the rounds list and left as it was is a correction too)."""
    e = json.loads(json.dumps(event))
    box = [None]

    def walk(v):
        if isinstance(v, dict):
            for k in sorted(v):
                if isinstance(v[k], int) and not isinstance(v[k], bool):
                    box[0] = (v, k)
                else:
                    walk(v[k])
        elif isinstance(v, list):
            for i in range(len(v)):
                if isinstance(v[i], int) and not isinstance(v[i], bool):
                    box[0] = (v, i)
                else:
                    walk(v[i])

    walk(e)
    if box[0] is not None:
        where, k = box[0]
        where[k] = where[k] + 1 if where[k] < 3 or rng.below(2) else where[k] - 1
    return e


class Game:
    """A robot's game through a Session: each accepted offer, undo, redo and correction
    is a record (checkpoints come on their own), flushed as the device flushes."""

    def __init__(self, store, spec, seed, colours=None):
        name, players, settings, chooser = spec[:4]
        self.rng = Rng(seed)
        self.chooser = chooser(seed)
        self.robot = robots.ROBOTS[name]
        self.s = Session.new(store, name, players, settings, colours)
        self.s.flush()
        self.records = 0
        self.limit = None
        self.ms = 0

    def _time(self):
        self.ms += 1500 + self.rng.below(20000)
        return self.ms

    def dressed(self, event):
        """The event as the device offers it: Pick-a-Dog's STOP with the caller's
        reaction time (and now and then a false start), its result with the margin
        the caller won by (the robots leave those out)."""
        t = event.get("t")
        st = self.s.state
        if t == "stop" and event.get("seat") is not None:
            event = dict(event, react_ms=350 + self.rng.below(2600))
            if not self.rng.below(6):
                event["false"] = [(event["seat"] + 1) % st["players"]]
        elif t == "result" and st.get("caller") is not None:
            event = dict(event, margin_ms=self.rng.below(400))
        return event

    def feed(self, event):
        if self.limit is not None and self.records >= self.limit:
            return False
        if self.s.offer(self.dressed(event), self._time()) is not None:
            return False
        self._done()
        return True

    def _done(self):
        self.records += 1
        self.s.flush()

    def turn(self):
        """One robot turn (an event or two of the game)."""
        self.robot(lambda: self.s.state, self.chooser, self.feed)

    def undo(self):
        if self.s.undo(self._time()) is None:
            self._done()
            return True
        return False

    def redo(self):
        if self.s.redo(self._time()) is None:
            self._done()
            return True
        return False

    def correct(self):
        """A correction: mostly of one of the last few events, now and then of one long
        before (a resume then reads the whole log: the checkpoints' chain starts anew)."""
        n = len(self.s.events())
        if not n:
            return False
        if self.rng.below(8):
            i = n - 1 - self.rng.below(min(n, 6))
        else:
            i = self.rng.below(n)
        old = self.s.events()[i]
        for e in (tweaked(old, self.rng), old):
            if self.s.fix(i, e, self._time()) is None:
                self._done()
                return True
        return False

    def play(self, records, sprinkle=True, to_end=False):
        """Plays on until `records` records are written (or, `to_end`, the game is
        over)."""
        self.limit = records
        while self.records < records:
            st = self.s.state
            if st["ended"] and to_end:
                break
            if st["ended"]:
                # Played out: back a way (each undo a record) and on again.
                for _ in range(1 + self.rng.below(12)):
                    if self.records >= records or not self.undo():
                        break
                continue
            r = self.rng.below(100) if sprinkle else 99
            if r < 5:
                self.undo()
            elif r < 7 and self.redo():
                pass
            elif r < 11:
                self.correct()
            else:
                before = self.records
                self.turn()
                if self.records == before and not self.undo():
                    self.correct()  # the robot is stuck (it never is, but never loop)
        return self


def write_game(store, title, records, seed=1, sprinkle=True):
    """The log of a long game of `title` (see LONG) in `store`, of `records` records
    after the header; returns the Session that wrote it."""
    with _Ids("long"):
        return Game(store, LONG[title], seed).play(records, sprinkle).s


def finished(i, store=None):
    """(history record, tally, colours, game) of the history's game i, ended as the
    box ends a game (results.finish_game: results.summary with its start and end, then
    the fields Session.finish adds); one in seven is ended early from the game menu. `store`:
    where its log goes while it is played (None: its events stay in RAM)."""
    name, players, settings, chooser, most = HISTORY_GAMES[i % len(HISTORY_GAMES)]
    colours = colours_for(i, players)
    with _Ids("old%03d-" % i):
        g = Game(store, (name, players, settings, chooser), 100 + i, colours)
    g.play(4 + i % 20 if i % 7 == 3 else most, sprinkle=False, to_end=True)
    s = g.s
    game = _Host(s, colours)
    day = "20%02d-%02d-%02d" % (25 + i // 120, 1 + i // 10 % 12, 1 + i % 28)
    s.header["start"] = day + " 19:%02d:00" % (i % 60)
    rec = summary(game, {} if s.state["ended"] else {"abandoned": True}, day + " 23:59:59")
    rec["game"] = s.name
    rec["id"] = s.game_id()
    rec["players"] = s.header["players"]
    rec["events"] = len(s.events())
    rec["ms"] = s.ms
    tally = game.flow.tally(s.events(), s.header["settings"])
    return rec, tally, colours, s.name


def write_history(store, games=300, first=0, scratch=None):
    """history.log with `games` finished games (written a record at a time) and the
    statistics they left in stats.json; returns (their ids oldest first, bytes).
    `scratch`: a Storage where each game's log is kept while it is played (in a small
    heap), else its events are kept in RAM."""
    figures = {}
    ids = []
    size = 0
    with open(store.path(HISTORY), "w") as f:
        for i in range(first, first + games):
            rec, tally, colours, name = finished(i, scratch)
            if scratch is not None:
                scratch.remove(LOG)
            line = codec.encode(rec)
            f.write(line)
            size += len(line)
            ids.append(rec["id"])
            stats.merge(figures, rec["id"], tally, colours, name, rec)
    stats.save(store, figures)
    return ids, size


# --- the soak from a long history ---
def copy_file(src, dst):
    """A file copied through a small buffer (a history of 300 games is more than half
    the heap the soak runs in)."""
    buf = bytearray(512)
    with open(src, "rb") as f, open(dst, "wb") as out:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            out.write(buf if n == len(buf) else buf[:n])


def _ids_only(store, reader=None, keep=60):
    """The newest `keep` games of the history as {"id": id} each, oldest first."""
    from pawpad.store.records.history import history

    out = []
    for rec in history(store, reader):
        out.append({"id": rec.get("id")})
        if len(out) > keep:
            out.pop(0)
    return out


def soak(argv):
    """The restless table's games one after another (as `make soak`), each from a box
    whose flash holds the history and statistics in folder `seed` (made by the
    `history` command, at a bigger heap: making 300 games takes more than playing)."""
    import os
    import sys

    from pawsim import restless

    games, steps, data, seed = int(argv[0]), int(argv[1]), argv[2], argv[3]
    try:
        os.mkdir(data)
    except OSError:
        pass
    # The table's own look at the history (before and after each game, and that no
    # game is in it twice) keeps only the ids: the box's heap is what is measured,
    # not the tool's copy of 55 records beside it.
    restless.read_history = _ids_only
    fig = restless.Figures(sys.implementation.name == "micropython")
    for i in range(games):
        restless.clear(data)
        for name in (HISTORY, stats.STATS):
            copy_file(seed + "/" + name, data + "/" + name)
        restless.run(restless.GAMES[i % len(restless.GAMES)], 1000 + i, steps, data, fig)
    print("from a long history (the finished count is the history's change, pruned): "
          + fig.line())
    for f in fig.failures[:20]:
        print("  " + f)
    return 1 if fig.failures else 0


def _main():
    import sys

    args = sys.argv[1:]
    if len(args) == 5 and args[0] == "soak":
        sys.exit(soak(args[1:]))
    if len(args) in (2, 3) and args[0] == "history":
        from pawpad.store.files import Storage

        _ids, size = write_history(Storage(args[1]), int(args[2]) if len(args) > 2 else 300)
        print("history: %d bytes" % size)
        sys.exit(0)
    print("usage: longdata.py history DIR [GAMES]\n"
          "       longdata.py soak GAMES STEPS DIR HISTORY_DIR")
    sys.exit(2)


if __name__ == "__main__":
    _main()
