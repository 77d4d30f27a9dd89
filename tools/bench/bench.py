# `make bench`: measured figures, not pass/fail.
#   - the firmware's size as .mpy (what the Pico loads), by layer;
#   - the smallest -X heapsize at which the simulator boots the firmware to the menu on
#     the MicroPython unix port (objects there are 64-bit, larger than on the Pico);
#   - bytes on the I2C bus for a full frame and for a one-line change, and their time
#     at 400 kHz and 1 MHz (9 clocks a byte: 8 bits and the acknowledge).
# Printed, and written as tables into docs/benchmarks.md (its section "bench",
# tools/bench/figures.py; --no-doc leaves the file alone).
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import figures  # noqa: E402
from pawpad.drivers.ssd1306 import SSD1306  # noqa: E402
from pawpad.ui.canvas import Canvas  # noqa: E402
from pawsim.fakes import I2C  # noqa: E402
from pawsim.panel import Panel  # noqa: E402


def mpy_sizes(mpy_dir):
    sizes = {}
    for root, _, names in os.walk(mpy_dir):
        for n in names:
            if n.endswith(".mpy"):
                rel = os.path.relpath(os.path.join(root, n), mpy_dir)
                parts = rel.split(os.sep)
                group = "/".join(parts[:2]) if parts[0] == "pawpad" and len(parts) > 2 else parts[0]
                sizes[group] = sizes.get(group, 0) + os.path.getsize(os.path.join(root, n))
    return sizes


def plays(mp, heap_k, sim_mpy, script, players, expect):
    """Does the script play to its end in a heap of heap_k KB?"""
    with tempfile.TemporaryDirectory() as tmp:
        keys = os.path.join(tmp, "game.keys")
        with open(keys, "w") as f:
            f.write(script)
        os.mkdir(tmp + "/data")
        with open(tmp + "/data/settings.json", "w") as f:
            f.write('{"players": %d}' % players)
        r = subprocess.run([mp, "-X", "heapsize=%dk" % heap_k, "tools/sim/sim.py", "--mpy", sim_mpy,
                            "--script", keys, "--out", tmp, "--data", tmp + "/data"],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
        return r.returncode == 0 and expect in r.stdout


def smallest_heap(mp, sim_mpy, script, players, expect, lo=16, hi=2048):
    """Binary search, in KB, for the smallest heap in which the script plays through."""
    if not plays(mp, hi, sim_mpy, script, players, expect):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if plays(mp, mid, sim_mpy, script, players, expect):
            hi = mid
        else:
            lo = mid
    return hi


def bus_figures():
    panel = Panel()
    bus = I2C(0, devices=[panel])
    disp = SSD1306(bus)
    c = Canvas(disp.buffer)
    c.text("Pawpad", 0, 0, 1, 2)
    disp.show()  # the first frame after power-on: everything
    b0 = bus.bus_bytes
    disp.invalidate()
    disp.show()
    full = bus.bus_bytes - b0
    b0 = bus.bus_bytes
    c.fill_rect(0, 24, 128, 8, 0)
    c.text("Red STOP", 0, 24)
    disp.show()
    line = bus.bus_bytes - b0
    return full, line


FAILED = []  # the parts that failed: make bench exits non-zero after printing the rest


def part(label, cmd, **kw):
    """Runs one part of the benchmark and prints what it printed; a part that exits
    non-zero is named in FAILED."""
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300, **kw)
    print(r.stdout.rstrip())
    if r.returncode:
        print(r.stderr.rstrip())
        print("  FAILED: %s (exit %d)" % (label, r.returncode))
        FAILED.append(label)
        return r.stdout.split("\n") + ["FAILED: %s (exit %d)" % (label, r.returncode)]
    return r.stdout.split("\n")


