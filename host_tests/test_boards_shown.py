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


def test_top_dogs_round_summary_with_four_champions_keeps_the_pound():
    from pawpad.app.flows.top_dog.judge import RoundSummary

    app, _ = gallery.screens()
    game = Game(app, Session.new(None, "top_dog", 6, None, LONG_COLOURS))
    game.state["last_round"] = {"round": 3, "medals": {"P": [0, "new"], "A": [1, "new"],
                                                       "W": [2, "prev"], "S": [3, "new"]},
                                "champions": [[0, "new"], [1, "new"], [2, "prev"], [3, "new"]],
                                "pound": 3}
    c = fit.FitCanvas()
    app.nav.stack = [RoundSummary(game)]
    app.draw(c)
    assert not fit.check(c.boxes), fit.check(c.boxes)
    shown = [b[0] for b in c.boxes]
    assert any(t.startswith("Pound: +3, now") for t in shown), shown
    text = " ".join(shown)
    assert "Champions:" in text and all(app.seat_name(s)[:3] in text for s in range(4)), shown
