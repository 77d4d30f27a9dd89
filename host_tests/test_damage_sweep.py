# The damage sweep: long logs of every game (undos, redos, corrections, several
# checkpoints) damaged the ways flash damages them (a bit flipped, the file cut at and
# inside every record) and the ways no checksum catches (records re-encoded with a good
# CRC-32: checkpoints whose places or links lead astray, repeated, swapped, counting
# one event too many or too few; snapshot states with fields missing or of the wrong
# type; an event replaced by a record of another shape or of another game; the header
# replaced by another game's, players or version). After each damage the real device
# boots on the data folder on the simulated board, in virtual time:
#   - as a power-on: the resume offer, then resume (or, for some cases, end the game
#     there into the history, or set it aside), robot moves through the game in progress and
#     random keys, the score sheet, the corrections list (the last round's correction
#     looked at, the oldest one's made for some cases), a power cut and a resume again,
#     and End game from the game menu (or the results, when the game is over);
#   - as a watchdog reset: the game opened at once, robot moves, End game.
# The cut log's many places are also resumed alone (store/resume.py: resume), as the offer does.
# What is checked is the promise, not which of the safe paths was taken:
#   - no exception leaves the app (the device's step and render), and the box shows a
#     screen;
#   - the game resumed is the log as far as it reads: the events in force after the
#     records before the damage at least (nothing acknowledged before it is lost), its
#     state their replay (at the latest once the screens that replay every event have
#     had them), and the game is never lost: on flash, in the history once (with the
#     events it had), or set aside with a message;
#   - whatever is set aside (a *.bad file), or cut off the log beyond a torn last
#     record, comes with a message on the screen; a damaged header is kept aside;
#   - events acknowledged after the resume survive the next power cut;
#   - a resume replays a bounded number of events a record (REPLAY_PER_RECORD).
# Deterministic (seeded), virtual time only. Both runtimes. A line of figures is
# printed for each family, and each distinct failure with its smallest case, which
# plays again alone:
#   PYTHONPATH=host_tests:tools/shims:boards/pico .venv/bin/python -c "import
#     test_damage_sweep as t; t.one('checkpoints', 'top_dogs', 'checkpoint line 153: one
#     event too few, crc agreeing')"
# (the unix port lays a record's fields out in another order: its byte positions, and
# so its flips and cuts inside lines, are its own; the lines are the same).
import gc
import os
import sys

from pawpad import games
from pawpad.app.device import device as device_module
from pawpad.app.device.device import Device
from pawpad.games.common import replay
from pawpad.store.log import codec
from pawpad.ui.screen import Screen
from pawsim import board as simboard
from pawsim import damage, robots
from pawsim.script import Player, parse
from support.device import fresh_dir

GAMES = ("pick_a_dog", "circus_puppy", "top_dog", "top_dogs")
# Records in each game's long log (the header and checkpoints included): 150-400, so
# that it has several checkpoints, each leaning on the one before.
RECORDS = {"pick_a_dog": 170, "circus_puppy": 180, "top_dog": 200, "top_dogs": 160}
SEED = 20261201
# Cases, per game: every family below runs each of them on a power-on and a watchdog
# reset (two device runs a case), but the cuts (see CUT_DEVICE_EVERY).
FLIPS = 12  # single bits flipped at seeded places (two of them in the header)
# The log cut at every record boundary and inside every CUT_INSIDE_EVERY-th line: each
# resumed alone, and every CUT_DEVICE_EVERY-th line's (and the last two) on the device.
CUT_INSIDE_EVERY = 3
CUT_DEVICE_EVERY = 48
CHECKPOINTS = 22  # crafted checkpoints (places and links astray, repeated, swapped)
# Also checkpoints whose own crc of their places is made to agree with the places
# changed (a lie told whole: no checksum can tell it; the game's state can).
WHOLE_LIES = True
SNAPSHOTS = 10  # crafted snapshot states (fields missing, of the wrong type)
EVENTS = 12  # an event's record (or the header) replaced by a CRC-valid other one
ROBOT_MOVES = 3  # robot moves after the resume, through the game in progress
KEYS = 4  # random keys after them (after a power-on; a watchdog reset: none)
# What a message about damage says (session.py's and readback's wording today, and the
# words the rewrite is to use): one of these in a notice or a toast.
MARKS = ("kept as", "set aside", "damaged", ".bad", "saved game", "cut short",
         "could not be read")
PLAYERS = damage.PLAYERS
# The unix port's heap is small: it is collected before each case (on CPython a full
# collection among pytest's objects costs more than the case).
SMALL_HEAP = sys.implementation.name == "micropython"
# A resume replays the events after its snapshot, or the game a few times over: at most
# this many events replayed a record of the log (and REPLAY_SLACK more) before the box
# shows it. A reading that replays the whole game again at every undo and correction
# grows with the square of the log (these logs: 13-17 a record): on a Pico, a damaged
# 2000-record log is minutes of replay. None: not checked.
REPLAY_PER_RECORD = 8
REPLAY_SLACK = 60


