# `make roster`: the names of the people who play, put onto the box from a computer
# (players.json; the box reads it at power-on, and a name can also be entered on the
# box under Players > Names). Names are checked as the box checks them.
#   python tools/install/roster.py --port /dev/ttyACM0 --add "Ann,Bob" [--remove Cy]
#   python tools/install/roster.py --data sim_data --add "Ann,Bob"     (a folder)
# Without --add or --remove it prints the roster. Over mpremote the box's clock is set
# at the end and the box starts again, with the names (boxlink).
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "firmware"))

import boxlink  # noqa: E402
from flash import STOP_WATCHDOG  # noqa: E402

from pawpad.store import roster  # noqa: E402

DEVICE_DIR = "/data"  # boards/pico/board.py: hw.data_dir


def changed(data, add=(), remove=()):
    """The roster `data` (players.json's object, or None) with names added and removed;
    (roster, [problems])."""
    r = roster.Roster()
    problems = []
    if data is not None:
        why = roster.check(data)
        if why:
            problems.append("the box's players.json %s: starting a new one" % why)
        else:
            r = roster.Roster(data.get("names"), data.get("seats"))
    for name in remove:
        if name not in r.names:
            problems.append("%s is not on the roster" % name)
        r.remove(name)
    for name in add:
        why = r.add(name)
        if why:
            problems.append("%s: %s (%s)" % (name, why, roster.rule()))
    return r, problems


def names(text):
    return [n.strip() for n in (text or "").split(",") if n.strip()]


def read_device(mpremote, port):
    r = subprocess.run([mpremote, "connect", port, "exec", STOP_WATCHDOG +
                        "try:\n    print(open(%r).read())\nexcept OSError:\n    print('{}')\n"
                        % (DEVICE_DIR + "/" + roster.ROSTER), "+"] + boxlink.SET_CLOCK,
                       capture_output=True, text=True, timeout=120)
    if r.returncode:
        sys.exit("roster: the board did not answer:\n" + (r.stderr or r.stdout).strip())
    try:
        return json.loads(r.stdout.strip() or "{}") or None
    except ValueError:
        return {"names": "unreadable"}  # damaged: check() says so, and a new one starts


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
        path = os.path.join(a.data, roster.ROSTER)
        try:
            with open(path) as f:
                data = json.load(f)
        except OSError:
            data = None
        except ValueError:
            data = {"names": "unreadable"}
    else:
        data = read_device(a.mpremote, a.port)
    r, problems = changed(data, names(a.add), names(a.remove))
    for p in problems:
        print("roster:", p)
    if a.add or a.remove:
        text = json.dumps(r.as_json())
        if a.data:
            os.makedirs(a.data, exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        else:
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                f.write(text)
            try:
                subprocess.run([a.mpremote, "connect", a.port, "exec", STOP_WATCHDOG, "+",
                                "cp", f.name, ":%s/%s" % (DEVICE_DIR, roster.ROSTER), "+"]
                               + boxlink.SET_CLOCK, check=True, timeout=120)
            finally:
                os.remove(f.name)
    if not a.data:
        try:
            boxlink.restart(a.port)
        except boxlink.LinkError as e:
            print("roster: %s: unplug it and plug it in again" % e)
            return 1
    print("roster: %s" % (", ".join(r.names) or "no names (the box plays by colour)"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
