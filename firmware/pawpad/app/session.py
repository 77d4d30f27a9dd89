# A game in progress: its engine, its log on flash, undo, redo and corrections.
# Every accepted event becomes a record queued for the log; flush() writes the queue
# one record at a time, each flushed before the next, when the device says the moment
# is quiet (no STOP armed, no load cells being read: a flash write stops every
# interrupt on the RP2040). A record is acknowledged once it is on flash; a power cut
# loses at most the record being written, and resume() drops that torn tail.
try:
    from binascii import crc32
except ImportError:  # pragma: no cover - every runtime here has it
    crc32 = None

from pawpad.core import gamelog
from pawpad.games.common import clone

LOG = "game.log"
HISTORY = "history.log"
HISTORY_KEEP = 50
_ENOSPC = 28

GAMES = {
    "top_dogs": "Top Dogs",
    "top_dog": "Top Dog",
    "pick_a_dog": "Pick-a-Dog",
    "circus_puppy": "Circus Puppy",
}


def engine_for(name):
    """The rules engine module, imported only when a game of it is played."""
    if name not in GAMES:
        raise ValueError("no game " + str(name))
    return __import__("pawpad.games." + name, None, None, (name,))


class Session:
    snap_every = 50  # events between snapshots of the state in the log

    def __init__(self, store, header, timeline, state):
        self.store = store
        self.header = header
        self.name = header["game"]
        self.engine = engine_for(self.name)
        self.timeline = timeline
        self.state = state
        self.pending = []  # encoded records not yet on flash
        self.acked = 0  # records on flash, header included
        self.saving = store is not None
        self.problem = None  # why saving stopped, for the screen
        self.on_ack = None  # called with the count after each record reaches flash
        self.ms = 0  # game time played, carried in the records

    # --- starting and resuming ---
    @classmethod
    def new(cls, store, name, players, settings=None, colours=None):
        engine = engine_for(name)
        state = engine.start(players, settings)  # ValueError for a bad set-up
        head = gamelog.header(name, players, state["settings"])
        # The game's own id (history and statistics count it once) and the seats'
        # colours as they are now: the history keeps them, whatever changes later.
        head["id"] = new_id()
        if colours is not None:
            head["colours"] = list(colours[:players])
        s = cls(store, head, gamelog.Timeline(), state)
        if store is not None:
            try:
                store.write_text(LOG, "")
            except OSError as e:
                s._stop_saving(e)
        s.pending.append(gamelog.encode(head))
        return s

    @classmethod
    def saved(cls, store):
        """Is there a game in progress on flash?"""
        return store is not None and store.exists(LOG)

    @classmethod
    def resume(cls, store):
        """(session or None, messages). The log is read a line at a time. A torn last
        record is dropped; a damaged log keeps what it can and is kept aside whole; an
        unreadable one is kept aside."""
        try:
            head, timeline, state, kept, ms, problem = cls._read(store, fast=True)
            if state is None:  # an event did not fit: find which, record by record
                head, timeline, state, kept, ms, problem = cls._read(store, fast=False)
        except (ValueError, KeyError, TypeError, UnicodeError, OSError) as e:
            return None, cls._aside(store, "could not be read (%s)" % e)
        messages = []
        if problem is not None:
            messages.append("Saved game: " + problem + ".")
            try:
                src = LOG
                if not problem.startswith("the last record was cut short"):
                    src = store.keep_aside(LOG)  # the whole file, for whoever wants it
                    messages.append("The log is kept as " + src + ".")
                store.copy_lines(src, LOG, kept)  # the good part goes on as the log
            except OSError as e:
                messages.append("Could not repair the log (%s)." % e)
        s = cls(store, head, timeline, state)
        s.acked = kept
        s.ms = ms
        return s, messages

    @classmethod
    def _read(cls, store, fast):
        """One reading of the log: (header, timeline, state, records kept, ms, problem).
        Fast: the events in force are gathered first and replayed once, from the last
        snapshot that still holds (state None if an event does not fit). Otherwise
        each record is checked against the game as it comes."""
        reader = gamelog.Reader()
        with store.open_text(LOG) as f:
            records = reader.read(f)
            head = gamelog.check_header(next(records, None))
            engine = engine_for(head["game"])
            start = engine.start(head["players"], head["settings"])
            if fast:
                timeline, state, kept, ms, problem = _gather(engine, start, records)
            else:
                timeline, state, kept, ms, problem = _checked(engine, head, start, records)
        return head, timeline, state, kept, ms, problem or reader.problem

    @staticmethod
    def _aside(store, why):
        try:
            aside = store.keep_aside(LOG)
            return ["The saved game " + why + ";", "kept as " + aside + "."]
        except OSError:
            return ["The saved game " + why + "."]

    # --- play ---
    def offer(self, event, ms=None):
        """Feeds an event to the engine. Returns None when accepted, else the reason."""
        try:
            new = self.engine.step(self.state, event)
        except ValueError as e:  # the engine's Refused
            return str(e)
        self.state = new
        self._record({"e": event}, ms)
        return None

    def _record(self, rec, ms):
        self.timeline.apply(rec)
        if ms is not None:
            self.ms = ms
            rec["ms"] = ms
        self.pending.append(gamelog.encode(rec))
        n = len(self.timeline.events)
        if "e" in rec and "fix" not in rec and n % self.snap_every == 0:
            # Every so often the whole state: a resume replays only what came after.
            self.pending.append(gamelog.encode({"snap": self.state, "n": n}))

    def _rewind(self, rec, ms):
        try:
            nxt = self.timeline.preview(rec)
            state = _replay(self.engine, self.header, nxt.events)
        except ValueError as e:
            return str(e)
        self.state = state
        self._record(rec, ms)
        return None

    def undo(self, ms=None):
        if not self.timeline.events:
            return "nothing to undo"
        return self._rewind({"undo": 1}, ms)

    def redo(self, ms=None):
        if not self.timeline.undone:
            return "nothing to redo"
        return self._rewind({"redo": 1}, ms)

    def fix(self, index, event, ms=None):
        """Corrects event `index`; refused if the events after it no longer fit."""
        return self._rewind({"fix": index, "e": event}, ms)

    def events(self):
        return self.timeline.events

    # --- flash ---
    def flush(self):
        """Writes the queued records; returns how many reached flash."""
        done = 0
        if not self.saving:
            self.pending = []
            return 0
        while self.pending:
            try:
                self.store.append_line(LOG, self.pending[0])
            except OSError as e:
                self._stop_saving(e)
                break
            self.pending.pop(0)
            self.acked += 1
            done += 1
            if self.on_ack is not None:
                self.on_ack(self.acked)
        return done

    def _stop_saving(self, err):
        self.saving = False
        self.pending = []
        code = err.args[0] if err.args else None
        self.problem = "Flash full" if code == _ENOSPC else "Flash error %s" % code

    def game_id(self):
        """The id the history and the statistics know this game by. A log from before
        ids were kept gets one from its header's checksum."""
        gid = self.header.get("id")
        if isinstance(gid, str):
            return gid
        return "h%08x" % (crc32(gamelog.encode(self.header).encode()) & 0xFFFFFFFF)

    def finish(self, summary, keep=HISTORY_KEEP):
        """The game is over (or abandoned): its summary goes into the history, which
        keeps the last `keep` games, unless a record of this game id is there already
        (an ending interrupted by a power cut and done again). The log stays until
        close(): `problem` says why when the history could not be written."""
        self.problem = None
        if self.store is None:
            return
        self.flush()
        rec = dict(summary)
        rec["game"] = self.name
        rec["id"] = self.game_id()
        rec["players"] = self.header["players"]
        rec["events"] = len(self.timeline.events)
        rec["ms"] = self.ms
        try:
            if in_history(self.store, rec["id"]):
                return
            # A line cut short by a power cut is ended first, so this one stays whole
            # (the game log needs no such care: resume rewrites its torn tail).
            mend = "" if self.store.ends_whole(HISTORY) else "\n"
            self.store.append_line(HISTORY, mend + gamelog.encode(rec))
            prune_history(self.store, keep)
        except OSError as e:
            self.problem = "History not saved (%s)" % e

    def close(self):
        """The game is in the history: its log goes."""
        if self.store is not None:
            self.store.remove(LOG)


