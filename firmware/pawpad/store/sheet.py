# The score sheet of the game in progress, kept on flash as the game goes (SHEET): a
# header naming the game and the sheet's mark before any row, then one line a row:
# the number of events in force when the row closed, each seat's total, and the mark it
# closed on. Each line carries a checksum as the log's records do (gamelog.encode), so
# a damaged byte is found, never shown as a total. A row is appended when it closes; an
# undo or a correction that takes rows back rewrites the file without them (through a
# temporary file: a power cut leaves the old sheet or the new one). It is read a line
# at a time: neither keeping it nor reading it holds more than a row or two in RAM,
# however long the game. It is only ever a copy of what the log says: damaged, cut
# short or another game's, it is made again from the log (app/shell/score_sheet.py).
from pawpad.store import gamelog
from pawpad.store.logread import SHEET  # the file's name, beside the log's


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
        self.store.write_text(SHEET, gamelog.encode({"sheet": self.id, "m": mark}))

    def append(self, n, totals, mark):
        self.store.append_line(SHEET, gamelog.encode({"n": n, "t": totals, "m": mark}))

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
                n, totals, mark = _row(rec, last)
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
            out.write(gamelog.encode({"sheet": self.id, "m": head}))

            def copy(_i, n, totals, mark):
                out.write(gamelog.encode({"n": n, "t": totals, "m": mark}))
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
        rec = gamelog.decode(line[:-1])
    except ValueError:
        raise Bad("a damaged line")
    if not isinstance(rec, dict):
        raise Bad("a damaged line")
    return rec


def _row(rec, last):
    """(n, totals, mark) of a row record whose n comes after `last`; Bad if it is
    not one."""
    n, totals = rec.get("n"), rec.get("t")
    if not (isinstance(n, int) and not isinstance(n, bool) and n > last
            and isinstance(totals, list) and "m" in rec):
        raise Bad("a damaged row")
    for v in totals:
        if not isinstance(v, int) or isinstance(v, bool):
            raise Bad("a damaged row")
    return n, totals, rec["m"]
