# Top Dog on the device: each round every player with a dog in hand lays one, as a
# new contestant or bred onto their previous one, with its P, A, W and S when the
# players key them in (then the box judges every medal, rule 4.1 included) or without
# (then the players say who won each medal). Champions, the Pound and the rescue
# order follow from the rules engine. The state's phase picks the screen: laying
# dogs (the board), judging, or the rescue.
from pawpad.app import dog_deck
from pawpad.app.board import GameBoard, GameScreen, corrected
from pawpad.app.flow import Flow
from pawpad.app.screen import BACK, DOWN, OK, UNDO, UP, Screen
from pawpad.games import top_dog as rules
from pawpad.ui import widgets

STAT_MAX = 30
UNKNOWN = -1  # a stat not keyed in: the medals are then decided by the players
FIELDS = ("how", "P", "A", "W", "S")
HOW = 0
DOG = 5  # the field after HOW when the catalog is used (1..4 are P, A, W, S)


class TopDog(Flow):
    game = "top_dog"

    def screen(self, host):
        phase = host.state["phase"]
        if phase == "judge":
            return Judge(host)
        if phase == "rescue":
            return Rescue(host)
        return Board(host)

    def prompt(self, state):
        return rules.prompt(state)

    def scores(self, state):
        return list(state["champions"])

    def winners(self, state):
        return [] if state["winner"] is None else [state["winner"]]

    def score_line(self, state, host):
        return ["Champions:"] + Flow.score_line(self, state, host)

    def result_lines(self, state, host):
        order = sorted(range(state["players"]), key=lambda s: -state["champions"][s])
        return ["%-7s %d champion%s" % (host.name(s), state["champions"][s],
                                        "" if state["champions"][s] == 1 else "s")
                for s in order]

    def sheet_mark(self, state):
        """Changes once per row of the score sheet (app/score_sheet.py): a round
        counts once its medals are judged."""
        return state["round"] - (1 if state["phase"] == "judge" else 0)

    def round_rows(self, host):
        r = 0
        for i, e in enumerate(host.session.events()):
            if e["t"] == "play":
                r += 1
                yield ("R%d dogs" % r, len(e["plays"]), i)
            elif e["t"] == "medals":
                won = sum(1 for w in e["won"].values() if w)
                yield ("R%d medals" % r, won, i)

    def menu_extras(self, host):
        return [("Dog catalog", dog_deck.Catalog)]

    def edit_round(self, host, index, event):
        before = host.session.state_before(index)
        screen = PlayEntry if event["t"] == "play" else Judge
        return screen(host, fix=index, before=before, event=event)


def medal_line(state):
    """The medals, with a dash for each covered one: "P - W S"."""
    return " ".join("-" if m in state["covered"] and len(state["covered"]) < 4 else m
                    for m in rules.MEDALS)


class Board(GameBoard):
    name = "top-dog"

    def draw(self, c, app):
        st = self.host.state
        widgets.title_bar(c, "Top Dog", "R%d" % (st["round"] + 1))
        widgets.score_grid(c, [(app.colour(s), st["champions"][s])
                               for s in range(st["players"])])
        c.text("Medals " + medal_line(st), 2, 38)
        c.text("Pound %d" % st["pound"], 2, 47)
        widgets.footer(c, "OK: play dogs", self.host.timer_text())

    def begin(self, app, seat):
        app.nav.push(PlayEntry(self.host, seat))


