# Reading a game's log whole: at a resume, and when an event read back was not what
# it should be (session.py, repair). Imported only for that, and dropped after: a
# game being played never carries this code.
#
# A resume must not cost time or memory that grows with the log: a Pico reads and
# checks about a record a millisecond. So the log carries checkpoints (see
# store/gamelog.py): the state after the events in force, and where those events are
# in the log, as a chain: a checkpoint lists only the places that changed since the
# one before it. A resume finds the last checkpoint from the end of the file, follows
# the chain back for the places, and reads forward only the records after it. Any
# doubt (no checkpoint, a link that does not read as one, a place that is not a record
# start before the checkpoint, a snapshot its engine does not recognise, a fingerprint
# that does not match) and the whole log is read, record by record, as it always
# could be.
from micropython import const

from pawpad.games import engine_for
from pawpad.games.common import clone
from pawpad.store import gamelog
from pawpad.store.files import LINE_MAX, borrow_buffer, return_buffer
from pawpad.store.logread import LOG, events_at, patience, record_at, state_after, state_ok
from pawpad.store.pages import Pages, same

SCAN_MAX = const(24576)  # bytes looked through from the end for a checkpoint; they come every
#                   50 records of at most a few hundred bytes
_BLOCK = const(512)  # bytes read at a time when looking backwards
MINE_EVERY = const(5)  # events between the states a careful reading keeps of its own, and
MINES = const(4)  # how many it keeps: an undo or a correction up to 20 events back replays
#            at most 5 events, and memory is four states whatever the log


def lost_its_end(store):
    """Is a log without a whole line a record whose newline was damaged (not a first
    record cut short by a power cut)? Its text and checksum are whole."""
    try:
        with open(store.path(LOG), "rb") as f:
            data = f.read(LINE_MAX)
        gamelog.decode(data[:-1].decode())
        return True
    except (OSError, ValueError, UnicodeError):
        return False


