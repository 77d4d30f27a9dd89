# The box's own failures, kept on flash as one checked record, so that a failure that
# repeats sets aside what it implicates, one file at a time, and nothing else ever
# counts. A failure is what the box itself ended: an exception out of the app or a
# watchdog reset. A power cut is none, however early, so it writes nothing here.
#
# The record is one log line (store/log/codec.py's checksum): a flipped bit, an old firmware's
# count ("2"), any bytes at all, or a folder in its place read as no record, never as
# a high count. A set-aside copy is kept for good; Settings > Set aside puts it back.
from micropython import const

from pawpad.store.log import codec

RECORD = "boots"  # the old boot counter's name: whatever it held reads as no record
GAME = "game.log"
# What a crash may implicate, in the order a wider step takes them when it names none.
FILES = ("settings.json", "setups.json", "players.json", "stats.json", "history.log",
         GAME, "sheet.log", "draft.json", "timer.json", "dogs.json", "fix.json")
_WITH_GAME = ("sheet.log", "draft.json", "timer.json", "fix.json")
FAILS = const(2)  # the same failure this many times in a row: set one file aside
_N_MAX = const(999)
_WHERE_MAX = const(60)
_RECORD_MAX = const(1024)


def _name_ok(v):
    return v is None or v in FILES


def _aside_ok(v):
    if not isinstance(v, list) or len(v) > len(FILES):
        return False
    for pair in v:
        if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in FILES and
                isinstance(pair[1], str) and pair[1].startswith(pair[0] + ".bad") and
                len(pair[1]) <= 40 and "/" not in pair[1]):
            return False
    return True


def _ok(rec):
    if not isinstance(rec, dict):
        return False
    n, seen = rec.get("n"), rec.get("seen")
    return (type(n) is int and 1 <= n <= _N_MAX and rec.get("why") in ("crash", "hang")
            and isinstance(rec.get("where"), str) and len(rec["where"]) <= _WHERE_MAX
            and _name_ok(rec.get("file", 0)) and isinstance(seen, list) and len(seen) <= 3
            and all(s in FILES for s in seen) and type(rec.get("game")) is bool
            and type(rec.get("fresh")) is bool and type(rec.get("early")) is bool
            and _aside_ok(rec.get("aside")))


def read(store):
    """The record of the failures in a row, or None (none, or unreadable: no count)."""
    rec = codec.read_one(store, RECORD, _RECORD_MAX)
    return rec if _ok(rec) else None


def write(store, rec):
    """Writes the record; False when the flash would not take it (full, a folder)."""
    try:
        store.write_text(RECORD, codec.encode(rec))
        return True
    except OSError:
        return False


def clear(store):
    store.remove(RECORD)
    return not store.exists(RECORD)


def failed(store, why, where, file, seen, early=False):
    """Counts a failure the box ended (why: "crash", "hang"), naming where it happened,
    the file it came out of, if any, and the files read just before; `early`: before
    the boot settled. Returns the record, or None when it could not be kept (then
    nothing can be counted: the box must not restart on its own)."""
    rec = read(store) or {"n": 0, "aside": [], "where": None, "file": None}
    where = where[:_WHERE_MAX]
    file = file if file in FILES else None
    # Only the same failure again counts on: another starts its own count (what was
    # set aside stays listed, so it is not taken twice).
    same = rec["where"] == where and rec["file"] == file
    rec["n"] = min(rec["n"] + 1, _N_MAX) if same else 1
    rec["why"] = why
    rec["where"] = where
    rec["file"] = file
    rec["seen"] = [s for s in seen if s in FILES][:3]
    rec["game"] = store.exists(GAME)
    rec["fresh"] = True
    rec["early"] = bool(early)
    return rec if write(store, rec) else None


def next_aside(store, rec):
    """The one file to set aside now: the file the failure came out of; then, in a boot
    that had not settled, the files it had just read (newest first) before the game on
    flash, and once settled the game first (what the box was doing); each only once in
    a run of failures and only while it is there. None when nothing is left to try."""
    done = [pair[0] for pair in rec["aside"]]
    game = [GAME] if rec["game"] else []
    # a file read with the game (its sheet, draft, timer) was the game being read
    seen = [GAME if s in _WITH_GAME else s for s in rec["seen"]]
    order = seen + game if rec["early"] else game + seen
    for name in [rec["file"]] + order:
        if name is not None and name not in done and store.exists(name):
            return name
    return None


def set_aside_next(store, rec):
    """At boot, after FAILS failures in a row: sets aside the next file (next_aside)
    and keeps it in the record. Returns the notice lines, or [] when nothing was set
    aside."""
    name = next_aside(store, rec)
    if name is None:
        return []
    what = "Pawpad stopped %d times:" % rec["n"] if rec["why"] == "crash" else \
        "Pawpad hung %d times:" % rec["n"]
    # Said on flash before it is done, and counted as one failure: a cut between the
    # two sets nothing more aside, and only the same failure again takes the next step.
    rec["aside"].append([name, name + ".bad"])
    rec["n"] = FAILS - 1
    if not write(store, rec):
        return [what, rec["where"], "Nothing set aside (flash)."]
    try:
        copy = store.keep_aside(name)
    except OSError as e:
        return [what, rec["where"], "%s could not be set aside (%s)." % (name, e)]
    return [what, rec["where"], "Set aside: %s as %s." % (name, copy),
            "Settings > Set aside", "puts it back."]


def settled(store):
    """The box has run a while since it started: a record of failures just before is
    kept (the same failure again goes on from it), an older one is done with."""
    rec = read(store)
    if rec is None or not rec["fresh"]:
        clear(store)
        return
    rec["fresh"] = False
    write(store, rec)
