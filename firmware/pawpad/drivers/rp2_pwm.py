# One PWM slice of the RP2040 as its registers, for a tone that must start within
# microseconds: what the rp2 port's PWM.freq() and duty_u16() would store
# (ports/rp2/machine_pwm.c, v1.28) is worked out ahead, so that an interrupt stores it
# itself, without a call into the PWM object. CC and TOP are double-buffered (they take
# effect when the counter wraps, up to a period later); setting the counter to the TOP
# in effect makes the next count wrap, so what was stored sounds at once. The buzzer
# checks these sums against what the port really stores before it trusts them.
from micropython import const

_PWM_BASE = const(0x40050000)
_SLICE_BYTES = const(0x14)
_TOP_MAX = const(65534)  # the port's: 65535 stays free for a duty of 100 %


def on_rp2040(gpio):
    """The Slice that drives `gpio` on an RP2040; None elsewhere (the unix port,
    another chip's registers)."""
    import sys

    if gpio is None or "RP2040" not in getattr(sys.implementation, "_machine", ""):
        return None
    import machine

    return Slice(machine.mem32, gpio, machine.freq())


class Slice:
    def __init__(self, mem, gpio, sys_hz):
        # Big integers made now: an interrupt only reads them.
        base = _PWM_BASE + ((gpio >> 1) & 7) * _SLICE_BYTES
        self.mem = mem  # machine.mem32, or a model of it
        self.div = base + 0x04
        self.ctr = base + 0x08
        self.cc = base + 0x0C
        self.top = base + 0x10
        self.shift = (gpio & 1) * 16  # channel B: CC's high half
        self.sys_hz = sys_hz

    def registers(self, hz):
        """(DIV, TOP) as PWM.freq(hz) stores them: TOP as large as it can be, the
        divider (in 16ths) as small as it can be."""
        f = self.sys_hz
        if (f + hz // 2) // hz < _TOP_MAX:
            return 16, (f + hz // 2) // hz - 1
        d = _TOP_MAX * hz
        div16 = (16 * f + d - 1) // d
        return div16, (16 * f + div16 * hz // 2) // (div16 * hz) - 1

    def cc_value(self, duty_u16, top):
        """The CC register with this channel's level as duty_u16() rounds it at this
        TOP; the other channel's half as it is now."""
        level = (duty_u16 * (top + 1) + 32767) // 65535
        keep = self.mem[self.cc] & ~(0xFFFF << self.shift)
        return keep | (level << self.shift)

    def stored(self):
        """(DIV, TOP) in the registers now."""
        return self.mem[self.div] & 0xFFF, self.mem[self.top] & 0xFFFF
