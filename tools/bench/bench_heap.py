# Live heap of a whole scripted game on the MicroPython unix port, split into the
# simulator's share (its fakes, panel model and script player, and the simulated
# board's objects) and the firmware's (its modules and data), for `make bench`.
# Usage: micropython tools/bench/bench_heap.py SIM_MPY_DIR DATA_DIR GAME
import gc
import sys

sys.path.insert(0, sys.argv[1])  # the modules precompiled (the rest: MICROPYPATH)


def used():
    gc.collect()
    return gc.mem_alloc()


def main():
    data, game = sys.argv[2], sys.argv[3]
    base = used()
    import pawpad.drivers.buttons  # noqa: F401  the firmware's drivers, counted as such
    import pawpad.drivers.buzzer  # noqa: F401
    import pawpad.drivers.hx711  # noqa: F401
    import pawpad.drivers.pixels  # noqa: F401
    import pawpad.drivers.ssd1306  # noqa: F401
    import pawpad.drivers.tilt  # noqa: F401
    import pawpad.hardware  # noqa: F401

    drivers = used() - base
    import pawsim.board as simboard
    from pawsim import scripts
    from pawsim.script import Player, parse_lines

    world = simboard.World(simboard.Clock(True))
    hw = simboard.build(world, data)
    sim = used() - base - drivers  # the simulator: fakes, panel, board objects
    from pawpad.app.device.device import Device

    p = Player(world, hw, Device, data, sink=lambda line: None)
    script = scripts.pick_a_dog_game() if game == "pick_a_dog" else scripts.top_dogs_game()
    for t, action, args in parse_lines(script.split("\n")):
        p.run_until(t)
        p.apply(action, args)
        p.dev.cycle(world.clock.ms(), world.clock.us())
    firmware = used() - base - sim
    print("  %-12s live after the game: firmware %3dk (modules and data), simulator %3dk"
          % (game, firmware // 1024, sim // 1024))


main()
