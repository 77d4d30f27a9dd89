# `make sim`: Pawpad on the MicroPython unix port, with a simulated board.
#   micropython tools/sim.py                      the device in this terminal
#   micropython tools/sim.py --script F --out D   headless: timed events in, PNGs and log out
# --mpy DIR, first if given, loads the modules precompiled by mpy-cross from DIR.
# Other options: --data DIR (the device's flash, default sim_data), --no-display,
# --no-load-cells, --hold N (player button N held down at boot).
import sys

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
for _p in ("/../boards/pico", "/../firmware", ""):
    sys.path.insert(0, _HERE + _p)
if len(sys.argv) > 2 and sys.argv[1] == "--mpy":
    # Precompiled bytecode first, as on the Pico: no compiler's RAM spent at import.
    sys.path.insert(0, sys.argv[2])
    del sys.argv[1:3]

import pawsim.board as simboard  # noqa: E402

sys.modules["board"] = simboard  # main.py imports `board`: here it is the simulator's


def options(argv):
    opts = {"script": None, "out": "out", "data": "sim_data", "display": True,
            "cells": True, "hold": ()}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--script", "--out", "--data"):
            opts[a[2:]] = argv[i + 1]
            i += 1
        elif a == "--hold":
            opts["hold"] = (int(argv[i + 1]),)
            i += 1
        elif a == "--no-display":
            opts["display"] = False
        elif a == "--no-load-cells":
            opts["cells"] = False
        else:
            raise SystemExit("sim: unknown option " + a)
        i += 1
    return opts


def make_world(opts, virtual):
    import pins

    world = simboard.World(simboard.Clock(virtual), opts["display"], opts["cells"])
    world.held_at_boot = tuple(pins.PLAYERS[n - 1] for n in opts["hold"])
    return world


def mkdirs(path):
    import os

    part = ""
    for name in path.split("/"):
        part = part + "/" + name if part or path.startswith("/") else name
        if name:
            try:
                os.mkdir(part)
            except OSError:
                pass


def headless(opts):
    from pawpad.app.device import Device
    from pawsim.script import Player, parse

    mkdirs(opts["out"])
    mkdirs(opts["data"])
    world = make_world(opts, True)
    hw = simboard.build(world, opts["data"])
    with open(opts["script"]) as f:
        events = parse(f.read())
    player = Player(world, hw, Device, opts["out"])
    log = player.play(events)
    with open(opts["out"] + "/log.txt", "w") as f:
        for line in log:
            f.write(line + "\n")
    for line in log:
        print(line)


def interactive(opts):
    import asyncio

    from pawpad.app import runner
    from pawsim.term import Terminal, raw_terminal

    mkdirs(opts["data"])
    world = make_world(opts, False)
    hw = simboard.build(world, opts["data"])
    term = Terminal(world, hw)

    async def go():
        device = asyncio.create_task(runner.run(hw, world.clock.ms, world.clock.us))
        asyncio.create_task(term.keyboard())
        asyncio.create_task(term.painter())
        await term.quit.wait()
        device.cancel()

    restore = raw_terminal()
    try:
        asyncio.run(go())
    finally:
        restore()


def main():
    opts = options(sys.argv[1:])
    if opts["script"]:
        headless(opts)
    else:
        interactive(opts)


main()
