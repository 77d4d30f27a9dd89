# The app shell: a stack of screens fed with keys, player presses and stage events.
# It knows no hardware and reads no clock: the device glue (app/device.py) hands it
# the time with every call and gives it `out`, through which it sounds the buzzer,
# lights the players' buttons and saves settings.
import sys

from pawpad import VERSION
from pawpad.core.colours import RGB
from pawpad.ticks import add, diff

UP = "up"
DOWN = "down"
OK = "ok"
BACK = "back"
UNDO = "undo"  # BACK held down

# Sounds, as (hz, ms) notes.
CLICK = ((2400, 8),)
PRESS = ((1760, 60),)
BOOT = ((988, 70), (0, 30), (1319, 140))
ERROR = ((330, 150), (0, 60), (330, 300))
DONE = ((1047, 80), (1319, 80), (1568, 160))
TOAST_MS = 2500


class Screen:
    """One screen: draws itself and answers input. Return values from key handlers
    are ignored; screens change the stack through the app."""

    name = "screen"

    def draw(self, c, app):
        pass

    # True while flash must not be written: a STOP armed, the load cells being read.
    busy = False

    def key(self, app, k):
        if k in (BACK, UNDO):
            app.pop()

    def player(self, app, seat, t_us):
        pass

    def stage(self, app, event):
        pass

    def tick(self, app, now_ms):
        pass


class App:
    def __init__(self, out, settings, notices=(), info=None, now_ms=0, store=None):
        self.out = out
        self.settings = settings
        self.info = info or {}
        self.store = store  # the flash, or None when it cannot be used
        self.session = None  # the game in progress
        from pawpad.app import stats

        self.setups = stats.load(store, stats.SETUPS)  # house rules: {game: {...}}
        self.stats = stats.load(store)  # per player, across games
        self.stack = []
        self.dirty = True
        self.now = now_ms
        self.now_us = 0  # the microsecond clock at this step (press times are on it)
        self.notices = list(notices)
        self.toast_text = None
        self.toast_until = 0
        from pawpad.app.menus import Boot

        self.push(Boot(now_ms))
        out.sound(BOOT)
        self.show_player_colours()

    # --- the stack ---
    def push(self, screen):
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.dirty = True

    def replace(self, screen):
        self.stack[-1] = screen
        self.dirty = True

    @property
    def top(self):
        return self.stack[-1]

    # --- input ---
    def key(self, k, now_ms):
        self.now = now_ms
        self.out.sound(CLICK)
        self.top.key(self, k)
        self.dirty = True

    def player(self, seat, t_us, now_ms):
        self.now = now_ms
        if seat < self.settings["players"]:
            self.top.player(self, seat, t_us)
            self.dirty = True

    def stage(self, event, now_ms):
        self.now = now_ms
        self.top.stage(self, event)
        self.dirty = True

    def tick(self, now_ms):
        self.now = now_ms
        self.top.tick(self, now_ms)
        if self.toast_text is not None and diff(now_ms, self.toast_until) >= 0:
            self.toast_text = None
            self.dirty = True

    def busy(self):
        return self.top.busy

    def draw(self, c):
        c.clear()
        self.top.draw(c, self)
        if self.toast_text is not None:
            from pawpad.ui.widgets import toast

            toast(c, self.toast_text)
        self.dirty = False

    def toast(self, text):
        """A short message over the bottom of the screen, gone after a moment."""
        self.toast_text = text
        self.toast_until = add(self.now, TOAST_MS)
        self.dirty = True

    def next_tick(self):
        """ms until a screen or a toast needs the clock again, or None."""
        tick = getattr(self.top, "tick_ms", None)
        if self.toast_text is not None:
            left = max(1, diff(self.toast_until, self.now))
            tick = left if tick is None else min(tick, left)
        return tick

    # --- services for screens ---
    def colour(self, seat):
        return self.settings["colours"][seat]

    def show_player_colours(self):
        for seat in range(8):
            on = seat < self.settings["players"] and self.settings["lights"]
            self.out.light(seat, RGB[self.colour(seat)] if on else (0, 0, 0))

    def notify(self, line):
        """Something went wrong while running: say so on a notice screen."""
        from pawpad.app.menus import Boot, Notice

        top = self.top
        if isinstance(top, Boot):
            self.notices.append(line)  # shown with the others when the boot ends
            return
        if isinstance(top, Notice):
            top.lines.append(line)
        else:
            self.push(Notice("Problem", [line]))
        self.out.sound(ERROR)
        self.dirty = True

    def save_stats(self):
        from pawpad.app import stats

        problem = stats.save(self.store, self.stats)
        if problem:
            self.toast(problem)

    def save_setups(self):
        from pawpad.app import stats

        problem = stats.save(self.store, self.setups, stats.SETUPS)
        if problem:
            self.toast(problem)

    def save_settings(self):
        problem = self.out.save_settings(self.settings)
        if problem:
            self.notices.append(problem)

    def screen_name(self):
        return self.top.name


def version_line():
    return "Pawpad " + VERSION


def runtime_name():
    impl = sys.implementation.name
    if impl == "micropython":
        return "MicroPython %d.%d.%d" % sys.implementation.version[:3]
    return impl
