# The players' button lights: set now or a moment later, shown once a loop cycle.
from pawpad.ticks import diff


class Lights:
    def __init__(self, pixels):
        self.pixels = pixels  # None: a box without lights
        self.due = []  # [(due_ms, seat, rgb)] lights to change later
        self.dirty = False  # set since the last show()

    def set(self, seat, rgb):
        px = self.pixels
        if px is not None and seat < px.count:
            px.set(seat, rgb)
            self.dirty = True

    def set_later(self, due_ms, seat, rgb):
        self.due.append((due_ms, seat, rgb))

    def run_due(self, now_ms):
        """Sets the lights whose time has come (the loop calls it while `due` holds
        any)."""
        keep = []
        for item in self.due:
            if diff(now_ms, item[0]) >= 0:
                self.set(item[1], item[2])
            else:
                keep.append(item)
        self.due = keep

    def show(self):
        """Sends what changed (the loop calls it when `dirty`)."""
        if self.pixels is not None:
            self.pixels.show()
            self.dirty = False

    def wait(self, now_ms, wait):
        """`wait`, or less when a light is due sooner."""
        for due, _, _ in self.due:
            wait = min(wait, max(0, diff(due, now_ms)))
        return wait
