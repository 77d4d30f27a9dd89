# Reading a game's log whole: at a resume, and when an event read back was not what
# it should be (store/resume.py: repair). Imported only for that, and dropped after: a
# game being played never carries this code.
#
# A resume must not cost time or memory that grows with the log: a Pico reads and
# checks about a record a millisecond. So the log carries checkpoints (see
# store/schema.py): the state after the events in force, and where those events are
# in the log, as a chain: a checkpoint lists only the places that changed since the
# one before it (those after the events still in force from it, and the places of
# events corrected among those: an early correction costs one place). A resume finds
# the last checkpoint from the end of the file, follows the chain back for the places,
# and reads forward only the records after it. Any doubt (no checkpoint, a link that
# does not read as one, a place that is not a record start before the checkpoint, a
# snapshot its engine does not recognise, a fingerprint that does not match) and the
# whole log is read, record by record, as it always could be. The reading from the
# checkpoint is checkpoint.py. A new last event the game refuses is cut off as the
# damaged rest (Reading.cut); a refused event further on is found record by record
# from the checkpoint before the last (checkpoint.careful_from_link), or from the
# start when the two do not agree.
#
# Each reading is a generator that yields how far it has come (per mille of its
# work) after every record or event: the boot screen runs it a slice per loop cycle
# and shows the figure (app/menus/boot.py); finish() runs one to its end at once.
from micropython import const

from pawpad.games import engine_for
from pawpad.games.common import clone
from pawpad.store.log import codec, schema
from pawpad.store.log.lines import LINE_MAX
from pawpad.store.log.pages import Pages, same
from pawpad.store.log.readback import LOG, events_at, finish, patience, state_ok
from pawpad.store.log.timeline import Timeline, mark_fixed, trim_fixed

BLOCK = const(512)  # bytes read at a time when looking backwards
MINE_EVERY = const(5)  # events between the states a careful reading keeps of its own, and
MINES = const(4)  # how many it keeps: an undo or a correction up to 20 events back replays
#            at most 5 events, and memory is four states whatever the log


def lost_its_end(store):
    """Is a log without a whole line a record whose newline was damaged (not a first
    record cut short by a power cut)? Its text and checksum are whole."""
    try:
        with open(store.path(LOG), "rb") as f:
            data = f.read(LINE_MAX)
        codec.decode(data[:-1].decode())
        return True
    except (OSError, ValueError, UnicodeError):
        return False


def has_a_record(store):
    """Does the log hold one whole line? Every record saved ends with its newline."""
    try:
        with open(store.path(LOG), "rb") as f:
            while True:
                block = f.read(BLOCK)
                if not block:
                    return False
                if b"\n" in block:
                    return True
    except OSError:
        return True  # let the reading say what is wrong


class Places:
    """The lines of the log, with where the last one handed on begins and ends."""

    def __init__(self, lines, start=0):
        self.lines = lines
        self.start = start
        self.end = start

    def __iter__(self):
        for line in self.lines:
            self.start = self.end
            self.end += codec.byte_len(line)
            yield line


def _placed(rec, at):
    """The record with its event replaced by its place in the log."""
    if "e" not in rec:
        return rec
    if "fix" in rec:
        return {"fix": rec["fix"], "e": at}
    return {"e": at}


