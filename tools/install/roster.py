# `make roster`: the names of the people who play, put onto the box from a computer
# (players.json; the box reads it at power-on, and a name can also be entered on the
# box under Players > Names). Names are checked as the box checks them.
#   python tools/install/roster.py --port /dev/ttyACM0 --add "Ann,Bob" [--remove Cy]
#   python tools/install/roster.py --data sim_data --add "Ann,Bob"     (a folder)
# Without --add or --remove it prints the roster. Over mpremote the box's clock is set
# at the end and the box starts again, with the names (boxlink).
# The group's own names, from a BG Stats backup (install/bgstats.py):
#   python tools/install/roster.py --data sim_data --from BGStatsExport.json   (a list)
#   python tools/install/roster.py --data sim_data --from BGStatsExport.json \
#       --pick "1,3,Alan Hussey=Al"
# The picked players go onto the roster and their links into the box's bgstats.json,
# which `make export` reads (the firmware never does). Each file is written whole: on
# the box into name.tmp, then renamed (a boot removes a .tmp a power cut left).
import argparse
import binascii
import json
import os
import subprocess
import sys
import tempfile

from install import bgstats, boxlink, dating
from install.flash import STOP_WATCHDOG
from pawpad.store.catalogues import roster  # the box's own readers, on CPython
from pawpad.store.files import Storage
from pawpad.store.log.codec import JSON_ERRORS

HERE = os.path.dirname(os.path.abspath(__file__))

DEVICE_DIR = "/data"  # boards/pico/board.py: hw.data_dir


def changed(data, add=(), remove=(), why=None, writing=False):
    """The roster `data` (players.json's object, or None) with names added and removed;
    (roster, [problems]). `why`: what was wrong with the file as read (read());
    `writing`: a new one is written even without names to add or remove (PICK)."""
    r = roster.Roster()
    problems = []
    if data is not None and why is None:
        why = roster.check(data)
    if why:
        kept = good_names(data)
        r = roster.Roster(kept)
        problems.append("the box's players.json %s: %s" % (why, (
            "starting a new one" if not kept else "a new one with its good names, " +
            ", ".join(kept)) if add or remove or writing else
            "the box reads no names from it"))
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


def read_folder(path, limit=roster.LIMIT):
    """(bytes or None, None or what is wrong) of the file at `path`: a file bigger than
    the box reads is refused as the box refuses it, never read."""
    if os.path.isdir(path):
        return None, FOLDER
    try:
        size = os.path.getsize(path)
        if size > limit:
            return None, "is too big (%d bytes)" % size
        with open(path, "rb") as f:
            return f.read(limit + 1), None
    except FileNotFoundError:
        return None, None
    except OSError as e:
        return None, "could not be read (%s)" % e


# On the box: what a file is, in one line the computer reads whatever the file holds
# (its bytes in hex; a file too big for the box is not sent), after its tag.
_PROBE = """import os
p = %r
try:
    st = os.stat(p)
except OSError:
    print('%s none')
else:
    if st[0] & 0x4000:
        print('%s folder')
    elif st[6] > %d:
        print('%s big %%d' %% st[6])
    else:
        import binascii
        with open(p, 'rb') as f:
            print('%s hex ' + binascii.hexlify(f.read()).decode())
"""
TAGS = {roster.ROSTER: "roster:", bgstats.LINKS: "links:"}


def probe(name, limit):
    tag = TAGS[name]
    return _PROBE % (DEVICE_DIR + "/" + name, tag, tag, limit, tag, tag)


def read_device(mpremote, port):
    """(bytes or None, None or what is wrong) of the box's players.json."""
    return read_box(mpremote, port)[roster.ROSTER]


