# The game menu (BACK on a game's screen) and what it opens: the rules of the step
# under it, undo, redo, the rounds list to correct an earlier round, the score sheet,
# the countdown timer, ending the game early.
from pawpad import loader
from pawpad.app.shell.results import finish_game
from pawpad.app.shell.sheet_screen import ScoreSheet
from pawpad.core.timers import Timer, clock_text
from pawpad.store.records.game_timer import MOST_MS
from pawpad.ui import widgets
from pawpad.ui.lists import ListScreen
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen

RULES_BOOK = "pawpad.store.rules_book"
RULES_HERE = "pawpad.app.shell.rules_here"


class GameMenu(ListScreen):
    name = "game-menu"

    def __init__(self, game):
        ListScreen.__init__(self)
        self.game = game
        self.title = game.title
        self.items = ["Rules here", "Back to game", "Undo", "Redo"]
        # The menu opens on "Back to game", as it always did (BACK, OK: back again; the
        # rows below it as many DOWNs away): the step's rules are one UP above it.
        self.sel = 1
        if game.flow.corrects:
            self.items.append(correct_label(game))
        self.extras = game.flow.menu_extras(game)
        self.items += [label for label, _ in self.extras]
        self.items += ["Score sheet", "Timer", "End game"]

    def rows(self, app):
        return [(item, None) for item in self.items]

    def corner(self, app):
        return "" if self.game.session.saving else "not saved"

    def choose(self, app, i):
        item = self.items[i]
        game = self.game
        if item == "Rules here":
            self.open_rules(app)
        elif item == "Back to game":
            app.nav.pop()
        elif item == "Undo":
            game.undo()
        elif item == "Redo":
            game.redo()
        elif item == correct_label(game):
            app.nav.replace(RoundsList(game))
        elif item == "Score sheet":
            app.nav.replace(ScoreSheet(game))
        elif item == "Timer":
            app.nav.replace(TimerScreen(game))
        elif item == "End game":
            app.nav.replace(EndGame(game))
        else:
            for label, make in self.extras:
                if label == item:
                    app.nav.replace(make(game))


    def open_rules(self, app):
        """The rules of the step under the menu (the screen BACK opened it from): in
        the menu's place, so that BACK there returns to the step as it was."""
        rules = loader.load(RULES_BOOK, RULES_HERE)  # its code leaves RAM with it
        stack = app.nav.stack
        under = stack[-2] if len(stack) > 1 and stack[-1] is self else stack[-1]
        app.nav.replace(rules.RulesHere(self.game, rules.step_key(self.game, under),
                                        app.box.rules_file))


def correct_label(game):
    """"Correct a round" ("a turn" in Circus Puppy)."""
    return "Correct a " + game.flow.sheet_unit.lower()


class RoundsList(Screen):
    """The rounds so far (the flow's round_rows); OK corrects the chosen one without
    losing those after it (the flow's edit_round). The rows are read once: a game
    that changes under the list (a correction made) closes it, and Circus Puppy's
    replays the game to find its turns (far too slow for every step on the Pico)."""

    name = "rounds"
    KEEP = 60  # the newest rounds listed: a long game's list stays a list of 60

    def __init__(self, game):
        self.game = game
        self.rounds = []
        for row in game.flow.round_rows(game):
            self.rounds.append(row)
            if len(self.rounds) > self.KEEP:
                self.rounds.pop(0)
        self.sel = max(0, len(self.rounds) - 1)
        self.top = 0

    def draw(self, c, app):
        widgets.title_bar(c, correct_label(self.game))
        rows = [(label, value) for label, value, _ in self.rounds]
        if not rows:
            widgets.message(c, ["No %ss yet." % self.game.flow.sheet_unit.lower()])
            return
        self.top = widgets.scroll_top(self.sel, self.top, len(rows))
        widgets.list_rows(c, rows, self.sel, self.top)

    def key(self, app, k):
        game = self.game
        rounds = self.rounds
        n = len(rounds)
        if k in (UP, DOWN) and n:
            self.sel = (self.sel + (1 if k == DOWN else -1)) % n
        elif k == OK and n:
            index = rounds[self.sel][2]
            screen = game.flow.edit_round(game, index, game.session.events()[index])
            if screen is not None:
                app.nav.push(screen)
        elif k in (BACK, UNDO):
            app.nav.pop()


class EndGame(Screen):
    name = "end-game"

    def __init__(self, game):
        self.game = game

    def draw(self, c, app):
        widgets.title_bar(c, "End game?")
        widgets.message(c, ["The game goes to the", "history as it stands.", "",
                            "OK: end it", "BACK: keep playing"])

    def key(self, app, k):
        if k == OK:
            finish_game(app, self.game, {"abandoned": True})
        else:
            app.nav.pop()


class TimerScreen(Screen):
    """A countdown in large digits: UP/DOWN set it (stopped), OK starts and pauses,
    BACK leaves it running in the corner of the game's screen. It keeps running, and
    rings, on every screen of the game."""

    name = "timer"
    tick_ms = 200

    def __init__(self, game):
        self.game = game
        game.new_timer()
        self.length_s = game.app.settings["timer_s"]  # as the settings file has it

    def draw(self, c, app):
        t = self.game.timer
        widgets.title_bar(c, "Timer", "running" if t.running else "stopped")
        widgets.big_center(c, clock_text(t.remaining(app.now)), 20, 4)
        widgets.footer(c, "OK start/pause", "UP/DN")

    def key(self, app, k):
        game = self.game
        t = game.timer
        if k == OK:
            if t.running:
                t.pause(app.now)
            elif t.remaining(app.now) > 0:
                t.start(app.now)
            else:
                t.reset()
        elif k in (UP, DOWN) and not t.running:
            step = 15000 if k == UP else -15000
            game.timer = Timer(max(15000, min(MOST_MS, t.duration + step)))
            app.settings["timer_s"] = game.timer.duration // 1000
        elif k == UNDO:
            t.reset()
        elif k == BACK:
            if not t.running and t.remaining(app.now) == t.duration:
                game.timer = None  # never started: no timer in the corner
            if app.settings["timer_s"] != self.length_s:  # the length chosen, for next time
                app.save_settings()
            app.nav.pop()
        else:
            return
        game.keep_timer()  # a power cut brings it back as it is now

    def tick(self, app, now_ms):
        app.nav.dirty = True
