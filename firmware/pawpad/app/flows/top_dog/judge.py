# Top Dog's judging: the medals (decided by the box from the stats, or by the players),
# the round's summary, and the rescue from the Pound.
from pawpad.app.shell.flow import packed
from pawpad.app.shell.scoreboard import GameScreen, corrected
from pawpad.games import top_dog as rules
from pawpad.store.records import draft
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen


class Judge(GameScreen):
    """Without stats: who won each available medal (or nobody), in the order P, A, W, S.
    Rule 4.1 is for the players to keep in mind: a winner still blocks later medals.
    Each choice is on flash as it is made (store/records/draft.py): a power cut brings
    the medals back as they were chosen, on the medal that showed. An earlier round
    corrected under it keeps the medals chosen that still fit (again())."""

    name = "top-dog-judge"
    kind = "medals"  # its draft's

    def __init__(self, game, fix=None, before=None, event=None):
        self.game = game
        self.fix = fix  # the index of the medals being corrected, or None
        self.keyed = False  # a choice made (or brought back): its draft is on flash
        self._fit(before or game.state)
        self.picks = [0] * len(self.letters)
        won = (event or {}).get("won", {})
        for j, letter in enumerate(self.letters):
            w = won.get(letter)
            if w is not None and w in self.choices:
                self.picks[j] = self.choices.index(w)
        self.i = 0

    def _fit(self, st):
        """The medals to give and who can win them, in the game `st`."""
        self.letters = rules.available(st)
        self.choices = [None] + [[s, slot] for s, slot, _ in rules.contestants(st)]

    def again(self, app):
        """The game changed under the medals (an earlier round corrected): each medal
        chosen that is still to give, to a contestant still there, stays, and is on
        flash again; the others go back to nobody, and the screen shows the first
        medal to look at again (one reset, or one to give that was not before)."""
        letters, choices, picks, i = self.letters, self.choices, self.picks, self.i
        self._fit(self.game.state)
        self.picks = [0] * len(self.letters)
        reset = ""
        for j, letter in enumerate(letters):
            w = choices[picks[j]]
            if letter in self.letters and w in self.choices:
                self.picks[self.letters.index(letter)] = self.choices.index(w)
            elif w is not None:
                reset += letter  # its winner is gone, or it is no longer to give
        # the medals reset, and those to give that were not: by nobody now
        told = "".join(m for m in rules.MEDALS
                       if m in reset or (m in self.letters and m not in letters))
        self.i = 0  # on at the first medal not given yet, or to give again
        while (self.i < len(self.letters) - 1 and self.letters[self.i] in letters[:i]
               and self.letters[self.i] not in told):
            self.i += 1
        if not self.keyed:
            return
        if told:
            app.toast("Medals reset: " + " ".join(told))
        self._keep()  # the log moved on: kept at its new place

    def label(self, app, choice):
        if choice is None:
            return "nobody"
        seat, slot = choice
        return "%s %s" % (app.seat_name(seat), "prev" if slot == "prev" else "new")

    def draw(self, c, app):
        widgets.title_bar(c, "Medals", "%d/%d" % (self.i + 1, len(self.letters)))
        letter = self.letters[self.i]
        widgets.big_center(c, letter, 12, 3)
        widgets.big_center(c, self.label(app, self.choices[self.picks[self.i]]), 38, 2)
        widgets.footer(c, "UP/DOWN: who", "OK next")

    def key(self, app, k):
        n = len(self.choices)
        if k in (UP, DOWN):  # DOWN: the next, as in every list
            self.picks[self.i] = (self.picks[self.i] + (1 if k == DOWN else -1)) % n
            self._keep()
        elif k == OK:
            if self.i < len(self.letters) - 1:
                self.i += 1
                self._keep()
            else:
                won = {}
                for j, letter in enumerate(self.letters):
                    won[letter] = self.choices[self.picks[j]]
                event = {"t": "medals", "won": won}
                if not corrected(self, app, event):
                    judged(self.game, event)  # the rescue or the scoreboard follows
        elif k == BACK and self.i > 0:
            self.i -= 1
            self._keep()
        elif k in (BACK, UNDO) and self.fix is not None:
            draft.drop(self.game.session, self.fix)
            app.nav.pop()  # a correction left as it was
        else:
            GameScreen.key(self, app, k)

    def _keep(self):
        """The medals chosen so far and the one showing, on flash (a correction's in its
        own draft)."""
        self.keyed = True
        draft.save(self.game.session, "medals", {"picks": self.picks, "i": self.i}, self.fix)

    def kept_shape(self):
        """The shape _keep() writes for this round's medals and contestants."""
        k = len(self.letters)
        return (("picks", ("list", k, ("int", 0, len(self.choices) - 1))),
                ("i", ("int", 0, k - 1)))

    def restore(self, kept):
        """The medals chosen before a power cut (a draft of kept_shape()); False
        (nothing changed) when there is none."""
        if kept is None:
            return False
        self.picks = list(kept["picks"])
        self.i = kept["i"]
        self.keyed = True
        return True


