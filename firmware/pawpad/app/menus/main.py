# The main menu: the registry's rows (pawpad/app/registry.py), the games then the box's
# own screens, each in a module of this folder loaded only when opened (a game never
# pays for them), as the opening of a game is (app/shell/game_start.py).
from pawpad.app import registry
from pawpad.ui.lists import ListScreen
from pawpad.ui.screen import BACK


class MainMenu(ListScreen):
    name = "menu"
    title = "Pawpad"
    steps_in_place = True

    _made = (None, None)  # (the players count, the rows made for it)

    def rows(self, app):
        # made again only when the players count changed: a step that scrolls or
        # wraps takes its rows from here, and making them cost 0.4 ms on the Pico
        players = app.settings["players"]
        if self._made[0] != players:
            self._made = (players, [(label, players if label == "Players" else None)
                                    for label in registry.labels()])
        return self._made[1]

    def row_count(self, app):
        return len(registry.GAMES) + len(registry.BOX)  # a step makes no rows (a menu step's time)

    def corner(self, app):
        return "%dP" % app.settings["players"]

    def key(self, app, k):
        if k == BACK:
            return  # the root menu: nowhere to go back to
        ListScreen.key(self, app, k)

    def choose(self, app, i):
        if i < len(registry.GAMES):
            from pawpad.app.shell.game_start import start_game  # loaded at the first game

            game = registry.GAMES[i]
            game_id = game.id
            if game.variants:
                app.nav.push(PickVariant(game_id))
            else:
                start_game(app, game_id)
            return
        app.nav.push(registry.screen(registry.BOX[i - len(registry.GAMES)]))


class PickVariant(ListScreen):
    """A game's variants (Pick-a-Dog, Pick-a-Pog, Solo): the one chosen starts."""

    name = "pick-variant"

    def __init__(self, game_id):
        ListScreen.__init__(self)
        self.game_id = game_id
        self.title = registry.title(game_id)
        self.variants = registry.game(game_id).variants

    def rows(self, app):
        return [(label, "1P" if v == "solo" else "%dP" % app.settings["players"])
                for v, label in self.variants]

    def choose(self, app, i):
        from pawpad.app.shell.game_start import start_game

        v = self.variants[i][0]
        app.nav.pop()
        start_game(app, self.game_id, {"variant": v}, 1 if v == "solo" else None)