class Replays:
    """Events the engines applied (counted while the sweep runs)."""

    n = 0


def _counting(apply):
    def counted(state, event):
        Replays.n += 1
        return apply(state, event)

    return counted


# --- the logs ---
_LOGS = {}  # game: the bytes of its long log (its records are parsed again for each use)


def long_log(game):
    """(bytes, lines) of the game's long log, made once."""
    if game not in _LOGS:
        from pawpad.store.files import Storage

        data = fresh_dir()
        store = Storage(data)
        damage.long_log(store, game, RECORDS[game], SEED + games.IDS.index(game))
        _LOGS[game] = damage.read_log(store)
        clear(data)
        os.rmdir(data)
    raw = _LOGS[game]
    lines = damage.lines_of(raw)
    assert all(ln.rec is not None for ln in lines)
    assert len(damage.checkpoints(lines)) >= 2, game
    return raw, lines


def clear(data):
    for name in os.listdir(data):
        os.remove(data + "/" + name)


# --- what went wrong, where ---
def where(e):
    """(innermost frame in the firmware, innermost frame) of an exception, as
    "path:line" with the path from firmware/ on."""
    frames = []
    if hasattr(e, "__traceback__"):
        import traceback

        for fr in traceback.extract_tb(e.__traceback__):
            frames.append((fr.filename, fr.lineno))
    else:  # MicroPython
        import io

        buf = io.StringIO()
        sys.print_exception(e, buf)
        for line in buf.getvalue().split("\n"):
            line = line.strip()
            if line.startswith('File "'):
                q = line.find('"', 6)
                at = line.find("line ", q)
                n = line[at + 5:].split(",")[0] if at >= 0 else "?"
                frames.append((line[6:q], n))
    out = []
    for path, n in frames:
        cut = path.find("firmware/")
        if cut < 0:
            cut = path.find("tools/")
        if cut < 0:
            cut = path.find("host_tests/")
        out.append("%s:%s" % (path[cut:] if cut >= 0 else path, n))
    fw = [f for f in out if f.startswith("firmware/")]
    if not fw:
        return "-", (out[-1] if out else "-")
    # the innermost frame of the firmware, and the innermost of the app that led there
    # (a Refused is raised in games/common.need: the app's frame says who asked)
    at = fw[-1][len("firmware/pawpad/"):]
    app = [f for f in fw if f.startswith("firmware/pawpad/app/")]
    if app and app[-1] != fw[-1]:
        at += " via " + app[-1][len("firmware/pawpad/"):]
    return at, out[-1]


def _digits_out(text):
    out = []
    prev = ""
    for ch in text:
        if "0" <= ch <= "9":
            if prev != "#":
                out.append("#")
            prev = "#"
        else:
            out.append(ch)
            prev = ch
    return "".join(out)


class Sweep:
    """The figures of one family of damage, and its distinct failures."""

    def __init__(self, family):
        self.family = family
        self.cases = self.runs = self.resumes = self.messages = self.exceptions = 0
        self.set_aside = self.whole = self.shorter = self.ended_at_offer = 0
        self.set_aside_at_offer = 0
        self.cause = None  # the boot being checked (its name goes with a failure)
        self.replay_most = 0  # the most events a resume replayed, per 100 records
        self.failures = {}  # signature: [count, smallest case, detail, phases, messages]

    def fail(self, case, signature, detail="", phase=None):
        if phase is None:
            phase = self.cause
        got = self.failures.get(signature)
        if got is None:
            got = self.failures[signature] = [0, case, detail, [], []]
        got[0] += 1
        if case.size < got[1].size:
            got[1] = case
            got[2] = detail
        if phase is not None and phase not in got[3]:
            got[3].append(phase)

    def exception(self, case, phase, e):
        """An exception that left the app (or the session's reading of its events)."""
        self.exceptions += 1
        fw, inner = where(e)
        sig = "%s at %s" % (type(e).__name__, fw)
        if not inner.startswith("firmware/"):
            sig += " (raised in %s)" % inner
        self.fail(case, sig, repr(e)[:160], phase)
        said = self.failures[sig][4]
        msg = _digits_out(str(e))[:60]
        if msg not in said and len(said) < 4:
            said.append(msg)

    def line(self):
        return ("damage sweep %s: %d cases (%d device runs, %d resumes alone), %d with a "
                "message, %d set aside, %d resumed whole, %d resumed shorter, %d ended "
                "at the offer, %d set aside there, at most %d.%02d events replayed a "
                "record at a resume, %d exceptions, %d distinct failures"
                % (self.family, self.cases, self.runs, self.resumes, self.messages,
                   self.set_aside, self.whole, self.shorter, self.ended_at_offer,
                   self.set_aside_at_offer, self.replay_most // 100,
                   self.replay_most % 100, self.exceptions, len(self.failures)))

    def report(self):
        out = [self.line()]
        items = sorted(self.failures.items(), key=lambda kv: -kv[1][0])
        for sig, (n, case, detail, phases, said) in items:
            out.append("  [%d] %s%s%s\n      smallest: %s%s"
                       % (n, sig, ("\n      saying: " + "; ".join(said)) if said else "",
                          ("\n      when: " + ", ".join(phases)) if phases else "",
                          case.describe(), ("\n      " + detail) if detail else ""))
        return "\n".join(out)


