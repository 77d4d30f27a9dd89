# The score sheet on the screen: a row a page, each player's points in it and their
# total. The rows are kept by store/records/score_sheet.py.
from pawpad.store.records.score_sheet import BROKEN, InRam, sheet_of, totals
from pawpad.ui import widgets
from pawpad.ui.screen import DOWN, UP, Screen

# The widest cell beside a short name ("Yel") in half the panel, a glyph's width apart
WIDEST = 6


def cells(totals, before):
    """(points in the row, total) of every seat as "+2 7"; where a cell would be too
    wide for a short name beside it in two columns ("+52 192": eight players of
    Pick-a-Pog), every cell goes without its plus ("52 192")."""
    out = ["%+d %d" % (t - b, t) for t, b in zip(totals, before)]
    if len(out) > 1 and max(len(v) for v in out) > WIDEST:
        out = ["%d %d" % (t - b, t) for t, b in zip(totals, before)]
    return out


class ScoreSheet(Screen):
    """One row of the sheet a page: each player's points in it and their total. UP/DOWN
    go to the row before or after (the last row first); OK or BACK: the game menu's
    game. Two rows are read from the kept sheet for a page, never the whole sheet."""

    name = "score-sheet"

    def __init__(self, game):
        self.game = game
        sheet = sheet_of(game)
        self.too_long = sheet is None
        self.sheet = sheet if sheet is not None else InRam()
        self.i = len(self.sheet) - 1

    def draw(self, c, app):
        unit = self.game.flow.sheet_unit
        if not len(self.sheet):
            widgets.title_bar(c, "Score sheet")
            widgets.message(c, ["Too long a game", "for the sheet."] if self.too_long
                            else ["No %s played yet." % unit.lower()])
            return
        widgets.title_bar(c, "%s %d of %d" % (unit, self.i + 1, len(self.sheet)))
        try:
            before, row = self.sheet.pair(self.i)
        except BROKEN:  # damaged on flash since it opened: the log replayed
            made = totals(self.game.session, self.game.flow)
            self.sheet = InRam(made or [])
            self.too_long = made is None
            self.i = min(self.i, len(self.sheet) - 1)
            c.clear()
            self.draw(c, app)
            return
        if before is None:
            before = [0] * len(row)
        game = self.game
        items = [(game.name(s), v) for s, v in enumerate(cells(row, before))]
        widgets.score_grid(c, items, short=game.short_name)  # short where one won't fit
        widgets.footer(c, "UP/DOWN: %s" % unit.lower(), "BACK")

    def key(self, app, k):
        n = len(self.sheet)
        if k in (UP, DOWN) and n:
            self.i = (self.i + (1 if k == DOWN else -1)) % n
            app.nav.dirty = True
        else:
            app.nav.pop()
