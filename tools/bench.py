# `make bench`: measured figures, not pass/fail.
#   - the firmware's size as .mpy (what the Pico loads), by layer;
#   - the smallest -X heapsize at which the simulator boots the firmware to the menu on
#     the MicroPython unix port (objects there are 64-bit, larger than on the Pico);
#   - bytes on the I2C bus for a full frame and for a one-line change, and their time
#     at 400 kHz and 1 MHz (9 clocks a byte: 8 bits and the acknowledge).
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", "tools", "tools/shims", "boards/pico"):
    sys.path.insert(0, os.path.join(ROOT, sub))

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


def boots_to_menu(mp, heap_k, sim_mpy):
    with tempfile.TemporaryDirectory() as tmp:
        keys = os.path.join(tmp, "boot.keys")
        with open(keys, "w") as f:
            f.write("1600 end\n")
        r = subprocess.run([mp, "-X", "heapsize=%dk" % heap_k, "tools/sim.py", "--mpy", sim_mpy,
                            "--script", keys, "--out", tmp, "--data", tmp + "/data"],
                           cwd=ROOT, capture_output=True, text=True, timeout=60)
        return r.returncode == 0 and "screen menu" in r.stdout


def smallest_heap(mp, sim_mpy, lo=16, hi=1024):
    """Binary search, in KB, for the smallest heap that boots to the menu."""
    if not boots_to_menu(mp, hi, sim_mpy):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if boots_to_menu(mp, mid, sim_mpy):
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


def ms(nbytes, hz):
    return nbytes * 9 * 1000.0 / hz


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--micropython", default="micropython")
    ap.add_argument("--mpy", default="build/mpy")
    ap.add_argument("--sim-mpy", default="build/sim")
    a = ap.parse_args()

    print("== firmware size as .mpy (mpy-cross -march=armv6m)")
    sizes = mpy_sizes(a.mpy)
    for group in sorted(sizes):
        print("  %-20s %7d bytes" % (group, sizes[group]))
    print("  %-20s %7d bytes" % ("total", sum(sizes.values())))

    print("== smallest -X heapsize that boots to the menu (unix port, simulator included)")
    subprocess.run([sys.executable, "tools/compile_all.py", "--mpy-cross",
                    os.path.join(os.path.dirname(a.micropython), "mpy-cross"), "--march", "host",
                    "--out", a.sim_mpy, "firmware", "tools/pawsim:pawsim", "boards/pico"],
                   cwd=ROOT, check=True, capture_output=True)
    heap = smallest_heap(a.micropython, a.sim_mpy)
    print("  boot to menu: %s" % ("%dk" % heap if heap else "did not boot within 1024k"))
    print("  budget for full games: 96k")

    print("== replaying a long game's events (unix port; a power cut's resume does this)")
    r = subprocess.run([a.micropython, "-X", "heapsize=4m", "tools/bench_replay.py"], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    print(r.stdout.rstrip() or r.stderr.rstrip())

    print("== the STOP path (Pick-a-Dog, unix port, simulated board)")
    print("  bytes on the I2C bus until the caller's name is on the panel:")
    r = subprocess.run([a.micropython, "-X", "heapsize=2m", "tools/bench_stop.py"], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    print(r.stdout.rstrip() or r.stderr.rstrip())

    print("== I2C bus (address bytes included)")
    full, line = bus_figures()
    for name, n in (("full frame", full), ("one text line", line)):
        print("  %-14s %5d bytes  %6.2f ms at 400 kHz  %6.2f ms at 1 MHz"
              % (name, n, ms(n, 400000), ms(n, 1000000)))


if __name__ == "__main__":
    main()
