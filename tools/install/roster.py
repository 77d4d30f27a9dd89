# `make roster`: the names of the people who play, put onto the box from a computer
# (players.json; the box reads it at power-on, and a name can also be entered on the
# box under Players > Names). Names are checked as the box checks them.
#   python tools/install/roster.py --port /dev/ttyACM0 --add "Ann,Bob" [--remove Cy]
#   python tools/install/roster.py --data sim_data --add "Ann,Bob"     (a folder)
# Without --add or --remove it prints the roster. Over mpremote the box's clock is set
# at the end and the box starts again, with the names (boxlink).
import argparse
import binascii
import json
import os
import subprocess
import sys
import tempfile

from install import boxlink
from install.flash import STOP_WATCHDOG
from pawpad.store.catalogues import roster  # the box's own readers, on CPython
from pawpad.store.files import Storage
from pawpad.store.log.codec import JSON_ERRORS

HERE = os.path.dirname(os.path.abspath(__file__))

DEVICE_DIR = "/data"  # boards/pico/board.py: hw.data_dir


def changed(data, add=(), remove=(), why=None):
    """The roster `data` (players.json's object, or None) with names added and removed;
    (roster, [problems]). `why`: what was wrong with the file as read (read())."""
    r = roster.Roster()
    problems = []
    if data is not None and why is None:
        why = roster.check(data)
    if why:
        kept = good_names(data)
        r = roster.Roster(kept)
        problems.append("the box's players.json %s: %s" % (why, (
            "starting a new one" if not kept else "a new one with its good names, " +
            ", ".join(kept)) if add or remove else "the box reads no names from it"))
    elif data is not None:
        r = roster.Roster(data.get("names"), data.get("seats"), data.get("short"))
    for name in remove:
        if name not in r.names:
            problems.append("%s is not on the roster" % name)
        r.remove(name)
    for name in add:
        refused = r.add(name)
        if refused:
            problems.append("%s: %s (%s)" % (name, refused, roster.rule()))
    return r, problems


def good_names(data):
    """The names of a damaged roster that the box could keep, in its order, each once
    (who sat where is not trusted: the new roster seats nobody)."""
    kept = roster.Roster()
    names = data.get("names") if isinstance(data, dict) else None
    for name in names if isinstance(names, list) else ():
        kept.add(name)  # refuses what the box would refuse, a name twice, the 17th
    return kept.names


def names(text):
    return [n.strip() for n in (text or "").split(",") if n.strip()]


FOLDER = "is a folder, not a file"


def read(raw):
    """(players.json's object or None, None or what is wrong with it) from the file's
    bytes (None: no file), read as the box reads it (store/files.py: its size, its
    depth, UTF-8, JSON, an object; then roster.check): whatever the bytes, this never
    raises."""
    if raw is None:
        return None, None
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, roster.ROSTER), "wb") as f:
            f.write(raw)
        try:
            text = Storage(folder).read_text(roster.ROSTER, roster.LIMIT)
        except (OSError, ValueError) as e:
            return None, str(e)
    try:
        data = json.loads(text)
    except JSON_ERRORS:
        return None, "is not valid JSON"
    if not isinstance(data, dict):
        return None, "is not a JSON object"
    return data, roster.check(data)


def read_folder(path):
    """(bytes or None, None or what is wrong) of the file at `path`: a file bigger than
    the box reads is refused as the box refuses it, never read."""
    if os.path.isdir(path):
        return None, FOLDER
    try:
        size = os.path.getsize(path)
        if size > roster.LIMIT:
            return None, "is too big (%d bytes)" % size
        with open(path, "rb") as f:
            return f.read(roster.LIMIT + 1), None
    except FileNotFoundError:
        return None, None
    except OSError as e:
        return None, "could not be read (%s)" % e


# On the box: what players.json is, in one line the computer reads whatever the file
# holds (its bytes in hex; a file too big for the box is not sent).
_PROBE = """import os
p = %r
try:
    st = os.stat(p)
except OSError:
    print('roster: none')
else:
    if st[0] & 0x4000:
        print('roster: folder')
    elif st[6] > %d:
        print('roster: big %%d' %% st[6])
    else:
        import binascii
        with open(p, 'rb') as f:
            print('roster: hex ' + binascii.hexlify(f.read()).decode())
"""


