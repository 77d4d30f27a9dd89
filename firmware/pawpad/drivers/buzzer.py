# Piezo buzzer on one PWM channel: tones and short melodies that never block.
# play() queues the notes; update(now_ms), called at every turn of the device's loop,
# moves on when a note's time is up. The first note starts inside play(), so a STOP sounds at once.
# Sooner still: arm(hz) while a round is live, and the button interrupt calls fire()
# (Buttons.arm(buzzer.fire)): the tone starts within microseconds of the press, before
# the loop has even woken; the play() that follows carries the tone on.
# On the RP2040 a new duty takes effect when the slice's counter wraps, up to one period
# of the tone after it is written (0.48 ms at 2093 Hz): given its GPIO, the buzzer sets
# the counter to its wrap value after each duty it writes, so the pin moves at once.
from pawpad.ticks import add, diff


def _rp2040_counter(gpio):
    """(mem32, the CTR register, the TOP register) of the PWM slice of `gpio` on an
    RP2040; None elsewhere (the unix port, another chip's registers)."""
    import sys

    if gpio is None or "RP2040" not in getattr(sys.implementation, "_machine", ""):
        return None
    from machine import mem32

    base = 0x40050000 + ((gpio >> 1) & 7) * 0x14  # PWM: 0x14 bytes of registers a slice
    return mem32, base + 0x08, base + 0x10


class Buzzer:
    def __init__(self, pwm, gpio=None):
        self.pwm = pwm
        # Big integers made now: the interrupt only reads them (fire() allocates nothing).
        self._counter = _rp2040_counter(gpio)
        # The TOP the slice counts to now: TOP is double-buffered too, so after a new
        # frequency the register says the next period's, not this one's.
        self._top_now = 0 if self._counter is None else self._counter[0][self._counter[2]]
        self.volume = 60  # percent
        self.enabled = True
        self._notes = ()  # type: tuple
        self._i = 0
        self._until = 0
        self.playing = False
        self.hz = 0  # what sounds now, for the simulator's status line
        self._arm_hz = 0  # the tone fire() starts; 0: not armed
        self._arm_duty = 0
        self._arm_set = False  # the armed frequency is already set: fire() writes a duty
        self.fired = False  # fire() started the tone, and no play() has taken it on yet
        pwm.duty_u16(0)

    def _duty(self):
        # Loudness of a piezo grows with duty up to 50 %; a square law feels even.
        v = self.volume
        return (v * v * 32768) // 10000

    def tone(self, hz):
        if hz <= 0 or not self.enabled or self.volume == 0:
            self.pwm.duty_u16(0)
            self._wrap()
            self.hz = 0
            self.fired = False
            return
        if self.fired and hz == self.hz:
            self.fired = False  # fire() started this very tone: carry it on
            return
        self.fired = False
        self.pwm.freq(hz)
        self.pwm.duty_u16(self._duty())
        self._wrap()
        self.hz = hz
        self._arm_set = False  # an armed tone's frequency is no longer set

    def arm(self, hz):
        """Makes fire() start a tone of hz (the STOP's): called while a round is live.
        Silent when sound is off. The frequency is set now if nothing sounds (else when
        the melody ends), so that fire() has only the duty to write."""
        on = hz > 0 and self.enabled and self.volume > 0
        self._arm_duty = self._duty() if on else 0
        self._set_duty = self.pwm.duty_u16  # bound now: one call in the interrupt
        self._arm_hz = hz if on else 0
        self._arm_set = False
        if on and not self.playing:
            self._preset()

    def _preset(self):
        self.pwm.duty_u16(0)
        self.pwm.freq(self._arm_hz)
        self._wrap()
        self._arm_set = True

    def disarm(self):
        self._arm_hz = 0

    def fire(self):
        """Starts the armed tone: safe in a hard interrupt (a frequency and a duty
        written, nothing allocated), once per arm()."""
        hz = self._arm_hz
        if hz:
            self._arm_hz = 0
            if not self._arm_set:  # a melody was sounding: its frequency is set
                self.pwm.freq(hz)
            self._set_duty(self._arm_duty)
            c = self._counter
            if c is not None:  # _wrap(), inline: the tone at the pin a call sooner
                mem = c[0]
                mem[c[1]] = self._top_now
                self._top_now = mem[c[2]]
            self.hz = hz
            self.fired = True

    def _wrap(self):
        # The counter at the TOP it counts to now: the next count wraps it, and the
        # duty and frequency just written take effect then, a few nanoseconds from now
        # (not at the end of the period, up to 0.5 ms later). Called after every write.
        c = self._counter
        if c is not None:
            mem = c[0]
            mem[c[1]] = self._top_now
            self._top_now = mem[c[2]]

    def off(self):
        self.pwm.duty_u16(0)
        self._wrap()
        self.hz = 0
        self.fired = False
        self.playing = False
        self._notes = ()
        if self._arm_hz and not self._arm_set:
            self._preset()  # armed while a melody sounded: ready for fire() now

    def play(self, notes, now_ms):
        """notes: a sequence of (hz, ms); hz 0 is a rest."""
        self._notes = notes
        self._i = 0
        self.playing = bool(notes)
        if notes:
            self._start(now_ms)
        else:
            self.off()

    def _start(self, now_ms):
        hz, ms = self._notes[self._i]
        self.tone(hz)
        self._until = add(now_ms, ms)

    def update(self, now_ms):
        """Advance the melody; returns ms until the next change, or None when silent."""
        if not self.playing:
            return None
        while diff(now_ms, self._until) >= 0:
            self._i += 1
            if self._i >= len(self._notes):
                self.off()
                return None
            self._start(self._until)
        return diff(self._until, now_ms)
