# The history of finished games (history.log): one record a game, appended when it
# ends and pruned to the newest HISTORY_KEEP, read and written a record at a time so
# that a history of any size needs the memory of one record. The box finds its games
# by the index beside it (history_index.py): a game's end reads none of the history
# but the record it writes (and a prune, the games it keeps).
from binascii import crc32

from micropython import const

from pawpad.store.log import codec, readback, schema
from pawpad.store.log.lines import borrow_buffer, return_buffer
from pawpad.store.records.history_index import (
    GOOD,
    HAS_ID,
    HISTORY,
    INDEX,
    SHOWN,
    Stale,
    catch_up,
    current,
    moved,
    read_at,
)

HISTORY_KEEP = const(50)


def history(store, reader=None):
    """The finished games one at a time, oldest first. Each record stands alone: a
    damaged one is passed over (and counted in the reader). A long history takes
    seconds on a Pico (about 30 ms a record), so the reading feeds the watchdog. The
    box reads it whole only without an index (the flash full) or to make one; the
    computer's tools read it so."""
    reader = reader or schema.Reader(skip=True)
    try:
        with store.open_text(HISTORY) as f:
            for rec in reader.read(f):
                readback.patience()
                yield rec
    except OSError:
        return


# A record's times, the best first: its start, its end, its day (records from before
# the box kept times).
TIMES = ("start", "end", "date")


def when(rec):
    """When a finished game was played, as far as the box's clock knew (TIMES), to the
    minute; None when the clock was never set. A date a computer estimated (`est`: the
    game was of a power-on before the one it met) is its day alone, "about" it."""
    for k in TIMES:
        v = rec.get(k)
        if isinstance(v, str) and v:
            return "about " + v[:10] if rec.get("est") is True else v[:16]
    return None


def read_history(store, reader=None, keep=HISTORY_KEEP + HISTORY_KEEP // 10):
    """The newest `keep` finished games, oldest first, for the host's tools and tests
    (the box itself reads the history a record at a time: history())."""
    games = []
    for rec in history(store, reader):
        games.append(rec)
        if len(games) > keep:
            games.pop(0)
    return games


def recorded(store, game_id):
    """The game's record in the history, or None: found by its id in the index
    (history_index.py), one record read; the whole history when the index cannot be
    made (the flash full)."""
    ix = _index(store)
    if ix is not None:
        try:
            return _find(store, ix, game_id)[0]
        except (Stale, OSError):
            store.remove(INDEX)  # made again at the next reading
    for g in history(store):
        if g.get("id") == game_id:
            return g
    return None


def in_history(store, game_id):
    return recorded(store, game_id) is not None


def _index(store):
    try:
        return current(store)
    except (Stale, OSError):
        return None


def _find(store, ix, game_id):
    """(the record of `game_id` or None, the games the history keeps, whether it holds
    a line that is none): the index read from its end, a few entries at a time."""
    want = crc32(game_id.encode()) & 0xFFFFFFFF if isinstance(game_id, str) else None
    found, good, bad = None, 0, False
    for _i, e in ix.newest():
        if e[5] & GOOD:
            good += 1
            if found is None and e[5] & HAS_ID and e[3] == want:
                rec = read_at(store, e)
                if rec is None:
                    raise Stale()
                if rec.get("id") == game_id:
                    found = rec
        else:
            bad = True
    return found, good, bad


def add_game(store, rec, keep=HISTORY_KEEP):
    """A finished game's record appended, unless a record of its id is there already
    (an ending interrupted by a power cut and done again); the history then pruned to
    the newest `keep`. The index says both without reading the history; its entry
    follows the record (a cut between them is caught up at the next reading). OSError
    when the flash cannot take it."""
    ix = _index(store)
    found = None
    if ix is not None:
        try:
            found, good, bad = _find(store, ix, rec["id"])
        except (Stale, OSError):
            store.remove(INDEX)
            ix = None
    if ix is None:  # no index (the flash full): as before it, the history read whole
        if in_history(store, rec["id"]):
            return
    elif found is not None:
        return
    # A line cut short by a power cut is ended first, so this one stays whole (the game
    # log needs no such care: a resume rewrites its torn tail).
    mend = "" if store.ends_whole(HISTORY) else "\n"
    store.append_line(HISTORY, mend + codec.encode(rec))
    if ix is None:
        prune_history(store, keep)
        return
    try:
        catch_up(store, ix)  # the entries of the line just written (and a mended one)
    except (Stale, OSError):
        store.remove(INDEX)
        return
    good += 1
    if mend:
        bad = True
    if good > keep + keep // 10 or bad:
        _prune(store, ix, keep, bad)


def _prune(store, ix, keep, bad):
    """The newest `keep` games copied into a new history as they are on flash (no
    record decoded), their entries into a new index: what is read is the games kept,
    whatever the history's length. A history with a line that is no game is copied
    aside whole first. The index is renamed in after the history: a power cut between
    the two leaves an index of the old file, which the next reading makes again."""
    kept = []
    for _i, e in ix.newest():
        if len(kept) >= keep:
            break
        if e[5] & GOOD:
            kept.append(e)
    if bad:
        store.keep_copy(HISTORY)
    kept.reverse()
    buf = borrow_buffer()
    try:
        with store.write_stream(HISTORY, True) as out:  # renamed in once `f` is closed
            with open(store.path(HISTORY), "rb") as f:
                for e in kept:
                    f.seek(e[0])
                    got = f.readinto(memoryview(buf)[:e[1]])
                    out.write(memoryview(buf)[:got])
    finally:
        return_buffer(buf)
    at, rank = 0, 0
    with store.write_stream(INDEX, True) as out:
        for pos, e in enumerate(kept):
            if e[5] & SHOWN:
                rank += 1
            out.write(moved(e, at, rank, pos))
            at += e[1]


def prune_history(store, keep=HISTORY_KEEP):
    """Keeps the newest `keep` games once the file holds a tenth more than that, read
    whole (add_game prunes by the index; this is for a history it cannot index). A
    file with damaged records is copied aside whole before it is rewritten. Both
    readings and the writing go a record at a time: a history of any size needs the
    memory of one record. The index goes with the file it indexed."""
    reader = schema.Reader(skip=True)
    n = 0
    for _rec in history(store, reader):
        n += 1
    if n <= keep + keep // 10 and not reader.skipped:
        return
    if reader.skipped:
        store.keep_copy(HISTORY)
    drop = max(0, n - keep)
    with store.write_stream(HISTORY) as out:
        for rec in history(store):
            if drop:
                drop -= 1
            else:
                out.write(codec.encode(rec))
    store.remove(INDEX)
