# A model of the SSD1306 panel as seen from the I2C bus: it takes the bytes a driver
# writes (control bytes, commands with their arguments, display data) and keeps the
# 1024-byte display RAM, addressing modes and windows as the datasheet describes them.
# Tests decode both our driver's and adafruit_ssd1306's traffic with it.

# Commands that take argument bytes, and how many (datasheet table 9-1).
_ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA3: 2, 0xA8: 1, 0xAD: 1,
    0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
    0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5,
}
HORIZONTAL, VERTICAL, PAGE = 0, 1, 2


class Panel:
    def __init__(self, addr=0x3C, width=128, height=64):
        self.addr = addr
        self.width = width
        self.pages = height // 8
        self.ram = bytearray(width * self.pages)
        self.mode = PAGE  # the reset default
        self.col0, self.col1 = 0, width - 1
        self.page0, self.page1 = 0, self.pages - 1
        self.col = 0
        self.page = 0
        self.on = False
        self.contrast = 0x7F
        self.inverted = False
        self.data_bytes = 0
        self.commands = []  # the last (command, args) received, for tests to read
        self.command_count = 0
        self._cmd = None
        self._args = []

    # --- the bus ---
    def write(self, buf):
        """One I2C write transaction addressed to this panel (address byte excluded)."""
        i, n = 0, len(buf)
        while i < n:
            ctrl = buf[i]
            i += 1
            co, dc = ctrl & 0x80, ctrl & 0x40
            if ctrl & 0x3F:
                raise ValueError("control byte 0x%02x has reserved bits set" % ctrl)
            if co:  # one byte, then another control byte
                if i < n:
                    self._byte(buf[i], dc)
                    i += 1
                continue
            while i < n:  # Co=0: the rest of the transaction is all commands or all data
                self._byte(buf[i], dc)
                i += 1

    def _byte(self, b, dc):
        if dc:
            self._data(b)
        else:
            self._command_byte(b)

    # --- commands ---
    def _command_byte(self, b):
        if self._cmd is None:
            if b in _ARGS:
                self._cmd, self._args = b, []
                return
            self._run(b, ())
            return
        self._args.append(b)
        if len(self._args) == _ARGS[self._cmd]:
            cmd, args = self._cmd, tuple(self._args)
            self._cmd = None
            self._run(cmd, args)

    def _run(self, c, args):
        self.command_count += 1
        self.commands.append((c, args))
        if len(self.commands) > 64:
            del self.commands[:32]
        if c == 0x20:
            self.mode = args[0] & 3
        elif c == 0x21:
            self.col0, self.col1 = args[0] & 0x7F, args[1] & 0x7F
            self.col = self.col0
        elif c == 0x22:
            self.page0, self.page1 = args[0] & 7, args[1] & 7
            self.page = self.page0
        elif c == 0x81:
            self.contrast = args[0]
        elif c in (0xAE, 0xAF):
            self.on = c == 0xAF
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7
        elif 0xB0 <= c <= 0xB7:  # page mode: page start
            self.page = c & 7
        elif c <= 0x0F:  # page mode: lower nibble of the column
            self.col = (self.col & 0xF0) | c
        elif 0x10 <= c <= 0x1F:
            self.col = (self.col & 0x0F) | ((c & 0x0F) << 4)

    # --- display RAM ---
    def _data(self, b):
        self.ram[self.page * self.width + self.col] = b
        self.data_bytes += 1
        if self.mode == PAGE:
            self.col = self.col + 1 if self.col < self.width - 1 else 0
        elif self.mode == HORIZONTAL:
            if self.col < self.col1:
                self.col += 1
            else:
                self.col = self.col0
                self.page = self.page + 1 if self.page < self.page1 else self.page0
        else:
            if self.page < self.page1:
                self.page += 1
            else:
                self.page = self.page0
                self.col = self.col + 1 if self.col < self.col1 else self.col0

    def pixel(self, x, y):
        return (self.ram[(y >> 3) * self.width + x] >> (y & 7)) & 1
