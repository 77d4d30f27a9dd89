# The boot screen: the name and the version for a moment, then the main menu (and the
# saved game offered again, when there is one). A saved game is read while it shows,
# a slice of the reading each loop cycle (store/resume.py, Resuming): a long log's
# reading says how far it has come, and the box's loop, its watchdog and its buttons
# go on meanwhile. So is the history's index when it must be made again
# (store/records/history_index.py: missing, torn, another history's): a history of any
# length is read here, once, with its bar, and never while a game or History waits.
# Any key or player button ends the wait for the name at once (the menu, or the offer
# as soon as the game and the index are read), and does nothing more.
from micropython import const

from pawpad import loader
from pawpad.app.menus import splash
from pawpad.store.records.history_index import Rebuild, needs_rebuild
from pawpad.store.session import Session
from pawpad.ticks import diff
from pawpad.ui.screen import Screen

BOOT_MS = const(1500)
SLICE = const(8)  # steps of the reading a loop cycle: a record or an event each (on a
#                   Pico about a millisecond to a few tens)
FRAME_MS = const(100)  # the figure drawn again at most this often (or each 10 %)
BAR_W = const(102)  # the bar; the figure on its right
BAR_Y = const(50)


class Boot(Screen):
    name = "boot"
    tick_ms = 100
    holds_notices = True  # what goes wrong now is said once the boot is over
    # Any press goes straight on (a table that pressed a key never waits for the name):
    # a menu key as it goes down, eaten whole, and any player button fitted.
    ends_on_press = True
    keypad = True

    def __init__(self, now_ms):
        self.since = now_ms
        self.begun = False  # the saved game looked for
        self.reading = None  # ... and being read (Resuming), when there is one
        self.game = None  # what that reading found, once over
        self.indexed = False  # the history's index looked at
        self.over = False  # a key or a press: the name has been seen
        self.shown = 0  # the per cent drawn, and when
        self.shown_at = now_ms

    def draw(self, c, app):
        r = self.reading
        if r is None:
            splash.draw(c)  # the frame main.py put up first: nothing more to send
            return
        splash.name(c)
        c.text_center("Checking each record" if r.careful else
                      getattr(r, "label", "Reading the game"), 36)
        c.rect(0, BAR_Y, BAR_W, 8)
        c.fill_rect(2, BAR_Y + 2, (BAR_W - 4) * self.shown // 100, 4)
        c.text_right("%d%%" % self.shown, 127, BAR_Y)

    def key(self, app, k):
        self.over = True  # the menu once the reading is over

    def player(self, app, seat, t_us):
        self.over = True

    def tick(self, app, now_ms):
        if not self.begun:
            self.begun = True
            if Session.saved(app.store):
                from pawpad.store.resume import Resuming  # only with a game saved

                self.reading = Resuming(app.store)
                self.tick_ms = 1  # a slice each loop cycle
                app.nav.dirty = True
        r = self.reading
        if r is not None and r.result is None:
            if not r.advance(SLICE):
                # The index's rebuild collected as it goes (once 8 KB have piled up):
                # else what the box keeps from these seconds (the loop's, the menu's
                # objects) lands high among its garbage, and a 300-game history's index
                # left the heap's largest free block at 23 KB of 127 (114 KB so; the
                # rebuild 1.2 s longer on a Pico). A saved game's reading, timed against
                # the resume offer's budget, is left as it was.
                if isinstance(r, Rebuild):
                    loader.collect_while_idle()
                self._progress(app, now_ms, r.permille // 10)
                return
            self.tick_ms = 100
            self.shown = 100  # read: so it says while the name stays up
            app.nav.dirty = True
        if r is not None and self.game is None and not isinstance(r, Rebuild):
            self.game = r  # the game read: what resume_at_boot takes
        if not self.indexed:
            self.indexed = True
            if app.store is not None and needs_rebuild(app.store):
                self.reading = Rebuild(app.store)
                self.shown = 0
                self.tick_ms = 1
                app.nav.dirty = True
                return
        if self.over or diff(now_ms, self.since) >= BOOT_MS:
            self._done(app)

    def _progress(self, app, now_ms, pct):
        if pct != self.shown and (pct >= self.shown + 10 or pct < self.shown or
                                  diff(now_ms, self.shown_at) >= FRAME_MS):
            self.shown = pct
            self.shown_at = now_ms
            app.nav.dirty = True

    def _done(self, app):
        app.nav.home()
        if self.game is not None:
            from pawpad.app.shell.resume import resume_at_boot  # only with a game saved

            # after a hang, or the computer's tools (make report...) stopping it: the
            # game goes on as it was, unasked
            resume_at_boot(app, app.info.get("reset") in ("watchdog", "restart"),
                           self.game.result)
            self.game = None
        self.reading = None
        app.show_notices()
