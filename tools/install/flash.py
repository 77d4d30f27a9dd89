# `make flash`: puts the firmware on a Pico with mpremote.
# Copies the precompiled firmware (build/mpy), main.py, the rules file and the chosen
# board's own modules (board.py, pins.py: every .py of boards/<board> but manifest.py).
# Only files that changed since the last flash to that port are copied: their hashes are
# kept in build/flashed-<port>.json, and a stamp of that state goes onto the board (STAMP). A
# board whose stamp is not ours (its flash wiped, or flashed from another checkout) gets
# everything; so does any file whose size on the board is not the size here.
# --frozen: the Pico runs a firmware with Pawpad frozen in (make firmware); only main.py,
# the rules file and the board's modules are copied, and copied pawpad/ files left from an earlier
# flash are removed (they would shadow the frozen modules).
# First it asks the board what it runs (probe): a MicroPython whose .mpy version is not
# the firmware's is refused with what to do. At the end it asks the Pico for the version
# it now has and resets it, so that it starts the new firmware.
# --dry-run prints the mpremote commands instead.
import argparse
import hashlib
import json
import os
import subprocess
import sys

from install import boxlink, dating
from install.manifests import pawpad_version

STAMP = ".pawpad-flash"  # on the board: the digest of the state the last flash left
PACKAGE = "pawpad"
RULES = "rules.bin"  # hw.rules_file: /rules.bin
# The first MicroPython release of each .mpy sub-version of version 6 (py/persistentcode.h).
# Bytecode needs only the version; native code (our viper modules) the sub-version too.
MPY6_SINCE = {0: "1.19", 1: "1.20", 2: "1.22", 3: "1.23"}
ARCH_ARMV6M, ARCH_ARMV7EMDP = 4, 8  # native code for the Pico's M0+ runs on any later M


def plan(mpy_dir, board_dir, main_py, frozen=False):
    """[(local path, device path)] for everything that goes onto the Pico: the rules
    file (Rules here's pages, made by install/rules_file.py) beside main.py in both
    installs, as no UF2 holds a file."""
    files = [(main_py, "main.py"), (os.path.join(os.path.dirname(main_py), RULES), RULES)]
    for name in sorted(os.listdir(board_dir)):
        if name.endswith(".py") and name != "manifest.py":
            files.append((os.path.join(board_dir, name), name))
    if frozen:
        return files
    pkg = os.path.join(mpy_dir, PACKAGE)
    for root, dirs, names in os.walk(pkg):
        dirs.sort()
        for n in sorted(names):
            if n.endswith(".mpy"):
                local = os.path.join(root, n)
                files.append((local, os.path.relpath(local, mpy_dir).replace(os.sep, "/")))
    return files


def mpy_header(path):
    """(version, sub-version, arch) a .mpy file needs, from its header's second and third
    bytes; None for a file that is not .mpy."""
    with open(path, "rb") as f:
        head = f.read(3)
    if len(head) < 3 or head[:1] != b"M":
        return None
    return head[1], head[2] & 3, head[2] >> 2


def loads(device_mpy, header):
    """Can a MicroPython whose sys.implementation._mpy is `device_mpy` load a .mpy with
    this header? (The rule of py/persistentcode.c.)"""
    version, sub, arch = header
    if device_mpy & 0xFF != version:
        return False
    if not arch:
        return True  # bytecode only
    theirs = device_mpy >> 10
    return sub == (device_mpy >> 8) & 3 and ARCH_ARMV6M <= arch <= theirs <= ARCH_ARMV7EMDP


def needs(headers):
    """What the firmware's .mpy files need, in words: ".mpy 6.3 (MicroPython 1.23 or
    later)"."""
    version = max(h[0] for h in headers)
    sub = max(h[1] for h in headers if h[0] == version)
    since = MPY6_SINCE.get(sub) if version == 6 else None
    return ".mpy %d.%d%s" % (version, sub, " (MicroPython %s or later)" % since
                             if since else "")


# The firmware starts the RP2040's watchdog (board.py). mpremote stops the firmware to
# reach the REPL, and nothing feeds the watchdog then: the Pico would reset under
# mpremote 8 s later. Its CTRL register's ENABLE bit (30) stops it; main.py starts it
# again at the next reset.
DEVICE_DATA = "/data"  # boards/pico/board.py: hw.data_dir


STOP_WATCHDOG = ("import sys\n"
                 "if 'RP2040' in sys.implementation._machine:\n"
                 "    from machine import mem32\n"
                 "    mem32[0x40058000] = mem32[0x40058000] & ~(1 << 30)\n")

