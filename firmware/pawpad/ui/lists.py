# The two screens most others are built from: a list to move through, and a notice.
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, DOWN, OK, UP, Screen


class ListScreen(Screen):
    """A title and rows to move through with UP/DOWN. Subclasses say what the rows are
    (`rows(app)`: [(label, value)]) and what OK does (`choose`), or mark rows editable
    (`editable(i)`, `change(app, i, step)`), which OK then toggles."""

    title = ""

    def __init__(self):
        self.sel = 0
        self.top = 0
        self.editing = False

    def rows(self, app):
        return []

    def draw(self, c, app):
        widgets.title_bar(c, self.title, self.corner(app))
        rows = self.rows(app)
        self.top = widgets.scroll_top(self.sel, self.top, len(rows))
        widgets.list_rows(c, rows, self.sel, self.top, self.editing)

    def corner(self, app):
        return ""

    def key(self, app, k):
        n = len(self.rows(app))
        if self.editing:
            if k in (UP, DOWN):
                self.change(app, self.sel, 1 if k == UP else -1)
            elif k in (OK, BACK):
                self.editing = False
                self.edited(app)
            return
        if k == UP and n:
            self.sel = (self.sel - 1) % n
        elif k == DOWN and n:
            self.sel = (self.sel + 1) % n
        elif k == OK and n:
            if self.editable(self.sel):
                self.editing = True
            else:
                self.choose(app, self.sel)
        elif k == BACK:
            app.nav.pop()

    def choose(self, app, i):
        pass

    def editable(self, i):
        return False

    def change(self, app, i, step):
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