class PlayEntry(Screen):
    """For each player with a dog in hand: new or breed (asked only when both can be),
    then which dog of the catalog (app/dog_deck.py; asked once the catalog holds a
    dog): a catalogued dog brings its P, A, W, S; "-" or a dog not catalogued yet asks
    for them (or ? to leave the medals to the players), and a numbered dog's are then
    kept in the catalog. UP/DOWN change, OK moves on, BACK goes back; a player's button
    jumps to their own dog."""

    name = "top-dog-play"

    def __init__(self, host, seat=None, fix=None, before=None, event=None):
        self.host = host
        self.fix = fix  # the index of the play being corrected, or None
        st = before or host.state  # the game as it stood when these dogs were laid
        self.before = st
        self.seats = [s for s in range(st["players"]) if st["hands"][s] > 0]
        self.catalog = dog_deck.load(host.app.store, host.app.notices)
        self.asks_dog = dog_deck.known(self.catalog) > 0
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
                self.dogs[s] = dog_deck.number_of(self.catalog, stats)
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
        widgets.title_bar(c, title, app.colour(seat))
        row = self.entries[seat]
        mark = "> " if self.field == HOW else "  "
        c.text(mark + "Play it as: " + row[0], 2, 13)
        if self.asks_dog:
            d = self.dogs[seat]
            c.text(("> " if self.field == DOG else "  ") + "Dog: " +
                   ("%d" % d if d else "-") + ("" if d == 0 or self.catalogued(seat)
                                               else " (new)"), 2, 22)
        x = 4
        for f in range(1, 5):
            v = row[f]
            text = "?" if v == UNKNOWN else str(v)
            c.text(FIELDS[f], x + 10, 31)
            c.text(text, x + (28 - widgets.text_width(text, 2)) // 2, 39, 1, 2)
            if self.field == f:
                c.fill_rect(x, 54, 28, 1, 1)  # under the digits, over the footer
            x += 31
        widgets.footer(c, "%d/%d" % (self.i + 1, len(self.seats)), "OK next")

    def key(self, app, k):
        seat = self.seat()
        row = self.entries[seat]
        if k in (UP, DOWN):
            step = 1 if k == UP else -1
            if self.field == HOW:
                if self.before["contestants"][seat]["prev"] is not None:
                    row[0] = "breed" if row[0] == "new" else "new"  # breed needs a dog
            elif self.field == DOG:
                self._next_dog(seat, step)
            else:
                v = row[self.field] + step
                row[self.field] = STAT_MAX if v < UNKNOWN else (UNKNOWN if v > STAT_MAX else v)
        elif k == OK:
            order = self.order()
            at = order.index(self.field) if self.field in order else len(order) - 1
            if at < len(order) - 1:
                self.field = order[at + 1]
            elif self.i < len(self.seats) - 1:
                self.i += 1
                self.field = self.order()[0]
            else:
                self._offer(app)
        elif k in (BACK, UNDO):
            order = self.order()
            at = order.index(self.field) if self.field in order else 0
            if at > 0:
                self.field = order[at - 1]
            elif self.i > 0:
                self.i -= 1
                self.field = self.order()[-1]
            else:
                app.nav.pop()

    def _next_dog(self, seat, step):
        """The next dog number (0: none) that no other seat has chosen this round; a
        catalogued dog brings its stats."""
        taken = [self.dogs[s] for s in self.seats if s != seat]
        d = self.dogs[seat]
        for _ in range(rules.DOGS + 1):
            d = (d + step) % (rules.DOGS + 1)
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
        if seat in self.seats:
            self.i = self.seats.index(seat)
            self.field = self.order()[0]

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
            problem = dog_deck.save(app.store, self.catalog)
            if problem:
                app.toast(problem)
        event = {"t": "play", "plays": plays}
        if not corrected(self, app, event):
            judged(self.host, event)  # judging, the rescue or the board follows


class Judge(GameScreen):
    """Without stats: who won each available medal (or nobody), in the order P, A, W, S.
    Rule 4.1 is for the players to keep in mind: a winner still blocks later medals."""

    name = "top-dog-judge"

    def __init__(self, host, fix=None, before=None, event=None):
        self.host = host
        self.fix = fix  # the index of the medals being corrected, or None
        st = before or host.state
        self.letters = rules.available(st)
        self.choices = [None] + [[s, slot] for s, slot, _ in rules.contestants(st)]
        self.picks = [0] * len(self.letters)
        won = (event or {}).get("won", {})
        for j, letter in enumerate(self.letters):
            w = won.get(letter)
            if w is not None and w in self.choices:
                self.picks[j] = self.choices.index(w)
        self.i = 0

    def label(self, app, choice):
        if choice is None:
            return "nobody"
        seat, slot = choice
        return "%s %s" % (app.colour(seat), "prev" if slot == "prev" else "new")

    def draw(self, c, app):
        widgets.title_bar(c, "Medals", "%d/%d" % (self.i + 1, len(self.letters)))
        letter = self.letters[self.i]
        widgets.big_center(c, letter, 12, 3)
        widgets.big_center(c, self.label(app, self.choices[self.picks[self.i]]), 38, 2)
        widgets.footer(c, "UP/DOWN: who", "OK next")

    def key(self, app, k):
        n = len(self.choices)
        if k in (UP, DOWN):
            self.picks[self.i] = (self.picks[self.i] + (1 if k == UP else -1)) % n
        elif k == OK:
            if self.i < len(self.letters) - 1:
                self.i += 1
            else:
                won = {}
                for j, letter in enumerate(self.letters):
                    won[letter] = self.choices[self.picks[j]]
                event = {"t": "medals", "won": won}
                if not corrected(self, app, event):
                    judged(self.host, event)  # the rescue or the board follows
        elif k == BACK and self.i > 0:
            self.i -= 1
        elif k in (BACK, UNDO) and self.fix is not None:
            app.nav.pop()  # a correction left as it was
        else:
            GameScreen.key(self, app, k)


def judged(host, event):
    """Offers the dogs or the medals; when that judged the round, what it gave shows
    over the screen that follows."""
    before = host.state["last_round"]
    host.offer(event)
    after = host.state["last_round"]
    if after is not None and after is not before and after != before:
        host.app.nav.push(RoundSummary(host))


class RoundSummary(Screen):
    """After the judging: who won each medal, the new champions, the dogs that went
    to the Pound. OK (or BACK): on to what the state calls for."""

    name = "top-dog-summary"

    def __init__(self, host):
        self.host = host

    def lines(self, app):
        last = self.host.state["last_round"]
        won = last["medals"]
        medals = " ".join("%s %s" % (m, app.colour(won[m][0])[:3]) for m in rules.MEDALS
                          if won.get(m))
        champs = ", ".join(app.colour(c[0]) for c in last["champions"])
        return [medals or "No medal won", "Champions: " + (champs or "none"),
                "To the Pound: %d" % last["pound"], "Pound now: %d" % self.host.state["pound"]]

    def draw(self, c, app):
        widgets.title_bar(c, "Round %d" % self.host.state["last_round"]["round"], "judged")
        widgets.message(c, widgets.wrap(self.lines(app))[:5], 12)
        widgets.footer(c, "", "OK")

    def key(self, app, k):
        if k == UNDO:
            self.host.undo()
        else:
            app.nav.close(self)


class Rescue(GameScreen):
    """The Pound's dogs go back to the players in this order. When everyone is tied,
    the player who last walked a dog starts: UP/DOWN say who."""

    name = "top-dog-rescue"

    def __init__(self, host):
        self.host = host
        self.first = 0
        self.ask = rules.rescue_needs_first(host.state)

    def order(self):
        st = self.host.state
        return rules.rescue_order(st["champions"], st["pound"], self.first if self.ask else None)

    def draw(self, c, app):
        widgets.title_bar(c, "Rescue", "%d dogs" % self.host.state["pound"])
        names = " ".join(app.colour(s)[:3] for s in self.order())
        widgets.message(c, widgets.wrap([names])[:4], 12)
        if self.ask:
            c.text("Walked a dog: " + app.colour(self.first), 2, 46)
        widgets.footer(c, "", "OK: done")

    def key(self, app, k):
        n = self.host.state["players"]
        if k in (UP, DOWN) and self.ask:
            self.first = (self.first + (1 if k == UP else -1)) % n
        elif k == OK:
            event = {"t": "rescued"}
            if self.ask:
                event["first"] = self.first
            self.host.offer(event)
        else:
            GameScreen.key(self, app, k)


FLOW = TopDog()
