# After a Pick-a-Dog STOP: the examination (was the caller right?), everyone's count
# of member cards (or a broken chain), and what the round gave each player.
from pawpad.app.flows.pick_a_dog import tally
from pawpad.app.flows.pick_a_dog.common import variant
from pawpad.app.shell.scoreboard import corrected, game_key
from pawpad.games import pick_a_dog as rules
from pawpad.games.common import N
from pawpad.store.records import draft, stats
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen


class Exam(Screen):
    """Was the caller right? OK: yes, BACK: no. Then everyone's count. (The state's
    screen while a STOP waits for its examination.)"""

    name = "pad-exam"

    def __init__(self, game):
        self.game = game

    def draw(self, c, app):
        caller = self.game.state["caller"]
        widgets.title_bar(c, "Examination", self.game.timer_text())  # the game menu's
        if caller is None:
            widgets.message(c, ["Time up: nobody", "called STOP.", "", "OK: count the cards",
                                "DOWN: game menu"])
            return
        widgets.big_center(c, app.seat_name(caller), 14, 2)
        c.text_center("Was %s right?" % app.seat_name(caller), 34)
        c.text_center("DOWN: game menu", 44)
        widgets.footer(c, "BACK: wrong", "OK: right")

    def key(self, app, k):
        caller = self.game.state["caller"]
        if k == UNDO:
            self.game.undo()
        elif k == DOWN:  # BACK is the verdict here: the game menu (its timer) is DOWN
            app.nav.push(self.game.menu())
        elif caller is None:
            if k == OK:
                app.nav.push(Counts(self.game, None))
            elif k == BACK:
                game_key(app, self.game, k)
        elif k in (OK, BACK):
            app.nav.push(Counts(self.game, k == OK))


