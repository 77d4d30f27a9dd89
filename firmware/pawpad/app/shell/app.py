# The app: input in, screens out. It knows no hardware and reads no clock: the device
# (app/device) hands it the time with every call and gives it `box` (shell/box.py),
# through which it sounds the buzzer, lights the players' buttons and saves settings.
# The navigator (nav.py) owns the screens; the game in progress (game.py) its state.
from micropython import const

from pawpad.app.shell.nav import Navigator
from pawpad.core.colours import RGB
from pawpad.store.catalogues import roster
from pawpad.store.records import stats
from pawpad.store.session import Repaired
from pawpad.ticks import add, diff
from pawpad.ui.lists import Notice
from pawpad.ui.screen import BOOT, CLICK, ERROR
from pawpad.ui.widgets import toast

# What a screen may raise when an event in force is not what the game can take.
DOUBTS = (KeyError, TypeError, ValueError, IndexError)

TOAST_MS = const(1500)  # a word over the screen: read at a glance, gone before it hides
# The player buttons are a keypad only where the values fit them: on a box with at
# least this many (Top Dog's stats 0-5 a press each, Top Dogs' cards 1-6 and more). A
# box built for fewer seats keys each player's own button, as before the keypad: its
# few buttons are the seats, and 2 to 5 keys would leave most values on UP/DOWN.
KEYPAD_KEYS = const(6)