class Case:
    """One damaged log: the game, the damage, the bytes, and what the log says."""

    def __init__(self, game, name, data, first_bad, kind):
        self.game = game
        self.name = name
        self.data = data
        self.size = len(data)
        self.first_bad = first_bad  # the first line damaged (or missing)
        self.kind = kind  # "flip", "cut", "crafted"
        h = 2166136261  # FNV-1a of the name: the case plays the same alone or in a sweep
        for ch in game + name:
            h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
        self.hash = h
        # at the resume offer of a power-on: mostly resume; now and then end the game
        # there (into the history) or set it aside
        self.at_offer = ("end it" if h % 5 == 4 else "set it aside" if h % 10 == 3
                         else "resume")

    def describe(self):
        return "%s, %s (log of %d bytes; at the offer: %s)" % (self.game, self.name,
                                                               self.size, self.at_offer)


# --- the oracle: which games the log on flash allows ---
class Oracle:
    """The games a resume may give: the timeline after the records of the log as it
    was before the damage, or of the log as it is now, up to any record from the
    first damaged one on (a reading stops at the damage, or reads past it, or never
    reads it)."""

    def __init__(self, case, lines):
        self.orig = [ln.rec for ln in lines]
        k = self.k = case.first_bad
        self.head_ok = k >= 1  # every damage leaves the lines before its first intact
        self.game_id = self.orig[0].get("id")
        if k == 0:  # the header damaged: the id it gives, if it reads
            first = damage.lines_of(case.data[:lines[0].end + 200])[:1]
            head = first[0].rec if first else None
            self.game_id = head.get("id") if isinstance(head, dict) else None
        self.now = None  # the records of the damaged log, as far as they read
        if case.kind == "crafted":  # records that read, in place of the log's
            self.now = self.orig[:k]
            for ln in damage.lines_of(case.data[lines[k].start:] if k < len(lines) else b""):
                if ln.rec is None:
                    break
                self.now.append(ln.rec)
        # a flip or a cut: the damaged log reads as the lines before the damage

    def allowed(self, events):
        """Is `events` (the events in force of the resumed game) a game the log allows?
        None if so, else what is wrong."""
        n = len(events)
        for records in (self.orig, self.now or ()):
            evs = []
            undone = []
            for j in range(1, len(records) + 1):
                if j >= self.k and len(evs) == n and evs == events:
                    return None
                if j == len(records):
                    break
                rec = records[j]
                if not self._apply(rec, evs, undone):
                    break
        want, _ = damage.timeline_of(self.orig[:max(1, self.k)])
        return ("%d events in force, the log before the damage has %d (first %s)"
                % (n, len(want), _first_difference(events, want)))

    def allowed_count(self, n):
        """Does some game the log allows have n events in force?"""
        for records in (self.orig, self.now or ()):
            evs = []
            undone = []
            for j in range(1, len(records) + 1):
                if j >= self.k and len(evs) == n:
                    return True
                if j == len(records) or not self._apply(records[j], evs, undone):
                    break
        return False

    @staticmethod
    def _apply(rec, evs, undone):
        if not isinstance(rec, dict):
            return False
        if "undo" in rec:
            if not evs:
                return False
            undone.append(evs.pop())
        elif "redo" in rec:
            if not undone:
                return False
            evs.append(undone.pop())
        elif "fix" in rec:
            i = rec["fix"]
            if not (isinstance(i, int) and 0 <= i < len(evs)):
                return False
            evs[i] = rec.get("e")
        elif "e" in rec:
            evs.append(rec["e"])
            del undone[:]
        elif "snap" not in rec:
            return False
        return True


def _first_difference(a, b):
    for i in range(min(len(a), len(b))):
        if a[i] != b[i]:
            return "difference at event %d" % i
    return "difference in length"


# --- the box ---
def _quiet(*line):
    pass


class Said:
    """What the box (or a resume alone) said, and what was on flash before it: what it
    sets aside or cuts off the log must be said."""

    def __init__(self, data):
        self.said = []
        self.aside_at_boot = bad_files(data)
        # the log's size, and where its last whole line ends (a cut after that point
        # takes off only a torn last record)
        self.size_at_boot = 0
        self.whole_at_boot = 0
        try:
            f = open(data + "/game.log", "rb")
        except OSError:
            return
        with f:
            while True:
                block = f.read(1024)
                if not block:
                    break
                nl = block.rfind(b"\n")
                if nl >= 0:
                    self.whole_at_boot = self.size_at_boot + nl + 1
                self.size_at_boot += len(block)

    def marked(self):
        """Did it say something about damage?"""
        for line in self.said:
            low = line.lower()
            for m in MARKS:
                if m in low:
                    return True
        return False


