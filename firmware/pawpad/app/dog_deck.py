# Top Dog's deck catalog: the 18 dogs' P, A, W and S, keyed in once and kept on flash
# (dogs.json), so that a round is "which dog" instead of four numbers. Numbered 1..18
# in the order the table chooses (a number pencilled on each card, or the deck's
# printed order). Read through the bounded reader of app/storage.py and checked dog by
# dog: a damaged entry is forgotten, never played. Edited from Top Dog's game menu
# ("Dog catalog"), where it can also be printed to the serial console.
import json

from pawpad.app.lists import ListScreen
from pawpad.app.screen import BACK, DOWN, OK, UNDO, UP, Screen
from pawpad.games import top_dog as rules
from pawpad.ui import widgets

FILE = "dogs.json"
LIMIT = 2048  # bytes: 18 dogs of four stats are about 300
STAT_TOP = 30  # the highest stat the box offers (the engine takes up to 99)
LETTERS = "PAWS"


def checked(data):
    """The catalog from what dogs.json held: 18 entries, each [p, a, w, s] or None
    (unknown, or damaged)."""
    dogs = data.get("dogs") if isinstance(data, dict) else None
    out = [None] * rules.DOGS
    if not isinstance(dogs, list):
        return out
    for i in range(min(len(dogs), rules.DOGS)):
        d = dogs[i]
        if isinstance(d, list) and len(d) == 4 and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= rules.STAT_MAX
                for v in d):
            out[i] = list(d)
    return out


def load(store, said=None):
    """The catalog on flash (every dog unknown when there is none); a damaged file is
    kept aside by the reader, and what happened is added to `said`."""
    if store is None:
        return [None] * rules.DOGS
    data, problem = store.read_json(FILE, LIMIT)
    if problem and said is not None:
        said.append(problem)
    return checked(data)


def text(dogs):
    return json.dumps({"dogs": dogs})


def save(store, dogs):
    """None, or what went wrong."""
    if store is None:
        return "Flash not usable"
    try:
        store.write_json(FILE, {"dogs": dogs})
    except OSError as e:
        return "%s not saved (%s)" % (FILE, e)
    return None


def known(dogs):
    return sum(1 for d in dogs if d is not None)


def number_of(dogs, stats):
    """The number (from 1) of the first dog with these stats, or 0."""
    for i in range(len(dogs)):
        if dogs[i] is not None and dogs[i] == stats:
            return i + 1
    return 0


def stats_line(stats):
    """P A W S as " 5  1 12  3", under the catalog's title's letters."""
    return "?" if stats is None else " ".join("%2d" % v for v in stats)


class Catalog(ListScreen):
    """The 18 dogs, one row each with its stats; OK keys a dog's P, A, W, S in. The
    last row prints the catalog on the serial console (one JSON line after "DOGS "),
    for keeping it off the box."""

    name = "dog-catalog"
    title = "Dogs"

    def __init__(self, host=None):
        ListScreen.__init__(self)
        self.dogs = None

    def catalog(self, app):
        if self.dogs is None:
            self.dogs = load(app.store, app.notices)
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
            print("DOGS " + text(dogs))
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
        x = 4
        for f in range(4):
            v = str(self.stats[f])
            c.text(LETTERS[f], x + 10, 16)
            c.text(v, x + (28 - widgets.text_width(v, 2)) // 2, 28, 1, 2)
            if self.field == f:
                c.fill_rect(x, 45, 28, 2, 1)
            x += 31
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
            problem = save(app.store, self.dogs)
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
