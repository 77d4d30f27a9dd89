# Tilt switch under the stages: closed when the stage is tipped. Polled, debounced.
from pawpad.ticks import diff


class Tilt:
    settle_ms = 50  # a shaking table rattles the ball for a few ms

    def __init__(self, pin, active_low=True):
        self.pin = pin
        self._low = active_low
        self.tipped = self._raw()
        self._since = None  # when the raw level began to differ from `tipped`

    def _raw(self):
        v = self.pin.value()
        return not v if self._low else bool(v)

    def poll(self, now_ms):
        """Returns True or False when the state has changed and settled, else None."""
        raw = self._raw()
        if raw == self.tipped:
            self._since = None
            return None
        if self._since is None:
            self._since = now_ms
            return None
        if diff(now_ms, self._since) >= self.settle_ms:
            self.tipped = raw
            self._since = None
            return raw
        return None