def has_a_record(store):
    """Does the log hold one whole line? Every record saved ends with its newline."""
    try:
        with open(store.path(LOG), "rb") as f:
            while True:
                block = f.read(_BLOCK)
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
            self.end += len(line.encode())
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
        self.timeline = gamelog.Timeline(Pages)
        self.state = None
        self.kept = 1  # records kept, header included
        self.ms = 0
        self.size = 0  # bytes of the records kept
        self.snap = None  # (n, state): the last snapshot that still holds
        self.problem = None
        self.chain = 0  # the last checkpoint's place (0: none)
        self.keep = 0  # its events in force still unchanged: timeline.events[:keep]
        self.since = 0  # records after it
        self.mines = []  # [(n, state)] the careful reading made itself (check())

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
            self.since = 0
        else:
            timeline.apply(_placed(rec, at))  # ValueError: it does not fit
            self.since += 1
            if "undo" in rec:
                self.keep = min(self.keep, len(timeline.events))
            elif "fix" in rec:
                self.keep = min(self.keep, rec["fix"])
            if self.snap is not None and not _holds(self.snap[0], len(timeline.events), rec):
                self.snap = None
        self.ms = rec.get("ms", self.ms)

    def _told_true(self, ix):
        """Does a checkpoint's index say what this reading found? Only one that does
        is linked to by the checkpoints written next."""
        events, places, k = self.timeline.events, ix[2], ix[1]
        if (ix[0] != self.chain or k > (self.keep if self.chain else 0) or
                ix[4] != self.kept or len(places) != len(events) - k or
                not same(ix[3], self.timeline.undone) or not _fingerprint(ix, self.timeline)):
            return False
        for j in range(len(places)):
            if places[j] != events[k + j]:
                return False
        return True

    def gather(self, records, lines):
        """The records from where `lines` stands: the timeline (places only) and the
        last snapshot that no undo or correction reached behind since."""
        for rec in records:
            patience()
            try:
                self.track(rec, lines.start)
            except ValueError:
                self.kept = -1  # let the careful reading say why
                return
            self.kept += 1
            self.size = lines.end

    def replay(self):
        """The state: from the snapshot, the events after it read back from flash."""
        if self.kept < 0:
            return
        snap = self.snap
        if snap is not None and snap[0] > len(self.timeline.events):
            snap = self.snap = None
        try:
            self.state = state_after(self.engine, self.head,
                                     self.events(snap[0] if snap else 0), snap)
        except (ValueError, KeyError, TypeError, IndexError):
            self.state = None

    def events(self, first=0, refs=None):
        return events_at(self.path, self.timeline.events if refs is None else refs, first)

    def check(self, records, lines):
        """The careful reading: every record against the game; stops at one that does
        not fit, keeping the state before it. The log's snapshots are not trusted
        here: an undo or a correction replays the events then in force from a state
        this reading made itself (MINES of them, one every MINE_EVERY events), so a
        log full of undos costs a few events a record, not the whole game."""
        engine, head = self.engine, self.head
        state = engine.start(head["players"], head["settings"])
        self.mines = []
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
                elif "snap" not in rec:  # undo, a correction: replay what is then
                    nxt = self.timeline.preview(_placed(rec, lines.start))  # in force
                    state = self._replay_to(nxt, rec)
                self.track(rec, lines.start)  # the timeline, once the record fits
                self._drop_mines(len(self.timeline.events), rec)
            except (ValueError, KeyError, TypeError, IndexError) as e:
                # The refused record may have half changed the state: rebuild it.
                self.state = self._replay_to(self.timeline.events, rec)
                self.problem = "record %d does not fit the game (%s)" % (self.kept + 1, e)
                self.snap = None
                return
            self.kept += 1
            self.size = lines.end
        self.state = state
        self.snap = None  # nothing of the log's own snapshots goes on
        self.mines = []

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
        newest state kept that still holds."""
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
        return state


def _holds(k, n, rec):
    """Is a state after the first k events still true once `rec` leaves n events in
    force? Not when they are fewer than k, nor when it corrects one of the first k."""
    return k <= n and not ("fix" in rec and rec["fix"] < k)


def read(store, fast):
    """One reading of the log from its start (a Reading). Fast: the events in force
    are gathered as places in the log, then replayed once from the last snapshot that
    still holds (state None if an event does not fit). Otherwise each record is
    checked against the game as it comes."""
    reader = gamelog.Reader()
    r = Reading(store)
    with store.open_text(LOG) as f:
        lines = Places(f)
        records = reader.read(lines)
        r.head = gamelog.check_header(next(records, None), reader.problem)
        r.size = lines.end
        r.engine = engine_for(r.head["game"])
        if fast:
            r.gather(records, lines)
        else:
            r.check(records, lines)
    if fast:
        r.replay()
    r.problem = r.problem or reader.problem
    return r


# --- checkpoints: a resume that reads only the end of the log ---
def last_checkpoint(f, size, buf):
    """(place, record) of the last snapshot in the log, looked for in the last
    SCAN_MAX bytes; None if there is none there, or if it carries no places ("ix": a
    checkpoint written while the places did not fit a line, after which an older one
    is no longer the whole story)."""
    low = max(0, size - SCAN_MAX)
    pos = size
    mv = memoryview(buf)
    while pos > low:
        start = max(low, pos - _BLOCK)
        f.seek(start)
        # 5 bytes past `pos`: a mark that begins before `pos` is seen whole, even cut
        # in two by the block's end, and one that begins at `pos` is not seen again
        got = f.readinto(mv[:min(pos + 5, size) - start])
        hit = buf.rfind(b'"snap"', 0, got)
        if hit < 0:
            pos = start
            continue
        line = _line_start(f, start + hit, buf)
        if line > 0:
            try:
                rec = record_at(f, line, buf)
                if "snap" in rec:
                    return (line, rec) if "ix" in rec else None
            except ValueError:
                pass  # damaged, or the word in another record: look further back
        pos = start + hit  # the rest of this block, before the mark
    return None


def _line_start(f, at, buf):
    """Where the line holding byte `at` begins (-1: too far back to be a record)."""
    start = max(0, at - LINE_MAX)
    f.seek(start)
    got = f.readinto(memoryview(buf)[:at - start])
    nl = buf.rfind(b"\n", 0, got)
    if nl >= 0:
        return start + nl + 1
    return 0 if start == 0 else -1


def _within(places, low, high):
    """Are all places after the header (`low` on) and before `high`?"""
    for p in places:
        if not low <= p < high:
            return False
    return True


def _places(f, at, rec, buf, low):
    """The places of the events in force at the checkpoint `rec` (at `at`), following
    its chain back, and the checkpoints passed: [(place, n, k)], newest first.
    ValueError when a link does not read as a checkpoint that fits, or a place is not
    between the header's end (`low`) and its checkpoint."""
    n, ix = rec["n"], rec["ix"]
    if not (_within(ix[2], low, at) and _within(ix[3], low, at)):
        raise ValueError("a checkpoint's places are not in the log")
    parts = [ix[2]]
    passed = [(at, n, ix[1])]
    need = ix[1]
    link = ix[0]
    first = None  # the link's own index
    while need > 0:
        if not low <= link < at:
            raise ValueError("a checkpoint's link leads nowhere")
        prev = record_at(f, link, buf)
        pix = prev.get("ix")
        if pix is None or "snap" not in prev or need > prev["n"] or pix[4] >= ix[4]:
            raise ValueError("a checkpoint's link is not a checkpoint")
        if need > pix[1]:
            part = pix[2][:need - pix[1]]
            if not _within(part, low, link):
                raise ValueError("a checkpoint's places are not in the log")
            parts.append(part)
        need = min(need, pix[1])
        passed.append((link, prev["n"], pix[1]))
        first = first or (link, prev["n"], pix)
        at, link, ix = link, pix[0], pix
    events = Pages()
    for i in range(len(parts) - 1, -1, -1):
        events.extend(parts[i])
    if len(events) != n:
        raise ValueError("a checkpoint's places do not add up")
    return events, passed, first


