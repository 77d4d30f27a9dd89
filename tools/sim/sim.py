# `make sim`: Pawpad on the MicroPython unix port, with a simulated board.
#   micropython tools/sim/sim.py                      the device in this terminal
#   micropython tools/sim/sim.py --script F --out D   headless: timed events in, PNGs and log out
# --mpy DIR, first if given, loads the modules precompiled by mpy-cross from DIR.
# Other options: --data DIR (the device's flash, default sim_data), --no-display,
# --no-load-cells, --no-encoder, --hold N (player button N held down at boot),
# --view half|quarter|braille (how the terminal draws the panel; default: the sharpest
# that fits the window).
# For the power-cut test: --acks prints "ack N" when N game records are on flash;
# --crash-at K:B stops dead in the K-th record write after B bytes (and waits to be
# killed); --dump-state FILE writes the game in progress as JSON at the end;
# --reset-cause watchdog boots as after the watchdog reset a hung box;
# --snap-every N puts a snapshot of the game's state in its log every N events.
# The firmware, pawsim and the board's pins come from MICROPYPATH (make sim;
# tools/sim/unixport.py).
import sys


def load_precompiled(argv):
    """--mpy DIR, first if given: DIR's precompiled bytecode goes ahead of the sources on
    the path (the one path the simulator sets, a folder chosen as it starts), as on the
    Pico: no compiler's RAM spent at import."""
    if len(argv) > 2 and argv[1] == "--mpy":
        sys.path.insert(0, argv[2])
        del argv[1:3]


load_precompiled(sys.argv)

import pawsim.board as simboard  # noqa: E402

sys.modules["board"] = simboard  # main.py imports `board`: here it is the simulator's


def options(argv):
    opts = {"script": None, "out": "out", "data": "sim_data", "display": True,
            "cells": True, "hold": (), "acks": False, "crash-at": None, "dump-state": None,
            "reset-cause": "power on", "snap-every": None, "encoder": True, "view": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--script", "--out", "--data", "--crash-at", "--dump-state", "--reset-cause",
                 "--snap-every", "--view"):
            opts[a[2:]] = argv[i + 1]
            i += 1
        elif a == "--hold":
            opts["hold"] = (int(argv[i + 1]),)
            i += 1
        elif a == "--acks":
            opts["acks"] = True
        elif a == "--no-display":
            opts["display"] = False
        elif a == "--no-load-cells":
            opts["cells"] = False
        elif a == "--no-encoder":
            opts["encoder"] = False
        else:
            raise SystemExit("sim: unknown option " + a)
        i += 1
    if opts["view"] not in (None, "half", "quarter", "braille"):
        raise SystemExit("sim: --view is half, quarter or braille")
    return opts


def make_world(opts, virtual):
    import pins

    world = simboard.World(simboard.Clock(virtual), opts["display"], opts["cells"],
                           opts["encoder"])
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
    from pawpad.app.device.device import Device
    from pawsim.script import Player, parse_lines

    mkdirs(opts["out"])
    mkdirs(opts["data"])
    world = make_world(opts, True)
    hw = simboard.build(world, opts["data"], opts["reset-cause"])
    if opts["crash-at"]:
        crash_at(*[int(x) for x in opts["crash-at"].split(":")])
    if opts["snap-every"]:
        from pawpad.store.session import Session

        Session.snap_every = int(opts["snap-every"])
    with open(opts["out"] + "/log.txt", "w") as log, open(opts["script"]) as script:
        def sink(line):
            log.write(line + "\n")
            print(line)

        player = Player(world, hw, Device, opts["out"], sink)
        if opts["acks"]:
            player.dev.on_ack = lambda n: print("ack", n)
        player.play(parse_lines(script))
    if opts["dump-state"]:
        import json

        s = player.dev.app.session
        with open(opts["dump-state"], "w") as f:
            f.write(json.dumps(None if s is None else
                               {"state": s.state, "events": list(s.events()), "acked": s.acked}))


def crash_at(k, nbytes):
    """Power cut in the middle of the k-th record write: the first nbytes reach the
    file, then the process stops dead until the test kills it."""
    from pawpad.store.files import Storage

    plain = Storage.append_line
    count = [0]

    def append_line(self, name, line):
        count[0] += 1
        if count[0] < k:
            return plain(self, name, line)
        with open(self.path(name), "a") as f:
            f.write(line[:nbytes])
            f.flush()
        print("crash-point")
        import time

        while True:
            time.sleep(1)

    Storage.append_line = append_line


def interactive(opts):
    import asyncio

    from pawpad.app.device import loop as runner
    from pawsim.term import Terminal, raw_terminal

    mkdirs(opts["data"])
    world = make_world(opts, False)
    hw = simboard.build(world, opts["data"])
    term = Terminal(world, hw, opts["view"])

    async def go():
        device = asyncio.create_task(runner.run(hw, world.clock.ms, world.clock.us))
        asyncio.create_task(term.keyboard())
        asyncio.create_task(term.painter())
        asyncio.create_task(term.fingers())
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
