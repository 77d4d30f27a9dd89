# The screens every moment of the box needs: boot and the main menu. The box's own
# settings screens are in box_menus, loaded when opened.
import gc

from pawpad.app.game_start import resume_at_boot, start_game
from pawpad.app.lists import ListScreen
from pawpad.app.screen import BACK, Screen
from pawpad.app.session import Session
from pawpad.app.version import version_line
from pawpad.ticks import diff
from pawpad.ui import widgets

BOOT_MS = 1500


class Boot(Screen):
    name = "boot"
    tick_ms = 100

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
            resume_at_boot(app, app.info.get("reset") == "watchdog")
        app.show_notices()


GAMES = ("Pick-a-Dog", "Circus Puppy", "Top Dog", "Top Dogs")
GAME_IDS = ("pick_a_dog", "circus_puppy", "top_dog", "top_dogs")
BOX = (("Players", "Players"), ("Settings", "SettingsScreen"),
       ("Statistics", "Statistics"), ("History", "History"),
       ("Check hardware", "Hardware"), ("About", "About"))


class MainMenu(ListScreen):
    name = "menu"
    title = "Pawpad"

    def rows(self, app):
        return [(g, None) for g in GAMES] + [
            (label, app.settings["players"] if label == "Players" else None)
            for label, _ in BOX]

    def corner(self, app):
        return "%dP" % app.settings["players"]

    def key(self, app, k):
        if k == BACK:
            return  # the root menu: nowhere to go back to
        ListScreen.key(self, app, k)

    def choose(self, app, i):
        if i < len(GAMES):
            if GAME_IDS[i] == "pick_a_dog":
                app.nav.push(PickVariant())
            else:
                start_game(app, GAME_IDS[i])
            return
        # The box's own screens: loaded only when opened (a game never pays for them).
        gc.collect()
        box_menus = __import__("pawpad.app.box_menus", None, None, ("x",))
        app.nav.push(getattr(box_menus, BOX[i - len(GAMES)][1])())


class PickVariant(ListScreen):
    name = "pick-variant"
    title = "Pick-a-Dog"
    VARIANTS = (("Pick-a-Dog", "dog"), ("Pick-a-Pog", "pog"), ("Solo", "solo"))

    def rows(self, app):
        return [(label, "1P" if v == "solo" else "%dP" % app.settings["players"])
                for label, v in self.VARIANTS]

    def choose(self, app, i):
        v = self.VARIANTS[i][1]
        app.nav.pop()
        start_game(app, "pick_a_dog", {"variant": v}, 1 if v == "solo" else None)

