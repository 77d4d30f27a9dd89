# What the box keeps on its flash, fetched and read for the report: the history of
# finished games, the players' statistics and the game in progress (its log). Read with
# the firmware's own readers (pawpad.store.session, stats), so the report sees exactly
# what the box sees: a damaged record is passed over and said, never guessed at.
# The files are first copied into a folder of the report's own (from a Pico over
# mpremote, or from a folder such as the simulator's sim_data/): reading a damaged file
# may set it aside, and the source is left as it was.
import json
import os
import shutil
import subprocess
import sys

from install import boxlink, dating
from install.flash import STOP_WATCHDOG
from pawpad.app import registry
from pawpad.app.shell import flow as flows
from pawpad.core.colours import NAMES
from pawpad.store.catalogues import roster as box_roster
from pawpad.store.catalogues.roster import who
from pawpad.store.files import Storage
from pawpad.store.log import schema
from pawpad.store.log.readback import LOG
from pawpad.store.records import history as box_history
from pawpad.store.records import score_sheet
from pawpad.store.records import stats as statistics
from pawpad.store.resume import resume
from pawpad.store.session import Session

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# bgstats.json: the box's people linked to a group's BG Stats players (make roster
# FROM=); the box itself never reads it.
LINKS = "bgstats.json"
FILES = (box_history.HISTORY, statistics.STATS, LOG, box_roster.ROSTER, LINKS)
DEVICE_DIR = "/data"  # boards/pico/board.py: hw.data_dir


def copy_folder(src, dst):
    """The box's files from a folder (the simulator's --data); returns those found."""
    os.makedirs(dst, exist_ok=True)
    found = []
    for name in FILES:
        if os.path.isfile(os.path.join(src, name)):
            shutil.copyfile(os.path.join(src, name), os.path.join(dst, name))
            found.append(name)
    return found


def fetch(mpremote, port, dst, device_dir=DEVICE_DIR, tool="report"):
    """The box's files from a Pico over mpremote; returns those found. mpremote stops
    the firmware to reach the REPL (and the watchdog is stopped with it); at the end
    the box's clock is set and the box starts again (boxlink)."""
    connect = [mpremote, "connect", port]
    os.makedirs(dst, exist_ok=True)
    dating.meet(tool, connect=connect, device_dir=device_dir, prefix=STOP_WATCHDOG)
    r = _run(connect + ["exec", STOP_WATCHDOG + "import os\ntry:\n"
                        "    print(' '.join(os.listdir(%r)))\nexcept OSError:\n"
                        "    print()\n" % device_dir], 120)
    if r.returncode:
        raise SystemExit("report: the board did not answer (%s):\n%s"
                         % (" ".join(connect), (r.stderr or r.stdout).strip()))
    listed = r.stdout.split()
    found = [n for n in FILES if n in listed]
    chain = list(connect)
    for name in found:
        chain += ["cp", ":%s/%s" % (device_dir, name), os.path.join(dst, name), "+"]
    r = _run(chain + boxlink.SET_CLOCK, 300)
    if r.returncode:
        raise SystemExit("report: copying from the board failed:\n" + r.stderr.strip())
    try:
        boxlink.restart(port)
    except boxlink.LinkError as e:
        raise SystemExit("report: the files are copied, but %s: unplug it and plug it in "
                         "again" % e)
    return found


def _run(cmd, timeout):
    """mpremote's run: its output as text whatever its bytes; a message, not a
    traceback, when it cannot run or does not end."""
    try:
        return subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                              timeout=timeout)
    except (OSError, subprocess.SubprocessError) as e:
        raise SystemExit("%s did not run (%s)" % (cmd[0], e))


def arguments(what, out):
    """The command line the box's tools share: --data FOLDER or --port PORT
    [--mpremote M], and --out."""
    import argparse

    ap = argparse.ArgumentParser(description=what)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--data", help="a folder holding the box's files (sim_data)")
    src.add_argument("--port", help="a Pico's serial port, for mpremote")
    ap.add_argument("--mpremote", default="mpremote")
    ap.add_argument("--out", default=out)
    return ap