def ms(nbytes, hz):
    return nbytes * 9 * 1000.0 / hz


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--micropython", default="micropython")
    ap.add_argument("--mpy", default="build/mpy")
    ap.add_argument("--sim-mpy", default="build/sim")
    ap.add_argument("--no-doc", action="store_true", help="leave docs/benchmarks.md alone")
    a = ap.parse_args()
    md = []  # (heading, Markdown): this benchmark's section of docs/benchmarks.md

    print("== firmware size as .mpy (mpy-cross -march=armv6m)")
    sizes = mpy_sizes(a.mpy)
    for group in sorted(sizes):
        print("  %-20s %7d bytes" % (group, sizes[group]))
    print("  %-20s %7d bytes" % ("total", sum(sizes.values())))
    md.append(("The firmware's size as .mpy (mpy-cross -march=armv6m), by layer",
               figures.table(["part", "bytes"], [[g, sizes[g]] for g in sorted(sizes)]
                             + [["total", sum(sizes.values())]])))

    print("== smallest -X heapsize (unix port, 64-bit objects, the simulator's own"
          " fakes and script included)")
    subprocess.run([sys.executable, "tools/install/compile_all.py", "--mpy-cross",
                    os.path.join(os.path.dirname(a.micropython), "mpy-cross"), "--march", "host",
                    "--out", a.sim_mpy, "firmware", "tools/pawsim:pawsim", "boards/pico"],
                   cwd=ROOT, check=True, capture_output=True)
    from pawsim import scripts

    heaps = []
    for label, script, players, expect in (
            ("boot to the menu", "1600 end\n", 4, "screen menu"),
            ("full Top Dogs game, 3 players", scripts.top_dogs_game(), 3, "screen menu\n"),
            ("full Pick-a-Dog game, 8 players", scripts.pick_a_dog_game(), 8, "screen menu\n")):
        heap = smallest_heap(a.micropython, a.sim_mpy, script, players, expect)
        print("  %-32s %s" % (label + ":", "%dk" % heap if heap else "not within 2048k"))
        heaps.append([label, "%dk" % heap if heap else "not within 2048k"])
        if not heap:
            FAILED.append(label)
    print("  budget for full games: 96k")
    md.append(("The smallest -X heapsize (unix port, 64-bit objects, the simulator's own "
               "fakes and script included; budget for full games: 96k)",
               figures.table(["run", "smallest heap"], heaps)))
    live = []
    for game, players in (("top_dogs", 3), ("pick_a_dog", 8)):
        with tempfile.TemporaryDirectory() as tmp:
            with open(tmp + "/settings.json", "w") as f:
                f.write('{"players": %d}' % players)
            live += part("heap of a %s game" % game, [a.micropython, "-X", "heapsize=2m",
                                                       "tools/bench/bench_heap.py", a.sim_mpy,
                                                       tmp, game])
    rows = [re.match(r"\s*(\S+)\s+live after the game: firmware\s*(\d+k).*simulator\s*(\d+k)",
                     x) for x in live]
    md.append(("The live heap after a whole scripted game (tools/bench/bench_heap.py, "
               "-X heapsize=2m)", figures.table(
                   ["game", "firmware (modules and data)", "simulator (fakes, panel, board)"],
                   [m.groups() for m in rows if m]) + "".join(
                       "\n\n" + x.strip() for x in live if x.startswith("FAILED"))))

    print("== replaying a long game's events (unix port, game timings; a power cut's resume"
          " does this)")
    md.append(("Replaying a long game's events (tools/bench/bench_replay.py: unix port, "
               "game timings; a power cut's resume does this)", figures.from_text(
                   part("replay", [a.micropython, "-X", "heapsize=4m",
                                   "tools/bench/bench_replay.py"]))))

    print("== the history of 300 games opened and ended onto (unix port; the index made"
          " once, as the boot does)")
    from bench import bench_long_data

    with tempfile.TemporaryDirectory() as tmp:
        bench_long_data.write_history(tmp, 300)
        hist = part("history", [a.micropython, "-X", "heapsize=4m",
                                "tools/bench/bench_history.py", tmp])
    md.append(("The history of 300 games (tools/bench/bench_history.py: unix port, "
               "bench_long_data's history; History opened and a game ended onto it, with "
               "the bytes each read)", figures.from_text(hist)))

    print("== the STOP path (Pick-a-Dog, unix port, simulated board: game timings, 50-100"
          " times faster than a Pico; the device's figures: make bench-device)")
    print("  bytes on the I2C bus until the caller's name is on the panel:")
    stop = part("the STOP path", [a.micropython, "-X", "heapsize=2m",
                                  "tools/bench/bench_stop.py"])
    md.append(("The STOP path (tools/bench/bench_stop.py: Pick-a-Dog, unix port, simulated "
               "board, game timings; bytes on the I2C bus until the caller's name is on the "
               "panel)", figures.from_text(stop, [["STOP of", "bytes", "at 400 kHz",
                                                    "at 1 MHz"]])))

    print("== I2C bus (address bytes included)")
    full, line = bus_figures()
    bus = []
    for name, n in (("full frame", full), ("one text line", line)):
        print("  %-14s %5d bytes  %6.2f ms at 400 kHz  %6.2f ms at 1 MHz"
              % (name, n, ms(n, 400000), ms(n, 1000000)))
        bus.append([name, n, "%.2f" % ms(n, 400000), "%.2f" % ms(n, 1000000)])
    md.append(("The I2C bus (address bytes included; 9 clocks a byte)",
               figures.table(["write", "bytes", "ms at 400 kHz", "ms at 1 MHz"], bus)))
    if not a.no_doc:
        print("  (figures written to %s)" % figures.shown(figures.write("bench", figures.section(
            "bench", figures.unix_port(a.micropython) + ", the firmware as .mpy files (build/mpy; "
            "the simulator's build/sim)", md))))
    if FAILED:
        sys.exit("make bench: %d part(s) failed: %s" % (len(FAILED), ", ".join(FAILED)))


if __name__ == "__main__":
    main()
