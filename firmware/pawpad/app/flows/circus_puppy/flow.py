# Circus Puppy on the device. The active player picks the action of the dog they
# drew; then the box watches the stages: a dog going on is a stack, a dog lifted off
# one stage and put on the other is the Acrobatics move, anything else coming off (or
# the tilt switch) is a fall. Every step can also be entered with the menu buttons,
# for a box without load cells. When the player says done, the 5-second rule runs:
# a fall before it ends spoils the turn; a fall after it only moves the dogs.
from pawpad.app.flows.circus_puppy.perform import Hold, Perform
from pawpad.app.flows.circus_puppy.steps import (
    STAGES,
    ActionPick,
    FallCount,
    StageCardPick,
    StageFix,
    fall_seen,
    fallen,
    kept_step,
)
from pawpad.app.shell.flow import Flow
from pawpad.app.shell.scoreboard import Scoreboard
from pawpad.games import circus_puppy as rules
from pawpad.games.common import replay
from pawpad.ui import widgets
from pawpad.ui.canvas import WIDTH


class CircusPuppy(Flow):
    id = "circus_puppy"
    # A turn is many events: each step of one (the action, a stack, a move, a stage
    # card, a fall) can be corrected, and the steps after it are kept if they still
    # fit.

    def screen(self, game):
        phase = game.state["phase"]
        if phase == "performing":
            return Perform(game)
        if phase == "after":
            return Hold(game, game.app.now)
        return CircusScoreboard(game)

    def on_table(self, state):
        return [list(stage) for stage in state["stages"]]

    def put_back(self, before, state):
        """"Take off high: 1 dog", then "Put on low: 1 dog": an undone Acrobatics move,
        a stack, a fall or a stage card, as the stages must be for the load cells."""
        takes, puts = [], []
        for i in (0, 1):
            was, now = before[i], state["stages"][i]
            k = 0
            while k < len(was) and k < len(now) and was[k] == now[k]:
                k += 1
            if was[k:]:
                takes.append("Take off %s: %s" % (STAGES[i], things(was[k:])))
            if now[k:]:
                puts.append("Put on %s: %s" % (STAGES[i], things(now[k:])))
        return takes + puts

    def menu_extras(self, game):
        # Dogs that fall between turns, 5 s or more after the performance: they go
        # under the supply and nothing is scored (the load cells see them too).
        return [("Dogs fell", fallen)]

    sheet_unit = "Turn"

    def sheet_mark(self, state):
        """Changes once per row of the score sheet (store/records/score_sheet.py): a turn."""
        last = state["last_turn"]
        return None if last is None else tuple(last)

    def round_rows(self, game):
        """(label, value, event index), one at a time: every step that can be
        corrected, each with its turn's number and player: "T3 Blu" "acrobatics"."""
        session = game.session
        head = session.header
        st = replay(session.engine, head["players"], head["settings"], ())
        turn = 0
        for i, e in enumerate(session.events()):
            t = e["t"]
            if t == "perform" and st["phase"] != "performing":
                turn += 1
                if st["phase"] == "after":  # the last turn's points stand first
                    st = session.engine.apply(st, {"t": "settled"})
            value = step_word(e)
            if value is not None:
                seat = st["active"]
                if t == "fall" and st["phase"] == "turn" and st["last_turn"] is not None:
                    # a late fall between turns (the game menu's "Dogs fell"): the
                    # turn's it follows, as when the load cells see it in the hold
                    seat = st["last_turn"][0]
                yield ("T%d %s" % (turn, game.short_name(seat)), value, i)
            st = session.engine.apply(st, e)

    def edit_round(self, game, index, event):
        if step_word(event) is None:
            return None  # a step no correction is for (the clock's)
        before = game.session.state_before(index)
        t = event["t"]
        if t == "perform":
            repeat = event["action"] if before["phase"] == "performing" else None
            return ActionPick(game, repeat, fix=index, before=before, event=event)
        if t == "fall":
            return FallCount(game, event["t_ms"], fix=index, before=before, event=event)
        if t == "new_stage":
            return StageCardPick(game, None, fix=index, before=before, event=event)
        return StageFix(game, index, event)

    def prompt(self, state):
        return rules.prompt(state)

    def draft_screen(self, game):
        return kept_step(game)  # an action, a fall or a stage card, as it was chosen

    def scores(self, state):
        return list(state["scores"])

    def winners(self, state):
        return rules.winners(state)

    def places(self, state):
        return rules.places(state)  # by points less cards left; equal seats share

    def history_final(self, state):
        # the final score is the points less the cards left (the export's score)
        return {"left": [rules.cards_left(state, s) for s in range(state["players"])]}

    def result_lines(self, state, game):
        out = []
        for place, s in self.places(state):
            left = rules.cards_left(state, s)
            out.append("%d. %-7s %d-%d=%d" % (place, game.name(s), state["scores"][s], left,
                                             state["scores"][s] - left))
        return out


def things(items):
    """"2 dogs", "1 dog, +1 repeat": what lies on a stage, dogs counted, cards named."""
    dogs = rules.dogs_on(items)
    out = ["%d dog%s" % (dogs, "" if dogs == 1 else "s")] if dogs else []
    return ", ".join(out + [x for x in items if x != rules.DOG])


def step_word(e):
    """A step of a turn that can be corrected, in a word or two; None for the others
    (done, settled: the clock's)."""
    t = e["t"]
    if t == "perform":
        return e["action"]
    if t == "fall":  # with the stage cards that fell with the dogs: "fell 2+card"
        cards = e.get("cards", 0)
        return "fell %d%s" % (e["dogs"], "" if not cards else "+card" if cards == 1
                              else "+cards")
    if t == "new_stage":
        return e["card"]
    if t == "stack":
        return "on " + STAGES[e["stage"]]
    if t == "move":
        return "from " + STAGES[e["from"]]
    return None


class CircusScoreboard(Scoreboard):
    """Whose turn, every seat's points and cards left (they decide the end: a point
    off for each), the active player's deck and face-up dogs. OK: the action."""

    name = "circus"
    sensing = True  # the stages are watched all game, so a performance starts weighed

    def draw(self, c, app):
        st = self.game.state
        seat = st["active"]
        widgets.title_bar(c, "Circus Puppy", app.seat_name(seat))
        widgets.score_grid(c, [(app.seat_name(s),
                                "%d/%d" % (st["scores"][s], rules.cards_left(st, s)))
                               for s in range(st["players"])], highlight=seat,
                           short=app.seat_short)
        # what the grid's values are, in its first free cell, under the values (2 to 5
        # seats leave one): not on a line of its own, read as the supply's
        n = st["players"]
        half = WIDTH // 2
        c.text_right("pts/cards", (n % 2 + 1) * half - 3, widgets.LIST_Y + n // 2 * widgets.ROW_H)
        c.text("deck %d  face-up %d" % (st["decks"][seat], st["faceup"][seat]), 2, 38)
        c.text("supply %d" % st["supply"], 2, 47)
        widgets.footer(c, "OK: draw a dog", self.game.timer_text())

    def begin(self, app, seat):
        if seat is None or seat == self.game.state["active"]:
            app.nav.push(ActionPick(self.game))

    def stage(self, app, event):
        """Between turns, dogs coming off a stage are a late fall: they go under the
        supply and nothing is scored (the 5 seconds are over)."""
        fall_seen(app, self.game, event)


FLOW = CircusPuppy()
