# The history's index (history.idx): one entry of ENTRY bytes for each line of
# history.log, in its order: where the line is, a checksum of its end, whether it is a
# game the history keeps and the History screen lists, that game's row (its title and
# who won) and a hash of its id. Opening History then reads the entries of the rows
# it shows, a game's end appends one, and the game is found by its id without reading
# the history. The index is derived: history.log stays the record (its format is
# docs/events.md's), and an index that does not agree with it (missing, torn, a
# damaged entry, another file's) is made again from it, a line at a time (Rebuild:
# the boot screen shows how far it has come).
import struct
from binascii import crc32

from micropython import const

from pawpad.store.catalogues.roster import who
from pawpad.store.log import codec, readback, schema
from pawpad.store.log.lines import LINE_MAX, Lines, borrow_buffer, return_buffer
from pawpad.store.sliced import Sliced

HISTORY = "history.log"
INDEX = "history.idx"
ENTRY = const(64)
# off, bytes, tail, id hash, rank, flags, seat, title, name, its own place (a copy of
# another entry, or one out of order, is no entry of its place); its CRC after.
_FMT = "<IIIIHBb20s18sH"
_BODY = const(60)
_TITLE = const(20)
_NAME = const(18)
_TAIL = const(16)  # the line's last bytes, checked against `tail`
_CHUNK = const(8)  # entries read at once when going through the index
CATCH_UP = const(8192)  # bytes past the index's end read when met (about 8 games)

GOOD = const(1)  # a record the history keeps (schema.check_summary's)
SHOWN = const(2)  # ... and one the History screen lists (shown())
WHOLE = const(4)  # the title and the name fit the entry: the row needs no record
GAME_TITLE = const(8)  # `title` is the game's id: the registry names it
NAMED = const(16)  # `name` is who won, as the record kept them
HAS_ID = const(32)
NO_SEAT = const(-1)  # nobody won: the row says "-"
TIE = const(-2)


class Stale(Exception):
    """The index does not agree with the history (a damaged entry met while reading)."""


def shown(g):
    """A history record the History screen can show (a damaged one is passed over)."""
    if not isinstance(g, dict) or not isinstance(g.get("scores"), list):
        return False
    won = g.get("winners")
    n = len(g["scores"])
    return won is None or (isinstance(won, list) and
                           all(isinstance(w, int) and 0 <= w < n for w in won))


def _tail(data, n):
    """The CRC of a line's last bytes (`data` ends with them, `n` the line's length)."""
    k = min(n, _TAIL)
    return crc32(data[len(data) - k:]) & 0xFFFFFFFF


def _fits(text, room):
    raw = text.encode()
    return raw if len(raw) <= room else None


def entry(off, n, tail, line, rank, pos):
    """The entry of a line of `n` bytes at `off` (`line`: its text, or a codec mark),
    the index's `pos`-th, and the rank after it (the SHOWN entries so far)."""
    flags, idh, seat, title, name = 0, 0, NO_SEAT, b"", b""
    rec = None
    if line.endswith("\n") and line not in codec.MARKS:
        try:
            rec = codec.decode(line[:-1])
        except ValueError:
            rec = None
    if rec is not None and schema.check_summary(rec) is None:
        flags |= GOOD
        gid = rec.get("id")
        if isinstance(gid, str):
            flags |= HAS_ID
            idh = crc32(gid.encode()) & 0xFFFFFFFF
        if shown(rec):
            flags |= SHOWN
            rank += 1
            flags |= WHOLE
            t = rec.get("title")
            if not isinstance(t, str):
                flags |= GAME_TITLE
                t = rec.get("game")
            title = _fits(t, _TITLE)
            won = rec.get("winners") or []
            if len(won) == 1:
                seat = won[0]
                person = who(rec.get("people"), rec.get("colours"), seat)
                if person is not None:
                    flags |= NAMED
                    name = _fits(person, _NAME)
            elif won:
                seat = TIE
            if title is None or name is None:
                flags &= ~WHOLE
                title, name = title or b"", name or b""
    body = struct.pack(_FMT, off, n, tail, idh, min(rank, 0xFFFF), flags, seat, title, name,
                       pos & 0xFFFF)
    return body + struct.pack("<I", crc32(body) & 0xFFFFFFFF), rank


