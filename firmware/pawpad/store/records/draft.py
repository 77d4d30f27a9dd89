# What a screen has taken of a step that is not in the game yet: the teams keyed so
# far of a Top Dogs round, a Top Dog round's dogs, the medals the players gave and who
# walked a dog for the rescue, a Pick-a-Dog verdict and the counts keyed after it,
# solo's count, a Circus Puppy action, fall or stage card, the answer to an odd weight.
# Written at each entry and each choice, so a power cut loses none of them (the step's
# event comes only when the last is in). A draft belongs to one place of one game's
# log (the game's id and the log's size when it was written): once the log moves on
# (the step's event, an undo, a correction) it is another step's, it is never read
# again, and the session removes it after that record (store/session.py: `drafted`).
# A step whose screen stays up as the log moves on under it (Top Dog's medals while an
# earlier round is corrected) saves what still fits again, at the new place
# (ui/screen.py: Screen.again).
# A correction of an earlier step keeps what it has taken in a file of its own, FIX,
# with the index of the event it corrects: the step in progress under it keeps its
# draft, and a power cut brings back both.
from pawpad.store.log.readback import DRAFT, FIX


def keep(session, name, make):
    """A small file of the game in progress, make() (a dict: it is given the game's
    id), written with the session's queued records: after them, once the loop has put
    the screen out, within the loop cycle. Nothing when the game is not being saved."""
    if session.store is None or not session.saving:
        return
    gid = session.header.get("id")

    def made():
        value = make()
        value["id"] = gid
        return value

    session.later[name] = made


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


def save(session, kind, value, fix=None):
    """`value` (plain JSON) as the draft of step `kind`, on flash within the loop cycle,
    after the log's queued records: its place is the log as it will be read back.
    `fix`: the index of the event a correction is keyed for (its own file, FIX)."""
    if fix is None:
        keep(session, DRAFT, lambda: {"at": session.size, "kind": kind, "v": value})
    else:
        keep(session, FIX, lambda: {"at": session.size, "kind": kind, "v": value,
                                    "fix": fix})
    if session.store is not None and session.saving:
        session.drafted = True


def _here(session, name=DRAFT):
    """The draft at the log's present place (a dict), or None."""
    draft = own(session, name)
    if draft is None or draft.get("at") != session.size:
        return None
    session.drafted = True  # found: it goes with the next record
    return draft


def kind(session):
    """The step the draft at the log's present place is of ("plays", "medals", ...),
    or None: for a flow whose state can be in one of several steps."""
    draft = _here(session)
    k = None if draft is None else draft.get("kind")
    return k if type(k) is str else None


def fixing(session):
    """The correction keyed in part at the log's present place: (the index of the event
    it corrects, its screen's kind), or None."""
    draft = _here(session, FIX)
    if draft is None:
        return None
    i, k = draft.get("fix"), draft.get("kind")
    return (i, k) if type(i) is int and type(k) is str else None


def read(session, kind, shape, n, name=DRAFT):
    """The draft of step `kind` at the log's present place, if it is a dict of exactly
    the fields of `shape` (games/shape.py's table, for n players); None otherwise (none,
    another game's or another place's, damaged, or not the shape it was written in).
    `name`: FIX for a correction's."""
    draft = _here(session, name)
    if draft is None or draft.get("kind") != kind:
        return None
    from pawpad.games.shape import shape_problem  # only a resume reads a draft

    v = draft.get("v")
    return v if shape_problem(v, ("dict", shape), n) is None else None


def drop(session, fix=None):
    """The entries were left (BACK out of them): none comes back after a power cut.
    `fix` not None: a correction's (the step under it keeps its own)."""
    name = DRAFT if fix is None else FIX
    session.later.pop(name, None)
    if session.store is not None:
        session.store.remove(name)


def done(session):
    """A step answered: its draft goes with the record it made, or now if it made none
    (an answer that changed nothing)."""
    if session.later.get(DRAFT, 0) is not None:  # (None: it goes with a record)
        drop(session)
