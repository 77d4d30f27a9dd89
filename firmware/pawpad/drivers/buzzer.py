# Piezo buzzer on one PWM channel: tones and short melodies that never block.
# play() queues the notes; update(now_ms), called from the sound task, moves on when a
# note's time is up. The first note starts inside play(), so a STOP sounds at once.
from pawpad.ticks import add, diff


class Buzzer:
    def __init__(self, pwm):
        self.pwm = pwm
        self.volume = 60  # percent
        self.enabled = True
        self._notes = ()  # type: tuple
        self._i = 0
        self._until = 0
        self.playing = False
        self.hz = 0  # what sounds now, for the simulator's status line
        pwm.duty_u16(0)

    def _duty(self):
        # Loudness of a piezo grows with duty up to 50 %; a square law feels even.
        v = self.volume
        return (v * v * 32768) // 10000

    def tone(self, hz):
        if hz <= 0 or not self.enabled or self.volume == 0:
            self.pwm.duty_u16(0)
            self.hz = 0
            return
        self.pwm.freq(hz)
        self.pwm.duty_u16(self._duty())
        self.hz = hz

    def off(self):
        self.pwm.duty_u16(0)
        self.hz = 0
        self.playing = False
        self._notes = ()

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
