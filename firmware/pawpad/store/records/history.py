# The history of finished games (history.log): one record a game, appended when it
# ends and pruned to the newest HISTORY_KEEP, read and written a record at a time so
# that a history of any size needs the memory of one record.
from micropython import const

from pawpad.store.log import codec, readback, schema

HISTORY = "history.log"
HISTORY_KEEP = const(50)


def history(store, reader=None):
    """The finished games one at a time, oldest first. Each record stands alone: a
    damaged one is passed over (and counted in the reader). A long history takes
    seconds on a Pico (about 30 ms a record: a 300-game one is read three times at a
    game's end), so the reading feeds the watchdog."""
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
    """The game's record in the history, or None."""
    for g in history(store):
        if g.get("id") == game_id:
            return g
    return None


def in_history(store, game_id):
    return recorded(store, game_id) is not None


def add_game(store, rec, keep=HISTORY_KEEP):
    """A finished game's record appended, unless a record of its id is there already
    (an ending interrupted by a power cut and done again); the history then pruned to
    the newest `keep`. OSError when the flash cannot take it."""
    if in_history(store, rec["id"]):
        return
    # A line cut short by a power cut is ended first, so this one stays whole (the game
    # log needs no such care: a resume rewrites its torn tail).
    mend = "" if store.ends_whole(HISTORY) else "\n"
    store.append_line(HISTORY, mend + codec.encode(rec))
    prune_history(store, keep)


def prune_history(store, keep=HISTORY_KEEP):
    """Keeps the newest `keep` games once the file holds a tenth more than that. A
    file with damaged records is copied aside whole before it is rewritten. Both
    readings and the writing go a record at a time: a history of any size needs the
    memory of one record."""
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
