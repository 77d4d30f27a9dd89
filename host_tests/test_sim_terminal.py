# The simulator in a terminal: the panel drawn in half blocks, quarter blocks or braille
# (every pixel read back from the characters), the view chosen for the window's size
# (80x24 and up; a request for a larger window below that), keys decoded from bursts
# and split escape sequences, and fast repeated keys that are all played as presses.
# Both runtimes.
import pins

from pawsim import cells
from pawsim.hands import Hands
from pawsim.keys import KeyReader
from pawsim.term import screen_lines, status_pieces
from support.device import play


def blank():
    return bytearray(1024)


def set_pixel(ram, x, y):
    ram[(y >> 3) * 128 + x] |= 1 << (y & 7)


def menu_ram():
    p = play("1600 end")
    return p, bytes(p.world.panel.ram)


def pixel(ram, x, y):
    return ram[(y >> 3) * 128 + x] >> (y & 7) & 1


# --- reading the characters back into pixels ---
_QUARTER = (" \u2598\u259d\u2580\u2596\u258c\u259e\u259b"
            "\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588")
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))  # braille, by row


def pixels_of(lines, view):
    """{(x, y)} lit, read back from the view's characters."""
    lit = set()
    for row, line in enumerate(lines):
        for col, ch in enumerate(line):
            if view == cells.HALF:
                bits = " \u2584\u2580\u2588".index(ch)
                for dy, bit in ((0, 2), (1, 1)):
                    if bits & bit:
                        lit.add((col, row * 2 + dy))
            elif view == cells.QUARTER:
                bits = _QUARTER.index(ch)
                for bit, dx, dy in ((1, 0, 0), (2, 1, 0), (4, 0, 1), (8, 1, 1)):
                    if bits & bit:
                        lit.add((col * 2 + dx, row * 2 + dy))
            else:
                bits = ord(ch) - 0x2800
                assert 0 <= bits < 256
                for dy, (left, right) in enumerate(_DOTS):
                    if bits & left:
                        lit.add((col * 2, row * 4 + dy))
                    if bits & right:
                        lit.add((col * 2 + 1, row * 4 + dy))
    return lit


def test_every_view_shows_every_pixel_of_a_screen():
    _, ram = menu_ram()
    want = {(x, y) for x in range(128) for y in range(64) if pixel(ram, x, y)}
    assert 500 < len(want) < 128 * 64 - 500  # a real screen: text and a lit bar
    for view in cells.VIEWS:
        lines = cells.lines(ram, view)
        w, h = cells.SIZE[view]
        assert len(lines) == h and all(len(line) == w for line in lines), view
        assert pixels_of(lines, view) == want, view


def test_corner_pixels_land_in_the_right_cells():
    ram = blank()
    for x, y in ((0, 0), (127, 63), (1, 3), (2, 4)):
        set_pixel(ram, x, y)
    braille = cells.lines(ram, cells.BRAILLE)
    assert braille[0][0] == "\u2881"  # (0, 0) dot 1 and (1, 3) dot 8
    assert braille[1][1] == "\u2801"  # (2, 4): the next cell down and right, dot 1
    assert braille[15][63] == "\u2880"  # (127, 63): dot 8 of the last cell
    quarter = cells.lines(ram, cells.QUARTER)
    assert quarter[0][0] == "\u2598" and quarter[31][63] == "\u2597"
    half = cells.lines(ram, cells.HALF)
    assert half[0][0] == "\u2580" and half[31][127] == "\u2584"


def visible(line):
    """The columns a line takes: colour codes take none."""
    out, i = 0, 0
    while i < len(line):
        if line[i] == "\x1b":
            i = line.index("m", i) + 1
            continue
        out += 1
        i += 1
    return out


def terminal(cols, rows, view=None):
    p, ram = menu_ram()
    return screen_lines(ram, cols, rows, status_pieces(p.world, p.hw), view)


def test_the_view_fits_the_terminal():
    for cols, rows, width, height in ((80, 24, 64, 16), (120, 40, 64, 32),
                                      (140, 50, 128, 32), (66, 19, 64, 16)):
        lines = terminal(cols, rows)
        assert len(lines) <= rows
        assert all(visible(line) <= cols for line in lines), (cols, rows)
        assert visible(lines[0]) == width + 2 and lines[0][0] == "\u250c"
        assert lines[height + 1][0] == "\u2514", (cols, rows)
        assert lines[height + 2].startswith("buzzer"), (cols, rows)  # the status line
    assert any("q quit" in line for line in terminal(80, 24))  # and the keys, at 80x24


def test_a_terminal_too_small_is_asked_to_grow():
    for cols, rows in ((65, 30), (100, 18), (40, 10)):
        lines = terminal(cols, rows)
        text = " ".join(lines)
        assert "66 x 19" in text and "larger" in text, (cols, rows)
        assert "%d x %d" % (cols, rows) in text
        assert len(lines) <= rows and all(len(line) <= cols for line in lines)
        assert not any("\u2502" in line for line in lines)  # no piece of the panel
    text = " ".join(terminal(120, 40, "half"))  # a view asked for that does not fit
    assert "130 x 35" in text


def test_keys_from_bursts_and_split_escape_sequences():
    k = KeyReader()
    assert k.feed(b"\x1b[A\x1b[A\x1b[B12\r") == ["up", "up", "down", "1", "2", "\r"]
    assert k.feed(b"3\x1b") == ["3"]  # an escape cut off by the read waits...
    assert k.feed(b"[") == []
    assert k.feed(b"1;5") == []
    assert k.feed(b"C]") == ["right", "]"]  # ... for its end (ctrl+right is right)
    assert k.feed(b"\x1bOD") == ["left"]  # application-mode arrows
    assert k.feed(b"\x1b[24;80R\x1b[40;120R") == [("size", 24, 80), ("size", 40, 120)]
    assert k.feed(b"\x1b[15~q") == ["q"]  # a key of no use (F5) is skipped
    assert k.feed(b"\x1bq") == ["q"]  # Alt+q: the q counts
    assert k.feed("\u00e9x".encode()) == ["x"]  # a UTF-8 letter is no key of ours


def test_a_key_repeating_fast_is_not_dropped():
    # Six DOWNs in one burst (a key held down in the terminal): every one moves the menu.
    p = play("1600 end")
    hands = Hands(p.world, lambda: p.hw.menu.debounce_ms + 5)
    t = 1600
    for _ in range(6):
        hands.tap(pins.MENU[1], t)
    while t < 1600 + 6 * 45:  # at the pace of a key repeat (25 a second and more)
        hands.pump(t)
        t += 10
        p.run_until(t)
    assert p.dev.app.top.name == "menu" and p.dev.app.top.sel == 6
    while hands.busy():
        hands.pump(t)
        t += 10
        p.run_until(t)
    assert p.dev.app.top.sel == 6 and not p.hw.menu.is_down(1)  # all let go


def test_a_second_tap_while_the_first_is_held_lets_it_go_sooner():
    p = play("1600 end")
    hands = Hands(p.world, lambda: 25)
    hands.tap(pins.MENU[1], 1600)
    assert hands.pump(1600) == 120  # a lone tap is held 120 ms
    hands.tap(pins.MENU[1], 1610)
    assert hands.pump(1610) == 5
