# Top Dogs on the device: each round every player keys in the three card values of
# their team; the box works out the team values, the tie cascade and the cup.
from micropython import const

from pawpad.app.shell.flow import Flow
from pawpad.app.shell.scoreboard import Scoreboard, corrected
from pawpad.games import top_dogs as rules
from pawpad.games.common import N
from pawpad.store.records import draft
from pawpad.ui import widgets
from pawpad.ui.canvas import WIDTH
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen

CARD_MAX = const(20)
HINT = "hint_top_dogs"  # the setting: the keypad's hint still to be shown


class TopDogs(Flow):
    id = "top_dogs"

    def screen(self, game):
        return TopDogsScoreboard(game)

    def phase(self, state):
        return "scoreboard"

    def prompt(self, state):
        return rules.prompt(state)

    def scores(self, state):
        return list(state["points"])

    def winners(self, state):
        return rules.winners(state)

    def score_line(self, state, game):
        # rounds played: the prompt above says the round to come
        return ["%d of %d rounds played" % (state["round"], rules.rounds_in_game(state))] + \
            Flow.score_line(self, state, game)

    def places(self, state):
        return rules.standings(state)  # points decide (docs/rules.md)

    def result_lines(self, state, game):
        # in points when a cup is worth more than one
        worth = state["settings"]["cup_points"]
        return ["%d. %-7s %s" % (place, game.name(seat), plural(state["cups"][seat], "cup")
                                 if worth == 1 else plural(state["points"][seat], "point"))
                for place, seat in self.places(state)]

    def round_rows(self, game):
        for i, e in enumerate(game.session.events()):
            values = [rules.team_value(t) for t in e["cards"]]
            w = rules.cup_winner(values)
            # the cup winner's own team (the highest may have been tied away)
            yield ("R%d %s" % (i + 1, game.name(w) if w is not None else "lost"),
                   values[w] if w is not None else max(values), i)

    def edit_round(self, game, index, event):
        if event["t"] != "teams":
            return None
        return TeamEntry(game, fix=index, cards=event["cards"])

    def draft_screen(self, game):
        v = draft.read(game.session, "teams", TEAMS_KEPT, game.state["players"])
        screen = TeamEntry(game)
        return screen if v is not None and screen.restore(v) else None


# The cards keyed so far of a round, as TeamEntry keeps them (store/records/draft.py):
# the teams, which are entered, the card showing, how far each team's keying reached
TEAMS_KEPT = (("cards", ("list", N, ("list", 3, ("int", 1, CARD_MAX)))),
              ("entered", ("list", N, ("bool",))), ("seat", ("seat",)),
              ("field", ("int", 0, 2)), ("reached", ("list", N, ("int", 0, 2))))


