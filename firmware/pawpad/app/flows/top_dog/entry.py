# Top Dog's entry of a round: each player's dog, new or bred onto the previous one,
# with its P, A, W and S when the players key them in (or its number in the catalog).
from micropython import const

from pawpad.app.flows.top_dog.judge import judged
from pawpad.app.shell.scoreboard import corrected
from pawpad.games import top_dog as rules
from pawpad.store.catalogues import dog_catalog
from pawpad.store.records import draft
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen

STAT_MAX = const(30)
UNKNOWN = const(-1)  # a stat not keyed in: the medals are then decided by the players
FIELDS = ("how", "P", "A", "W", "S")
HOW = const(0)
DOG = const(5)  # the field after HOW when the catalog is used (1..4 are P, A, W, S)
HINT = "hint_top_dog"  # the setting: the keypad's hint still to be shown


class PlayEntry(Screen):
    """For each player with a dog in hand: new or breed (asked only when both can be),
    then which dog of the catalog (app/flows/top_dog/catalog.py; asked once the catalog holds a
    dog): a catalogued dog brings its P, A, W, S; "-" or a dog not catalogued yet asks
    for them (or ? to leave the medals to the players), and a numbered dog's are then
    kept in the catalog. UP/DOWN change, OK moves on, BACK goes back; a player's button
    jumps to their own dog, or with the keypad (App.keypad_keys), on a stat, is the
    stat: button k is k - 1 (stats start at 0), and moves on as OK does. Every change
    is on flash as it is made, and the field it is on (store/records/draft.py)."""

    name = "top-dog-play"
    kind = "plays"  # its draft's

    def __init__(self, game, seat=None, fix=None, before=None, event=None):
        self.game = game
        self.fix = fix  # the index of the play being corrected, or None
        self.keypad = game.app.keypad_keys()  # player buttons 1..this are stats
        # what the buttons do, on the Dog's line while a stat is keyed, until one is used
        k = self.keypad
        self.hint = game.app.keypad_hint(HINT, "button 1-%d = stat 0-%d" % (k, k - 1))
        st = before or game.state  # the game as it stood when these dogs were laid
        self.before = st
        self.seats = [s for s in range(st["players"]) if st["hands"][s] > 0]
        self.catalog = dog_catalog.load(game.app.store, game.app.notices)
        self.asks_dog = dog_catalog.known(self.catalog) > 0
        self.entries = {}
        self.dogs = {}  # seat: the dog's number in the catalog, 0 for none
        for s in self.seats:
            con = st["contestants"][s]
            how = "new" if con["new"] is None else "breed"
            self.entries[s] = [how, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN]
            self.dogs[s] = 0
        for s, how, stats in (event or {}).get("plays", []):
            if s in self.entries:
                self.entries[s] = [how] + (list(stats) if stats else [UNKNOWN] * 4)
                self.dogs[s] = dog_catalog.number_of(self.catalog, stats)
        self.i = self.seats.index(seat) if seat in self.seats else 0
        self.field = self.order()[0]

    def seat(self):
        return self.seats[self.i]

    def order(self):
        """The fields this seat is asked, in order."""
        seat = self.seat()
        con = self.before["contestants"][seat]
        out = [HOW] if con["prev"] is not None and con["new"] is None else []
        if self.asks_dog:
            out.append(DOG)
        if not (self.asks_dog and self.catalogued(seat)) and not self._skip_stats():
            out += [1, 2, 3, 4]
        return out or [HOW]

    def catalogued(self, seat):
        d = self.dogs[seat]
        return d > 0 and self.catalog[d - 1] is not None

    def draw(self, c, app):
        seat = self.seat()
        title = ("Fix R%d" if self.fix is not None else "Round %d") % (self.before["round"] + 1)
        widgets.title_bar(c, title, app.seat_name(seat))
        row = self.entries[seat]
        mark = "> " if self.field == HOW else "  "
        c.text(mark + "Play it as: " + row[0], 2, 13)
        if self.hint and self.field in (1, 2, 3, 4):
            c.text_center(self.hint, 22)
        elif self.asks_dog:
            d = self.dogs[seat]
            c.text(("> " if self.field == DOG else "  ") + "Dog: " +
                   ("%d" % d if d else "-") + ("" if d == 0 or self.catalogued(seat)
                                               else " (new)"), 2, 22)
        x = 2  # 32 apart: two two-digit values a glyph's width apart (10 columns)
        for f in range(1, 5):
            v = row[f]
            text = "?" if v == UNKNOWN else str(v)
            c.text(FIELDS[f], x + 10, 31)
            c.text(text, x + (28 - widgets.text_width(text, 2)) // 2, 39, 1, 2)
            if self.field == f:
                c.fill_rect(x, 54, 28, 1, 1)  # under the digits, over the footer
            x += 32
        widgets.footer(c, "%d/%d" % (self.i + 1, len(self.seats)), "OK next")

    def key(self, app, k):
        seat = self.seat()
        row = self.entries[seat]
        if k in (UP, DOWN):
            delta = 1 if k == UP else -1
            if self.field == HOW:
                if self.before["contestants"][seat]["prev"] is not None:
                    row[0] = "breed" if row[0] == "new" else "new"  # breed needs a dog
            elif self.field == DOG:
                self._next_dog(seat, delta)
            else:
                v = row[self.field] + delta
                row[self.field] = STAT_MAX if v < UNKNOWN else (UNKNOWN if v > STAT_MAX else v)
            self._keep()  # what the screen shows, on flash: a power cut keeps it
        elif k == OK:
            order = self.order()
            at = order.index(self.field) if self.field in order else len(order) - 1
            if at < len(order) - 1:
                self.field = order[at + 1]
                self._keep()
            elif self.i < len(self.seats) - 1:
                self.i += 1
                self.field = self.order()[0]
                self._keep()  # a player's dog is in
            else:
                self._offer(app)
        elif k in (BACK, UNDO):
            order = self.order()
            at = order.index(self.field) if self.field in order else 0
            if at > 0:
                self.field = order[at - 1]
                self._keep()
            elif self.i > 0:
                self.i -= 1
                self.field = self.order()[-1]
                self._keep()
            else:
                draft.drop(self.game.session, self.fix)  # the keying left: none kept
                app.nav.pop()

    def _keep(self):
        """The dogs keyed so far, on flash (a correction's in its own draft)."""
        draft.save(self.game.session, "plays", {
            "seats": self.seats, "rows": [self.entries[s] for s in self.seats],
            "dogs": [self.dogs[s] for s in self.seats], "i": self.i,
            "field": self.field}, self.fix)

    def kept_shape(self):
        """The shape _keep() writes for this round's players (games/shape.py)."""
        k = len(self.seats)
        row = ("items", (("str", ("new", "breed")),) + (("int", UNKNOWN, STAT_MAX),) * 4)
        return (("seats", ("list", k, ("seat",))), ("rows", ("list", k, row)),
                ("dogs", ("list", k, ("int", 0, rules.DOGS))), ("i", ("int", 0, k - 1)),
                ("field", ("int", HOW, DOG)))

    def restore(self, kept):
        """The dogs keyed before a power cut (a draft of kept_shape()), if they are this
        round's players' and the field is one the seat is asked; False if not."""
        if kept is None or kept["seats"] != self.seats:
            return False
        for k, s in enumerate(self.seats):
            self.entries[s] = list(kept["rows"][k])
            self.dogs[s] = kept["dogs"][k]
        self.i = kept["i"]
        self.field = kept["field"]
        return self.field in self.order()

    def _next_dog(self, seat, delta):
        """The next dog number (0: none) that no other seat has chosen this round; a
        catalogued dog brings its stats."""
        taken = [self.dogs[s] for s in self.seats if s != seat]
        d = self.dogs[seat]
        for _ in range(rules.DOGS + 1):
            d = (d + delta) % (rules.DOGS + 1)
            if d == 0 or d not in taken:
                break
        self.dogs[seat] = d
        known = self.catalog[d - 1] if d else None
        self.entries[seat][1:] = list(known) if known else [UNKNOWN] * 4

    def _skip_stats(self):
        """Judging by decision this round (the first seat left its stats at ?)."""
        first = self.entries[self.seats[0]]
        return self.i > 0 and first[1] == UNKNOWN

    def player(self, app, seat, t_us):
        if self.keypad and self.field in (1, 2, 3, 4):  # a stat: button k is k - 1
            if self.hint:
                self.hint = None
                app.keypad_used(HINT)
            self.entries[self.seat()][self.field] = min(seat, STAT_MAX)
            self.key(app, OK)
        elif seat in self.seats:
            self.i = self.seats.index(seat)
            self.field = self.order()[0]
            self._keep()

    def _offer(self, app):
        plays = []
        learnt = False
        for s in self.seats:
            how, p, a, w, sp = self.entries[s]
            stats = None if UNKNOWN in (p, a, w, sp) else [p, a, w, sp]
            plays.append([s, how, stats])
            d = self.dogs[s]
            if stats is not None and d and self.catalog[d - 1] is None:
                self.catalog[d - 1] = list(stats)  # keyed in once: kept for next time
                learnt = True
        if learnt:
            problem = dog_catalog.save(app.store, self.catalog)
            if problem:
                app.toast(problem)
        event = {"t": "play", "plays": plays}
        if not corrected(self, app, event):
            judged(self.game, event)  # judging, the rescue or the scoreboard follows
