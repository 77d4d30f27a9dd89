# The game menu's countdown, kept on flash while a game has one: its length, the time
# left and whether it ran, written when it is set, started or paused and every few
# seconds while it runs. A power cut then brings it back where it was, paused (the box
# cannot know how long the power was off). It belongs to one game (its id).
from pawpad.games.common import is_count
from pawpad.store.log.readback import TIMER
from pawpad.store.records.draft import keep, own

MOST_MS = 3600000  # an hour: the longest the timer screen sets


def save(session, duration_ms, left_ms, running):
    keep(session, TIMER, lambda: {"ms": duration_ms, "left": left_ms, "running": running})


def read(session):
    """(length ms, ms left, was it running) of this game's countdown, or None (none,
    another game's, damaged: set aside with a word on the console, or out of range)."""
    kept = own(session, TIMER)
    if kept is None:
        return None
    ms, left, running = kept.get("ms"), kept.get("left"), kept.get("running")
    if not (is_count(ms, 1, MOST_MS) and is_count(left, 0, ms)
            and (running is True or running is False)):
        return None
    return ms, left, running


def drop(session):
    session.later.pop(TIMER, None)
    if session.store is not None:
        session.store.remove(TIMER)
