# Buttons with press times taken in a hard interrupt.
# The handler stores (ticks_us, all pin levels) into a preallocated ring and sets a
# flag; it allocates nothing. Reading every pin in one go (the SIO GPIO_IN register on
# the RP2040) means two presses in the same instant are seen together, as a tie,
# rather than ordered by which GPIO the port happened to check first.
# Debouncing happens outside the interrupt, in poll(): a press counts at its first
# edge; a release counts only once the contact has stayed open for debounce_ms.
# arm(action) has the interrupt itself call action() (Buzzer.arm's) at the first press of
# an armed button: the STOP sounds without waiting for the loop.
#
# Taps inside a flash write. The rp2 port masks every interrupt while it erases or
# programs flash (rp2_flash.c, begin_critical_flash_section: a 4 KB erase takes about
# 45 ms, up to 400). A tap whose press and release both fall in that window reaches the
# handler once, afterwards, when the levels read released again. The RP2040 latches each
# edge kind of each pin (IO_BANK0 INTR: EDGE_LOW and EDGE_HIGH stay set until written
# to), and the port's handler (machine_pin.c, gpio_irq) gives the pin's call
# flags = latched & trigger, then clears them: IRQ_FALLING | IRQ_RISING together means
# both edges happened since the last call. A pin that reads open with both flags has
# closed and opened again unseen: the interrupt marks it a tap in the ring, and poll()
# counts it as a press and its release, at the interrupt's time (the end of the window:
# the best time known), unless the button's last release is within the debounce time
# (then it is contact bounce: one press, never two).
from array import array

from micropython import const

from pawpad.ticks import diff

TYPE_CHECKING = False  # mypy takes it as True: the calls on Pin checked against the rp2 stubs
if TYPE_CHECKING:
    # (used in type comments, which ruff does not read)
    from typing import Callable  # noqa: F401

    from _mpy_shed.IRQs import _IRQ_GENERIC  # noqa: F401
    from machine import Pin  # noqa: F401

_RING = const(64)  # power of two: 64 edges between two polls is far beyond any hand
_RING_MASK = const(63)
_NONE = const(-1)

def _nothing():
    pass


def _hook(pin, handler, trigger):
    # type: (Pin, Callable[[Pin], None], int) -> _IRQ_GENERIC
    """Sets `handler` as a hard interrupt of `pin` on `trigger`; returns its irq object,
    the port's mp_irq_type (flags(): the edges of the handler's current call). The
    stubs type the return as a union of classes, not of instances: hence the ignore."""
    return pin.irq(handler=handler, trigger=trigger, hard=True)  # type: ignore[return-value]


PRESS = True
RELEASE = False


