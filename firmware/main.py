# Pawpad device entry: build the board, run the app.
# On the Pico, boards/<name>/board.py is copied next to this file as board.py; the
# simulator puts its own `board` module in its place.
#
# Boot reaches the menu whatever is on flash. Each boot is counted in a tiny file
# before the app starts, and the count is cleared once the app has run SETTLED_MS (the
# boot screen, the main menu and any resumed game are up by then). An exception that
# leaves the app later counts too, and marks the crash (CRASH): the next boot offers
# the game that was open instead of resuming it, even after a watchdog reset, and
# keeps the count until a boot that follows no crash settles. A count of FAILS at boot
# means the last FAILS boots failed: after a crash with a game open its log is moved
# aside, else every data file (kept, never deleted), and the box says what it set
# aside.
import asyncio

import micropython
from micropython import const

try:
    micropython.alloc_emergency_exception_buf(100)  # tracebacks from the button interrupts
except AttributeError:
    pass  # the unix port (tests import this file) has no such buffer to set

BOOTS = "boots"  # boots begun and not yet settled, and crashes since the last settled
CRASH = "crashed"  # the app stopped on an exception: "game" (one was open) or "box"
GAME = "game.log"
DATA = ("settings.json", "setups.json", "stats.json", "history.log", GAME)
FAILS = const(2)
SETTLED = [False]  # this boot has settled
ASIDE = [()]  # the data files this boot set aside
SETTLED_MS = 5000  # (tests shorten it: no const) the menu is up after 1.5 s


def unsettled(store):
    """How many boots in a row never settled (0 when the file is missing or junk)."""
    try:
        n = int(store.read_text(BOOTS, 8))
    except (OSError, ValueError):
        return 0
    return n if n > 0 else 0


def crash_kind(store):
    """What the last crash left open ("game", "box"), or None when it did not crash."""
    try:
        kind = store.read_text(CRASH, 8)
    except (OSError, ValueError):
        return None
    return "game" if kind == "game" else "box"


def crashed(store):
    """The app stopped on an exception: counted as a failed boot (a boot that had not
    settled yet is counted already), and marked so that the next boot offers the game
    that was open. Returns the count now."""
    n = unsettled(store)
    try:
        if SETTLED[0]:
            n += 1
            store.write_text(BOOTS, str(n))
        # A game open in a box that ran well before it: the game is what crashes it.
        store.write_text(CRASH, "game" if SETTLED[0] and store.exists(GAME) else "box")
    except OSError:
        pass
    return n


def set_aside(store, names=DATA):
    """Moves the data files `names` aside; returns the notice lines saying where."""
    lines = ["Pawpad failed to start", "twice. Set aside:"]
    if names == (GAME,):
        lines = ["The saved game stopped", "Pawpad twice. Set aside:"]
    for name in names:
        if store.exists(name):
            try:
                lines.append("%s as %s" % (name, store.keep_aside(name)))
            except OSError as e:
                lines.append("%s: not moved (%s)" % (name, e))
    if len(lines) == 2:
        lines[1] = "twice (no data files)."
    else:
        lines.append("Defaults in use.")
    return lines


def boot_begins(store):
    """Counts this boot; returns (boots in a row not settled before this one, notice
    lines). After FAILS of them the data files are set aside."""
    try:
        store.tidy()  # what power cuts left of writes, and old set-aside copies
    except OSError:
        pass  # flash not readable: the app will say so
    n = unsettled(store)
    notices = []
    ASIDE[0] = ()
    if n >= FAILS:
        # A game that crashes the box is set aside first, the rest only if it goes on.
        game = crash_kind(store) == "game" and store.exists(GAME)
        ASIDE[0] = (GAME,) if game else DATA
        notices = set_aside(store, ASIDE[0])
        store.remove(CRASH)
    try:
        # Counted afresh after a set-aside: this boot is the first with defaults.
        store.write_text(BOOTS, "1" if notices else str(n + 1))
    except OSError:
        pass  # flash not writable: the app will say so
    return n, notices


async def settle(store, ms=SETTLED_MS, before=0):
    """The app has been running a while: this boot did not fail. After a crash the
    count goes back to the crashes so far (`before`), so that the same crash again
    sets the game aside, and the next boot that settles clears it."""
    await asyncio.sleep(ms / 1000)
    SETTLED[0] = True
    if store.exists(CRASH):
        store.remove(CRASH)
        try:
            store.write_text(BOOTS, str(before))
        except OSError:
            pass
    else:
        store.remove(BOOTS)


async def run(runner, hw, store, before=0):
    if store is not None:
        asyncio.create_task(settle(store, SETTLED_MS, before))
    await runner.run(hw)


def open_store(hw):
    from pawpad.store.files import Storage

    try:
        return Storage(hw.data_dir)
    except OSError:
        return None  # the app finds the flash unusable and says so


def restart():
    """Resets the chip on the Pico (a failed boot tries again, and after FAILS starts
    with defaults); elsewhere (the unix port, tests) nothing."""
    import sys

    if sys.platform != "rp2":
        return
    import time

    import machine

    time.sleep_ms(1000)  # the traceback reaches a console first
    machine.reset()


def report(e):
    import sys

    if hasattr(sys, "print_exception"):
        sys.print_exception(e)
    else:  # CPython, in tests
        print("pawpad: boot failed:", repr(e))


def main():
    from pawpad import Packed

    with Packed():  # the boot's code loaded without holes between (.mpy: make flash)
        import board

        hw = board.build()
    store = open_store(hw)
    SETTLED[0] = False
    before = 0
    if store is not None:
        if crash_kind(store) is not None:
            hw.reset_cause = "crash"  # the game that was open is offered, not resumed
        before, notices = boot_begins(store)
        hw.problems.extend(notices)  # the device shows its hardware's problems at boot
    try:
        # Imported here, not from inside asyncio: its chain of nested imports starts
        # from a shallow stack (host_tests/test_import_depth.py keeps it in bounds).
        with Packed():
            from pawpad.app.device import loop as runner

        asyncio.run(run(runner, hw, store, before))
    except KeyboardInterrupt:
        # Stopped on purpose (mpremote does so when it connects): not a failed boot,
        # and no watchdog left running to reset the REPL in the middle of a copy.
        if hw.stop_watchdog is not None:
            hw.stop_watchdog()
        if store is not None:
            store.remove(BOOTS)
        raise
    except Exception as e:
        # A failed boot, or a crash later: counted. Try again, unless the data files
        # were set aside already and it still fails (then it is not the data: stay at
        # the REPL).
        if store is not None and crashed(store) and ASIDE[0] != DATA:
            report(e)
            restart()
        raise
    finally:
        asyncio.new_event_loop()


if __name__ == "__main__":
    main()
