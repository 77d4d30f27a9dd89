# `make flash`: puts the firmware on a Pico with mpremote.
# Copies the precompiled firmware (build/mpy), main.py and the chosen board's board.py
# and pins.py; only files that changed since the last flash to that port are copied
# (their hashes are kept in build/flashed-<port>.json). Then asks the Pico for the
# version it now has and resets it, so that it starts the new firmware.
# --dry-run prints the mpremote commands instead.
import argparse
import hashlib
import json
import os
import subprocess
import sys


def plan(mpy_dir, board_dir, main_py):
    """[(local path, device path)] for everything that goes onto the Pico."""
    files = [(main_py, "main.py")]
    for name in ("board.py", "pins.py"):
        files.append((os.path.join(board_dir, name), name))
    pkg = os.path.join(mpy_dir, "pawpad")
    for root, dirs, names in os.walk(pkg):
        dirs.sort()
        for n in sorted(names):
            if n.endswith(".mpy"):
                local = os.path.join(root, n)
                files.append((local, os.path.relpath(local, mpy_dir).replace(os.sep, "/")))
    return files


def mpy_version(path):
    """The bytecode version a .mpy file needs (its header's second byte)."""
    with open(path, "rb") as f:
        head = f.read(2)
    return head[1] if len(head) == 2 and head[:1] == b"M" else None


# The firmware starts the RP2040's watchdog (board.py). mpremote stops the firmware to
# reach the REPL, and nothing feeds the watchdog then: the Pico would reset under
# mpremote 8 s later. Its CTRL register's ENABLE bit (30) stops it; main.py starts it
# again at the next reset.
STOP_WATCHDOG = ("import sys\n"
                 "if 'RP2040' in sys.implementation._machine:\n"
                 "    from machine import mem32\n"
                 "    mem32[0x40058000] = mem32[0x40058000] & ~(1 << 30)\n")


def device_mpy_version(connect):
    """The .mpy version the connected MicroPython loads, or None if it cannot say.
    Stops the watchdog first (see STOP_WATCHDOG)."""
    r = subprocess.run(connect + ["exec", STOP_WATCHDOG +
                                  "print(sys.implementation._mpy & 0xff)"],
                       capture_output=True, text=True, timeout=60)
    for line in r.stdout.split():
        if line.isdigit():
            return int(line)
    return None


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpremote", default="mpremote")
    ap.add_argument("--port", default="auto")
    ap.add_argument("--board", default="pico")
    ap.add_argument("--mpy", default="build/mpy")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    board_dir = os.path.join("boards", a.board)
    if not os.path.isdir(board_dir):
        sys.exit("flash: no board %r in boards/" % a.board)
    state_path = os.path.join("build", "flashed-%s.json" % a.port.replace("/", "_"))
    try:
        with open(state_path) as f:
            state = json.load(f)
    except (OSError, ValueError):
        state = {}
    files = plan(a.mpy, board_dir, os.path.join("firmware", "main.py"))
    changed = [(src, dst) for src, dst in files if state.get(dst) != digest(src)]
    connect = [a.mpremote, "connect", a.port]
    dirs = set()
    for _, dst in changed:
        parts = dst.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    # Folders one by one (one that exists already fails harmlessly), then every copy
    # and the reset chained on one connection.
    cmds = [connect + ["mkdir", ":" + d] for d in sorted(dirs)]
    chain = list(connect)
    for src, dst in changed:
        chain += ["cp", src, ":" + dst, "+"]
    # mpremote stops the running firmware to reach the REPL; the reset starts it again.
    chain += ["exec", "import pawpad; print('Pawpad', pawpad.VERSION)", "+", "reset"]
    cmds.append(chain)
    print("flash: %d of %d files changed" % (len(changed), len(files)))
    if a.dry_run:
        for c in cmds:
            print(" ".join(c))
        return
    ours = {mpy_version(src) for src, _ in files if src.endswith(".mpy")} - {None}
    theirs = device_mpy_version(connect)
    if theirs is not None and ours and ours != {theirs}:
        sys.exit("flash: the Pico's MicroPython loads .mpy version %d, the firmware is "
                 "version %s: put a MicroPython that matches on it first"
                 % (theirs, ", ".join(str(v) for v in sorted(ours))))
    out = ""
    for c in cmds:
        r = subprocess.run(c, capture_output=True, text=True)
        if r.returncode and "mkdir" not in c:  # an existing folder is no error
            sys.exit("flash: %s failed:\n%s" % (" ".join(c), r.stderr))
        out = r.stdout
    for src, dst in changed:
        state[dst] = digest(src)
    os.makedirs("build", exist_ok=True)
    with open(state_path, "w") as f:
        json.dump(state, f, indent=1)
    for line in out.splitlines():
        if line.startswith("Pawpad"):
            print("device reports:", line)


if __name__ == "__main__":
    main()
