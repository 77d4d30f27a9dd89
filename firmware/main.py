# Pawpad device entry: build the board, run the app.
# On the Pico, boards/<name>/board.py is copied next to this file as board.py; the
# simulator puts its own `board` module in its place.
#
# Boot reaches the menu whatever is on flash. A power cut is never a failure, however
# early: nothing is counted at boot. What the box itself ends is: an exception out of
# the app (named with the file it came out of, pawpad.store.blame) and a watchdog
# reset, each counted in one checked record (pawpad.store.crashes). After a crash the
# next boot offers the game that was open instead of resuming it. The same failure
# FAILS times in a row sets one file aside, the one it implicates; a wider step only
# if that did not cure it; every copy is kept (Settings > Set aside puts it back).
# When nothing is left to set aside the box stops on a screen that says what failed,
# and waits: it never resets forever, and never with the REPL in use.
import asyncio

import micropython

try:
    micropython.alloc_emergency_exception_buf(100)  # tracebacks from the button interrupts
except AttributeError:
    pass  # the unix port (tests) has no such buffer to set

from pawpad.store import blame, crashes  # noqa: E402  (small: the record of failures)

SETTLED = [False]  # this boot has settled
STUCK = [None]  # the safe screen's lines, when the box stopped on one
SETTLED_MS = 5000  # (tests shorten it: no const) the menu is up after 1.5 s


def where(e):
    """Where an exception came from, for the record and the safe screen: the innermost
    frame's file and line, and the exception's kind ("app.py:120 TypeError"). Never
    raises: the message (which may hold anything) is not read."""
    import io
    import sys

    kind = type(e).__name__
    buf = io.StringIO()
    place = ""
    try:
        if hasattr(sys, "print_exception"):
            sys.print_exception(e, buf)
        else:  # CPython, in tests
            import traceback

            traceback.print_exception(type(e), e, e.__traceback__, file=buf)
        for line in buf.getvalue().split("\n")[1:]:
            if not line.startswith("  "):
                break  # the frames are over: what follows is the message
            parts = line.strip().split('"')
            if line.startswith('  File "') and len(parts) > 2:
                number = parts[-1].split(",")[1].split()[-1]
                place = blame.name_of(parts[1]) + ":" + number
    except Exception:
        pass
    return (place + " " + kind).strip()


def boot_begins(store, cause="power on"):
    """At boot, before the app: finishes what a power cut left (store.tidy), counts a
    watchdog reset as a failure, and after FAILS failures in a row sets the next file
    aside. Returns the notice lines (what was set aside)."""
    return _begin_record(store, cause)[1]


def _begin_record(store, cause):
    """boot_begins' work: (the record of failures as it now stands, or None; notices)."""
    try:
        store.tidy()  # what power cuts left of writes, a copy half put back
    except OSError:
        pass  # flash not readable: the app will say so
    store.remove("crashed")  # an older firmware's crash mark: the record says it now
    rec = crashes.read(store)
    if cause == "watchdog":
        rec = crashes.failed(store, "hang", "the box hung", None, ())  # in play: the game
    if rec is None or rec["n"] < crashes.FAILS:
        return rec, []
    return rec, crashes.set_aside_next(store, rec)


async def settle(store, ms=SETTLED_MS):
    """The app has been running a while: this boot did not fail. A record of failures
    just before it is kept for the same failure again; an older one goes."""
    await asyncio.sleep(ms / 1000)
    SETTLED[0] = True
    crashes.settled(store)


async def run(runner, hw, store):
    if store is not None:
        asyncio.create_task(settle(store, SETTLED_MS))
    await runner.run(hw)


def crashed(store, e, place):
    """An exception left the app (from `place`, as where() says): counted, with the
    file it came out of. Returns the record, or None when it could not be kept (a full
    flash, a folder in its place)."""
    return crashes.failed(store, "crash", place, blame.file_of(e), blame.seen,
                          not SETTLED[0])


def open_store(hw):
    from pawpad.store.files import Storage

    try:
        return Storage(hw.data_dir)
    except OSError:
        return None  # the app finds the flash unusable and says so


