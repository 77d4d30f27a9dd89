# The main menu: the games (pawpad.games lists them), then the box's own screens, each
# in a module of this folder loaded only when opened (a game never pays for them), as
# the opening of a game is (app/shell/game_start.py).
import gc
import sys

from pawpad import games
from pawpad.ui.lists import ListScreen
from pawpad.ui.screen import BACK

# (label, module, screen class): the box's own screens, after the games.
BOX = (("Players", "players", "Players"), ("Settings", "settings", "SettingsScreen"),
       ("Statistics", "statistics", "Statistics"), ("History", "history", "History"),
       ("Check hardware", "hardware", "HardwareCheck"), ("About", "about", "About"))


class MainMenu(ListScreen):
    name = "menu"
    title = "Pawpad"
    steps_in_place = True

    def rows(self, app):
        return [(g[1], None) for g in games.GAMES] + [
            (label, app.settings["players"] if label == "Players" else None)
            for label, _, _ in BOX]

    def row_count(self, app):
        return len(games.GAMES) + len(BOX)  # a step makes no rows (a menu step's time)

    def corner(self, app):
        return "%dP" % app.settings["players"]

    def key(self, app, k):
        if k == BACK:
            return  # the root menu: nowhere to go back to
        ListScreen.key(self, app, k)

    def choose(self, app, i):
        if i < len(games.GAMES):
            from pawpad.app.shell.game_start import start_game  # loaded at the first game

            game_id = games.GAMES[i][0]
            if games.GAMES[i][4]:
                app.nav.push(PickVariant(game_id))
            else:
                start_game(app, game_id)
            return
        _, module, screen = BOX[i - len(games.GAMES)]
        gc.collect()
        name = "pawpad.app.menus." + module
        __import__(name)
        app.nav.push(getattr(sys.modules[name], screen)())


class PickVariant(ListScreen):
    """A game's variants (Pick-a-Dog, Pick-a-Pog, Solo): the one chosen starts."""

    name = "pick-variant"

    def __init__(self, game_id):
        ListScreen.__init__(self)
        self.game_id = game_id
        self.title = games.title(game_id)
        self.variants = games.entry(game_id)[4]

    def rows(self, app):
        return [(label, "1P" if v == "solo" else "%dP" % app.settings["players"])
                for v, label in self.variants]

    def choose(self, app, i):
        from pawpad.app.shell.game_start import start_game

        v = self.variants[i][0]
        app.nav.pop()
        start_game(app, self.game_id, {"variant": v}, 1 if v == "solo" else None)