def gather(a, tool):
    """The box's files copied into OUT/data (from the folder or the Pico the arguments
    name) and read: (Box, where they came from, the files found)."""
    copy = os.path.join(a.out, "data")
    shutil.rmtree(copy, ignore_errors=True)
    if a.data:
        if not os.path.isdir(a.data):
            sys.exit("%s: no folder %s" % (tool, a.data))
        dating.meet(tool, data=a.data)
        found, source = copy_folder(a.data, copy), a.data
    else:
        found, source = fetch(a.mpremote, a.port, copy, tool=tool), "the Pico on " + a.port
    return read(copy), source, found


class Box:
    """What was read: `history` (finished games, oldest first, as the history keeps
    them), `stats` ({player: figures}, beside the file's own fields, stats.MERGED and
    SOLO_BEST), `game` (the game in progress or None: see read_game), `problems` (what
    could not be read, in words) and `names` (the roster's, in its order)."""

    def __init__(self, history, stats, game, problems, names=(), links=None):
        self.history = history
        self.links = links or {}  # {box name: (uuid, BG Stats name)}: read_links
        self.stats = stats
        self.game = game
        self.problems = problems
        self.names = list(names)  # the roster's, in its order (players.json)

    def all_stops(self):
        """Every Pick-a-Dog STOP with a verdict the box kept, oldest first: those of the
        finished games (their history records) and of the game in progress, each
        {"player" (who called it: the person at the seat, else its colour),
        "react_ms", "margin_ms"} (None: not known). A damaged entry is passed over."""
        out = []
        for g in self.history:
            names = seat_names(g)
            stops = g.get("stops") if g.get("game") == "pick_a_dog" else None
            for s in stops if isinstance(stops, list) else ():
                if (isinstance(s, list) and len(s) == 4 and _whole(s[0]) and
                        0 <= s[0] < len(names) and _whole(s[1], -1) and
                        _whole(s[2], -1) and s[3] in (True, False)):
                    out.append({"player": names[s[0]], "react_ms": _known(s[1]),
                                "margin_ms": _known(s[2])})
        if self.game and self.game["game"] == "pick_a_dog":
            for s in self.game["stops"]:
                if s["seat"] is not None and "right" in s:
                    out.append({"player": self.game["names"][s["seat"]],
                                "react_ms": s["react_ms"], "margin_ms": s["margin_ms"]})
        return out

    def sheets(self, n):
        """The score sheets of the last `n` finished games that kept one, oldest first:
        {"number" (in the history, from 1), "game" (its record), "unit" ("Round" or
        "Turn"), "rows" ([(row number, [total per seat])])}. Records written before the
        box kept score sheets, and damaged sheets, are passed over."""
        out = []
        for i, g in enumerate(self.history):
            rows = _sheet_rows(g.get("sheet"), g["players"])
            if rows:
                out.append({"number": i + 1, "game": g, "unit": g["sheet"]["unit"],
                            "rows": rows})
        return out[-n:] if n else []

    def without_sheet(self):
        """How many finished games in the history kept no score sheet."""
        return sum(1 for g in self.history if not _sheet_rows(g.get("sheet"), g["players"]))

    def players(self):
        """Everyone with any figures: the people in the roster's order, then those no
        longer on it by name, then the colours in the box's order (a seat where nobody
        had a name)."""
        gone = sorted((k for k in statistics.people(self.stats)
                       if k not in NAMES and k not in self.names), key=lambda k: (k.lower(), k))
        order = self.names + gone + list(NAMES)
        return [c for c in order if isinstance(self.stats.get(c), dict) and
                statistics.player(self.stats, c)["games"] + self.stats[c]["stops"] +
                self.stats[c]["false"]]


def read(folder):
    store = Storage(folder)
    problems = []
    history = read_history(store, problems)
    stats = statistics.load(store, said=problems)
    for c in list(stats):
        if c in NAMES:
            statistics.player(stats, c)  # figures as the box reads them
    names = box_roster.load(store, problems).names  # a damaged one: said, and set aside
    return Box(history, stats, read_game(store, problems), problems, names,
               read_links(folder, problems))


LINKS_MAX = 65536  # bytes: 16 links take about 2 KB


