# Shared by the CPython-only tests that run the MicroPython unix port as a subprocess.
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def micropython():
    """The unix port installed beside this Python (the project's .venv)."""
    path = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(path):
        raise RuntimeError("micropython is not installed beside " + sys.executable)
    return path


def run_mp(args, heap="2m", timeout=120):
    return subprocess.run([micropython(), "-X", "heapsize=" + heap] + args, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def run_sim(tmp_path, script, *options, heap="512k"):
    """Plays a headless simulator script; returns (log lines, out folder)."""
    keys = tmp_path / "script.keys"
    keys.write_text(script)
    out = tmp_path / "out"
    data = tmp_path / "data"
    r = run_mp(["tools/sim/sim.py", "--script", str(keys), "--out", str(out), "--data", str(data)]
               + list(options), heap=heap)
    assert r.returncode == 0, r.stdout + r.stderr
    return (out / "log.txt").read_text().splitlines(), out
