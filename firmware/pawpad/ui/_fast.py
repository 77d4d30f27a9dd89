# The canvas's byte loops in machine code: @micropython.viper on MicroPython (Thumb on
# the Pico, x64 on the unix port). On CPython, where there is no emitter, importing
# this module fails and canvas.py keeps its plain-Python drawing, which gives the same
# bytes (a test renders every screen on both runtimes and compares them).
# The frame is 128 x 64, MONO_VLSB: byte (y >> 3) * 128 + x, bit y & 7.
import micropython


@micropython.viper
def glyph(buf: ptr8, font: ptr8, g: int, x: int, y: int, c: int, k: int):  # noqa: F821
    """Draws the 5 x 8 glyph at font[g:g+5] with its top-left corner at (x, y), each
    pixel a k x k square, in colour c; set pixels only, clipped to the frame."""
    if k == 1 and y >= 0:
        page = y >> 3
        shift = y & 7
        col = 0
        while col < 5:
            xx = x + col
            bits = int(font[g + col])
            if xx >= 0 and xx < 128 and bits:
                lo = (bits << shift) & 0xFF
                hi = bits >> (8 - shift) if shift else 0
                if page < 8 and lo:
                    i = page * 128 + xx
                    if c:
                        buf[i] = buf[i] | lo
                    else:
                        buf[i] = buf[i] & (0xFF ^ lo)
                if page + 1 < 8 and hi:
                    i = (page + 1) * 128 + xx
                    if c:
                        buf[i] = buf[i] | hi
                    else:
                        buf[i] = buf[i] & (0xFF ^ hi)
            col += 1
        return
    src = 0
    sub = 0
    col = 0
    w = 5 * k
    h = 8 * k
    while col < w:
        xx = x + col
        bits = int(font[g + src])
        if xx >= 0 and xx < 128 and bits:
            r = 0
            row = 0
            rep = 0
            while r < h:
                if (bits >> row) & 1:
                    yy = y + r
                    if yy >= 0 and yy < 64:
                        i = (yy >> 3) * 128 + xx
                        m = 1 << (yy & 7)
                        if c:
                            buf[i] = buf[i] | m
                        else:
                            buf[i] = buf[i] & (0xFF ^ m)
                r += 1
                rep += 1
                if rep == k:
                    rep = 0
                    row += 1
        col += 1
        sub += 1
        if sub == k:
            sub = 0
            src += 1


@micropython.viper
def invert(buf: ptr8, x0: int, x1: int, y0: int, y1: int):  # noqa: F821
    """Flips every pixel with x0 <= x < x1 and y0 <= y < y1 (already clipped)."""
    y = y0
    while y < y1:
        page = y >> 3
        mask = 0
        while y < y1 and (y >> 3) == page:
            mask = mask | (1 << (y & 7))
            y += 1
        i = page * 128 + x0
        end = page * 128 + x1
        while i < end:
            buf[i] = buf[i] ^ mask
            i += 1


@micropython.viper
def text(buf: ptr8, font: ptr8, s: ptr8, n: int, x: int, y: int, c: int,  # noqa: F821
         k: int) -> int:
    """The n ASCII bytes of s drawn from x as glyph() does, one after another with a
    blank column between; a byte outside the font draws '?'. Returns the x after."""
    step = 6 * k
    i = 0
    while i < n:
        o = s[i]
        if o < 32 or o > 126:
            o = 63
        glyph(buf, font, (o - 32) * 5, x, y, c, k)
        x += step
        i += 1
    return x
