# The history of finished games, newest first, read by its index a row at a time.
from pawpad.app import registry
from pawpad.store.records.history_index import INDEX, Stale
from pawpad.ui.lists import ListScreen, Notice


class History(ListScreen):
    """The finished games, newest first; OK shows one. Each record names the seats by
    the colours they had in that game. The rows come from the history's index
    (store/records/history_index.py): only those drawn are read, a few entries each,
    and OK reads the one record. Without an index (the flash full) the file is read a
    record at a time: the list then keeps only each game's row."""

    name = "history"
    title = "History"
    KEEP = 55  # rows listed: the history keeps 50 games, a tenth more before pruning

    def __init__(self):
        ListScreen.__init__(self)
        self.games = None  # the rows, newest first: Rows, or [(title, who)]
        self.count = 0  # readable records in the file (read whole)

    def _records(self, app):
        """The readable records, oldest first, one at a time."""
        from pawpad.store.records.history import history

        if app.store is not None:
            for g in history(app.store):
                if _readable(g):
                    yield g

    def _games(self, app):
        if self.games is None:
            self.games = self._indexed(app)
        if self.games is None:
            rows = []
            self.count = 0
            for g in self._records(app):
                self.count += 1
                rows.append(row(g, app))
                if len(rows) > self.KEEP:
                    rows.pop(0)
            rows.reverse()
            self.games = rows
        return self.games

    def _indexed(self, app):
        if app.store is None:
            return None
        from pawpad.store.records import history_index

        for _ in range(2):  # a damaged entry met: the index made again, once
            try:
                ix = history_index.current(app.store)
                rows = Rows(self, app, ix, min(self.KEEP, ix.rank))
                if len(rows):
                    rows.made[0] = rows.make(0)  # the newest now: a damaged index is met here
                return rows
            except history_index.Stale:
                app.store.remove(history_index.INDEX)
            except OSError:
                return None
        return None

    def rows(self, app):
        return self._games(app) or [("No games yet", None)]

    def row_count(self, app):
        return len(self.rows(app))

    def choose(self, app, i):
        games = self._games(app)
        if i >= len(games):
            return
        g = games.record(i) if isinstance(games, Rows) else self._read(app, i)
        if g is None:  # the file changed under the screen
            if isinstance(games, Rows):  # or the index lied: it is made again
                app.store.remove(INDEX)
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

    def _read(self, app, i):
        want = self.count - 1 - i  # the record's place among the readable, oldest first
        for n, rec in enumerate(self._records(app)):
            if n == want:
                return rec
        return None


class Rows:
    """The newest `n` games' rows as the list draws them (len, index), each made from
    its index entry when first drawn; a few are kept."""

    def __init__(self, screen, app, ix, n):
        self.screen = screen
        self.app = app
        self.ix = ix
        self.n = n
        self.made = {}

    def __len__(self):
        return self.n

    def entry(self, i):
        with open(self.app.store.path(INDEX), "rb") as f:
            return self.ix.shown_at(self.ix.rank - i, f)

    def __getitem__(self, i):
        if not 0 <= i < self.n:
            raise IndexError(i)
        r = self.made.get(i)
        if r is None:
            try:
                r = self.make(i)
            except (Stale, OSError):
                r = self._again(i)
            if len(self.made) >= 12:
                self.made = {}
            self.made[i] = r
        return r

    def _again(self, i):
        """A damaged entry met: the index made again from the history (read whole, as
        every opening did before the index), and the row read from it."""
        from pawpad.store.records import history_index

        try:
            self.app.store.remove(INDEX)
            self.ix = history_index.current(self.app.store)
            self.made = {}
            if i < min(self.n, self.ix.rank):
                return self.make(i)
        except (Stale, OSError):
            pass
        self.screen.games = None  # made again when next drawn
        self.app.nav.dirty = True
        return "", None

    def make(self, i):
        return self._row(self.entry(i))

    def _row(self, e):
        from pawpad.store.records import history_index as hi

        flags = e[5]
        if not flags & hi.WHOLE:  # a title or a name too long for the entry
            g = hi.read_at(self.app.store, e)
            if g is None:
                raise hi.Stale()
            return row(g, self.app)
        title = hi.text(e[7])
        if flags & hi.GAME_TITLE:
            title = _game_title(title)
        seat = e[6]
        if seat == hi.TIE:
            return title, "tie"
        if seat < 0:
            return title, "-"
        if flags & hi.NAMED:
            return title, hi.text(e[8])
        return title, self.app.settings["colours"][seat] if 0 <= seat < 8 else "?"

    def record(self, i):
        from pawpad.store.records import history_index as hi

        try:
            return hi.read_at(self.app.store, self.entry(i))
        except (hi.Stale, OSError):
            return None


def row(g, app):
    """A game's row: its title, and who won ("tie", "-": nobody)."""
    won = g.get("winners") or []
    return _title(g), (_seat(g, won[0], app) if len(won) == 1 else ("tie" if won else "-"))


def _readable(g):
    """A history record the screen can show (a damaged one is passed over)."""
    from pawpad.store.records.history_index import shown

    return shown(g)


def _title(g):
    t = g.get("title")
    return t if isinstance(t, str) else _game_title(g.get("game"))


def _game_title(game):
    try:
        return registry.title(game)
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
