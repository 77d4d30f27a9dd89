# Rules here (the game menu's first row): the step under the game menu, what the
# rulebook says of it and how the box reads it, from the rules file a screen at a
# time (store/rules_book.py), so that a table teaching a new player needs no booklet.
# Only the page on show is in RAM: a few short strings.
from pawpad import loader
from pawpad.store import rules_book
from pawpad.ui import widgets
from pawpad.ui.canvas import HEIGHT, WIDTH
from pawpad.ui.screen import BACK, DOWN, UNDO, UP, Screen

SHOWN = widgets.ROWS  # lines under the title bar


def step_key(game, screen):
    """The rules file's key of the step `screen` shows: "<game id>/<screen name>"."""
    return "%s/%s" % (game.flow.id, screen.name)


class RulesHere(Screen):
    """UP/DOWN scroll a screen at a time (the last line of one is the first of the
    next); BACK returns to the step, as it was."""

    name = "rules-here"

    def __init__(self, game, step, path):
        self.game = game
        self.step = step  # the rules file's key of the step
        self.path = path
        self.top = 0
        self.lines = None  # the page on show, read when first drawn
        try:
            self.entry = rules_book.find(path, step)
            self.why = None
        except rules_book.Unreadable as e:
            self.entry = None
            self.why = e.args[0]

    def _page(self):
        if self.lines is None and self.entry is not None:
            try:
                self.lines = rules_book.page(self.path, self.entry, self.top, SHOWN)
            except rules_book.Unreadable as e:
                self.entry, self.why = None, e.args[0]
        return self.lines

    def draw(self, c, app):
        lines = self._page()
        if self.entry is None:
            widgets.title_bar(c, "Rules here")
            widgets.message(c, widgets.wrap([self.why]) + ["", "BACK: the game"])
            return
        n = self.entry.lines
        pages = self.pages()
        widgets.title_bar(c, self.entry.title, "%d/%d" % (self.at() + 1, pages)
                          if pages > 1 else "")
        for i, line in enumerate(lines):
            c.text(line, 2, widgets.LIST_Y + i * widgets.ROW_H)
        if n > SHOWN:  # where the page is in the entry, on the right edge
            span = HEIGHT - widgets.LIST_Y
            h = max(4, span * SHOWN // n)
            y = widgets.LIST_Y + (span - h) * min(self.top, n - SHOWN) // (n - SHOWN)
            c.vline(WIDTH - 1, y, h, 1)

    def pages(self):
        n = self.entry.lines
        return 1 if n <= SHOWN else 1 + (n - 2) // (SHOWN - 1)

    def at(self):
        return self.top // (SHOWN - 1)

    def key(self, app, k):
        if k in (BACK, UNDO):
            app.nav.pop()  # the step under the game menu, untouched
            if loader.IN_RAM:  # the .mpy install: this code out of the game's heap
                loader.forget("pawpad.app.shell.rules_here")
                loader.forget("pawpad.store.rules_book")
            return
        if self.entry is None or k not in (UP, DOWN):
            return
        last = (self.pages() - 1) * (SHOWN - 1)
        top = self.top + (SHOWN - 1) * (1 if k == DOWN else -1)
        top = max(0, min(last, top))
        if top != self.top:
            self.top = top
            self.lines = None
            app.nav.dirty = True
