# How a long game resumes on the device: for each title a game log of about 1000
# records is written on the host exactly as the box writes it, copied to the device's
# /data, and resumed there (store/resume.py: resume) with time.ticks_us() and gc.mem_free()
# around it. Then what the game's end adds for the history's score sheet (the log
# replayed whole from flash, score_sheet.totals without its bound), timed the same
# way, and what that comes to at the bound (score_sheet.REPLAY_MAX events: a longer
# game keeps no sheet). Usage (after `make flash`):
#   python tools/bench/bench_resume_device.py --mpremote .venv/bin/mpremote --port PORT
# (its table also written into docs/benchmarks.md, the section "bench-resume").
#
# --offer: the worst resume of issue 33, from power-on to the offer on the panel, on the
# emulated Pico (tools/rp2emu: its control port resets the chip and hands over the
# panel's frames). First a boot with no game, to the menu (the fresh boot). For every
# title logs of OFFER_SIZES records (the robot's game; one
# that ends is undone back a way and played on, as tools/pawsim/longdata.py does), whose
# last record corrects the game's first event (the checkpoints' chain starts anew), is
# copied to /data; then the chip is reset and the panel watched until its title bar says
# "Resume?" (a). Then the same log with one more record, a valid-checksum event the rules
# refuse, which makes the box read the whole log record by record (b). The times are
# emulated ms from the chip's reset to the last byte of the offer's frame: (a) against
# the fresh boot's menu + OVER_FRESH_MS, (b) against OFFER_GOAL_MS; beside them when the
# panel first showed anything, how many other pictures it showed before the offer (the
# progress) and the longest it stood still.
# `make bench-device` runs it as its phase "resume" (PORT=socket://127.0.0.1:47001, the
# control port next to it, 47002; or --control HOST:PORT). The device's /data is set
# aside meanwhile (as /data.before-bench) and put back after.
#   python tools/bench/bench_resume_device.py --mpremote .venv/bin/mpremote \
#       --port socket://127.0.0.1:47001 --offer [--frozen] [--offer-limit 60]
import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from install.flash import STOP_WATCHDOG  # noqa: E402
from pawpad.games.common import clone  # noqa: E402
from pawpad.store.files import Storage  # noqa: E402
from pawpad.store.log import codec  # noqa: E402
from pawpad.store.records.score_sheet import REPLAY_MAX  # noqa: E402
from pawpad.store.resume import resume  # noqa: E402
from pawpad.store.session import LOG, Session  # noqa: E402
from pawpad.ui import font5x8  # noqa: E402
from pawsim import longdata, robots  # noqa: E402

GAMES = (  # name, players, settings, chooser, robot moves
    ("top_dog", 6, None, robots.Even(5), 1000),
    ("circus_puppy", 5, {"red": [5, 15, 25], "star": [10, 20]}, robots.Chooser(11), 3000),
    ("pick_a_dog", 2, {"variant": "pog"}, robots.Close(3), 1000),
    ("top_dogs", 5, {"rounds": 30, "cups": 30}, robots.Chooser(7), 1000),
)
RECORDS = 1000

# Runs on the device (`mpremote run`): the resume and the sheet timed there.
ON_DEVICE = os.path.join(ROOT, "tools", "bench", "bench_resume_run.py")


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


# --- power-on to the resume offer (issue 33), on the emulated Pico ---
OFFER_GOAL_MS = 3000  # the careful reading (b), with its progress
OVER_FRESH_MS = 300  # the fast reading (a): the offer at most this long after the menu
#                     a box with no game shows (issue 37)
OFFER_RECORDS = 2000
OFFER_SIZES = (1000, 2000)
OFFER_LIMIT_S = 60  # emulated s watched for the offer (the emulator runs busy code at
#                     about a tenth of real time: a minute of it is some ten of the host's)
OFFER_TITLES = longdata.TITLES
BURST_GAP_MS = 5  # panel writes closer than this are one picture (show() sends pages)
ASIDE_DIR = "/data.before-bench"

