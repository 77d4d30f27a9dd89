# The game log's line format: one JSON record per line with a CRC-32, so that a record
# cut short by a power cut, or damaged on flash, is told apart from a good one. Pure:
# text to record and back. What a record may say is store/log/schema.py; reading and
# writing files is store/files.py and store/session.py. Every file the store writes a
# line at a time (the log, the history, the score sheet, the crash record) uses it.
import json

# Each line's checksum. No fallback: a None in its place would only fail later, at the
# first line written or read. Every runtime the log is read on has it (CPython; the
# rp2, unix and WebAssembly ports, built at MicroPython's "extra features" level with
# deflate), and store/log/pages.py imports it the same way.
from binascii import crc32

try:
    from micropython import const
except ImportError:  # plain CPython: the log's format is read there too (consts are ints)
    const = int  # type: ignore

_SEP = "|"


# What a file reader hands on in place of a line it could not make text of (see
# store/files.py). A NUL never starts a record: JSON text escapes it.
NOT_TEXT = "\x00is not text\n"


TOO_LONG = "\x00is too long\n"


MARKS = (NOT_TEXT, TOO_LONG)  # a line that is no record


# json.loads of damaged text: ValueError, or RecursionError (a RuntimeError) on CPython.
# Not MemoryError: nesting deep enough to exhaust the heap is refused before (shallow),
# so a MemoryError is the heap of the moment, never a reason to call a file damaged.
JSON_ERRORS = (ValueError, RuntimeError, OverflowError, TypeError, IndexError, KeyError)


DEPTH_MAX = const(16)  # JSON nesting: ours nest 3 deep; CPython's json recurses, and on a
#                       Pico 16 KB of "[" is 16,000 lists: more than the heap


def shallow(text, limit=DEPTH_MAX):
    """Is this JSON text nested no deeper than `limit`? Brackets inside strings do not
    count. The count of brackets bounds the depth: only a text with many is walked."""
    if text.count("[") + text.count("{") <= limit:
        return True
    data = _as_bytes(text)
    return Depth(limit).feed(data, len(data))


_QUOTE = const(0x22)


_ESCAPE = const(0x5C)


_OPENS = (0x5B, 0x7B)  # [ {


_CLOSES = (0x5D, 0x7D)  # ] }


class Depth:
    """Walks JSON bytes a piece at a time, keeping how deep it is (brackets inside
    strings do not count); feed() is False once deeper than `limit`."""

    def __init__(self, limit):
        self.limit = limit
        self.depth = 0
        self.quoted = self.escaped = False

    def feed(self, data, n):
        if _fast is not None:
            s = _fast.depth_walk(data, n, self.depth << 3 | self.escaped << 1 | self.quoted,
                                 self.limit)
            self.depth, self.escaped, self.quoted = s >> 3, bool(s & 2), bool(s & 1)
            return not s & 4
        return self.walk(data, n)

    def walk(self, data, n):
        """feed() in plain Python: CPython's, and what the machine code must say."""
        depth, quoted, escaped = self.depth, self.quoted, self.escaped
        for i in range(n):
            b = data[i]
            if quoted:
                if escaped:
                    escaped = False
                elif b == _ESCAPE:
                    escaped = True
                elif b == _QUOTE:
                    quoted = False
            elif b == _QUOTE:
                quoted = True
            elif b in _OPENS:
                depth += 1
                if depth > self.limit:
                    return False
            elif b in _CLOSES:
                depth -= 1
        self.depth, self.quoted, self.escaped = depth, quoted, escaped
        return True


try:  # Depth's walk in machine code where MicroPython has an emitter
    from pawpad.store.log import _fast
except (ImportError, SyntaxError, NameError, AttributeError):  # CPython
    _fast = None


# The text's UTF-8 bytes without a copy where the runtime can (MicroPython's str is a
# buffer of its UTF-8 bytes; CPython's is not): a checkpoint line is a kilobyte or two,
# and each copy of it is a block the heap must find whole. Which one is decided once.
try:
    memoryview("")
    _as_bytes = memoryview
except TypeError:  # CPython
    _as_bytes = str.encode


def byte_len(text):
    """How many bytes the text takes on flash (UTF-8)."""
    return len(_as_bytes(text))


def crc_of(text):
    """The CRC-32 of the text's UTF-8 bytes, as the log writes it."""
    return crc32(_as_bytes(text)) & 0xFFFFFFFF


def encode(record):
    """One line of the log, newline included."""
    text = json.dumps(record)
    crc = crc_of(text)
    text += "%s%08x\n" % (_SEP, crc)  # one block the size of the line, not three
    return text


def read_one(store, name, limit):
    """The one record a small file of one line holds (crashes.py's, power_on.py's), or
    None: no file, a damaged line, any bytes at all."""
    try:
        text = store.read_text(name, limit)
        return decode(text[:-1] if text.endswith("\n") else text)
    except (OSError, ValueError):
        return None


def decode(line):
    """The record in one line (newline removed); ValueError if it is damaged."""
    cut = line.rfind(_SEP)
    if cut < 0 or len(line) - cut != 9:
        raise ValueError("no checksum")
    text = line[:cut]
    if "%08x" % crc_of(text) != line[cut + 1:]:
        raise ValueError("checksum does not match")
    if not shallow(text):
        raise ValueError("nested too deep")
    try:
        return json.loads(text)
    except JSON_ERRORS:
        raise ValueError("not JSON")


