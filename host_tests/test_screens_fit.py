# Nothing the box shows is cut off: every screen, drawn with the longest values its
# fields can take (eight players with the longest colour names, 5-digit times, every
# setting at its widest, Top Dogs' four-digit teams), and every message a toast can
# carry, must keep each text on the panel, descenders and all, apart from the others
# (a blank pixel row between rows, a glyph's width between texts side by side), and
# whole (no "~"): pawsim/fit.py. Both runtimes.
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


def every_count_screens(people=None, more=False):
    """Each game's screens at every player count it allows, with the longest colour
    names and big values: a board, its entry, the end. `people(n)`: who sits at n seats
    (None: colours only); `more`: the screens that name seats short as well (a false
    start, a tie, who pressed after, medals, the rescue, the corrections, the sheet),
    each game's at its screens' seats, as [(name, screen or its maker, game)]."""
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

    app, _ = gallery.worst_screens() if people is None else gallery.worst_screens(people)
    out = []
    for gid in games.IDS:
        for n in range(1, 9):
            setup = {"variant": "pog"} if gid == "pick_a_dog" else None
            try:
                ses = Session.new(None, gid, n, setup, gallery.LONG_COLOURS,
                                  None if people is None else people(n))
            except ValueError:
                continue  # not a count this game is played at
            game = Game(app, ses)
            st = game.state
            name = "%s %dP" % (gid, n)
            if more:
                own = Game(app, Session.new(None, gid, n, setup, gallery.LONG_COLOURS,
                                            None if people is None else people(n)))
                out += [(name + " " + k, s, own) for k, s in naming_screens(app, own, n)]
            if gid == "pick_a_dog":
                ses.offer({"t": "stop", "seat": n - 1})
                out += [(name + " exam", pad_exam.Exam(game)),
                        (name + " counts", pad_exam.Counts(game, True, values=[49] * n))]
                ses.offer({"t": "result", "right": True, "collected": [49 // n] * n})
                out += [(name + " board", pad.Ready(game)),
                        (name + " result", pad_exam.RoundResult(game, st))]
            elif gid == "top_dogs":
                # the highest team there is (cards go to 20) takes the cup: the last
                # seat's, of six letters at 3 seats
                ses.offer({"t": "teams", "cards": [[19, 19, 19]] * (n - 1) + [[20, 20, 20]]})
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
    if more:
        out = [item if len(item) == 3 else (item[0], item[1], item[1].game) for item in out]
    return app, out


def naming_screens(app, game, n):
    """The screens of `game` (of n seats, at its start: changed here) that name seats
    short where there is no room for the whole (a maker for one that reads the names
    as it opens)."""
    from pawpad.app.flows.circus_puppy import flow as cpf
    from pawpad.app.flows.pick_a_dog import countdown as pad_round
    from pawpad.app.flows.pick_a_dog import stop as pad_stop
    from pawpad.app.flows.top_dog.judge import Rescue, RoundSummary
    from pawpad.app.shell import sheet_screen
    from pawpad.app.shell.game_menu import RoundsList
    from pawpad.core.stop.lockout import RoundClock
    from pawpad.store.records import score_sheet

    out = []
    sheet = sheet_screen.ScoreSheet(game)
    sheet.sheet = score_sheet.InRam([[5 * s for s in range(n)], [6 * s + 9 for s in range(n)]])
    sheet.i = 1
    out.append(("sheet", sheet))
    gid = game.session.name
    if gid == "pick_a_dog" and n > 1:
        app.game = game
        cd = pad_round.Countdown(game, app)
        cd.false = [(seat, 0) for seat in range(n)]
        out.append(("false starts", cd))
        clock = RoundClock(1000)
        clock.press(0, 1000 + 99999000)
        for seat in range(1, n):
            clock.press(seat, 1000 + 99999000 + seat * 9999)
        for seat in range(1, n):
            clock.press(seat, 0)  # and a false start each, in the countdown
        stopped = pad_stop.Stopped(game, app, clock)
        stopped.caller, stopped.reaction, stopped.part = 0, 99999, pad_stop.Shown
        stopped.details = True
        out.append(("stopped", stopped))
        tie = pad_stop.Stopped(game, app, clock)
        tie.tied, tie.part, tie.details = list(range(n)), pad_stop.Tie, True
        out.append(("tie", tie))
    elif gid == "top_dog":
        st = game.state
        st["last_round"] = {"round": 9, "pound": 12,
                            "medals": dict((m, [i % n, "new"]) for i, m in enumerate("PAWS")),
                            "champions": [[s, "new"] for s in range(n)]}
        st["pound"] = 18
        out += [("summary", RoundSummary(game)), ("rescue", Rescue(game))]
    elif gid == "circus_puppy":
        game.state["scores"] = [159] * n  # no room beside "159/5" for six letters
        out.append(("board", cpf.CircusScoreboard(game)))
        ses = game.session
        ses.offer({"t": "perform", "action": "acrobatics"})
        ses.offer({"t": "move", "from": 1})
        out.append(("corrections", lambda: RoundsList(game)))
    return out


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


def seat_pairs(game):
    """The pairs of seats a screen could draw alike: two people; a person and a colour
    of the same first letter (Yel beside Yellow)."""
    n = game.state["players"]
    people = game.people or [None] * n
    out = []
    for i in range(n):
        for j in range(i + 1, n):
            a, b = people[i], people[j]
            if a is not None and b is not None:
                out.append((i, j))
            elif (a or b) is not None:
                one = (a or game.colours[i])[:1].lower()
                if one == (b or game.colours[j])[:1].lower():
                    out.append((i, j))
    return out


def alike(app, items):
    """Each screen that does not fit, or draws two seats alike, as lines."""
    out = []
    for name, screen, game in items:
        if callable(screen):
            out += ["%s: %s" % (name, p) for p in problems(app, [(name, screen())])]
        else:
            out += ["%s: %s" % (name, p) for p in problems(app, [(name, screen)])]
        for i, j, text in fit.told_apart(app, screen, game, seat_pairs(game)):
            out.append("%s: %s and %s drawn alike in %r" % (name, game.name(i), game.name(j),
                                                            text))
    return out


def told_apart_at_every_count(tables):
    """alike() of every game's screens at every count, each of `tables` seated (a
    table: its people at n seats, people(n))."""
    found = []
    count = 0
    for people in tables:
        app, items = every_count_screens(people, True)
        found += alike(app, items)
        count += len(items)
    return found, count


def test_anna_and_annie_are_told_apart_on_every_screen():
    # the quick round's share of the two below (make check): one pair, and Yel beside
    # Yellow's seat without a name
    found, count = told_apart_at_every_count(
        [lambda n: gallery.spread(("Anna", "Annie"), n), lambda n: gallery.BY_COLOUR[:n]])
    assert not found, "\n".join(found[:40])
    assert count > 200, count


def test_every_pair_of_names_alike_in_three_letters_is_told_apart_on_every_screen():
    # Anna and Annie, Mark and Marcus, Ann and ANNE...: each pair at every count of
    # every game, on every screen of it that names a seat, whole or short (the resume
    # offer's "Ana 5 Ani 3", the false starts', the tie's, the sheet's, the medals'...)
    pairs = gallery.pairs_alike()
    assert len(pairs) > 15, pairs
    found, count = told_apart_at_every_count(
        [(lambda n, p=p: gallery.spread(p, n)) for p in pairs])
    assert not found, "\n".join(found[:40])
    print("screens with a pair alike seated: %d" % count)


def test_harsh_tables_are_told_apart_on_every_screen():
    # many names alike at once, alike but for case, a name that is another's short
    # name, a name that is the short name of a colour seated without a name
    tables = [(lambda n, t=t: gallery.spread(t, n)) for t in gallery.HARSH]
    tables.append(lambda n: gallery.BY_COLOUR[:n])
    found, _ = told_apart_at_every_count(tables)
    for people in tables:
        app, items = gallery.worst_screens(people)
        items = [(k, s, s.game) for k, s in items if getattr(s, "game", None) is not None]
        found += alike(app, items)
    assert not found, "\n".join(found[:40])
