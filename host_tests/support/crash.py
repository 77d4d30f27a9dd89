# main.py run on a board whose power is cut or whose code raises, time after time: the
# crash-loop tests' board, scripts and runs (from test_crash_loop.py).

import asyncio
import sys

import main

from pawpad.app.device import loop as runner
from pawpad.core import settings as settings_rules
from pawpad.store.files import Storage
from pawpad.store.records.history import HISTORY
from pawpad.store.session import LOG
from pawsim import board as simboard
from pawsim.script import Player, parse
from support.boot import FakeBoard, press
from support.readers import enc, game_lines, summary

GOOD = {
    LOG: b"".join(game_lines(4)),
    HISTORY: b"".join(enc(summary(i)) for i in range(3)),
    "stats.json": b"{}",
    "setups.json": b'{"top_dog": {}}',
    "players.json": b'{"names": ["Ann", "Bob"]}',
}


class PowerCut(BaseException):
    """The power goes: no handler of the app's runs (a BaseException, as nothing but
    `finally` and `with` may see it: what a cut leaves of those is a write's .tmp)."""


def good_files(data):
    for name, content in GOOD.items():
        with open(data + "/" + name, "wb") as f:
            f.write(content)
    Storage(data).save_settings(settings_rules.defaults())


class Board(FakeBoard):
    """The simulated board, its world kept for the app that runs on it."""

    def __init__(self, data, cause="power on"):
        FakeBoard.__init__(self, data)
        self.cause = cause

    def build(self):
        self.world = simboard.World(simboard.Clock(True), True, True)
        self.world.held_at_boot = ()
        return simboard.build(self.world, self.data, self.cause)


def run_main(board, run, settled_ms=0):
    """main.main() on `board` with `run` as the app. Returns what left it: None, the
    exception's class, or PowerCut."""
    plain_run, plain_board = runner.run, sys.modules.get("board")
    sys.modules["board"] = board
    runner.run = run
    settled, main.SETTLED_MS = main.SETTLED_MS, settled_ms
    try:
        main.main()
        return None
    except PowerCut:
        return PowerCut
    except Exception as e:
        return type(e)
    finally:
        main.SETTLED_MS = settled
        runner.run = plain_run
        if plain_board is None:
            del sys.modules["board"]
        else:
            sys.modules["board"] = plain_board


def plays(board, ms, then=None):
    """The app: the real device on the board for `ms` of its time, then `then` (an
    exception to raise) or the end. Past 5 s the boot has settled."""
    async def run(hw, *clocks):
        if ms >= 5000:
            while not main.SETTLED[0]:
                await asyncio.sleep(0)
        board.player = Player(board.world, hw, device(), "/tmp")
        board.player.play(parse("%d end" % ms))
        if then is not None:
            raise then
    return run


def device():
    from pawpad.app.device.device import Device

    return Device


def crash_in(module, attr, when=None):
    """Makes `module.attr` raise ZeroDivisionError (no screen takes it for a doubt in
    the game) after doing its work, when `when(args)` says so; returns the undo."""
    plain = getattr(module, attr)

    def crashing(*args, **kw):
        out = plain(*args, **kw)
        if when is None or when(args):
            raise ZeroDivisionError("injected")
        return out

    setattr(module, attr, crashing)
    return lambda: setattr(module, attr, plain)


def scripted(board, script):
    async def run(hw, *clocks):
        if "6000" in script:
            while not main.SETTLED[0]:
                await asyncio.sleep(0)
        board.player = p = Player(board.world, hw, device(), "/tmp")
        if "offer" not in script:
            p.play(parse(script))
            return
        head, keys = script.split("\n")  # to the resume offer, past the notices: keys
        p.play(parse(head.split()[0] + " end"))
        while p.dev.app.top.name == "notice":
            press(p, "ok")
        assert p.dev.app.top.name == "resume", p.dev.app.top.name
        press(p, *keys.split())
        press(p, "ok")  # and on, in the game
    return run