class Counts(Screen):
    """How many member cards each player collected, and whose chain broke (they are
    discarded: they leave the table all the same). UP/DOWN change the count of the
    chosen player, OK goes to the next, and on the last player saves the round; DOWN
    below 0 marks (or clears) a broken chain, whose cards are then counted the same
    way; a player's button picks their own line, and twice in a row marks (or clears)
    their broken chain, count kept. Each count starts where the player's counts of the
    rounds before put it. BACK on the first line: the verdict again. UNDO (BACK held)
    takes back the last count keyed, and on the first line the verdict. The verdict
    and each count are on flash as they are keyed, before OK (store/records/draft.py)."""

    name = "pad-counts"
    kind = "counts"  # its draft's

    def __init__(self, game, right, fix=None, values=None, broken=(), kept=None):
        self.game = game
        self.right = right
        self.fix = fix  # index of the result event being corrected
        n = game.state["players"]
        if kept is not None:  # keyed before a power cut: on from where it was
            self._restore(kept)
            return
        # Where the counts start: a player collects about as many every round (their
        # mean so far; in the first round, their mean in the games before). Without
        # any of that, about as many as the player before (the lines not reached yet
        # follow the one being set).
        self.follow = False
        if not values:
            table = game.state["table"]
            values = usual_counts(game.session.events(), table)
            if values is None:
                values = known_counts(game, table)
            if values is None:
                values = [0] * n
                self.follow = True
            broken = ()
        self.values = [max(0, v) for v in values]
        self.seen = 1  # lines 0 .. seen - 1 have been chosen
        self.pressed = None  # the seat whose button was the last thing pressed
        # seats whose chain broke (an old count of BROKEN: broken with 0 cards)
        self.broken = [s for s in range(n) if s in broken or (values and values[s] < 0)]
        self.sel = 0
        self.top = 0
        self.start = (list(self.values), list(self.broken))  # what UNDO puts back
        self._keep()  # the verdict is in

    def _keep(self):
        """The verdict and the counts OK has taken so far, on flash (a correction's in
        its own draft)."""
        draft.save(self.game.session, "counts", {
            "right": self.right, "values": self.values, "broken": self.broken,
            "sel": self.sel, "seen": self.seen, "follow": self.follow,
            "start": self.start, "margin_ms": self.game.round.get("margin_ms")}, self.fix)

    def _restore(self, kept):
        self.values, self.broken = kept["values"], kept["broken"]
        self.sel, self.seen, self.follow = kept["sel"], kept["seen"], kept["follow"]
        self.start = kept["start"]
        self.pressed = None
        self.top = 0
        if self.fix is None:  # (a correction keeps its round's margin)
            self.game.round["margin_ms"] = kept["margin_ms"]

    def kept_shape(self):
        return counts_kept(self.game)

    def restore(self, v):
        """A correction's counts keyed before a power cut (a draft of kept_shape()), if
        they are of its verdict; False if not."""
        if v["right"] != self.right or not fits(v):
            return False
        self._restore(v)
        return True

    def rows(self, app):
        out = []
        for seat, v in enumerate(self.values):
            out.append((app.seat_name(seat), ("broken %d" % v) if seat in self.broken else v))
        return out

    def draw(self, c, app):
        if self.fix is not None:
            title = "Fix round %d" % self.fix_round()
        elif self.right is None:
            title = "Time up"
        else:
            title = "STOP %s" % ("right" if self.right else "wrong")
        # what the list holds; on the last player, what OK does there
        widgets.title_bar(c, title, "OK: save" if self.sel == len(self.values) - 1
                          else "cards")
        rows = self.rows(app)
        self.top = widgets.scroll_top(self.sel, self.top, len(rows))
        widgets.list_rows(c, rows, self.sel, self.top)

    def fix_round(self):
        n = 0
        for i, e in enumerate(self.game.session.events()):
            if i > self.fix:
                break
            n += e["t"] == "result"
        return n

    def key(self, app, k):
        n = len(self.values)
        self.pressed = None
        if k in (UP, DOWN):
            v = self.values[self.sel] + (1 if k == UP else -1)
            most = rules.VARIANTS[variant(self.game)]["table"]
            if v < 0:  # below nothing: the chain broke (or, again, did not); a held DOWN
                if not app.repeat:  # stops at 0 rather than marking it on and off
                    self._toggle_broken(self.sel)
                v = 0
            self.values[self.sel] = v = min(most, v)
            if self.follow:
                for seat in range(max(self.sel + 1, self.seen), n):
                    self.values[seat] = v
            self._keep()  # the count as it shows, before its OK
        elif k == OK:
            if self.sel < n - 1:
                self.sel += 1
                self.seen = max(self.seen, self.sel + 1)
                self._keep()
            else:
                self.save(app)
        elif k == BACK:
            if self.sel > 0:
                self.sel -= 1
                self._keep()
            else:
                self.leave(app)  # back to the verdict (or the rounds list)
        elif k == UNDO:
            if self.sel > 0:  # the last count keyed, taken back: as it started
                self.sel -= 1
                seat = self.sel
                self.values[seat] = self.start[0][seat]
                if (seat in self.broken) != (seat in self.start[1]):
                    self._toggle_broken(seat)
                self._keep()
                app.toast("Count undone")
            else:  # no count keyed: the verdict is what there is to take back
                self.leave(app)
                if self.fix is None:
                    app.toast("Verdict undone")

    def leave(self, app):
        draft.drop(self.game.session, self.fix)  # the verdict is to be given again
        app.nav.pop()

    def player(self, app, seat, t_us):
        if seat >= len(self.values):
            return
        if self.pressed == seat:  # twice in a row: their chain broke (or, again, not)
            self._toggle_broken(seat)
        self.pressed = seat
        self.sel = seat
        self.seen = max(self.seen, seat + 1)
        self._keep()  # the line left is as keyed

    def _toggle_broken(self, seat):
        if seat in self.broken:
            self.broken.remove(seat)
        else:
            self.broken.append(seat)

    def event(self):
        e = {"t": "result", "collected": list(self.values), "broken": sorted(self.broken)}
        if self.right is not None:
            e["right"] = self.right
            if self.fix is None:
                margin = self.game.round.get("margin_ms")
            else:  # a correction keeps the round's margin
                margin = self.game.session.events()[self.fix].get("margin_ms")
            if margin is not None:  # (a tied seat chosen may have pressed first: 0)
                e["margin_ms"] = max(0, min(margin, rules.MARGIN_MAX_MS))
        return e

    def save(self, app):
        game = self.game
        if corrected(self, app, self.event()):
            return
        game.offer(self.event(), over=RoundResult(game, game.state))


