# The asyncio side of the device on the MicroPython unix port: button interrupts set
# the flag, the input task wakes and steps the device (CPython has no ThreadSafeFlag
# and no sleep_ms: this runs on MicroPython only). Bounded: the loop is cancelled as
# soon as the screens are where they should be, or after 5 s at the most.
from support.device import fresh_dir
from support.skipping import only_micropython


def test_the_asyncio_loop_wakes_on_button_interrupts():
    only_micropython("CPython has no ThreadSafeFlag or sleep_ms")
    import asyncio
    import time

    from pawpad.app.device import loop as runner
    from pawsim import board as simboard

    world = simboard.World(simboard.Clock(False))
    hw = simboard.build(world, fresh_dir())
    seen = []

    async def hands():
        await asyncio.sleep_ms(50)
        world.menu(2, True)  # OK: skips the boot screen
        await asyncio.sleep_ms(60)
        world.menu(2, False)
        await asyncio.sleep_ms(60)
        world.menu(1, True)  # DOWN: the second row
        await asyncio.sleep_ms(60)
        world.menu(1, False)

    async def watch(task):
        t0 = time.ticks_ms()
        while time.ticks_diff(time.ticks_ms(), t0) < 5000:
            await asyncio.sleep_ms(20)
            dev = getattr(hw, "device", None)
            if dev is not None and dev.app.top.name == "menu" and dev.app.top.sel == 1:
                seen.append("menu row 2")
                break
        task.cancel()

    async def main():
        # runner.run makes the Device; keep a handle on it for the watcher
        plain = runner.Device

        def made(hw_, now):
            dev = plain(hw_, now)
            hw_.device = dev
            return dev

        runner.Device = made
        try:
            task = asyncio.create_task(runner.run(hw, world.clock.ms, world.clock.us))
            asyncio.create_task(hands())
            await watch(task)
            try:
                await task
            except asyncio.CancelledError:
                pass
        finally:
            runner.Device = plain

    asyncio.run(main())
    assert seen == ["menu row 2"]
    assert hw.watchdog.feeds > 0  # the loop fed the watchdog as it went round


def test_an_idle_loop_collects_what_the_steps_left():
    # Garbage made by the steps is collected while the loop waits with nothing to do
    # (collect_while_idle), not when an allocation in the middle of the next press
    # forces it; a heap with little garbage is left alone.
    only_micropython("CPython has no ThreadSafeFlag or sleep_ms")
    import asyncio
    import gc

    from pawpad import loader
    from pawpad.app.device import loop as runner
    from pawsim import board as simboard

    world = simboard.World(simboard.Clock(False))
    hw = simboard.build(world, fresh_dir())

    async def main():
        task = asyncio.create_task(runner.run(hw, world.clock.ms, world.clock.us))
        await asyncio.sleep_ms(100)  # booted; the loop waits for the boot screen's end
        gc.collect()
        loader.kept = gc.mem_alloc()
        before = loader.idle_collections
        for _ in range(10):
            await asyncio.sleep_ms(5)
        quiet = loader.idle_collections - before
        garbage = [bytearray(1024) for _ in range(12)]  # 12 KB the steps "left"
        del garbage
        world.menu(1, True)  # a press: the loop steps, then waits again
        await asyncio.sleep_ms(60)
        world.menu(1, False)
        await asyncio.sleep_ms(300)
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        return quiet, loader.idle_collections - before

    quiet, after = asyncio.run(main())
    asyncio.new_event_loop()
    assert quiet == 0  # nothing to collect: no collection
    assert after >= 1  # 12 KB of garbage: collected while the loop waited
