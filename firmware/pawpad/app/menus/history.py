# The history of finished games, newest first, read a record at a time.
from pawpad.app import registry
from pawpad.ui.lists import ListScreen, Notice


class History(ListScreen):
    """The finished games, newest first; OK shows one. Each record names the seats by
    the colours they had in that game. The file is read a record at a time: the list
    keeps only each game's row, and OK reads its record again."""

    name = "history"
    title = "History"
    KEEP = 55  # rows listed: the history keeps 50 games, a tenth more before pruning

    def __init__(self):
        ListScreen.__init__(self)
        self.games = None  # [(title, who)], newest first
        self.count = 0  # readable records in the file

    def _records(self, app):
        """The readable records, oldest first, one at a time."""
        from pawpad.store.records.history import history

        if app.store is not None:
            for g in history(app.store):
                if _readable(g):
                    yield g

    def _games(self, app):
        if self.games is None:
            rows = []
            self.count = 0
            for g in self._records(app):
                self.count += 1
                won = g.get("winners") or []
                who = _seat(g, won[0], app) if len(won) == 1 else ("tie" if won else "-")
                rows.append((_title(g), who))
                if len(rows) > self.KEEP:
                    rows.pop(0)
            rows.reverse()
            self.games = rows
        return self.games

    def rows(self, app):
        return self._games(app) or [("No games yet", None)]

    def choose(self, app, i):
        if i >= len(self._games(app)):
            return
        want = self.count - 1 - i  # the record's place among the readable, oldest first
        g = None
        for n, rec in enumerate(self._records(app)):
            if n == want:
                g = rec
                break
        if g is None:  # the file changed under the screen
            self.games = None
            return
        ms = g.get("ms")
        mins = ms // 60000 if isinstance(ms, int) and ms >= 0 else 0
        from pawpad.store.records.history import when

        lines = [when(g) or "date unknown", "%d min" % mins if mins else "under a minute"]
        lines += ["%s %s" % (_seat(g, s, app), v) for s, v in enumerate(g["scores"])]
        if g.get("abandoned"):
            lines.append("(ended early)")
        app.nav.push(Notice(_title(g), lines))


def _readable(g):
    """A history record the screen can show (a damaged one is passed over)."""
    if not isinstance(g, dict) or not isinstance(g.get("scores"), list):
        return False
    won = g.get("winners")
    n = len(g["scores"])
    return won is None or (isinstance(won, list) and
                           all(isinstance(w, int) and 0 <= w < n for w in won))


def _title(g):
    t = g.get("title")
    if isinstance(t, str):
        return t
    try:
        return registry.title(g.get("game"))
    except ValueError:
        return "?"


def _seat(g, seat, app):
    """Who sat at the seat in that game: the person, else its colour then (older
    records: the colour it has now)."""
    from pawpad.store.catalogues.roster import who

    name = who(g.get("people"), g.get("colours"), seat)
    if name is not None:
        return name
    return app.settings["colours"][seat] if 0 <= seat < 8 else "?"
