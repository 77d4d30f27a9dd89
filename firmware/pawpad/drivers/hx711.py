# HX711 load-cell amplifier, bit-banged and never blocking.
# DOUT goes low when a conversion is ready (10 or 80 per second, by the RATE pin). The
# sensor task calls poll(now_ms) every few ms: a reading when one is ready, None while
# not, and SensorError when the chip has been silent for timeout_ms (unplugged, no
# power), so a missing load cell is reported instead of hanging the loop.
# SCK must not stay high for 60 us or the chip powers down: nothing here sleeps with
# it high, and one bit takes a few us on the Pico. A button interrupt landing while
# SCK is high could stretch it past that, so (given the board's disable_irq and
# enable_irq) interrupts wait during each high pulse: a few us, no more.
from pawpad.ticks import diff

# Extra SCK pulses after the 24 data bits choose the next conversion's input and gain.
_PULSES = {("A", 128): 1, ("B", 32): 2, ("A", 64): 3}


class SensorError(Exception):
    pass


def signed24(v):
    """The HX711's 24-bit two's complement as a Python int."""
    v &= 0xFFFFFF
    return v - 0x1000000 if v & 0x800000 else v


class HX711:
    timeout_ms = 500  # 5 periods at the slow 10 Hz rate

    def __init__(self, dout, sck, channel="A", gain=128, name="load cell",
                 disable_irq=None, enable_irq=None):
        key = (channel, gain)
        if key not in _PULSES:
            raise ValueError("HX711: channel A takes gain 128 or 64, B takes 32")
        self.dout = dout
        self.sck = sck
        self.name = name
        self._pulses = _PULSES[key]
        self._last_ms = None
        self.offset = 0  # raw reading with an empty stage
        self.per_gram = 1.0  # raw counts per gram, from calibration
        self._off = disable_irq
        self._on = enable_irq
        sck.value(0)

    def ready(self):
        return self.dout.value() == 0

    def read_raw(self):
        """One conversion; call only when ready()."""
        dout = self.dout
        v = 0
        for _ in range(24):
            self._pulse()
            v = (v << 1) | dout.value()
        for _ in range(self._pulses):
            self._pulse()
        return signed24(v)

    def _pulse(self):
        sck, off = self.sck, self._off
        if off is None:
            sck.value(1)
            sck.value(0)
            return
        state = off()
        sck.value(1)
        sck.value(0)
        self._on(state)

    def poll(self, now_ms):
        if self._last_ms is None:
            self._last_ms = now_ms
        if self.ready():
            self._last_ms = now_ms
            return self.read_raw()
        if diff(now_ms, self._last_ms) > self.timeout_ms:
            raise SensorError(self.name + " not answering")
        return None

    def grams(self, raw):
        return (raw - self.offset) / self.per_gram

    def power_down(self):
        self.sck.value(1)  # held high for more than 60 us

    def power_up(self, now_ms):
        self.sck.value(0)
        self._last_ms = now_ms
