# A file read a line at a time, through one buffer that every reading shares: a line
# of flash is decoded here (MicroPython's text files raise UnicodeError on one bad
# byte), a line longer than the buffer is said to be too long, never read whole.
from micropython import const

from pawpad.store import blame
from pawpad.store.log import codec

LINE_MAX = const(2048)  # the longest line read: a snapshot of 5-player Circus Puppy is ~850 B


class Lines:
    """The lines of a file, read in binary through one buffer of LINE_MAX bytes and
    decoded one at a time, each with its "\\n". What cannot be a record comes through
    as one of codec's marks: a line that is not UTF-8 as NOT_TEXT, a line longer
    than the buffer (skipped to its newline, never held whole) as TOO_LONG. Bytes
    after the last newline (a record cut short, erased flash, junk) come last,
    without a newline: a line cut short. `end`: where the line last handed on ends in
    the file (the history's index keeps each line's place: a mark has no length)."""

    def __init__(self, path, size=LINE_MAX, start=0):
        self.f = open(path, "rb")
        self.path = path
        if start:
            self.f.seek(start)  # a reading that begins at a record known to be whole
        self.size = size
        self.buf = None
        self.end = start

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, trace):
        if exc is not None:  # a crash may come of what this file held: it is named
            blame.came_through(blame.name_of(self.path), exc)
        self.close()

    def close(self):
        self.f.close()
        if self.buf is not None and not _SHARED:
            _SHARED.append(self.buf)  # for the next reading
        self.buf = None

    def __iter__(self):
        f, size = self.f, self.size
        buf = self.buf = _buffer(size)
        mv = memoryview(buf)
        start = end = 0  # the bytes read and not yet handed on: buf[start:end]
        read = self.end  # where buf[end] is in the file
        skipping = False  # inside a line too long to hold
        while True:
            nl = buf.find(b"\n", start, end)
            if nl >= 0:
                self.end = read - end + nl + 1
                yield codec.TOO_LONG if skipping else _text(buf[start:nl + 1])
                skipping = False
                start = nl + 1
                continue
            if skipping:
                start = end = 0
            elif start:
                buf[:end - start] = buf[start:end]
                end -= start
                start = 0
            if end == size:  # a whole buffer and no newline
                skipping = True
                start = end = 0
            got = f.readinto(mv[end:])
            if not got:
                break
            end += got
            read += got
        self.end = read
        if skipping:
            yield codec.TOO_LONG
        elif end > start:
            tail = _text(buf[start:end])
            yield "\x00" if tail is codec.NOT_TEXT else tail


# One line buffer for every reading, made once, when this module is first imported
# (main.py opens the flash before the app's modules load): a heap hours old, or the
# .mpy install's after boot, may have no 2 KB hole left for a reading that needs one.
_SHARED = [bytearray(LINE_MAX)]


def _buffer(size):
    """The shared line buffer when it is free (readings do not overlap on the box),
    else a buffer of this reading's own."""
    if _SHARED and len(_SHARED[-1]) == size:
        return _SHARED.pop()
    return bytearray(size)


def borrow_buffer():
    """The shared buffer of LINE_MAX bytes (or one of its own when it is in use), for a
    reading that is not a Lines; give it back with return_buffer()."""
    return _buffer(LINE_MAX)


def return_buffer(buf):
    if not _SHARED:
        _SHARED.append(buf)


def _text(data):
    try:
        return data.decode()
    except UnicodeError:
        return codec.NOT_TEXT