class Reading:
    """What one reading of a log found: the header, the timeline (places), the state,
    how many records and bytes are good, the snapshot that still holds, and the last
    checkpoint's place and how much of its timeline is still in force (for the
    checkpoints written next)."""

    def __init__(self, store):
        self.store = store
        self.path = store.path(LOG)
        self.head = None
        self.engine = None
        self.timeline = Timeline(Pages)
        self.state = None
        self.kept = 1  # records kept, header included
        self.ms = 0
        self.size = 0  # bytes of the records kept
        self.snap = None  # (n, state): the last snapshot that still holds
        self.problem = None
        self.chain = 0  # the last checkpoint's place (0: none)
        self.keep = 0  # its events in force still in force: timeline.events[:keep],
        self.fixed = []  # but for the corrections since of these (indices, in order)
        self.since = 0  # records after it
        self.total = 1  # bytes of the log, for how far a reading has come
        self.mines = []  # [(n, state)] the careful reading made itself (check())
        self.last = None  # what the last record gathered found (gather())
        self.refused = None  # (the state before, why) when the replay refused the last
        self.doubted = False  # a careful reading from a checkpoint did not reach the
        #                       state of the next one (check(confirm)), or did
        self.confirmed = False

    def track(self, rec, at):
        """One good record after the header, at `at`: the timeline, the time, and what
        the record changed of the last checkpoint's events and of the snapshot."""
        timeline = self.timeline
        if "snap" in rec:
            n = rec["n"]
            # A snapshot that does not fit the events before it, or that its engine
            # does not recognise, is no place to start from (the events still are).
            ok = n == len(timeline.events) and state_ok(self.engine, self.head, rec["snap"])
            self.snap = (n, rec["snap"]) if ok else None
            ix = rec.get("ix")
            ok = ok and ix is not None and self._told_true(ix)
            self.chain = at if ok else 0
            self.keep = n if ok else 0
            self.fixed = []
            self.since = 0
        else:
            timeline.apply(_placed(rec, at))  # ValueError: it does not fit
            self.since += 1
            if "undo" in rec:
                self.keep = min(self.keep, len(timeline.events))
                trim_fixed(self.fixed, self.keep)
            elif "fix" in rec:
                mark_fixed(self.fixed, rec["fix"], self.keep)
            if self.snap is not None and not _holds(self.snap[0], len(timeline.events), rec):
                self.snap = None
        self.ms = rec.get("ms", self.ms)

    def unchanged(self):
        """How many of the last checkpoint's first events are still the same events:
        its state after them still holds."""
        return min(self.keep, self.fixed[0]) if self.fixed else self.keep

    def _told_true(self, ix):
        """Does a checkpoint's index say what this reading found? Only one that does
        is linked to by the checkpoints written next."""
        events, places, k = self.timeline.events, ix[2], ix[1]
        if (ix[0] != self.chain or k > (self.keep if self.chain else 0) or
                ix[4] != self.kept or len(places) != len(events) - k or
                not same(ix[3], self.timeline.undone) or not fingerprint(ix, self.timeline)):
            return False
        for j in range(len(places)):
            if places[j] != events[k + j]:
                return False
        # the corrections among its first k: exactly those made since the chain's last
        fixes, q = fixes_of(ix), 0
        for j in self.fixed:
            if j >= k:
                break
            if q + 1 >= len(fixes) or fixes[q] != j or fixes[q + 1] != events[j]:
                return False
            q += 2
        return q == len(fixes)

    def gather(self, records, lines):
        """The records from where `lines` stands: the timeline (places only) and the
        last snapshot that no undo or correction reached behind since. A generator
        (see the top)."""
        for rec in records:
            patience()
            # what the last record found (a refused last event is cut off: cut()):
            # where it is, the time before it, whether it is a new event, and the
            # events undone that a new event leaves behind
            self.last = (lines.start, self.ms, "e" in rec and "fix" not in rec,
                         self.timeline.undone)
            try:
                self.track(rec, lines.start)
            except ValueError:
                self.kept = -1  # let the careful reading say why
                return
            self.kept += 1
            self.size = lines.end
            yield lines.end * 1000 // self.total

    def replay(self):
        """The state: from the snapshot, the events after it read back from flash. A
        generator: per mille of the events replayed."""
        if self.kept < 0:
            return
        snap = self.snap
        if snap is not None and snap[0] > len(self.timeline.events):
            snap = self.snap = None
        first = snap[0] if snap else 0
        left = max(1, len(self.timeline.events) - first)
        engine = self.engine
        done = 0
        before = None  # the state before the last event (apply() changes it in place,
        #                and a refused event may leave it half changed)
        try:
            state = clone(snap[1]) if snap else engine.start(self.head["players"],
                                                             self.head["settings"])
            for e in self.events(first):
                if done == left - 1:
                    before = clone(state)
                state = engine.apply(state, e)
                done += 1
                yield done * 1000 // left
        except (ValueError, KeyError, TypeError, IndexError) as e:
            self.state = None
            if before is not None:  # the last event in force did not fit
                self.refused = (before, e)
            return
        self.state = state

    def cut(self):
        """When the event the replay refused is the log's last record, a new event
        (gather() and replay() ran): the log without it, as a reading of it would have
        found it (the same state, as sure as the snapshot it came from), and the
        record is the damaged rest. True if so."""
        refused, last = self.refused, self.last
        if (refused is None or last is None or not last[2] or
                self.timeline.events[-1] != last[0]):
            return False
        self.timeline.events.pop()
        self.timeline.undone = last[3]  # as they were before it
        self.state = refused[0]
        self.problem = "record %d does not fit the game (%s)" % (self.kept, refused[1])
        self.kept -= 1
        self.size = last[0]
        self.ms = last[1]
        self.since -= 1
        return True

    def events(self, first=0, refs=None):
        return events_at(self.path, self.timeline.events if refs is None else refs, first)

    def check(self, records, lines, confirm=0):
        """The careful reading: every record against the game; stops at one that does
        not fit, keeping the state before it. The log's snapshots are not trusted
        here: an undo or a correction replays the events then in force from a state
        this reading made itself (MINES of them, one every MINE_EVERY events), so a
        log full of undos costs a few events a record, not the whole game.
        From the start of the log, or from a checkpoint the reading was set to
        (start_at): `confirm` is then the place of a later one whose state this
        reading must reach, else it stops (doubted: the checkpoints do not agree).
        A generator (see the top)."""
        engine, head = self.engine, self.head
        if self.mines:  # from a checkpoint
            state = clone(self.mines[-1][1])
        else:
            state = engine.start(head["players"], head["settings"])
        for rec in records:
            patience()
            try:
                if "e" in rec and "fix" not in rec:
                    state = engine.apply(state, rec["e"])
                    self._keep_mine(len(self.timeline.events) + 1, state)
                elif "redo" in rec:  # the event undone last, once more
                    n = len(self.timeline.events)
                    nxt = self.timeline.preview(rec)
                    for e in self.events(n, nxt):
                        state = engine.apply(state, e)
                    self._keep_mine(n + 1, state)
                elif "snap" in rec and lines.start == confirm:
                    if rec["snap"] != state:
                        self.doubted = True
                        return
                    self.confirmed = True
                elif "snap" not in rec:  # undo, a correction: replay what is in force
                    nxt = self.timeline.preview(_placed(rec, lines.start))
                    state = yield from self._replay_to(nxt, rec)
                # The timeline, once the record fits (the states kept are those of the
                # events in force: _replay_to() dropped the others).
                self.track(rec, lines.start)
            except (ValueError, KeyError, TypeError, IndexError) as e:
                # The refused record may have half changed the state: rebuild it.
                self.state = yield from self._replay_to(self.timeline.events, rec)
                self.problem = "record %d does not fit the game (%s)" % (self.kept + 1, e)
                self.snap = None
                return
            self.kept += 1
            self.size = lines.end
            yield lines.end * 1000 // self.total
        self.state = state
        self.snap = None  # nothing of the log's own snapshots goes on
        self.mines = []

    def start_at(self, n, state):
        """The careful reading goes on from a checkpoint's state after n events (the
        timeline, the count and the chain set as they were there)."""
        self.mines = [(n, clone(state))]

    def _keep_mine(self, n, state):
        mines = self.mines
        if n % MINE_EVERY == 0 and (not mines or mines[-1][0] < n):
            mines.append((n, clone(state)))
            if len(mines) > MINES:
                mines.pop(0)

    def _drop_mines(self, n, rec):
        """After `rec` (an undo or a correction), with n events in force: the states
        kept that are still those of the first events in force."""
        mines = self.mines
        while mines and not _holds(mines[-1][0], n, rec):
            mines.pop()

    def _replay_to(self, refs, rec):
        """The state after `refs` (a preview of the timeline after `rec`), from the
        newest state kept that still holds. A generator: its value is the state."""
        self._drop_mines(len(refs), rec)
        mine = self.mines[-1] if self.mines else None
        first = mine[0] if mine else 0
        state = clone(mine[1]) if mine else self.engine.start(self.head["players"],
                                                              self.head["settings"])
        n = first
        for e in self.events(first, refs):
            state = self.engine.apply(state, e)
            n += 1
            self._keep_mine(n, state)
            yield self.size * 1000 // self.total
        return state


