# A rotary encoder with a push button (a KY-040): the common input of OLED menus. One
# click of the knob is one UP or DOWN, the push is OK, so poll() gives the same events
# as the menu buttons' Buttons.poll(), with the menu's indexes.
#
# Both contacts (A = CLK, B = DT) interrupt on both edges. The hard IRQ reads the two
# levels in one go and looks the move up in a table of the quadrature code: a move to
# a neighbouring state is +1 or -1, anything else (a state skipped) 0. A click is
# counted when the contacts come back to rest (both open: the KY-040's detent) more
# than half a cycle from where they left it. A contact that bounces flips between two
# neighbouring states, +1 -1 +1 -1: it cancels out, so no timing is needed to debounce
# the turning. The handler allocates nothing: ints and preallocated arrays only.
# The push button is a Buttons of one pin, debounced as the menu buttons are.
from array import array

from micropython import const

from pawpad.drivers.buttons import PRESS, RELEASE, Buttons

UP = const(0)  # the menu's indexes (pawpad.app.device.device: up, down, ok, back)
DOWN = const(1)
OK = const(2)
_REST = const(3)  # A and B both open (pulled up): where a KY-040 clicks into place
_MASK = const(0x3FFFFFFF)  # click counters wrap, as ticks do
_HALF = const(0x20000000)
# The quadrature table by (old state << 2 | new state), state = A << 1 | B. Clockwise,
# A leads: 11 -> 01 -> 00 -> 10 -> 11 (3, 1, 0, 2, 3), each step +1.
_MOVE = array("b", [0, -1, 1, 0,
                    1, 0, 0, -1,
                    -1, 0, 0, 1,
                    0, 1, -1, 0])


def _nothing(_i, _pressed, _t):
    pass


class Encoder:
    clockwise = DOWN  # a click clockwise moves down a list (swap A and B to reverse)

    def __init__(self, pins, bits, read_levels, ticks_us, flag=None, active_low=True):
        """pins: (A, B) or (A, B, push) machine.Pin inputs, pull-ups set by the board;
        bits: each pin's bit in read_levels(), which returns all levels at once (as
        Buttons); ticks_us: the clock; flag: set() by the interrupt (ThreadSafeFlag)."""
        self._bit_a, self._bit_b = bits[0], bits[1]
        self._read = read_levels
        self._ticks = ticks_us
        self._flag = flag
        self._move = _MOVE
        self._state = self._levels()
        self._travel = 0  # quadrature steps since the last rest
        self._cw = 0  # clicks, only ever counted up by the interrupt (wrapping)
        self._ccw = 0
        self._t = 0  # ticks_us of the last click
        self._seen = 0  # _cw - _ccw when poll() last looked
        self.push = None
        self._fn = _nothing  # each()'s fn, while the push's events go to it
        self._as_ok = self._pushed  # bound once: each() allocates nothing
        if len(pins) > 2:
            self.push = Buttons(pins[2:3], bits[2:3], read_levels, ticks_us, flag,
                                active_low)
        self._irq = self.irq  # one bound method, made before any interrupt can run
        for p in pins[:2]:
            p.irq(handler=self._irq, trigger=p.IRQ_FALLING | p.IRQ_RISING, hard=True)

    def _levels(self):
        lv = self._read()
        return (2 if lv & self._bit_a else 0) | (1 if lv & self._bit_b else 0)

    def irq(self, _pin):
        # Hard IRQ: integers only, nothing allocated. 47 us an edge on the rp2 port
        # (tools/bench/bench_encoder_run.py on rp2emu; an empty handler's call is 14 us).
        lv = self._read()
        new = (2 if lv & self._bit_a else 0) | (1 if lv & self._bit_b else 0)
        old = self._state
        if new == old:
            return  # the other contact's edge, already seen in this reading
        self._state = new
        travel = self._travel + self._move[old << 2 | new]
        if new == _REST:
            if travel >= 2:
                self._cw = (self._cw + 1) & _MASK
                self._t = self._ticks()
            elif travel <= -2:
                self._ccw = (self._ccw + 1) & _MASK
                self._t = self._ticks()
            travel = 0
            if self._flag is not None:
                self._flag.set()
        self._travel = travel

    def clicks(self):
        """Clicks since the last call, clockwise positive."""
        net = (self._cw - self._ccw) & _MASK  # two reads: each is one word, never torn
        n = ((net - self._seen + _HALF) & _MASK) - _HALF
        self._seen = net
        return n

    def poll(self, now_us):
        """Events since the last poll: a click is a press and release of UP or DOWN,
        the push one of OK; as Buttons.poll(): [(index, PRESS or RELEASE, t_us)]."""
        out = []  # type: list
        self.each(now_us, lambda i, pressed, t: out.append((i, pressed, t)))
        return out

    def each(self, now_us, fn):
        """As poll(), without a list: fn(index, PRESS or RELEASE, t_us) for each event
        (as Buttons.each: allocates nothing)."""
        n = self.clicks()
        if n:
            key = self.clockwise if n > 0 else DOWN + UP - self.clockwise
            t = self._t
            for _ in range(abs(n)):
                fn(key, PRESS, t)
                fn(key, RELEASE, t)
        if self.push is not None:
            self._fn = fn
            self.push.each(now_us, self._as_ok)

    def _pushed(self, _i, pressed, t):
        self._fn(OK, pressed, t)

    # --- as the menu's Buttons, for the loop ---
    @property
    def debounce_ms(self):
        return self.push.debounce_ms if self.push is not None else 0

    def set_debounce(self, ms):
        if self.push is not None:
            self.push.set_debounce(ms)

    def pending(self):
        return self.push is not None and self.push.pending()

    def news(self):
        """A click or a push the loop has not seen yet?"""
        return (self._cw - self._ccw) & _MASK != self._seen or (
            self.push is not None and self.push.news())