def kept_counts(game):
    """The verdict and counts keyed before a power cut, as Counts(kept=) takes them, if
    a draft of this STOP's holds them in the shape the screen keeps them; else None."""
    st = game.state
    v = draft.read(game.session, "counts", counts_kept(game), st["players"])
    # what a table cannot say: a verdict where there is a caller
    if v is None or (v["right"] is None) != (st["caller"] is None) or not fits(v):
        return None
    return v


def counts_kept(game):
    """The shape Counts keeps its verdict and counts in (games/shape.py)."""
    n = game.state["players"]
    counts = ("list", N, ("int", 0, rules.VARIANTS[variant(game)]["table"]))
    seats = ("list", (0, n), ("seat",))
    return (("right", ("opt", ("bool",))), ("values", counts), ("broken", seats),
            ("sel", ("seat",)), ("seen", ("int", 1, n)), ("follow", ("bool",)),
            ("start", ("items", (counts, seats))),
            ("margin_ms", ("opt", ("int", 0, rules.MAX_MS))))


def fits(v):
    """What a table cannot say otherwise: lines seen up to the one chosen, each broken
    chain once."""
    return v["sel"] < v["seen"] and _once(v["broken"]) and _once(v["start"][1])


def _once(seats):
    return len(set(seats)) == len(seats)


def usual_counts(events, table):
    """Each seat's mean count over the rounds so far (broken chains' too), rounded; or
    None before the first count. A player's haul varies round to round about their own
    usual: the mean is nearer the next one than the last round's count is. When the
    table holds fewer cards than those add up to (the last round), the biggest give
    way first."""
    totals, rounds = tally.cards_collected(events)
    if totals is None:
        return None
    return fit([(t + rounds // 2) // rounds for t in totals], table)


def known_counts(game, table):
    """Before this game's first count: each player's usual count in the games before
    (the statistics, by colour and variant); a player without one starts at the mean
    of those with one. None when nobody has one."""
    n = game.state["players"]
    known = [stats.usual_count(game.app.stats, game.name(s), variant(game))
             for s in range(n)]
    have = [v for v in known if v is not None]
    if not have:
        return None
    mean = (sum(have) + len(have) // 2) // len(have)
    return fit([mean if v is None else v for v in known], table)


def fit(counts, table):
    """`counts` cut to what the table holds (the last round's table may hold fewer):
    the biggest give way first. None is over the table (a damaged figure of the
    statistics), so the cutting takes a few hundred steps at most."""
    counts = [min(c, table) for c in counts]
    while sum(counts) > table:
        counts[counts.index(max(counts))] -= 1
    return counts


class RoundResult(Screen):
    """What the round gave each player. OK: the next round begins (the countdown, or
    solo's stopwatch) as the scoreboard's OK would begin it, or the final results once the
    game is over; BACK: the scoreboard."""

    name = "pad-result"

    def __init__(self, game, before):
        self.game = game
        self.before = before

    def draw(self, c, app):
        st, before = self.game.state, self.before
        widgets.title_bar(c, "Round %d" % st["round"], "LAST NEXT" if st["last_round"] else "")
        items = []
        solo = variant(self.game) == "solo"
        for s in range(st["players"]):
            # the points the round scores, with their sign: solo's cards left on the
            # table are minus points
            gained = rules.score(st, s) - rules.score(before, s)
            items.append((app.seat_name(s), "%+d" % gained if gained or solo else "x"))
        widgets.score_grid(c, items, short=app.seat_short)
        last = st["last_stop"]
        if last and last[0] is not None:
            c.text(widgets.clip("%s was %s" % (app.seat_name(last[0]), "right" if last[1]
                                                else "wrong"), widgets.COLS), 2, widgets.UNDER_GRID)
        if st["ended"]:
            widgets.footer(c, "", "OK: results")
        else:
            widgets.footer(c, "BACK: board", "OK: GO")

    def key(self, app, k):
        if k == UNDO:
            self.game.undo()
        elif k in (OK, BACK):
            app.show_player_colours()  # everyone's light back on for the next round
            app.nav.close(self)  # the state's screen: the scoreboard, or the results
            scoreboard = app.nav.top
            if k == OK and not self.game.state["ended"] and hasattr(scoreboard, "begin"):
                scoreboard.begin(app, None)
