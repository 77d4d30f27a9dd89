# `make bench-long PORT=...`: the long run measured ON the device (a Pico, or the
# emulated Pico of rp2emu/), on the .mpy install that make flash leaves. Two parts:
#   (1) for every title a game log of 1000 records (tools/bench/bench_long_data.py: written on
#       the host through Session by the real engines, with undos, redos and corrections)
#       is put in the device's /data; the real app is booted there on the device's own
#       board (main.py's own steps: boards/pico/board.py's build, the boot count, the
#       app's modules, main.run and its asyncio loops; the buttons are pressed as
#       tools/bench/bench_device_run.py presses them, their levels forced and their interrupt
#       handler called), the boot's offer taken with OK, PLAY_ON more changes of the game made
#       through the app's game (what the game's screens call: offer, undo), the score
#       sheet opened from the game menu and scrolled, and the game ended into the
#       history (End game, or OK on its results);
#   (2) a history.log of 300 finished games (records as Session.finish writes them,
#       score sheets included) and their statistics on /data: the History screen opened
#       and scrolled through, Statistics, a new game begun from the menu, played and
#       ended onto that history (which prunes it, streaming), History again.
# At every step, and after every change of the game and every ten rows scrolled, the
# device looks at its heap after a collection: gc.mem_free(), and the largest free
# block (the largest bytearray it can allocate, found by halves to 64 bytes). The
# figures are what the heap holds at those moments (a step's own garbage is
# collected first). The resume is timed with time.ticks_us() on the device.
# The benchmark's own code takes room on the heap (printed: "driver's own heap") and
# its names a place in MicroPython's qstr table, so a failure that hangs on one large
# block may come sooner or later than on the box. --control PORT (the emulated Pico's
# control channel) checks the same without any of it: the firmware alone booted by a
# reset (main.py), each title's log on its flash and OK pressed on the offer, then the
# 300-game history with History, a Top Dogs game and its end keyed in, the menu keys
# pressed through the emulated pins, its console read for tracebacks (and /data
# listed afterwards: what the keys did).
# The table is also written into docs/benchmarks.md (its section "bench-long"; --no-doc
# leaves the file alone).
# Exit status 1 when a step raised on the device (its traceback is printed), or a run
# gave no figures; --strict: also when a figure misses its budget.
# Usage (after make flash; make bench-long flashes first):
#   python tools/bench/bench_long_device.py --mpremote .venv/bin/mpremote --port PORT \
#       [--control 47002] [--verbose] [--titles top_dog,...] [--no-history]
import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pins  # noqa: E402

from bench import bench_long_data as data  # noqa: E402
from bench import device_code, figures  # noqa: E402
from install.flash import STOP_WATCHDOG  # noqa: E402

KB = 1024
DESIGN_FREE = 140 * KB  # docs/budgets.md: free during a whole game of any title
ISSUE_FREE = 120 * KB  # docs/budgets.md: free in every game at any length
BLOCK = 16 * KB  # the largest free block, both
NAMES = {"pick_a_dog": "Pick-a-Dog", "circus_puppy": "Circus Puppy", "top_dog": "Top Dog",
         "top_dogs": "Top Dogs"}
DRIVER_NAME = "bench_long_run"
ACTIONS = "/bench_long_actions.jsonl"

# The driver, tools/bench/bench_long_run.py, runs on the device as the module
# bench_long_run (compiled with mpy-cross, copied to the root of its flash beside
# pawsim/heap.mpy, the heap probe): main(cfg, base) is called by an exec of the host.
MODULES = ("pawsim.heap", DRIVER_NAME)


def sh(cmd, timeout=600, check=True):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if check and r.returncode:
        sys.exit("bench-long: %s failed: %s" % (" ".join(cmd[3:6]),
                                                (r.stdout + r.stderr).strip()[-600:]))
    return r


# The driver's other entries, each an exec of its own (a fresh heap).
CLEAR = STOP_WATCHDOG + "import %s\n%s.clear(%%r, %%d)\n" % (DRIVER_NAME, DRIVER_NAME)
COUNT = STOP_WATCHDOG + "import %s\n%s.count_history()\n" % (DRIVER_NAME, DRIVER_NAME)