def usual_first_card(game):
    """The mean of the teams' first cards so far (5 before the first round: the middle
    of a colour's values)."""
    total = n = 0
    for e in game.session.events():
        for team in e["cards"]:
            total += team[0]
            n += 1
    return (total + n // 2) // n if n else 5


def plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def draw_scoreboard(c, app, game, left, right):
    """The points (the cups, while a cup is worth one), and who took the last cup."""
    st = game.state
    rounds = rules.rounds_in_game(st)
    widgets.title_bar(c, "Top Dogs", "R%d/%d" % (min(st["round"] + 1, rounds), rounds))
    widgets.score_grid(c, [(app.seat_name(s), st["points"][s]) for s in range(st["players"])],
                       short=app.seat_short)
    last = st["last"]
    if last is not None:  # the round just saved: who took the cup, with what team
        w = last["winner"]
        worth = st["settings"]["cup_points"]
        # the cup's points where a cup is worth more than one ("+2 Blue"), and the
        # winner's team at the right: "Cup: Yellow" and "team 8000" take 20 columns
        if w is None:
            c.text("Cup lost", 2, 42)
        else:
            c.text(("Cup:" if worth == 1 else "+%d" % worth) + " " + app.seat_name(w), 2, 42)
            c.text_right("team %d" % last["values"][w], WIDTH - 3, 42)
    widgets.footer(c, left, right)


class TopDogsScoreboard(Scoreboard):
    name = "top-dogs"

    def draw(self, c, app):
        draw_scoreboard(c, app, self.game, "OK: next round", self.game.timer_text())

    def begin(self, app, seat):
        app.nav.push(TeamEntry(self.game, seat=seat or 0))


class LastCup(Screen):
    """The last round's cup, over the final standings: the table sees who took it
    before the results. OK (or BACK): the results."""

    name = "top-dogs-last"

    def __init__(self, game):
        self.game = game

    def draw(self, c, app):
        draw_scoreboard(c, app, self.game, "", "OK: results")

    def key(self, app, k):
        if k == UNDO:
            self.game.undo()
        elif k in (OK, BACK):
            app.nav.close(self)


class TeamEntry(Screen):
    """Three card values per seat: UP/DOWN change the value, OK moves on, BACK goes
    back. A player's button jumps to their own team, and on their own team enters it
    as it shows; with the keypad (the setting, on a box whose buttons fit the values:
    App.keypad_keys), player button k is the value k instead, and moves on as OK
    does. A team is entered once OK has passed its third card (or its player's button
    said so): the round is saved when every team is, and not before. Every card as it
    is set is on flash, and where the keying is (store/records/draft.py)."""

    name = "team-entry"
    kind = "teams"  # its draft's

    def __init__(self, game, fix=None, cards=None, seat=0, entered=None):
        self.game = game
        n = game.state["players"]
        self.keypad = game.app.keypad_keys()  # player buttons 1..this are values
        # what the buttons do, in the team's value's place, until one is first used
        k = self.keypad
        self.hint = game.app.keypad_hint(HINT, "button 1-%d = card 1-%d" % (k, k))
        self.fix = fix  # the index of the round being corrected, or None
        if cards:
            self.cards = [list(t) for t in cards]
        else:  # a team starts at the usual first card so far (a table's habit)
            start = usual_first_card(game)
            self.cards = [[start] * 3 for _ in range(n)]
        self.seat = seat
        self.field = 0
        # OK passed the team's third card (a round keyed in part before a power cut:
        # the teams it had)
        self.entered = list(entered) if entered else [False] * n
        # Each team's last card reached: the cards after it follow the one being set
        # (a correction's cards stand as they were entered).
        self.reached = [0 if fix is None and not e else 2 for e in self.entered]
        if entered:  # on at the first team not keyed yet
            self.seat = -1
            nxt = self.next_missing()
            self.seat = 0 if nxt is None else nxt

    def draw(self, c, app):
        st = self.game.state
        rnd = (self.fix + 1) if self.fix is not None else st["round"] + 1
        widgets.title_bar(c, ("Fix R%d" if self.fix is not None else "Round %d") % rnd,
                          app.seat_name(self.seat))
        team = self.cards[self.seat]
        # Large digits; a two-digit value takes them down a size (every value, alike),
        # as big_center does: three at the large size would stand closer than a glyph's
        # width and read as one number ("101010"), not "10 10 10".
        scale = 3 if max(team) < 10 else 2
        x = 10
        for i in range(3):
            s = str(team[i])
            w = widgets.text_width(s, scale)
            c.text(s, x + (30 - w) // 2, 16 + (3 - scale) * 4, 1, scale)
            if i == self.field:
                c.fill_rect(x, 40, 30, 2, 1)
            x += 40
        c.text_center(self.hint or "team %d" % rules.team_value(team), 45)
        widgets.footer(c, "seat %d/%d" % (self.seat + 1, len(self.cards)),
                       "keys 1-%d" % self.keypad if self.keypad else "OK next")

    def set_card(self, v):
        team = self.cards[self.seat]
        # the cards not reached yet follow: a pair or three of a kind, laid side by
        # side, costs no press
        for f in range(max(self.field, self.reached[self.seat]) + 1, 3):
            team[f] = v
        team[self.field] = v

    def key(self, app, k):
        team = self.cards[self.seat]
        if k in (UP, DOWN):
            v = team[self.field] + (1 if k == UP else -1)
            self.set_card(CARD_MAX if v < 1 else (1 if v > CARD_MAX else v))
            self._keep()
        elif k == OK:
            if self.field < 2:
                self.field += 1
                self.reached[self.seat] = max(self.reached[self.seat], self.field)
                self._keep()
                return
            self.done(app)
        elif k in (BACK, UNDO):
            if self.field > 0:
                self.field -= 1
                self._keep()
            elif self.seat > 0:
                self.seat -= 1
                self.field = 2
                self._keep()
            else:
                draft.drop(self.game.session, self.fix)  # the keying left: none kept
                app.nav.pop()

    def done(self, app):
        """This seat's team is entered: on to the next one not entered, or the cup."""
        self.entered[self.seat] = True
        self.reached[self.seat] = 2
        nxt = self.next_missing()
        if nxt is None:  # every team in: the round is saved (undo or correct it after)
            event = {"t": "teams", "cards": self.cards}
            if not corrected(self, app, event):
                # the scoreboard follows, with the cup's winner; after the last round, the
                # cup over the results
                game = self.game
                if game.offer(event) and game.state["ended"]:
                    app.nav.push(LastCup(game))
            return
        if nxt < self.seat:  # a team passed over by a player's button
            app.toast(app.seat_name(nxt) + "'s team next")
        self.seat = nxt
        self.field = 0
        self._keep()

    def _keep(self):
        """The cards so far and where the keying is, on flash: a power cut keeps them
        (a correction's in its own draft)."""
        draft.save(self.game.session, "teams", {
            "cards": self.cards, "entered": self.entered, "seat": self.seat,
            "field": self.field, "reached": self.reached}, self.fix)

    def kept_shape(self):
        return TEAMS_KEPT

    def restore(self, v):
        """The cards keyed before a power cut (a draft of TEAMS_KEPT); False when every
        team was in (the round would have been saved)."""
        if all(v["entered"]):
            return False
        self.cards, self.entered = v["cards"], v["entered"]
        self.seat, self.field, self.reached = v["seat"], v["field"], v["reached"]
        return True

    def next_missing(self):
        """The next seat whose team is not entered (after this one, then from the
        first), or None."""
        n = len(self.cards)
        for i in range(1, n + 1):
            s = (self.seat + i) % n
            if not self.entered[s]:
                return s
        return None

    def player(self, app, seat, t_us):
        if self.keypad:  # button k: the value k, and on as OK goes
            if self.hint:
                self.hint = None
                app.keypad_used(HINT)
            self.set_card(min(seat + 1, CARD_MAX))
            self.key(app, OK)
        elif seat == self.seat:  # their own button on their own team: as it shows
            self.done(app)
        elif seat < len(self.cards):
            self.seat = seat
            self.field = 0
            self._keep()


FLOW = TopDogs()
