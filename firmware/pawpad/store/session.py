# A game in progress: its engine, its log on flash, undo, redo and corrections.
# Every accepted event becomes a record queued for the log; flush() writes the queue
# one record at a time, each flushed before the next, when the device says the moment
# is quiet (no STOP armed, no load cells being read: a flash write stops every
# interrupt on the RP2040). A record is acknowledged once it is on flash; a power cut
# loses at most the record being written, and resume() drops that torn tail.
from binascii import crc32  # no fallback: see store/log/codec.py

from micropython import const

from pawpad.games import engine_for
from pawpad.games.common import clone
from pawpad.store.log import codec, readback, schema
from pawpad.store.log.lines import LINE_MAX
from pawpad.store.log.pages import Pages, same
from pawpad.store.log.readback import DRAFT, FIX, LOG, SHEET, TIMER, finish
from pawpad.store.log.timeline import Timeline, mark_fixed, trim_fixed
from pawpad.store.records.history import HISTORY_KEEP, add_game

PLACES_MAX = LINE_MAX // 6  # more places than this never fit a line (a long log's take
#                             6 characters and more each): not even listed
ENOSPC = const(28)  # errno.ENOSPC: MicroPython's errno module leaves this one out


class Repaired(Exception):
    """An event read back from the log was not what it should be, so the log was read
    again whole, record by record: the session goes on from what it holds good
    (`messages` say what was set aside), or, when `lost`, could not go on at all.
    What was being done when it was found is not done: the screen the state calls for
    comes next."""

    def __init__(self, session, messages, lost=False):
        super().__init__("the saved game was read again")
        self.session = session
        self.messages = messages
        self.lost = lost


