# Piezo buzzer on one PWM channel: tones and short melodies that never block.
# play() queues the notes; update(now_ms), called at every cycle of the device's loop,
# moves on when a note's time is up. The first note starts inside play(), so a STOP sounds at once.
# Sooner still: arm(hz) while a round is live, and the button interrupt calls what it
# returns (Buttons.arm(buzzer.arm(hz))): the tone starts within microseconds of the
# press, before the loop has even woken; the play() that follows carries the tone on.
# On the RP2040 a new duty takes effect when the slice's counter wraps, up to one period
# of the tone after it is written (0.48 ms at 2093 Hz): given its GPIO, the buzzer sets
# the counter to its wrap value after each write, so the pin moves at once. And the
# armed tone's registers are worked out at arm() (drivers/rp2_pwm.py): the interrupt
# stores them itself, two stores (four while a melody sounds) before anything else.
from pawpad.drivers.rp2_pwm import on_rp2040
from pawpad.ticks import add, diff

_CHECK_HZ = (2093, 1000)  # one frequency at the divider of 1, one below it


class Buzzer:
    def __init__(self, pwm, gpio=None, slice_=None):
        """pwm: a machine.PWM on the buzzer's pin; gpio: that pin's number (its slice's
        registers are used on an RP2040); slice_: a model of them, for tests."""
        self.pwm = pwm
        pwm.duty_u16(0)
        self._slice = slice_ if slice_ is not None else on_rp2040(gpio)
        # The TOP the slice counts to now: TOP is double-buffered too, so after a new
        # frequency the register says the next period's, not this one's.
        self._top_now = 0 if self._slice is None else self._slice.stored()[1]
        # The slice's sums are what this port's PWM stores: else fire() calls the PWM.
        self._sums_hold = self._slice is not None and self._check(_CHECK_HZ)
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

    def _check(self, freqs):
        """True if, for each frequency, PWM.freq() stores the DIV and TOP the slice
        works out (silent: the duty is 0)."""
        s = self._slice
        ok = True
        for hz in freqs:
            self.pwm.freq(hz)
            ok = ok and s.stored() == s.registers(hz)
        self._wrap()
        return ok

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
        """Makes a tone of hz (the STOP's) ready to start from the button interrupt,
        while a round is live; returns the function the interrupt is to call (no
        arguments, nothing allocated, once). Silent when sound is off. The frequency is
        set now if nothing sounds (else when the melody ends), so that the interrupt
        has only the duty to store."""
        on = hz > 0 and self.enabled and self.volume > 0
        self._arm_duty = self._duty() if on else 0
        self._set_duty = self.pwm.duty_u16  # bound now: one call in the interrupt
        self._arm_hz = hz if on else 0
        self._arm_set = False
        if on and not self.playing:
            self._preset()
        if on and self._sums_hold:
            return self._chip_fire(hz)
        return self.fire

    def _preset(self):
        self.pwm.duty_u16(0)
        self.pwm.freq(self._arm_hz)
        self._wrap()
        self._arm_set = True

    def disarm(self):
        self._arm_hz = 0

    def fire(self):
        """Starts the armed tone through the PWM object: safe in a hard interrupt
        (nothing allocated), once per arm()."""
        hz = self._arm_hz
        if hz:
            if not self._arm_set:  # a melody sounds: the STOP's frequency first
                self.pwm.freq(hz)
            self._set_duty(self._arm_duty)
            self._wrap()
            self._arm_hz = 0
            self.hz = hz
            self.fired = True

    def _chip_fire(self, hz):
        """fire() as the slice's own stores, worked out now: the registers and their
        values are the function's defaults, so its locals (a load is one bytecode,
        where an attribute of self is two and a lookup; and a closure of more than a
        few cells allocates when called). Made at arm(), outside the round."""
        s = self._slice
        div, top = s.registers(hz)
        cc = s.cc_value(self._arm_duty, top)

        def fire(me=self, mem=s.mem, div_r=s.div, top_r=s.top, cc_r=s.cc, ctr_r=s.ctr,
                 div=div, top=top, cc=cc, hz=hz):
            if me._arm_hz:
                if not me._arm_set:  # a melody sounds: DIV at once, TOP at the wrap
                    mem[div_r] = div
                    mem[top_r] = top
                mem[cc_r] = cc
                mem[ctr_r] = me._top_now  # the next count wraps: the pin moves
                me._top_now = top
                me._arm_hz = 0
                me.hz = hz
                me.fired = True

        return fire

    def _wrap(self):
        # The counter at the TOP it counts to now: the next count wraps it, and the
        # duty and frequency just written take effect then, a few nanoseconds from now
        # (not at the end of the period, up to 0.5 ms later). Called after every write.
        s = self._slice
        if s is not None:
            s.mem[s.ctr] = self._top_now
            self._top_now = s.mem[s.top]

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
