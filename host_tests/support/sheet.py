# Score sheets kept on flash: played games, their kept rows, the truth they are held to,
# a copied folder (from test_sheet_kept.py).

import os

from pawpad.app.shell.game import Game
from pawpad.store.files import Storage
from pawpad.store.records import score_sheet
from pawpad.store.session import Session
from pawsim import gallery
from pawsim.robots import play as robot_play
from support.device import fresh_dir


def truth(session, flow):
    """The sheet as the log says it: the game replayed from its start, unbounded."""
    return score_sheet.totals(session, flow, False)


def kept_rows(game):
    kept = game.sheet
    assert kept.catch_up(10 ** 6)
    return list(score_sheet.OnFlash(kept))


def copy_dir(src):
    """The flash as it is now, in a folder of its own (a piece at a time)."""
    dst = fresh_dir()
    buf = bytearray(512)
    for name in os.listdir(src):
        with open(src + "/" + name, "rb") as f, open(dst + "/" + name, "wb") as g:
            while True:
                n = f.readinto(buf)
                if not n:
                    break
                g.write(buf[:n])
    return dst


def new_game(name, players, settings):
    store = Storage(fresh_dir())
    app, _ = gallery.screens()
    s = Session.new(store, name, players, settings)
    return store, app, s, Game(app, s)


def played(name, players, settings, chooser, moves):
    """A new game on flash with a robot's game offered to it as it is played."""
    store, app, s, game = new_game(name, players, settings)
    offered = Offered(s)
    robot_play(name, players, settings, chooser, moves, accepted=offered)
    s.flush()
    return store, app, s, game, offered.n


class Offered:
    """Each event a robot plays, offered to the session as it comes (never a list of
    them), written as the box's loop writes them when it is quiet (every few events)."""

    def __init__(self, session):
        self.s = session
        self.n = 0

    def append(self, e):
        assert self.s.offer(e, 0) is None
        self.n += 1
        if self.n % 10 == 0:
            self.s.flush()
