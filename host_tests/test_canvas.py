# The canvas: own-font text and framebuf shapes in the SSD1306 byte layout. Both runtimes.
from pawpad.ui import font5x8
from pawpad.ui.canvas import Canvas, text_width
from pawpad.ui.widgets import wrap


def lit(c, x, y):
    return (c.buf[(y >> 3) * 128 + x] >> (y & 7)) & 1


def test_text_on_a_page_boundary_copies_glyph_columns():
    c = Canvas()
    c.text("A", 10, 8)
    g = (ord("A") - font5x8.FIRST) * font5x8.WIDTH
    assert bytes(c.buf[128 + 10:128 + 15]) == font5x8.GLYPHS[g:g + 5]
    assert c.buf[128 + 15] == 0


def test_text_between_pages_is_the_same_pixels_shifted():
    a, b = Canvas(), Canvas()
    a.text("Pug 42", 3, 8)
    b.text("Pug 42", 3, 13)
    for y in range(8, 16):
        for x in range(0, 40):
            assert lit(a, x, y) == lit(b, x, y + 5)


def test_scaled_text_is_each_pixel_as_a_block():
    small, big = Canvas(), Canvas()
    small.text("7", 0, 0)
    big.text("7", 0, 0, scale=3)
    for y in range(8):
        for x in range(5):
            for dy in range(3):
                for dx in range(3):
                    assert lit(big, 3 * x + dx, 3 * y + dy) == lit(small, x, y)


def test_black_text_on_white():
    c = Canvas()
    c.fill_rect(0, 0, 128, 9, 1)
    c.text("I", 0, 1, 0)
    assert not lit(c, 2, 2) and lit(c, 0, 0) and lit(c, 5, 3)


def test_invert_rect_flips_only_the_box():
    c = Canvas()
    c.text("Hi", 0, 0)
    before = bytes(c.buf)
    c.invert_rect(0, 0, 20, 8)
    c.invert_rect(0, 0, 20, 8)
    assert bytes(c.buf) == before
    c.invert_rect(100, 60, 50, 10)  # clipped at the edges
    assert lit(c, 127, 63) and not lit(c, 99, 63)


def test_fill_rect_sets_or_clears_only_the_box():
    # Pixel by pixel against the definition, over a random frame: the box clipped to
    # the frame set (1) or cleared (0), nothing else changed; boxes off the frame, of
    # no width or height, across pages and within one (the viper loop on MicroPython,
    # framebuf on CPython).
    from pawsim.rng import Rng

    rnd = Rng(7).next
    for trial in range(80):
        c = Canvas()
        for i in range(1024):
            c.buf[i] = rnd() & 0xFF
        x, y = rnd() % 150 - 10, rnd() % 80 - 8
        w, h = rnd() % 140 - 2, rnd() % 70 - 2
        colour = trial % 2
        before = Canvas(bytearray(c.buf))
        c.fill_rect(x, y, w, h, colour)
        for yy in range(64):
            for xx in range(0, 128, 5 if trial % 3 else 1):
                inside = x <= xx < x + w and y <= yy < y + h
                want = colour if inside else lit(before, xx, yy)
                assert lit(c, xx, yy) == want, (trial, x, y, w, h, xx, yy)


def test_widths_and_unknown_characters():
    assert text_width("") == 0
    assert text_width("ab") == 11
    assert text_width("ab", 2) == 22
    c, d = Canvas(), Canvas()
    c.text("\u00e9", 0, 0)
    d.text("?", 0, 0)
    assert c.buf == d.buf
    # a character of two, three or four bytes is one '?', and the text goes on after
    # it, at any scale (the viper loop reads a str's UTF-8 bytes where they lie)
    for scale, y in ((1, 3), (2, 20), (1, -2)):
        c, d = Canvas(), Canvas()
        assert c.text("a\u00e9\u20ac\U0001F600b", 1, y, 1, scale) == \
            d.text("a???b", 1, y, 1, scale)
        assert c.buf == d.buf, scale


def test_wrap_folds_at_spaces():
    # never after a word that leads into the next ("a", "from"): the phrase stays whole
    assert wrap(["players must be a whole number from 1 to 8"], 21) == [
        "players must be", "a whole number from 1", "to 8"]
    assert wrap(["x" * 25], 21) == ["x" * 21, "xxxx"]


def test_shift_rows_moves_only_the_rows_given():
    # Pixel by pixel against the definition: inside y0..y1, row y takes row y - k of
    # the frame before, or is clear where that lies outside; nothing else moves. Any
    # band and distance, a page's rows and more, up and down (the viper loop on
    # MicroPython, the plain one on CPython).
    from pawsim.rng import Rng

    rnd = Rng(5).next
    for trial in range(60):
        c = Canvas()
        for i in range(1024):
            c.buf[i] = rnd() & 0xFF
        y0 = rnd() % 64
        y1 = y0 + 1 + rnd() % (64 - y0)
        k = (rnd() % 41) - 20 if trial % 3 else (9 if trial % 2 else -9)
        before = Canvas(bytearray(c.buf))
        c.shift_rows(y0, y1, k)
        for y in range(64):
            for x in range(0, 128, 7 if trial % 4 else 1):
                if not y0 <= y < y1:
                    want = lit(before, x, y)
                elif y0 <= y - k < y1:
                    want = lit(before, x, y - k)
                else:
                    want = 0
                assert lit(c, x, y) == want, (trial, y0, y1, k, x, y)


def test_the_byte_loops_give_the_same_frame_off_a_word():
    # The viper loops go a word at a time on a word-aligned frame (every frame the box
    # makes) and a byte at a time otherwise: both ways, the same bytes.
    from pawsim.rng import Rng

    rnd = Rng(9).next
    for trial in range(20):
        raw = bytearray(1025)
        odd = Canvas(memoryview(raw)[1:])
        even = Canvas()
        for i in range(1024):
            even.buf[i] = odd.buf[i] = rnd() & 0xFF
        y0 = rnd() % 60
        y1 = y0 + 1 + rnd() % (64 - y0)
        x0 = rnd() % 120
        k = (rnd() % 19) - 9
        w = 1 + rnd() % (128 - x0)
        for c in (even, odd):
            c.shift_rows(y0, y1, k)
            c.invert_rect(x0, y0, w, y1 - y0)
            c.fill_rect(x0 + 3, y0 + 1, w, y1 - y0, trial % 2)
        assert bytes(even.buf) == bytes(odd.buf), trial
        even.clear(trial % 2)
        odd.clear(trial % 2)
        assert bytes(even.buf) == bytes(odd.buf) == bytes([0xFF * (trial % 2)] * 1024)