def read_device(mpremote, port):
    """(bytes or None, None or what is wrong) of the box's players.json."""
    path = DEVICE_DIR + "/" + roster.ROSTER
    try:
        r = subprocess.run([mpremote, "connect", port, "exec", STOP_WATCHDOG +
                            _PROBE % (path, roster.LIMIT), "+"] + boxlink.SET_CLOCK,
                           capture_output=True, text=True, errors="replace", timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        sys.exit("roster: %s did not run (%s)" % (mpremote, e))
    if r.returncode:
        sys.exit("roster: the board did not answer:\n" + (r.stderr or r.stdout).strip())
    said = [line.split(" ", 2)[1:] for line in r.stdout.splitlines()
            if line.startswith("roster: ")]
    kind, rest = (said[-1] + [""])[:2] if said else ("none", "")
    if kind == "folder":
        return None, FOLDER
    if kind == "big":
        return None, "is too big (%s bytes)" % rest
    if kind == "hex":
        try:
            return binascii.unhexlify(rest.strip()), None
        except (binascii.Error, ValueError):
            return None, "could not be read (the board's answer was cut)"
    return None, None


def main(argv=None):
    ap = argparse.ArgumentParser(description="the names of the people who play, on the box")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--data", help="the box's folder (the simulator's --data)")
    src.add_argument("--port", help="a Pico's serial port, for mpremote")
    ap.add_argument("--mpremote", default="mpremote")
    ap.add_argument("--add", default="", help="names to add, comma-separated")
    ap.add_argument("--remove", default="", help="names to take off, comma-separated")
    a = ap.parse_args(argv)
    if a.data:
        if os.path.exists(a.data) and not os.path.isdir(a.data):
            print("roster: %s is not a folder" % a.data)
            return 1
        path = os.path.join(a.data, roster.ROSTER)
        raw, why = read_folder(path)
    else:
        raw, why = read_device(a.mpremote, a.port)
    data = None
    if why is None:
        data, why = read(raw)
    r, problems = changed(data, names(a.add), names(a.remove), why)
    writing = a.add or a.remove
    if writing and why == FOLDER:  # nothing can be written where a folder is
        problems.append("nothing written: move the folder players.json away first")
        writing = False
    elif writing and why:  # a damaged file (why: it is there) is kept, as the box does
        problems.append("the damaged one is kept as %s.bad" % roster.ROSTER)
    for p in problems:
        print("roster:", p)
    if writing:
        text = json.dumps(r.as_json())
        if a.data:
            try:
                os.makedirs(a.data, exist_ok=True)
                store = Storage(a.data)
                if why:
                    store.keep_aside(roster.ROSTER)
                store.write_text(roster.ROSTER, text)
            except OSError as e:  # a full disk, or a folder where a copy goes
                print("roster: %s not written (%s)" % (path, e))
                return 1
        else:
            aside = (KEEP_ASIDE % (DEVICE_DIR, roster.ROSTER)) if why else ""
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                f.write(text)
            try:
                done = subprocess.run([a.mpremote, "connect", a.port, "exec",
                                       STOP_WATCHDOG + aside, "+", "cp", f.name,
                                       ":%s/%s" % (DEVICE_DIR, roster.ROSTER), "+"]
                                      + boxlink.SET_CLOCK, capture_output=True, text=True,
                                      errors="replace", timeout=120)
            except (OSError, subprocess.SubprocessError) as e:
                sys.exit("roster: %s did not run (%s)" % (a.mpremote, e))
            finally:
                os.remove(f.name)
            if done.returncode:
                sys.exit("roster: copying onto the board failed:\n" +
                         (done.stderr or done.stdout).strip())
    if not a.data:
        try:
            boxlink.restart(a.port)
        except boxlink.LinkError as e:
            print("roster: %s: unplug it and plug it in again" % e)
            return 1
    print("roster: %s" % (", ".join(r.names) or "no names (the box plays by colour)"))
    return 1 if problems else 0


# A damaged players.json on the box set aside by the box's own code, as it would at
# power-on, before the new one is copied on.
KEEP_ASIDE = "from pawpad.store.files import Storage\nStorage(%r).keep_aside(%r)\n"


if __name__ == "__main__":
    sys.exit(main())
