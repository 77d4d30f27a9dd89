# A Circus Puppy turn on the stages: the performance weighed as it goes, and the
# 5-second rule's hold after it.
from micropython import const

from pawpad.app.flows.circus_puppy.steps import (
    ActionPick,
    FallCount,
    StageCardPick,
    ask_stage,
    fall_event,
    fall_seen,
)
from pawpad.app.shell.scoreboard import game_key
from pawpad.games import circus_puppy as rules
from pawpad.ticks import add, diff
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen

LIFT_MS = const(10000)  # a dog lifted off a stage has this long to land on the other
SETTLE_MAX_MS = const(4000)  # the longest the hold waits for the stages to settle
MANUAL = ("Stacked on low", "Stacked on high", "Moved low>high", "Moved high>low",
          "New stage card", "Dogs fell", "Done")
STEPS_SHOWN = const(3)  # of MANUAL at a time, under the stages' lines


def expected(state):
    """Dogs the turn's action puts on at once, for the stages (0: one at a time, as
    any stack): Double Dog's pair, once the stage card it may need is down."""
    turn = state["turn"]
    if turn is None or not turn["pair"] or turn["held"] < 2:
        return 0
    if turn["stages"] < turn["need_stage"] and state["stage_cards"]:
        return 0
    return 2


class Perform(Screen):
    """The performance: the stages are weighed and every step becomes an event; the
    menu buttons enter a step by hand. The active player's button, or Done: finished."""

    name = "circus-perform"
    # The HX711 needs its clock low only between its pulses: a record goes to flash
    # right after a sample, so what the screen shows is saved within the loop cycle.
    live = True  # never dimmed: the player's button must act at once
    sensing = True

    def __init__(self, game):
        self.game = game
        self.sel = 0
        self.top = 0  # the first of the steps shown (three fit under the stages)
        self.lifted = None  # (stage, t_ms) of a dog lifted off, maybe to be moved

    def draw(self, c, app):
        st = self.game.state
        widgets.title_bar(c, st["turn"]["action"], "+%d" % st["turn"]["points"])
        # list rows' spacing: a blank pixel row under every line's descenders, the
        # last steps' ending on the panel's bottom row
        y = widgets.LIST_Y
        c.text(widgets.clip(self.game.flow.said(st, self.game), widgets.COLS), 2, y)
        low, high = st["stages"]
        c.text("dogs: low %d  high %d" % (rules.dogs_on(low), rules.dogs_on(high)), 2,
               y + widgets.ROW_H)
        if self.lifted is not None:
            c.text("a dog is in the air", 2, y + 2 * widgets.ROW_H)
        self.top = top = widgets.scroll_top(self.sel, self.top, len(MANUAL), STEPS_SHOWN)
        y += 3 * widgets.ROW_H
        for i in range(top, min(len(MANUAL), top + STEPS_SHOWN)):
            c.text(("> " if i == self.sel else "  ") + MANUAL[i], 2, y)
            y += widgets.ROW_H

    def tick(self, app, now_ms):
        if self.lifted is not None and diff(now_ms, self.lifted[1]) > LIFT_MS:
            stage, t = self.lifted
            self.lifted = None
            self._fall(app, stage, 1, t)  # it never landed: it fell
        app.box.stages_expect(None, expected(self.game.state))
        app.nav.dirty = True

    tick_ms = 250

    def stage(self, app, event):
        kind, stage, cards, began = event
        turn = self.game.state["turn"]
        if kind == "unsure":  # the players say what it was; their answer comes back here
            ask_stage(app, self.game, event)
            return
        if kind == "tilt":
            if cards:  # tipped: ask how many fell
                app.nav.push(FallCount(self.game, began))
            return
        if kind == "fell":  # the tilt saw it too: a fall, never a dog being moved
            self.lifted = None
            self._fall(app, stage, cards, began)
            return
        if kind == "moved":  # one dog off one stage and onto this one
            self.lifted = None
            if turn["moves"] < turn["need_moves"]:
                self._step(app, {"t": "move", "from": 1 - stage})
                return
            # no move to make: the dog that came off was told as it settled (a fall
            # in the turn before, within the stages' move_ms), this one is a stack
            kind = "added"
        if kind == "added":
            if self.lifted is not None and self.lifted[0] != stage and cards == 1:
                src = self.lifted[0]
                self.lifted = None
                self._step(app, {"t": "move", "from": src})
            elif turn["stages"] < turn["need_stage"] and self.game.state["stage_cards"]:
                app.nav.push(StageCardPick(self.game, stage))
            elif turn["held"]:
                self._step(app, {"t": "stack", "stage": stage})
            return
        # removed
        pending = turn["moves"] < turn["need_moves"]
        if pending and self.lifted is None and cards == 1:
            self.lifted = (stage, began)
        else:
            self._fall(app, stage, cards, began)

    def _fall(self, app, stage, count, t_ms):
        self.game.offer(fall_event(self.game.state, stage, count, t_ms))

    def _step(self, app, event):
        """A stack or a move; a +1 stage card then asks for the action again."""
        if self.game.offer(event):
            turn = self.game.state["turn"]
            if turn["repeat"] and not turn["held"]:
                app.nav.push(ActionPick(self.game, turn["repeat_action"]))

    def key(self, app, k):
        if k in (UP, DOWN):
            self.sel = (self.sel + (1 if k == DOWN else -1)) % len(MANUAL)
        elif k == OK:
            self.manual(app, MANUAL[self.sel])
        else:
            game_key(app, self.game, k)

    def manual(self, app, what):
        if what.startswith("Stacked on"):
            self._step(app, {"t": "stack", "stage": 0 if what.endswith("low") else 1})
        elif what.startswith("Moved"):
            self._step(app, {"t": "move", "from": 0 if what.startswith("Moved low") else 1})
        elif what == "New stage card":
            app.nav.push(StageCardPick(self.game, None))
        elif what == "Dogs fell":
            app.nav.push(FallCount(self.game, app.now))
        else:
            self.done(app)

    def done(self, app):
        self._hands_off(app)
        if not self.game.state["turn"]["held"]:
            # nothing goes on now; with dogs in hand the rules refuse Done, and what is
            # expected stays (said again, the pair's wait would start over)
            app.box.stages_expect(None, 0)
        self.game.offer({"t": "done", "t_ms": app.now})  # the hold follows

    def _hands_off(self, app):
        """Done says the table's hands are off the stages: Double Dog's pair, on a
        stage that holds still at it now, is the stack (without the wait that tells
        it from a finger resting on one dog), and the Done follows it as one press.
        Only when the rules then take the Done: else nothing is taken, as before."""
        st = self.game.state
        if not expected(st):
            return
        stage = app.box.stages_pair_ready()
        if stage is None:
            return
        try:
            after = rules.step(st, {"t": "stack", "stage": stage})
            rules.step(after, {"t": "done", "t_ms": app.now})
        except ValueError:
            return  # Done is refused for another reason: the pair waits as ever
        for event in app.box.stages_hands_off(stage):
            self.stage(app, event)

    def player(self, app, seat, t_us):
        if seat == self.game.state["active"]:
            self.done(app)