def restart(hw):
    """Starts the box again where the board can (the Pico: marked as the box's own
    restart, so it is not taken for a hang); elsewhere (the unix port, tests) nothing.
    The next boot sets a file aside if the failure repeats."""
    if hw.restart is None:
        return
    import time

    time.sleep_ms(1000)  # the traceback reaches a console first
    hw.restart()


def stay(hw, lines):
    """The safe screen: what failed, on the panel, and a wait for OK (then the box
    tries again) with no watchdog running, so the REPL and mpremote can take over."""
    import sys

    STUCK[0] = lines
    try:
        from pawpad.ui.canvas import Canvas
        from pawpad.ui.widgets import wrap

        c = Canvas(hw.display.buffer)
        c.clear()
        for i, line in enumerate(wrap(lines)[:8]):
            c.text(line, 0, 8 * i)
        hw.display.show()
    except Exception:
        pass  # no panel, or the failure is in drawing: the console has the traceback
    if sys.platform != "rp2" or hw.menu is None:
        return
    import time

    from pawpad.drivers.buttons import PRESS

    while True:
        for i, edge, _ in hw.menu.poll(time.ticks_us()):
            if i == 2 and edge == PRESS:  # OK
                restart(hw)
        time.sleep_ms(50)


def report(e):
    import sys

    if hasattr(sys, "print_exception"):
        sys.print_exception(e)
    else:  # CPython, in tests
        print("pawpad: boot failed:", repr(e))


def stop_watchdog(hw):
    if hw.stop_watchdog is not None:
        hw.stop_watchdog()


def stuck_lines(rec):
    """What the safe screen says when setting aside has nothing left to try."""
    lines = ["Pawpad stopped %d times" % rec["n"] if rec["why"] == "crash" else
             "Pawpad hung %d times" % rec["n"], rec["where"]]
    if rec["aside"]:
        lines.append("Set aside: " + ", ".join(p[0] for p in rec["aside"]))
    return lines + ["Nothing else to set aside.", "OK: try again"]


def after_crash(hw, store, e):
    """Counts the crash, then tries again (a restart) while setting aside can still
    help; else stops on the safe screen. Never restarts when it could not count."""
    report(e)
    place = where(e)
    rec = None if store is None else crashed(store, e, place)
    if rec is None:
        stay(hw, ["Pawpad stopped:", place, "(not recorded: flash)", "OK: try again"])
    elif rec["n"] >= crashes.FAILS and crashes.next_aside(store, rec) is None:
        stay(hw, stuck_lines(rec))
    else:
        restart(hw)


def begin(hw, store):
    """This boot, before the app: a watchdog reset counted, a file set aside after a
    failure that repeats (said in hw.problems), and after a crash the game offered."""
    SETTLED[0] = False
    STUCK[0] = None
    blame.forget()
    if store is None:
        return
    rec, notices = _begin_record(store, hw.reset_cause)
    hw.problems.extend(notices)
    if rec is not None and rec["fresh"] and rec["why"] == "crash":
        hw.reset_cause = "crash"  # the game that was open is offered, not resumed


def main():
    from pawpad.loader import Packed

    with Packed():  # the boot's code loaded without holes between (.mpy: make flash)
        import board

        hw = board.build()
        if hw.display is not None:  # the name on the panel before the app is read
            from pawpad.app.menus.splash import first_frame

            first_frame(hw.display)
    store = open_store(hw)
    begin(hw, store)
    try:
        # Imported here, not from inside asyncio: its chain of nested imports starts
        # from a shallow stack (host_tests/test_import_depth.py keeps it in bounds).
        with Packed():
            from pawpad.app.device import loop as runner

        asyncio.run(run(runner, hw, store))
    except KeyboardInterrupt:
        raise  # stopped on purpose (mpremote does so when it connects): no failure
    except Exception as e:
        stop_watchdog(hw)  # from here the box waits or restarts: never the watchdog's
        after_crash(hw, store, e)
        raise
    finally:
        stop_watchdog(hw)  # the REPL that follows is never reset under a copy
        asyncio.new_event_loop()


if __name__ == "__main__":
    main()
