# A live Pick-a-Dog round allocates nothing, on the MicroPython unix port under
# heap_lock: the app's own asyncio loop (loop.run) waits through the round, a player's
# button is pressed, and the STOP is decided and its caller's name sent to the panel,
# all with the heap locked; any allocation raises MemoryError inside the loop and the
# test names it (caught in the loop's cycle itself, so no ordering of the tasks hides
# it). The lock ends when the name's frame is on the panel: the details drawn after
# it (the reaction time, who pressed after) are text made as they are drawn. A round
# that allocates nothing cannot have a collection land in it (the countdown collects
# before GO). The fake bus and panel model are the harness:
# the rp2 port's I2C writes allocate nothing, so the heap is unlocked inside them, as
# it is for the fake pins a press goes through. Real time, bounded: every wait gives
# up after seconds, and nothing asserted depends on how long a turn took.
import gc

from support.device import fresh_dir
from support.skipping import only_micropython

LIMIT_MS = 15000  # the whole test, at the most (a countdown is 3 s)


class Harness:
    """Unlocks the heap around what stands in for hardware, while the test holds it."""

    def __init__(self):
        self.locked = False
        self.over = False  # the name is out: the heap stays unlocked from then on

    def lock(self):
        import micropython

        if self.over:
            return
        micropython.heap_lock()
        self.locked = True

    def release(self):
        """The end of what must allocate nothing."""
        self.unlock()
        self.over = True

    def unlock(self):
        import micropython

        if self.locked:
            self.locked = False
            micropython.heap_unlock()

    def outside(self, fn):
        """fn() with the heap unlocked (the harness's own work), locked again after."""
        was = self.locked
        self.unlock()
        try:
            return fn()
        finally:
            if was:
                self.lock()


class Bus:
    """The fake I2C bus, its work done outside the lock (the rp2 port's writes are C
    that allocates nothing); the driver's own calls to it are inside."""

    def __init__(self, i2c, harness):
        self.i2c = i2c
        self.h = harness

    def writeto(self, addr, buf, stop=True):
        was = self.h.locked
        self.h.unlock()
        try:
            return self.i2c.writeto(addr, buf, stop)
        finally:
            if was:
                self.h.lock()

    def writevto(self, addr, vector, stop=True):
        was = self.h.locked
        self.h.unlock()
        try:
            return self.i2c.writevto(addr, vector, stop)
        finally:
            if was:
                self.h.lock()

    def __getattr__(self, name):
        return getattr(self.i2c, name)


def _round(seat, settings='{"players": 4}', think_ms=400):
    import asyncio
    import time

    from pawpad.app.device import loop as runner
    from pawsim import board as simboard

    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write(settings)
    world = simboard.World(simboard.Clock(False))
    hw = simboard.build(world, data)
    h = Harness()
    disp = hw.display
    disp.i2c = Bus(disp.i2c, h)
    seen = {"failed": None, "screens": [], "named": None}
    plain = runner.Device
    send = disp.send_prepared  # bound here: the hook below makes nothing

    def sent(prep):
        n = send(prep)
        if n >= 0 and seen["named"] is None:
            seen["named"] = h.locked  # the caller's name is on the panel
            h.release()
        return n

    disp.send_prepared = sent

    class Probed(plain):
        def cycle(self, now_ms, now_us):
            try:
                return plain.cycle(self, now_ms, now_us)
            except MemoryError as e:  # recorded in the turn, whatever runs next
                seen["failed"] = e
                raise

    def made(hw_, now):
        dev = Probed(hw_, now)
        hw_.device = dev
        return dev

    def top():
        dev = getattr(hw, "device", None)
        return None if dev is None else dev.app.top

    async def press(kind, i):
        getattr(world, kind)(i, True)
        await asyncio.sleep_ms(60)
        getattr(world, kind)(i, False)
        await asyncio.sleep_ms(60)

    async def table(task):
        t0 = time.ticks_ms()

        def late():
            return time.ticks_diff(time.ticks_ms(), t0) > LIMIT_MS

        # Through the menus to the countdown: OK on the boot screen, Pick-a-Dog, its
        # variant, the ready screen (heap unlocked: menus may allocate).
        while not late() and (top() is None or top().name != "pad-countdown"):
            await press("menu", 2)
            await asyncio.sleep_ms(100)
        while not late() and top().name != "pad-live":
            await asyncio.sleep_ms(1)
        def slap():
            world.player(seat, True)

        footer = bytes(world.panel.ram[896:1024])  # the clock's page, at GO
        h.lock()  # GO: from here the heap is locked
        waited = time.ticks_ms()
        while not late() and time.ticks_diff(time.ticks_ms(), waited) < think_ms:
            await asyncio.sleep_ms(1)  # the table thinks: the loop waits, locked
        h.unlock()
        seen["clock moved"] = bytes(world.panel.ram[896:1024]) != footer
        h.lock()
        h.outside(slap)  # the press, through the fake pins
        stop = top()
        while not late() and getattr(stop, "caller", None) is None and not task.done():
            await asyncio.sleep_ms(1)
            stop = top()
        h.unlock()
        seen["screens"].append(stop.name)
        seen["caller"] = getattr(stop, "caller", None)
        seen["details"] = getattr(stop, "details", None)
        world.player(seat, False)
        task.cancel()

    async def guarded():
        try:
            await runner.run(hw, world.clock.ms, world.clock.us)
        except MemoryError as e:
            h.unlock()
            seen["failed"] = e

    async def main():
        runner.Device = made
        try:
            task = asyncio.create_task(guarded())
            await table(task)
            try:
                await task
            except asyncio.CancelledError:
                pass
        finally:
            h.unlock()
            runner.Device = plain

    gc.collect()
    asyncio.run(main())
    asyncio.new_event_loop()
    return seen


def test_a_live_round_and_its_stop_allocate_nothing():
    only_micropython("heap_lock is the unix port's proof; CPython has nothing to lock")
    for seat in (0, 3):
        seen = _round(seat)
        assert seen["failed"] is None, "the live round allocated: %r" % seen["failed"]
        assert seen["screens"] == ["pad-stopped"], seen
        assert seen["caller"] == seat, seen  # the STOP was decided, under the lock
        assert seen["details"], seen  # its name went out from the frame made before GO
        assert seen["named"] is True, seen  # ... with the heap locked until then
        assert not seen["clock moved"], seen  # no clock: nothing on the panel moved


def test_a_live_rounds_clock_counts_down_and_allocates_nothing():
    only_micropython("heap_lock is the unix port's proof; CPython has nothing to lock")
    # a round limit: its clock in the footer counts down, a second at a time, sent as
    # a patch of its page, with the heap locked; the STOP's frames made before GO
    # still go out (they leave the clock's page as it is)
    seen = _round(2, '{"players": 4, "round_limit_s": 30}', 2300)
    assert seen["failed"] is None, "the live round allocated: %r" % seen["failed"]
    assert seen["clock moved"], seen
    assert seen["caller"] == 2 and seen["details"] and seen["named"] is True, seen