def _link_agrees(r, at, rec, link, low):
    """Do the records from the checkpoint's link to it give the timeline it claims?
    (About 50 records, read forward as a resume reads: the last checkpoint is then as
    sure as the one before it.) None when that cannot be told this way (no link, or
    the link's events before the checkpoint's own are not known here)."""
    if link is None:
        return None
    place, n, lix = link
    k, events = rec["ix"][1], r.timeline.events
    if k < lix[1] or k > n:
        return None
    if not (_within(lix[2], low, place) and _within(lix[3], low, place)):
        return False  # the link's own places are not in the log before it
    t = Reading(r.store)
    t.head, t.engine = r.head, r.engine
    t.timeline.events.extend(events[i] for i in range(k))
    t.timeline.events.extend(lix[2][k - lix[1]:])
    t.timeline.undone.extend(lix[3])
    t.kept, t.chain, t.keep = lix[4], lix[0], lix[1]
    reader = gamelog.Reader()
    reader.count = lix[4]
    with r.store.open_text(LOG, place) as f:
        lines = Places(f, place)
        for got in reader.read(lines):
            if lines.start >= at:
                break
            t.track(got, lines.start)  # ValueError: it does not fit
            t.kept += 1
    return (lines.start == at and t.kept == rec["ix"][4] and same(t.timeline.events, events)
            and same(t.timeline.undone, r.timeline.undone))


