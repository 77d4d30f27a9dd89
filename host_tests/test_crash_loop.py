# A crash loop cannot hold the box. An exception that leaves the app after the boot has
# settled is counted too, and marks the crash: the next boot offers the game that was
# open (never resumes it silently, not even after a watchdog reset), with "set it aside"
# among the choices; the same crash again sets the game aside, and only the game. Both
# runtimes.
import sys

import main
from test_boot_damaged import FakeBoard, all_files, press
from test_readers_total import tempdir, wipe

from pawpad.app.device import loop as runner
from pawpad.store.files import Storage
from pawpad.store.session import LOG


def run_main(data, run):
    """main.main() on the simulated board over `data`, with `run` as the app."""
    plain_run, plain_board = runner.run, sys.modules.get("board")
    sys.modules["board"] = FakeBoard(data)
    runner.run = run
    settled_ms, main.SETTLED_MS = main.SETTLED_MS, 0
    try:
        main.main()
    except RuntimeError:
        return False
    finally:
        main.SETTLED_MS = settled_ms
        runner.run = plain_run
        if plain_board is None:
            del sys.modules["board"]
        else:
            sys.modules["board"] = plain_board
    return True


def late_crash():
    async def crash(hw, *clocks):
        import asyncio

        while not main.SETTLED[0]:  # the app runs past its settle time (made 0 ms)...
            await asyncio.sleep(0)
        raise RuntimeError("boom")  # ...then raises
    return crash


def runs(seen):
    async def run(hw, *clocks):
        seen.append((hw.reset_cause, list(hw.problems)))
    return run


def test_a_crash_after_the_boot_settled_is_counted_and_the_game_offered():
    data = tempdir("crash")
    try:
        all_files(data)
        store = Storage(data)
        assert not run_main(data, late_crash())
        assert main.unsettled(store) == 1 and main.crash_kind(store) == "game"
        seen = []
        assert run_main(data, runs(seen))
        assert seen[0][0] == "crash"  # not resumed silently: offered
        p = boot_with(data, "crash")  # the boot screen leads to the offer
        assert p.dev.app.top.name in ("resume", "notice"), p.dev.app.top.name
        assert p.dev.app.session is None  # the game is not open behind it
        assert store.exists(LOG)
    finally:
        wipe(data)


def boot_with(data, cause):
    from pawpad.app.device.device import Device
    from pawsim import board as simboard
    from pawsim.script import Player, parse

    world = simboard.World(simboard.Clock(True), True, True)
    world.held_at_boot = ()
    hw = simboard.build(world, data, cause)
    p = Player(world, hw, Device, "/tmp")
    p.play(parse("1600 end"))
    return p


def test_the_same_crash_again_sets_the_game_aside_and_only_the_game():
    data = tempdir("crash")
    try:
        all_files(data)
        store = Storage(data)
        assert not run_main(data, late_crash())  # the game crashes the box...
        assert not run_main(data, late_crash())  # ...and again, once offered
        seen = []
        assert run_main(data, runs(seen))
        said = seen[0][1]
        assert said[:2] == ["The saved game stopped", "Pawpad twice. Set aside:"], said
        assert "game.log as game.log.bad" in said
        assert not store.exists(LOG) and store.exists(LOG + ".bad")
        assert store.exists("history.log")  # the rest stays where it was
        assert not store.exists("history.log.bad")
    finally:
        wipe(data)


def test_a_clean_evening_after_a_crash_clears_the_count():
    import asyncio

    data = tempdir("crash")
    try:
        store = Storage(data)
        assert not run_main(data, late_crash())
        n, notices = main.boot_begins(store)  # the next boot...
        assert (n, notices) == (1, [])
        asyncio.run(main.settle(store, 0, n))  # ...settles: the count is the crash's
        assert main.unsettled(store) == 1 and main.crash_kind(store) is None
        n, notices = main.boot_begins(store)  # a boot that follows no crash...
        assert notices == []
        asyncio.run(main.settle(store, 0, n))  # ...and settles clears it
        assert main.unsettled(store) == 0
    finally:
        wipe(data)


def test_the_resume_offer_sets_a_game_aside():
    data = tempdir("crash")
    try:
        all_files(data)
        p = boot_with(data, "crash")
        for _ in range(3):  # the notices the damaged files gave, then the offer
            if p.dev.app.top.name == "resume":
                break
            press(p, "ok")
        assert p.dev.app.top.name == "resume"
        press(p, "back", "down")
        top = p.dev.app.top
        assert top.name == "notice" and "kept as game.log.bad." in top.lines, top.lines
        store = Storage(data)
        assert not store.exists(LOG) and store.exists(LOG + ".bad")
        press(p, "ok")
        assert p.dev.app.top.name == "menu"
    finally:
        wipe(data)
