# The screens the fit check found wanting at the longest values their games allow
# (issue 36): a Top Dogs cup winner of six letters with a four-digit team, Pick-a-Dog's
# board at eight, Top Dog's medals and a prompt folded mid-phrase, two-digit cards, a
# late fall keyed between turns, Circus Puppy's pts/cards. And the checker itself: rows
# that touch, texts too close beside, glyphs the panel's edge cuts. Both runtimes.
from pawpad.app.shell.game import Game
from pawpad.store.session import Session
from pawpad.ui.screen import OK, UP
from pawsim import fit, gallery
from pawsim.gallery import LONG_COLOURS


def drawn(app, screen):
    """The texts `screen` draws, after the fit check found nothing wrong with them."""
    c = fit.FitCanvas()
    app.nav.stack = [screen]
    app.game = getattr(screen, "game", None) or app.game
    app.draw(c)
    found = fit.check(c.boxes)
    assert not found, found
    return c.boxes


def test_the_checker_finds_rows_that_touch_and_texts_too_close():
    c = fit.FitCanvas()
    c.text("Orange +9ms", 0, 48)  # the g's descender on row 55...
    c.text("Locked out", 0, 56)  # ...over a capital's top on row 56
    assert [p for p in fit.check(c.boxes) if p.startswith("rows touch")], fit.check(c.boxes)
    c = fit.FitCanvas()
    c.text("Orange +9ms", 0, 47)
    c.text("Locked out", 0, 56)
    assert not fit.check(c.boxes)
    c = fit.FitCanvas()
    c.text("Yellow", 2, 11)
    c.text("29/5", 38, 11)  # a column from the name: "Yellow29/5"
    assert fit.check(c.boxes) == ["too close beside (1 px apart): 'Yellow' and '29/5'"]
    c = fit.FitCanvas()
    c.text("10", 8, 16, 1, 3)
    c.text("10", 48, 16, 1, 3)  # 7 px apart at three times the size: "1010"
    assert fit.check(c.boxes)
    c = fit.FitCanvas()
    c.text("high", 2, 57)  # its descender would be row 64
    assert fit.check(c.boxes) == ["glyphs clipped by the panel's edge: 'high'"]
    c = fit.FitCanvas()
    for i, ch in enumerate("1:05"):  # a clock drawn a glyph at a time is one text
        c.text(ch, i * 6, 56)
    assert not fit.check(c.boxes)


def test_top_dogs_board_shows_a_six_letter_winner_and_a_four_digit_team_whole():
    from pawpad.app.flows.top_dogs.flow import LastCup, TopDogsScoreboard

    app, _ = gallery.screens()
    for worth in (1, 10):
        ses = Session.new(None, "top_dogs", 5, {"cup_points": worth}, LONG_COLOURS)
        game = Game(app, ses)
        ses.offer({"t": "teams", "cards": [[10, 10, 10]] + [[20, 20, 19]] * 4})  # 1000 alone
        for screen in (TopDogsScoreboard(game), LastCup(game)):
            shown = [b[0] for b in drawn(app, screen)]
            who = "Cup: Yellow" if worth == 1 else "+10 Yellow"
            assert who in shown and "team 1000" in shown, shown


def test_pick_a_dog_board_keeps_a_blank_row_between_the_scores_and_the_pile():
    from pawpad.app.flows.pick_a_dog.flow import Ready

    app, _ = gallery.screens()
    for n in (7, 8):
        ses = Session.new(None, "pick_a_dog", n, {"variant": "pog"}, LONG_COLOURS,
                          gallery.long_people(n))
        boxes = drawn(app, Ready(Game(app, ses)))
        pile = [b for b in boxes if b[0].startswith("pile ")][0]
        fourth = max(b[2] for b in boxes if b[2] < pile[2])  # the grid's fourth row
        assert fit.ink("W.W-'y", 0, fourth)[3] + 1 < pile[2], (fourth, pile)


def test_top_dog_summary_keeps_each_medal_with_its_winner():
    from pawpad.app.flows.top_dog.judge import RoundSummary
    from pawpad.games.top_dog import MEDALS

    app, _ = gallery.screens()
    for n in (4, 6):
        game = Game(app, Session.new(None, "top_dog", n, None, LONG_COLOURS))
        won = dict((m, [n - 1 - i, "new"]) for i, m in enumerate(MEDALS))
        game.state["last_round"] = {"round": 3, "medals": won, "pound": 2,
                                    "champions": [[s, "new"] for s in range(n)]}
        shown = [b[0] for b in drawn(app, RoundSummary(game))]
        for m in MEDALS:
            pair = "%s %s" % (m, app.seat_short(won[m][0]))
            assert any((" " + pair + " ") in (" " + t + " ") for t in shown), (pair, shown)
        assert not any(t.split(" ")[-1] in MEDALS for t in shown), shown


