# The toy fifth game's screens (test_fifth_game.py): the board says whose toss it is;
# the seat that called it right presses their button. Written against the flow
# protocol alone (pawpad/app/shell/flow.py), as a new game's flow would be.
from pawpad.app.shell.flow import Flow
from pawpad.app.shell.scoreboard import Scoreboard
from pawpad.games.common import ranking
from support import coin_toss as rules


class CoinToss(Flow):
    id = "coin_toss"
    corrects = False

    def screen(self, game):
        return Board(game)

    def prompt(self, state):
        return rules.prompt(state)

    def scores(self, state):
        return list(state["won"])

    def winners(self, state):
        return rules.winners(state)

    def places(self, state):
        return ranking(state["won"])

    def result_lines(self, state, game):
        return ["%d %s %d" % (p, game.name(s), state["won"][s]) for p, s in self.places(state)]


class Board(Scoreboard):
    name = "coin-toss"

    def draw(self, c, app):
        c.text(FLOW.said(self.game.state, self.game), 0, 0)

    def begin(self, app, seat):
        if seat is not None:
            self.game.offer({"t": "toss", "seat": seat})


FLOW = CoinToss()
