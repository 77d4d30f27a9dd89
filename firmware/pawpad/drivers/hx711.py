# HX711 load-cell amplifier, bit-banged and never blocking.
# DOUT goes low when a conversion is ready (10 or 80 per second, by the RATE pin). The
# sensor task calls poll(now_ms) every few ms: a reading when one is ready, None while
# not, and SensorError when the chip has been silent for timeout_ms (unplugged, no
# power), so a missing load cell is reported instead of hanging the loop.
# SCK must not stay high for 60 us or the chip powers down: nothing here sleeps with
# it high, and one bit takes a few us on the Pico.
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

    def __init__(self, dout, sck, channel="A", gain=128, name="load cell"):
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
        sck.value(0)

    def ready(self):
        return self.dout.value() == 0

    def read_raw(self):
        """One conversion; call only when ready()."""
        sck, dout = self.sck, self.dout
        v = 0
        for _ in range(24):
            sck.value(1)
            sck.value(0)
            v = (v << 1) | dout.value()
        for _ in range(self._pulses):
            sck.value(1)
            sck.value(0)
        return signed24(v)

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
