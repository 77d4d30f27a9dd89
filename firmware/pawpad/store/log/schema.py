# What the game log's records and the history's may say: the schema every record is
# checked against before anything uses it, and the reader that checks them line by
# line. Pure. The line format (JSON and a CRC-32 a line) is store/log/codec.py.
#
# The first record is the header: {"game", "players", "settings", "v"}, and maybe
# "colours" (a name per seat) and "id". Then, each maybe with "ms" (game time):
#   {"e": event}             an event the engine accepted
#   {"undo": 1}              takes back the last event
#   {"redo": 1}              puts back the last undone event (until a new event)
#   {"fix": i, "e": event}   corrects event i; the events after it stay
#   {"snap": state, "n": n}  the whole state after n events (a resume starts there)
#   {"snap": state, "n": n, "ix": [link, k, places, undone, count, crc]}
#                            a checkpoint: the snapshot, and where the events in force
#                            are in the log (byte offsets of their records) so that a
#                            resume need not read the records before it. `link` is the
#                            previous checkpoint's place (0: none) and its first `k`
#                            events are still the first k in force; `places` are the
#                            places of the other n - k; `undone` those of the events
#                            undone; `count` the records before this one, header
#                            included; `crc` the CRC-32 of all the places in force
#                            then the undone ones (store/log/pages.py), which the places
#                            the chain gives must match.
#        [..., crc, fixes]   and, when some of the first k were corrected since the
#                            link, [i, place, ...]: those events' places now (indices
#                            ascending): a correction far back costs a place, not the
#                            places of every event after it.
# Undo, redo and corrections are records too, so the log keeps what really happened
# (timeline.py: the events in force they leave).
# Every record is checked against this one schema before anything uses it: a record
# of another shape is a damaged one, however good its checksum.
try:
    from micropython import const
except ImportError:  # plain CPython: the log's records are read there too (consts are ints)
    const = int  # type: ignore

from pawpad.core.colours import NAMES as COLOURS
from pawpad.games import IDS as GAMES
from pawpad.store import power_on
from pawpad.store.catalogues.roster import shorts_ok
from pawpad.store.catalogues.roster import valid as valid_name
from pawpad.store.log.codec import MARKS, decode

VERSION = const(1)


MAX_PLAYERS = const(8)


MAX_ID = const(32)  # characters in a game's id


# A time as the box keeps one (a game's start and end): its clock's local time, written
# only when the clock was set (app/device/device.py: clock). A clock that reads an
# earlier year than CLOCK_SET_YEAR was never set: the rp2 port starts at 2021-01-01,
# and no Pawpad was made before 2025.
STAMP = "0000-00-00 00:00:00"  # each 0 a digit
CLOCK_SET_YEAR = const(2025)


# --- the schema: each check returns None for a good record, else what is wrong ---
def _int(v, low, high=None):
    """A whole number (not a bool, not a float) within [low, high]."""
    return (isinstance(v, int) and not isinstance(v, bool) and v >= low and
            (high is None or v <= high))


def _colours(v, n):
    if not isinstance(v, list) or len(v) != n:
        return False
    for c in v:
        if not isinstance(c, str) or c not in COLOURS:
            return False
    return True


_HEAD_KEYS = ("game", "players", "settings", "v", "colours", "id", "people", "start", "short")


def stamp(t):
    """A time tuple (time.localtime's) as STAMP, or None when the clock was never set."""
    if t[0] < CLOCK_SET_YEAR:
        return None
    return "%04d-%02d-%02d %02d:%02d:%02d" % (t[0], t[1], t[2], t[3], t[4], t[5])


def stamp_ok(v):
    """A time written as STAMP: "2026-12-02 20:15:00"."""
    if not isinstance(v, str) or len(v) != len(STAMP):
        return False
    for i in range(len(STAMP)):
        want, got = STAMP[i], v[i]
        if (got < "0" or got > "9") if want == "0" else got != want:
            return False
    return True