def read_box(mpremote, port):
    """{file: (bytes or None, None or what is wrong)} of the box's players.json and
    bgstats.json, asked in one exec."""
    try:
        r = subprocess.run([mpremote, "connect", port, "exec", STOP_WATCHDOG +
                            probe(roster.ROSTER, roster.LIMIT) +
                            probe(bgstats.LINKS, bgstats.LINKS_LIMIT), "+"]
                           + boxlink.SET_CLOCK,
                           capture_output=True, text=True, errors="replace", timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        sys.exit("roster: %s did not run (%s)" % (mpremote, e))
    if r.returncode:
        sys.exit("roster: the board did not answer:\n" + (r.stderr or r.stdout).strip())
    return {name: said(r.stdout, tag) for name, tag in TAGS.items()}


def said(stdout, tag):
    """(bytes or None, None or what is wrong) of the file the probe of `tag` read."""
    lines = [line.split(" ", 2)[1:] for line in stdout.splitlines()
             if line.startswith(tag + " ")]
    kind, rest = (lines[-1] + [""])[:2] if lines else ("none", "")
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
    ap.add_argument("--from", dest="backup", default="",
                    help="a BG Stats backup (BGStatsExport.json): its players are listed")
    ap.add_argument("--pick", default="",
                    help="with --from: the players to put on, by their number in the list "
                    "or BG Stats name, comma-separated; 'Alan Hussey=Alan' names one")
    a = ap.parse_args(argv)
    group = None
    if a.pick.strip() and not a.backup:
        print("roster: PICK names players of a BG Stats backup: give FROM=BGStatsExport.json")
        return 1
    if a.backup:  # read first: a file that is no backup changes nothing, anywhere
        group, bad = bgstats.read_backup(a.backup)
        if bad:
            print("roster: %s %s: nothing changed" % (a.backup, bad))
            return 1
    if a.data:
        if os.path.exists(a.data) and not os.path.isdir(a.data):
            print("roster: %s is not a folder" % a.data)
            return 1
        dating.meet("roster", data=a.data)
        path = os.path.join(a.data, roster.ROSTER)
        files = {roster.ROSTER: read_folder(path),
                 bgstats.LINKS: read_folder(os.path.join(a.data, bgstats.LINKS),
                                            bgstats.LINKS_LIMIT)}
    else:  # the history dated before read_box sets the box's clock
        dating.meet("roster", connect=[a.mpremote, "connect", a.port], device_dir=DEVICE_DIR,
                    prefix=STOP_WATCHDOG)
        files = read_box(a.mpremote, a.port)
    raw, why = files[roster.ROSTER]
    data = None
    if why is None:
        data, why = read(raw)
    picking = group is not None and bool(a.pick.strip())
    r, problems = changed(data, names(a.add), names(a.remove), why, picking)
    # a damaged roster is written anew when players are picked: links to names the
    # box would set aside at its next power-on would link nothing
    writing = bool(a.add or a.remove or (picking and why))
    raw, links_why = files[bgstats.LINKS]
    links = []
    if links_why is None:
        links, links_why = bgstats.read_links(raw)
    new_links = bgstats.kept(links, r.names)  # REMOVE takes a name's link with it
    report = []
    if picking:
        picks, bad = bgstats.parse_picks(a.pick, group)
        before = list(r.names)
        new_links, report, refused = bgstats.put_on(r, new_links, picks, group)
        problems += bad + refused
        writing = writing or r.names != before
    elif group is not None:
        report = bgstats.listing(group, r.names, new_links, a.backup)
        if len(r.names) >= roster.NAMES_MAX:
            report.append("the box has %d names, the most it keeps: REMOVE= one to put "
                          "another on" % roster.NAMES_MAX)
        report.append('PICK="1,3,Alan Hussey" puts players on; PICK="Alan Hussey=Alan" '
                      "with a box name of your own")
    # only a change writes (a run that lists writes nothing): a link made or gone, or a
    # damaged file's good links in a new one
    writing_links = bool(writing or picking) and (
        new_links != links or bool(links_why and links_why != FOLDER))
    if links_why:
        problems.append("the box's %s %s%s" % (bgstats.LINKS, links_why, (
            "" if not writing_links else ": nothing written, move the folder away first"
            if links_why == FOLDER else ": kept as %s.bad, the good links go on in a new "
            "one" % bgstats.LINKS)))
    if writing_links and links_why == FOLDER:
        writing = writing_links = False
    if writing and why == FOLDER:  # nothing can be written where a folder is
        problems.append("nothing written: move the folder players.json away first")
        writing = writing_links = False
    elif writing and why:  # a damaged file (why: it is there) is kept, as the box does
        problems.append("the damaged one is kept as %s.bad" % roster.ROSTER)
    for line in report:  # the list's rows as they are, the rest said as the tool says
        print(shown(line if line[:1] == " " else "roster: " + line))
    for p in problems:
        print(shown("roster: " + p))
    texts = {}  # what is written: players.json, bgstats.json
    if writing:
        texts[roster.ROSTER] = (json.dumps(r.as_json()), why)
    if writing_links:
        texts[bgstats.LINKS] = (bgstats.links_text(new_links), links_why)
    if texts and a.data:
        name = a.data
        try:
            os.makedirs(a.data, exist_ok=True)
            store = Storage(a.data)
            for name, (text, damaged) in texts.items():
                if damaged and store.exists(name):
                    store.keep_aside(name)
                store.write_text(name, text)  # name.tmp, then renamed
        except OSError as e:  # a full disk, or a folder where a copy goes
            print("roster: %s not written (%s)" % (os.path.join(a.data, name)
                                                   if name != a.data else a.data, e))
            return 1
    elif texts:
        copy(a.mpremote, a.port, texts)
    if not a.data:
        try:
            boxlink.restart(a.port)
        except boxlink.LinkError as e:
            print("roster: %s: unplug it and plug it in again" % e)
            return 1
    print(shown("roster: %s" % (", ".join(r.names) or "no names (the box plays by colour)")))
    return 1 if problems else 0


def copy(mpremote, port, texts):
    """Copies {name: (text, damaged)} onto the box: each into /data/name.tmp, then all
    renamed in one exec, after the damaged ones are kept aside; exits saying why when
    mpremote fails."""
    aside = "".join(KEEP_ASIDE % (DEVICE_DIR, name) for name, (_, damaged) in texts.items()
                    if damaged)
    chain = [mpremote, "connect", port, "exec", STOP_WATCHDOG + aside, "+"]
    made = []
    try:
        for name, (text, _) in texts.items():
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                f.write(text)
            made.append(f.name)
            chain += ["cp", f.name, ":%s/%s.tmp" % (DEVICE_DIR, name), "+"]
        chain += ["exec", "import os\n" + "".join(
            "os.rename(%r, %r)\n" % ("%s/%s.tmp" % (DEVICE_DIR, n), "%s/%s" % (DEVICE_DIR, n))
            for n in texts), "+"]
        try:
            done = subprocess.run(chain + boxlink.SET_CLOCK, capture_output=True, text=True,
                                  errors="replace", timeout=120)
        except (OSError, subprocess.SubprocessError) as e:
            sys.exit("roster: %s did not run (%s)" % (mpremote, e))
    finally:
        for m in made:
            os.remove(m)
    if done.returncode:
        sys.exit("roster: copying onto the board failed:\n" +
                 (done.stderr or done.stdout).strip())


def shown(text):
    """`text` as the terminal can print it (a BG Stats name may hold an emoji)."""
    enc = getattr(sys.stdout, "encoding", None) or "utf-8"
    return text.encode(enc, "replace").decode(enc)


# A damaged file on the box set aside by the box's own code, as it would at power-on,
# before the new one is copied on.
KEEP_ASIDE = "from pawpad.store.files import Storage\nStorage(%r).keep_aside(%r)\n"


if __name__ == "__main__":
    sys.exit(main())
