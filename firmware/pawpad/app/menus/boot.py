# The boot screen: the name and the version for a moment, then the main menu (and the
# saved game offered again, when there is one).
from micropython import const

from pawpad.app.menus.version import version_line
from pawpad.store.session import Session
from pawpad.ticks import diff
from pawpad.ui import widgets
from pawpad.ui.screen import Screen

BOOT_MS = const(1500)


class Boot(Screen):
    name = "boot"
    tick_ms = 100
    holds_notices = True  # what goes wrong now is said once the boot is over

    def __init__(self, now_ms):
        self.since = now_ms

    def draw(self, c, app):
        widgets.big_center(c, "PAWPAD", 8, 3)
        c.text_center("dog card referee", 34)
        c.text_center("v" + version_line().split(" ")[1], 48)

    def key(self, app, k):
        self._done(app)

    def player(self, app, seat, t_us):
        self._done(app)

    def tick(self, app, now_ms):
        if diff(now_ms, self.since) >= BOOT_MS:
            self._done(app)

    def _done(self, app):
        app.nav.home()
        if Session.saved(app.store):
            from pawpad.app.shell.resume import resume_at_boot  # only with a game saved

            # after a hang, or the computer's tools (make report...) stopping it: the
            # game goes on as it was, unasked
            resume_at_boot(app, app.info.get("reset") in ("watchdog", "restart"))
        app.show_notices()