class Buttons:
    debounce_ms = 20

    def __init__(self, pins, bits, read_levels, ticks_us, flag=None, active_low=True,
                 debounce_ms=None):
        """pins: machine.Pin inputs (pull-ups set by the board); bits: each pin's bit in
        read_levels(), which returns the levels of all pins at once; ticks_us: the clock;
        flag: anything with set() (asyncio.ThreadSafeFlag), set by the interrupt."""
        self.pins = pins
        self.count = len(pins)
        self._bits = array("i", bits)
        self._read = read_levels
        self._ticks = ticks_us
        self._flag = flag
        self._low = active_low
        self.set_debounce(self.debounce_ms if debounce_ms is None else debounce_ms)
        self._t = array("i", [0] * _RING)
        self._lv = array("i", [0] * _RING)
        self._tap = array("b", [0] * _RING)  # 1 + the index of a tap seen latched, or 0
        self._head = 0
        self._tail = 0
        self.overruns = 0
        self._rel_t = array("i", [0] * self.count)
        self._pending = 0  # buttons whose release waits for debounce
        self._down = 0  # buttons logically pressed
        self._raw = self._pressed(read_levels())
        # A button held at boot is stuck (or leaned on): it is ignored until let go.
        self.stuck = self._raw
        self._arm_bits = 0  # pins whose closing calls _action in the interrupt
        self._arm_open = 0  # their levels while all of them are open
        self._action = _nothing
        self._irq = self.irq  # one bound method, made before any interrupt can run
        # pin -> index: a Pin hashes by identity, so the look-up allocates nothing
        self._where = {}  # type: dict[object, int]
        self._flags = []  # type: list[_IRQ_GENERIC]  # each pin's irq object
        self._both = 0
        for k in range(self.count):
            p = pins[k]  # type: Pin
            self._both = p.IRQ_FALLING | p.IRQ_RISING
            self._where[p] = k
            self._flags.append(_hook(p, self._irq, self._both))

    def irq(self, pin):
        # type: (Pin | None) -> None
        # Hard IRQ: integers only, nothing allocated. Bytecode, not @micropython.native:
        # frozen into a UF2 (v1.28), a native method's code starts with a 32-bit word
        # that mpy-tool aligns to 2 bytes only, and the Cortex-M0+ faults reading it.
        t = self._ticks()
        levels = self._read()
        armed = self._arm_bits
        if armed and levels & armed != self._arm_open:
            self._action()  # first: the STOP's tone before the bookkeeping
            self._arm_bits = 0  # once: the first press only (no interrupt nests here)
        tap = 0
        k = self._where.get(pin, _NONE)  # None (a benchmark's call): levels only
        if k != _NONE:
            b = self._bits[k]
            # Open now, yet both edges latched: it closed and opened while masked.
            if (levels & b != 0) == self._low and self._flags[k].flags() & self._both == self._both:
                tap = k + 1
                if self._arm_bits & b and self._counts(1 << k, k, t):
                    self._action()  # a STOP tapped during a flash write still sounds
                    self._arm_bits = 0
        i = self._head
        nxt = (i + 1) & _RING_MASK
        if nxt == self._tail:
            self.overruns += 1
            return
        self._t[i] = t
        self._lv[i] = levels
        self._tap[i] = tap
        self._head = nxt
        if self._flag is not None:
            self._flag.set()

    def _counts(self, b, i, t):
        """Would a tap of button i (bit b) at t be a press of its own? Not while it is
        down, nor within the debounce time of its last release (bounce)."""
        if self._pending & b:
            return diff(t, self._rel_t[i]) >= self._deb_us
        return not (self._down | self.stuck) & b

    def arm(self, action, seats=None):
        """Until disarm() or the first press, the interrupt calls action() (no
        arguments; it must allocate nothing, as what Buzzer.arm returns) when a button
        of `seats` (indexes; default: all) closes. A button closed now (held, stuck)
        is left out: only a new press fires."""
        levels = self._read()
        mask = 0
        for i in range(self.count) if seats is None else seats:
            b = self._bits[i]
            closed = not (levels & b) if self._low else bool(levels & b)
            if not closed and not self.stuck & (1 << i):
                mask |= b
        self._action = action
        self._arm_open = mask if self._low else 0
        self._arm_bits = mask

    def disarm(self):
        self._arm_bits = 0

    def armed(self):
        return bool(self._arm_bits)

    def _pressed(self, levels):
        """Bitmask, by button index, of the buttons whose contact is closed."""
        mask = 0
        bits = self._bits
        for i in range(self.count):
            closed = not (levels & bits[i]) if self._low else bool(levels & bits[i])
            if closed:
                mask |= 1 << i
        return mask

    def poll(self, now_us):
        """Events since the last poll, oldest first: [(index, PRESS or RELEASE, t_us)]."""
        out = []  # type: list
        self.each(now_us, lambda i, pressed, t: out.append((i, pressed, t)))
        return out

    def each(self, now_us, fn):
        """As poll(), without a list: fn(index, PRESS or RELEASE, t_us) for each event,
        oldest first. Allocates nothing (the loop's cycles in a live round)."""
        while self._tail != self._head:
            i = self._tail
            self._edge(self._t[i], self._lv[i], self._tap[i], fn)
            self._tail = (i + 1) & _RING_MASK
        if self._pending:
            for i in range(self.count):
                if self._pending & (1 << i) and diff(now_us, self._rel_t[i]) >= self._deb_us:
                    self._release(i, fn)

    def _edge(self, t, levels, tap, fn):
        now = self._pressed(levels)
        changed = now ^ self._raw
        self._raw = now
        for i in range(self.count):
            b = 1 << i
            if not changed & b:
                if tap == i + 1:
                    self._tapped(i, t, fn)
                continue
            if now & b:
                if self._pending & b:
                    if diff(t, self._rel_t[i]) >= self._deb_us:
                        self._release(i, fn)  # it really was let go
                    else:
                        self._pending &= ~b  # contact bounce while held
                if not (self._down | self.stuck) & b:
                    self._down |= b
                    fn(i, PRESS, t)
            elif (self._down | self.stuck) & b:
                self._pending |= b
                self._rel_t[i] = t

    def _tapped(self, i, t, fn):
        """Button i, open before and after, closed and opened again unseen (a flash
        write masked the interrupts): a press and its release, both at t, the
        interrupt's time. Within the debounce time of its last release it is that
        release bouncing: the release waits on from t."""
        b = 1 << i
        if not self._counts(b, i, t):
            if self._pending & b:
                self._rel_t[i] = t  # closed again since: open from t, as far as known
            return
        if self._pending & b:
            self._release(i, fn)  # it really was let go before the tap
        self._down |= b
        fn(i, PRESS, t)
        self._pending |= b  # its release counts once open for debounce_ms, as any
        self._rel_t[i] = t

    def _release(self, i, fn):
        b = 1 << i
        self._pending &= ~b
        if self.stuck & b:
            self.stuck &= ~b  # let go at last: from now on it counts
        elif self._down & b:
            self._down &= ~b
            fn(i, RELEASE, self._rel_t[i])

    def set_debounce(self, ms):
        self.debounce_ms = ms
        self._deb_us = ms * 1000

    def is_down(self, i):
        return bool(self._down & (1 << i))

    def stuck_list(self):
        return [i for i in range(self.count) if self.stuck & (1 << i)]

    def news(self):
        """Has the interrupt taken an edge poll() has not seen yet?"""
        return self._head != self._tail

    def pending(self):
        """True while some release still waits for its debounce time (poll again)."""
        return bool(self._pending)
