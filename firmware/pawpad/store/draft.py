# What a screen has taken of a step that is not in the game yet: the teams keyed so
# far of a Top Dogs round, a Pick-a-Dog verdict and the counts keyed after it. Written
# at each entry, so a power cut loses none of them (the step's event comes only when
# the last entry is in). A draft belongs to one place of one game's log (the game's id
# and the log's size when it was written): once the log moves on (the step's event,
# an undo, a correction) it is another step's, and it is never read again.
DRAFT = "draft.json"


def save(session, kind, value):
    """On flash now: `value` (plain JSON) as the draft of step `kind`. The log is
    written first, so the draft's place is the log as it will be read back."""
    store = session.store
    if store is None or not session.saving:
        return
    session.flush()
    try:
        store.write_json(DRAFT, {"id": session.header.get("id"), "at": session.size,
                                 "kind": kind, "v": value})
    except OSError:
        pass  # the flash full, say: the entry stays on the screen; the log says why


def read(session, kind):
    """The draft of step `kind` at the log's present place, or None (none, another
    game's or another place's, or damaged: set aside, with a word on the console)."""
    store = session.store
    if store is None:
        return None
    try:
        draft, why = store.read_json(DRAFT)
    except MemoryError:
        return None
    if why:
        print("pawpad: " + why)
    if (not isinstance(draft, dict) or draft.get("id") != session.header.get("id")
            or draft.get("at") != session.size or draft.get("kind") != kind):
        return None
    return draft.get("v")


def drop(session):
    """The entries were left (BACK out of them): none comes back after a power cut."""
    if session.store is not None:
        session.store.remove(DRAFT)