def judged(game, event):
    """Offers the dogs or the medals; when that judged the round, what it gave shows
    over the screen that follows."""
    before = game.state["last_round"]
    game.offer(event)
    after = game.state["last_round"]
    if after is not None and after is not before and after != before:
        game.app.nav.push(RoundSummary(game))


class RoundSummary(Screen):
    """After the judging: who won each medal, the new champions, the dogs that went
    to the Pound. OK (or BACK): on to what the state calls for."""

    name = "top-dog-summary"

    def __init__(self, game):
        self.game = game

    def lines(self, app):
        last = self.game.state["last_round"]
        won = last["medals"]
        # each medal whole on a line, its letter with its winner ("S Yel", never "S" at
        # a line's end and "Yel" under it)
        medals = packed(["%s %s" % (m, app.seat_short(won[m][0])) for m in rules.MEDALS
                         if won.get(m)])
        seats = [c[0] for c in last["champions"]]
        names = ", ".join(app.seat_name(s) for s in seats) or "none"
        champs = ["Champions: " + names]
        if len(champs[0]) > widgets.COLS:  # the names on a line of their own
            if len(names) > widgets.COLS:  # four of them: short names
                names = " ".join(app.seat_short(s) for s in seats)
            champs = ["Champions:", names]
        return (medals or ["No medal won"]) + champs + [
            "Pound: +%d, now %d" % (last["pound"], self.game.state["pound"])]

    def draw(self, c, app):
        widgets.title_bar(c, "Round %d" % self.game.state["last_round"]["round"], "judged")
        widgets.message(c, widgets.wrap(self.lines(app))[:5])
        widgets.footer(c, "", "OK")

    def key(self, app, k):
        if k == UNDO:
            self.game.undo()
        else:
            app.nav.close(self)


class Rescue(GameScreen):
    """The Pound's dogs go back to the players in this order. When everyone is tied,
    the player who last walked a dog starts: UP/DOWN say who (on flash as it is chosen,
    store/records/draft.py)."""

    name = "top-dog-rescue"

    def __init__(self, game):
        self.game = game
        self.first = 0
        self.keyed = False  # who walked a dog chosen: on flash
        self.ask = rules.rescue_needs_first(game.state)

    def again(self, app):
        """The game changed under the rescue (an earlier round corrected): who walked a
        dog stays chosen, on flash again, while it still decides the order; when it no
        longer does, the order is the rules' and the table is told."""
        ask = rules.rescue_needs_first(self.game.state)
        if self.keyed and not ask:
            self.keyed = False
            self.first = 0
            app.toast("Rescue order changed")
        self.ask = ask
        if self.keyed:
            self._keep()  # the log moved on: kept at its new place

    def _keep(self):
        self.keyed = True
        draft.save(self.game.session, "rescue", {"first": self.first})

    def order(self):
        st = self.game.state
        return rules.rescue_order(st["champions"], st["pound"], self.first if self.ask else None)

    def draw(self, c, app):
        widgets.title_bar(c, "Rescue", "%d dogs" % self.game.state["pound"])
        # names side by side, none broken (and none read as a word a line may not end on)
        widgets.message(c, packed([app.seat_short(s) for s in self.order()])[:4])
        if self.ask:  # a blank pixel row under the names' descenders, and over the footer
            c.text("Walked a dog: " + app.seat_name(self.first), 2, widgets.UNDER_GRID)
        widgets.footer(c, "", "OK: done")

    def key(self, app, k):
        n = self.game.state["players"]
        if k in (UP, DOWN) and self.ask:
            self.first = (self.first + (1 if k == DOWN else -1)) % n  # DOWN: the next seat
            self._keep()
        elif k == OK:
            event = {"t": "rescued"}
            if self.ask:
                event["first"] = self.first
            self.game.offer(event)
        else:
            GameScreen.key(self, app, k)


RESCUE_KEPT = (("first", ("seat",)),)  # what Rescue keeps of who walked a dog


def kept_rescue(game):
    """The Rescue screen with who walked a dog as chosen before a power cut; None when
    no such choice is kept (or none is asked)."""
    kept = draft.read(game.session, "rescue", RESCUE_KEPT, game.state["players"])
    screen = Rescue(game)
    if kept is None or not screen.ask:
        return None
    screen.first = kept["first"]
    screen.keyed = True
    screen.phase = "rescue"  # the state's own screen, as it was (nav.show_game)
    return screen
