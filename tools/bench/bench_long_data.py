# The data of `make bench-long` (tools/bench/bench_long_device.py), made on the host by the
# real code: for every title a game log of 1000 records written through Session as the
# box writes it (tools/pawsim/longdata.py's robot play, with undos, redos and
# corrections), and what the benchmark then plays on from it, worked out here on a
# copy of that log; a history.log of 300 finished games (each record made by
# results.summary from a robot's whole game, with the fields Session.finish adds,
# score sheet included) and the statistics those games left; and the events of a
# fresh game to end onto that history. Seeded: the same bytes every run.
import json
import os
import shutil

from pawpad.app.shell.results import summary
from pawpad.core.colours import NAMES
from pawpad.store.files import Storage
from pawpad.store.log import codec
from pawpad.store.records import stats
from pawpad.store.records.history import HISTORY
from pawpad.store.resume import resume
from pawpad.store.session import Session
from pawsim import longdata, robots

TITLES = ("pick_a_dog", "circus_puppy", "top_dog", "top_dogs")
LOG_RECORDS = 1000
PLAY_ON = 40



class Long(robots.Chooser):
    """Mostly the first choice: Top Dog games of a hundred events and more."""

    def num(self, lo, hi):
        if robots.Chooser.num(self, 0, 99) < 98:
            return lo
        return robots.Chooser.num(self, lo, hi)


# The history's games in turn: every title, and mostly the one that makes the longest
# records (Pick-a-Pog: its STOPs and a long score sheet), 0.5 to 1.45 KB each and about
# 1 KB on average; no robot game of any title makes a longer one.
HISTORY_GAMES = (  # game, players, settings, chooser, most robot records
    ("pick_a_dog", 2, {"variant": "pog"}, robots.Close, 900),
    ("top_dog", 6, None, Long, 900),
    ("pick_a_dog", 3, {"variant": "pog"}, robots.Close, 900),
    ("pick_a_dog", 2, {"variant": "pog"}, robots.Close, 900),
    ("circus_puppy", 5, {"red": [5, 15, 25], "star": [10, 20]}, robots.Chooser, 900),
    ("pick_a_dog", 3, {"variant": "pog"}, robots.Close, 900),
    ("top_dogs", 5, {"rounds": 30, "cups": 30}, robots.Chooser, 900),
    ("pick_a_dog", 2, {"variant": "dog"}, robots.Close, 900),
)


def finished(i):
    """(history record, tally, colours) of the history's game i, ended as the box ends
    it (results.summary, then what Session.finish adds; every 7th left unfinished)."""
    name, players, settings, chooser, most = HISTORY_GAMES[i % len(HISTORY_GAMES)]
    colours = [NAMES[(i + s) % len(NAMES)] for s in range(players)]
    g = longdata.Game(None, (name, players, settings, chooser), 500 + i, colours)
    g.play(most, sprinkle=False, to_end=True)
    s = g.s
    abandoned = not s.state["ended"] or i % 7 == 3
    game = longdata._Host(s, colours)
    rec = summary(game, {"abandoned": True} if abandoned else {})
    rec["date"] = "20%02d-%02d-%02d" % (24 + i // 120, 1 + i // 10 % 12, 1 + i % 28)
    rec["game"] = s.name
    rec["id"] = "bl%06d" % i
    rec["players"] = players
    rec["events"] = len(s.events())
    rec["ms"] = s.ms
    return rec, game.flow.tally(s.events(), s.header["settings"]), colours


def write_history(folder, games=300):
    """history.log of `games` finished games and stats.json of what they left, in
    `folder`; returns the records' sizes in bytes."""
    store = Storage(folder)
    figures = {}
    sizes = []
    with open(store.path(HISTORY), "w") as f:
        for i in range(games):
            rec, tally, colours = finished(i)
            line = codec.encode(rec)
            f.write(line)
            sizes.append(len(line))
            stats.merge(figures, rec["id"], tally, colours, rec["game"], rec)
    stats.save(store, figures)
    return sizes


def play_on(session, chooser, n):
    """n changes of the game after where `session` stands, as the robot makes them:
    [["e", event]], and ["undo"] once the game is over (then on again). Applied to
    `session` as they are made."""
    robot = robots.ROBOTS[session.name]
    out = []
    ms = [session.ms]

    def feed(event):
        if len(out) >= n:
            return False
        ms[0] += 4000
        if session.offer(event, ms[0]) is not None:
            return False
        out.append(["e", event])
        session.flush()
        return True

    idle = 0
    while len(out) < n:
        if session.state["ended"]:
            ms[0] += 4000
            if session.undo(ms[0]) is not None:
                break
            out.append(["undo"])
            continue
        before = len(out)
        robot(lambda: session.state, chooser, feed)
        idle = idle + 1 if len(out) == before else 0
        if idle > 30:
            raise RuntimeError("%s: the robot found no move" % session.name)
    return out


def long_game(folder, title, records=LOG_RECORDS, more=PLAY_ON):
    """game.log of `records` records of `title` in `folder`, and what is played on from
    it: (players, events in force, log bytes, game id, actions)."""
    store = Storage(folder)
    s = longdata.write_game(store, title, records)
    s.flush()
    path = store.path("game.log")
    size = os.path.getsize(path)
    players = s.header["players"]
    n_events = len(s.events())
    gid = s.game_id()
    # The play on is worked out on a copy: the device gets the log as it was written.
    work = folder + ".on"
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    shutil.copy(path, os.path.join(work, "game.log"))
    on, _messages = resume(Storage(work))
    actions = play_on(on, longdata.LONG[title][3](77), more)
    shutil.rmtree(work, ignore_errors=True)
    return players, n_events, size, gid, actions


def new_game(name="top_dogs", players=4, more=PLAY_ON):
    """The changes of a fresh game of `name` (the house rules as the box starts them:
    its defaults), to play on the device and end onto the history."""
    s = Session.new(None, name, players, None)
    return play_on(s, robots.Chooser(91), more)


def write_actions(path, actions):
    """One JSON line an action: the device reads them one at a time."""
    with open(path, "w") as f:
        for a in actions:
            f.write(json.dumps(a) + "\n")
