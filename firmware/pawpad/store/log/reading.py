# A saved game's log read whole or from its last checkpoint, for a resume
# (store/resume.py) and for a repair (Session.repair): the reading, the mending of a
# damaged log's file (its good part written again, the whole kept aside) and the log
# set aside when it cannot be read. The code of the readings themselves (scan.py,
# checkpoint.py, the snapshots' checker) is loaded for a reading and dropped after.
from pawpad import loader
from pawpad.store.log.readback import LOG

# What a reading of the log may raise for what is on flash (never for a bug of ours:
# those are other exceptions).
READ_ERRORS = (ValueError, KeyError, TypeError, IndexError, UnicodeError, OSError)


def set_aside(store, why):
    """The log kept aside (`why`: what was wrong with it): the lines that say so."""
    try:
        aside = store.keep_aside(LOG)
        return ["The saved game " + why + ";", "kept as " + aside + "."]
    except OSError:
        return ["The saved game " + why + "."]


def drop_readers():
    """The code of a whole reading (scan, checkpoint, the snapshots' checker) leaves
    RAM: a game being played never needs it."""
    for name in ("pawpad.store.log.checkpoint", "pawpad.store.log.scan", "pawpad.games.shape"):
        loader.forget(name)


def read(store, whole, careful=False, progress=None):
    """(a Reading of the log, messages): from its last checkpoint unless `whole`, else
    from its start; record by record when an event does not fit, or `careful`. A
    damaged log's good part goes on as the log, the same bytes at the same places, and
    the whole file is kept aside. A generator: it yields how far the reading has come
    (per mille); `progress.careful` says when it has come to the careful reading."""
    # The code of a whole reading: here, and gone after (drop_readers).
    from pawpad.store.log import checkpoint, scan

    try:
        r = None
        if not (whole or careful):
            r = yield from checkpoint.from_checkpoint(store)
            if r is not None and r.state is None:
                # What follows the last checkpoint does not fit the game: tried record
                # by record from the checkpoint before it, if both agree.
                _careful(progress)
                r = yield from checkpoint.careful_from_link(store, r)
        if not careful and (r is None or r.state is None):
            r = yield from scan.reading(store, True)
        if careful or r.state is None:  # an event did not fit: find which, one by one
            _careful(progress)
            r = yield from scan.reading(store, False)
    finally:
        drop_readers()
    messages = []
    if r.problem is not None:
        messages.append("Saved game: " + r.problem + ".")
        try:
            # The good part written again (seconds for a long log on a Pico: in slices)
            # and, but for a last record cut short, the whole file kept for whoever wants it.
            if r.problem.startswith("the last record was cut short"):
                part = store.copying(LOG, LOG, r.size)
            else:
                part = store.keeping_part(LOG, r.size)
            aside = yield from _repairing(part, r.size)
            if aside is not None:
                messages.append("The log is kept as " + aside + ".")
        except OSError as e:
            messages.append("Could not repair the log (%s)." % e)
    return r, messages


def _repairing(part, size):
    """Runs a copy (Storage.copying, keeping_part) as the reading's last tenth."""
    while True:
        try:
            done = next(part)
        except StopIteration as e:
            return e.value
        yield 900 + done * 99 // max(1, size)


def _careful(progress):
    if progress is not None:
        progress.careful = True
