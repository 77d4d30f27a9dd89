# A saved game read back from its log at boot: the resume, at once (resume) or a slice
# at a time while the boot screen shows how far it has come (Resuming). The reading is
# store/log/reading.py's; the game in play, store/session.py's.
from pawpad.store.log import reading
from pawpad.store.log.readback import LOG, finish
from pawpad.store.session import Session
from pawpad.store.sliced import Sliced


def resume(store):
    """(session or None, messages), read at once: see Resuming, which reads it a slice
    at a time."""
    return finish(resuming(store))


def resuming(store, progress=None):
    """The resume as a generator (Resuming runs it): it yields how far its reading has
    come (per mille) and its value is (session or None, messages). The log is read
    from its last checkpoint on when it can be (see store/log/scan.py), else a record
    at a time from the start, and only the events after the last snapshot that holds
    are replayed: neither the time nor the memory a resume needs grows with the log.
    A torn last record is dropped; a damaged log keeps what it can and is kept aside
    whole; an unreadable one is kept aside. A log without one whole line (a game whose
    first record never reached flash whole: nothing of it was ever saved) is removed
    without a word."""
    from pawpad.store.log import scan  # dropped again by reading.read()

    if not scan.has_a_record(store):
        lost = scan.lost_its_end(store)
        reading.drop_readers()
        if lost:
            return None, reading.set_aside(store, "lost the end of its first record")
        store.remove(LOG)
        return None, []
    try:
        r, messages = yield from reading.read(store, False, False, progress)
    except reading.READ_ERRORS as e:
        return None, reading.set_aside(store, "could not be read (%s)" % e)
    except MemoryError:  # the heap of the moment, not the log: it stays
        return None, ["Not enough memory to read", "the saved game now; it",
                      "stays on flash."]
    s = Session(store, r.head, r.timeline, r.state, r.size, r.snap)
    s.took(r)
    return s, messages


class Resuming(Sliced):
    """A resume read a slice at a time, so that the box's loop goes round while a long
    log is read (the boot screen shows how far it has come): advance(n) reads n more
    records or events, and says when the reading is over; `result` is
    then resume()'s (session or None, messages). `permille`: how far the
    reading under way has come; `careful`: it is the careful one (every record tried
    against the game), which a damaged log needs and which takes longer."""

    def __init__(self, store):
        self.careful = False
        Sliced.__init__(self, resuming(store, self))