def check_head(rec):
    """The header's shape (its version is check_header's)."""
    if not isinstance(rec, dict):
        return "is not a game's header"
    for k in rec:
        if k not in _HEAD_KEYS:
            return "has an unknown field"
    if rec.get("game") not in GAMES:
        return "is not a known game"
    players = rec.get("players")
    if not _int(players, 1, MAX_PLAYERS):
        return "has a bad number of players"
    if not isinstance(rec.get("settings"), dict) or not _int(rec.get("v"), 0):
        return "is not a game's header"
    if "colours" in rec and not _colours(rec["colours"], players):
        return "has bad colours"
    if "id" in rec and not (isinstance(rec["id"], str) and len(rec["id"]) <= MAX_ID):
        return "has a bad id"
    if "people" in rec and not people_ok(rec["people"], players):
        return "has bad people"
    if "start" in rec and not stamp_ok(rec["start"]):
        return "has a bad start"
    if "short" in rec and not shorts_ok(rec["short"], rec.get("people"), players):
        return "has bad short names"
    return None


def people_ok(v, n):
    """Who sat at each of n seats: a name the roster can hold, or null (a colour)."""
    if not isinstance(v, list) or len(v) != n:
        return False
    for p in v:
        if p is not None and (not valid_name(p) or v.count(p) > 1):
            return False
    return True


def check_record(rec):
    """A record after the header: exactly one of the kinds above, maybe with "ms"."""
    if not isinstance(rec, dict):
        return "is not a record"
    n = len(rec)
    if "ms" in rec:
        if not _int(rec["ms"], 0):
            return "has a bad time"
        n -= 1
    if "e" in rec:
        e = rec["e"]
        if not isinstance(e, dict) or not isinstance(e.get("t"), str):  # every game's
            return "has a bad event"  # events say what kind they are: {"t": kind, ...}
        if "fix" in rec:
            if not _int(rec["fix"], 0):
                return "has a bad correction"
            n -= 1
        ok = n == 1
    elif "undo" in rec:
        ok = n == 1 and _int(rec["undo"], 1, 1)
    elif "redo" in rec:
        ok = n == 1 and _int(rec["redo"], 1, 1)
    elif "snap" in rec:
        ok = isinstance(rec["snap"], dict) and _int(rec.get("n"), 1)
        if "ix" in rec:
            ok = ok and n == 3 and _index(rec["ix"], rec["n"])
        else:
            ok = ok and n == 2
    else:
        ok = False
    return None if ok else "is not a known record"


def _places(v):
    if not isinstance(v, list):
        return False
    for at in v:
        if not _int(at, 1):
            return False
    return True


def _index(ix, n):
    """A checkpoint's places: [link, k, places, undone, count, crc] and maybe fixes
    (see above; logs written before the crc have five)."""
    return (isinstance(ix, list) and (len(ix) == 5 or (len(ix) in (6, 7) and
                                                       _int(ix[5], 0, 0xFFFFFFFF))) and
            _int(ix[0], 0) and _int(ix[1], 0, n) and _places(ix[2]) and
            len(ix[2]) == n - ix[1] and _places(ix[3]) and _int(ix[4], 1) and
            (ix[1] == 0 or ix[0] > 0) and (len(ix) < 7 or _fixes(ix[6], ix[1])))


def _fixes(v, k):
    """[i, place, ...]: indices below k, ascending, each with a place; not empty."""
    if not isinstance(v, list) or not v or len(v) % 2:
        return False
    last = -1
    for q in range(0, len(v), 2):
        if not (_int(v[q], last + 1, k - 1) and _int(v[q + 1], 1)):
            return False
        last = v[q]
    return True


def check_log(rec, index):
    """A game log: the header first, then records."""
    return check_head(rec) if index == 0 else check_record(rec)


