# The keyboard of a raw terminal, decoded: bytes in as they arrive (any number at a
# time, so a key held down and repeating fast loses nothing), keys out. An escape
# sequence cut in two by the reads waits for its end.
#   keys: "up" "down" "right" "left" for the arrows, else the character ("1", "\r")
#   ("size", rows, columns): the terminal's answer to where_am_i() (its size, once
#   the cursor was sent to the far corner)

_ESC = 0x1B
_LONGEST = 32  # a sequence longer than this is junk: dropped
_ARROWS = {0x41: "up", 0x42: "down", 0x43: "right", 0x44: "left"}  # final A B C D

# Asks the terminal its size: the cursor to the far corner (it stops at the edge), then
# a cursor position report, which comes back on the keyboard as ("size", rows, cols).
SIZE_QUERY = "\x1b[999;999H\x1b[6n"


class KeyReader:
    def __init__(self):
        self._pending = b""  # the start of an escape sequence, waiting for its end

    def feed(self, data):
        """The keys in `data` (bytes) and what was pending before it, in order."""
        buf = self._pending + bytes(data)
        self._pending = b""
        keys = []
        i, n = 0, len(buf)
        while i < n:
            c = buf[i]
            if c != _ESC:
                if c < 0x80:  # a UTF-8 character is no key of ours
                    keys.append(chr(c))
                i += 1
                continue
            end = _sequence_end(buf, i)
            if end is None:  # cut off by the read: the rest comes next time
                if n - i <= _LONGEST:
                    self._pending = buf[i:]
                break
            key = _decode(buf[i:end])
            if key is not None:
                keys.append(key)
            i = end
        return keys


def _sequence_end(buf, i):
    """Where the escape sequence at buf[i] ends (index after it), None if not yet."""
    n = len(buf)
    if i + 1 >= n:
        return None
    kind = buf[i + 1]
    if kind == 0x4F:  # ESC O x: an arrow in the terminal's application mode
        return i + 3 if i + 2 < n else None
    if kind != 0x5B:  # ESC and another key (Alt+key): the key alone counts
        return i + 1
    j = i + 2
    while j < n:
        if 0x40 <= buf[j] <= 0x7E:  # a CSI's final byte
            return j + 1
        if j - i > _LONGEST:
            return j  # no final byte in sight: junk, skipped
        j += 1
    return None


def _decode(seq):
    if len(seq) < 3:
        return None
    final = seq[-1]
    if final in _ARROWS:  # also with modifiers: ESC [ 1 ; 5 A
        return _ARROWS[final]
    if final == 0x52 and seq[1] == 0x5B:  # ESC [ rows ; cols R
        parts = seq[2:-1].split(b";")
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
            return ("size", int(parts[0]), int(parts[1]))
    return None