def moved(e, off, rank, pos):
    """Entry e's bytes for its line at `off`, of rank `rank`, at `pos` (a pruned
    history's)."""
    body = struct.pack(_FMT, off, e[1], e[2], e[3], rank, e[5], e[6], e[7], e[8], pos & 0xFFFF)
    return body + struct.pack("<I", crc32(body) & 0xFFFFFFFF)


def unpack(raw):
    """(off, bytes, tail, id hash, rank, flags, seat, title, name, place) of an entry's
    bytes, or None when its checksum is not right."""
    if len(raw) != ENTRY or struct.unpack("<I", raw[_BODY:])[0] != crc32(raw[:_BODY]) & \
            0xFFFFFFFF:
        return None
    return struct.unpack(_FMT, raw[:_BODY])


def text(field):
    """A title or a name as the entry holds it (padded with NULs)."""
    try:
        return bytes(field).rstrip(b"\x00").decode()
    except UnicodeError:
        return "?"


class Index:
    """The index on flash, read an entry (or a few) at a time. `n`: its entries;
    `size`: the history's bytes it covers."""

    def __init__(self, store):
        self.store = store
        self.n = 0
        self.rank = 0  # the SHOWN entries
        self.covers = 0

    def _read(self, f, i, k=1):
        f.seek(i * ENTRY)
        return f.read(k * ENTRY)

    def at(self, i, f=None):
        """Entry i; Stale when it is damaged."""
        if f is None:
            with open(self.store.path(INDEX), "rb") as f:
                return self.at(i, f)
        e = unpack(self._read(f, i))
        if e is None or e[9] != i & 0xFFFF or (i == 0 and e[0] != 0):
            raise Stale()
        return e

    def newest(self):
        """The entries from the newest back, a few read at a time; Stale at a damaged one."""
        if not self.n:
            return  # no file, maybe: a history yet to begin
        with open(self.store.path(INDEX), "rb") as f:
            i = self.n
            while i > 0:
                k = min(_CHUNK, i)
                i -= k
                raw = self._read(f, i, k)
                for j in range(k - 1, -1, -1):
                    e = unpack(raw[j * ENTRY:(j + 1) * ENTRY])
                    if e is None or e[9] != (i + j) & 0xFFFF:
                        raise Stale()
                    yield i + j, e

    def shown_at(self, r, f):
        """The SHOWN entry of rank r (1: the oldest): found by halves, by the rank each
        entry keeps; the place it has when every line after it is a game shown, first."""
        guess = r - 1 + self.n - self.rank
        if 0 <= guess < self.n:
            e = self.at(guess, f)
            if e[4] == r and e[5] & SHOWN:
                return e
        lo, hi = 0, self.n - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if self.at(mid, f)[4] >= r:
                hi = mid
            else:
                lo = mid + 1
        e = self.at(lo, f)
        if e[4] != r or not e[5] & SHOWN:
            raise Stale()
        return e


def _agrees(store, hist, e):
    """Does the history hold, where entry e says, a line whose end is e's?"""
    off, n = e[0], e[1]
    if not n or off + n > hist:
        return False
    k = min(n, _TAIL)
    with open(store.path(HISTORY), "rb") as f:
        f.seek(off + n - k)
        data = f.read(k)
    return len(data) == k and data[-1:] == b"\n" and _tail(data, n) == e[2]


def open_index(store):
    """The index as far as it agrees with the history: an Index whose `covers` may be
    short of the history's size (lines appended since: catch_up), or None when it must
    be made again (none, torn, another history's, damaged at either end). Reads two
    entries and the ends of two lines."""
    hist = store.size(HISTORY) or 0
    size = store.size(INDEX)
    ix = Index(store)
    if size is None or size % ENTRY:
        return ix if size is None and not hist else None
    ix.n = size // ENTRY
    if not ix.n:
        return ix
    try:
        first, last = ix.at(0), ix.at(ix.n - 1)
    except (Stale, OSError):
        return None
    if not (_agrees(store, hist, first) and _agrees(store, hist, last)):
        return None
    ix.rank = last[4]
    ix.covers = last[0] + last[1]
    return ix


