# The game menu's countdown, kept on flash while a game has one: its length, the time
# left and whether it ran, written when it is set, started or paused and every few
# seconds while it runs. A power cut then brings it back where it was, paused (the box
# cannot know how long the power was off). It belongs to one game (its id).
TIMER = "timer.json"
MOST_MS = 3600000  # an hour: the longest the timer screen sets


def save(session, duration_ms, left_ms, running):
    store = session.store
    if store is None or not session.saving:
        return
    try:
        store.write_json(TIMER, {"id": session.header.get("id"), "ms": duration_ms,
                                 "left": left_ms, "running": running})
    except OSError:
        pass  # the flash full: the countdown runs on, it is only not kept


def read(session):
    """(length ms, ms left, was it running) of this game's countdown, or None (none,
    another game's, damaged: set aside with a word on the console, or out of range)."""
    store = session.store
    if store is None:
        return None
    try:
        kept, why = store.read_json(TIMER)
    except MemoryError:
        return None
    if why:
        print("pawpad: " + why)
    if not isinstance(kept, dict) or kept.get("id") != session.header.get("id"):
        return None
    ms, left, running = kept.get("ms"), kept.get("left"), kept.get("running")
    if not (_whole(ms) and _whole(left) and 0 < ms <= MOST_MS and 0 <= left <= ms
            and (running is True or running is False)):
        return None
    return ms, left, running


def drop(session):
    if session.store is not None:
        session.store.remove(TIMER)


def _whole(x):
    return isinstance(x, int) and not isinstance(x, bool)