class Box(Said):
    """The device on the simulated board, booted on a data folder, and what it said."""

    def __init__(self, data, cause):
        Said.__init__(self, data)
        world = simboard.World(simboard.Clock(True), True, True)
        world.held_at_boot = ()
        hw = simboard.build(world, data, cause)
        Replays.n = 0
        self.p = Player(world, hw, Device, "/tmp", _quiet)
        self.act("1600 end")
        self.replayed = Replays.n  # by the boot: the resume
        self.doubt = None  # an event in force that does not fit the game, not read yet

    @property
    def app(self):
        return self.p.dev.app

    def act(self, text):
        self.p.play(parse(text))
        self.look()

    def key(self, name, after=0):
        t = self.p.t + 20 + after
        self.act("%d %s\n%d end" % (t, name, t + 90))  # released after 80 ms

    def undo(self):
        t = self.p.t + 150
        self.act("%d hold back\n%d let back\n%d end" % (t, t + 900, t + 1000))

    def look(self):
        """Collects whatever the box says: notices, the resume offer's messages, toasts,
        and the notices waiting to be shown."""
        app = self.app
        said = self.said
        for screen in app.nav.stack:
            for attr in ("lines", "messages"):
                v = getattr(screen, attr, None)
                if isinstance(v, (list, tuple)):
                    for line in v:
                        if isinstance(line, str) and line not in said:
                            said.append(line)
        for line in app.notices:
            if isinstance(line, str) and line not in said:
                said.append(line)
        t = app.toast_text
        if isinstance(t, str) and t not in said:
            said.append(t)

    def top(self):
        return self.app.top.name

    def session(self):
        """The game the box holds: open, or offered at the resume screen."""
        app = self.app
        if app.session is not None:
            return app.session
        return getattr(app.top, "session", None) if self.top() == "resume" else None


def bad_files(data):
    """The files set aside, each with its size (a copy moves to .bad1 when the next
    one comes: the names alone do not tell a new one)."""
    return sorted("%s %d" % (n, file_size(data + "/" + n)) for n in os.listdir(data)
                  if ".bad" in n)


def history_of(data, game_id):
    """The records of the game `game_id` in the history file."""
    out = []
    try:
        f = open(data + "/history.log", "rb")
    except OSError:
        return out
    with f:
        for raw in f.read().split(b"\n"):
            try:
                rec = codec.decode(raw.decode())
            except (ValueError, UnicodeError):
                continue
            if isinstance(rec, dict) and rec.get("id") == game_id:
                out.append(rec)
    return out


def file_size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return None


# --- one case, one way of booting ---
def run_case(sweep, case, oracle, data, cause):
    """Boots on the damaged log (`cause`: "power on" or "watchdog"), then resumes (or
    ends the game at the offer), plays on, reads every event through the game menu, is
    cut off and resumes again, and ends the game. Every failure goes to `sweep`."""
    put_case(case, data)
    rng = damage.Rng(SEED + case.hash + (cause == "watchdog"))
    sweep.cause = cause
    sweep.runs += 1
    box = None
    phase = "boot (%s)" % cause
    try:
        box = Box(data, cause)
        phase = "resume (%s)" % cause
        if not check_boot(sweep, case, oracle, box, data, cause):
            return box
        if box.app.session is None:
            return box  # ended at the offer: into the history
        phase = "play (%s)" % cause
        play_on(box, rng, KEYS if cause == "power on" else 0)
        if cause == "power on" or box.doubt:  # (a watchdog reset: once is enough)
            phase = "game menu (%s)" % cause
            read_every_event(box, case.hash % 2 == 0 and cause == "power on")
        if box.doubt and box.app.session is not None:
            events = app_events(sweep, case, box, "the game after its screens")
            if events is not None:  # (played on since: its state, not the log's oracle)
                check_events(sweep, case, None, events, box.app.session)
        if box.app.session is not None and cause == "power on":
            phase = "second power cut"
            box = cut_and_resume(sweep, case, box, data)
        if box is not None and box.app.session is not None:
            phase = "end game (%s)" % cause
            end_game(sweep, case, oracle, box, data)
    except Exception as e:  # noqa: BLE001 - the promise: none may leave the app
        sweep.exception(case, phase, e)
        return box
    check_kept(sweep, case, oracle, box, data)
    return box


