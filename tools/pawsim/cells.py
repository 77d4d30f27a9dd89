# The panel's 128x64 pixels as terminal characters, read straight from the display RAM
# the panel model keeps (1024 bytes: 8 pages of 128 columns, bit 0 the top pixel).
# Three views, by how many pixels one character shows:
#   half     1x2, half blocks: 128x32 characters, square pixels (the sharpest)
#   quarter  2x2, quarter blocks: 64x32, pixels twice as tall as wide
#   braille  2x4, braille dots: 64x16, square pixels; the whole panel in 80x24
# Pure functions of the RAM: the terminal, tests and a browser page can all use them.

HALF = "half"
QUARTER = "quarter"
BRAILLE = "braille"
VIEWS = (HALF, QUARTER, BRAILLE)  # sharpest first: the first that fits is used
# Characters and lines a view needs for the panel: {view: (columns, rows)}.
SIZE = {HALF: (128, 32), QUARTER: (64, 32), BRAILLE: (64, 16)}

_HALF = (" ", "\u2584", "\u2580", "\u2588")  # by (top, bottom) bits: 00, 01, 10, 11
# Quarter blocks by bits 1 top left, 2 top right, 4 bottom left, 8 bottom right.
_QUARTER = (" ", "\u2598", "\u259d", "\u2580", "\u2596", "\u258c", "\u259e", "\u259b",
            "\u2597", "\u259a", "\u2590", "\u259c", "\u2584", "\u2599", "\u259f", "\u2588")
# Braille dots 1, 2, 3, 7 are the left column top to bottom, 4, 5, 6, 8 the right one:
# the dot bits for a column's four pixels (a nibble of a page byte, top pixel first).
_LEFT = bytearray(16)
_RIGHT = bytearray(16)
for _n in range(16):
    for _row, (_l, _r) in enumerate(((0x01, 0x08), (0x02, 0x10), (0x04, 0x20),
                                      (0x40, 0x80))):
        if _n >> _row & 1:
            _LEFT[_n] |= _l
            _RIGHT[_n] |= _r


def lines(ram, view, width=128):
    """The panel as a list of strings, one a terminal line, in `view`."""
    if view == HALF:
        return _half(ram, width)
    if view == QUARTER:
        return _quarter(ram, width)
    if view == BRAILLE:
        return _braille(ram, width)
    raise ValueError("no view " + view)


def _half(ram, w):
    out = []
    for y in range(0, len(ram) // w * 8, 2):
        base = (y >> 3) * w
        top, bot = 1 << (y & 7), 1 << ((y + 1) & 7)
        out.append("".join([_HALF[(2 if ram[base + x] & top else 0) |
                                  (1 if ram[base + x] & bot else 0)] for x in range(w)]))
    return out


def _quarter(ram, w):
    out = []
    for y in range(0, len(ram) // w * 8, 2):
        base = (y >> 3) * w
        shift = y & 7
        row = []
        for x in range(0, w, 2):
            left = ram[base + x] >> shift & 3  # bit 0: top, bit 1: bottom
            right = ram[base + x + 1] >> shift & 3
            row.append(_QUARTER[(left & 1) | (right & 1) << 1 | (left & 2) << 1 |
                                (right & 2) << 2])
        out.append("".join(row))
    return out


def _braille(ram, w):
    out = []
    for y in range(0, len(ram) // w * 8, 4):
        base = (y >> 3) * w
        shift = y & 7  # four pixels of a page byte: never split across pages
        out.append("".join([chr(0x2800 | _LEFT[ram[base + x] >> shift & 15] |
                                _RIGHT[ram[base + x + 1] >> shift & 15])
                            for x in range(0, w, 2)]))
    return out
