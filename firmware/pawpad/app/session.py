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

from pawpad.app.storage import LINE_MAX
from pawpad.core import gamelog
from pawpad.games.common import clone, replay

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

    def __init__(self, store, header, timeline, state, size=0, snap=None):
        self.store = store
        self.header = header
        self.name = header["game"]
        self.engine = engine_for(self.name)
        # The events in force, each as the byte offset of its record in the log once
        # it is on flash (the event itself until then): a long game's events are read
        # back from flash when needed and never all held in RAM.
        self.timeline = timeline
        self.state = state
        self.size = size  # bytes of the log on flash: where the next record goes
        self.snap = snap  # (n, state after the first n events), while it still holds
        self.pending = []  # [(encoded record, its event or None)] not yet on flash
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
        # The game's own id (history and statistics count it once) and the seats'
        # colours as they are now: the history keeps them, whatever changes later.
        head = gamelog.header(name, players, state["settings"],
                              None if colours is None else list(colours[:players]), new_id())
        s = cls(store, head, gamelog.Timeline(), state)
        if store is not None:
            try:
                store.write_text(LOG, "")
            except OSError as e:
                s._stop_saving(e)
        s.pending.append((gamelog.encode(head), None))
        return s

    @classmethod
    def saved(cls, store):
        """Is there a game in progress on flash?"""
        return store is not None and store.exists(LOG)

    @classmethod
    def resume(cls, store):
        """(session or None, messages). The log is read a record at a time and only
        the events after its last valid snapshot are replayed: the memory a resume
        needs does not grow with the log. A torn last record is dropped; a damaged log
        keeps what it can and is kept aside whole; an unreadable one is kept aside."""
        try:
            r = cls._read(store, fast=True)
            if r.state is None:  # an event did not fit: find which, record by record
                r = cls._read(store, fast=False)
        except (ValueError, KeyError, TypeError, UnicodeError, OSError) as e:
            return None, cls._aside(store, "could not be read (%s)" % e)
        messages = []
        if r.problem is not None:
            messages.append("Saved game: " + r.problem + ".")
            try:
                src = LOG
                if not r.problem.startswith("the last record was cut short"):
                    src = store.keep_aside(LOG)  # the whole file, for whoever wants it
                    messages.append("The log is kept as " + src + ".")
                # The good part goes on as the log: the same bytes, at the same places.
                store.copy_lines(src, LOG, r.kept)
            except OSError as e:
                messages.append("Could not repair the log (%s)." % e)
        s = cls(store, r.head, r.timeline, r.state, r.size, r.snap)
        s.acked = r.kept
        s.ms = r.ms
        return s, messages

    @classmethod
    def _read(cls, store, fast):
        """One reading of the log (a Reading). Fast: the events in force are gathered
        as places in the log, then replayed once from the last snapshot that still
        holds (state None if an event does not fit). Otherwise each record is checked
        against the game as it comes."""
        reader = gamelog.Reader()
        r = Reading(store)
        with store.open_text(LOG) as f:
            lines = Places(f)
            records = reader.read(lines)
            r.head = gamelog.check_header(next(records, None))
            r.size = lines.end
            engine = engine_for(r.head["game"])
            if fast:
                r.gather(records, lines)
            else:
                r.check(engine, records, lines)
        if fast:
            r.replay()
        r.problem = r.problem or reader.problem
        return r

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
        self.pending.append((gamelog.encode(rec), rec.get("e")))
        n = len(self.timeline.events)
        if "e" in rec and "fix" not in rec and n % self.snap_every == 0:
            # Every so often the whole state: a resume replays only what came after,
            # and so does an undo or a correction that does not reach behind it.
            self.pending.append((gamelog.encode({"snap": self.state, "n": n}), None))
            self.snap = (n, clone(self.state))

    def _rewind(self, rec, ms):
        try:
            nxt = self.timeline.preview(rec)
            if "undo" in rec:
                first = len(nxt.events)
            elif "redo" in rec:
                first = len(self.timeline.events)
            else:
                first = rec["fix"]
            snap = self.snap
            if snap is not None and (snap[0] > first or snap[0] > len(nxt.events)):
                snap = None  # the change reaches behind the snapshot
            state = self._replay(nxt.events, snap)
        except ValueError as e:
            return str(e)
        self.snap = snap
        self.state = state
        self._record(rec, ms)
        return None

    def _replay(self, refs, snap=None, upto=None):
        """The state after the events `refs` (the first `upto` of them), from `snap`
        when given."""
        if snap is None:
            return replay(self.engine, self.header["players"], self.header["settings"],
                          self._iter(refs, 0, upto))
        state = clone(snap[1])
        for e in self._iter(refs, snap[0], upto):
            state = self.engine.apply(state, e)
        return state

    def state_before(self, index):
        """The game as it stood before event `index` (for correcting that event)."""
        snap = self.snap if self.snap is not None and self.snap[0] <= index else None
        return self._replay(self.timeline.events, snap, index)

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
        """The events in force, oldest first (read from flash as they are used)."""
        return Events(self, self.timeline.events)

    # --- the events on flash ---
    def _iter(self, refs, first=0, upto=None):
        """The events of `refs` from `first`, each read from the log where it is on
        flash (one open file for them all)."""
        f = None
        try:
            for i in range(first, len(refs) if upto is None else upto):
                ref = refs[i]
                if isinstance(ref, int):
                    if f is None:
                        f = open(self.store.path(LOG), "rb")
                    yield _event_at(f, ref)
                else:
                    yield ref
        finally:
            if f is not None:
                f.close()

    def _on_flash(self, event, offset):
        """The event's record is on flash at `offset`: the timeline keeps the place,
        not the event."""
        for refs in (self.timeline.events, self.timeline.undone):
            for i in range(len(refs) - 1, -1, -1):
                if refs[i] is event:
                    refs[i] = offset

    # --- flash ---
    def flush(self):
        """Writes the queued records; returns how many reached flash."""
        done = 0
        if not self.saving:
            self.pending = []
            return 0
        while self.pending:
            line, event = self.pending[0]
            try:
                self.store.append_line(LOG, line)
            except OSError as e:
                self._stop_saving(e)
                break
            self.pending.pop(0)
            at = self.size
            self.size += len(line.encode())
            if event is not None:
                self._on_flash(event, at)
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


