# The running score sheet of the game in progress: for each round (each turn in Circus
# Puppy) what every player scored in it and their total after it, as a table keeps on
# paper. Kept as the game goes (Kept, on flash in sheet.py's file): a row is appended
# when the flow's sheet_mark of the state changes, so opening the sheet reads it and
# never replays the game. Its screen is app/shell/sheet_screen.py; the game and its
# flow come in as objects (game.session, game.flow, game.sheet), never imported. At
# the end of a game the history keeps the sheet's totals (history()), thinned to fit
# its line.
#
# The file is a copy, and a copy can be wrong with every checksum right: so it is
# checked against the log it claims to sum up where that is cheap, a row at the state
# the log gives at that row's event count (replayed from the nearest state known: the
# session's snapshot, a checkpoint of the log, the start). At a resume, the rows after
# the snapshot the resume started from (the events the resume itself replayed); at
# the game's end, the rows the history keeps. A row that is not what the log says is
# made again from the log, with every row after it.
import json
from array import array

from pawpad.games.common import clone, replay
from pawpad.store.log.readback import state_ok
from pawpad.store.records.sheet import Bad, SheetFile, checkpoints, snapshot

# Events replayed for a sheet at most, when it must be made again from the log (a
# sheet damaged on flash, or a correction early in a long game): the replay costs up to
# about 9 ms an event on the Pico (Top Dog, 6 players), and a screen frozen for seconds
# (and the watchdog's reset after 8) is worse than a sheet that says it is too long.
REPLAY_MAX = 400  # not const(): a test lowers it
# Events replayed at most to check the rows at a resume (those after its snapshot: a
# checkpoint comes every 50 records). A resume that found no snapshot that near checks
# no row; the game's end checks them all the same.
CHECK_MAX = 64
BROKEN = (OSError, Bad)


def _m(mark):
    """A sheet mark as JSON gives it back (a tuple is a list there)."""
    return list(mark) if isinstance(mark, tuple) else mark


