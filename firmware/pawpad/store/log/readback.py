# Reading a game's events back from flash while it is played: whenever an event in
# force is needed again (undo, corrections, the score sheet, the rounds list), from
# its place in the log. An event read back that is not what its place promised
# raises Damaged: the session then reads the log whole (store/resume.py: repair;
# scan.py, loaded only for that and for a resume). The writing side is session.py.
from micropython import const

from pawpad.games.common import clone, replay
from pawpad.store.log import codec, schema
from pawpad.store.log.lines import borrow_buffer, return_buffer

LOG = "game.log"
SHEET = "sheet.log"  # the score sheet kept beside it (store/records/sheet.py): it goes with it
DRAFT = "draft.json"  # a step's entries so far (store/records/draft.py): it goes with it too
FIX = "fix.json"  # a correction's entries so far (draft.py too): and this
TIMER = "timer.json"  # the game menu's countdown (store/records/game_timer.py): and this
_NEWLINE = const(0x0A)
_PATIENCE = const(64)  # records or events between two feeds of the watchdog


class Patience:
    """What a long reading feeds now and then (patience()): the device hands it the
    watchdog's feed (app/device/loop.py), so that reading a long log record by record (seconds
    on a Pico) is not taken for a hang."""

    feed = None
    count = 0


def patience():
    Patience.count += 1
    if Patience.count >= _PATIENCE and Patience.feed is not None:
        Patience.count = 0
        Patience.feed()


def finish(reading):
    """Runs a reading (a generator that yields how far it has come, scan.py) to
    its end at once; its value."""
    while True:
        try:
            next(reading)
        except StopIteration as e:
            return e.value


class Damaged(ValueError):
    """A place in the log does not hold the record it should: flash damaged since it
    was written, or a checkpoint that does not tell the truth."""


def record_at(f, offset, buf):
    """The whole, checked record that begins at `offset` (right after a newline) in an
    open binary log, read through `buf` (LINE_MAX bytes: a long game reads thousands
    of records, and a fresh 2 KB buffer each time is a hole in a Pico's heap each
    time); Damaged if there is none there."""
    rec = None
    if offset > 0:
        f.seek(offset - 1)
        got = f.readinto(buf)
        nl = buf.find(b"\n", 1, got)
        if got and buf[0] == _NEWLINE and nl >= 0:
            try:
                rec = codec.decode(str(memoryview(buf)[1:nl], "utf-8"))
            except (ValueError, UnicodeError):
                pass
    if rec is None or schema.check_record(rec) is not None:
        raise Damaged("the log on flash changed under the game")
    return rec


def events_at(path, refs, first=0, upto=None, held=None):
    """The events of `refs` (places in the log) from `first`, each read back from
    flash (one open file and the shared buffer for them all), except those `held`
    hands on (an event not on flash yet: held(place) is the event, else None) and
    events themselves in `refs`.
    Damaged when a place does not hold an event that can be the one in force there:
    an event record ("e") put in force later sits later in the log, and a correction
    names its own event."""
    f = buf = None
    last = 0  # the place of the last "e" record read
    try:
        for i in range(first, len(refs) if upto is None else upto):
            patience()
            ref = refs[i]
            if not isinstance(ref, int):
                event = ref  # an event itself (a correction being tried)
            else:
                event = None if held is None else held(ref)
            if event is None:
                if f is None:
                    f = open(path, "rb")
                    buf = borrow_buffer()
                rec = record_at(f, ref, buf)
                if "fix" in rec:
                    if rec["fix"] != i:
                        raise Damaged("a correction in the log is not where it says")
                elif "e" in rec and ref > last:
                    last = ref
                else:
                    raise Damaged("the log's events are not where they were put")
                event = rec["e"]
            yield event
    finally:
        if f is not None:
            f.close()
            return_buffer(buf)


def state_after(engine, head, events, snap=None):
    """The state after `events` (an iterable), from the snapshot `snap` = (n, state
    after the first n) when given (then `events` are those after the first n)."""
    if snap is None:
        return replay(engine, head["players"], head["settings"], events)
    state = clone(snap[1])
    for e in events:
        state = engine.apply(state, e)
    return state


def state_ok(engine, head, state):
    """Is a snapshot's state one this game's engine can go on from?"""
    check = getattr(engine, "check_state", None)
    if (not isinstance(state, dict) or state.get("players") != head["players"] or
            state.get("settings") != head["settings"]):
        return False
    return check is None or check(state) is None