class App:
    def __init__(self, box, settings, home, first, notices=(), info=None, now_ms=0,
                 store=None):
        """`box`: the device's side (shell.box.Box); `home` makes the main menu, `first`
        is the screen shown first (the boot screen): the kernel names no screen."""
        self.box = box
        self.settings = settings
        self.info = info or {}
        self.store = store  # the flash, or None when it cannot be used
        self.session = None  # the game in progress
        self.game = None  # ... as its screens see it
        self.notices = list(notices)
        self.setups = stats.load(store, stats.SETUPS, self.notices)  # {game: {...}}
        self.stats = stats.load(store, stats.STATS, self.notices)  # per player
        self.roster = roster.load(store, self.notices)  # the people, and who sat where
        self.now = now_ms
        self.now_us = 0  # the microsecond clock at this step (press times are on it)
        self.repeat = False  # the key being handled repeats a held UP/DOWN
        self.toast_text = None
        self._drawn = (None, None)  # (screen, canvas): whose whole frame a canvas holds
        self.toast_until = 0
        self.nav = Navigator(home, first)
        box.sound(BOOT)
        self.show_player_colours()

    @property
    def top(self):
        return self.nav.top

    @property
    def dirty(self):
        return self.nav.dirty

    @dirty.setter
    def dirty(self, value):
        self.nav.dirty = value

    # --- input ---
    def key(self, k, now_ms, repeat=False):
        """A menu key; `repeat`: UP or DOWN again because it is held (a screen where
        a value's next step means something else, below 0, stops there instead)."""
        self.now = now_ms
        self.repeat = repeat
        self.box.sound(CLICK)
        try:
            self.nav.top.key(self, k)
        except Repaired as e:
            self.repaired(e)
        except DOUBTS as e:
            self.doubt(e)
        self.nav.dirty = True

    def keypad_keys(self):
        """The player buttons that key values (button k: the value k, or k - 1 from 0):
        every one fitted while the Keypad setting is on and they fit the values
        (KEYPAD_KEYS); else 0, and a player's button is their own."""
        n = self.box.player_keys
        return n if self.settings["keypad"] and n >= KEYPAD_KEYS else 0

    def keypad_hint(self, name, text):
        """`text` while the keypad's hint `name` (a setting) is still to be shown and the
        keypad is on, else None: the entry draws it as it is, nothing made per frame."""
        return text if self.keypad_keys() and self.settings[name] else None

    def keypad_used(self, name):
        """A value was keyed with a player button: the hint `name` has done its job, and
        is kept off (settings.json) from now on."""
        if self.settings[name]:
            self.settings[name] = False
            self.save_settings()

    def player(self, seat, t_us, now_ms):
        self.now = now_ms
        if seat < self.settings["players"] or (self.nav.top.keypad and seat < self.box.player_keys):
            try:
                self.nav.top.player(self, seat, t_us)
            except Repaired as e:
                self.repaired(e)
            except DOUBTS as e:
                self.doubt(e)
            self.nav.dirty = True

    def stage(self, event, now_ms):
        self.now = now_ms
        try:
            self.nav.top.stage(self, event)
        except Repaired as e:
            self.repaired(e)
        except DOUBTS as e:
            self.doubt(e)
        self.nav.dirty = True

    def tick(self, now_ms):
        self.now = now_ms
        try:
            self.nav.top.tick(self, now_ms)
            if self.game is not None:
                self.game.tick(now_ms)
        except Repaired as e:
            self.repaired(e)
        except DOUBTS as e:
            self.doubt(e)
        if self.toast_text is not None and diff(now_ms, self.toast_until) >= 0:
            self.toast_text = None
            self.nav.dirty = True

    def busy(self):
        return self.nav.top.busy

    def live(self):
        """Must a press act at once (a live round), so the screen may not dim?"""
        return self.nav.top.live or self.nav.top.busy

    def draw(self, c):
        top = self.nav.top
        patched = top.patched
        if patched is not None:
            top.patched = None
            drawn, on = self._drawn
            if drawn is top and on is c and self.toast_text is None:
                top.patch(c, patched)  # the frame as it stands, changed where it must
                self.nav.dirty = False
                return
        for _ in range(2):  # again after a repair: the screen the state calls for
            c.clear()
            try:
                self.nav.top.draw(c, self)
                break
            except Repaired as e:
                self.repaired(e)
            except DOUBTS as e:
                self.doubt(e)
        if self.toast_text is not None:
            toast(c, self.toast_text)
            self._drawn = (None, None)  # a toast over it: the next frame is whole
        else:
            self._drawn = (self.nav.top, c)  # the screen whose whole frame this canvas holds
        self.nav.dirty = False

    def toast(self, text):
        """A short message over the bottom of the screen, gone after a moment."""
        self.toast_text = text
        self.toast_until = add(self.now, TOAST_MS)
        self.nav.dirty = True

    def next_tick(self):
        """ms until a screen, a timer or a toast needs the clock again, or None."""
        tick = self.nav.top.tick_ms
        if self.game is not None:
            t = self.game.tick_ms()
            if t is not None:
                tick = t if tick is None else min(tick, t)
        if self.toast_text is not None:
            left = max(1, diff(self.toast_until, self.now))
            tick = left if tick is None else min(tick, left)
        return tick

    # --- the game ---
    def doubt(self, e):
        """A screen raised what the game's events may have caused (an event in force
        of a shape the game cannot take, read back from a log damaged in a way no
        checksum shows): the log is tried against the game, record by record. When it
        is at fault, it is repaired as for Repaired; when it is sound, the fault is the
        firmware's and the exception goes on (main.py counts it)."""
        s = self.session or getattr(self.nav.top, "session", None)
        if s is None or s.store is None:
            raise e
        try:
            s.repair(True)
        except Repaired as r:
            self.repaired(r)
            return
        raise e

    def repaired(self, e, again=True):
        """The saved game was read again whole (session.Repaired): the box shows the
        screen its state calls for, or the main menu when it could not go on, and says
        what was set aside. Every reading of flash ends here, never outside the app."""
        s = e.session
        if e.lost or not again:
            if s is self.session:
                self.close_game()
            else:
                self.nav.home()  # the resume offer of a game that is gone
        elif s is self.session and self.game is not None:
            try:
                self.game.show()
            except Repaired as e2:  # damaged again as it was read again: give up
                e2.messages = e.messages + e2.messages
                self.repaired(e2, False)
                return
        for line in e.messages:
            self.notify(line)

    def close_game(self):
        """The game is over and settled: back to the main menu."""
        self.session = None
        self.game = None
        self.nav.home()
        self.show_player_colours()
        self.show_notices()

    # --- services for screens ---
    def seat_name(self, seat):
        """What the screens call a seat: in a game, who plays there (a person, or the
        colour); else the seat's colour."""
        if self.game is not None:
            return self.game.name(seat)
        return self.settings["colours"][seat]

    def seat_short(self, seat):
        """seat_name where a screen has no room for the whole: in a game, the short name
        no one else at the table has; else the colour's first three letters."""
        if self.game is not None:
            return self.game.short_name(seat)
        return self.settings["colours"][seat][:3]

    def seat_colour(self, seat):
        """The seat's colour, whoever sits there: its button's light."""
        if self.game is not None:
            return self.game.colour(seat)
        return self.settings["colours"][seat]

    def save_roster(self):
        problem = roster.save(self.store, self.roster)
        if problem:
            self.toast(problem)
        return problem

    def show_player_colours(self):
        for seat in range(8):
            on = seat < self.settings["players"] and self.settings["lights"]
            self.box.light(seat, RGB[self.seat_colour(seat)] if on else (0, 0, 0))

    def show_notices(self):
        """Whatever went wrong while the screen could not say it, on a notice."""
        if self.notices:
            self.nav.push(Notice("Notice", self.notices))
            self.notices = []

    def notify(self, line):
        """Something went wrong while running: say so on a notice screen."""
        top = self.nav.top
        if top.holds_notices:
            self.notices.append(line)  # shown with the others when the boot ends
            return
        if isinstance(top, Notice):
            top.lines.append(line)
        else:
            self.nav.push(Notice("Problem", [line]))
        self.box.sound(ERROR)
        self.nav.dirty = True

    def save_stats(self):
        problem = stats.save(self.store, self.stats)
        if problem:
            self.toast(problem)
        return problem

    def save_setups(self):
        problem = stats.save(self.store, self.setups, stats.SETUPS)
        if problem:
            self.toast(problem)

    def save_settings(self):
        problem = self.box.save_settings(self.settings)
        if problem:
            self.notices.append(problem)

    def reread(self, name, said):
        """A file the app holds in RAM was put back on flash (Settings > Set aside):
        read again now, as at boot; what is wrong with it goes into `said`."""
        if name == "settings.json":
            values, messages = self.store.load_settings()
            self.settings.clear()
            self.settings.update(values)
            said.extend(messages)
            self.box.apply_settings(self.settings)
        elif name == stats.SETUPS:
            self.setups = stats.load(self.store, stats.SETUPS, said)
        elif name == stats.STATS:
            self.stats = stats.load(self.store, stats.STATS, said)
        elif name == roster.ROSTER:
            self.roster = roster.load(self.store, said)
        self.show_player_colours()

    def screen_name(self):
        return self.nav.top.name
