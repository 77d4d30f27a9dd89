# How a long game resumes on the device: for each title a game log of about 1000
# records is written on the host exactly as the box writes it, copied to the device's
# /data, and resumed there (Session.resume) with time.ticks_us() and gc.mem_free()
# around it. Then what the game's end adds for the history's score sheet (the log
# replayed whole from flash, score_sheet.totals without its bound), timed the same
# way, and what that comes to at the bound (score_sheet.REPLAY_MAX events: a longer
# game keeps no sheet). Usage (after `make flash`):
#   python tools/bench/bench_resume_device.py --mpremote .venv/bin/mpremote --port PORT
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for sub in ("firmware", "tools", "tools/install", "tools/bench",
            "tools/web", "tools/checks", "tools/sim", "tools/shims"):
    sys.path.insert(0, os.path.join(ROOT, sub))

from flash import STOP_WATCHDOG  # noqa: E402

from pawpad.app.shell.score_sheet import REPLAY_MAX  # noqa: E402
from pawpad.store.files import Storage  # noqa: E402
from pawpad.store.session import LOG, Session  # noqa: E402
from pawsim import robots  # noqa: E402


class Even(robots.Lcg):
    def num(self, lo, hi):
        return lo


class Close(robots.Lcg):
    def num(self, lo, hi):
        return robots.Lcg.num(self, lo, min(hi, lo + 1))


GAMES = (  # name, players, settings, chooser, robot moves
    ("top_dog", 6, None, Even(5), 1000),
    ("circus_puppy", 5, {"red": [5, 15, 25], "star": [10, 20]}, robots.Lcg(11), 3000),
    ("pick_a_dog", 2, {"variant": "pog"}, Close(3), 1000),
    ("top_dogs", 5, {"rounds": 30, "cups": 30}, robots.Lcg(7), 1000),
)
RECORDS = 1000

ON_DEVICE = """
import gc, time
from pawpad.store.files import Storage
from pawpad.store.session import Session
gc.collect()
free0 = gc.mem_free()
t0 = time.ticks_us()
s, m = Session.resume(Storage("/data"))
us = time.ticks_diff(time.ticks_us(), t0)
gc.collect()
free1 = gc.mem_free()
from pawpad.app.shell import flow, score_sheet
f = flow.load(s.name)
gc.collect()
t0 = time.ticks_us()
rows = score_sheet.totals(s, f, False)
sheet_us = time.ticks_diff(time.ticks_us(), t0)
print("RESULT", len(s.events()), us, free0, free1, len(m), sheet_us, len(rows))
"""


def write_log(name, players, settings, chooser, moves, folder):
    """A log of about RECORDS records: the robot's game, then undo and redo in turn
    when the game has fewer events than that (Top Dogs has 30 rounds at most)."""
    _, events = robots.play(name, players, settings, chooser, moves)
    store = Storage(folder)
    store.remove(LOG)
    s = Session.new(store, name, players, settings)
    records = 1
    for e in events[:RECORDS]:
        s.offer(e, 0)
        records += 1
    while records < RECORDS:
        s.undo(0) if records % 2 else s.redo(0)
        records += 1
    s.flush()
    return store.path(LOG), len(events[:RECORDS]), records


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpremote", default="mpremote")
    ap.add_argument("--port", required=True)
    a = ap.parse_args()
    connect = [a.mpremote, "connect", a.port]
    subprocess.run(connect + ["exec", STOP_WATCHDOG], capture_output=True, timeout=120)
    print("== resuming a long game on the device (Session.resume; ticks_us, mem_free)")
    print("  %-13s %7s %7s %10s %12s %12s %10s %6s %12s" % (
        "game", "records", "events", "resume", "free before", "free after", "sheet",
        "rows", "at %d events" % REPLAY_MAX))
    with tempfile.TemporaryDirectory() as tmp:
        for name, players, settings, chooser, moves in GAMES:
            path, events, records = write_log(name, players, settings, chooser, moves, tmp)
            subprocess.run(connect + ["fs", "mkdir", ":/data"], capture_output=True,
                           timeout=120)
            cp = subprocess.run(connect + ["fs", "cp", path, ":/data/" + LOG],
                                capture_output=True, text=True, timeout=600)
            if cp.returncode:
                print("  %s: copy failed: %s" % (name, cp.stderr.strip()[-200:]))
                continue
            r = subprocess.run(connect + ["exec", ON_DEVICE], capture_output=True,
                               text=True, timeout=600)
            line = [x for x in r.stdout.split("\n") if x.startswith("RESULT")]
            if not line:
                print("  %s: %s" % (name, (r.stdout + r.stderr).strip()[-300:]))
                continue
            _, n, us, f0, f1, msgs, sheet_us, rows = line[0].split()
            per_event = int(sheet_us) / 1000 / max(1, int(n))
            print("  %-13s %7d %7s %7.0f ms %10s B %10s B %7.0f ms %6s %9.0f ms%s" % (
                name, records, n, int(us) / 1000, f0, f1, int(sheet_us) / 1000, rows,
                per_event * REPLAY_MAX, "" if msgs == "0" else "  (%s messages)" % msgs))
        subprocess.run(connect + ["fs", "rm", ":/data/" + LOG], capture_output=True,
                       timeout=120)


if __name__ == "__main__":
    main()
