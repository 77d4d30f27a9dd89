# A game's main screen between turns, and the keys every game screen shares: BACK
# opens the game menu, BACK held undoes the last entry.
from pawpad.ui.screen import BACK, OK, UNDO, Screen


def game_key(app, game, k):
    """BACK opens the game menu, BACK held undoes: True if `k` was one of them."""
    if k == UNDO:
        game.undo()
        return True
    if k == BACK:
        app.nav.push(game.menu())
        return True
    return False


class Scoreboard(Screen):
    """OK (or a player's button) begins the next entry; the round timer shows in the
    corner."""

    def __init__(self, game):
        self.game = game

    def begin(self, app, seat):
        """What OK (seat None) or a player's button opens."""

    def key(self, app, k):
        if not game_key(app, self.game, k) and k == OK:
            self.begin(app, None)

    def player(self, app, seat, t_us):
        self.begin(app, seat)


class GameScreen(Screen):
    """A screen the state calls for, other than the scoreboard (judging, an examination):
    BACK opens the game menu, BACK held undoes."""

    def __init__(self, game):
        self.game = game

    def key(self, app, k):
        game_key(app, self.game, k)


def corrected(screen, app, event):
    """For an entry screen opened from the rounds list (screen.fix: the index of the
    entry it corrects): fixes that entry. Returns False for a new entry, which the
    screen offers itself."""
    if screen.fix is None:
        return False
    screen.game.fix(screen.fix, event)
    return True
