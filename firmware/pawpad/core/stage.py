# Stage weight: turns calibrated load-cell samples into "a dog went on / came off".
# Pure and clock-free: the caller feeds (t_ms, grams) as the HX711 delivers them
# (10 to 80 per second). A settled change of weight is reported once, with the time it
# began, so the game can hold it against the 5-second rule.
from pawpad.ticks import diff

ADDED = "added"
REMOVED = "removed"


class StepDetector:
    # Weight must stay within this fraction of a card of the window's mean to count as
    # settled: wider than HX711 noise, narrower than the half card that decides a count.
    settle_tol = 0.45
    # How long the weight must stay settled, and on how many samples at least (10 Hz
    # gives 4 samples in 350 ms; 80 Hz gives 28).
    settle_ms = 350
    min_samples = 3

    def __init__(self, card_grams):
        if not card_grams > 0:
            raise ValueError("card weight must be positive")
        self.card = float(card_grams)
        self.tol = self.card * self.settle_tol
        self.base = None  # the last settled weight
        self.left_at = None  # time of the first sample away from `base`
        self._t = []  # the samples of the settle window
        self._g = []

    def feed(self, t_ms, grams):
        """Add one sample; returns a list of (kind, t_ms, cards) events, usually empty."""
        ts, gs = self._t, self._g
        ts.append(t_ms)
        gs.append(grams)
        # Keep only the window (one sample older than settle_ms, so that the window
        # spans the whole time even at 10 samples a second).
        while len(ts) > self.min_samples and diff(t_ms, ts[1]) >= self.settle_ms:
            ts.pop(0)
            gs.pop(0)
        base = self.base
        if base is not None and self.left_at is None and abs(grams - base) > self.tol:
            self.left_at = t_ms
        if len(ts) < self.min_samples or diff(t_ms, ts[0]) < self.settle_ms:
            return []
        mean = sum(gs) / len(gs)
        for g in gs:
            if abs(g - mean) > self.tol:
                return []  # still moving: a hand, a card sliding, a wobble
        if base is None:
            self.base = mean  # the first settled weight is the tare
            return []
        cards = int((abs(mean - base) / self.card) + 0.5)
        if cards == 0:
            # Back where it was (a push of the hand) or slow drift: follow it quietly.
            self.base = mean
            self.left_at = None
            return []
        began = self.left_at if self.left_at is not None else ts[0]
        self.base = mean
        self.left_at = None
        return [(ADDED if mean > base else REMOVED, began, cards)]
