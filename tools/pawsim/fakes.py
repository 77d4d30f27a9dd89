# Fakes of the rp2 port's machine objects, true to its API (see the
# micropython-rp2-rpi-pico-stubs package): Pin, I2C, PWM, bitstream, and an HX711 chip
# that answers the clock the way the real one does. They record what they are asked.
from pawpad.ticks import diff

_UNSET = object()  # Pin.irq()'s "not given"


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    # Interrupts masked (mask_irqs(): a flash erase or program on the rp2 port), and the
    # pins whose edges wait for them, latched, in the order their first edge came.
    masked = False
    waiting = []  # type: list

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self._v = 1 if pull == Pin.PULL_UP else 0
        if value is not None:
            self._v = 1 if value else 0
        self.handler = None
        self.trigger = 0
        self.hard = False
        # The RP2040's INTR bits of the pin (each edge kind, latched until served), and
        # above them (<< 4) the flags of the handler's current call: one attribute, so
        # that the fake's pins take no more of the unix port's heap than they did.
        self._intr = 0
        self.on_write = None  # called with the new level when firmware drives the pin
        self.on_read = None  # called before the firmware reads the level

    def value(self, x=None):
        if x is None:
            if self.on_read is not None:
                self.on_read()
            return self._v
        self._v = 1 if x else 0
        if self.on_write is not None:
            self.on_write(self._v)
        return None

    def __call__(self, x=None):
        return self.value(x)

    def irq(self, handler=_UNSET, trigger=_UNSET, hard=_UNSET):
        """As the rp2 port: with any argument it sets the handler (defaults: None, both
        edges, soft) and forgets what was latched; without, it changes nothing. Either
        way it returns the irq object: here the pin itself stands in for it (flags())."""
        if not (handler is _UNSET and trigger is _UNSET and hard is _UNSET):
            self.handler = None if handler is _UNSET else handler
            self.trigger = (Pin.IRQ_FALLING | Pin.IRQ_RISING) if trigger is _UNSET else trigger
            self.hard = False if hard is _UNSET else hard
            self._intr = 0
        return self

    def flags(self):
        """The irq object's flags(): the edges of the handler's current call (the port's
        gpio_irq sets flags = latched & trigger before each call), not a sum of calls."""
        return self._intr >> 4

    # --- the outside world ---
    def drive(self, level):
        """The world sets the level; an edge calls the handler, as the hardware would
        (or, while masked, is latched until unmask_irqs())."""
        level = 1 if level else 0
        if level == self._v:
            return
        self._v = level
        self._latch(level)
        self._serve()

    def _latch(self, level):
        self._intr |= Pin.IRQ_RISING if level else Pin.IRQ_FALLING
        if Pin.masked and self not in Pin.waiting:
            Pin.waiting.append(self)

    def _serve(self):
        """The port's gpio_irq for this pin: acknowledge every latched edge, and call
        the handler once if any of them is one it asked for, flags() = those edges."""
        latched = self._intr & 15
        if Pin.masked or not latched:
            return
        flags = latched & self.trigger
        self._intr &= ~15  # acknowledged: every edge read, served or not
        if self.handler is not None and flags:
            self._intr = flags << 4
            self.handler(self)


def mask_irqs():
    """Interrupts off, as the rp2 port's begin_critical_flash_section: edges from now on
    are latched, not served."""
    Pin.masked = True


def unmask_irqs():
    """Interrupts on again: the pending bank interrupt runs once, and serves every pin
    with an edge latched, in GPIO order, each call with all its latched edges (both,
    IRQ_FALLING | IRQ_RISING, when a tap or a bounce fell in the window)."""
    Pin.masked = False
    late = sorted(Pin.waiting, key=_gpio)
    del Pin.waiting[:]
    for p in late:
        p._serve()


def drive_together(pins, level):
    """Several pins change in the same instant. On the rp2 port one GPIO interrupt
    serves the bank: its handler (ports/rp2/machine_pin.c) walks the pins in GPIO order
    and calls the handler of each pin with an edge pending. So every level has changed
    before the first handler runs, and each handler sees them all."""
    level = 1 if level else 0
    moved = [p for p in pins if p._v != level]
    for p in moved:
        p._v = level
        p._latch(level)
    for p in sorted(moved, key=_gpio):
        p._serve()


