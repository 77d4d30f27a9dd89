# The rules file (rules.bin, made from docs/rules.md by tools/install/rules_file.py):
# each step's page, already folded to the panel's width, read from flash a screen at a
# time. Nothing of it is kept in RAM but the page on show: opening an entry walks the
# index record by record into one buffer, and a page is one seek and one read.
#
# The file (little-endian):
#   header  MAGIC, version (1 byte), entries (1 byte), CRC-32 of the index (4 bytes)
#   index   one record a step, sorted by key: the key (KEY bytes, NUL-padded), where its
#           body starts, its length and its CRC-32 (4 bytes each)
#   body    lines (1 byte), the title (its length, 1 byte, then its text), where each
#           line starts from the body's start (2 bytes a line, and where the last ends),
#           the lines' text
# A missing file, a wrong magic or version, a checksum that disagrees, a place outside
# the file: `Unreadable`, with what to tell the table; never another exception.
from binascii import crc32

from micropython import const

MAGIC = b"PWRL"
VERSION = const(1)
HEAD = const(10)  # MAGIC, version, entries, the index's CRC
KEY = const(36)
RECORD = const(48)  # KEY + start, length, CRC
MOST_LINES = const(200)  # a body longer is no body this tool writes


class Unreadable(Exception):
    """The rules cannot be shown: args[0] is the line or two that say why."""


def _u(b, i, n):
    v = 0
    for k in range(n - 1, -1, -1):
        v = (v << 8) | b[i + k]
    return v


def _read_exactly(f, buf, n):
    # the whole buffer (an index record, a chunk of a body) takes no memoryview
    got = f.readinto(buf if n == len(buf) else memoryview(buf)[:n]) if n else 0
    if got != n:
        raise Unreadable("The rules file is damaged (cut short).")


def _same(buf, want):
    """Does `buf` start with `want`? (No slice made: the index is read in a game.)"""
    for i in range(len(want)):
        if buf[i] != want[i]:
            return False
    return True


class Entry:
    """One step's page: its title and line count, and where its body lies."""

    def __init__(self, title, lines, start, length, table):
        self.title = title
        self.lines = lines
        self.start = start
        self.length = length
        self.table = table  # where the lines' places are in the file


def find(path, key):
    """The entry for `key` ("<game id>/<screen name>"); Unreadable when the file is
    missing or damaged, or has no page for the step."""
    try:
        if path is None:
            raise OSError("no path")
        f = open(path, "rb")
    except OSError:
        raise Unreadable("No rules file on the box: install the firmware again.")
    try:
        return _find(f, key)
    except (OSError, ValueError, IndexError, UnicodeError):
        raise Unreadable("The rules file cannot be read: install the firmware again.")
    finally:
        f.close()


def _find(f, key):
    buf = bytearray(RECORD)
    _read_exactly(f, buf, HEAD)
    if bytes(buf[:4]) != MAGIC or buf[4] != VERSION:
        raise Unreadable("The rules file is not this firmware's: install it again.")
    count, index_crc = buf[5], _u(buf, 6, 4)
    want = key.encode()
    if len(want) > KEY:
        want = b""  # no key that long is written: nothing matches
    crc = 0
    found = None
    for _ in range(count):
        _read_exactly(f, buf, RECORD)
        crc = crc32(buf, crc)
        end = KEY
        while end and buf[end - 1] == 0:
            end -= 1
        if found is None and end == len(want) and _same(buf, want):
            found = (_u(buf, KEY, 4), _u(buf, KEY + 4, 4), _u(buf, KEY + 8, 4))
    if crc & 0xFFFFFFFF != index_crc:
        raise Unreadable("The rules file is damaged: install the firmware again.")
    if found is None:
        raise Unreadable("No rules for this step in the box's rules file.")
    start, length, body_crc = found
    f.seek(start)
    crc = 0
    left = length
    while left:
        n = min(left, RECORD)
        _read_exactly(f, buf, n)
        crc = crc32(buf if n == RECORD else memoryview(buf)[:n], crc)
        left -= n
    if crc & 0xFFFFFFFF != body_crc or length < 2:
        raise Unreadable("The rules file is damaged: install the firmware again.")
    f.seek(start)
    _read_exactly(f, buf, 2)
    lines, title_len = buf[0], buf[1]
    if lines > MOST_LINES or 2 + title_len + 2 * (lines + 1) > length:
        raise Unreadable("The rules file is damaged: install the firmware again.")
    title = bytearray(title_len)
    _read_exactly(f, title, title_len)
    return Entry(title.decode(), lines, start, length, start + 2 + title_len)


def page(path, entry, top, count):
    """Lines top .. top+count-1 of the entry (fewer at its end), read from flash."""
    top = max(0, min(top, entry.lines))
    count = min(count, entry.lines - top)
    if count <= 0:
        return []
    try:
        with open(path, "rb") as f:
            f.seek(entry.table + 2 * top)
            offs = bytearray(2 * (count + 1))
            _read_exactly(f, offs, len(offs))
            first, last = _u(offs, 0, 2), _u(offs, 2 * count, 2)
            if not first <= last <= entry.length:
                raise Unreadable("The rules file is damaged: install the firmware again.")
            f.seek(entry.start + first)
            raw = f.read(last - first)
        text = raw.decode()  # ASCII (the tool writes no other): a byte is a character
    except (OSError, UnicodeError):
        raise Unreadable("The rules file cannot be read: install the firmware again.")
    if len(raw) != last - first:
        raise Unreadable("The rules file is damaged (cut short).")
    out = []
    for i in range(count):
        a, b = _u(offs, 2 * i, 2) - first, _u(offs, 2 * i + 2, 2) - first
        if not 0 <= a <= b <= len(text):
            raise Unreadable("The rules file is damaged: install the firmware again.")
        out.append(text[a:b])
    return out

