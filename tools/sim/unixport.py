# The MicroPython unix port's module path, in one place on the host: the board's own
# modules (boards/pico: pins, board), the firmware and the host package (tools/: pawsim,
# and the rest), after the port's frozen modules (asyncio). The port reads it from
# MICROPYPATH, so no file run on it edits sys.path for these: the Makefile exports the
# same folders (MPPATH there), host_tests/conftest.py sets it for every unix port a test
# starts, and the entry points pawpad-sim and pawpad-bench set it before they run.
# (Not tools/shims: on the unix port `micropython` is built in.)
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDERS = ("boards/pico", "firmware", "tools")


def micropypath(root=ROOT, extra=()):
    """MICROPYPATH for the unix port: frozen modules first, then FOLDERS under root (and
    the `extra` folders a tool adds: web/py for the web page's frames)."""
    return ":".join([".frozen"] + [os.path.join(root, f) for f in FOLDERS + tuple(extra)])


def set_environ():
    """MICROPYPATH in this process's environment, for every unix port it starts, unless
    it is set already (make exports it)."""
    os.environ.setdefault("MICROPYPATH", micropypath())


def micropython():
    """The unix port installed beside this Python (the project's .venv), else on PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), "micropython")
    return beside if os.path.exists(beside) else "micropython"


def sim(argv=None):
    """pawpad-sim: the simulator (tools/sim/sim.py) on the unix port, as `make sim` runs
    it but from source (`--mpy DIR` first loads the precompiled modules of DIR)."""
    set_environ()
    heap = os.environ.get("SIMHEAP", "512k")
    args = sys.argv[1:] if argv is None else argv
    return subprocess.call([micropython(), "-X", "heapsize=" + heap,
                            os.path.join(ROOT, "tools", "sim", "sim.py")] + list(args))


def bench():
    """pawpad-bench: `make bench`'s first part (bench/bench.py), with the unix port's path
    set for the simulator runs it starts, from the repository's root."""
    set_environ()
    os.chdir(ROOT)
    from bench import bench as figures

    return figures.main()
