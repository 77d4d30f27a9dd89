# The score sheet of the game in progress, kept on flash as the game goes (SHEET): a
# header naming the game and the sheet's mark before any row, then one line a row:
# its number (from 0), the number of events in force when the row closed, each seat's
# total, and the mark it closed on. Each line carries a checksum as the log's records
# do (codec.encode), so a damaged byte is found, never shown as a total, and a row
# taken out or put twice is found by its number. A row is appended when it closes; an
# undo or a correction that takes rows back rewrites the file without them (through a
# temporary file: a power cut leaves the old sheet or the new one). It is read a line
# at a time: neither keeping it nor reading it holds more than a row or two in RAM,
# however long the game. It is only ever a copy of what the log says: damaged, cut
# short or another game's, it is made again from the log (store/records/score_sheet.py),
# and a row whose totals are not what the log says at its event count is found when
# it is checked against the log (at a resume, at the game's end) and made again.
# The log's checkpoints (Session._checkpoint) are what makes that check cheap: the
# states they hold are read here (checkpoints(), snapshot()), a record at a time.
from pawpad.store.log import codec, readback
from pawpad.store.log.lines import borrow_buffer, return_buffer
from pawpad.store.log.readback import LOG, SHEET  # the file's name, beside the log's


class Bad(ValueError):
    """The file is not a whole sheet of this game."""


class SheetFile:
    def __init__(self, store, game_id):
        self.store = store
        self.id = game_id
        self.place = None  # (row, byte offset, n before it) of the row each() last gave

    def start(self, mark):
        """An empty sheet of this game, whose state's mark is `mark`, in place of
        whatever was there."""
        self.store.write_text(SHEET, codec.encode({"sheet": self.id, "m": mark}))

    def append(self, i, n, totals, mark):
        """Row i (from 0), closed when n events were in force."""
        self.store.append_line(SHEET, _line(i, n, totals, mark))

    def each(self, fn, upto=None, at=None):
        """fn(i, n, totals, mark) for each row, oldest first (i from 0; n the events in
        force when it closed), those closed by event `upto` at the most; stops early
        when fn returns True. at=(i, byte offset, n of the row before): begins at that
        row (a place mark() noted), the header not read again. Returns the mark of the
        header (None when begun at a row). Bad when the file is not a whole sheet of
        this game, OSError when it cannot be read."""
        i, pos, last = at if at is not None else (0, 0, 0)
        head = None
        with self.store.open_text(SHEET, pos) as lines:
            for line in lines:
                rec = _record(line)
                if head is None and at is None:
                    if rec.get("sheet") != self.id or "m" not in rec:
                        raise Bad("not this game's sheet")
                    head = rec
                    pos += len(line)
                    continue
                n, totals, mark = _row(rec, last, i)
                if upto is not None and n > upto:
                    break
                self.place = (i, pos, last)  # where this row begins, for a later each()
                if fn(i, n, totals, mark):
                    break
                last = n
                pos += len(line)  # the lines are ASCII: characters are bytes
                i += 1
        if head is None and at is None:
            raise Bad("no header")
        return head["m"] if head is not None else None

    def pair(self, i, at=None):
        """(the totals of row i - 1 or None, those of row i), read from `at` (as
        each()'s, at row i - 1 or before) or from the start."""
        got = [None, None]

        def take(j, _n, totals, _mark):
            if j == i - 1:
                got[0] = totals
            elif j == i:
                got[1] = totals
                return True
            return False

        self.each(take, None, at)
        if got[1] is None:
            raise Bad("no row %d" % i)
        return got[0], got[1]

    def keep_until(self, upto):
        """Rewrites the sheet with only the rows closed by event `upto` at the most;
        returns (rows kept, the last one's n or 0, the mark after it)."""
        head = self.each(_first)  # the header's mark: nothing else is read
        kept = [0, 0, head]
        with self.store.write_stream(SHEET) as out:
            out.write(codec.encode({"sheet": self.id, "m": head}))

            def copy(i, n, totals, mark):
                out.write(_line(i, n, totals, mark))
                kept[0] += 1
                kept[1] = n
                kept[2] = mark

            self.each(copy, upto)
        return kept[0], kept[1], kept[2]


def _first(_i, _n, _totals, _mark):
    return True


def _record(line):
    if not isinstance(line, str) or not line.endswith("\n"):
        raise Bad("a line cut short")
    try:
        rec = codec.decode(line[:-1])
    except ValueError:
        raise Bad("a damaged line")
    if not isinstance(rec, dict):
        raise Bad("a damaged line")
    return rec


def _line(i, n, totals, mark):
    return codec.encode({"i": i, "n": n, "t": totals, "m": mark})


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _row(rec, last, i):
    """(n, totals, mark) of the record of row i, whose n comes after `last`; Bad if it
    is not one."""
    n, totals = rec.get("n"), rec.get("t")
    if not (rec.get("i") == i and _int(rec["i"]) and _int(n) and n > last
            and isinstance(totals, list) and "m" in rec):
        raise Bad("a damaged row")
    for v in totals:
        if not _int(v):
            raise Bad("a damaged row")
    return n, totals, rec["m"]


# --- the log's checkpoints, for checking the sheet against the log ---

def checkpoints(store, at, keep, targets):
    """[(n, place) or None for each event count in `targets`]: the latest checkpoint of
    the log whose state is still the game's after its first n events, n at most the
    target. Found by following the checkpoints' chain back from the last one (at
    place `at`, of which the first `keep` events in force are still the first in force:
    Session.ck_at, ck_keep), a record at a time: a checkpoint's state holds while none
    of the changes after it reached behind its n (each link says how far back the
    changes since the one before it reached). A link that does not read as a
    checkpoint ends the walk: what was found before it stands."""
    found = [None] * len(targets)
    if not at or not targets:
        return found
    buf = borrow_buffer()
    try:
        with open(store.path(LOG), "rb") as f:
            while at > 0 and keep > 0:
                readback.patience()
                rec = readback.record_at(f, at, buf)
                n, ix = rec.get("n"), rec.get("ix")
                if "snap" not in rec or not _int(n) or not isinstance(ix, list) or \
                        len(ix) < 2 or not _int(ix[0]) or not _int(ix[1]) or ix[0] >= at:
                    break
                if n <= keep:
                    for k in range(len(targets)):
                        if n <= targets[k] and (found[k] is None or found[k][0] < n):
                            found[k] = (n, at)
                keep = min(keep, ix[1])
                at = ix[0]
                done = True  # no older one can be better for any target
                for k in range(len(targets)):
                    if found[k] is None or found[k][0] < min(keep, targets[k]):
                        done = False
                if done:
                    break
    except (OSError, ValueError):
        pass  # the walk ends here
    finally:
        return_buffer(buf)
    return found


def snapshot(store, at):
    """The state the checkpoint at place `at` holds (found by checkpoints()); None
    when it cannot be read as one."""
    buf = borrow_buffer()
    try:
        with open(store.path(LOG), "rb") as f:
            state = readback.record_at(f, at, buf).get("snap")
    except (OSError, ValueError):
        state = None
    finally:
        return_buffer(buf)
    return state if isinstance(state, dict) else None
