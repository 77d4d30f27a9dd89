# A list of whole numbers kept in small pages: the places of a game's events in its log.
# A Python list of 2000 places is one block of 8 KB on a Pico (16 KB on a 64-bit host),
# and it is copied whole to a bigger block each time it outgrows its own; a heap that
# has run for hours has no hole of that size. Pages of PAGE numbers need only blocks of
# PAGE * 4 bytes, whatever the game's length.
from array import array
from binascii import crc32

try:
    from micropython import const
except ImportError:  # plain CPython: the core imports anywhere (consts are ints)
    const = int  # type: ignore

PAGE = const(64)
_ZEROS = (0,) * PAGE


class Pages:
    """append, pop, len, index (negative too), assign, iterate, compare with any
    sequence. The numbers fit in 32 bits (a place in a file of up to 2 GB)."""

    def __init__(self, items=()):
        self.pages = []
        self.n = 0
        for x in items:
            self.append(x)

    def __len__(self):
        return self.n

    def append(self, x):
        n = self.n
        if n // PAGE == len(self.pages):
            self.pages.append(array("i", _ZEROS))
        self.pages[n // PAGE][n % PAGE] = x
        self.n = n + 1

    def extend(self, items):
        # append() inlined: a resume extends by thousands of places, and a call is
        # tens of microseconds on a Pico.
        pages, n = self.pages, self.n
        for x in items:
            if n % PAGE == 0 and n // PAGE == len(pages):
                pages.append(array("i", _ZEROS))
            pages[n // PAGE][n % PAGE] = x
            n += 1
        self.n = n

    def head(self, k):
        """A new Pages of the first k numbers (k <= len): whole pages copied as arrays,
        not a number at a time."""
        out = Pages()
        full = k // PAGE
        out.pages = [array("i", self.pages[i]) for i in range(full)]
        out.n = full * PAGE
        if k % PAGE:
            last = array("i", _ZEROS)
            page = self.pages[full]
            for j in range(k % PAGE):
                last[j] = page[j]
            out.pages.append(last)
            out.n = k
        return out

    def pop(self):
        if not self.n:
            raise IndexError("pop from empty")
        self.n -= 1
        x = self.pages[self.n // PAGE][self.n % PAGE]
        while len(self.pages) > self.n // PAGE + 1:  # one spare page, not more: an undo
            self.pages.pop()  # and a new event at a page's edge make no new page
        return x

    def clear(self):
        self.pages = []
        self.n = 0

    def _at(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        return i

    def __getitem__(self, i):
        i = self._at(i)
        return self.pages[i // PAGE][i % PAGE]

    def __setitem__(self, i, x):
        i = self._at(i)
        self.pages[i // PAGE][i % PAGE] = x

    def __iter__(self):
        for i in range(self.n):
            yield self.pages[i // PAGE][i % PAGE]

    def __eq__(self, other):
        return same(self, other)

    def crc(self, value=0):
        """The CRC-32 of the numbers in order (as 32-bit words), from `value`: a
        fingerprint of a game's places that costs a few microseconds a page."""
        for i in range(len(self.pages)):
            used = min(PAGE, self.n - i * PAGE)
            if used <= 0:
                break
            value = crc32(memoryview(self.pages[i])[:used], value)
        return value & 0xFFFFFFFF


def same(a, b):
    """Do two sequences hold the same items in the same order?"""
    if len(a) != len(b):
        return False
    if isinstance(a, Pages) and isinstance(b, Pages):
        # Page by page, the whole pages compared as arrays (their bytes at once).
        full = a.n // PAGE
        for i in range(full):
            if a.pages[i] != b.pages[i]:
                return False
        pa, pb = (a.pages[full], b.pages[full]) if a.n % PAGE else ((), ())
        for j in range(a.n % PAGE):
            if pa[j] != pb[j]:
                return False
        return True
    for i in range(len(a)):
        if a[i] != b[i]:
            return False
    return True
