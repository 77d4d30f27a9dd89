# Damaged game logs crafted for the readers: where a record can be cut, crafted records,
# every kind of event (from test_reading_damage.py).

from pawpad.store.log import codec
from pawpad.store.session import LOG, Repaired


def lines_of(store):
    with open(store.path(LOG), "rb") as f:
        return [line[:-1] for line in f]


def put_lines(store, lines):
    with open(store.path(LOG), "wb") as f:
        for line in lines:
            f.write(line + b"\n")


def every_event(s):
    """Reads every event in force, as the score sheet does: the repair, or None."""
    try:
        return len(list(s.events())) and None
    except Repaired as e:
        return e


def crafted(store, change):
    """The last checkpoint changed by `change(rec, lines)` and encoded again with a
    good checksum."""
    lines = lines_of(store)
    last = max(i for i, line in enumerate(lines) if b'"ix"' in line)
    rec = codec.decode(lines[last].decode())
    change(rec, lines)
    lines[last] = codec.encode(rec)[:-1].encode()
    put_lines(store, lines)


def places(lines):
    at, out = 0, []
    for line in lines:
        out.append(at)
        at += len(line) + 1
    return out
