# SSD1306 128x64 OLED over I2C, sending only what changed.
# A full frame is 1024 data bytes: about 23 ms on the bus at 400 kHz. Most redraws touch
# a line or two, so show() compares the frame with what the panel already holds and
# sends, page by page, only the run of columns that differs.
from micropython import const

_SET_MEM_ADDR = const(0x20)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_SET_CONTRAST = const(0x81)
_SET_DISP_OFF = const(0xAE)
_SET_DISP_ON = const(0xAF)
_CTRL_CMDS = const(0x00)  # Co=0, D/C=0: every byte that follows is a command
_CTRL_DATA = const(0x40)  # Co=0, D/C=1: every byte that follows is display RAM

# Power-on sequence for a 128x64 panel with the internal charge pump (datasheet 8.9 and
# the application note's "software initialization" flow), horizontal addressing.
_INIT = bytes((
    _CTRL_CMDS,
    _SET_DISP_OFF,
    _SET_MEM_ADDR, 0x00,    # horizontal addressing
    0x40,                   # display start line 0
    0xA1,                   # column 127 mapped to SEG0
    0xA8, 0x3F,             # multiplex 64
    0xC8,                   # scan COM63 -> COM0
    0xD3, 0x00,             # no display offset
    0xDA, 0x12,             # alternative COM pins, for 64 rows
    0xD5, 0x80,             # clock divide / oscillator
    0xD9, 0xF1,             # pre-charge for the internal pump
    0xDB, 0x30,             # VCOMH deselect 0.83 Vcc
    0xA4,                   # display follows RAM
    0xA6,                   # not inverted
    0x8D, 0x14,             # charge pump on
))


class SSD1306:
    width = 128
    height = 64
    pages = 8

    def __init__(self, i2c, addr=0x3C, contrast=200):
        self.i2c = i2c
        self.addr = addr
        # The frame the UI draws into (MONO_VLSB: one byte = 8 rows of one column).
        self.buffer = bytearray(self.width * self.pages)
        self._mv = memoryview(self.buffer)
        # What the panel holds now; None forces the next show() to send everything.
        self._shown = bytearray(len(self.buffer))
        self._valid = False
        self._window = bytearray((_CTRL_CMDS, _SET_COL_ADDR, 0, 0, _SET_PAGE_ADDR, 0, 0))
        self._cmd = bytearray(3)
        self._data_ctrl = bytes((_CTRL_DATA,))
        self._vec = [self._data_ctrl, self._mv[:0]]  # type: list
        self.bus_bytes = 0  # every byte put on the bus, address bytes included
        self.is_on = False
        self._contrast = contrast
        self.init()

    def init(self):
        """Configure the panel; raises OSError when nothing answers at `addr`."""
        self._write(_INIT)
        self.contrast(self._contrast)
        self.power(True)
        self._valid = False

    def _write(self, buf):
        self.i2c.writeto(self.addr, buf)
        self.bus_bytes += len(buf) + 1

    def command(self, c, arg=None):
        cmd = self._cmd
        cmd[0] = _CTRL_CMDS
        cmd[1] = c
        if arg is None:
            self._write(memoryview(cmd)[:2])
        else:
            cmd[2] = arg
            self._write(cmd)

    def contrast(self, level):
        self._contrast = level
        self.command(_SET_CONTRAST, level & 0xFF)

    def power(self, on):
        self.command(_SET_DISP_ON if on else _SET_DISP_OFF)
        self.is_on = on

    def invalidate(self):
        """Send the whole frame next time (after a reset of the panel, say)."""
        self._valid = False

    def show(self):
        """Send what changed since the last show(); returns the data bytes sent.
        Runs of whole changed pages go as one window (a full frame: one command and
        1024 bytes); a partly changed page sends only its changed columns."""
        buf, shown, w = self.buffer, self._shown, self.width
        sent = 0
        run = -1  # first page of a run of whole pages still to send
        for page in range(self.pages + 1):
            a = page * w
            b = a + w
            first, last = a, b - 1
            if page < self.pages and self._valid:
                if buf[a:b] == shown[a:b]:
                    first = -1
                else:
                    while buf[first] == shown[first]:
                        first += 1
                    while buf[last] == shown[last]:
                        last -= 1
            whole = page < self.pages and first == a and last == b - 1
            if run >= 0 and not whole:
                sent += self._send(run, page - 1, 0, w - 1)
                run = -1
            if whole:
                if run < 0:
                    run = page
            elif page < self.pages and first >= 0:
                sent += self._send(page, page, first - a, last - a)
        shown[:] = buf
        self._valid = True
        return sent

    def _send(self, page0, page1, col0, col1):
        """One window of pages page0..page1, columns col0..col1: in horizontal
        addressing its bytes are one contiguous slice of the buffer."""
        win = self._window
        win[2] = col0
        win[3] = col1
        win[5] = page0
        win[6] = page1
        self._write(win)
        vec = self._vec
        start = page0 * self.width + col0
        end = page1 * self.width + col1 + 1
        if page0 != page1:
            end = (page1 + 1) * self.width  # only whole pages are sent in runs
        vec[1] = self._mv[start:end]
        self.i2c.writevto(self.addr, vec)
        self.bus_bytes += 2 + end - start
        return end - start
