# The simulator in a terminal: the OLED drawn from what the panel model received over
# the fake I2C bus, in the sharpest view the terminal has room for (pawsim.cells), a
# status line for the buzzer, lights, stages and tilt, and the keyboard as the box's
# buttons. The terminal is asked its size twice a second, so a resized window is
# redrawn to fit; one too small for any view is told so, never drawn garbled.
import asyncio
import sys
import time

import pins

from pawsim import cells
from pawsim.hands import PRESS_MS, Hands
from pawsim.keys import SIZE_QUERY, KeyReader

HOLD_MS = 1000  # BACK held for undo, this long
FRAME_MS = 40
MEASURE_MS = 500  # how often the terminal is asked its size
ASSUMED = (80, 24)  # columns, rows until the terminal answers (one that never does)
AUTO = cells.VIEWS  # the sharpest that fits: half, quarter (tall pixels), braille

HELP = ("1-8 players", "Up/Down", "Enter/Right OK", "Bksp/Left BACK", "u undo",
        "[ ] turn knob", "p push knob", "a/z s/x dogs on/off stage 1/2", "t tilt", "q quit")
# Keys and the menu button (index in pins.MENU) they tap.
_MENU_KEYS = {"up": 0, "down": 1, "right": 2, "\r": 2, "\n": 2, "left": 3, "\x7f": 3,
              "\x08": 3}


def panel_lines(panel, view=cells.HALF):
    """A panel.Panel as text lines (kept for callers of the half-block view)."""
    return cells.lines(panel.ram, view, panel.width)


def fits(view, cols, rows):
    """Room for the panel in `view`, boxed, and a status line under it?"""
    w, h = cells.SIZE[view]
    return cols >= w + 2 and rows >= h + 3


def choose(cols, rows, view=None):
    """The view to draw in a terminal of cols x rows: `view` if asked for, else the
    sharpest of AUTO; None when it does not fit."""
    for v in (view,) if view else AUTO:
        if fits(v, cols, rows):
            return v
    return None


def wrap(pieces, cols, gap="  "):
    """Pieces [(text, width on screen)] joined `gap` apart into lines of at most cols
    columns (text may hold colour codes, so widths are given)."""
    lines, line, used = [], "", 0
    for text, width in pieces:
        if used and used + len(gap) + width > cols:
            lines.append(line)
            line, used = "", 0
        if used:
            line, used = line + gap, used + len(gap)
        if width > cols:  # one piece wider than the terminal: cut (plain text only)
            text, width = text[:cols - used], cols - used
        line, used = line + text, used + width
    if used:
        lines.append(line)
    return lines


def screen_lines(ram, cols, rows, status, view=None):
    """Everything the terminal shows, as at most `rows` lines of at most `cols`
    columns: the boxed panel, the status pieces and the keys, as many as fit. When no
    view fits, a request for a larger window."""
    v = choose(cols, rows, view)
    if v is None:
        return too_small(cols, rows, view)
    panel = cells.lines(ram, v)
    bar = "\u2500" * cells.SIZE[v][0]
    out = ["\u250c" + bar + "\u2510"]
    for line in panel:
        out.append("\u2502" + line + "\u2502")
    out.append("\u2514" + bar + "\u2518")
    below = wrap(status, cols) + wrap([(h, len(h)) for h in HELP], cols)
    return out + below[:rows - len(out)]


def too_small(cols, rows, view=None):
    w, h = cells.SIZE[view or AUTO[-1]]
    words = ("Pawpad's screen needs a terminal of %d x %d or more; this one is %d x %d. "
             "Make the window larger (or the font smaller). q quits."
             % (w + 2, h + 3, cols, rows)).split()
    return wrap([(word, len(word)) for word in words], max(cols, 1), " ")[:max(rows, 1)]


def status_pieces(world, hw):
    """The status line's pieces, [(text, width)]: buzzer, lights, stages, tilt."""
    hz = hw.buzzer.hz if hw.buzzer is not None else 0
    pieces = [(("buzzer %4d Hz" % hz) if hz else "buzzer   --   ", 14)]
    if hw.pixels is not None:
        dots = []
        for r, g, b in hw.pixels.rgb:
            dots.append("\x1b[38;2;%d;%d;%dm\u25cf\x1b[0m" % (r, g, b) if (r or g or b) else ".")
        pieces.append(("lights " + "".join(dots), 7 + len(dots)))
    for i, s in enumerate(world.stages):
        text = "stage%d %s" % (i + 1, ("%d dogs" % s.dogs) if s.plugged else "unplugged")
        pieces.append((text, len(text)))
    text = "tilt " + ("TIPPED" if world.tipped() else "level")
    pieces.append((text, len(text)))
    return pieces


