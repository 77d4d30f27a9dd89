# The canvas's byte loops in machine code: @micropython.viper on MicroPython (Thumb on
# the Pico, x64 on the unix port). On CPython, where there is no emitter, importing
# this module fails and canvas.py keeps its plain-Python drawing, which gives the same
# bytes (a test renders every screen on both runtimes and compares them).
# The frame is 128 x 64, MONO_VLSB: byte (y >> 3) * 128 + x, bit y & 7.
# No constant beyond 16 bits (a word of four bytes is made by shifts): on the Pico's
# Thumb-1 such a constant is a word in the code read at a 4-byte boundary the code is
# assumed to sit on, and frozen code sits on 2 only (mpy-tool), so it reads another
# word (test_viper_constants.py).
import micropython


@micropython.viper
def glyph(buf: ptr8, font: ptr8, g: int, x: int, y: int, c: int, k: int):  # noqa: F821
    """Draws the 5 x 8 glyph at font[g:g+5] with its top-left corner at (x, y), each
    pixel a k x k square, in colour c; set pixels only, clipped to the frame (text()
    draws scale 1 itself, on the frame's rows)."""
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
def paint(buf: ptr8, x0: int, x1: int, y0: int, y1: int, op: int):  # noqa: F821
    """Every pixel with x0 <= x < x1 and y0 <= y < y1 (already clipped) cleared (op 0),
    set (1) or flipped (2): four columns a word at a time where the frame is
    word-aligned (framebuf's fill_rect goes a pixel at a time: 0.7 ms for a list's
    rows on the Pico)."""
    y = y0
    while y < y1:
        page = y >> 3
        mask = 0
        while y < y1 and (y >> 3) == page:
            mask = mask | (1 << (y & 7))
            y += 1
        keep = 0xFF ^ mask
        put = mask if op == 1 else 0
        if op == 2:  # a flip: nothing kept as it was, the mask xored
            keep = 0xFF
            put = mask
        i = page * 128 + x0
        end = page * 128 + x1
        if (int(buf) & 3) == 0:
            while i < end and (i & 3):
                buf[i] = (buf[i] & keep) ^ put
                i += 1
            words = ptr32(int(buf))  # noqa: F821
            k4 = keep | (keep << 8)  # in each byte (no 32-bit constant: see the top)
            k4 = k4 | (k4 << 16)
            p4 = put | (put << 8)
            p4 = p4 | (p4 << 16)
            while i + 4 <= end:
                words[i >> 2] = (words[i >> 2] & k4) ^ p4
                i += 4
        while i < end:
            buf[i] = (buf[i] & keep) ^ put
            i += 1


@micropython.viper
def fill(buf: ptr8, n: int, c: int):  # noqa: F821
    """The first n bytes of buf all c (0 or 0xFF: a frame cleared), a word at a time
    where aligned (framebuf's fill goes a pixel row at a time: 0.8 ms on the Pico)."""
    i = 0
    if (int(buf) & 3) == 0:
        words = ptr32(int(buf))  # noqa: F821
        c4 = c | (c << 8)
        c4 = c4 | (c4 << 16)
        m = n >> 2
        while i < m:
            words[i] = c4
            i += 1
        i = m << 2
    while i < n:
        buf[i] = c
        i += 1


@micropython.viper
def text(buf: ptr8, font: ptr8, s: ptr8, n: int, x: int, y: int, c: int,  # noqa: F821
         k: int) -> int:
    """The n characters of s (a str's UTF-8 bytes, or ASCII bytes) drawn from x as
    glyph() does, one after another with a blank column between; a character outside
    the font draws '?' (a str is read where it lies: no bytes made of it, which cost
    a third of a short text's time on the Pico). Returns the x after.
    At scale 1 each glyph's columns are drawn here (a call of glyph() a character
    costs more than its drawing on the Pico)."""
    step = 6 * k
    i = 0  # the byte read next
    if k != 1 or y < 0:
        while n > 0:
            o = s[i]
            i += 1
            if (o & 0xC0) == 0x80:
                continue  # the rest of a character beyond ASCII: its '?' is drawn
            if o < 32 or o > 126:
                o = 63
            glyph(buf, font, (o - 32) * 5, x, y, c, k)
            x += step
            n -= 1
        return x
    page = y >> 3
    shift = y & 7
    lo_at = page * 128
    hi_at = lo_at + 128
    has_lo = page < 8
    has_hi = page + 1 < 8 and shift != 0
    while n > 0:
        o = s[i]
        i += 1
        if (o & 0xC0) == 0x80:
            continue  # the rest of a character beyond ASCII
        if o < 32 or o > 126:
            o = 63
        n -= 1
        g = (o - 32) * 5
        col = 0
        while col < 5:
            xx = x + col
            bits = int(font[g + col])
            part = 0 if bits and xx >= 0 and xx < 128 else 2
            while part < 2:  # the column's bits on its page, then on the page below
                m = 0
                j = lo_at + xx
                if part == 0 and has_lo:
                    m = (bits << shift) & 0xFF
                elif part == 1 and has_hi:
                    m = bits >> (8 - shift)
                    j = hi_at + xx
                if m:
                    if c:
                        buf[j] = buf[j] | m
                    else:
                        buf[j] = buf[j] & (0xFF ^ m)
                part += 1
            col += 1
        x += 6
    return x