def _lines(store, start):
    """(offset, bytes, tail CRC, text) of each whole line of the history from `start`."""
    buf = bytearray(_TAIL)  # the line buffer is Lines' own: no second one of 2 KB
    mv = memoryview(buf)
    with Lines(store.path(HISTORY), start=start) as lines, \
            open(store.path(HISTORY), "rb") as raw:
        at = start
        for line in lines:
            if not line.endswith("\n"):
                return  # cut short: indexed once it is mended (add_game)
            n = lines.end - at
            k = min(n, _TAIL)
            raw.seek(lines.end - k)
            got = raw.readinto(mv[:k])
            yield at, n, _tail(buf[:got], n), line
            at = lines.end


def catch_up(store, ix):
    """Entries appended for the history's lines after those the index covers (a power
    cut came between a record and its entry, or the record was just written)."""
    hist = store.size(HISTORY) or 0
    if ix.covers >= hist:
        return ix
    new = []
    for at, n, tail, line in _lines(store, ix.covers):
        raw, ix.rank = entry(at, n, tail, line, ix.rank, ix.n + len(new))
        new.append(raw)
        ix.covers = at + n
        if len(new) >= _CHUNK:
            store.append_bytes(INDEX, b"".join(new))
            ix.n += len(new)
            new = []
    if new:
        store.append_bytes(INDEX, b"".join(new))
        ix.n += len(new)
    return ix


def rebuilding(store):
    """The index made again from the whole history, as a generator that yields how far
    it has come (per mille of the history's bytes); its value is the Index. A line at a
    time, written through a temporary file: a power cut leaves the old index or the new."""
    hist = store.size(HISTORY) or 0
    ix = Index(store)
    with store.write_stream(INDEX, True) as out:
        for at, n, tail, line in _lines(store, 0):
            raw, ix.rank = entry(at, n, tail, line, ix.rank, ix.n)
            out.write(raw)
            readback.patience()  # read at once (current()): the watchdog is fed
            ix.n += 1
            ix.covers = at + n
            yield ix.covers * 1000 // hist if hist else 1000
    return ix


class Rebuild(Sliced):
    """rebuilding() a slice at a time, for the boot screen (as store/resume.Resuming)."""

    careful = False
    label = "Reading the history"

    def __init__(self, store):
        Sliced.__init__(self, rebuilding(store))

    def advance(self, n):
        try:
            return Sliced.advance(self, n)
        except OSError:  # the flash full, say: the history is read whole instead
            self._steps = None
            return True


def current(store):
    """The index, brought up to date with the history (caught up, or made again at
    once); OSError when the flash cannot take it."""
    ix = open_index(store)
    if ix is None:
        steps = rebuilding(store)
        while True:
            try:
                next(steps)
            except StopIteration as e:
                return e.value
    return catch_up(store, ix)


def needs_rebuild(store):
    """Must the index be made again from the whole history (a reading the boot screen
    shows)? Also when more than CATCH_UP bytes of whole lines are past its end (a
    firmware without the index went on appending): they are read here, with the bar,
    not when History opens. A few bytes read."""
    try:
        ix = open_index(store)
        if ix is None:
            return True
        return (store.size(HISTORY) or 0) - ix.covers > CATCH_UP and \
            store.ends_whole(HISTORY)
    except OSError:
        return False


def read_at(store, e):
    """The record of entry e, read from the history; None when it is not what the entry
    said (the history changed)."""
    off, n = e[0], e[1]
    if n > LINE_MAX:
        return None
    buf = borrow_buffer()
    try:
        with open(store.path(HISTORY), "rb") as f:
            f.seek(off)
            got = f.readinto(memoryview(buf)[:n])
        if got != n or buf[n - 1] != 0x0A:
            return None
        try:
            line = bytes(buf[:n - 1]).decode()
            rec = codec.decode(line)
        except (UnicodeError, ValueError):
            return None
    finally:
        return_buffer(buf)
    return rec if schema.check_summary(rec) is None else None