# What the board runs, one fact a line: its .mpy version, MicroPython version, the stamp
# of the last flash, the Pawpad frozen into it, whether copied pawpad/ files are on its
# flash, the size of each file the plan puts there (-1: missing), and every file under
# pawpad/ (what mip or an older checkout left there: a .py beside the .mpy runs instead).
_PROBE = STOP_WATCHDOG + """import os
print('mpy', getattr(sys.implementation, '_mpy', -1))
print('micropython', '%d.%d.%d' % sys.implementation.version[:3])
try:
    print('stamp', open('/{stamp}').read())
except OSError:
    print('stamp -')
_p = sys.path[:]
sys.path[:] = ['.frozen']
try:
    import {pkg}
    print('frozen', {pkg}.VERSION)
except ImportError:
    print('frozen -')
sys.path[:] = _p
sys.modules.pop('{pkg}', None)
try:
    os.stat('/{pkg}')
    print('copied yes')
except OSError:
    print('copied no')
for _n in {names!r}:
    try:
        print('size', _n, os.stat('/' + _n)[6])
    except OSError:
        print('size', _n, -1)
def _walk(d):
    for _e in os.ilistdir(d):
        if _e[1] & 0x4000:
            _walk(d + '/' + _e[0])
        else:
            print('file', (d + '/' + _e[0])[1:])
try:
    _walk('/{pkg}')
except OSError:
    pass
"""


def probe(connect, names):
    """{fact: value} from the board (see _PROBE); sizes under "size" as {name: bytes}.
    Exits saying why when the board does not answer."""
    code = _PROBE.format(stamp=STAMP, pkg=PACKAGE, names=list(names))
    r = subprocess.run(connect + ["exec", code], capture_output=True, text=True, timeout=120)
    facts = {"size": {}, "files": []}
    for line in r.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "size":
            facts["size"][parts[1]] = int(parts[2])
        elif len(parts) == 2 and parts[0] == "file":
            facts["files"].append(parts[1])
        elif len(parts) == 2:
            facts[parts[0]] = parts[1]
    if r.returncode or "mpy" not in facts:
        sys.exit("flash: the board did not answer (%s):\n%s" % (" ".join(connect),
                                                               (r.stderr or r.stdout).strip()))
    return facts


def refuse_old_micropython(facts, files):
    """Exits with what to do when the board's MicroPython cannot load the .mpy files."""
    headers = {h for h in (mpy_header(src) for src, _ in files if src.endswith(".mpy")) if h}
    if not headers:
        return
    theirs = int(facts["mpy"])
    if theirs >= 0 and all(loads(theirs, h) for h in headers):
        return
    have = "MicroPython %s" % facts.get("micropython", "?")
    have += " (.mpy %d.%d)" % (theirs & 0xFF, (theirs >> 8) & 3) if theirs >= 0 else ""
    sys.exit("flash: the Pico runs %s; the firmware's files need %s.\n"
             "Put a newer MicroPython on it: hold BOOTSEL while plugging it in and copy\n"
             "the RPI_PICO .uf2 of a current release onto the drive that appears (or\n"
             "`make firmware` for one with Pawpad frozen in). Then make flash again."
             % (have, needs(headers)))


def check_board(facts, files, frozen):
    """Exits with what to do when the board cannot run what would be copied; says so
    when what is frozen into it is not what this checkout is."""
    theirs = facts.get("frozen", "-")
    if not frozen:
        refuse_old_micropython(facts, files)
        if theirs != "-":
            print("flash: the Pico has Pawpad %s frozen in; the copied files take its place "
                  "(make flash FROZEN=1 copies only the board's files)" % theirs)
    elif theirs == "-":
        sys.exit("flash: the Pico's MicroPython has no Pawpad frozen in: put the UF2 of\n"
                 "`make firmware` on it (hold BOOTSEL, plug in, copy the file), or\n"
                 "make flash without FROZEN=1 to copy the whole firmware.")
    elif theirs != pawpad_version():
        print("flash: the Pico has Pawpad %s frozen in, this checkout is %s: "
              "make firmware for a UF2 that matches" % (theirs, pawpad_version()))


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def stamp_of(state):
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


def load_state(path):
    try:
        with open(path) as f:
            state = json.load(f)
    except (OSError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}


def to_copy(files, state, facts):
    """The files whose content changed since the last flash, or whose size on the board
    is not ours; everything when the board's stamp is not our state's."""
    if facts.get("stamp") != stamp_of(state):
        state.clear()
    sizes = facts["size"]
    return [(src, dst) for src, dst in files
            if state.get(dst) != digest(src) or sizes.get(dst, -1) != os.path.getsize(src)]


def strays(files, facts):
    """The files under pawpad/ on the board that the plan does not put there: sources a
    mip install left (MicroPython imports a .py before the .mpy beside it), modules
    this checkout no longer has."""
    ours = {dst for _, dst in files}
    return [f for f in facts.get("files", ()) if f not in ours]


