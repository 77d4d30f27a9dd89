# A fake board for booting main.py over damaged flash: its files, a button pressed as it
# starts (from test_boot_damaged.py).

from pawpad.store.records.history import HISTORY
from pawpad.store.session import LOG
from pawsim import board as simboard
from pawsim.script import parse
from support.readers import Big, enc, game_lines, summary


def press(p, *keys):
    t = p.t
    for k in keys:
        t += 150
        p.play(parse("%d %s\n%d end" % (t, k, t + 100)))
        t += 100


GOOD_GAME = b"".join(game_lines(4))

GOOD_HISTORY = b"".join(enc(summary(i)) for i in range(3))


def put(data, name, content):
    with open(data + "/" + name, "wb") as f:
        if isinstance(content, Big):
            for piece in content.pieces():
                f.write(piece)
        else:
            f.write(content)


def all_files(data):
    put(data, "settings.json", b"[" * 100)
    put(data, "setups.json", b'{"top_dog": {}}')
    put(data, "stats.json", b"\xff")
    put(data, HISTORY, GOOD_HISTORY)
    put(data, LOG, GOOD_GAME)


class FakeBoard:
    """`import board` in main.py: the simulated board on a data folder."""

    def __init__(self, data):
        self.data = data

    def build(self):
        world = simboard.World(simboard.Clock(True), True, True)
        world.held_at_boot = ()
        return simboard.build(world, self.data)