class Session:
    snap_every = 50  # records between checkpoints (the state, and where the events are)

    def __init__(self, store, header, timeline, state, size=0, snap=None):
        self.store = store
        self.header = header
        self.name = header["game"]
        self.engine = engine_for(self.name)
        # The events in force, each as the place (byte offset) of its record in the log,
        # on flash or queued for it, in pages (store/log/pages.py): a long game's events are
        # read back from flash when needed and never all held in RAM, and their places
        # never need one big block.
        self.timeline = timeline
        self.state = state
        self.size = size  # bytes of the log on flash: where the next record goes
        self.snap = snap  # (n, state after the first n events), while it still holds
        self.pending = []  # [(encoded record, its event or None, its place)] to write
        # {name: make()} small files of the game (store/records/draft.py) to write after the
        # queued records, as the loop writes them: once the screen is out (None: remove)
        self.later = {}
        # a step's draft was kept (or found on resume): it goes with the next record,
        # whose place makes it another step's
        self.drafted = False
        self.unsaved = {}  # {place: event} of events that will never reach flash (it
        #                    failed, or there is none): the game goes on in RAM
        self.tail = size  # where the next record queued will be on flash
        # The last checkpoint's place (0: none), how many of its events in force are
        # still the first in force (a new checkpoint lists only the places after
        # those), which of those were corrected since (their places are listed too),
        # and the records written since.
        self.ck_at = 0
        self.ck_keep = 0
        self.ck_fixed = []
        self.ck_due = 0
        self.acked = 0  # records on flash, header included
        self.saving = store is not None
        self.problem = None  # why saving stopped, for the screen
        self.on_ack = None  # called with the count after each record reaches flash
        # Told of every change of the events in force, as changed(first, n): the first
        # event that is not what it was, and how many are in force now (the score sheet
        # kept as the game goes, store/records/score_sheet.py).
        self.changed = None
        self.ms = 0  # game time played, carried in the records

    # --- starting and resuming ---
    @classmethod
    def new(cls, store, name, players, settings=None, colours=None, people=None,
            start=None, short=None):
        engine = engine_for(name)
        state = engine.start(players, settings)  # ValueError for a bad set-up
        # The game's own id (history and statistics count it once) and the seats'
        # colours as they are now: the history keeps them, whatever changes later.
        head = schema.header(name, players, state["settings"],
                              None if colours is None else list(colours[:players]), new_id(),
                              None if people is None else list(people[:players]), start,
                              None if short is None or people is None else list(short[:players]))
        s = cls(store, head, Timeline(Pages), state)
        if store is not None:
            try:
                store.write_text(LOG, "")
            except OSError as e:
                s._stop_saving(e)
        s._queue(codec.encode(head), None)
        return s

    @classmethod
    def saved(cls, store):
        """Is there a game in progress on flash?"""
        return store is not None and store.exists(LOG)

    def took(self, r):
        """The game as a reading of its log found it (store/log/reading.py)."""
        self.acked = r.kept
        self.ms = r.ms
        self.ck_at, self.ck_keep, self.ck_due = r.chain, r.keep, r.since
        self.ck_fixed = list(r.fixed)

    def repair(self, careful=False):
        """An event read back was not what its place promised: the log is read again
        from its start, record by record, as at a resume that trusts no checkpoint.
        What it holds good goes on; a damaged rest is set aside. Raises Repaired.
        `careful`: what the game made of its events raised (an event in force that
        the rules refuse, say): every record is tried against the game; when all of
        them fit, the log is not at fault and this returns, changing nothing."""
        from pawpad.store.log import reading  # only for a repair: a game seldom needs one

        self.flush()  # what the table did last goes first: it may be in the good part
        try:
            r, messages = finish(reading.read(self.store, True, careful))
        except reading.READ_ERRORS as e:
            self.saving = False
            raise Repaired(self, reading.set_aside(self.store, "could not be read (%s)" % e),
                           True)
        if careful and not messages and r.state == self.state and \
                same(r.timeline.events, self.timeline.events):
            return
        self.timeline, self.state, self.snap = r.timeline, r.state, r.snap
        self.size = self.tail = r.size
        self.pending = []
        self.took(r)
        if not messages:
            messages = ["Saved game: its checkpoint", "did not match; read whole."]
        if self.saving and len(self.timeline.events):
            self._checkpoint()  # a resume starts here, not at the one that misled
        if self.changed is not None:  # the events in force were read again: the
            self.changed(0, len(self.timeline.events))  # score sheet, from the start
        raise Repaired(self, messages)

    # --- play ---
    def offer(self, event, ms=None):
        """Feeds an event to the engine. Returns None when accepted, else the reason."""
        try:
            new = self.engine.step(self.state, event)
        except ValueError as e:  # the engine's Refused
            return str(e)
        self.state = new
        # The record's own copy: the log's place of an event is found by identity.
        self._record({"e": dict(event)}, ms)
        if self.changed is not None:
            n = len(self.timeline.events)
            self.changed(n - 1, n)
        return None

    def _queue(self, line, event):
        """Queues a record for flash; returns the place it will have there."""
        at = self.tail
        self.pending.append((line, event, at))
        self.tail += codec.byte_len(line)
        return at

    def _record(self, rec, ms):
        events = self.timeline.events
        if self.drafted:  # the step's event (or an undo, a fix): its draft is done with
            self.drafted = False
            self.later[DRAFT] = None  # removed once the record is on flash, not before
            self.later[FIX] = None  # a correction's too: the log moved on
        if "e" in rec:  # the timeline keeps the place the record will have
            self.timeline.apply({"fix": rec["fix"], "e": self.tail} if "fix" in rec
                                else {"e": self.tail})
        else:
            self.timeline.apply(rec)
        if ms is not None:
            self.ms = ms
            rec["ms"] = ms
        self._queue(codec.encode(rec), rec.get("e"))
        if "undo" in rec:
            self.ck_keep = min(self.ck_keep, len(events))
            trim_fixed(self.ck_fixed, self.ck_keep)
        elif "fix" in rec:
            mark_fixed(self.ck_fixed, rec["fix"], self.ck_keep)
        self.ck_due += 1
        if self.ck_due >= self.snap_every and events:
            self._checkpoint()

    def _checkpoint(self):
        """Every so often the whole state and where the events in force are: a resume
        reads only what came after it, and an undo or a correction that does not reach
        behind it replays only from there."""
        n = len(self.timeline.events)
        if self.saving:
            self._queue(self._checkpoint_line(n), None)
        self.ck_keep = n
        self.ck_fixed = []
        self.ck_due = 0
        self.snap = (n, clone(self.state))

    def _checkpoint_line(self, n):
        snap = {"snap": self.state, "n": n, "ms": self.ms}
        keep = self.ck_keep if self.ck_at else 0
        fixed = self.ck_fixed if self.ck_at else ()
        events, undone = self.timeline.events, self.timeline.undone
        # the places, unless they cannot fit a line
        if n - keep + len(undone) + 2 * len(fixed) < PLACES_MAX:
            snap["ix"] = ix = [self.ck_at, keep, [events[i] for i in range(keep, n)],
                               list(undone), self.acked + len(self.pending),
                               undone.crc(events.crc())]
            if fixed:  # the places of the events corrected among the first `keep`
                fx = []
                for j in fixed:
                    fx.append(j)
                    fx.append(events[j])
                ix.append(fx)
            line = codec.encode(snap)
            if len(line) < LINE_MAX:
                self.ck_at = self.tail
                return line
        # Too many places to list in a line the reader takes: the snapshot alone (a
        # resume then reads the whole log, as it always can).
        snap.pop("ix", None)
        self.ck_at = 0
        return codec.encode(snap)

    def _rewind(self, rec, ms):
        try:
            nxt = self.timeline.preview(rec)
            if "undo" in rec:
                first = len(nxt)
            elif "redo" in rec:
                first = len(self.timeline.events)
            else:
                first = rec["fix"]
            snap = self.snap
            if snap is not None and (snap[0] > first or snap[0] > len(nxt)):
                snap = None  # the change reaches behind the snapshot
            state = self._replay(nxt, snap)
        except ValueError as e:
            return str(e)
        self.snap = snap
        self.state = state
        self._record(rec, ms)
        if snap is None and "fix" in rec and len(nxt) > self.snap_every and self.ck_due:
            # A correction far back: all of it replayed, from the start. The state goes
            # on flash now, so that a resume replays from here, not the whole game (an
            # undo need not: a resume finds the checkpoint before the one it undid).
            self._checkpoint()
        if self.changed is not None:
            self.changed(min(first, len(nxt)), len(nxt))
        return None

    def _replay(self, refs, snap=None, upto=None):
        """The state after the events `refs` (the first `upto` of them), from `snap`
        when given."""
        return readback.state_after(self.engine, self.header,
                                   self._iter(refs, snap[0] if snap else 0, upto), snap)

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
        if isinstance(event, dict):
            event = dict(event)  # the record's own copy, as in offer()
        return self._rewind({"fix": index, "e": event}, ms)

    def events(self):
        """The events in force, oldest first (read from flash as they are used)."""
        return Events(self, self.timeline.events)

    def events_from(self, first):
        """The events in force from index `first` on, read from flash as they are used."""
        return self._iter(self.timeline.events, first)

    # --- the events on flash ---
    def _iter(self, refs, first=0, upto=None):
        """The events of `refs` from `first`, each read from the log where it is on
        flash (one open file for them all). A place that does not hold what it should
        sends the session to repair(): Repaired leaves this reading."""
        path = self.store.path(LOG) if self.store is not None else None
        events = readback.events_at(path, refs, first, upto, self._held)
        try:
            for e in events:
                yield e
        except readback.Damaged:
            pass
        else:
            return
        finally:
            # Closed whatever ends this reading: MicroPython runs no finalizer of a
            # generator left behind, and the file and the shared buffer are in it.
            events.close()
        self.repair()

    def _held(self, place):
        """The event of a record not on flash (queued, or never to be written)."""
        for _line, event, at in self.pending:
            if at == place:
                return event
        return self.unsaved.get(place)

    # --- flash ---
    def flush(self):
        """Writes the queued records; returns how many reached flash."""
        done = 0
        if not self.saving:
            self._keep_unsaved()
            return 0
        while self.pending:
            line, event, at = self.pending[0]
            try:
                self.store.append_line(LOG, line)
            except OSError as e:
                self._stop_saving(e)
                break
            self.pending.pop(0)
            # where the next record goes, as _queue() worked it out
            self.size = self.pending[0][2] if self.pending else self.tail
            self.acked += 1
            done += 1
            if self.on_ack is not None:
                self.on_ack(self.acked)
        if self.later and not self.pending:
            later, self.later = self.later, {}
            for name in later:
                make = later[name]
                try:
                    if make is None:  # (a step's event is in: its draft goes)
                        self.store.remove(name)
                    else:
                        self.store.write_json(name, make())
                except OSError:
                    pass  # the flash full, say: not kept; the game goes on
        return done

    def _keep_unsaved(self):
        for _line, event, at in self.pending:
            if event is not None:
                self.unsaved[at] = event
        self.pending = []

    def _stop_saving(self, err):
        self.saving = False
        self._keep_unsaved()
        self.ck_at = 0  # no checkpoint written from here on may lean on one before
        self.ck_fixed = []
        code = err.args[0] if err.args else None
        self.problem = "Flash full" if code == ENOSPC else "Flash error %s" % code

    def game_id(self):
        """The id the history and the statistics know this game by. A log from before
        ids were kept gets one from its header's checksum."""
        gid = self.header.get("id")
        if isinstance(gid, str):
            return gid
        return "h%08x" % (crc32(codec.encode(self.header).encode()) & 0xFFFFFFFF)

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
            add_game(self.store, rec, keep)
        except OSError as e:
            self.problem = "History not saved (%s)" % e

    def close(self):
        """The game is in the history: its log goes, and its score sheet."""
        if self.store is not None:
            self.store.remove(LOG)
            self.store.remove(SHEET)
            self.later = {}
            self.store.remove(DRAFT)
            self.store.remove(FIX)
            self.store.remove(TIMER)


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
        events = self.session._iter(self.refs, i, i + 1)
        try:
            for e in events:
                return e
        finally:
            events.close()  # the file and the shared buffer go back now (see _iter)

    def __iter__(self):
        return self.session._iter(self.refs)


def new_id():
    """Eight hex digits no other game on this box is likely to have."""
    try:
        from os import urandom

        raw = urandom(4)
    except (ImportError, OSError, NotImplementedError):
        from random import getrandbits

        return "%08x" % getrandbits(32)
    return "%02x%02x%02x%02x" % (raw[0], raw[1], raw[2], raw[3])