def read_from_checkpoint(store):
    """The fast reading of a long log: from its last checkpoint on (a Reading), or None
    when there is no checkpoint to start from or its chain is broken (then the whole
    log is read)."""
    size = store.size(LOG)
    r = Reading(store)
    buf = borrow_buffer()
    try:
        with open(r.path, "rb") as f:
            found = last_checkpoint(f, size or 0, buf)
            if found is None:
                return None
            at, rec = found
            head, low = _header(f, buf)
            r.head = gamelog.check_header(head)
            r.engine = engine_for(r.head["game"])
            ix = rec["ix"]
            if ix[4] > at or not state_ok(r.engine, r.head, rec["snap"]):
                return None  # more records before it than bytes, or a state not of
            r.timeline.events, passed, link = _places(f, at, rec, buf, low)  # this game
            r.timeline.undone = Pages(ix[3])
            if not (_fingerprint(ix, r.timeline) and
                    _follows(f, at, rec, r.timeline.events, buf, low)):
                return None
        return_buffer(buf)
        buf = None
        told = _link_agrees(r, at, rec, link, low)
        if told is False:
            return None
        if told is None:
            # At least the places the checkpoint itself lists (about 50): each an event
            # of its own, in the log's order. The older ones are checked as read.
            for _e in events_at(r.path, r.timeline.events, max(0, ix[1] - 1)):
                pass
    except (ValueError, UnicodeError):
        return None
    finally:
        if buf is not None:
            return_buffer(buf)  # for the reading forward
    r.kept = ix[4]  # the records before the checkpoint, header included
    r.chain, r.keep = ix[0], ix[1]  # as the checkpoint found them (track() checks)
    reader = gamelog.Reader()
    reader.count = ix[4]  # past the header: records from here on, numbered from the
    with store.open_text(LOG, at) as f:  # file's start
        lines = Places(f, at)
        r.gather(reader.read(lines), lines)
    if r.kept < 0:
        return None
    r.problem = reader.problem
    if r.snap is None and r.chain == at:
        r.snap = _holding(store, r.keep, passed)
        if r.snap is not None and not state_ok(r.engine, r.head, r.snap[1]):
            r.snap = None
    r.replay()
    return r


def _fingerprint(ix, timeline):
    """Are the places of the events in force and undone the ones the checkpoint `ix`
    was written with (its crc; an older log's have none)?"""
    return len(ix) < 6 or timeline.undone.crc(timeline.events.crc()) == ix[5]


def _follows(f, at, rec, events, buf, low):
    """Does the checkpoint at `at` say what the record just before it did? An event
    is then the last in force, a correction in force where it says, an undo left
    something undone, a redo something in force."""
    before = _line_start(f, at - 1, buf)
    if before < low:
        return False  # the header, or a line too long: no checkpoint comes there
    prev = record_at(f, before, buf)
    n, undone = len(events), rec["ix"][3]
    if "snap" in prev:
        return prev["n"] == rec["n"]
    if "fix" in prev:
        return prev["fix"] < n and events[prev["fix"]] == before
    if "e" in prev:
        return n > 0 and events[n - 1] == before and not undone
    if "undo" in prev:
        return len(undone) > 0
    return n > 0  # a redo


def _header(f, buf):
    """The log's first record (unchecked: check_header says what is wrong with it) and
    where the records after it begin."""
    f.seek(0)
    got = f.readinto(buf)
    nl = buf.find(b"\n", 0, got)
    if nl < 0:
        raise ValueError("the log does not start with a game")
    return gamelog.decode(str(memoryview(buf)[:nl], "utf-8")), nl + 1


def _holding(store, keep, passed):
    """The newest checkpoint passed whose state still holds, as (n, state): the
    events before its n are unchanged since it was written. `keep`: how many of the
    last checkpoint's events are unchanged now."""
    for at, n, k in passed:
        if keep >= n:
            buf = borrow_buffer()
            try:
                with open(store.path(LOG), "rb") as f:
                    rec = record_at(f, at, buf)
            except ValueError:
                return None
            finally:
                return_buffer(buf)
            return None if "snap" not in rec else (rec["n"], rec["snap"])
        keep = min(keep, k)
    return None