class Kept:
    """The sheet of a game, kept on flash as its events come (Session.changed), without
    ever reading the log for it: while the file holds every row (`stale` None) a row is
    appended when the state's sheet_mark changes. After a correction, a repair, or a
    resume whose last row is not the state's, the rows from event `stale` on are made
    again from the log when the sheet is next read (catch_up, up to REPLAY_MAX
    events), where a damaged log is met as every reading meets it. Without a flash (or
    when it fails) the sheet is the log replayed, as before it was kept."""

    def __init__(self, session, flow):
        self.session = session
        self.flow = flow
        self.file = None if session.store is None else SheetFile(session.store,
                                                                  session.game_id())
        self.count = 0  # rows in the file
        self.own = 0  # rows from this one on were written by this Kept, not read
        self.last = 0  # the events in force when its last row closed
        self.mark = None  # the state's sheet_mark, while the file holds every row
        self.stale = 0  # rows closed after this many events are not all in the file
        self.n = len(session.timeline.events)  # the events in force at the last change
        self.unwritten = False  # no file yet: its header goes with the first row
        if self.file is not None:
            if self.n:
                self._open()
            else:  # a new game (a new id): no sheet on flash is its own, none is read
                self._start()
        session.changed = self.changed

    def _open(self):
        """What the file on flash holds of this game, as far as the events in force go
        (a row reaches flash before its event: a power cut may leave it without one).
        Whole when the mark its last row closed on is the state's mark now, and the
        rows after the resume's snapshot are what the log says (_check_resumed)."""
        n = self.n
        s = self.session
        base = s.snap[0] if s.snap is not None else 0
        # rows within n, the last one's n, its mark, more, where the first row closed
        # after the snapshot begins (and the mark before it, the n before that), the
        # n before the last
        seen = [0, 0, None, False, None, None, 0, 0]

        def take(_i, closed, _totals, mark):
            if closed > n:
                seen[3] = True
                return True
            if closed > base and seen[4] is None:
                seen[4] = self.file.place
                seen[5] = seen[2]
                seen[6] = seen[7]
            seen[0] += 1
            seen[7] = seen[1]
            seen[1] = closed
            seen[2] = mark
            return False

        try:
            head = self.file.each(take)
            if seen[3]:
                self.file.keep_until(n)
        except BROKEN:
            self._start()
            return
        self.count, self.last = seen[0], seen[1]
        self.own = self.count
        mark = seen[2] if seen[0] else head
        now = self._mark(s.state)
        if mark == now:
            self.stale = None
            self.mark = now
            at = seen[4]
            self._check_resumed(base, None if at is None else
                                (at, head if at[0] == 0 else seen[5], seen[6]))
        else:
            self.stale = self.last

    def _check_resumed(self, base, at):
        """The rows closed after the snapshot the resume started from (its n: `base`;
        the first such row's place and the mark before it: `at`), checked against the
        log, and that none closed after the last (the events after the snapshot, at
        most CHECK_MAX, replayed from it, as the resume itself replayed them): the
        first that is not what the log says goes, with those after it (made again
        from the log when the sheet is next read)."""
        if len(self.session.timeline.events) - base > CHECK_MAX:
            return
        if at is None:  # no row after the snapshot: none read, the last is as _open found
            at = ((self.count, 0, self.last), self.mark, 0)
        try:
            wrong = self.check(range(at[0][0], self.count), False, at, base)
        except BROKEN:
            self._start()
            return
        if wrong is not None and wrong != UNTOLD:
            self.stale = wrong

    def _start(self):
        """A sheet without rows: whole for a game without events, else to be made from
        the log. Its header goes to flash with its first row (a new game's first
        screen waits for no write)."""
        self.count = self.last = self.own = 0
        s = self.session
        head = s.header
        first = s.state if not self.n else replay(s.engine, head["players"],
                                                   head["settings"], ())
        self.mark = self._mark(first)  # a new game's is its state's
        self.unwritten = True
        self.stale = 0 if self.n else None

    def _mark(self, state):
        return _m(self.flow.sheet_mark(state))

    def _close(self, state, n):
        """The row that the state after n events closes, if its mark is not the last
        row's: appended (the header first, for a sheet not written yet)."""
        mark = self._mark(state)
        if mark == self.mark:
            return
        if self.unwritten:
            self.file.start(self.mark)
            self.unwritten = False
        self.file.append(self.count, n, self.flow.scores(state), mark)
        self.count += 1
        self.last = n
        self.mark = mark

    def changed(self, first, n):
        """The events from index `first` on changed, n are in force (Session.changed).
        A row that closed at event count `last` holds while the events before it do:
        rows closed after `first` go. Reads nothing of the log."""
        if self.file is None:
            return
        grew = n == self.n + 1 and first == self.n  # an event on top (offered, redone)
        self.n = n
        try:
            upto = first if self.stale is None else min(self.stale, first)
            if self.last > upto:
                self.count, self.last, _ = self.file.keep_until(upto)
                self.own = min(self.own, self.count)
            state = self.session.state
            if self.stale is None and grew:  # the row it closed, if it closed one
                self._close(state, n)
            elif self.stale is None and upto >= n:  # undone: the rows before stay whole
                self.mark = self._mark(state)
            else:
                self.stale = upto  # a correction: the rows after it, at the next read
        except BROKEN:
            self._start()

    def catch_up(self, most=None):
        """Makes the rows closed after `stale` from the log, if that is at most `most`
        events (REPLAY_MAX); True when the file then holds every row. A damaged log
        raises Repaired, as any reading of it."""
        if self.stale is None:
            return True
        if self.file is None:
            return False
        s = self.session
        n = len(s.timeline.events)
        first = min(self.stale, n)
        log = _Log(s)
        log.aim([first])
        if n - log.origin(first, 0) > (REPLAY_MAX if most is None else most):
            return False  # the replay from the nearest state known: too long
        try:
            self.mark = self._mark(log.at(first, 0))
            if not first:  # the whole sheet, its header too
                self.file.start(self.mark)
                self.count = self.last = self.own = 0
                self.unwritten = False
            elif self.last > first:  # rows a reading cut short left beyond it
                self.count, self.last, _ = self.file.keep_until(first)
                self.own = min(self.own, self.count)
            for i in range(first + 1, n + 1):
                self._close(log.at(i, 0), i)
        except BROKEN + (ValueError,):  # a checkpoint's state the events do not fit
            self._start()
            return False
        finally:
            log.close()
        self.stale = None
        return True

    def check(self, wanted, far=True, at=None, floor=0):
        """The rows `wanted` (their numbers from 0, ascending) against the log: each
        row's mark and totals are the state's after its n events, and it closed there:
        from the row before it on, the mark was that row's until then. The header's
        mark is the start's (when read from the start), and no row closed after the
        last: from its n (or `floor`, if later) to the events in force the mark is the
        state's now. None when all of that holds; UNTOLD when a row is too far from
        the states known (CHECK_MOST); else the n of a row before the first
        that does not (0 for the first row): the rows closed after it are not all the
        log's. `far`: states from the log's checkpoints too (else only from the
        session's snapshot, or the start). `at`: (the place of the first wanted row,
        the mark before it, the n of the row before that one), to read the file from
        there. The file is read CHUNK wanted rows at a time, each chunk then checked:
        never more than that in RAM; Bad or OSError when it cannot be read."""
        s = self.session
        want = iter(wanted)
        nxt = [next(want, None)]  # the next wanted row's number
        # the row before (its n, its mark, whether there is one), the n before it
        before = [0, None, False, 0] if at is None else [at[0][2], at[1], True, at[2]]
        place = None if at is None else at[0]
        head = None
        n_now = len(s.timeline.events)
        rows = []  # [n, totals, mark, n before, mark before, the n before that, i]
        resume = [None]  # where the next chunk begins

        def take(i, n, totals, mark):
            if i == nxt[0]:
                if len(rows) == CHUNK:
                    resume[0] = (self.file.place, before[1], before[3])
                    return True
                rows.append([n, totals, mark, before[0], before[1], before[3], i])
                nxt[0] = next(want, None)
            before[3] = before[0]
            before[0], before[1], before[2] = n, mark, True
            return nxt[0] is None and i >= self.count - 1

        log = _Log(s, far, CHECK_MOST)
        try:
            while True:
                del rows[:]
                resume[0] = None
                if place is None or nxt[0] is not None:
                    got = self.file.each(take, None, place)
                    if place is None:
                        head = got
                        start = replay(s.engine, s.header["players"], s.header["settings"],
                                       ())
                        if head != self._mark(start):
                            return 0
                        if rows and not rows[0][3]:  # the first row: after the header
                            rows[0][4] = head
                wrong = self._rows_hold(log, rows, n_now)
                if wrong is not None:
                    return wrong
                if resume[0] is None:
                    break
                place, before[1], before[3] = resume[0]
                before[0] = place[2]
            last = before[0]  # the last row's n, and its mark (the header's: no row)
            mark_last = before[1] if before[2] else head
            now = self._mark(s.state)
            if last > n_now:
                return 0
            if mark_last != now:
                return last
            tail = max(last, floor)
            log.aim([tail])
            if not log.reach(n_now, 0):
                return None if self.count > self.own else UNTOLD
            for n in range(tail, n_now + 1):
                if self._mark(log.at(n, 0)) != now:
                    return last  # a row closed after the last: not in the file
        except ValueError:  # a checkpoint's state the events do not fit: from the start
            return 0
        finally:
            log.close()
        return None

    def _rows_hold(self, log, rows, n_now):
        """None when every row of `rows` (as check() reads them) is the log's; else
        the n to make the rows again after."""
        log.aim([r[3] for r in rows])
        for j, (n, totals, mark, n0, mark0, n00, i) in enumerate(rows):
            if n > n_now:
                return n0
            if not log.reach(n, j):
                if i >= self.own:
                    continue  # written by the box since, from the state: not checked
                return UNTOLD  # read from flash, too far from any state known
            if self._mark(log.at(n0, j)) != mark0:
                return n00  # the row before is not the log's
            for k in range(n0 + 1, n):  # (the states on the way: no replay of its own)
                if self._mark(log.at(k, j)) != mark0:
                    return n0  # a row closed before this one: not in the file
            state = log.at(n, j)
            if self._mark(state) != mark or self.flow.scores(state) != totals:
                return n0
        return None


