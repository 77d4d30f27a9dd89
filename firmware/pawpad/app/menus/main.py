# The main menu: the games (pawpad.games lists them), then the box's own screens, each
# in a module of this folder loaded only when opened (a game never pays for them), as
# the opening of a game is (app/shell/game_start.py).
from pawpad import games, loader
from pawpad.ui.lists import ListScreen
from pawpad.ui.screen import BACK


class BoxRow:
    """A row of the box's own screens, after the games: its label, the module of this
    folder that holds it, the screen's class there."""

    def __init__(self, label, module, cls):
        self.label = label
        self.module = module
        self.cls = cls


BOX = (BoxRow("Players", "players", "Players"), BoxRow("Settings", "settings", "SettingsScreen"),
       BoxRow("Statistics", "statistics", "Statistics"), BoxRow("History", "history", "History"),
       BoxRow("Check hardware", "hardware", "HardwareCheck"),
       BoxRow("About", "about", "About"))


def labels():
    """The main menu's rows' labels, in order: the games', then the box's screens'
    (key scripts, benchmarks and tests find a row by its label here)."""
    return [g.title for g in games.GAMES] + [s.label for s in BOX]


class MainMenu(ListScreen):
    name = "menu"
    title = "Pawpad"
    steps_in_place = True

    def rows(self, app):
        return [(label, app.settings["players"] if label == "Players" else None)
                for label in labels()]

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

            game_id = games.GAMES[i].id
            if games.GAMES[i].variants:
                app.nav.push(PickVariant(game_id))
            else:
                start_game(app, game_id)
            return
        s = BOX[i - len(games.GAMES)]
        app.nav.push(getattr(loader.load("pawpad.app.menus." + s.module), s.cls)())


class PickVariant(ListScreen):
    """A game's variants (Pick-a-Dog, Pick-a-Pog, Solo): the one chosen starts."""

    name = "pick-variant"

    def __init__(self, game_id):
        ListScreen.__init__(self)
        self.game_id = game_id
        self.title = games.title(game_id)
        self.variants = games.entry(game_id).variants

    def rows(self, app):
        return [(label, "1P" if v == "solo" else "%dP" % app.settings["players"])
                for v, label in self.variants]

    def choose(self, app, i):
        from pawpad.app.shell.game_start import start_game

        v = self.variants[i][0]
        app.nav.pop()
        start_game(app, self.game_id, {"variant": v}, 1 if v == "solo" else None)