def _gather(engine, state, records):
    """The fast reading: the timeline from every record, then one replay from the last
    snapshot still valid (no undo or correction reached behind it since)."""
    timeline = gamelog.Timeline()
    kept = 1
    ms = 0
    snap = None  # (events it stands for, state)
    for rec in records:
        kept += 1
        if "snap" in rec:
            snap = (rec["n"], rec["snap"])
            continue
        try:
            timeline.apply(rec)
        except ValueError:
            return timeline, None, kept, ms, None  # let the careful reading say why
        if snap is not None and (len(timeline.events) < snap[0] or
                                 ("fix" in rec and rec["fix"] < snap[0])):
            snap = None
        ms = rec.get("ms", ms)
    first = 0
    if snap is not None and snap[0] <= len(timeline.events):
        first, state = snap[0], clone(snap[1])
    try:
        for e in timeline.events[first:]:
            state = engine.apply(state, e)
    except (ValueError, KeyError, TypeError):
        state = None
    return timeline, state, kept, ms, None


def _checked(engine, head, state, records):
    """The careful reading: every record against the game; stops at one that does not
    fit, keeping the state before it."""
    timeline = gamelog.Timeline()
    kept = 1
    ms = 0
    for rec in records:
        if "snap" in rec:
            kept += 1
            continue
        try:
            if "e" in rec and "fix" not in rec:
                state = engine.apply(state, rec["e"])
                timeline.apply(rec)
            else:  # undo, redo, a correction: replay the events then in force
                nxt = timeline.preview(rec)
                state = _replay(engine, head, nxt.events)
                timeline = nxt
        except (ValueError, KeyError, TypeError) as e:
            # The refused record may have half changed the state: rebuild it.
            state = _replay(engine, head, timeline.events)
            return timeline, state, kept, ms, \
                "record %d does not fit the game (%s)" % (kept + 1, e)
        ms = rec.get("ms", ms)
        kept += 1
    return timeline, state, kept, ms, None


