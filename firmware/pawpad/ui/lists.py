# The two screens most others are built from: a list to move through, and a notice.
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, DOWN, OK, UP, Screen


class ListScreen(Screen):
    """A title and rows to move through with UP/DOWN. Subclasses say what the rows are
    (`rows(app)`: [(label, value)]) and what OK does (`choose`), or mark rows editable
    (`editable(i)`, `change(app, i, delta)`), which OK then toggles."""

    title = ""
    # A move of the selection redrawn as a patch of the frame (_move): for lists whose
    # rows change only when a key changes them (no live values, no corner that moves).
    steps_in_place = False
    # True from a scroll patched then undone in the same cycle until the frame is
    # drawn whole: no patch applies to the frame as it stands meanwhile.
    stale = False

    def __init__(self):
        self.sel = 0
        self.top = 0
        self.editing = False

    def rows(self, app):
        return []

    def row_count(self, app):
        """How many rows (a list whose rows are costly to make says it cheaper)."""
        return len(self.rows(app))

    def draw(self, c, app):
        self.stale = False
        widgets.title_bar(c, self.title, self.corner(app))
        rows = self.rows(app)
        self.top = widgets.scroll_top(self.sel, self.top, len(rows))
        widgets.list_rows(c, rows, self.sel, self.top, self.editing)

    def corner(self, app):
        return ""

    def key(self, app, k):
        n = self.row_count(app)
        pending, self.patched = self.patched, None  # any other key: a whole frame
        if self.editing:
            if k in (UP, DOWN):
                self.change(app, self.sel, 1 if k == UP else -1)
            elif k in (OK, BACK):
                self.editing = False
                self.edited(app)
            return
        if k == UP and n:
            self._move(app, (self.sel - 1) % n, pending, n)
        elif k == DOWN and n:
            self._move(app, (self.sel + 1) % n, pending, n)
        elif k == OK and n:
            if self.editable(self.sel):
                self.editing = True
            else:
                self.choose(app, self.sel)
        elif k == BACK:
            app.nav.pop()

    def _move(self, app, new, pending, n):
        """The selection moves to row `new` of `n`. Where the rows are drawn as this
        class draws them, the frame is patched, not drawn again: when both rows are
        among those shown, only their bars change (the panel gets those rows only);
        when the list scrolls by one row, its rows move and only the row that comes
        in is drawn; when it jumps (round from the last row to the first), its rows
        are drawn again under the title, which stays. `pending`: a patch not drawn
        yet (two moves in one cycle), whose first row is the frame's bar; () when
        they cancelled out: the bar is where the frame has it. After a scroll or a
        jump not drawn yet, the frame is drawn whole."""
        old = pending[0] if pending else self.sel
        self.sel = new
        if pending and len(pending) != 2:
            self.stale = True  # the frame is a scroll or a jump behind: drawn whole next
        if self.stale or not self.steps_in_place or type(self).draw is not ListScreen.draw:
            return
        top = self.top
        shown = top <= old < top + widgets.ROWS
        if shown and top <= new < top + widgets.ROWS:
            self.patched = (old, new) if old != new else ()
        elif pending:
            self.stale = True
        elif shown and (new - old) in (1, -1):
            self.top = widgets.scroll_top(new, top, n)  # one row on: a scroll patch
            self.patched = (old, new, self.rows(app)[new], n)
        else:  # a jump: every row drawn again, the title as it is
            self.top = widgets.scroll_top(new, top, n)
            self.patched = (self.rows(app),)

    def patch(self, c, patched):
        if len(patched) == 1:  # a jump: (the rows,)
            widgets.list_rows(c, patched[0], self.sel, self.top, clear=True)
            return
        if len(patched) > 2:  # scrolled a row: (old, new, the new row, the rows)
            widgets.scroll_rows(c, patched[2], patched[1] - self.top, self.top,
                                patched[3])
            return
        for i in patched:  # the old row's bar off, the new one's on
            widgets.invert_row(c, i - self.top)

    def choose(self, app, i):
        pass

    def editable(self, i):
        return False

    def change(self, app, i, delta):
        pass

    def edited(self, app):
        pass


class Notice(Screen):
    name = "notice"

    def __init__(self, title, lines):
        self.title = title
        self.lines = list(lines)
        self.first = 0

    def draw(self, c, app):
        lines = widgets.wrap(self.lines)
        more = "%d/%d" % (self.first + 1, len(lines) - 5) if len(lines) > 6 else ""
        widgets.title_bar(c, self.title, more)
        widgets.message(c, lines[self.first:self.first + 6])

    def key(self, app, k):
        if k == DOWN and self.first + 6 < len(widgets.wrap(self.lines)):
            self.first += 1
        elif k == UP and self.first > 0:
            self.first -= 1
        elif k in (OK, BACK):
            app.nav.pop()
