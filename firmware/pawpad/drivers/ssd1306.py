# SSD1306 128x64 OLED over I2C, sending only what changed.
# A full frame is 1024 data bytes: about 23 ms on the bus at 400 kHz. Most redraws touch
# a line or two, so show() compares the frame with what the panel already holds and
# sends, page by page, only the run of columns that differs.
# The display path allocates nothing (a heap_lock test proves it): pages are compared
# and copied by @micropython.viper loops (pawpad.drivers._fast; plain twins on
# CPython), every write goes out of a buffer or view made in __init__: changed columns
# are staged, after their window, in one buffer, and go as one transaction.
# prepare()/send_prepared() turn frames drawn ahead into ready-to-send writes.
from micropython import const

try:
    from pawpad.drivers import _fast as _loops  # machine code (viper)
except (ImportError, SyntaxError, NameError, AttributeError):  # CPython: no emitter
    from pawpad.drivers import _plain as _loops  # type: ignore  # the same, in Python

# the loops as plain callables (to mypy too)
_span = getattr(_loops, "span")
_copy = getattr(_loops, "copy")
_stage = getattr(_loops, "stage")
_plan = getattr(_loops, "plan")

_SET_MEM_ADDR = const(0x20)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_SET_CONTRAST = const(0x81)
_SET_DISP_OFF = const(0xAE)
_SET_DISP_ON = const(0xAF)
_CTRL_CMDS = const(0x00)  # Co=0, D/C=0: every byte that follows is a command
_CTRL_DATA = const(0x40)  # Co=0, D/C=1: every byte that follows is display RAM
_CTRL_ONE = const(0x80)  # Co=1, D/C=0: one command byte, then another control byte
_HEAD = const(13)  # a RAM write's window (six commands, each after 0x80) and 0x40
_DATA = const(16)  # where its columns start in the staging buffer
# A page's changed run is sent as two windows when the columns between them that did
# not change are at least this many: a window costs a transaction (about 28 bytes'
# time at 1 MHz) and 14 bytes. A row's text on the left and its value on the right,
# blank between, goes as two.
_GAP_MIN = const(40)

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


class Prepared:
    """Writes made ahead by SSD1306.prepare(): each a 7-byte window command and its
    data (with the leading control byte), and where the data goes in the frame."""

    def __init__(self, base, loose=0):
        self.base = base  # the frame the panel must hold for these writes to apply
        self.loose = loose  # pages (a bit each) that may hold anything: never written
        self.cmds = []
        self.datas = []
        self.offsets = []
        self.nbytes = 0  # bytes on the bus, address bytes included

    def frame_into(self, buf):
        """Writes into buf (a frame buffer) the frame these writes make of their base:
        what the panel shows once they are sent, for the app to draw the rest of a
        screen over instead of drawing it all again. Allocates nothing."""
        _copy(buf, 0, self.base, 0, len(self.base))
        datas = self.datas
        for i in range(len(datas)):
            d = datas[i]
            _copy(buf, self.offsets[i], d, 1, len(d) - 1)


