# The simulator in a terminal: the OLED drawn with Unicode half blocks from what the
# panel model received over the fake I2C bus, a status line for the buzzer, lights,
# stages and tilt, and the keyboard as the box's buttons.
import asyncio
import sys

import pins

KEYS_HELP = ("1-8 players  arrows/Enter/Backspace menu  u undo (BACK held)  "
             "a/z s/x stages +/-  t tilt  q quit")
PRESS_MS = 120  # a terminal sends no key-up: a tap is held this long
HOLD_MS = 1000  # and BACK held for undo, this long
FRAME_MS = 40

_HALF = (" ", "\u2584", "\u2580", "\u2588")  # by (top, bottom) bits: 00, 01, 10, 11


def panel_lines(panel):
    ram, w = panel.ram, panel.width
    lines = []
    for y in range(0, 64, 2):
        base = (y >> 3) * w
        top, bot = 1 << (y & 7), 1 << ((y + 1) & 7)
        row = []
        for x in range(w):
            b = ram[base + x]
            row.append(_HALF[(2 if b & top else 0) | (1 if b & bot else 0)])
        lines.append("".join(row))
    return lines


def status_line(world, hw):
    parts = []
    hz = hw.buzzer.hz if hw.buzzer is not None else 0
    parts.append(("buzzer %4d Hz" % hz) if hz else "buzzer   --   ")
    if hw.pixels is not None:
        dots = []
        for r, g, b in hw.pixels.rgb:
            dots.append("\x1b[38;2;%d;%d;%dm\u25cf\x1b[0m" % (r, g, b) if (r or g or b) else ".")
        parts.append("lights " + "".join(dots))
    for i, s in enumerate(world.stages):
        parts.append("stage%d %s" % (i + 1, ("%d dogs" % s.dogs) if s.plugged else "unplugged"))
    parts.append("tilt " + ("TIPPED" if world.tipped() else "level"))
    return "  ".join(parts)


class Terminal:
    def __init__(self, world, hw):
        self.world = world
        self.hw = hw
        self.quit = asyncio.Event()
        self._last = None

    async def keyboard(self):
        reader = asyncio.StreamReader(sys.stdin.buffer)
        esc = b""
        while True:
            ch = await reader.read(1)
            if not ch:
                self.quit.set()
                return
            if esc or ch == b"\x1b":
                esc += ch
                if len(esc) == 3:
                    self.arrow(esc[2:3])
                    esc = b""
                continue
            if ch == b"q":
                self.quit.set()
                return
            self.key(ch)

    def arrow(self, code):
        i = {b"A": 0, b"B": 1, b"C": 2, b"D": 3}.get(code)  # right = OK, left = BACK
        if i is not None:
            asyncio.create_task(self.tap("menu", i))

    def key(self, ch):
        w = self.world
        if b"1" <= ch <= b"8":
            asyncio.create_task(self.tap("player", ch[0] - 49))
        elif ch in (b"\r", b"\n"):
            asyncio.create_task(self.tap("menu", 2))
        elif ch in (b"\x7f", b"\x08"):
            asyncio.create_task(self.tap("menu", 3))
        elif ch in (b"a", b"z", b"s", b"x") and w.stages:
            stage = w.stages[0 if ch in (b"a", b"z") else 1]
            stage.dogs = max(0, stage.dogs + (1 if ch in (b"a", b"s") else -1))
        elif ch == b"t":
            w.tip(not w.tipped())
        elif ch == b"u":
            asyncio.create_task(self.tap("menu", 3, HOLD_MS))

    async def tap(self, kind, i, ms=PRESS_MS):
        press = self.world.menu if kind == "menu" else self.world.player
        press(i, True)
        await asyncio.sleep_ms(ms)
        press(i, False)

    async def painter(self):
        out = sys.stdout
        out.write("\x1b[2J\x1b[?25l")
        while True:
            lines = panel_lines(self.world.panel)
            status = status_line(self.world, self.hw)
            frame = (lines, status)
            if frame != self._last:
                self._last = frame
                out.write("\x1b[H")
                out.write("\u250c" + "\u2500" * 128 + "\u2510\r\n")
                for line in lines:
                    out.write("\u2502" + line + "\u2502\r\n")
                out.write("\u2514" + "\u2500" * 128 + "\u2518\r\n")
                out.write(status + "\x1b[K\r\n" + KEYS_HELP + "\x1b[K\r\n")
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
        sys.stdout.write("\x1b[?25h\r\n")

    return restore


__all__ = ["Terminal", "raw_terminal", "panel_lines", "pins"]
