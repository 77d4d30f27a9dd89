# Moving through the menus: the top screen, a Pick-a-Dog round's keys (from
# test_navigation.py).

from pawsim.scripts import GO_MS
from support.pick_a_dog import counts


def top(p):
    return p.dev.app.top.name


def round_keys(t, caller, values):
    """GO, a STOP by seat `caller` (1-based), its verdict (right), the counts."""
    go = t + GO_MS
    text = "%d ok\n%d p%d\n%d ok\n" % (t, go + 100, caller, go + 300)
    keys, t = counts(go + 500, values)
    return text + keys, t