def check_kept(sweep, case, oracle, box, data):
    """Once the box is done with it, the game is somewhere: still on flash, in the
    history (once), or set aside with a message. Never nowhere, never twice."""
    if not oracle.head_ok or oracle.game_id is None:
        return
    recs = history_of(data, oracle.game_id)
    if len(recs) > 1:
        sweep.fail(case, "the game is %d times in the history" % len(recs))
    elif not recs and file_size(data + "/game.log") is None:
        if not bad_files(data):
            sweep.fail(case, "the game is gone: not on flash, not in the history, not set "
                       "aside", " | ".join(box.said)[:200] if box is not None else "")


def put_case(case, data):
    clear(data)
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": %d}' % PLAYERS)
    with open(data + "/game.log", "wb") as f:
        f.write(case.data)


def resume_case(sweep, case, oracle, data):
    """The resume alone, as the resume offer calls it (for the many places a log can be
    cut at: the device plays some of them): the game the log allows, its state its
    events replayed, a message for what is set aside or cut off."""
    from pawpad.store.files import Storage
    from pawpad.store.resume import resume

    put_case(case, data)
    sweep.resumes += 1
    sweep.cause = "resume alone"
    said = Said(data)
    Replays.n = 0
    try:
        s, messages = resume(Storage(data))
    except Exception as e:  # noqa: BLE001
        sweep.exception(case, "resume", e)
        return
    check_replayed(sweep, case, Replays.n)
    said.said = [m for m in messages if isinstance(m, str)]
    if s is None:
        if oracle.head_ok and case.first_bad >= 1:
            sweep.fail(case, "the game is lost at the resume", " | ".join(said.said)[:200])
        elif not oracle.head_ok and case.data.find(b"\n") >= 0 and not bad_files(data):
            sweep.fail(case, "a damaged header is not kept aside")
    else:
        events, s = session_events(sweep, case, s, said)
        if events is not None:
            check_events(sweep, case, oracle, events, s)
            count_whole(sweep, oracle, events)
    check_said(sweep, case, said, data)


def session_events(sweep, case, s, said):
    """The events in force of a session with no app around it (a resume alone), read
    back as the app reads them. A doubt found on the way makes the session read its
    log again whole (session.Repaired): its messages are said, and the events are
    read again, as the app does. (events or None, the session)."""
    from pawpad.store import session as session_module

    repaired = getattr(session_module, "Repaired", None)
    for _ in range(3):
        try:
            return list(s.events()), s
        except Exception as e:  # noqa: BLE001
            if repaired is None or not isinstance(e, repaired):
                sweep.exception(case, "reading the events of the resumed game", e)
                return None, s
            said.said += [m for m in e.messages if isinstance(m, str)]
            if e.lost:
                return None, s
            s = e.session
    sweep.fail(case, "the resumed game's events do not read back, read again and again")
    return None, s


def count_whole(sweep, oracle, events):
    full, _ = damage.timeline_of(oracle.orig)
    if events == full:
        sweep.whole += 1
    else:
        sweep.shorter += 1


