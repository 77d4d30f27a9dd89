# Flash files crafted for the readers' tests: encoded records, whole games' lines, big
# and repeated payloads, a scratch folder and its wiping (from test_readers_total.py).

import os

from pawpad.store.log import codec, schema

_N = [0]


# This run's own mark in the folders' names: two runs at once on one machine (the unix
# port has no getpid) must never share one.
_RUN = "".join("%02x" % b for b in os.urandom(6))


def tempdir(tag="readers"):
    """A fresh, empty folder of this test's own; wipe() it when done."""
    _N[0] += 1
    path = "/tmp/pawpad-%s-%s-%d" % (tag, _RUN, _N[0])
    wipe(path)
    os.mkdir(path)
    return path


def wipe(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        os.remove(path + "/" + name)
    os.rmdir(path)


class Big:
    """Bytes too many to hold: pieces written one after another (a generator's)."""

    def __init__(self, make, *args):
        self.make = make
        self.args = args

    def pieces(self):
        return self.make(*self.args)


def repeat(piece, times, head=b"", tail=b""):
    yield head
    for _ in range(times):
        yield piece
    yield tail


def enc(rec):
    return codec.encode(rec).encode()


HEAD = schema.header("top_dogs", 3, {})


def teams(a):
    return {"t": "teams", "cards": [[1, 2, 7], [1, 2, a], [1, 2, 9]]}


def game_lines(n):
    """A good Top Dogs log: the header and n events (encoded lines)."""
    return [enc(HEAD)] + [enc({"e": teams(8 + i % 3), "ms": 1000 * i}) for i in range(n)]


def summary(i):
    return {"game": "top_dogs", "players": 3, "scores": [i, 1, 0], "winners": [0],
            "events": 4, "ms": 60000 + i, "date": "2026-11-30", "n": i}