class Terminal:
    def __init__(self, world, hw, view=None):
        self.world = world
        self.hw = hw
        self.view = view  # None: the sharpest that fits
        self.size = ASSUMED
        self.quit = asyncio.Event()
        # let go between two taps of a key long enough for the release to count
        self.hands = Hands(world, lambda: hw.menu.debounce_ms + 5)
        self._tapped = asyncio.Event()

    # --- keyboard ---
    async def keyboard(self):
        import select

        stdin = sys.stdin.buffer
        reader = asyncio.StreamReader(stdin)
        poller = select.poll()
        poller.register(stdin, select.POLLIN)
        decoder = KeyReader()
        while True:
            data = await reader.read(1)
            if not data:
                self.quit.set()
                return
            data = bytearray(data)
            while poller.poll(0):  # and every byte already waiting: a burst is one turn
                more = stdin.read(1)
                if not more:
                    break
                data += more
            for key in decoder.feed(data):
                if isinstance(key, tuple):
                    self.size = (key[2], key[1])
                elif key == "q":
                    self.quit.set()
                    return
                else:
                    self.key(key)

    def key(self, k):
        w = self.world
        if len(k) == 1 and "1" <= k <= "8":
            self.tap(pins.PLAYERS[ord(k) - 49])
        elif k in _MENU_KEYS:
            self.tap(pins.MENU[_MENU_KEYS[k]])
        elif k == "u":
            self.tap(pins.MENU[3], HOLD_MS)
        elif k in "[]" and self.hw.encoder is not None:
            w.turn(1 if k == "]" else -1)
        elif k == "p" and self.hw.encoder is not None:
            self.tap(pins.ENCODER[2])
        elif k in ("a", "z", "s", "x") and w.stages:
            stage = w.stages[0 if k in ("a", "z") else 1]
            stage.dogs = max(0, stage.dogs + (1 if k in ("a", "s") else -1))
        elif k == "t":
            w.tip(not w.tipped())

    def tap(self, gpio, ms=PRESS_MS):
        self.hands.tap(gpio, self.world.clock.ms(), ms)
        self._tapped.set()

    async def fingers(self):
        """Plays the taps the keys queued (pawsim.hands), each at its time."""
        while True:
            wait = self.hands.pump(self.world.clock.ms())
            try:  # until the next thing due, or a new tap
                if wait is None:
                    await self._tapped.wait()
                else:
                    await asyncio.wait_for_ms(self._tapped.wait(), max(1, wait))
            except asyncio.TimeoutError:
                pass
            self._tapped.clear()

    # --- screen ---
    async def painter(self):
        out = sys.stdout
        out.write("\x1b[?25l")
        shown, drawn_for, asked, last = [], None, None, None
        while True:
            now = time.ticks_ms()
            if asked is None or time.ticks_diff(now, asked) >= MEASURE_MS:
                out.write(SIZE_QUERY)  # the answer comes in on the keyboard
                asked = now
            frame = (bytes(self.world.panel.ram), status_pieces(self.world, self.hw),
                     self.size)
            if frame == last:  # nothing changed: no 5 ms of drawing 25 times a second
                await asyncio.sleep_ms(FRAME_MS)
                continue
            last = frame
            cols, rows = self.size
            if drawn_for != self.size:
                out.write("\x1b[2J")  # resized: start from a clean window
                shown, drawn_for = [], self.size
            lines = screen_lines(frame[0], cols, rows, frame[1], self.view)
            for k, line in enumerate(lines):
                if k >= len(shown) or shown[k] != line:  # only the lines that changed
                    out.write("\x1b[%d;1H%s\x1b[K" % (k + 1, line))
            if len(lines) < len(shown):
                out.write("\x1b[%d;1H\x1b[J" % (len(lines) + 1))
            shown = lines
            await asyncio.sleep_ms(FRAME_MS)


def raw_terminal():
    """Puts stdin in raw mode; returns a function that restores it."""
    try:
        import termios

        old = termios.tcgetattr(0)
        termios.setraw(0)
    except (ImportError, OSError):
        return lambda: None

    def restore():
        termios.tcsetattr(0, termios.TCSANOW, old)
        sys.stdout.write("\x1b[?25h\x1b[2J\x1b[H")

    return restore
