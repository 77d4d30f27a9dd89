# Replay figures for `make bench`, run on the MicroPython unix port: for each game, a
# long robot-played game (a few hundred events) is replayed from its event list, as
# a game resumed after a power cut is at boot. Prints events, time, bytes allocated
# while replaying (the garbage collector reclaims them) and the final state's size.
import gc
import os
import sys
import time

from pawpad.games.common import replay  # noqa: E402
from pawpad.store.files import Storage  # noqa: E402
from pawpad.store.resume import resume  # noqa: E402
from pawpad.store.session import LOG, Session  # noqa: E402
from pawsim import robots  # noqa: E402

GAMES = (
    # name, players, settings, chooser, robot moves
    ("top_dogs", 5, {"rounds": 30, "cups": 30}, robots.Chooser(7), 300),  # 30: the most
    ("pick_a_dog", 2, {"variant": "pog"}, robots.Close(3), 400),
    ("top_dog", 6, None, robots.Even(5), 300),
    ("circus_puppy", 5, {"red": [5, 15, 25], "star": [10, 20]}, robots.Chooser(11), 600),
)


def mem_total():
    try:
        import micropython

        return micropython.mem_total()
    except (ImportError, AttributeError):
        return None


def flash_figures(name, players, settings, events, root):
    """Writes the game's log as the device does; returns (bytes on flash, resume ms)."""
    store = Storage(root)
    store.remove(LOG)
    s = Session.new(store, name, players, settings)
    for e in events:
        s.offer(e, 0)
        s.flush()
    size = os.stat(store.path(LOG))[6]
    gc.collect()
    t0 = time.ticks_us()
    r, messages = resume(store)
    us = time.ticks_diff(time.ticks_us(), t0)
    assert r.state == s.state and not messages
    store.remove(LOG)
    return size, us / 1000


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "/tmp/pawpad-bench"
    print("  %-13s %6s %9s %12s %10s" % ("game", "events", "replay", "allocated", "state"))
    logs = []
    for name, players, settings, chooser, moves in GAMES:
        _, events = robots.play(name, players, settings, chooser, moves)
        logs.append((name, players, settings, events))
        engine = robots.ENGINES[name]
        gc.collect()
        before = gc.mem_alloc()
        total0 = mem_total()
        t0 = time.ticks_us()
        state = replay(engine, players, settings, events)
        us = time.ticks_diff(time.ticks_us(), t0)
        total1 = mem_total()
        gc.collect()
        kept = gc.mem_alloc() - before
        alloc = "%10d B" % (total1 - total0) if total0 is not None else "         ?"
        print("  %-13s %6d %6.1f ms %s %8d B" % (name, len(events), us / 1000, alloc, kept))
        del state
    print("== the game log on flash (unix port): bytes written, and resuming from it")
    print("  %-13s %6s %9s %10s %12s" % ("game", "events", "log", "per event", "resume"))
    for name, players, settings, events in logs:
        size, ms = flash_figures(name, players, settings, events, root)
        print("  %-13s %6d %7d B %8d B %9.1f ms" % (name, len(events), size,
                                                     size // max(1, len(events)), ms))


main()
