# A 128x64 one-bit canvas over the SSD1306's frame buffer (MONO_VLSB).
# Shapes go through MicroPython's framebuf on the device and the unix port, and through
# adafruit_framebuf on CPython; text is Pawpad's own font, written into the bytes
# directly. Both back ends produce the same bytes: a test renders every screen on both
# runtimes and compares them.
try:
    import framebuf

    _VLSB = framebuf.MONO_VLSB
except ImportError:  # CPython: the same layout under another name
    import adafruit_framebuf as framebuf

    _VLSB = framebuf.MVLSB

from micropython import const

from pawpad.ui import font5x8

try:  # the byte loops in machine code where MicroPython has an emitter
    from pawpad.ui import _fast
except (ImportError, SyntaxError, NameError, AttributeError):  # CPython
    _fast = None

WIDTH = const(128)
HEIGHT = const(64)
CHAR_W = font5x8.WIDTH + 1  # one blank column between glyphs
LINE_H = const(8)


class Canvas:
    width = WIDTH
    height = HEIGHT

    def __init__(self, buffer=None):
        self.buf = buffer if buffer is not None else bytearray(WIDTH * HEIGHT // 8)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, _VLSB)

    # --- shapes (framebuf) ---
    def clear(self, c=0):
        if _fast is not None:
            _fast.fill(self.buf, WIDTH * HEIGHT // 8, 0xFF if c else 0)
            return
        self.fb.fill(c)

    def pixel(self, x, y, c=1):
        self.fb.pixel(x, y, c)

    def hline(self, x, y, w, c=1):
        self.fb.hline(x, y, w, c)

    def vline(self, x, y, h, c=1):
        self.fb.vline(x, y, h, c)

    def rect(self, x, y, w, h, c=1):
        self.fb.rect(x, y, w, h, c)

    def fill_rect(self, x, y, w, h, c=1):
        if _fast is None:
            self.fb.fill_rect(x, y, w, h, c)
            return
        # clipped as framebuf clips (its fill_rect goes a pixel at a time: slow)
        x0, x1 = max(0, x), min(WIDTH, x + w)
        y0, y1 = max(0, y), min(HEIGHT, y + h)
        if x0 < x1 and y0 < y1:
            _fast.paint(self.buf, x0, x1, y0, y1, c & 1)

    def line(self, x0, y0, x1, y1, c=1):
        self.fb.line(x0, y0, x1, y1, c)

    def invert_rect(self, x, y, w, h):
        """Flip every pixel in the box: a highlight bar over text already drawn."""
        buf = self.buf
        x0, x1 = max(0, x), min(WIDTH, x + w)
        if _fast is not None:
            if x0 < x1:
                _fast.paint(buf, x0, x1, max(0, y), min(HEIGHT, y + h), 2)
            return
        for yy in range(max(0, y), min(HEIGHT, y + h)):
            bit = 1 << (yy & 7)
            base = (yy >> 3) * WIDTH
            for i in range(base + x0, base + x1):
                buf[i] ^= bit

    def shift_rows(self, y0, y1, k):
        """Rows y0 <= y < y1 moved k rows down (k < 0: up) within them: row y takes
        row y - k, or is cleared where y - k lies outside them (a list scrolled by
        a row, its other rows not drawn again)."""
        if _fast is not None:
            _fast.shift_rows(self.buf, y0, y1, k)
            return
        buf = self.buf
        region = ((1 << y1) - 1) ^ ((1 << y0) - 1)
        a, b = (y0 + k, y1) if k > 0 else (y0, y1 + k)
        keep = ((1 << b) - 1) ^ ((1 << a) - 1) if a < b else 0
        for x in range(WIDTH):
            col = 0
            for p in range(HEIGHT // 8):
                col |= buf[p * WIDTH + x] << (8 * p)
            moved = col << k if k > 0 else col >> -k
            col = (col & ~region) | (moved & keep)
            for p in range(HEIGHT // 8):
                buf[p * WIDTH + x] = (col >> (8 * p)) & 0xFF

    # --- text (own font) ---
    def text(self, s, x, y, c=1, scale=1):
        """Draws s with its top-left corner at (x, y); returns the x after the text."""
        if _fast is not None:  # the str's own bytes (len: its characters)
            return _fast.text(self.buf, font5x8.GLYPHS, s, len(s), x, y, c, scale)
        if scale != 1:
            return self._text_scaled(s, x, y, c, scale)
        glyphs, buf = font5x8.GLYPHS, self.buf
        page, shift = y >> 3, y & 7
        for ch in s:
            g = _glyph_index(ch)
            for col in range(font5x8.WIDTH):
                xx = x + col
                if 0 <= xx < WIDTH:
                    bits = glyphs[g + col]
                    _put(buf, page, xx, (bits << shift) & 0xFF, c)
                    if shift:
                        _put(buf, page + 1, xx, bits >> (8 - shift), c)
            x += CHAR_W
        return x

    def text_bytes(self, b, x, y, c=1):
        """text() of ASCII already encoded (bytes made once): nothing is made to draw
        it where the fast glyphs are (a live round's clock); returns the x after it."""
        if _fast is not None:
            return _fast.text(self.buf, font5x8.GLYPHS, b, len(b), x, y, c, 1)
        return self.text(b.decode(), x, y, c)

    def _text_scaled(self, s, x, y, c, k):
        glyphs, fill = font5x8.GLYPHS, self.fb.fill_rect
        for ch in s:
            g = _glyph_index(ch)
            for col in range(font5x8.WIDTH):
                bits = glyphs[g + col]
                row = 0
                while bits:  # one rectangle per vertical run of set bits
                    if bits & 1:
                        run = 0
                        while bits & 1:
                            bits >>= 1
                            run += 1
                        fill(x + col * k, y + row * k, k, run * k, c)
                        row += run
                    else:
                        bits >>= 1
                        row += 1
            x += CHAR_W * k
        return x

    def text_center(self, s, y, c=1, scale=1):
        return self.text(s, (WIDTH - text_width(s, scale)) // 2, y, c, scale)

    def text_right(self, s, x_right, y, c=1, scale=1):
        return self.text(s, x_right - text_width(s, scale), y, c, scale)


def text_width(s, scale=1):
    """Width in pixels, without the trailing gap."""
    return (len(s) * CHAR_W - 1) * scale if s else 0


def _glyph_index(ch):
    o = ord(ch)
    if o < font5x8.FIRST or o > font5x8.LAST:
        o = 63  # '?'
    return (o - font5x8.FIRST) * font5x8.WIDTH


def _put(buf, page, x, bits, c):
    if 0 <= page < HEIGHT // 8 and bits:
        i = page * WIDTH + x
        if c:
            buf[i] |= bits
        else:
            buf[i] &= ~bits & 0xFF