def fixes_of(ix):
    """A checkpoint's corrections among the events it keeps of its link: [i, place,
    ...] (an older checkpoint has none)."""
    return ix[6] if len(ix) > 6 else ()


def _holds(k, n, rec):
    """Is a state after the first k events still true once `rec` leaves n events in
    force? Not when they are fewer than k, nor when it corrects one of the first k."""
    return k <= n and not ("fix" in rec and rec["fix"] < k)


def read(store, fast):
    """One reading of the log from its start, at once (a Reading)."""
    return finish(reading(store, fast))


def reading(store, fast):
    """One reading of the log from its start (a generator whose value is a Reading).
    Fast: the events in force are gathered as places in the log, then replayed once
    from the last snapshot that still holds (state None if an event does not fit).
    Otherwise each record is checked against the game as it comes. It yields per
    mille of its work: the fast one counts its records as 0-800, the replay after
    them as the rest."""
    reader = schema.Reader()
    r = Reading(store)
    r.total = max(1, store.size(LOG) or 0)
    with store.open_text(LOG) as f:
        lines = Places(f)
        records = reader.read(lines)
        r.head = schema.check_header(next(records, None), reader.problem)
        r.size = lines.end
        r.engine = engine_for(r.head["game"])
        if fast:
            for done in r.gather(records, lines):
                yield done * 4 // 5
        else:
            yield from r.check(records, lines)
    if fast:
        for done in r.replay():
            yield 800 + done // 5
        if r.state is None:
            r.cut()  # a new last event the game refuses: the log without it
    r.problem = r.problem or reader.problem
    return r


def fingerprint(ix, timeline):
    """Are the places of the events in force and undone the ones the checkpoint `ix`
    was written with (its crc; an older log's have none)?"""
    return len(ix) < 6 or timeline.undone.crc(timeline.events.crc()) == ix[5]