class SSD1306:
    width = 128
    height = 64
    pages = 8

    def __init__(self, i2c, addr=0x3C, contrast=200):
        self.i2c = i2c
        self.addr = addr
        # The frame the UI draws into (MONO_VLSB: one byte = 8 rows of one column).
        self.buffer = bytearray(self.width * self.pages)
        # What the panel holds now (meaningful once _valid).
        self._shown = bytearray(len(self.buffer))
        self._valid = False
        self._cmd = bytearray(3)
        self._cmd2 = memoryview(self._cmd)[:2]
        # Every write of display RAM is one transaction: the window's six command
        # bytes, each after a control byte with Co=1 (one byte, then another control
        # byte: datasheet 8.1.5.2), then the data's control byte and the columns,
        # copied here. A transaction costs more than its bytes (its start, address
        # and stop, and the call: about 0.25 ms on the Pico against 9 us a byte at
        # 1 MHz), so four bytes more make one transaction fewer for every window; and
        # nothing goes through I2C.writevto, which the rp2 port joins in a buffer it
        # allocates. The columns start at a word (the window in the 13 bytes before
        # it) and every window at a column in fours, so the copies go a word at a
        # time; views made once, by length: fours of one page's columns (at most 6
        # bytes more than changed) and runs of whole pages.
        tx = bytearray(_DATA + self.width * self.pages)
        tx[_DATA - _HEAD:_DATA] = bytes((_CTRL_ONE, _SET_COL_ADDR, _CTRL_ONE, 0, _CTRL_ONE, 0,
                                         _CTRL_ONE, _SET_PAGE_ADDR, _CTRL_ONE, 0,
                                         _CTRL_ONE, 0, _CTRL_DATA))
        self._tx = tx
        self._plan = bytearray(4 * 16)  # show()'s windows: 2 a page at most, 16
        txv = memoryview(tx)
        # by the bytes staged: 4 n for n fours of one page's columns (0-32), then
        # 2-8 whole pages at 31 + pages
        self._views = [txv[_DATA - _HEAD:_DATA + 4 * n] for n in range(self.width // 4 + 1)]
        self._views += [txv[_DATA - _HEAD:_DATA + self.width * n]
                        for n in range(2, self.pages + 1)]
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
            self._write(self._cmd2)
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

    def resend(self):
        """The whole frame sent again now (the hardware check times it at 1 MHz);
        returns the bytes put on the bus. Raises OSError when the panel stops
        acknowledging."""
        before = self.bus_bytes
        self._valid = False
        self.show()
        return self.bus_bytes - before

    def show(self):
        """Send what changed since the last show(); returns the data bytes sent.
        Runs of whole changed pages go as one window (a full frame: one transfer of
        1024 bytes and its window); a partly changed page sends only its changed
        columns, as two windows where a wide blank lies between its ends. Which
        windows, the loops work out in one call (_plan): a call costs more than a
        page's compare on the Pico."""
        valid = self._valid
        self._valid = False  # until every write went: one that fails makes the next whole
        plan = self._plan
        n = _plan(self.buffer, self._shown, valid, plan, _GAP_MIN)
        if n < 0:  # a frame off a word (never the driver's own): the frame whole
            n = _plan(self.buffer, self._shown, False, plan, _GAP_MIN)
        sent = 0
        tx = self._tx  # one name a line: a 4-tuple assignment would allocate
        buf = self.buffer
        shown = self._shown
        views = self._views
        i2c = self.i2c
        addr = self.addr
        for i in range(0, 4 * n, 4):  # a window a transfer, staged by the loops
            t = _stage(tx, buf, shown, plan, i)
            i2c.writeto(addr, views[t >> 2] if t <= 128 else views[31 + (t >> 7)])
            self.bus_bytes += t + _HEAD + 1
            sent += t
        self._valid = True
        return sent

    # --- frames prepared ahead ---
    def prepare(self, frame, base=None, loose=0):
        """The writes that turn `base` (default: what the panel holds now) into
        `frame`, made now, for send_prepared() to put on the bus at once later: the
        STOP frames are known while the round is live. `loose`: pages (a bit each)
        that may change meanwhile (the live round's clock): they are neither written
        nor compared. Allocates (not in a hurry)."""
        w = self.width
        if base is None:
            base = bytes(self._shown) if self._valid else None
        prep = Prepared(base, loose)
        for page in range(self.pages):
            if (loose >> page) & 1:
                continue
            s = _span(frame, base, page * w, w) if base is not None else 0xFF
            if s < 0:
                continue
            c0, c1 = s >> 8, s & 0xFF
            n = c1 - c0 + 1
            at = page * w + c0
            prep.cmds.append(bytes((_CTRL_CMDS, _SET_COL_ADDR, c0, c1, _SET_PAGE_ADDR,
                                    page, page)))
            data = bytearray(n + 1)
            data[0] = _CTRL_DATA
            data[1:] = frame[at:at + n]
            prep.datas.append(data)
            prep.offsets.append(at)
            prep.nbytes += 8 + n + 2
        return prep

    def send_prepared(self, prep):
        """Sends prepared writes; returns the data bytes sent, or -1 (nothing sent)
        when the panel does not hold the frame they were prepared from. Allocates
        nothing: it can run first thing after a STOP."""
        base = prep.base
        if base is None or not self._valid:
            return -1
        w = self.width
        shown = self._shown
        loose = prep.loose
        for page in range(self.pages):
            if not (loose >> page) & 1 and _span(shown, base, page * w, w) >= 0:
                return -1
        sent = 0
        for i in range(len(prep.cmds)):
            data = prep.datas[i]
            n = len(data) - 1
            self._write(prep.cmds[i])
            self._write(data)
            _copy(shown, prep.offsets[i], data, 1, n)
            sent += n
        return sent
