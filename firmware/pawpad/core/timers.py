# Round timers: countdowns and stopwatches on the device's millisecond ticks. Pure:
# every call takes `now` (ticks_ms), and only tick differences are used, so the 2**30
# wrap of ticks_ms changes nothing and nothing drifts: the time is always measured from
# the start, never summed from steps.
from pawpad.ticks import diff

WARN_DEFAULT = (10, 5, 4, 3, 2, 1)  # seconds left that beep
_NONE = ()  # poll()'s answer when nothing is due


class Timer:
    def __init__(self, duration_ms=None, warn_s=WARN_DEFAULT):
        """duration_ms: a countdown of that length; None: a stopwatch."""
        self.duration = duration_ms
        self.warn_s = tuple(sorted(warn_s, reverse=True)) if duration_ms else ()
        self.reset()

    def reset(self):
        self._started = None  # tick of the (re)start, when running
        self._banked = 0  # ms run before the last pause
        self._warned = 0  # how many of warn_s have sounded
        self._ended = False

    @property
    def running(self):
        return self._started is not None

    def start(self, now):
        if self._started is None and not self._ended:
            self._started = now

    resume = start

    def set_left(self, left_ms):
        """Stopped with `left_ms` to go (a countdown brought back after a power cut):
        the warnings for the seconds already past do not sound again."""
        self.reset()
        self._banked = self.duration - left_ms
        while self._warned < len(self.warn_s) and left_ms <= self.warn_s[self._warned] * 1000:
            self._warned += 1
        self._ended = left_ms <= 0

    def pause(self, now):
        if self._started is not None:
            self._banked += diff(now, self._started)
            self._started = None

    def elapsed(self, now):
        run = self._banked
        if self._started is not None:
            run += diff(now, self._started)
        if self.duration is not None and run > self.duration:
            return self.duration
        return run

    def remaining(self, now):
        if self.duration is None:
            return None
        return self.duration - self.elapsed(now)

    def poll(self, now):
        """Events since the last poll: ("warn", seconds_left) and ("end", 0). Nothing
        is made when none is due (a live round's limit is polled through the round)."""
        if self.duration is None or self._ended:
            return _NONE
        left = self.remaining(now)
        if left > 0 and (self._warned >= len(self.warn_s) or
                         left > self.warn_s[self._warned] * 1000):
            return _NONE
        out = []
        while self._warned < len(self.warn_s) and left <= self.warn_s[self._warned] * 1000:
            s = self.warn_s[self._warned]
            self._warned += 1
            if left > 0 and s * 1000 < self.duration:
                out.append(("warn", s))
        if left <= 0:
            self._ended = True
            self.pause(now)
            out.append(("end", 0))
        return out

    def next_due(self, now):
        """ms until the next warning or the end (None if nothing is due)."""
        if self.duration is None or self._ended or not self.running:
            return None
        left = self.remaining(now)
        if self._warned < len(self.warn_s):
            return max(0, left - self.warn_s[self._warned] * 1000)
        return max(0, left)


def shown_seconds(ms):
    """The whole seconds a countdown shows with `ms` left: a second counts until it is
    over (0:01 until the end), never below 0."""
    return (ms + 999) // 1000 if ms > 0 else 0


def clock_text(ms):
    """M:SS for a time on screen (tenths under 10 s would flicker on the OLED)."""
    if ms is None:
        return "--:--"
    s = shown_seconds(ms)
    return "%d:%02d" % (s // 60, s % 60)


def stopwatch_text(ms):
    s = ms // 1000
    return "%d:%02d.%d" % (s // 60, s % 60, (ms % 1000) // 100)
