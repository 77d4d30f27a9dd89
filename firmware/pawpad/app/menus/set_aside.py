# Settings > Set aside: every copy the box set aside (a damaged file, a file a crash
# implicated), newest first; OK on one and OK again puts it back, and the file in its
# place now is set aside in turn, so nothing is lost either way.
from pawpad.store.files import original_of
from pawpad.ui import widgets
from pawpad.ui.lists import ListScreen, Notice
from pawpad.ui.screen import OK, Screen


def _size(n):
    return "%dB" % n if n < 1024 else "%dK" % ((n + 1023) // 1024)


class SetAside(ListScreen):
    name = "set-aside"
    title = "Set aside"

    def __init__(self):
        ListScreen.__init__(self)
        self.copies = None  # [(copy, bytes)], read when first drawn

    def _list(self, app):
        if self.copies is None:
            try:
                self.copies = app.store.copies_aside() if app.store is not None else []
            except OSError:
                self.copies = []
        return self.copies

    def rows(self, app):
        return [(copy, None) for copy, _ in self._list(app)] or [("Nothing set aside", None)]

    def row_count(self, app):
        return len(self._list(app))

    def choose(self, app, i):
        copy, size = self._list(app)[i]
        app.nav.push(PutBack(self, copy, size))


class PutBack(Screen):
    """The warning before a copy goes back: what it replaces, and that it is kept."""

    name = "put-back"

    def __init__(self, listing, copy, size):
        self.listing = listing
        self.copy = copy
        self.size = size
        self.file = original_of(copy)

    def draw(self, c, app):
        widgets.title_bar(c, "Put back?", _size(self.size))
        there = app.store is not None and app.store.exists(self.file)
        widgets.message(c, [widgets.clip(self.copy, widgets.COLS),
                            widgets.clip("as " + self.file, widgets.COLS),
                            "That one: set aside" if there else "None there now.",
                            "It may fail again.", "OK: put it back", "BACK: leave it"])

    def key(self, app, k):
        app.nav.pop()
        if k != OK:
            return
        said = []
        try:
            name, moved = app.store.put_back(self.copy)
        except OSError as e:
            self.listing.copies = None  # listed again: it may be gone
            app.nav.push(Notice("Set aside", ["%s not put back (%s)." % (self.copy, e)]))
            return
        said.append("%s is back." % name)
        if moved is not None:
            said.append("The one before is %s." % moved)
        app.reread(name, said)
        self.listing.copies = None  # listed again, as the flash has them now
        app.nav.push(Notice("Set aside", said))
