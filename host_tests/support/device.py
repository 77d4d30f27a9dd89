# The device on the simulated board in virtual time, for the tests that play it: a fresh
# flash folder and a scripted play (from test_device.py).

import os
import sys

import pins

from pawpad.app.device.device import Device
from pawsim import board as simboard
from pawsim.script import Player, parse

_COUNT = [0]

_ROOT = []  # this run's own folder under /tmp, removed when the run ends


def _remove(path):
    for name in os.listdir(path):
        sub = path + "/" + name
        try:
            os.remove(sub)
        except OSError:
            _remove(sub)
    os.rmdir(path)


def _run_root():
    if not _ROOT:
        raw = os.urandom(6)
        root = "/tmp/pawpad-tests-" + "".join("%02x" % b for b in raw)
        os.mkdir(root)
        _ROOT.append(root)
        try:
            import atexit

            atexit.register(_remove, root)
        except ImportError:  # MicroPython: sys.atexit takes one function
            sys.atexit(lambda: _remove(root))
    return _ROOT[0]


def fresh_dir():
    """A new empty folder of this test run's own (never shared with another run)."""
    _COUNT[0] += 1
    path = "%s/%d" % (_run_root(), _COUNT[0])
    os.mkdir(path)
    return path


def play(script, data=None, display=True, cells=True, held=(), seats=None):
    """`seats`: the player buttons the board has (all 8 when None)."""
    world = simboard.World(simboard.Clock(True), display, cells)
    world.held_at_boot = tuple(pins.PLAYERS[i] for i in held)
    hw = simboard.build(world, data or fresh_dir(), seats=seats)
    p = Player(world, hw, Device, "/tmp")
    p.play(parse(script))
    return p