def history_on_device(connect, fig):
    """The records in the device's history.log now, and the last one's id (read in a
    session of its own: a fresh heap)."""
    r = sh(connect + ["exec", COUNT], 300, False)
    for line in r.stdout.split("\n"):
        if line.startswith("HISTORY "):
            _, n, last = line.split()
            fig["history_after"], fig["history_last_id"] = int(n), last


OK_PIN, UP_PIN, DOWN_PIN, BACK_PIN = pins.MENU[2], pins.MENU[0], pins.MENU[1], pins.MENU[3]
# The firmware alone, part (1), by the keys: the boot screen ends by itself at 1.5 s and
# the offer comes: OK resumes; BACK opens the game menu (from a board or a judging;
# the results, for a game over, take no BACK), UP from Back to game four times (past
# Rules here) is its Score sheet, scrolled; BACK, BACK again and UP twice: End game, OK, OK.
BARE_GAME = ([(5000, OK_PIN), (9000, BACK_PIN), (9500, UP_PIN), (9800, UP_PIN),
              (10100, UP_PIN), (10400, UP_PIN), (10700, OK_PIN), (16000, UP_PIN),
              (16300, UP_PIN), (16600, DOWN_PIN), (17000, BACK_PIN), (18000, BACK_PIN),
              (18500, UP_PIN), (18800, UP_PIN), (19100, OK_PIN), (19800, OK_PIN)], 30000)


def bare_history():
    """Part (2) with the keys alone: History (300 games) opened, scrolled, a game read;
    a new Top Dogs game (its house rules as they are), two rounds of every card as it
    comes, ended from the game menu (UP twice from Back to game: End game); History
    again."""
    keys = []
    t = [3000]

    def press(pin, n=1, gap=300):
        for _ in range(n):
            keys.append((t[0], pin))
            t[0] += gap

    press(DOWN_PIN, 7)  # the menu's History row
    press(OK_PIN, 1, 8000)  # 300 records read
    press(DOWN_PIN, 10)
    press(OK_PIN, 1, 1000)
    press(BACK_PIN, 2, 1000)  # the game's notice, History
    press(UP_PIN, 4)  # Top Dogs
    press(OK_PIN, 1, 1500)  # its house rules
    press(OK_PIN, 1, 2000)  # Start game
    press(OK_PIN, 26, 500)  # two rounds: OK, then each player's three cards
    press(BACK_PIN, 1, 1000)  # the game menu
    press(UP_PIN, 2)  # past Rules here
    press(OK_PIN, 1, 1000)  # End game?
    press(OK_PIN, 1, 8000)  # into the history, pruned
    press(DOWN_PIN, 4)
    press(OK_PIN, 1, 4000)  # History again
    press(DOWN_PIN, 10)
    return keys, t[0] + 5000