def check_summary(rec, index=0):
    """A finished game in the history (fields the screens read; others pass)."""
    if not isinstance(rec, dict):
        return "is not a game"
    game, players = rec.get("game"), rec.get("players")
    if not isinstance(game, str) or len(game) > MAX_ID or not _int(players, 1, MAX_PLAYERS):
        return "is not a game"
    scores = rec.get("scores", [0] * players)
    if not isinstance(scores, list) or len(scores) != players:
        return "has bad scores"
    for v in scores:
        if not _int(v, -(1 << 30), 1 << 30):
            return "has bad scores"
    winners = rec.get("winners", ())
    if not isinstance(winners, (list, tuple)) or len(winners) > players:
        return "has bad winners"
    for v in winners:
        if not _int(v, 0, players - 1):
            return "has bad winners"
    places = rec.get("places", ())
    if "places" in rec and not (isinstance(places, list) and len(places) == players):
        return "has bad places"
    for v in places:
        if not _int(v, 1, players):
            return "has bad places"
    for k in ("ms", "events"):
        if k in rec and not _int(rec[k], 0):
            return "has a bad " + k
    for k in ("date", "id"):
        if k in rec and not (isinstance(rec[k], str) and len(rec[k]) <= MAX_ID):
            return "has a bad " + k
    for k in ("start", "end"):
        if k in rec and not stamp_ok(rec[k]):
            return "has a bad " + k
    if "first" in rec and not _int(rec["first"], 0, players - 1):
        return "has a bad first"
    left = rec.get("left", ())
    if "left" in rec and not (isinstance(left, list) and len(left) == players):
        return "has a bad left"
    for v in left:
        if not _int(v, 0, 1 << 16):
            return "has a bad left"
    if "on" in rec and not power_on.id_ok(rec["on"]):
        return "has a bad on"
    if "up" in rec and not _int(rec["up"], 0):
        return "has a bad up"
    for k in ("abandoned", "unfinished", "est"):
        if k in rec and rec[k] is not True and rec[k] is not False:
            return "has a bad " + k
    if "colours" in rec and not _colours(rec["colours"], players):
        return "has bad colours"
    if "people" in rec and not people_ok(rec["people"], players):
        return "has bad people"
    return None


class Reader:
    """Reads records from lines (a file, read a line at a time: a long log never has
    to fit in RAM). Stops at the first record that is cut short, damaged or of the
    wrong shape; `problem` then says what was wrong, and `count` is how many good
    records came before it. With skip=True (records that stand alone, as in the
    history) a bad line is counted in `skipped` and the reading goes on.

    `check(record, index)` says what is wrong with a record's shape (None: nothing),
    index counting the good records before it. By default a strict reader reads a
    game log (check_log) and a skipping one the history (check_summary)."""

    def __init__(self, skip=False, check=None):
        self.problem = None
        self.count = 0
        self.skip = skip
        self.skipped = 0
        self.check = check or (check_summary if skip else check_log)

    def read(self, lines):
        for line in lines:
            ok = False
            rec = None
            n = self.count + self.skipped + 1
            if not line.endswith("\n"):
                self.problem = "the last record was cut short"
            elif line in MARKS:
                self.problem = "record %d %s" % (n, line[1:-1])
            else:
                try:
                    rec = decode(line[:-1])
                except ValueError:
                    self.problem = "record %d is damaged" % n
                else:
                    why = self.check(rec, self.count)
                    if why is None:
                        ok = True
                    else:
                        self.problem = "record %d %s" % (n, why)
            if not ok:
                if not self.skip:
                    return
                self.skipped += 1
                continue
            self.count += 1
            yield rec


def parse(text, check=None):
    """Records from a whole log's text: (records, good_length, problem), where
    good_length is where the first bad record began."""
    reader = Reader(check=check)
    lines = text.split("\n")
    whole = [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    records = list(reader.read(whole))
    good = sum(len(line) for line in whole[:reader.count])
    return records, good, reader.problem


def header(game, players, settings, colours=None, game_id=None, people=None, start=None,
           short=None):
    """The first record of a game's log; colours (a name per seat), an id, the people
    at the seats (a name or None each), the time it began (STAMP) and the people's short
    names (roster.shorts: a log without them is given them the same way) are kept when
    given."""
    head = {"game": game, "players": players, "settings": settings, "v": VERSION}
    if colours is not None:
        head["colours"] = list(colours)
    if game_id is not None:
        head["id"] = game_id
    if people is not None:
        head["people"] = list(people)
    if start is not None:
        head["start"] = start
    if short is not None:
        head["short"] = list(short)
    return head


def check_header(record, problem=None):
    """The header, or ValueError saying what is wrong (`problem`: what the reader
    found wrong with the first line, if it did)."""
    if not isinstance(record, dict) or "game" not in record or "players" not in record:
        raise ValueError(problem or "the log does not start with a game")
    if record.get("v") != VERSION:
        raise ValueError("the log was written by another version")
    why = check_head(record)
    if why is not None:
        raise ValueError("the game's header " + why)
    return record