class Hold(Screen):
    """The 5-second rule: a fall now still spoils the turn. Then the points count."""

    name = "circus-hold"
    live = True
    sensing = True
    tick_ms = 100

    def __init__(self, game, since):
        self.game = game
        self.since = since

    def draw(self, c, app):
        st = self.game.state
        widgets.title_bar(c, "Hold still", "+%d" % st["turn"]["points"])
        left = st["settings"]["grace_ms"] - diff(app.now, self.since)
        widgets.big_center(c, str(max(0, (left + 999) // 1000)), 16, 4)
        widgets.footer(c, "", "BACK: dogs fell")

    def tick(self, app, now_ms):
        app.box.stages_expect(None, 0)  # nothing goes on now
        st = self.game.state
        grace = st["settings"]["grace_ms"]
        if diff(now_ms, self.since) >= grace:
            # A change on the stages that began before the time ran out is reported
            # a little later (the load cells settle): it is waited for (4 s at most:
            # a hand resting on a stage cannot hold the game) and judged by when it
            # began.
            pending = app.box.stages_pending_since()
            if (pending is not None and diff(pending, add(self.since, grace)) < 0 and
                    diff(now_ms, pending) < SETTLE_MAX_MS):
                return
            self.game.offer({"t": "settled"})
            return
        app.nav.dirty = True

    def stage(self, app, event):
        fall_seen(app, self.game, event)

    def key(self, app, k):
        if k == BACK:
            app.nav.push(FallCount(self.game, app.now))
        elif k == UNDO:
            self.game.undo()
