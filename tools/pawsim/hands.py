# Key taps turned into button presses on the simulated board. A terminal sends no
# key-up, so a tap holds its button for a while; a key that repeats (held down, or
# tapped fast) sends its next tap while the button is still down, which would be no
# edge at all: lost. Here the taps of each button queue and play one after another,
# each as short as the driver takes when more are waiting, with the button let go
# long enough between them for the debounce to count the release.
# Time comes in as an argument (ms on the device's wrapping clock), so tests play it
# in virtual time.
from pawpad.ticks import add, diff

PRESS_MS = 120  # a lone tap is held this long (BACK acts when let go)
QUICK_MS = 5  # a tap with more of the same button waiting behind it
_DOWN, _GAP = 0, 1


class Hands:
    def __init__(self, world, gap_ms):
        """world: the simulated board's World; gap_ms(): how long a button is let go
        between two taps (more than the buttons' debounce time)."""
        self.world = world
        self.gap_ms = gap_ms
        self._queue = {}  # gpio: [ms to hold each tap still to play]
        self._phase = {}  # gpio: [_DOWN or _GAP, until ms, ms held]

    def tap(self, gpio, now_ms, ms=PRESS_MS):
        """A tap of the button on `gpio`, held `ms` unless more taps follow."""
        self._queue.setdefault(gpio, []).append(ms)
        phase = self._phase.get(gpio)
        if phase is None:
            self._press(gpio, now_ms)
        elif phase[0] == _DOWN and phase[2] == PRESS_MS and diff(phase[1], now_ms) > QUICK_MS:
            phase[1] = add(now_ms, QUICK_MS)  # another tap waits: let go sooner

    def busy(self):
        return bool(self._phase)

    def pump(self, now_ms):
        """Lets go and presses what is due at now_ms; returns the ms until the next
        thing due, or None when no tap is playing."""
        wait = None
        for gpio in list(self._phase):
            phase = self._phase[gpio]
            if diff(now_ms, phase[1]) >= 0:
                if phase[0] == _DOWN:
                    self.world.together((gpio,), False)
                    phase[0], phase[1] = _GAP, add(now_ms, self.gap_ms())
                elif self._queue[gpio]:
                    self._press(gpio, now_ms)
                else:
                    del self._phase[gpio], self._queue[gpio]
                    continue
            due = diff(self._phase[gpio][1], now_ms)
            wait = due if wait is None else min(wait, due)
        return wait

    def _press(self, gpio, now_ms):
        queue = self._queue[gpio]
        ms = queue.pop(0)
        self.world.together((gpio,), True)
        self._phase[gpio] = [_DOWN, add(now_ms, QUICK_MS if queue else ms), ms]
