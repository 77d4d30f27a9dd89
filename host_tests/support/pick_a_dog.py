# Pick-a-Dog through the device's menus: a flash folder with a variant's data, the keys
# that open a variant, the game's state and counts (from test_device_pick_a_dog.py).

from pawpad.store.files import Storage
from pawpad.store.log import schema
from pawpad.store.session import LOG
from pawsim.scripts import GO_MS, counts_keys
from support.device import fresh_dir


def data_with(settings='{"players": 4}'):
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write(settings)
    return data


def open_variant(row):
    """Main menu -> Pick-a-Dog -> variant row (0 dog, 1 pog, 2 solo)."""
    keys = "1500 ok\n" + "".join("%d down\n" % (1600 + 100 * i) for i in range(row))
    return keys + "1800 ok\n"


def counts(t, values, start=None):
    """Keys for the counts screen as script text, and the time after them (`start`: the
    counts it opens with, the round before's)."""
    lines, t = counts_keys(t, values, start)
    return "\n".join(lines) + "\n", t


def two_rounds(t=1900):
    """Keys for two rounds of two players from the ready screen: Red calls STOP, right,
    the counts 2 and 1 each round; the script text and the time after it."""
    script = ""
    for r in range(2):
        go = t + GO_MS
        script += "%d ok\n%d p1\n%d ok\n" % (t, go + 100, go + 300)  # GO, STOP, right
        keys, t = counts(go + 500, [2, 1], [2, 1] if r else None)
        script += keys
        t += 200
    return script, t


def state(p):
    return p.dev.app.session.state


def log_records(data):
    records, _, problem = schema.parse(Storage(data).read_text(LOG))
    assert problem is None
    return records