def _gpio(pin):
    return pin.id


class I2C:
    """An I2C bus with devices on it (objects with .addr and .write(bytes))."""

    def __init__(self, id=0, scl=None, sda=None, freq=400000, devices=()):
        self.freq = freq
        self.devices = {}
        for d in devices:
            self.devices[d.addr] = d
        self.transactions = 0
        self.bus_bytes = 0  # address bytes included

    def scan(self):
        return sorted(self.devices)

    def _dev(self, addr):
        dev = self.devices.get(addr)
        if dev is None:
            raise OSError(5)  # EIO: nobody acknowledged the address, as on the rp2 port
        return dev

    def writeto(self, addr, buf, stop=True):
        dev = self._dev(addr)
        data = bytes(buf)
        self.transactions += 1
        self.bus_bytes += 1 + len(data)
        dev.write(data)
        return len(data)

    def writevto(self, addr, vector, stop=True):
        dev = self._dev(addr)
        data = b"".join(bytes(v) for v in vector)
        self.transactions += 1
        self.bus_bytes += 1 + len(data)
        dev.write(data)
        return len(data)

    def readfrom_into(self, addr, buf, stop=True):
        self._dev(addr)


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16

    def freq(self, value=None):
        if value is None:
            return self._freq
        if not 8 <= value <= 62500000:
            raise ValueError("freq too small")
        self._freq = value
        self._note()
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        self._duty = value & 0xFFFF
        self._note()
        return None

    def _note(self):
        """Told of each change (the web page's speaker hears them); nothing here: the
        rp2 port's PWM allocates nothing, and neither does this fake."""

    def deinit(self):
        self._duty = 0


class Bitstream:
    """Stands in for machine.bitstream(pin, encoding, timing, buf)."""

    def __init__(self):
        self.sent = []

    def __call__(self, pin, encoding, timing, buf):
        if encoding != 0 or len(timing) != 4:
            raise ValueError("bitstream: encoding 0 takes 4 timings")
        self.sent.append(bytes(buf))
        if len(self.sent) > 16:
            del self.sent[:8]


class HX711Chip:
    """The chip behind two pins: DOUT low when a sample is ready, one bit per SCK pulse
    (MSB first, changing on the rising edge), then 1 to 3 more pulses that choose the
    next gain and raise DOUT. The next queued sample becomes ready once the firmware
    looks at DOUT again after a complete read."""

    POWER_DOWN_US = 60  # SCK held high this long puts the chip to sleep

    def __init__(self, dout, sck, clock_us=None):
        self.dout = dout
        self.sck = sck
        self.clock_us = clock_us  # with a clock, a long high SCK powers the chip down
        self._high_at = None
        self.power_downs = 0
        sck.on_write = self._clock
        dout.on_read = self._looked
        self.samples = []  # raw values still to deliver
        self.gain_pulses = 0  # pulses after the data bits in the last complete read
        self.present = True
        self._bits = None
        self._n = 0
        dout._v = 1

    def push(self, value):
        self.samples.append(value & 0xFFFFFF)
        self._looked()

    def unplug(self):
        self.present = False
        self.dout._v = 1  # the pull-up wins: never ready

    def _looked(self):
        if not self.present:
            return
        if self._bits is not None and self._n > 24:
            self.gain_pulses = self._n - 24
            self._bits = None
        if self._bits is None and self.samples:
            self.dout._v = 0

    def _clock(self, level):
        if not self.present:
            return
        if self.clock_us is not None:
            now = self.clock_us()
            if level:
                self._high_at = now
            elif self._high_at is not None and diff(now, self._high_at) > self.POWER_DOWN_US:
                # It slept: a read in progress is lost, and it converts afresh.
                self.power_downs += 1
                self._bits = None
                self._high_at = None
                self.dout._v = 1
                self._looked()
                return
        if not level:
            return
        if self._bits is None:
            if self.dout._v or not self.samples:
                return  # clocked while not ready: nothing happens
            self._bits = self.samples.pop(0)
            self._n = 0
        if self._n < 24:
            self.dout._v = (self._bits >> (23 - self._n)) & 1
        else:
            self.dout._v = 1
        self._n += 1