def panel_text(ram):
    """What the panel says, read back with Pawpad's own font: the title bar (dark text
    on the lit bar) and the lines under it (widgets.message's rows), at x = 2."""
    from pawpad.ui import canvas

    def pixel(buf, x, y):
        return buf[(y // 8) * 128 + x] >> (y % 8) & 1

    def cell(buf, x, y, ink):
        return tuple(pixel(buf, x + i, y + j) == ink for i in range(6) for j in range(8))

    glyphs = {}
    for code in range(32, 127):
        c = canvas.Canvas()
        c.text(chr(code), 0, 0, 1)
        glyphs.setdefault(cell(c.buf, 0, 0, 1), chr(code))

    def line(buf, y, ink):
        out = ""
        for k in range(21):
            ch = glyphs.get(cell(buf, 2 + 6 * k, y, ink))
            if ch is None:
                break
            out += ch
        return out.rstrip()

    buf = bytes(ram)
    lines = [line(buf, 1, 0)]
    for y in range(12, 57, 9):
        lines.append(line(buf, y, 1))
    return [x for x in lines if x]


def bare(port, control, connect, files, players, keys, until_ms, out):
    """The firmware alone: `files` on /data, a reset (main.py runs), the menu keys
    [(ms after the reset, pin)] pressed through the emulated pins, the console read
    until `until_ms` (emulated). Returns (tracebacks, the console's lines, /data's
    files afterwards)."""
    put(connect, files, players)
    game, _, sport = port[len("socket://"):].partition(":")
    ser = socket.create_connection((game, int(sport)))
    ctl = socket.create_connection((game, control))
    cf = ctl.makefile("rw")
    text = []

    def read():
        while True:
            try:
                b = ser.recv(4096)
            except OSError:
                return
            if not b:
                return
            text.append(b.decode("utf-8", "replace"))

    def c(line):
        cf.write(line + "\n")
        cf.flush()
        return json.loads(cf.readline())

    threading.Thread(target=read, daemon=True).start()
    try:
        resets = c("stats")["resets"]
        c("reset")
        deadline = time.time() + 60
        while c("stats")["resets"] == resets and time.time() < deadline:
            time.sleep(0.2)
        t0 = c("stats")["emu_ms"]
        for ms, pin in keys:
            c("at %d press %d 100" % (t0 + ms, pin))
        deadline = time.time() + 900
        while c("stats")["emu_ms"] < t0 + until_ms and time.time() < deadline:
            time.sleep(0.5)
        time.sleep(1)
        shown = panel_text(bytes.fromhex(c("oled")["ram"]))
    finally:
        ser.close()
        ctl.close()
    for _ in range(5):  # what the keys left (again if the firmware was resetting)
        r = sh(connect + ["exec", STOP_WATCHDOG + "import os\n"
                          "print('files', os.listdir('/data'))"], 120, False)
        if "files" in r.stdout:
            break
        time.sleep(2)
    console = "".join(text).replace("\r", "")
    out.write(console)
    lines = [x for x in console.split("\n") if x.strip()]
    after = [x for x in r.stdout.split("\n") if x.startswith("files")]
    files = after[0][6:].strip() if after else "?"
    return console.count("Traceback"), lines, files + "; the panel at the end: " + \
        (" / ".join(shown) or "(nothing read)")


def raised(lines):
    """The exception line of the last traceback in `lines` (the one under its Files)."""
    err = "?"
    inside = False
    for x in lines:
        if x.startswith("Traceback"):
            inside = True
        elif inside and not x.startswith("  "):
            err, inside = x, False
    return err


def put(connect, files, players):
    """An empty /data but settings.json, then `files` [(local, device path)]."""
    for _ in range(5):  # again if the firmware was resetting itself (--control)
        try:
            r = sh(connect + ["exec", CLEAR % (ACTIONS, players)], 120,
                   False)
        except subprocess.TimeoutExpired:
            continue
        if "cleared" in r.stdout:
            break
        time.sleep(2)
    else:
        sys.exit("bench-long: /data on the device: %s" % (r.stdout + r.stderr)[-400:])
    chain = list(connect)
    for local, remote in files:
        chain += ["cp", local, ":" + remote, "+"]
    sh(chain[:-1], 1200)


def run_on_device(connect, cfg, log):
    """Runs the driver; (figures or None, the lines it printed)."""
    code = (STOP_WATCHDOG + "import gc\ngc.collect()\n_base = gc.mem_alloc()\n"
            "import %s\n%s.main(%r, _base)\n" % (DRIVER_NAME, DRIVER_NAME, cfg))
    out = []
    with subprocess.Popen(connect + ["exec", code], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True) as p:
        for line in p.stdout:
            out.append(line)
            log.write(line)
            if not line.startswith("RESULT"):
                print("    " + line.rstrip(), flush=True)
    fig = {}
    for x in out:
        if x.startswith("RESULT"):
            kind, key, value = x.rstrip("\r\n").split(" ", 2)
            if kind == "RESULT+":
                fig.setdefault(key, []).append(json.loads(value))
            elif kind == "RESULT":
                fig.setdefault(key, json.loads(value))
    fig.setdefault("errors", [])
    if p.returncode or "end" not in fig:
        print("    mpremote ended with %d and %s" % (p.returncode, "figures" if fig else
                                                      "no figures"))
    return (fig if "end" in fig else None), out


def stale(port):
    """Why the device may not run this tree's firmware (its engines must be the ones
    that wrote the logs), or None: a source newer than its .mpy of build/mpy, or a file
    whose digest is not the one make flash last copied to this port."""
    from install import flash

    for root, _dirs, names in os.walk(os.path.join(ROOT, "firmware", "pawpad")):
        for n in names:
            if n.endswith(".py"):
                src = os.path.join(root, n)
                rel = os.path.relpath(src, os.path.join(ROOT, "firmware"))
                mpy = os.path.join(ROOT, "build", "mpy", rel[:-3] + ".mpy")
                if not os.path.exists(mpy) or os.path.getmtime(mpy) < os.path.getmtime(src):
                    return "%s changed since make compile" % rel
    state = flash.load_state(os.path.join(ROOT, "build", "flashed-%s.json" % port.replace(
        "/", "_").replace(":", "_")))
    files = flash.plan(os.path.join(ROOT, "build", "mpy"), os.path.join(ROOT, "boards", "pico"),
                       os.path.join(ROOT, "firmware", "main.py"))
    for src, dst in files:
        if state.get(dst) != flash.digest(src):
            return "%s is not what make flash last put on %s" % (dst, port)
    return None


def first_error(name, errors):
    e = errors[0]
    more = len(errors) - 1
    return "%s, step %r: %s%s" % (name, e["step"], e["error"],
                                  " (and %d more after it)" % more if more else "")


def kb(b):
    return "-" if b is None else "%.1f KB" % (b / KB)


def mark(value, budget):
    if value is None:
        return "?"
    return "ok" if value >= budget else "LOW"


def ms(v):
    return "-" if v is None else "%.0f ms" % v


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpremote", default="mpremote")
    ap.add_argument("--port", required=True)
    ap.add_argument("--mpy-cross", default="mpy-cross")
    ap.add_argument("--titles", default=",".join(data.TITLES))
    ap.add_argument("--records", type=int, default=data.LOG_RECORDS)
    ap.add_argument("--play-on", type=int, default=data.PLAY_ON)
    ap.add_argument("--games", type=int, default=300, help="the history's games")
    ap.add_argument("--no-history", action="store_true", help="part (1) only")
    ap.add_argument("--no-games", action="store_true", help="part (2) only")
    ap.add_argument("--strict", action="store_true", help="fail on a figure below budget")
    ap.add_argument("--verbose", action="store_true", help="the heap at every step")
    ap.add_argument("--keep", action="store_true", help="leave the last run's /data")
    ap.add_argument("--control", type=int, default=0,
                    help="the emulated Pico's control port: also each title resumed by the "
                    "firmware alone")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "bench-long"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench-long.txt"))
    ap.add_argument("--no-doc", action="store_true", help="leave docs/benchmarks.md alone")
    a = ap.parse_args()
    connect = [a.mpremote, "connect", a.port]
    why = stale(a.port)
    if why:
        print("bench-long: WARNING: %s; the device's firmware may not be this tree's (make "
              "bench-long flashes first)" % why, flush=True)
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)

    # The driver and the heap probe, compiled for the Pico (their bytecode is loaded
    # before the app, at the bottom of the heap); as source where there is no mpy-cross.
    code = device_code.prepare(a.mpy_cross, a.work, MODULES)
    driver = code[-1][1]

    for _ in range(5):  # main.py's watchdog: stopped (again, if it reset meanwhile)
        try:
            r = subprocess.run(connect + ["exec", STOP_WATCHDOG + "import pawpad\n"
                                          "print('pawpad', pawpad.VERSION)"],
                               capture_output=True, text=True, timeout=60)
            if "pawpad" in r.stdout:
                break
        except subprocess.TimeoutExpired:
            pass
    else:
        sys.exit("bench-long: no Pawpad on %s (make flash first)" % a.port)
    r = sh(connect + ["exec", STOP_WATCHDOG + "import gc\ngc.collect()\n"
                      "print('free', gc.mem_free())"], 60)
    repl_free = int(r.stdout.split()[-1]) if "free" in r.stdout else None
    sh(connect + ["exec", STOP_WATCHDOG + device_code.setup_code(code), "+"]
       + device_code.copy_args(code)[:-1], 120)
    try:
        rev = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                             capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        rev = "?"
    print("== the long run on the device (%s), firmware of %s, %s; free heap at the REPL "
          "after a soft reset: %s" % (a.port, rev, driver.lstrip("/"), kb(repl_free)),
          flush=True)

    log = open(a.out, "w")
    rows = []
    bares = []
    failures = []
    titles = [] if a.no_games else [t for t in a.titles.split(",") if t]
    for title in titles:
        folder = os.path.join(a.work, title)
        os.makedirs(folder)
        players, events, size, _gid, actions = data.long_game(folder, title, a.records,
                                                              a.play_on)
        acts = os.path.join(folder, "actions.jsonl")
        data.write_actions(acts, actions)
        print("-- %s: a log of %d records (%d events in force, %.0f KB), %d changes to "
              "play on (%d undos)" % (NAMES[title], a.records, events, size / KB,
                                      len(actions), sum(1 for x in actions if x[0] != "e")),
              flush=True)
        put(connect, [(os.path.join(folder, "game.log"), "/data/game.log"),
                      (acts, ACTIONS)], players)
        cfg = {"part": "game", "data": "/data", "actions": ACTIONS}
        fig, _ = run_on_device(connect, cfg, log)
        if fig is not None:
            history_on_device(connect, fig)
        rows.append((title, events, size, fig))
        if a.control:
            n, lines, files = bare(a.port, a.control, connect,
                                   [(os.path.join(folder, "game.log"), "/data/game.log")],
                                   players, BARE_GAME[0], BARE_GAME[1], log)
            bares.append((NAMES[title], n, lines, files))
            print("    the firmware alone (resume, score sheet, End game; by the keys): %s; "
                  "/data then: %s" % ("%d traceback%s, the last: %s" % (
                      n, "s" * (n > 1), raised(lines)) if n else "no traceback", files),
                  flush=True)
            if n:
                failures.append("%s, the firmware alone: %s" % (NAMES[title], raised(lines)))
        if fig is None:
            failures.append("%s: the device gave no figures" % NAMES[title])
        elif fig["errors"]:
            failures.append(first_error(NAMES[title], fig["errors"]))

    hist = None
    if not a.no_history:
        folder = os.path.join(a.work, "history")
        os.makedirs(folder)
        sizes = data.write_history(folder, a.games)
        acts = os.path.join(folder, "actions.jsonl")
        data.write_actions(acts, data.new_game("top_dogs", 4, a.play_on))
        print("-- a history of %d games (%.0f KB; records %d to %d B, %d on average) and "
              "its statistics; a new Top Dogs game of %d changes ended onto it"
              % (a.games, sum(sizes) / KB, min(sizes), max(sizes), sum(sizes) // len(sizes),
                 a.play_on), flush=True)
        put(connect, [(os.path.join(folder, "history.log"), "/data/history.log"),
                      (os.path.join(folder, "stats.json"), "/data/stats.json"),
                      (acts, ACTIONS)], 4)
        cfg = {"part": "history", "data": "/data", "actions": ACTIONS, "games": a.games,
               "title": "top_dogs"}
        fig, _ = run_on_device(connect, cfg, log)
        if fig is not None:
            history_on_device(connect, fig)
        hist = (sizes, fig)
        if a.control:
            keys, until = bare_history()
            n, lines, files = bare(a.port, a.control, connect,
                                   [(os.path.join(folder, "history.log"),
                                     "/data/history.log"),
                                    (os.path.join(folder, "stats.json"), "/data/stats.json")],
                                   4, keys, until, log)
            bfig = {}
            history_on_device(connect, bfig)
            files += "; history.log: %s records, the last %s" % (
                bfig.get("history_after", "?"), bfig.get("history_last_id", "?"))
            bares.append(("history", n, lines, files))
            print("    the firmware alone (History, a Top Dogs game ended onto it, History; "
                  "by the keys): %s; /data then: %s" % (
                      "%d traceback%s, the last: %s" % (n, "s" * (n > 1), raised(lines))
                      if n else "no traceback", files), flush=True)
            if n:
                failures.append("history, the firmware alone: %s" % raised(lines))
        if fig is None:
            failures.append("history: the device gave no figures")
        elif fig["errors"]:
            failures.append(first_error("history", fig["errors"]))
    if not a.keep:
        sh(connect + ["exec", CLEAR % (ACTIONS, 4) + "import os\n"
                      "os.remove('/data/settings.json')\n"], 120, False)
    sh(connect + ["exec", STOP_WATCHDOG + device_code.cleanup_code(code)], 60, False)
    log.close()

    # --- the table ---
    low = []

    def budget(fig, what):
        free, block = fig["low_free"], fig["low_block"]
        if free is not None and free < ISSUE_FREE:
            low.append("%s: lowest free %s < 120 KB" % (what, kb(free)))
        if block is not None and block < BLOCK:
            low.append("%s: largest block %s < 16 KB" % (what, kb(block)))
        return free, block

    print("\n== the long run on the device: heap after a collection at every step and "
          "every change (lowest seen), the resume timed there")
    print("   budgets (docs/budgets.md): free >= 140 KB during a whole game, >= 120 KB in "
          "every game at any length; largest free block >= 16 KB")
    print("  %-13s %7s %7s %7s %9s %9s %10s %-12s %10s %-12s %6s %9s  %s" % (
        "game", "records", "events", "log", "resume", "OK->game", "low free", "(>=140/120)",
        "low block", "(>=16 KB)", "sheet", "end", "errors"))
    md = []  # the table's rows, for docs/benchmarks.md
    for title, events, size, fig in rows:
        if fig is None:
            print("  %-13s %7d %7d %5.0fKB  no figures (see above)" % (NAMES[title],
                                                                     a.records, events,
                                                                     size / KB))
            md.append([NAMES[title], a.records, events, "%.0f KB" % (size / KB)]
                      + ["-"] * 8 + ["no figures"])
            continue
        free, block = budget(fig, NAMES[title])
        sheet = "long" if fig.get("sheet_too_long") else str(fig.get("sheet_rows", "-"))
        print("  %-13s %7d %7d %5.0fKB %9s %9s %10s %-12s %10s %-12s %6s %9s  %s" % (
            NAMES[title], a.records, events, size / KB, ms(fig.get("resume_ms")),
            ms(fig.get("ok_to_game_ms")), kb(free),
            "%s/%s" % (mark(free, DESIGN_FREE), mark(free, ISSUE_FREE)), kb(block),
            mark(block, BLOCK), sheet, ms(fig.get("end_ms")),
            len(fig["errors"]) or "-"))
        md.append([NAMES[title], a.records, events, "%.0f KB" % (size / KB),
                   ms(fig.get("resume_ms")), ms(fig.get("ok_to_game_ms")), kb(free),
                   "%s/%s" % (mark(free, DESIGN_FREE), mark(free, ISSUE_FREE)), kb(block),
                   mark(block, BLOCK), sheet, ms(fig.get("end_ms")),
                   len(fig["errors"]) or "-"])
    if hist is not None:
        sizes, fig = hist
        if fig is None:
            print("  %-13s no figures (see above)" % "history")
            md.append(["%d history" % a.games] + ["-"] * 11 + ["no figures"])
        else:
            free, block = budget(fig, "history")
            print("  %-13s %7s %7s %5.0fKB %9s %9s %10s %-12s %10s %-12s %6s %9s  %s" % (
                "300 history" if a.games == 300 else "%d history" % a.games, a.games,
                fig.get("events", "-"), sum(sizes) / KB, "-", "-", kb(free),
                "%s/%s" % (mark(free, DESIGN_FREE), mark(free, ISSUE_FREE)), kb(block),
                mark(block, BLOCK), "-", ms(fig.get("end_ms")), len(fig["errors"]) or "-"))
            md.append(["%d history" % a.games, a.games, fig.get("events", "-"),
                       "%.0f KB" % (sum(sizes) / KB), "-", "-", kb(free),
                       "%s/%s" % (mark(free, DESIGN_FREE), mark(free, ISSUE_FREE)), kb(block),
                       mark(block, BLOCK), "-", ms(fig.get("end_ms")),
                       len(fig["errors"]) or "-"])
    print("\n  where the lowest were seen, and the rest:")
    for title, _events, _size, fig in rows:
        if fig is None:
            continue
        print("  %-13s lowest free at %r, smallest block at %r; resume: the resume %s, "
              "the offer on the panel %s after it began, %s after Device(); %d changes "
              "played on to %s events; ended by %s (game menu %s); history afterwards: %s "
              "records; driver's own heap %s" % (
                  NAMES[title], fig["low_free_at"], fig["low_block_at"],
                  ms(fig.get("resume_ms")), ms(fig.get("offer_ms")),
                  ms(fig.get("boot_to_offer_ms")), fig.get("played", 0),
                  fig.get("events", "-"), fig.get("ended_by", "-"),
                  ", ".join(fig.get("menu_by", [])) or "-", fig.get("history_after", "-"),
                  kb(fig.get("own"))))
    if hist is not None and hist[1] is not None:
        fig = hist[1]
        print("  %-13s lowest free at %r, smallest block at %r; History with %s records: "
              "opened in %s, a game in %s; Statistics %s lines; %s changes played; the "
              "end (history pruned) %s; History after: %s records, opened in %s; the file "
              "now holds %s records; driver's own heap %s" % (
                  "history", fig["low_free_at"], fig["low_block_at"],
                  fig.get("history_before_records", "-"), ms(fig.get("history_before_open_ms")),
                  ms(fig.get("history_before_game_ms")), fig.get("statistics_lines", "-"),
                  fig.get("played", "-"), ms(fig.get("end_ms")),
                  fig.get("history_after_records", "-"), ms(fig.get("history_after_open_ms")),
                  fig.get("history_after", "-"), kb(fig.get("own"))))
    figs = [(NAMES[t], f) for t, _e, _s, f in rows if f is not None]
    if hist is not None and hist[1] is not None:
        figs.append(("history", hist[1]))
    if any(f.get("bus_free") for _n, f in figs):
        print("  (the bus takes no time here, the emulator: the panel times add each "
              "frame's bytes at 9 bits a byte at 400 kHz)")
    if a.verbose:
        for name, f in figs:
            print("  %s, by step:" % name)
            for where in f["order"]:
                free, block = f["steps"][where]
                print("    %-26s free %7d B  largest block %7d B  %s" % (
                    where, free, block, ms(f["ms"].get(where))))
    if bares:
        print("\n  the firmware alone (no benchmark code on the device; a reset, the menu "
              "keys pressed through the emulated pins, the console read):")
    for name, n, lines, files in bares:
        print("  %-13s %s; /data after: %s" % (
            name, "no traceback" if not n else "%d traceback%s (the last below)" % (
                n, "s" * (n > 1)), files))
        if n:
            last = max(i for i, x in enumerate(lines) if x.startswith("Traceback"))
            for x in lines[last:last + 40]:
                print("      " + x)
    for name, f in figs:
        for n in f["notices"]:
            print("  %s: a notice at %r: %s" % (name, n[0], " / ".join(n[1:])))
    for name, f in figs:  # the first failure of a run whole, those after it in a line
        for i, e in enumerate(f["errors"]):
            if i == 0:
                print("\n  FAILED (%s) at step %r: %s\n%s" % (name, e["step"], e["error"],
                                                           e["trace"]))
            else:
                print("  then at step %r: %s" % (e["step"], e["error"]))
    if low:
        print("\n  below budget: " + "; ".join(low))
    print("  (the output is kept in %s)" % os.path.relpath(a.out, ROOT))
    if not a.no_doc and md:
        notes = ["Budgets (docs/budgets.md): free >= 140 KB during a whole game, >= 120 KB "
                 "in every game at any length; largest free block >= 16 KB. The benchmark's "
                 "own code is on the heap too (its figures are not added back)."]
        notes += ["Below budget: " + "; ".join(low) + "."] if low else []
        notes += ["Failed: " + "; ".join(failures) + "."] if failures else []
        print("  (figures written to %s)" % figures.shown(figures.write(
            "bench-long", figures.section("bench-long", figures.device(a.port, False), [(
                "The heap after a collection at every step and every change (lowest seen), "
                "the resume timed on the device", figures.table(
                    ["game", "records", "events", "log", "resume", "OK->game", "low free",
                     "(>=140/120)", "low block", "(>=16 KB)", "sheet", "end", "errors"], md)
                + "".join("\n\n" + n for n in notes))]))))
    if failures:
        print("bench-long: %d failure%s: %s" % (len(failures), "s" * (len(failures) > 1),
                                               "; ".join(failures)))
        sys.exit(1)
    if low and a.strict:
        sys.exit(1)


if __name__ == "__main__":
    main()