# On the device: /data set aside once (a run that stopped half way left it aside
# already: then /data holds only the benchmark's files), emptied, put back.
DEVICE_FS = STOP_WATCHDOG + """import os
def _rm(p):
    try:
        if os.stat(p)[0] & 0x4000:
            for n in os.listdir(p):
                _rm(p + '/' + n)
            os.rmdir(p)
        else:
            os.remove(p)
    except OSError:
        pass
def _there(p):
    try:
        os.stat(p)
        return True
    except OSError:
        return False
"""
SET_ASIDE = DEVICE_FS + """if _there('/data') and not _there('%s'):
    os.rename('/data', '%s')
_rm('/data')
os.mkdir('/data')
print('ready')
""" % (ASIDE_DIR, ASIDE_DIR)
PUT_BACK = DEVICE_FS + """_rm('/data')
if _there('%s'):
    os.rename('%s', '/data')
print('ready')
""" % (ASIDE_DIR, ASIDE_DIR)
# Everything but the log goes (what the last boot left: its count, a copy set aside);
# the log's size says it is the one copied; then the refused record, if any, after it.
BEFORE_BOOT = DEVICE_FS + """for _n in os.listdir('/data'):
    if _n != 'game.log':
        _rm('/data/' + _n)
try:
    _size = os.stat('/data/game.log')[6]
except OSError:
    _size = -1
if _size == %d and %r:
    with open('/data/game.log', 'a') as _f:
        _f.write(%r)
print('size', _size)
"""


def worst_game(title, folder, records=OFFER_RECORDS):
    """The worst resume's log of `title` in `folder`: `records` records of the robot's
    game, then a correction of its first event (a change where the later events still
    fit, else the event as it was: a correction all the same). Returns (the log's
    path, the line of a record the rules refuse after it, figures)."""
    store = Storage(folder)
    store.remove(LOG)
    with longdata._Ids("worst"):
        g = longdata.Game(store, longdata.LONG[title], 1)
    g.play(records, sprinkle=False)
    s = g.s
    first = s.events()[0]
    changed = False
    for e in (longdata.tweaked(first, g.rng), first):
        if s.fix(0, e, g._time()) is None:
            changed = e != first
            break
    else:
        raise RuntimeError("%s: the first event cannot be corrected" % title)
    s.flush()
    event, why = refused(s)
    line = codec.encode({"e": event, "ms": s.ms + 4000})
    return store.path(LOG), line, {"in force": len(s.events()), "changed": changed,
                                    "refused": why}


def refused(s):
    """An event the rules refuse where the game `s` stands: the last or the first event
    again, else the last one with its numbers out of range (99, then -1), or its first
    list one item short, or of its kind and nothing more."""
    evs = s.events()
    last = evs[-1]

    def bent(v, to):
        if isinstance(v, dict):
            return {k: bent(x, to) for k, x in v.items()}
        if isinstance(v, list):
            return [bent(x, to) for x in v]
        return to if isinstance(v, int) and not isinstance(v, bool) else v

    def short(v):
        if isinstance(v, dict):
            for k in sorted(v):
                if isinstance(v[k], list) and v[k]:
                    return dict(v, **{k: v[k][:-1]})
        return v

    for e in (last, evs[0], bent(last, 99), bent(last, -1), short(last), {"t": last["t"]}):
        try:
            s.engine.step(clone(s.state), e)
        except ValueError as why:
            return e, str(why)
    raise RuntimeError("%s: found no event the rules refuse" % s.name)


def host_check(path, line, tmp):
    """The two cases as the host's resume (store/resume.py) reads them: (a) without a word, (b)
    stopping at the refused record (the careful reading). Returns what is wrong."""
    problems = []
    for case, extra in (("a", ""), ("b", line)):
        work = os.path.join(tmp, "check")
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        shutil.copy(path, os.path.join(work, LOG))
        with open(os.path.join(work, LOG), "a") as f:
            f.write(extra)
        _, messages = resume(Storage(work))
        fits = "does not fit" in " ".join(messages)
        if case == "a" and messages:
            problems.append("(a) reads with messages: %s" % " ".join(messages))
        if case == "b" and not fits:
            problems.append("(b) is not refused: %s" % " ".join(messages))
    shutil.rmtree(os.path.join(tmp, "check"), ignore_errors=True)
    return problems


