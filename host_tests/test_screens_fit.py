# Nothing the box shows is cut off: every screen, drawn with the longest values its
# fields can take (eight players with the longest colour names, 5-digit times, every
# setting at its widest), and every message a toast can carry, must keep each text
# on the panel, apart from the others, and whole (no "~"). Both runtimes.
from pawpad.ui.screen import Screen
from pawsim import fit, gallery

TOASTS = ("load cell 2 not answering", "History not saved (Flash full)",
          "The rules say nothing to undo", "Yellow's team next", "Best solo game yet!",
          "Settings not saved (Flash error 5)", "Corrected", "Time!")


def problems(app, items):
    out = []
    for name, screen in items:
        c = fit.FitCanvas()
        app.nav.stack = [screen]
        # the screen's own game is the app's: its seats are named as that game has them
        # (the people of the longest names, beside the longest colours)
        app.game = getattr(screen, "game", None) or app.game
        app.draw(c)
        out += ["%s: %s" % (name, p) for p in fit.check(c.boxes)]
    return out


def test_every_screen_fits_with_the_longest_values():
    app, items = gallery.worst_screens()
    assert len(items) > 40
    found = problems(app, items)
    assert not found, "\n".join(found)


def test_every_screen_of_the_gallery_fits():
    app, items = gallery.screens()
    found = problems(app, items)
    assert not found, "\n".join(found)


def test_a_chosen_row_stays_on_the_panel_at_every_position():
    # Every screen that marks a chosen row keeps marking one, on the panel, as DOWN
    # takes the choice through every row and round again (the longest values, every
    # game at its most players, the gallery's screens at theirs).
    from pawpad.ui.screen import DOWN

    seen = positions = 0
    for app, items in (gallery.worst_screens(), gallery.screens()):
        for name, screen in items:
            c = fit.FitCanvas()
            app.nav.stack = [screen]
            app.draw(c)
            if not c.cursor() or not isinstance(getattr(screen, "sel", None), int):
                continue
            seen += 1
            for _step in range(40):
                before = screen.sel
                screen.key(app, DOWN)
                if app.nav.stack != [screen] or screen.sel == before:
                    break  # DOWN does not move this one (a value changes instead)
                c = fit.FitCanvas()
                app.draw(c)
                positions += 1
                where = "%s, row %d" % (name, screen.sel)
                assert c.cursor(), where + ": no row marked on the panel"
                found = fit.check(c.boxes)
                assert not found, (where, found)
    assert seen > 20 and positions > 100, (seen, positions)
    print("chosen rows checked: %d screens, %d positions" % (seen, positions))