class Events:
    """The events in force as a read-only sequence: len, index, iterate."""

    def __init__(self, session, refs):
        self.session = session
        self.refs = refs

    def __len__(self):
        return len(self.refs)

    def __getitem__(self, i):
        if i < 0:
            i += len(self.refs)
        if not 0 <= i < len(self.refs):
            raise IndexError(i)
        for e in self.session._iter(self.refs, i, i + 1):
            return e

    def __iter__(self):
        return self.session._iter(self.refs)


def _event_at(f, offset):
    f.seek(offset)
    line = f.readline(LINE_MAX)
    try:
        return gamelog.decode(line.decode().rstrip("\n"))["e"]
    except (ValueError, KeyError, TypeError, UnicodeError):
        raise ValueError("the log on flash changed under the game")


class Places:
    """The lines of the log, with where the last one handed on begins and ends."""

    def __init__(self, lines):
        self.lines = lines
        self.start = 0
        self.end = 0

    def __iter__(self):
        for line in self.lines:
            self.start = self.end
            self.end += len(line.encode())
            yield line


class Reading:
    """What one reading of a log found."""

    def __init__(self, store):
        self.store = store
        self.head = None
        self.timeline = gamelog.Timeline()
        self.state = None
        self.kept = 1  # records kept, header included
        self.ms = 0
        self.size = 0  # bytes of the records kept
        self.snap = None  # (n, state): the last snapshot that still holds
        self.problem = None

    @staticmethod
    def _place(rec, at):
        """The record with its event replaced by its place in the log."""
        if "e" not in rec:
            return rec
        if "fix" in rec:
            return {"fix": rec["fix"], "e": at}
        return {"e": at}

    def gather(self, records, lines):
        """The fast reading: the timeline from every record (places only), and the
        last snapshot that no undo or correction reached behind since."""
        timeline = self.timeline
        for rec in records:
            self.kept += 1
            self.size = lines.end
            if "snap" in rec:
                self.snap = (rec["n"], rec["snap"])
                continue
            try:
                timeline.apply(self._place(rec, lines.start))
            except ValueError:
                self.kept = -1  # let the careful reading say why
                return
            snap = self.snap
            if snap is not None and (len(timeline.events) < snap[0] or
                                     ("fix" in rec and rec["fix"] < snap[0])):
                self.snap = None
            self.ms = rec.get("ms", self.ms)

    def replay(self):
        """The state: from the snapshot, the events after it read back from flash."""
        if self.kept < 0:
            return
        snap = self.snap
        if snap is not None and snap[0] > len(self.timeline.events):
            snap = self.snap = None
        s = Session(self.store, self.head, self.timeline, None, self.size, snap)
        try:
            self.state = s._replay(self.timeline.events, snap)
        except (ValueError, KeyError, TypeError):
            self.state = None

    def check(self, engine, records, lines):
        """The careful reading: every record against the game; stops at one that does
        not fit, keeping the state before it."""
        head = self.head
        s = Session(self.store, head, self.timeline, None)
        state = engine.start(head["players"], head["settings"])
        for rec in records:
            if "snap" in rec:
                self.kept += 1
                self.size = lines.end
                continue
            try:
                placed = self._place(rec, lines.start)
                if "e" in rec and "fix" not in rec:
                    state = engine.apply(state, rec["e"])
                    s.timeline.apply(placed)
                else:  # undo, redo, a correction: replay the events then in force
                    nxt = s.timeline.preview(placed)
                    state = s._replay(nxt.events)
                    s.timeline = nxt
            except (ValueError, KeyError, TypeError) as e:
                # The refused record may have half changed the state: rebuild it.
                self.timeline = s.timeline
                self.state = s._replay(s.timeline.events)
                self.problem = "record %d does not fit the game (%s)" % (self.kept + 1, e)
                return
            self.ms = rec.get("ms", self.ms)
            self.kept += 1
            self.size = lines.end
        self.timeline = s.timeline
        self.state = state


def history(store, reader=None):
    """The finished games one at a time, oldest first. Each record stands alone: a
    damaged one is passed over (and counted in the reader)."""
    reader = reader or gamelog.Reader(skip=True)
    try:
        with store.open_text(HISTORY) as f:
            for rec in reader.read(f):
                yield rec
    except OSError:
        return


def read_history(store, reader=None, keep=HISTORY_KEEP + HISTORY_KEEP // 10):
    """The newest `keep` finished games, oldest first: a history file of any size
    never has more than that in RAM."""
    games = []
    for rec in history(store, reader):
        games.append(rec)
        if len(games) > keep:
            games.pop(0)
    return games


def in_history(store, game_id):
    for g in history(store):
        if g.get("id") == game_id:
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
    games = read_history(store, reader, keep + keep // 10 + 1)
    if len(games) > keep + keep // 10 or reader.skipped:
        if reader.skipped:
            store.keep_aside(HISTORY)
        store.write_text(HISTORY, "".join(gamelog.encode(g) for g in games[-keep:]))