def test_top_dogs_team_of_two_digit_cards_keeps_its_gaps():
    from pawpad.app.flows.top_dogs.flow import TeamEntry

    app, _ = gallery.screens()
    game = Game(app, Session.new(None, "top_dogs", 3, None, LONG_COLOURS))
    for team in ([10, 10, 10], [20, 20, 20], [1, 10, 20]):
        boxes = drawn(app, TeamEntry(game, cards=[team] * 3))
        values = [b for b in boxes if b[4] > 7]  # the large digits
        assert [b[0] for b in values] == [str(v) for v in team], boxes
    big = [b for b in drawn(app, TeamEntry(game, cards=[[5, 6, 7]] * 3)) if b[4] > 7]
    assert [b[4] for b in big] == [21] * 3, big  # one-digit values keep the largest size


def test_a_prompt_folds_at_a_phrase_boundary():
    from pawpad.app.shell.resume import ResumeOffer
    from pawpad.ui import widgets

    assert widgets.wrap(["Rescue 4 from the Pound"]) == ["Rescue 4", "from the Pound"]
    assert widgets.wrap(["The rules say nothing to undo"]) == ["The rules say nothing",
                                                               "to undo"]
    assert widgets.wrap(["History not saved (Flash full)"]) == ["History not saved",
                                                                "(Flash full)"]

    class Offered(ResumeOffer):
        def __init__(self, session, game):
            self.session, self.messages, self.game, self.confirm = session, [], game, False

    app, _ = gallery.screens()
    ses = Session.new(None, "top_dog", 3, None, LONG_COLOURS)
    ses.state["phase"], ses.state["rescue"] = "rescue", [0, 1, 2, 0]
    shown = [b[0] for b in drawn(app, Offered(ses, Game(app, ses)))]
    assert "Rescue 4" in shown and "from the Pound" in shown, shown


def late_fall_game(app):
    """Circus Puppy for three: Yellow's turn puts a stage card on the low stage and a
    dog on it, and is over (Orange's turn to come)."""
    ses = Session.new(None, "circus_puppy", 3, None, LONG_COLOURS)
    for e in ({"t": "perform", "from": "deck", "action": "new stage"},
              {"t": "new_stage", "card": "+2 supply", "stage": 0},
              {"t": "stack", "stage": 0}, {"t": "done", "t_ms": 0}, {"t": "settled"}):
        assert ses.offer(e) is None, e
    return Game(app, ses)


def test_a_late_fall_keyed_from_the_game_menu_is_listed_under_its_turn_with_its_card():
    from pawpad.app.flows.circus_puppy.steps import fallen
    from pawpad.app.shell.game_menu import RoundsList

    app, _ = gallery.screens()
    game = late_fall_game(app)
    app.game = game
    assert game.state["phase"] == "turn" and game.state["active"] == 1
    fall = fallen(game)  # the game menu's "Dogs fell"
    app.nav.stack = [fall]
    for k in (UP, OK, OK, UP, OK, OK):  # the low stage, 1 dog, and the card under it
        fall.key(app, k)
    assert game.session.events()[-1]["cards"] == 1, game.session.events()[-1]
    rows = list(game.flow.round_rows(game))
    assert rows[-1][:2] == ("T1 Yel", "fell 1+card"), rows  # Yellow's turn's, not Orange's
    assert rows[-2][:2] == ("T1 Yel", "on low"), rows
    listing = RoundsList(game)
    listing.rounds.append(("T99 Pur", "fell 12+cards", 0))  # as wide as a row gets
    listing.sel = len(listing.rounds) - 1
    shown = [b[0] for b in drawn(app, listing)]
    assert "fell 1+card" in shown and "fell 12+cards" in shown, shown


def test_circus_board_gives_pts_cards_its_own_place_in_the_grid():
    from pawpad.app.flows.circus_puppy.flow import CircusScoreboard

    app, _ = gallery.screens()
    for n in (2, 3, 4, 5):
        game = Game(app, Session.new(None, "circus_puppy", n, None, LONG_COLOURS))
        boxes = drawn(app, CircusScoreboard(game))
        legend = [b for b in boxes if b[0] == "pts/cards"][0]
        supply = [b for b in boxes if b[0].startswith("supply ")][0]
        assert legend[2] != supply[2], (legend, supply)
        deck = [b for b in boxes if b[0].startswith("deck ")][0]
        values = [b for b in boxes if "/" in b[0] and b[0] != "pts/cards"]
        # in a cell of the grid of its own, over the deck's line, under the values
        half = legend[1] // 64
        assert legend[2] < deck[2], boxes
        assert not [b for b in boxes if b is not legend and b[2] == legend[2]
                    and b[1] // 64 == half], boxes
        assert any(v[1] + v[3] == legend[1] + legend[3] for v in values), boxes
