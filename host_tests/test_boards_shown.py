# The boards say what decides the game for every seat: Circus Puppy's points and
# cards left (a point off for each at the end) for everyone, not only the player
# whose turn it is. Both runtimes.
from pawpad.app.flows.circus_puppy.flow import CircusScoreboard
from pawpad.app.shell.game import Game
from pawpad.store.session import Session
from pawsim import fit, gallery
from pawsim.gallery import LONG_COLOURS


def test_circus_puppy_board_shows_every_seats_cards_left():
    for players in (2, 5):
        app, _ = gallery.screens()
        game = Game(app, Session.new(None, "circus_puppy", players, None, LONG_COLOURS))
        st = game.state
        st["scores"] = [28 - s for s in range(players)]
        st["decks"][players - 1] = 0
        c = fit.FitCanvas()
        app.nav.stack = [CircusScoreboard(game)]
        app.draw(c)
        assert not fit.check(c.boxes), fit.check(c.boxes)
        shown = [b[0] for b in c.boxes]
        deck = 12 if players == 2 else 6
        for s in range(players):
            want = "%d/%d" % (28 - s, 0 if s == players - 1 else deck)
            assert want in shown, (players, want, shown)
        assert "pts/cards" in shown