_GLYPHS = {bytes(b & 0x7F for b in font5x8.GLYPHS[i * 5:i * 5 + 5]): chr(font5x8.FIRST + i)
           for i in range(len(font5x8.GLYPHS) // 5)}


def title_of(ram):
    """The text at the left of the panel's title bar (widgets.title_bar: white across the
    top, black letters from x 2 at y 1), or None when there is no bar."""
    if ram[0] != 0xFF or ram[1] != 0xFF:
        return None
    out = ""
    for x in range(2, 123, 6):
        ch = _GLYPHS.get(bytes((~ram[x + j] & 0xFF) >> 1 for j in range(5)))
        if ch is None or ram[x + 5] != 0xFF:
            break
        out += ch
    return out.rstrip()


class Control:
    """The emulator's control port: a command a line, a JSON line back."""

    def __init__(self, address):
        host, _, port = address.rpartition(":")
        self.sock = socket.create_connection((host or "127.0.0.1", int(port)), timeout=60)
        self.lines = self.sock.makefile("r")

    def __call__(self, cmd):
        self.sock.sendall((cmd + "\n").encode())
        return json.loads(self.lines.readline())

    def close(self):
        self.sock.close()


def control_of(port, given=None):
    """The control port: given, or the emulator's next to its serial socket."""
    if given:
        return given
    if port.startswith("socket://"):
        host, _, p = port[len("socket://"):].rpartition(":")
        if p.isdigit():
            return "%s:%d" % (host, int(p) + 1)
    return None


def bursts(frames):
    """The panel's pictures: [(start ms, end ms, ram)], writes within BURST_GAP_MS of
    each other as one (a show() sends a page or a run of pages at a time)."""
    out = []
    for t, end, ram in frames:
        if out and t - out[-1][1] <= BURST_GAP_MS:
            out[-1] = (out[-1][0], end, ram)
        else:
            out.append((t, end, ram))
    return out


def watch_offer(ctl, limit_s, title="Resume?"):
    """Resets the chip and watches the panel until the offer's picture (a picture whose
    title bar starts with `title`) is whole (or
    `limit_s` emulated s pass). Returns (offer ms or None, the pictures [(start, end,
    title)], resets on the way, ms watched), times from the reset."""
    before = ctl("stats")["resets"]
    ctl("reset")
    frames, zero, now = [], None, 0.0
    wall, last_now = time.time(), -1.0
    while True:
        r = ctl("frames")
        if r["resets"] > before:
            if zero is None:
                zero = r["since_ms"]
            base = r["since_ms"] - zero
            frames += [(base + f["t_ms"], base + f["end_ms"], bytes.fromhex(f["ram"]))
                       for f in r["frames"]]
            now = base + r["emu_ms"]
            pics = bursts(frames)
            offer = next((end for _, end, ram in pics
                          if (title_of(ram) or "").startswith(title)), None)
            if offer is not None and now > offer + BURST_GAP_MS * 4:  # it is whole
                return offer, _named(pics), r["resets"] - before - 1, now
            if now > limit_s * 1000:
                return None, _named(pics), r["resets"] - before - 1, now
        if now != last_now:
            wall, last_now = time.time(), now
        elif time.time() - wall > 120:
            raise RuntimeError("the emulator's clock stood still for 2 minutes")
        time.sleep(0.3)


def _named(pics):
    return [(start, end, title_of(ram)) for start, end, ram in pics]


def mp(connect, *args, timeout=600, tries=5):
    """An mpremote command, tried again when the device was busy resetting."""
    for _ in range(tries):
        try:
            r = subprocess.run(connect + list(args), capture_output=True, text=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            continue
        if r.returncode == 0:
            return r.stdout
    raise RuntimeError("mpremote %s: %s" % (" ".join(args[:2]),
                                            (r.stdout + r.stderr).strip()[-200:]))


def offer_bench(mpremote, port, control=None, frozen=False, copies=(),
                limit_s=OFFER_LIMIT_S, titles=OFFER_TITLES, say=print):
    """The worst resume of every title, power-on to the offer (see the top of this
    file). `copies`: files to put on the device first (a frozen build's main.py and
    board files). Returns the titles and cases that failed to give a figure."""
    address = control_of(port, control)
    say("== power-on -> the resume offer on the panel (\"Resume?\"), %s: logs of %s "
        "records a title whose last corrects the first event (a: the fast reading, goal "
        "the fresh boot's menu + %d ms), and the same with an event the rules refuse "
        "after it (b: the careful reading, goal %d ms); emulated ms from the chip's reset"
        % ("frozen UF2" if frozen else ".mpy install",
           " and ".join(str(n) for n in OFFER_SIZES), OVER_FRESH_MS, OFFER_GOAL_MS))
    if address is None:
        say("  skipped: it needs the emulated Pico's control port (PORT=socket://HOST:P, "
            "the control port at P+1, or --control HOST:PORT)")
        return []
    try:
        ctl = Control(address)
        ctl("stats")
    except (OSError, ValueError) as e:
        say("  skipped: no control port at %s (%s)" % (address, e))
        return []
    connect = [mpremote, "connect", port]
    failed = []
    say("  %-13s %8s %7s %4s %10s %12s %8s %11s %6s" % (
        "title", "in force", "log", "case", "offer", "first shown", "pictures",
        "still most", "resets"))
    try:
        for path in copies:
            mp(connect, "fs", "cp", path, ":" + os.path.basename(path))
        mp(connect, "exec", SET_ASIDE)
        fresh, pics, _, _ = watch_offer(ctl, limit_s, "Pawpad")  # no game: the menu
        say("  %-13s %8s %7s %4s %7s ms %9s ms   (power-on -> the menu, no game saved)" % (
            "fresh boot", "-", "-", "-", "-" if fresh is None else "%.0f" % fresh,
            "-" if not pics else "%.0f" % pics[0][1]))
        with tempfile.TemporaryDirectory() as tmp:
            for title, records in [(t, n) for t in titles for n in OFFER_SIZES]:
                folder = os.path.join(tmp, "%s-%d" % (title, records))
                os.makedirs(folder)
                path, line, fig = worst_game(title, folder, records)
                size = os.path.getsize(path)
                for p in host_check(path, line, tmp):
                    say("  %s: the host reads it otherwise: %s" % (title, p))
                mp(connect, "exec", DEVICE_FS + "_rm('/data')\nos.mkdir('/data')\n")
                mp(connect, "fs", "cp", path, ":/data/" + LOG)
                for case, extra in (("a", ""), ("b", line)):
                    name = "%s (%s)" % (title, case)
                    try:
                        out = mp(connect, "exec", BEFORE_BOOT % (size, extra, extra))
                        if "size %d" % size not in out:  # the box changed the log
                            mp(connect, "fs", "cp", path, ":/data/" + LOG)
                            out = mp(connect, "exec", BEFORE_BOOT % (size, extra, extra))
                        offer, pics, resets, watched = watch_offer(ctl, limit_s)
                    except (RuntimeError, OSError, ValueError) as e:
                        say("  %s: FAILED: %s" % (name, e))
                        failed.append(name)
                        continue
                    say(offer_row(title, fig, size, case, offer, pics, resets, watched,
                                  fresh))
                say("  %-13s the correction %s; refused: %s" % (
                    "", "changes the first event" if fig["changed"]
                    else "keeps the first event as it was", fig["refused"]))
        mp(connect, "exec", PUT_BACK)
    finally:
        ctl.close()
    return failed


def offer_row(title, fig, size, case, offer, pics, resets, watched, fresh=None):
    """A row of the table: the offer's time against the goal, the first picture, the
    pictures before the offer and the longest the panel stood still till then. Case
    (a), the fast reading, against the fresh boot's menu (`fresh` ms) + OVER_FRESH_MS;
    (b), the careful one, against OFFER_GOAL_MS."""
    upto = [p for p in pics if offer is None or p[1] <= offer]
    first = upto[0][1] if upto else None
    still = 0.0
    for a, b in zip(upto, upto[1:]):
        still = max(still, b[0] - a[1])
    if offer is None and upto:
        still = max(still, watched - upto[-1][1])
    between = max(0, len(upto) - 2) if offer is not None else max(0, len(upto) - 1)
    if offer is None:
        verdict = "no offer within %.0f s" % (watched / 1000)
    elif case == "a" and fresh is not None:
        over = offer - fresh
        verdict = "%+.0f ms over the fresh boot, goal <= %d: %s" % (
            over, OVER_FRESH_MS, "within" if over <= OVER_FRESH_MS else "OVER THE GOAL")
    else:
        verdict = "within the goal" if offer <= OFFER_GOAL_MS else "OVER THE GOAL"
    return "  %-13s %8d %4d KB %4s %7s ms %9s ms %8d %8.0f ms %6d  %s" % (
        title if case == "a" else "", fig["in force"], size // 1024, case,
        "> %.0f" % watched if offer is None else "%.0f" % offer,
        "-" if first is None else "%.0f" % first, between, still, resets, verdict)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpremote", default="mpremote")
    ap.add_argument("--port", required=True)
    ap.add_argument("--offer", action="store_true",
                    help="power-on to the resume offer, on the emulated Pico (see above)")
    ap.add_argument("--control", help="the emulator's control port, HOST:PORT "
                    "(default: the serial socket's port + 1)")
    ap.add_argument("--frozen", action="store_true", help="(--offer) the frozen UF2 runs: "
                    "main.py, board.py and pins.py are copied first")
    ap.add_argument("--offer-limit", type=float, default=OFFER_LIMIT_S,
                    help="(--offer) emulated s to wait for an offer")
    ap.add_argument("--titles", default=",".join(OFFER_TITLES), help="(--offer) which")
    ap.add_argument("--no-doc", action="store_true", help="leave docs/benchmarks.md alone")
    a = ap.parse_args()
    if a.offer:
        copies = []
        if a.frozen:
            from bench import bench_device  # noqa: E402

            copies = bench_device.FROZEN_COPIES
        failed = offer_bench(a.mpremote, a.port, a.control, a.frozen, copies,
                             a.offer_limit, a.titles.split(","))
        sys.exit(1 if failed else 0)
    connect = [a.mpremote, "connect", a.port]
    subprocess.run(connect + ["exec", STOP_WATCHDOG], capture_output=True, timeout=120)
    print("== resuming a long game on the device (store/resume.py: resume; ticks_us, mem_free)")
    print("  %-13s %7s %7s %10s %12s %12s %10s %6s %12s" % (
        "game", "records", "events", "resume", "free before", "free after", "sheet",
        "rows", "at %d events" % REPLAY_MAX))
    md = []
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
            r = subprocess.run(connect + ["run", ON_DEVICE], capture_output=True,
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
            md.append([name, records, n, "%.0f ms" % (int(us) / 1000), f0 + " B", f1 + " B",
                       "%.0f ms" % (int(sheet_us) / 1000), rows,
                       "%.0f ms" % (per_event * REPLAY_MAX), msgs])
        subprocess.run(connect + ["fs", "rm", ":/data/" + LOG], capture_output=True,
                       timeout=120)
    if md and not a.no_doc:
        from bench import figures

        print("  (figures written to %s)" % figures.shown(figures.write(
            "bench-resume", figures.section("bench-resume", figures.device(a.port, False), [(
                "A game log of about %d records of each title, resumed on the device "
                "(store/resume.py; ticks_us, mem_free), then its score sheet made from the "
                "whole log, and that at the bound (score_sheet.REPLAY_MAX = %d events)"
                % (RECORDS, REPLAY_MAX), figures.table(
                    ["game", "records", "events", "resume", "free before", "free after",
                     "sheet", "rows", "at %d events" % REPLAY_MAX, "messages"], md))]))))


if __name__ == "__main__":
    main()
