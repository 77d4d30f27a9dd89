# The end of a game: the final standings, and the game going into the history and the
# players' statistics. Both are keyed by the game's id, so a power cut anywhere in the
# ending (or an ending replayed after one) never counts a game twice.
from micropython import const

from pawpad.store.catalogues.roster import who
from pawpad.store.log import codec
from pawpad.store.log.lines import LINE_MAX
from pawpad.store.records import score_sheet, stats
from pawpad.ui import widgets
from pawpad.ui.screen import OK, PRESS, UNDO, Screen

ROWS = const(5)  # standings on one page; more scroll with UP/DOWN
# The history is read a line at a time through LINE_MAX bytes. A record's score sheet
# takes at most SHEET_BYTES of it (8 players' totals: about 16 rows), and less when the
# rest leaves less room: Pick-a-Dog's STOPs take up to about 1.2 KB, and the fields
# added after summary() (game, id, players, events, ms, the checksum) up to
# LATER_BYTES. A game on a clock never set leaves DATING_BYTES for its start, its end
# and `est`, which the computer that meets the box writes in (tools/install/dating.py).
SHEET_BYTES = const(640)
LATER_BYTES = const(192)
DATING_BYTES = const(80)


class Results(Screen):
    name = "results"

    def __init__(self, game):
        self.game = game
        self.first = 0

    def draw(self, c, app):
        game = self.game
        lines = game.flow.result_lines(game.state, game)
        more = len(lines) > ROWS
        widgets.title_bar(c, game.title, "%d/%d" % (self.first + 1, len(lines) - ROWS + 1)
                          if more else "final")
        widgets.message(c, lines[self.first:self.first + ROWS], widgets.LIST_Y)
        widgets.footer(c, "OK: done", "UP/DN more" if more else "")

    def key(self, app, k):
        n = len(self.game.flow.result_lines(self.game.state, self.game))
        if k == OK:
            finish_game(app, self.game, {})
        elif k == UNDO:
            self.game.undo()
        elif k == "down" and self.first + ROWS < n:
            self.first += 1
        elif k == "up" and self.first > 0:
            self.first -= 1

    def player(self, app, seat, t_us):
        app.box.sound(PRESS)


def summary(game, extra, now=None, power=None):
    """The history's record of the game as it stands, its score sheet's totals
    included (the sheet kept as the game went: it goes with the log once the game is
    in the history). Its start and end (`now`) are kept when the box's clock knew
    them; otherwise the power-on and the seconds since it (`power`: box.power_on())."""
    flow, state = game.flow, game.state
    rec = {"scores": flow.scores(state), "winners": flow.winners(state) if state["ended"]
           else [], "colours": game.colours[:state["players"]], "title": flow.title(state)}
    if game.people is not None:
        rec["people"] = list(game.people)
    if state["ended"]:  # each seat's place, equal ones shared (the export's ranks)
        places = [0] * state["players"]
        for place, seat in flow.places(state):
            places[seat] = place
        rec["places"] = places
        rec.update(flow.history_final(state))
    starts = getattr(game.session.engine, "STARTS", None)  # who took the first turn
    if starts is not None and state["settings"].get(starts) is not None:
        rec["first"] = state["settings"][starts]
    rec.update(flow.history_extra(game.session.events()))
    rec.update(extra)
    start = game.session.header.get("start")
    if start is not None:
        rec["start"] = start
    if now is not None:
        rec["end"] = now
    elif power is not None:  # a clock never set: the computer that meets the box dates it
        rec["on"], rec["up"] = power
    room = LINE_MAX - LATER_BYTES - len(codec.encode(rec)) - (DATING_BYTES if "on" in rec
                                                              else 0)
    rec.update(score_sheet.history(game, min(SHEET_BYTES, room)))
    return rec


def finish_game(app, game, extra):
    """The game goes to the history and the statistics, and the box to its main menu."""
    now = app.box.clock()
    rec = summary(game, extra, now, app.box.power_on() if now is None else None)
    settle(app, game.session, game.flow, rec)
    app.close_game()


def players_of(header, colours):
    """Whom a game's statistics are kept for, a seat at a time: the person who sat
    there, else the seat's colour (`colours`: the box's, for a log that kept none)."""
    return [who(header.get("people"), header.get("colours"), s) or colours[s]
            for s in range(header["players"])]


def settle(app, session, flow, rec):
    """History first, then statistics, then the log goes: a cut between any two is
    mended at the next boot by doing the rest (each step is done once per game id)."""
    session.finish(rec)
    if session.problem:
        app.notices.append(session.problem)
        return  # the log stays: the game is offered again rather than lost
    rec["ms"] = session.ms
    if stats.merge(app.stats, session.game_id(),
                   flow.tally(session.events(), session.header["settings"]),
                   players_of(session.header, app.settings["colours"]),
                   session.name, rec) and app.save_stats():
        return  # not saved: the log stays, and the next boot settles the game again
    session.close()
