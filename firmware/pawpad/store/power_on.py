# Which power-on of the box this is (poweron.log), for dating games played on a clock
# never set. A Pico keeps no time without power: until a computer sets its clock, the
# clock reads 2021-01-01 plus the time since power-on. A game finished then keeps the
# power-on's id and the seconds since it (`on`, `up`: results.summary); the computer
# that meets the box (make export, report, roster, flash: tools/install/dating.py) reads
# this file and the box's uptime, and so dates exactly every game of the power-on it
# finds running, and the older ones by the day it met the box (marked estimated).
#
# The id is random and new at every start on a clock not set; the file is one checked
# log line; the old one is removed first, so a write that fails (or a power cut
# between) leaves no id, and the games of that power-on are dated as estimated, never
# by another power-on's uptime. Ids are drawn, not counted: a lost file never makes a
# new power-on take an old one's id.
try:
    from micropython import const
except ImportError:  # plain CPython reads the history's format too (store/log/schema.py)
    const = int  # type: ignore

from pawpad.store.log import codec

RECORD = "poweron.log"
# The rp2 port's clock at power-on, 2021-01-01 00:00:00, in its seconds since 1970:
# until it is set, the clock less this is the time since power-on.
CLOCK_START = const(1609459200)
ID_LEN = const(8)  # hex digits: 32 random bits
_RECORD_MAX = const(64)


def id_ok(v):
    """A power-on's id: ID_LEN lowercase hex digits."""
    if not isinstance(v, str) or len(v) != ID_LEN:
        return False
    for ch in v:
        if ch not in "0123456789abcdef":
            return False
    return True


def _new_id():
    try:
        import os

        raw = os.urandom(ID_LEN // 2)
    except (ImportError, AttributeError, OSError):
        import random

        raw = bytes(random.getrandbits(8) for _ in range(ID_LEN // 2))
    return "".join("%02x" % b for b in raw)


def begin(store):
    """A new power-on: its id, written to the flash; None when the flash would not take
    it (the games are then dated by the day a computer meets the box)."""
    if store is None:
        return None
    on = _new_id()
    try:
        store.remove(RECORD)  # a write that fails then leaves no id, never an old one
        store.write_text(RECORD, codec.encode({"on": on}))
    except OSError:
        return None
    return on


def read(store):
    """The id of the power-on the flash last recorded, or None (none, or damaged)."""
    rec = codec.read_one(store, RECORD, _RECORD_MAX)
    on = rec.get("on") if isinstance(rec, dict) else None
    return on if id_ok(on) else None
