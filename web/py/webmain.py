# The page's entry: runs firmware/main.py, as the Pico does, on MicroPython's
# WebAssembly port, with the board of webboard.py; and the calls the page makes into
# the box (hands on the buttons, dogs on the stages, which screen is up).
#
# The WebAssembly port's asyncio runs its tasks from the browser's event loop
# (setTimeout): nothing may block the page, so there is no asyncio.run() to wait in,
# and no asyncio.ThreadSafeFlag. Three small shims, on the web side only:
# - asyncio.run(coro) schedules the coroutine and returns (the page then runs it);
# - asyncio.new_event_loop(), which main.py calls on its way out (a clean loop for the
#   REPL on the Pico), keeps the running loop: a new one would drop the box's tasks;
# - ThreadSafeFlag is an Event that clears once waited for: the "interrupt" here is a
#   page event, which runs between two of the loop's turns, never inside one.
import asyncio
import sys

import webboard

from pawpad.core.colours import RGB
from pawpad.store.catalogues import roster

_PLAYERS = 8
_MENU = ("up", "down", "ok", "back")


class ThreadSafeFlag:
    def __init__(self):
        self._event = asyncio.Event()

    def set(self):
        self._event.set()

    def clear(self):
        self._event.clear()

    async def wait(self):
        await self._event.wait()
        self._event.clear()


def _run(coro):
    return asyncio.create_task(coro)


def _same_loop():
    return asyncio.get_event_loop()


def shim_asyncio():
    if not hasattr(asyncio, "ThreadSafeFlag"):
        asyncio.ThreadSafeFlag = ThreadSafeFlag
    if not hasattr(asyncio, "run"):
        asyncio.run = _run
        asyncio.new_event_loop = _same_loop


DEVICE = []  # the running Device, once main.py has made it (for status())


def _seen_device():
    """The runner's Device, which also leaves itself where the page can ask it."""
    from pawpad.app.device import loop as runner

    base = runner.Device

    class SeenDevice(base):
        def __init__(self, hw, now_ms):
            super().__init__(hw, now_ms)
            DEVICE[:] = [self]

    runner.Device = SeenDevice


def start():
    """Boots the box: main.py's main(), which schedules the app and returns."""
    shim_asyncio()
    sys.modules["board"] = webboard
    _seen_device()
    import main

    main.main()


# --- the page's hands ---
def player(seat, down):
    if 0 <= seat < _PLAYERS:
        webboard.WORLD.player(seat, down)


def menu(key, down):
    webboard.WORLD.menu(_MENU.index(key), down)


def dogs(stage, n):
    """Puts n dogs on stage 0 (low) or 1 (high); n < 0 takes them off."""
    s = webboard.WORLD.stages[stage]
    s.dogs = max(0, s.dogs + n)
    return s.dogs


def tilt(tipped):
    webboard.WORLD.tip(tipped)


def status():
    """What the page shows beside the panel, as one string:
    "screen|players|colour:rrggbb,...|dogs on each stage,...|tilt (0 or 1)|who sits at
    each seat,..." (a name, or nothing for a seat that plays by its colour; a name
    holds neither "," nor "|": roster.CHARS)."""
    w = webboard.WORLD
    screen, players, colours, people = "-", 0, "", ""
    if DEVICE:
        dev = DEVICE[0]
        screen = dev.app.screen_name()
        players = dev.settings["players"]
        colours = ",".join("%s:%02x%02x%02x" % ((c,) + RGB[c])
                           for c in dev.settings["colours"])
        people = ",".join(dev.app.roster.person(s) or "" for s in range(_PLAYERS))
    return "%s|%d|%s|%s|%d|%s" % (screen, players, colours,
                                   ",".join(str(s.dogs) for s in w.stages),
                                   1 if w.tipped() else 0, people)


# --- the names of the people who play, typed in the page (players.json, as the box's
# own letter picker and `make roster` write it) ---
def names():
    """The roster's names, one a line ("" when there are none or the box is not up)."""
    return "\n".join(DEVICE[0].app.roster.names) if DEVICE else ""


def add_name(name):
    """A name typed in the page onto the box's roster, checked as the box checks the
    names its letter picker makes: "" once it is on the box's flash, else why not."""
    if not DEVICE:
        return "The box is not running"
    app = DEVICE[0].app
    why = app.roster.add(name)
    if why:
        return "%s (%s)" % (why, roster.rule()) if why.startswith("Not a name") else why
    app.dirty = True  # a screen listing the names shows it now
    return app.save_roster() or ""


def remove_name(name):
    """A name taken off the roster (and off its seat), as the box's Names screen does:
    "" once that is on the box's flash, else why not."""
    if not DEVICE:
        return "The box is not running"
    app = DEVICE[0].app
    if name not in app.roster.names:
        return "%s is not on the box" % name
    app.roster.remove(name)
    app.dirty = True
    return app.save_roster() or ""


def said():
    """What the box says in words, one line each (for the browser test and the curious):
    the title and lines of a notice on top (a problem, say), or the rows of a list (a
    row's first words), and a toast over the screen."""
    if not DEVICE:
        return ""
    app = DEVICE[0].app
    top = app.top
    words = []
    title = getattr(top, "title", None)
    lines = getattr(top, "lines", None)
    if isinstance(title, str) and isinstance(lines, list):
        words.append(title)
        words.extend(str(line) for line in lines)
    elif callable(getattr(top, "rows", None)):
        words.extend(str(row[0]) for row in top.rows(app))
    if app.toast_text is not None:
        words.append(str(app.toast_text))
    return "\n".join(words)
