# A Pick-a-Dog round raced to its STOP by two players (from test_stop_margins.py).

from pawsim.scripts import GO_MS
from support.pick_a_dog import counts


def raced_round(t, first, second, after_ms, right=True):
    """GO (the board's OK, or the result's); seat `first` (1-based) calls STOP 100 ms
    after GO, seat `second` presses `after_ms` later; the verdict; everyone collects one
    card."""
    go = t + GO_MS
    keys = "%d ok\n%d p%d\n" % (t, go + 100, first)
    if second:
        keys += "%d p%d\n" % (go + 100 + after_ms, second)
    keys += "%d %s\n" % (go + 400, "ok" if right else "back")
    more, t = counts(go + 600, [1, 1])
    return keys + more, t + 200