# The stamp is written, closed and read back: a file left open when the board resets
# keeps none of its bytes, and a board without a stamp gets everything again.
STAMP_WRITE = ("with open('/%s', 'w') as f:\n"
               "    f.write(%r)\n"
               "print('stamp', open('/%s').read())\n")


def commands(connect, changed, state, remove_package, removed=()):
    """The mpremote commands: folders one by one (one that exists already fails
    harmlessly), then the removals, every copy, the new stamp and the clock chained on
    one connection."""
    dirs = set()
    for _, dst in changed:
        parts = dst.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    cmds = [connect + ["mkdir", ":" + d] for d in sorted(dirs)]
    chain = list(connect)
    if remove_package:
        chain += ["rm", "-r", ":" + PACKAGE, "+"]
    for dst in removed:
        chain += ["rm", ":" + dst, "+"]
    for src, dst in changed:
        chain += ["cp", src, ":" + dst, "+"]
    # mpremote stops the running firmware to reach the REPL; the clock is set last, and
    # boxlink.restart() starts the firmware again keeping it.
    chain += ["exec", STAMP_WRITE % (STAMP, stamp_of(state), STAMP), "+",
              "exec", "import %s; print('Pawpad', %s.VERSION)" % (PACKAGE, PACKAGE), "+"]
    chain += boxlink.SET_CLOCK
    return cmds + [chain]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mpremote", default="mpremote")
    ap.add_argument("--port", default="auto")
    ap.add_argument("--board", default="pico")
    ap.add_argument("--mpy", default="build/mpy")
    ap.add_argument("--frozen", action="store_true",
                    help="the board runs Pawpad frozen in: copy only its own files")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    board_dir = os.path.join("boards", a.board)
    if not os.path.isdir(board_dir):
        sys.exit("flash: no board %r in boards/" % a.board)
    state_path = os.path.join("build", "flashed-%s.json" % a.port.replace("/", "_")
                              .replace(":", "_"))
    state = load_state(state_path)
    files = plan(a.mpy, board_dir, os.path.join("firmware", "main.py"), a.frozen)
    connect = [a.mpremote, "connect", a.port]
    if a.dry_run:  # the board is not asked: as if it held what the state says
        facts = {"stamp": stamp_of(state), "copied": "no",
                 "size": {dst: os.path.getsize(src) for src, dst in files}}
    else:
        facts = probe(connect, [dst for _, dst in files])
        check_board(facts, files, a.frozen)
        dating.meet("flash", connect=connect, device_dir=DEVICE_DATA,
                    prefix=STOP_WATCHDOG)
    remove_package = a.frozen and facts.get("copied") == "yes"
    changed = to_copy(files, state, facts)
    removed = [] if a.frozen else strays(files, facts)
    for dst in [d for d in state if d.startswith(PACKAGE + "/")] if a.frozen else ():
        del state[dst]
    for src, dst in changed:
        state[dst] = digest(src)
    cmds = commands(connect, changed, state, remove_package, removed)
    print("flash: %d of %d files changed%s%s" % (
        len(changed), len(files),
        "; copied pawpad/ removed (frozen in)" if remove_package else "",
        "; %d left by another install removed (%s%s)" % (
            len(removed), ", ".join(removed[:4]), ", ..." if len(removed) > 4 else "")
        if removed else ""))
    if not a.frozen:
        print("flash: the .mpy files load into RAM: this install is for development; a box "
              "gets the frozen UF2 (make firmware, then make flash FROZEN=1; docs/install.md)")
    if a.dry_run:
        for c in cmds:
            print(" ".join(c))
        return
    out = ""
    for c in cmds:
        r = subprocess.run(c, capture_output=True, text=True)
        if r.returncode and "mkdir" not in c:  # an existing folder is no error
            sys.exit("flash: %s failed:\n%s" % (" ".join(c), r.stderr))
        out = r.stdout
    if "stamp %s" % stamp_of(state) not in out.splitlines():
        sys.exit("flash: the board did not keep the stamp /%s (its flash full?): the next "
                 "flash copies everything again\n%s" % (STAMP, out.strip()))
    os.makedirs("build", exist_ok=True)
    with open(state_path, "w") as f:
        json.dump(state, f, indent=1)
    for line in out.splitlines():
        if line.startswith("Pawpad"):
            print("device reports:", line)
    try:
        boxlink.restart(a.port)
    except boxlink.LinkError as e:
        sys.exit("flash: copied, but %s: unplug it and plug it in again (its clock is "
                 "then not set)" % e)


if __name__ == "__main__":
    main()
