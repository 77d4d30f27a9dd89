# The asyncio side of the device: one task waits for button interrupts (or the next
# deadline) and runs the device's cycles; another polls the stage sensors. No busy
# loop: when nothing is happening the loop sleeps until an interrupt sets the flag.
import asyncio
import time

from micropython import const

from pawpad import loader
from pawpad.app.device.device import Device
from pawpad.store.log.readback import Patience
from pawpad.ticks import PERIOD, diff


def ticks_ms():
    return time.ticks_ms() & (PERIOD - 1)


def ticks_us():
    return time.ticks_us() & (PERIOD - 1)


_IDLE_MS = const(100)  # a wait this long: nobody is waiting for the screen


def start_watchdog(hw):
    """The board's watchdog, started once the box has reached its first screen (a REPL
    session never gets there, so mpremote is not raced); main.py stops it whenever the
    app ends. A long reading of the log feeds it as it goes (store.log.readback.Patience)."""
    if hw.watchdog is None and hw.start_watchdog is not None:
        hw.watchdog = hw.start_watchdog()
        Patience.feed = hw.watchdog.feed


async def input_loop(dev, flag, clock_ms, clock_us, hw=None):
    wait = dev.cycle(clock_ms(), clock_us())
    if hw is not None:
        start_watchdog(hw)
    while True:
        if hw is not None and hw.watchdog is not None:
            hw.watchdog.feed()  # the loop came round: nothing is hung
        if flag is None:
            await asyncio.sleep_ms(max(1, min(wait, 20)))
        elif dev.app.busy():
            # Press times are being taken (the countdown, the live round, the STOP's
            # decision): a millisecond's sleep at a time until a button has news or
            # the wait is over. Waiting on the flag makes a coroutine and an entry in
            # the poller each cycle; asyncio's sleep makes nothing, and neither does
            # this loop, so no collection can land in a STOP.
            t0 = clock_ms()
            while not dev.news() and diff(clock_ms(), t0) < wait:
                await asyncio.sleep_ms(1)
        else:
            if wait >= _IDLE_MS:
                loader.collect_while_idle()
            try:
                await asyncio.wait_for_ms(flag.wait(), max(1, wait))
            except asyncio.TimeoutError:
                pass
        wait = dev.cycle(clock_ms(), clock_us())


async def sensor_loop(dev, clock_ms):
    while True:
        await asyncio.sleep_ms(dev.poll_sensors(clock_ms()))


async def run(hw, clock_ms=ticks_ms, clock_us=ticks_us):
    """Runs the device until cancelled."""
    dev = Device(hw, clock_ms())
    tasks = [asyncio.create_task(input_loop(dev, hw.flag, clock_ms, clock_us, hw))]
    if hw.tilt is not None or any(s is not None for s in hw.scales):
        tasks.append(asyncio.create_task(sensor_loop(dev, clock_ms)))
    await asyncio.gather(*tasks)
