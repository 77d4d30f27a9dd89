# The running score sheet of the game in progress: for each round (each turn in Circus
# Puppy) what every player scored in it and their total after it, as a table keeps on
# paper. Drawn from the log: the game replayed from the start, a row closed each time
# the flow's sheet_mark of the state changes. Opened from the game menu; at the end of
# a game the history keeps the sheet's totals (history()), thinned to fit its line.
import json

from pawpad.games.common import replay
from pawpad.ui import widgets
from pawpad.ui.screen import DOWN, UP, Screen

# Events replayed for a sheet at most. The replay reads the whole log and costs up to
# about 9 ms an event on the Pico (Top Dog, 6 players): a longer game has no sheet
# rather than a screen frozen for seconds (and the watchdog's reset after 8).
REPLAY_MAX = 400  # not const(): a test lowers it


def rows(game):
    """[totals after the row] for every closed row of the sheet, oldest first; None
    for a game of more than REPLAY_MAX events."""
    return totals(game.session, game.flow)


def totals(session, flow, bounded=True):
    """rows() of a session and its flow (the report reads a log without a game, and
    with no bound to the replay)."""
    if bounded and len(session.timeline.events) > REPLAY_MAX:
        return None
    head = session.header
    state = replay(session.engine, head["players"], head["settings"], ())
    mark = flow.sheet_mark(state)
    out = []
    for e in session.events():
        state = session.engine.apply(state, e)
        now = flow.sheet_mark(state)
        if now != mark:
            out.append(flow.scores(state))
            mark = now
    return out


def history(session, flow, room):
    """{"sheet": {"unit": "Round" or "Turn", "rows": [[row number, totals], ...]}} for
    the game's history record, in at most `room` bytes of JSON (nothing when the game
    closed no row, or is too long to replay): every row, or every step-th one and
    always the last."""
    sheet = totals(session, flow)
    if not sheet:
        return {}
    return {"sheet": {"unit": flow.sheet_unit, "rows": thinned(sheet, room)}}


def thinned(sheet, room):
    """[[row number from 1, totals]] of rows step, 2*step, ... and the last, with the
    smallest step whose JSON fits in `room` bytes (the first tried is what the last
    row's width allows: the totals grow as a game goes on). The last row alone when
    nothing else fits."""
    n = len(sheet)
    width = len(json.dumps([n, sheet[-1]])) + 2  # ", " between rows
    step = max(1, (n * width + room - 1) // max(1, room))
    while True:
        kept = [[i, sheet[i - 1]] for i in range(step, n, step)]
        kept.append([n, sheet[-1]])
        if step >= n or len(json.dumps(kept)) <= room:
            return kept
        step += 1


def cells(totals, before):
    """(points in the row, total) of every seat as "+2 7"."""
    return ["%+d %d" % (t - b, t) for t, b in zip(totals, before)]


class ScoreSheet(Screen):
    """One row of the sheet a page: each player's points in it and their total. UP/DOWN
    go to the row before or after (the last row first); OK or BACK: the game menu's
    game."""

    name = "score-sheet"

    def __init__(self, game):
        self.game = game
        sheet = rows(game)
        self.too_long = sheet is None
        self.sheet = sheet or []
        self.i = len(self.sheet) - 1

    def draw(self, c, app):
        unit = self.game.flow.sheet_unit
        if not self.sheet:
            widgets.title_bar(c, "Score sheet")
            widgets.message(c, ["Too long a game", "for the sheet."] if self.too_long
                            else ["No %s played yet." % unit.lower()])
            return
        widgets.title_bar(c, "%s %d of %d" % (unit, self.i + 1, len(self.sheet)))
        before = self.sheet[self.i - 1] if self.i else [0] * len(self.sheet[self.i])
        items = [(self.game.name(s)[:3], v) for s, v in enumerate(cells(self.sheet[self.i],
                                                                        before))]
        widgets.score_grid(c, items)
        widgets.footer(c, "UP/DOWN: %s" % unit.lower(), "BACK")

    def key(self, app, k):
        n = len(self.sheet)
        if k in (UP, DOWN) and n:
            self.i = (self.i + (1 if k == DOWN else -1)) % n
            app.nav.dirty = True
        else:
            app.nav.pop()
