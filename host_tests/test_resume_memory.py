# A long game resumes in memory that does not grow with its log: the events in force
# are kept as their places in the log and read back from flash when needed, and only
# the events after the last snapshot are replayed. Measured on the MicroPython unix
# port's heap (CPython has no such figure: skipped there).
import gc

from pawpad.store.files import Storage
from pawpad.store.resume import resume
from pawpad.store.session import Session
from pawsim import robots
from support.device import fresh_dir
from support.skipping import only_micropython


def retained(events, n):
    """Bytes the resumed session of a game of n events keeps, and the session."""
    store = Storage(fresh_dir())
    s = Session.new(store, "top_dog", 6, None)
    for e in events[:n]:
        s.offer(e, 0)
        s.flush()
    del s
    gc.collect()
    before = gc.mem_alloc()
    r, messages = resume(store)
    assert not messages and len(r.events()) == n
    gc.collect()
    kept = gc.mem_alloc() - before
    return kept, r


def test_a_long_log_resumes_in_the_same_memory_as_a_short_one():
    only_micropython("the heap's figures are MicroPython's")
    _, events = robots.play("top_dog", 6, None, robots.Even(5), 400)
    assert len(events) >= 400
    short, _ = retained(events, 100)
    long, r = retained(events, 400)
    # 300 more events: a place each (a small int in a list), not the events themselves
    # (about 500 bytes each on this port when they were held in RAM)
    assert long - short < 300 * 24, (short, long)
    # and the events are all there, read back from flash
    assert list(r.events()) == events[:400]


def test_the_whole_reading_leaves_no_reference_to_its_code():
    import sys

    import pawpad.games
    import pawpad.store.log

    _, events = robots.play("top_dogs", 3, None, robots.Even(2), 20)
    store = Storage(fresh_dir())
    s = Session.new(store, "top_dogs", 3, None)
    for e in events:
        s.offer(e, 0)
        s.flush()
    r, messages = resume(store)  # the reading is loaded, used and dropped
    assert not messages and list(r.events()) == events
    for package, leaf in ((pawpad.store.log, "scan"), (pawpad.store.log, "checkpoint"),
                          (pawpad.games, "shape")):
        assert package.__name__ + "." + leaf not in sys.modules
        assert not hasattr(package, leaf), leaf  # the package's own reference goes too
