# Top Dog's deck catalog on the screen (the catalog itself is store/catalogues/dog_catalog.py):
# the list of the 18 dogs and a dog's stats keyed in. Opened from Top Dog's game menu
# ("Dog catalog"), where it can also be printed to the serial console.
from micropython import const

from pawpad.store.catalogues import dog_catalog
from pawpad.ui import widgets
from pawpad.ui.lists import ListScreen
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen

STAT_TOP = const(30)  # the highest stat the box offers (the engine takes up to 99)
LETTERS = "PAWS"


def stats_line(stats):
    """P A W S as " 5  1 12  3", under the catalog's title's letters."""
    return "?" if stats is None else " ".join("%2d" % v for v in stats)


class Catalog(ListScreen):
    """The 18 dogs, one row each with its stats; OK keys a dog's P, A, W, S in. The
    last row prints the catalog on the serial console (one JSON line after "DOGS "),
    for keeping it off the box."""

    name = "dog-catalog"
    title = "Dogs"

    def __init__(self, game=None):
        ListScreen.__init__(self)
        self.dogs = None

    def catalog(self, app):
        if self.dogs is None:
            self.dogs = dog_catalog.load(app.store, app.notices)
        return self.dogs

    def corner(self, app):
        return "P  A  W  S"

    def rows(self, app):
        out = [("Dog %d" % (i + 1), stats_line(d)) for i, d in enumerate(self.catalog(app))]
        out.append(("Print to console", None))
        return out

    def choose(self, app, i):
        dogs = self.catalog(app)
        if i < len(dogs):
            app.nav.push(DogEdit(dogs, i))
        else:
            print("DOGS " + dog_catalog.text(dogs))
            app.toast("Printed on the serial console")


class DogEdit(Screen):
    """One dog's P, A, W, S: UP/DOWN change, OK goes on (past S: kept on flash, and the
    next unknown dog follows, so a new deck is keyed in one go), BACK goes back."""

    name = "dog-edit"

    def __init__(self, dogs, i):
        self.dogs = dogs
        self.i = i
        self.stats = list(dogs[i] or [0, 0, 0, 0])
        self.field = 0

    def draw(self, c, app):
        widgets.title_bar(c, "Dog %d" % (self.i + 1), "%s" % LETTERS[self.field])
        x = 2  # 32 apart: two two-digit values a glyph's width apart (10 columns)
        for f in range(4):
            v = str(self.stats[f])
            c.text(LETTERS[f], x + 10, 16)
            c.text(v, x + (28 - widgets.text_width(v, 2)) // 2, 28, 1, 2)
            if self.field == f:
                c.fill_rect(x, 45, 28, 2, 1)
            x += 32
        widgets.footer(c, "BACK: back", "OK next")

    def key(self, app, k):
        if k in (UP, DOWN):
            v = self.stats[self.field] + (1 if k == UP else -1)
            self.stats[self.field] = STAT_TOP if v < 0 else (0 if v > STAT_TOP else v)
        elif k == OK:
            if self.field < 3:
                self.field += 1
                return
            self.dogs[self.i] = list(self.stats)
            problem = dog_catalog.save(app.store, self.dogs)
            app.toast(problem or "Dog %d kept" % (self.i + 1))
            nxt = self.i + 1
            if problem is None and nxt < len(self.dogs) and self.dogs[nxt] is None:
                app.nav.replace(DogEdit(self.dogs, nxt))
            else:
                app.nav.pop()
        elif k in (BACK, UNDO):
            if self.field > 0:
                self.field -= 1
            else:
                app.nav.pop()