def read_links(folder, problems):
    """{box name: (uuid, BG Stats name)} of bgstats.json ({"players": [{"name",
    "bgstats", "uuid"}]}); a damaged file is said and read as no links (the export then
    gives every person a uuid of Pawpad's own), a damaged entry is passed over."""
    path = os.path.join(folder, LINKS)
    try:
        with open(path, "rb") as f:
            raw = f.read(LINKS_MAX + 1)
        doc = json.loads(raw.decode("utf-8")) if len(raw) <= LINKS_MAX else None
    except OSError:
        return {}
    except ValueError:
        doc = None
    entries = doc.get("players") if isinstance(doc, dict) else None
    if not isinstance(entries, list):
        problems.append("%s is damaged: the people are exported with uuids of Pawpad's "
                        "own" % LINKS)
        return {}
    out = {}
    for e in entries:
        if (isinstance(e, dict) and box_roster.valid(e.get("name")) and
                isinstance(e.get("bgstats"), str) and 0 < len(e["bgstats"]) <= 200 and
                _uuid_ok(e.get("uuid")) and e["name"] not in out):
            out[e["name"]] = (e["uuid"], text(e["bgstats"]))
        else:
            problems.append("%s: an entry is damaged (passed over)" % LINKS)
    return out


def _uuid_ok(v):
    """A uuid as BG Stats writes one (either case)."""
    if not isinstance(v, str) or len(v) != 36:
        return False
    for i, ch in enumerate(v):
        if (ch != "-") if i in (8, 13, 18, 23) else ch not in "0123456789abcdefABCDEF":
            return False
    return True


SAID_MAX = 12  # lines said of the history's records; the rest are counted


