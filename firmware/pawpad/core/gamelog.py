# The game log's format: one JSON record per line with a CRC-32, so that a record cut
# short by a power cut, or damaged on flash, is told apart from a good one. Pure:
# parsing and the meaning of records. Reading and writing files is app/session.py.
#
# The first record is the header: {"game", "players", "settings", "v"}. Then:
#   {"e": event}             an event the engine accepted
#   {"undo": 1}              takes back the last event
#   {"redo": 1}              puts back the last undone event (until a new event)
#   {"fix": i, "e": event}   corrects event i; the events after it stay
# Undo, redo and corrections are records too, so the log keeps what really happened.
import json

try:
    from binascii import crc32
except ImportError:  # pragma: no cover - every runtime here has it
    crc32 = None

VERSION = 1
_SEP = "|"


def encode(record):
    """One line of the log, newline included."""
    text = json.dumps(record)
    return "%s%s%08x\n" % (text, _SEP, crc32(text.encode()) & 0xFFFFFFFF)


def decode(line):
    """The record in one line (newline removed); ValueError if it is damaged."""
    cut = line.rfind(_SEP)
    if cut < 0 or len(line) - cut != 9:
        raise ValueError("no checksum")
    text = line[:cut]
    if "%08x" % (crc32(text.encode()) & 0xFFFFFFFF) != line[cut + 1:]:
        raise ValueError("checksum does not match")
    return json.loads(text)


class Reader:
    """Reads records from lines (a file, read a line at a time: a long log never has
    to fit in RAM). Stops at the first record that is cut short or damaged; `problem`
    then says what was wrong, and `count` is how many good records came before it.
    With skip=True (records that stand alone, as in the history) a bad line is
    counted in `skipped` and the reading goes on."""

    def __init__(self, skip=False):
        self.problem = None
        self.count = 0
        self.skip = skip
        self.skipped = 0

    def read(self, lines):
        for line in lines:
            rec = None
            if not line.endswith("\n"):
                self.problem = "the last record was cut short"
            else:
                try:
                    rec = decode(line[:-1])
                except ValueError:
                    self.problem = "record %d is damaged" % (self.count + self.skipped + 1)
            if rec is None:
                if not self.skip:
                    return
                self.skipped += 1
                continue
            self.count += 1
            yield rec


def parse(text):
    """Records from a whole log's text: (records, good_length, problem), where
    good_length is where the first bad record began."""
    reader = Reader()
    lines = text.split("\n")
    whole = [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    records = list(reader.read(whole))
    good = sum(len(line) for line in whole[:reader.count])
    return records, good, reader.problem


def header(game, players, settings):
    return {"game": game, "players": players, "settings": settings, "v": VERSION}


def check_header(record):
    if not isinstance(record, dict) or "game" not in record or "players" not in record:
        raise ValueError("the log does not start with a game")
    if record.get("v") != VERSION:
        raise ValueError("the log was written by another version")
    return record


class Timeline:
    """The events in force after undo, redo and corrections."""

    def __init__(self):
        self.events = []
        self.undone = []

    def apply(self, record):
        if "undo" in record:
            if not self.events:
                raise ValueError("nothing to undo")
            self.undone.append(self.events.pop())
        elif "redo" in record:
            if not self.undone:
                raise ValueError("nothing to redo")
            self.events.append(self.undone.pop())
        elif "fix" in record:
            i = record["fix"]
            if not (isinstance(i, int) and 0 <= i < len(self.events)):
                raise ValueError("no event %s to correct" % i)
            self.events[i] = record["e"]
        elif "e" in record:
            self.events.append(record["e"])
            self.undone = []
        else:
            raise ValueError("unknown record")

    def preview(self, record):
        """The events if `record` were applied, without applying it."""
        t = Timeline()
        t.events = list(self.events)
        t.undone = list(self.undone)
        t.apply(record)
        return t