def check_replayed(sweep, case, n):
    records = case.data.count(b"\n")
    sweep.replay_most = max(sweep.replay_most, n * 100 // max(1, records))
    if REPLAY_PER_RECORD is not None and n > REPLAY_PER_RECORD * records + REPLAY_SLACK:
        sweep.fail(case, "the resume replays the game over and over: more than %d events "
                   "a record" % REPLAY_PER_RECORD,
                   "%d events replayed for a log of %d records" % (n, records))


def check_boot(sweep, case, oracle, box, data, cause):
    """What the boot shows: a screen, the game (or its end), the log as far as it
    reads, and a message for whatever was set aside or cut off. False: stop here."""
    check_replayed(sweep, case, box.replayed)
    top = box.top()
    if top == "boot":
        sweep.fail(case, "no screen after boot: still on boot")
        return False
    # a watchdog reset opens the game at once; a power-on offers it
    offer = top == "resume"
    s = box.session()
    if offer and s is not None and case.at_offer == "end it":
        # end it at the offer (BACK, then OK): it goes to the history as it stood. A
        # doubt found as its events are read for the history (the log read again
        # whole) is said and the game offered again: the table ends it again.
        for _ in range(3):
            offer_screen = box.app.top
            if not getattr(offer_screen, "confirm", False):
                box.key("back")
            box.key("ok")
            dismiss_notices(box)
            if box.top() != "resume" or box.session() is None:
                break
        sweep.ended_at_offer += 1
        recs = history_of(data, oracle.game_id)
        if box.top() == "resume" and box.session() is not None:
            sweep.fail(case, "the game cannot be ended at the offer")
        elif not recs and file_size(data + "/game.log") is None:
            sweep.fail(case, "the game ended at the offer is lost: not in the history "
                       "and not on flash", " | ".join(box.said)[:200])
        elif len(recs) > 1:
            sweep.fail(case, "a game ended at the offer is %d times in the history"
                       % len(recs))
        elif recs and not oracle.allowed_count(recs[0].get("events")):
            sweep.fail(case, "the game ended at the offer has %s events in the history: "
                       "no reading of the log has as many" % recs[0].get("events"))
        check_said(sweep, case, box, data)
        return False
    if offer and s is not None and case.at_offer == "set it aside":
        # set it aside at the offer (BACK, then DOWN): kept as game.log.bad, said
        box.key("back")
        box.key("down")
        if box.top() == "resume":  # no such choice on this box: end it instead
            box.key("ok")
        sweep.set_aside_at_offer += 1
        check_said(sweep, case, box, data)
        return False
    if offer:
        box.key("ok")  # resume (or, with no game, read the message)
    dismiss_notices(box)
    s = box.app.session
    if s is not None:
        events = app_events(sweep, case, box, "the resumed game")
        s = box.app.session
    if s is None:
        check_said(sweep, case, box, data)
        if oracle.head_ok and case.first_bad >= 1:
            if not history_of(data, oracle.game_id):
                sweep.fail(case, "the game is lost at the boot: no game and nothing in the "
                           "history (%s)" % cause, " | ".join(box.said)[:200])
        elif oracle.head_ok is False and case.data.find(b"\n") >= 0:
            # a damaged header: kept aside, with a message
            if not bad_files(data):
                sweep.fail(case, "a damaged header is not kept aside")
        if box.top() in ("boot",):
            sweep.fail(case, "no screen after the boot's notices")
        return False
    if events is None:
        return True  # said; play on all the same
    box.doubt = check_events(sweep, case, oracle, events, s, False)
    count_whole(sweep, oracle, events)
    check_said(sweep, case, box, data)
    return True


def dismiss_notices(box):
    for _ in range(4):  # notices shown over the game: read them
        if box.top() != "notice":
            break
        box.key("ok")


class Probe(Screen):
    """A screen that reads the game's events as it is drawn: the test reads them the
    way the app's own screens do, so that a doubt found on the way (the log read
    again whole) is the app's to handle and to say."""

    name = "probe"

    def __init__(self, session):
        self.session = session
        self.events = None

    def draw(self, c, app):
        self.events = list(self.session.events())


def app_events(sweep, case, box, what):
    """The events in force of the open game, as the app reads them (None: there is no
    game any more, or they never read back)."""
    app = box.app
    for _ in range(3):
        s = app.session
        if s is None:
            return None
        probe = Probe(s)
        app.nav.push(probe)
        box.act("%d end" % (box.p.t + 20))  # drawn
        if probe in app.nav.stack:
            app.nav.close(probe)
        if probe.events is not None:
            box.act("%d end" % (box.p.t + 20))
            return probe.events
        dismiss_notices(box)
    sweep.fail(case, "the events of %s do not read back, read again and again" % what)
    return None


def check_events(sweep, case, oracle, events, s, final=True):
    """The events of the resumed game are the log as far as it reads (the oracle's;
    None: after play, not checked), and its state is their replay. An event that does
    not fit the game may wait in the log, unread, until a screen replays it (the app is
    then to read the log whole): not `final`, that is only noted (returned), and
    checked again once the game's screens have read every event."""
    why = None if oracle is None else oracle.allowed(events)
    try:
        st = replay(robots.ENGINES[s.header["game"]], s.header["players"],
                    s.header["settings"], events)
        fits = None
    except Exception as e:  # noqa: BLE001
        st = None
        fits = e
    if why is not None:
        if st is not None and st != s.state:
            why += "; and its state is not its events replayed"
        sweep.fail(case, "the resumed game is not the log as far as it reads", why)
        return None
    if fits is not None:
        if not final:
            return repr(fits)[:120]
        sweep.fail(case, "the game holds events that do not fit it (%s), after the "
                   "screens that replay them" % type(fits).__name__, repr(fits)[:120])
        return None
    if st != s.state:
        sweep.fail(case, "the resumed state is not its events replayed")
    return None


def check_said(sweep, case, box, data):
    """Whatever this box set aside since it booted, or cut off the log beyond a torn
    last line, is said (a set-aside copy moves to .bad1 when the next one comes)."""
    aside = [n for n in bad_files(data) if n not in box.aside_at_boot]
    if box.marked():
        sweep.messages += 1
    if aside:
        sweep.set_aside += 1
        if not box.marked():
            sweep.fail(case, "data set aside (%s) without a message" % aside[0].split()[0],
                       " | ".join(box.said)[:200])
    size = file_size(data + "/game.log")
    if size is not None and size < box.size_at_boot:
        torn = size >= box.whole_at_boot  # only a last line without its newline was cut
        if not box.marked():
            sweep.fail(case, "the log was cut short without a message")
        elif not torn and not aside:
            sweep.fail(case, "records cut off the log were not set aside")


def play_on(box, rng, keys):
    """A few robot moves through the game in progress (as its screens offer events), then
    `keys` random keys as a player might press them."""
    app = box.app
    chooser = robots.Chooser(rng.next())
    for _ in range(ROBOT_MOVES):
        game = app.game
        if game is None or game.state["ended"]:
            break

        def state(game=game):
            return game.state

        def feed(event, game=game):
            return game.offer(event)

        try:
            robots.ROBOTS[game.session.name](state, chooser, feed)
        except Exception as e:  # noqa: BLE001
            if not where(e)[1].startswith("tools/"):
                raise
            break  # the robot cannot read the state (a state said wrong elsewhere)
        box.act("%d end" % (box.p.t + 30))  # the device writes it to flash
    for _ in range(keys):
        if app.session is None:
            return
        r = rng.below(100)
        if r < 35:
            box.key("ok", rng.below(100))
        elif r < 47:
            box.key("up")
        elif r < 59:
            box.key("down")
        elif r < 65:
            box.key("back")
        elif r < 70:
            box.undo()
        elif r < 90:
            box.key("p%d" % (1 + rng.below(PLAYERS)), rng.below(200))
        elif app.session.name == "circus_puppy":
            box.key("add 1 1")
        else:
            box.act("%d end" % (box.p.t + 100 + rng.below(400)))


def game_menu(box):
    """The game menu, opened over the game (as BACK opens it from the board)."""
    from pawpad.app.shell.game_menu import GameMenu

    app = box.app
    menu = GameMenu(app.game)
    app.nav.push(menu)
    box.act("%d end" % (box.p.t + 20))
    return menu


def choose(box, menu, label):
    """Moves the game menu's cursor to the row `label` (or the one starting so) by DOWN,
    then OK; False when there is no such row."""
    rows = [r[0] for r in menu.rows(box.app)]
    at = None
    for i, r in enumerate(rows):
        if r == label or r.startswith(label):
            at = i
    if at is None:
        return False
    while menu.sel != at and box.app.top is menu:
        box.key("down")
    box.key("ok")
    return True


def read_every_event(box, correct):
    """The score sheet and the corrections list, the last round's correction looked at
    and, if `correct`, the oldest round corrected (OK through its entry: the events
    after it are replayed): the screens that read every event in force."""
    app = box.app
    if app.session is None:
        return
    menu = game_menu(box)  # (over the results too, when the game is over)
    if choose(box, menu, "Score sheet"):
        box.key("up")
        box.key("back")
    for oldest in (False, True) if correct else (False,):
        if app.session is None or app.game is None or app.game.state["ended"]:
            return
        app.game.show()  # back on the game's own screen (as BACK from the sheet's game)
        menu = game_menu(box)
        if not choose(box, menu, "Correct a") or box.top() != "rounds":
            continue
        if oldest:
            box.key("down")  # from the last round round to the first
        box.key("ok")  # its correction
        entry = box.top()
        for _ in range(12 if oldest else 0):  # OK through the entry: corrected as is
            if box.top() != entry or app.session is None:
                break
            box.key("ok")
        for _ in range(6):
            if box.top() in ("rounds", "game-menu") or app.session is None:
                break
            box.key("back")
        if box.top() == "rounds":
            box.key("back")
    if app.session is not None and app.game is not None:
        app.game.show()


def cut_and_resume(sweep, case, box, data):
    """The power goes once more: what was on flash is all the box has. Every event
    acknowledged (written) before must come back."""
    before = app_events(sweep, case, box, "the game before the cut")
    s = box.app.session
    if s is None:
        return box
    if s.pending or not s.saving:
        before = None  # not all of it acknowledged: nothing to hold the box to
    again = Box(data, "power on")
    if again.top() == "resume":
        again.key("ok")
    dismiss_notices(again)
    s2 = again.app.session
    after = None if s2 is None else app_events(sweep, case, again, "the game resumed again")
    s2 = again.app.session
    if before is not None:
        if s2 is None:
            if not history_of(data, s.game_id()):
                sweep.fail(case, "the game is lost at the next power cut")
        else:
            if after is not None and after != before:
                sweep.fail(case, "events acknowledged after the resume are lost at the "
                           "next power cut", "%d before, %d after%s"
                           % (len(before), len(after), "" if again.marked() else
                              ", and nothing said"))
    check_said(sweep, case, again, data)
    return again


def end_game(sweep, case, oracle, box, data):
    """Ends the game: from the results if it is over, else End game from the menu. The
    history then holds it once, with the events it had."""
    app = box.app
    events = app_events(sweep, case, box, "the game at its end")
    if app.session is None:
        return  # it could not go on: said (checked at the boot's end)
    if app.game.state["ended"]:
        app.game.show()
        box.key("ok")  # the results: done
    else:
        menu = game_menu(box)
        choose(box, menu, "End game")
        if box.top() == "end-game":
            box.key("ok")
    if app.session is not None:
        if box.marked():
            return  # the history could not be written: said, the game stays
        sweep.fail(case, "End game left the game open (%s shown)" % box.top())
        return
    if events is not None:
        check_history(sweep, case, oracle, data, len(events), "ended")
    check_said(sweep, case, box, data)


def check_history(sweep, case, oracle, data, n_events, how):
    if oracle.game_id is None:
        return
    recs = history_of(data, oracle.game_id)
    if len(recs) != 1:
        sweep.fail(case, "a game %s is %d times in the history" % (how, len(recs)))
    elif recs[0].get("events") != n_events:
        sweep.fail(case, "a game %s has %s events in the history, %d in force"
                   % (how, recs[0].get("events"), n_events))


# --- the families ---
def sweep(family):
    """Runs the family's cases for every game, each on a power-on and on a watchdog
    reset (the cases its on_device does not pick: resumed alone)."""
    make, kind, on_device = FAMILIES[family]
    sw = Sweep(family)
    data = fresh_dir()
    with_counting(lambda: _sweep(sw, data, make, kind, on_device))
    clear(data)
    print("\n" + sw.line())
    if sw.failures:
        raise AssertionError(sw.report())
    return sw


def with_counting(fn):
    """fn() with the engines' events counted and the device's console lines dropped."""
    device_module.print = _quiet
    plain = {}
    for name in robots.ENGINES:
        engine = robots.ENGINES[name]
        plain[name] = engine.apply
        engine.apply = _counting(engine.apply)
    try:
        fn()
    finally:
        del device_module.print
        for name in plain:
            robots.ENGINES[name].apply = plain[name]


def play_case(sw, case, oracle, data, on_device, lines):
    if on_device is not None and not on_device(case.first_bad, lines):
        resume_case(sw, case, oracle, data)
        return
    for cause in ("power on", "watchdog"):
        run_case(sw, case, oracle, data, cause)


def _sweep(sw, data, make, kind, on_device):
    for game in GAMES:
        raw, lines = long_log(game)
        rng = damage.Rng(SEED + 31 * games.IDS.index(game) + len(sw.family))
        cases = make(raw, lines, rng, games.IDS.index(game))
        for name, spoilt, first_bad in damage.materialized(cases):
            if SMALL_HEAP:
                gc.collect()  # the last case's 30 KB pieces go first
            case = Case(game, name, spoilt, first_bad, kind)
            oracle = Oracle(case, lines)
            sw.cases += 1
            play_case(sw, case, oracle, data, on_device, len(lines))


def one(family, game, name):
    """Plays one case of a family again, alone, and prints what it found: for example
    one("checkpoints", "top_dogs", "checkpoint line 153: places reordered")."""
    make, kind, on_device = FAMILIES[family]
    raw, lines = long_log(game)
    rng = damage.Rng(SEED + 31 * games.IDS.index(game) + len(family))
    sw = Sweep(family)
    data = fresh_dir()
    for got, spoilt, first_bad in make(raw, lines, rng, games.IDS.index(game)):
        if got != name:
            continue
        case = Case(game, got, spoilt(), first_bad, kind)
        oracle = Oracle(case, lines)
        sw.cases += 1
        with_counting(lambda case=case, oracle=oracle:
                      play_case(sw, case, oracle, data, on_device, len(lines)))
    clear(data)
    print(sw.report())
    return sw


# --- the families: (cases from (the log, its lines, a generator, the game's number),
# their kind, which are played on the device (None: all; the others are resumed
# alone)) ---
def _flips(raw, lines, rng, part):
    return damage.bit_flips(raw, lines, rng, FLIPS)


def _cuts(raw, lines, rng, part):
    return damage.truncations(raw, lines, rng, CUT_INSIDE_EVERY)


def _cut_on_device(line, lines):
    return line % CUT_DEVICE_EVERY == 0 or line >= lines - 2


def _checkpoints(raw, lines, rng, part):
    return damage.checkpoint_damage(raw, lines, rng, CHECKPOINTS, part, WHOLE_LIES)


def _snapshots(raw, lines, rng, part):
    return damage.snapshot_damage(raw, lines, rng, SNAPSHOTS, part)


def _events(raw, lines, rng, part):
    return damage.event_damage(raw, lines, rng, EVENTS, part)


FAMILIES = {"flips": (_flips, "flip", None), "cuts": (_cuts, "cut", _cut_on_device),
            "checkpoints": (_checkpoints, "crafted", None),
            "snapshots": (_snapshots, "crafted", None), "events": (_events, "crafted", None)}


def test_single_bits_flipped_anywhere():
    sweep("flips")


def test_the_log_cut_at_record_boundaries_and_inside_records():
    sweep("cuts")


def test_checkpoints_with_good_checksums_and_places_astray():
    sweep("checkpoints")


def test_snapshots_with_good_checksums_and_states_of_the_wrong_shape():
    sweep("snapshots")


def test_an_event_replaced_by_a_good_record_of_another_shape():
    sweep("events")