def _replay(engine, head, events):
    state = engine.start(head["players"], head["settings"])
    for e in events:
        state = engine.apply(state, e)
    return state


def read_history(store, reader=None):
    """The finished games, oldest first. Each record stands alone: a damaged one is
    passed over (and counted in the reader), the others are kept."""
    reader = reader or gamelog.Reader(skip=True)
    try:
        with store.open_text(HISTORY) as f:
            return list(reader.read(f))
    except OSError:
        return []


def in_history(store, game_id):
    for g in read_history(store):
        if isinstance(g, dict) and g.get("id") == game_id:
            return True
    return False


def new_id():
    """Eight hex digits no other game on this box is likely to have."""
    try:
        from os import urandom

        raw = urandom(4)
    except (ImportError, OSError, NotImplementedError):
        from random import getrandbits

        return "%08x" % getrandbits(32)
    return "%02x%02x%02x%02x" % (raw[0], raw[1], raw[2], raw[3])


def prune_history(store, keep=HISTORY_KEEP):
    """Keeps the newest `keep` games once the file holds a tenth more than that. A
    file with damaged records is kept aside whole before it is rewritten."""
    reader = gamelog.Reader(skip=True)
    games = read_history(store, reader)
    if len(games) > keep + keep // 10 or reader.skipped:
        if reader.skipped:
            store.keep_aside(HISTORY)
        store.write_text(HISTORY, "".join(gamelog.encode(g) for g in games[-keep:]))