@micropython.viper
def _rows_mask(a: int, b: int, page: int) -> int:
    """The bits of `page` whose rows lie in a <= y < b."""
    lo = a - (page << 3)
    hi = b - (page << 3)
    lo = 0 if lo < 0 else (8 if lo > 8 else lo)
    hi = 0 if hi < 0 else (8 if hi > 8 else hi)
    if lo >= hi:
        return 0
    return ((1 << hi) - 1) ^ ((1 << lo) - 1)


@micropython.viper
def shift_rows(buf: ptr8, y0: int, y1: int, k: int):  # noqa: F821
    """The pixel rows y0 <= y < y1 moved k rows down (k < 0: up) within those rows:
    row y takes row y - k, or nothing where y - k lies outside them. A page's byte
    is made from the two pages its rows come from, a column at a time (a list
    scrolled by a row: no row drawn again)."""
    ka = k if k >= 0 else 0 - k
    q = ka >> 3
    r = ka & 7
    rr = 8 - r
    keep0 = y0 + k if k > 0 else y0  # the rows that take a row from within
    keep1 = y1 + k if k < 0 else y1
    p = y0 >> 3
    stop = (y1 + 7) >> 3
    step = 1
    if k > 0:  # downwards: the bottom page first, as each reads the pages above it
        p = stop - 1
        stop = (y0 >> 3) - 1
        step = -1
    while p != stop:
        inv = 0xFF ^ int(_rows_mask(y0, y1, p))
        keep = int(_rows_mask(keep0, keep1, p))
        # the page most of its rows come from, and the rest: a page off the frame is
        # read as another, as its rows lie outside keep
        near = p - q if k > 0 else p + q
        far = near - 1 if k > 0 else near + 1
        near = 0 if near < 0 else (7 if near > 7 else near)
        far = 0 if far < 0 else (7 if far > 7 else far)
        i = p << 7
        end = i + 128
        na = near << 7
        fa = far << 7
        if (int(buf) & 3) == 0:  # four columns a word at a time, each byte its lane
            w = ptr32(int(buf))  # noqa: F821
            inv4 = inv | (inv << 8)
            inv4 = inv4 | (inv4 << 16)
            keep4 = keep | (keep << 8)
            keep4 = keep4 | (keep4 << 16)
            if k > 0:
                ma = (0xFF << r) & 0xFF
                mb = 0xFF >> rr
            else:
                ma = 0xFF >> r
                mb = (0xFF << rr) & 0xFF
            ma = ma | (ma << 8)
            ma = ma | (ma << 16)
            mb = mb | (mb << 8)
            mb = mb | (mb << 16)
            i >>= 2
            end >>= 2
            na >>= 2
            fa >>= 2
            while i < end:
                if k > 0:
                    v = ((w[na] << r) & ma) | ((w[fa] >> rr) & mb)
                else:
                    v = ((w[na] >> r) & ma) | ((w[fa] << rr) & mb)
                w[i] = (w[i] & inv4) | (v & keep4)
                i += 1
                na += 1
                fa += 1
        elif k > 0:
            while i < end:
                v = (buf[na] << r) | (buf[fa] >> rr)
                buf[i] = (buf[i] & inv) | (v & keep)
                i += 1
                na += 1
                fa += 1
        else:
            while i < end:
                v = (buf[na] >> r) | (buf[fa] << rr)
                buf[i] = (buf[i] & inv) | (v & keep)
                i += 1
                na += 1
                fa += 1
        p += step