def read_history(store, problems, keep=box_history.HISTORY_KEEP + box_history.HISTORY_KEEP // 10):
    """The newest `keep` finished games, oldest first, as the box's reader takes them
    (box_history.history), each made usable by the tools (usable()); what was passed
    over or changed is added to `problems`, a line a record naming it by its place in
    the file ("history.log record 7"), at most SAID_MAX lines and then a count."""
    said = []
    reader = schema.Reader(skip=True)
    games = []
    try:
        lines = store.open_text(box_history.HISTORY)
    except OSError:
        lines = None
    if lines is not None:
        with lines as f:
            for line in f:
                n = reader.count + reader.skipped + 1
                skipped = reader.skipped
                for rec in reader.read((line,)):
                    games.append((n, rec))
                    if len(games) > keep:
                        games.pop(0)
                if reader.skipped > skipped:  # "record 7 is damaged", "... was cut short"
                    said.append((n, "%s%s %s: passed over" % (
                        box_history.HISTORY, "" if reader.problem.startswith("record")
                        else ":", reader.problem)))
    history = []
    for n, rec in games:
        good, why = usable(rec)
        if why:
            said.append((n, "%s record %d%s%s" % (box_history.HISTORY, n, _id_of(rec), why)))
        if good is not None:
            history.append(good)
    said.sort()  # in the file's order
    problems.extend(line for _n, line in said[:SAID_MAX])
    if len(said) > SAID_MAX:
        problems.append("and %d more of %s's records" % (len(said) - SAID_MAX,
                                                         box_history.HISTORY))
    return history


def _id_of(rec):
    rec_id = rec.get("id") if isinstance(rec, dict) else None
    return " (game %s)" % text(rec_id) if isinstance(rec_id, str) and rec_id else ""


def text(value):
    """Text from the box as the tools write it: a str (a JSON string may hold halves of
    a UTF-16 pair, which no file can be written with: each becomes "?")."""
    value = value if isinstance(value, str) else str(value)
    try:
        value.encode("utf-8")
        return value
    except UnicodeError:
        return value.encode("utf-8", "replace").decode("utf-8")


TEXT_FIELDS = ("title", "game", "id", "date")  # the record's free text the tools show


def usable(rec):
    """(record, what was wrong) of a record the box's reader took (schema.check_summary
    checks what the box's screens read; other fields pass): the record as the tools
    read it, or None when it cannot be (no scores: the box's History screen passes
    over it too), and None or what was changed, in words. A title that is not text
    is its game's, as on the box's screens; a time beyond BIGGEST is not known; a
    settings field that is not an object gives no variant. A score is never
    changed."""
    if not isinstance(rec.get("scores"), list):
        return None, " has no scores: passed over"
    out = dict(rec)
    why = []
    title = rec.get("title")
    if "title" in rec and not isinstance(title, str):
        out["title"] = default_title(rec)
        why.append("its title is not text (shown as %s)" % out["title"])
    if "ms" in rec and not _whole(rec["ms"]):  # the box takes any whole number
        del out["ms"]
        why.append("its time is beyond reason (%s digits: shown as not known)"
                   % len(str(rec["ms"])))
    for k in TEXT_FIELDS:
        if isinstance(out.get(k), str) and text(out[k]) != out[k]:
            out[k] = text(out[k])
            why.append("its %s is not all text (shown with ?)" % k)
    if "settings" in rec and not (isinstance(rec["settings"], dict) and
                                  isinstance(rec["settings"].get("variant", ""), str)):
        out["settings"] = {}
        why.append("its settings are damaged (no variant)")
    return out, ": " + "; ".join(why) if why else None


def default_title(rec):
    """The game's title as the box names it (its id, for a game this box does not
    know)."""
    try:
        return registry.title(rec.get("game"))
    except ValueError:
        return text(rec.get("game"))


def read_game(store, problems):
    """The game in progress: {"game", "title", "names" (seat_names), "events" (in force),
    "rounds" ([[score per seat] after each row of its score sheet]), "unit" (a row is a
    "Round", or a "Turn" in Circus Puppy), "stops" ([{"seat", "react_ms", "false"}] in
    order; Pick-a-Dog only), "tally" (the flow's statistics of it)}."""
    if not Session.saved(store):
        return None
    s, messages = resume(store)
    problems.extend(messages)
    if s is None:
        return None
    flow = flows.load(s.name)
    try:  # the score sheet, made from the game's start (the box resumes from a snapshot)
        rounds = score_sheet.totals(s, flow, False)
    except (ValueError, KeyError, TypeError, IndexError) as e:  # the rules' Refused too
        problems.append("%s: the game in progress does not replay from its start (%s): "
                        "left out" % (LOG, text(e)))
        return None
    events = list(s.events())  # each one the rules took, from the start
    state = s.state  # the events in force replayed
    stops = []
    for e in events:  # each STOP, with its verdict and margin once examined
        if e.get("t") == "stop":
            stops.append({"seat": e["seat"], "react_ms": e.get("react_ms"),
                          "false": e.get("false", []), "margin_ms": None})
        elif e.get("t") == "result" and stops and "right" in e:
            stops[-1]["right"] = e["right"]
            stops[-1]["margin_ms"] = e.get("margin_ms")
    return {"game": s.name, "title": flow.title(state), "events": events,
            "rounds": rounds, "unit": flow.sheet_unit,
            "names": seat_names(s.header), "stops": stops,
            "tally": flow.tally(events), "ended": state.get("ended", False)}


def seat_names(g):
    """Who sat at each seat of a game (a history record, or a log's header): the
    person, else the seat's colour then; for a record from before the box kept
    colours, the box's first colours."""
    n = g["players"]
    return [who(g.get("people"), g.get("colours"), s) or NAMES[s % len(NAMES)]
            for s in range(n)]


def title_of(g):
    """A finished game's title as text: its record's title, else its game's title (as
    the box's History screen names it); the box's words, shown as written."""
    t = g.get("title")
    return text(t) if isinstance(t, str) and t else default_title(g)


BIGGEST = statistics.MAX_COUNT  # a time or a score beyond this is damage, not play


def _whole(v, low=0, high=BIGGEST):
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _known(v):
    return None if v < 0 else v


def _sheet_rows(sheet, players):
    """[(row number, totals)] of a history record's score sheet; [] when it has none
    or it is not one (row numbers from 1, rising; a whole number a seat)."""
    if not isinstance(sheet, dict) or not isinstance(sheet.get("unit"), str):
        return []
    rows, last = [], 0
    for row in sheet.get("rows") if isinstance(sheet.get("rows"), list) else ():
        if not (isinstance(row, list) and len(row) == 2 and _whole(row[0], last + 1) and
                isinstance(row[1], list) and len(row[1]) == players and
                all(_whole(v, -(1 << 30)) for v in row[1])):
            return []
        last = row[0]
        rows.append((row[0], row[1]))
    return rows
