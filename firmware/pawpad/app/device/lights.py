# The players' button lights: set now or a moment later, shown once a loop turn.
from pawpad.ticks import diff


class Lights:
    def __init__(self, pixels):
        self.pixels = pixels  # None: a box without lights
        self._later = []  # [(due_ms, seat, rgb)] lights to change later
        self._dirty = False

    def set(self, seat, rgb):
        px = self.pixels
        if px is not None and seat < px.count:
            px.set(seat, rgb)
            self._dirty = True

    def later(self, due_ms, seat, rgb):
        self._later.append((due_ms, seat, rgb))

    def run_due(self, now_ms):
        """Sets the lights whose time has come."""
        if not self._later:
            return
        keep = []
        for item in self._later:
            if diff(now_ms, item[0]) >= 0:
                self.set(item[1], item[2])
            else:
                keep.append(item)
        self._later = keep

    def show(self):
        if self._dirty and self.pixels is not None:
            self.pixels.show()
            self._dirty = False

    def wait(self, now_ms, wait):
        """`wait`, or less when a light is due sooner."""
        for due, _, _ in self._later:
            wait = min(wait, max(0, diff(due, now_ms)))
        return wait