def every_count_screens():
    """Each game's screens at every player count it allows, with the longest colour
    names and big values: a board, its entry, the end."""
    from pawpad import games
    from pawpad.app.flows.circus_puppy import flow as cpf
    from pawpad.app.flows.circus_puppy.perform import Hold, Perform
    from pawpad.app.flows.pick_a_dog import exam as pad_exam
    from pawpad.app.flows.pick_a_dog import flow as pad
    from pawpad.app.flows.top_dog import flow as tdg
    from pawpad.app.flows.top_dog.entry import PlayEntry
    from pawpad.app.flows.top_dog.judge import RoundSummary
    from pawpad.app.flows.top_dogs import flow as tds
    from pawpad.app.shell.game import Game
    from pawpad.app.shell.results import Results
    from pawpad.app.shell.resume import ResumeOffer
    from pawpad.store.session import Session

    class Offered(ResumeOffer):
        """The offer of this game, as it would come from flash."""

        def __init__(self, session, game):
            self.session, self.messages, self.game, self.confirm = session, [], game, False

    app, _ = gallery.worst_screens()
    out = []
    for gid in games.IDS:
        for n in range(1, 9):
            setup = {"variant": "pog"} if gid == "pick_a_dog" else None
            try:
                ses = Session.new(None, gid, n, setup, gallery.LONG_COLOURS)
            except ValueError:
                continue  # not a count this game is played at
            game = Game(app, ses)
            st = game.state
            name = "%s %dP" % (gid, n)
            if gid == "pick_a_dog":
                ses.offer({"t": "stop", "seat": n - 1})
                out += [(name + " exam", pad_exam.Exam(game)),
                        (name + " counts", pad_exam.Counts(game, True, values=[49] * n))]
                ses.offer({"t": "result", "right": True, "collected": [49 // n] * n})
                out += [(name + " board", pad.Ready(game)),
                        (name + " result", pad_exam.RoundResult(game, st))]
            elif gid == "top_dogs":
                ses.offer({"t": "teams", "cards": [[20, 20, 20]] * (n - 1) + [[20, 20, 19]]})
                out += [(name + " board", tds.TopDogsScoreboard(game)),
                        (name + " entry", tds.TeamEntry(game, seat=n - 1)),
                        (name + " last cup", tds.LastCup(game))]
            elif gid == "top_dog":
                out += [(name + " board", tdg.TopDogScoreboard(game)),
                        (name + " play", PlayEntry(game, n - 1))]
                st["last_round"] = {"round": 9, "medals": {}, "pound": 12,
                                    "champions": [[s, "new"] for s in range(min(4, n))]}
                out.append((name + " summary", RoundSummary(game)))
            else:
                st["scores"] = [29] * n
                out.append((name + " board", cpf.CircusScoreboard(game)))
                ses.offer({"t": "perform", "action": "dogee show"})
                out += [(name + " perform", Perform(game)), (name + " hold", Hold(game, 0))]
            out.append((name + " results", Results(game)))
            out.append((name + " resume offer", Offered(ses, game)))
    return app, out


def test_every_games_screens_fit_at_every_player_count():
    app, items = every_count_screens()
    found = problems(app, items)
    assert not found, "\n".join(found)
    assert len(items) > 80, len(items)
    print("screens at every player count: %d" % len(items))


def test_toasts_wrap_instead_of_being_cut():
    app, _ = gallery.screens()
    for text in TOASTS:
        app.toast(text)
        c = fit.FitCanvas()
        app.nav.stack = [Screen()]
        app.draw(c)
        found = fit.check(c.boxes)
        assert not found, (text, found)
        assert " ".join(b[0] for b in c.boxes) == text


def test_a_toast_is_gone_in_a_glance():
    from pawpad.app.shell.app import TOAST_MS

    app, _ = gallery.screens()
    app.now = 1000
    app.toast("Corrected")
    app.nav.stack = [Screen()]
    app.tick(1000 + TOAST_MS - 1)
    assert app.toast_text == "Corrected"
    app.tick(1000 + TOAST_MS)
    assert app.toast_text is None and TOAST_MS <= 2000  # not seconds over a list's rows


def test_the_checker_finds_what_does_not_fit():
    c = fit.FitCanvas()
    c.text("STOP 99999 ms after GO", -2, 28)
    c.text("Tie sett~", 2, 40)
    c.text("over", 4, 40)
    found = fit.check(c.boxes)
    assert len(found) == 3 and found[0].startswith("off the panel")


def new_screens():
    """The screens of fewer presses, the score sheet and the readings, each with the
    longest values it can show: 8 players of Pick-a-Pog with 3-digit totals, six of
    Top Dog with a whole catalog of two-digit stats, Circus Puppy's readings."""
    from pawpad.app.flows.top_dog import catalog as dog_deck
    from pawpad.app.flows.top_dog import entry as td_entry
    from pawpad.app.flows.top_dog.entry import PlayEntry
    from pawpad.app.shell import sheet_screen
    from pawpad.app.shell.game import Game
    from pawpad.app.shell.game_start import GameSetup
    from pawpad.games import circus_puppy as cp
    from pawpad.store.records import score_sheet
    from pawpad.store.session import Session
    from pawpad.ui.lists import Notice

    app, _ = gallery.worst_screens()
    out = []
    ses = Session.new(None, "pick_a_dog", 8, {"variant": "pog"}, gallery.LONG_COLOURS)
    game = Game(app, ses)
    for _ in range(2):
        ses.offer({"t": "stop", "seat": 0})
        ses.offer({"t": "result", "right": True, "collected": [6] * 8})
    sheet = sheet_screen.ScoreSheet(game)
    # as wide as a cell gets: Pick-a-Pog's 192 cards, 52 in one round (49 on the table,
    # a captain, the bonus of 2); solo's 96 minus points, 32 in a round
    sheet.sheet = score_sheet.InRam([[140] * 8, [192] * 8])
    sheet.i = 1
    out.append(("score-sheet", sheet))
    solo = sheet_screen.ScoreSheet(game)
    solo.sheet = score_sheet.InRam([[-64], [-96]])
    solo.i = 1
    out.append(("score-sheet-solo", solo))
    empty = sheet_screen.ScoreSheet(Game(app, Session.new(None, "circus_puppy", 5)))
    out.append(("score-sheet-empty", empty))
    out.append(("score-sheet-turns", sheet_screen.ScoreSheet(game)))
    catalog = dog_deck.Catalog()
    catalog.dogs = [[99, 99, 99, 99]] * 18
    catalog.sel = 17
    out.append(("dog-catalog", catalog))
    end = dog_deck.Catalog()
    end.dogs = [None] * 18
    end.sel = 18
    out.append(("dog-catalog-print", end))
    edit = dog_deck.DogEdit([[30, 30, 30, 30]] * 18, 17)
    edit.field = 3
    out.append(("dog-edit", edit))
    ses = Session.new(None, "top_dog", 6, None, gallery.LONG_COLOURS)
    game = Game(app, ses)
    play = PlayEntry(game, 5)
    play.catalog = [[99, 99, 99, 99]] * 17 + [None]
    play.asks_dog = True
    play.dogs[5] = 18
    play.entries[5] = ["breed", 99, 99, 99, 99]
    play.field = td_entry.DOG
    out.append(("top-dog-play-dog", play))
    out.append(("cp-setup-readings", GameSetup(app, "circus_puppy", 5)))
    for label, text in cp.READINGS:
        out.append(("reading " + label, Notice(label, [text])))
    return app, out


def test_the_new_screens_fit_with_the_longest_values():
    app, items = new_screens()
    found = problems(app, items)
    for name, screen in items:
        if name == "cp-setup-readings":
            screen.sel = len(screen.rows(app)) - 1  # the readings, scrolled to
            found += problems(app, [(name + "-end", screen)])
    assert not found, "\n".join(found)