def rows(game):
    """[totals after the row] for every closed row of the sheet, oldest first; None
    when it is too long to make (tests and small sheets: the screen and the history
    read a row at a time)."""
    sheet = sheet_of(game)
    try:
        return None if sheet is None else list(sheet)
    except BROKEN:
        return totals(game.session, game.flow)


def totals(session, flow, bounded=True):
    """The sheet's rows made from the log: the game replayed from its start (the
    report reads a log without a game, and with no bound to the replay)."""
    if bounded and len(session.timeline.events) > REPLAY_MAX:
        return None
    head = session.header
    state = replay(session.engine, head["players"], head["settings"], ())
    mark = flow.sheet_mark(state)
    out = []
    for e in session.events():
        state = session.engine.apply(state, e)
        now = flow.sheet_mark(state)
        if now != mark:
            out.append(flow.scores(state))
            mark = now
    return out


class OnFlash:
    """The rows of a kept sheet as a sequence (len, index, pair): each read from flash
    when it is asked for, so a long game's sheet is never in RAM. The places of
    PLACES rows spread over the sheet are noted at the first reading, so a page turned
    reads a few lines from the nearest one, not the sheet from its start."""

    PLACES = 32

    def __init__(self, kept):
        self.kept = kept
        # Every stride-th row's place (row, byte offset, n before it), in arrays made
        # now: tuples kept one by one while the sheet is read would sit apart across
        # the heap, with the reading's garbage between them (a heap of 4 KB holes).
        self.rows = array("i", [0] * self.PLACES)
        self.offsets = array("i", [0] * self.PLACES)
        self.befores = array("i", [0] * self.PLACES)
        self.noted = -1  # places noted; -1: not read yet
        self.stride = 1

    def __len__(self):
        return self.kept.count

    def __getitem__(self, i):
        return self.pair(i)[1]

    def pair(self, i):
        if not 0 <= i < self.kept.count:
            raise IndexError(i)
        f = self.kept.file
        if self.noted < 0:
            self._note_places()
        k = min(max(0, i - 1) // self.stride, self.noted - 1)
        at = (self.rows[k], self.offsets[k], self.befores[k]) if k > 0 else None
        return f.pair(i, at)

    def _note_places(self):
        f = self.kept.file
        self.stride = max(1, (self.kept.count + self.PLACES - 1) // self.PLACES)
        self.noted = 0

        def note(j, _n, _totals, _mark):
            if j % self.stride == 0 and self.noted < self.PLACES:
                k = self.noted
                self.rows[k], self.offsets[k], self.befores[k] = f.place
                self.noted = k + 1
            return False

        f.each(note)

    def __iter__(self):  # the whole sheet (rows(), a test)
        out = []
        if not self.kept.unwritten:
            self.kept.file.each(lambda _i, _n, totals, _m: out.append(totals))
        return iter(out)


class InRam(list):
    """The rows made from the log (no flash): as OnFlash."""

    def pair(self, i):
        return (self[i - 1] if i else None), self[i]


def sheet_of(game):
    """The rows for the screen and the history: OnFlash, or InRam when the sheet must
    be the log replayed; None when that is too long."""
    kept = game.sheet
    if kept.file is not None and kept.catch_up():
        return OnFlash(kept)
    made = totals(game.session, game.flow)
    return None if made is None else InRam(made)


def history(game, room):
    """{"sheet": {"unit": "Round" or "Turn", "rows": [[row number, totals], ...]}} for
    the game's history record, in at most `room` bytes of JSON (nothing when the game
    closed no row, or is too long to make): every row, or every step-th one and always
    the last. Read from the kept sheet a row at a time, as often as the thinning
    takes; a sheet found damaged on the way is the log replayed. The rows it keeps are
    checked against the log first (Kept.check): the first that is not the log's is
    made again from the log, with every row after it, and the rows kept then are
    checked in turn."""
    kept = game.sheet
    game.session.flush()  # the log's last checkpoint on flash, where the check reads it
    for _ in range(CHECKS):
        sheet = sheet_of(game)
        try:
            rows = thinned(sheet, room) if sheet else None
            if not isinstance(sheet, OnFlash):
                break  # made from the log, or none
            # every row while a replay of the whole game is within the sheet's bound (a
            # few rows a checkpoint apart cost that much already); else those it keeps
            short = len(game.session.timeline.events) <= REPLAY_MAX
            wrong = kept.check(range(len(sheet)) if short else
                               [i - 1 for i, _totals in rows or ()])
        except BROKEN:
            kept._start()
            continue
        if wrong == UNTOLD:
            rows = None  # rows that cannot be checked are not kept
        if wrong is None or wrong == UNTOLD:
            break
        kept.stale = wrong if kept.stale is None else min(kept.stale, wrong)
    else:  # wrong after every making again: the log replayed from its start
        sheet = totals(game.session, game.flow)
        rows = thinned(sheet, room) if sheet else None
    if not rows:
        return {}
    return {"sheet": {"unit": game.flow.sheet_unit, "rows": rows}}


CHECKS = 6  # checks of the history's rows at most, each after the sheet was made again
CHUNK = 16  # rows checked at a time (Kept.check): read from the file, then replayed
# Events a check replays at most (Kept.check): a row further than that from the
# states known (the start, the session's snapshot, the log's checkpoints) once those
# are spent cannot be told (UNTOLD). The rows a long game's history keeps (about 23)
# are each up to a checkpoint's 50 records from one: about 620 events in a 1650-event
# Top Dog game. One whose checkpoints an early correction left out of their chain (a
# checkpoint that cannot list its places) has no state known but the last: the
# history then keeps no sheet, as for a sheet too long to make, rather than one
# unchecked, or the end taking the replay of the whole game (about 12 ms an event on
# a Pico, Top Dog with 6 players: 20 s for 1650 events).
CHECK_MOST = 2 * REPLAY_MAX
UNTOLD = -1


class _Log:
    """The states the log gives after one event count after another (ascending), each
    replayed from the nearest state known at or before a target aimed at (aim(), for
    at()'s `k`): the session's snapshot, one of the log's checkpoints (`far`: found by
    one walk of their chain, store/records/sheet.checkpoints) or the start. The events are
    read from flash as they are replayed, one open file for them."""

    def __init__(self, session, far=True, most=None):
        self.s = session
        self.far = far and session.store is not None
        self.left = most  # events still to be replayed at most (None: no bound)
        self.n = -1  # the events the state is after; -1: none yet
        self.state = None
        self.events = None  # the reading of the events from n on
        snap = session.snap
        self.snap = snap[0] if snap is not None else -1
        self.places = []

    def aim(self, targets):
        """The event counts (ascending) that the states asked for next are after at
        the least, each to be replayed from the nearest state known at or before it
        (one walk of the checkpoints' chain for them all, when that can be nearer)."""
        self.places = [None] * len(targets)
        low = min(targets) if targets else 0
        if self.far and low > max(self.n, 0) and (self.snap < 0 or self.snap > low):
            s = self.s
            self.places = checkpoints(s.store, s.ck_at, s.ck_keep, targets)

    def origin(self, n, k):
        """The event count the state after n events is replayed from, for target k."""
        start = self.snap if 0 <= self.snap <= n else 0
        place = self.places[k]
        return place[0] if place is not None and start < place[0] <= n else start

    def reach(self, n, k):
        """Can the state after n events (for target k) be had within the bound?"""
        if self.left is None:
            return True
        start = self.origin(n, k)
        return n - (self.n if 0 <= self.n <= n and self.n >= start else start) <= self.left

    def at(self, n, k):
        """The state after the first n events (n at least the last asked), from the
        nearest state known for target k, when that is ahead of this one."""
        s = self.s
        start = self.origin(n, k)
        if self.n < 0 or start > self.n or n < self.n:
            self.close()
            state = None
            if start and start == self.snap:
                state = clone(s.snap[1])
            elif start:
                state = snapshot(s.store, self.places[k][1])
                if state is not None and not state_ok(s.engine, s.header, state):
                    state = None
            if state is None:
                start = 0
                state = replay(s.engine, s.header["players"], s.header["settings"], ())
            self.state, self.n = state, start
        while self.n < n:
            if self.events is None:
                self.events = s.events_from(self.n)
            self.state = s.engine.apply(self.state, next(self.events))
            self.n += 1
            if self.left is not None:
                self.left -= 1
        return self.state

    def close(self):
        if self.events is not None:
            self.events.close()  # the file and the shared buffer go back (Session._iter)
            self.events = None


def thinned(sheet, room):
    """[[row number from 1, totals]] of rows step, 2*step, ... and the last, with the
    smallest step whose JSON fits in `room` bytes (the first tried is what the last
    row's width allows: the totals grow as a game goes on). The last row alone when
    nothing else fits. `sheet`: a list, or OnFlash (read a row at a time)."""
    n = len(sheet)
    last = sheet[n - 1]
    width = len(json.dumps([n, last])) + 2  # ", " between rows
    step = max(1, (n * width + room - 1) // max(1, room))
    while True:
        kept = _every(sheet, step, n)
        kept.append([n, last])
        if step >= n or len(json.dumps(kept)) <= room:
            return kept
        step += 1


def _every(sheet, step, n):
    """[[i, row i]] for i = step, 2*step, ... below n (row numbers from 1)."""
    if isinstance(sheet, list):
        return [[i, sheet[i - 1]] for i in range(step, n, step)]
    out = []

    def take(j, _n, totals, _mark):
        i = j + 1
        if i < n and i % step == 0:
            out.append([i, totals])
        return i >= n

    sheet.kept.file.each(take)
    return out
