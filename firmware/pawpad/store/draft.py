# What a screen has taken of a step that is not in the game yet: the teams keyed so
# far of a Top Dogs round, a Pick-a-Dog verdict and the counts keyed after it. Written
# at each entry, so a power cut loses none of them (the step's event comes only when
# the last entry is in). A draft belongs to one place of one game's log (the game's id
# and the log's size when it was written): once the log moves on (the step's event,
# an undo, a correction) it is another step's, and it is never read again.
DRAFT = "draft.json"


def keep(session, name, value):
    """A small file of the game in progress (a dict, given the game's id), on flash
    now; nothing when the game is not being saved. The flash full, say: not kept, and
    the game goes on (its log says why when it cannot be written either)."""
    store = session.store
    if store is None or not session.saving:
        return
    value["id"] = session.header.get("id")
    try:
        store.write_json(name, value)
    except OSError:
        pass


def own(session, name):
    """The small file `name` if it is this game's (its id), else None: none, another
    game's, or damaged (set aside, with a word on the console)."""
    store = session.store
    if store is None:
        return None
    try:
        kept, why = store.read_json(name)
    except MemoryError:
        return None
    if why:
        print("pawpad: " + why)
    if not isinstance(kept, dict) or kept.get("id") != session.header.get("id"):
        return None
    return kept


def save(session, kind, value):
    """On flash now: `value` (plain JSON) as the draft of step `kind`. The log is
    written first, so the draft's place is the log as it will be read back."""
    if session.store is None or not session.saving:
        return
    session.flush()
    keep(session, DRAFT, {"at": session.size, "kind": kind, "v": value})


def read(session, kind):
    """The draft of step `kind` at the log's present place, or None (none, another
    game's or another place's, or damaged)."""
    draft = own(session, DRAFT)
    if draft is None or draft.get("at") != session.size or draft.get("kind") != kind:
        return None
    return draft.get("v")


def drop(session):
    """The entries were left (BACK out of them): none comes back after a power cut."""
    if session.store is not None:
        session.store.remove(DRAFT)
