# Circus Puppy on the device. The active player picks the action of the dog they
# drew; then the box watches the stages: a dog going on is a stack, a dog lifted off
# one stage and put on the other is the Acrobatics move, anything else coming off (or
# the tilt switch) is a fall. Every step can also be entered with the menu buttons,
# for a box without load cells. When the player says done, the 5-second rule runs:
# a fall before it ends spoils the turn; a fall after it only moves the dogs.
from pawpad.app.board import GameBoard, corrected, game_key
from pawpad.app.flow import Flow
from pawpad.app.screen import BACK, DOWN, OK, UNDO, UP, Screen
from pawpad.games import circus_puppy as rules
from pawpad.games.common import replay
from pawpad.ticks import add, diff
from pawpad.ui import widgets

STAGES = ("low", "high")
LIFT_MS = 10000  # a dog lifted off a stage has this long to land on the other
SETTLE_MAX_MS = 4000  # the longest the hold waits for the stages to settle
MANUAL = ("Stacked on low", "Stacked on high", "Moved low>high", "Moved high>low",
          "New stage card", "Dogs fell", "Done")


class CircusPuppy(Flow):
    game = "circus_puppy"
    # A turn is many events: each step of one (the action, a stack, a move, a stage
    # card, a fall) can be corrected, and the steps after it are kept if they still
    # fit.

    def screen(self, host):
        phase = host.state["phase"]
        if phase == "performing":
            return Perform(host)
        if phase == "after":
            return Hold(host, host.app.now)
        return Board(host)

    def menu_extras(self, host):
        # Dogs that fall between turns, 5 s or more after the performance: they go
        # under the supply and nothing is scored (the load cells see them too).
        return [("Dogs fell", fallen)]

    sheet_unit = "Turn"

    def sheet_mark(self, state):
        """Changes once per row of the score sheet (app/score_sheet.py): a turn."""
        last = state["last_turn"]
        return None if last is None else tuple(last)

    def round_rows(self, host):
        """(label, value, event index), one at a time: every step that can be
        corrected, each with its turn's number and player: "T3 Blu" "acrobatics"."""
        session = host.session
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
                yield ("T%d %s" % (turn, host.name(seat)[:3]), value, i)
            st = session.engine.apply(st, e)

    def edit_round(self, host, index, event):
        before = host.session.state_before(index)
        t = event["t"]
        if t == "perform":
            repeat = event["action"] if before["phase"] == "performing" else None
            return ActionPick(host, repeat, fix=index, before=before, event=event)
        if t == "fall":
            return FallCount(host, event["t_ms"], fix=index, before=before, event=event)
        if t == "new_stage":
            return StageCardPick(host, None, fix=index, before=before, event=event)
        return StageFix(host, index, event)

    def prompt(self, state):
        return rules.prompt(state)

    def scores(self, state):
        return list(state["scores"])

    def winners(self, state):
        return rules.standings(state)[:1] if state["ended"] else []

    def result_lines(self, state, host):
        out = []
        for s in rules.standings(state):
            left = rules.cards_left(state, s)
            out.append("%-7s %d-%d = %d" % (host.name(s), state["scores"][s], left,
                                           state["scores"][s] - left))
        return out


def step_word(e):
    """A step of a turn that can be corrected, in a word or two; None for the others
    (done, settled: the clock's)."""
    t = e["t"]
    if t == "perform":
        return e["action"]
    if t == "fall":
        return "fell %d" % e["dogs"]
    if t == "new_stage":
        return e["card"]
    if t == "stack":
        return "on " + STAGES[e["stage"]]
    if t == "move":
        return "from " + STAGES[e["from"]]
    return None


def fall_seen(app, host, event):
    """Dogs seen coming off a stage, outside a performance: a fall (the engine tells a
    late one from one in the 5-second hold by when it began); a tip no stage explained
    asks how many fell."""
    kind, stage, cards, began = event
    if kind in ("removed", "fell"):
        host.offer({"t": "fall", "stage": stage, "dogs": cards, "t_ms": began})
    elif kind == "tilt" and cards:
        app.nav.push(FallCount(host, began))


def fallen(host):
    return FallCount(host, host.app.now)


class Board(GameBoard):
    """Whose turn, the scores, decks and face-up dogs. OK: the action."""

    name = "circus"
    sensing = True  # the stages are watched all game, so a performance starts weighed

    def draw(self, c, app):
        st = self.host.state
        seat = st["active"]
        widgets.title_bar(c, "Circus Puppy", app.colour(seat))
        widgets.score_grid(c, [(app.colour(s), st["scores"][s]) for s in range(st["players"])],
                           highlight=seat)
        c.text("deck %d  face-up %d" % (st["decks"][seat], st["faceup"][seat]), 2, 38)
        c.text("supply %d" % st["supply"], 2, 47)
        widgets.footer(c, "OK: draw a dog", self.host.timer_text())

    def begin(self, app, seat):
        if seat is None or seat == self.host.state["active"]:
            app.nav.push(ActionPick(self.host))

    def stage(self, app, event):
        """Between turns, dogs coming off a stage are a late fall: they go under the
        supply and nothing is scored (the 5 seconds are over)."""
        fall_seen(app, self.host, event)


class StepScreen(Screen):
    """A step of a turn entered by hand, or corrected later (`before`: the game as it
    stood at that step; None while it is played)."""

    before = None
    host = None

    @property
    def st(self):
        return self.before or self.host.state


class ActionPick(StepScreen):
    """The drawn dog's action (and for Double Trick the action the next player chose,
    for Helper the helper: the helper's own button picks them)."""

    name = "circus-action"
    sensing = True

    def __init__(self, host, repeat=None, fix=None, before=None, event=None):
        self.host = host
        self.fix = fix  # the index of the perform being corrected, or None
        self.before = before  # the game as it stood at the step corrected
        st = self.st
        seat = st["active"]
        self.repeat = repeat
        self.action = rules.ACTIONS.index(repeat) if repeat else 5  # Dogee Show
        self.chosen = 5
        self.helper = (seat + 1) % st["players"]
        self.source = "deck" if st["decks"][seat] else "faceup"
        if event is not None:  # a correction starts from what was entered
            self.action = rules.ACTIONS.index(event["action"])
            if event.get("chosen") in rules.ACTIONS:
                self.chosen = rules.ACTIONS.index(event["chosen"])
            if event.get("helper") is not None:
                self.helper = event["helper"]
            self.source = event.get("from", "deck")
        self.field = 0

    def fields(self):
        a = rules.ACTIONS[self.action]
        out = ["action"]
        if a == "double trick":
            out.append("chosen")
        if a == "helper" or (a == "double trick" and rules.ACTIONS[self.chosen] == "helper"):
            out.append("helper")
        if self.st["faceup"][self.st["active"]]:
            out.append("source")
        return out

    def draw(self, c, app):
        widgets.title_bar(c, "+1 repeat" if self.repeat else "The dog says",
                          app.colour(self.st["active"]))
        rows = [("Action", rules.ACTIONS[self.action])]
        names = self.fields()
        if "chosen" in names:
            rows.append(("Chosen", rules.ACTIONS[self.chosen]))
        if "helper" in names:
            rows.append(("Helper", app.colour(self.helper)))
        if "source" in names:
            rows.append(("From", self.source))
        widgets.list_rows(c, rows, self.field, 0)
        widgets.footer(c, "UP/DOWN", "OK next")

    def key(self, app, k):
        names = self.fields()
        name = names[self.field]
        n = self.st["players"]
        if k in (UP, DOWN):
            step = 1 if k == UP else -1
            if name == "action" and not self.repeat:
                self.action = (self.action + step) % len(rules.ACTIONS)
            elif name == "chosen":
                self.chosen = (self.chosen + step) % len(rules.ACTIONS)
                if self.chosen == 1:  # not double trick itself
                    self.chosen = (self.chosen + step) % len(rules.ACTIONS)
            elif name == "helper":
                self.helper = (self.helper + step) % n
                if self.helper == self.st["active"]:
                    self.helper = (self.helper + step) % n
            elif name == "source":
                self.source = "faceup" if self.source == "deck" else "deck"
        elif k == OK:
            if self.field < len(names) - 1:
                self.field += 1
                return
            event = {"t": "perform", "action": rules.ACTIONS[self.action], "from": self.source,
                     "chosen": rules.ACTIONS[self.chosen], "helper": self.helper}
            if not corrected(self, app, event):
                self.host.offer(event)  # the performance follows from the state
        elif k in (BACK, UNDO):
            if self.field > 0:
                self.field -= 1
            elif not self.repeat or self.fix is not None:
                app.nav.pop()

    def player(self, app, seat, t_us):
        if "helper" in self.fields() and seat != self.st["active"]:
            self.helper = seat


class Perform(Screen):
    """The performance: the stages are weighed and every step becomes an event; the
    menu buttons enter a step by hand. The active player's button, or Done: finished."""

    name = "circus-perform"
    # The HX711 needs its clock low only between its pulses: a record goes to flash
    # right after a sample, so what the screen shows is saved within the loop turn.
    live = True  # never dimmed: the player's button must act at once
    sensing = True

    def __init__(self, host):
        self.host = host
        self.sel = 0
        self.lifted = None  # (stage, t_ms) of a dog lifted off, maybe to be moved

    def draw(self, c, app):
        st = self.host.state
        widgets.title_bar(c, st["turn"]["action"], "+%d" % st["turn"]["points"])
        c.text(widgets.clip(rules.prompt(st), widgets.COLS), 2, 12)
        low, high = st["stages"]
        c.text("dogs: low %d  high %d" % (rules.dogs_on(low), rules.dogs_on(high)), 2, 22)
        if self.lifted is not None:
            c.text("a dog is in the air", 2, 31)
        rows = [(m, None) for m in MANUAL]
        top = widgets.scroll_top(self.sel, max(0, self.sel - 2), len(rows))
        y = 41
        for i in range(top, min(len(rows), top + 3)):
            c.text(("> " if i == self.sel else "  ") + rows[i][0], 2, y)
            y += 8

    def tick(self, app, now_ms):
        if self.lifted is not None and diff(now_ms, self.lifted[1]) > LIFT_MS:
            stage, t = self.lifted
            self.lifted = None
            self._fall(app, stage, 1, t)  # it never landed: it fell
        app.nav.dirty = True

    tick_ms = 250

    def stage(self, app, event):
        kind, stage, cards, began = event
        turn = self.host.state["turn"]
        if kind == "tilt":
            if cards:  # tipped: ask how many fell
                app.nav.push(FallCount(self.host, began))
            return
        if kind == "fell":  # the tilt saw it too: a fall, never a dog being moved
            self.lifted = None
            self._fall(app, stage, cards, began)
            return
        if kind == "moved":  # one dog off one stage and onto this one
            self.lifted = None
            self._step(app, {"t": "move", "from": 1 - stage})
            return
        if kind == "added":
            if self.lifted is not None and self.lifted[0] != stage and cards == 1:
                src = self.lifted[0]
                self.lifted = None
                self._step(app, {"t": "move", "from": src})
            elif turn["stages"] < turn["need_stage"] and self.host.state["stage_cards"]:
                app.nav.push(StageCardPick(self.host, stage))
            elif turn["held"]:
                self._step(app, {"t": "stack", "stage": stage})
            return
        # removed
        pending = turn["moves"] < turn["need_moves"]
        if pending and self.lifted is None and cards == 1:
            self.lifted = (stage, began)
        else:
            self._fall(app, stage, cards, began)

    def _fall(self, app, stage, dogs, t_ms):
        self.host.offer({"t": "fall", "stage": stage, "dogs": dogs, "t_ms": t_ms})

    def _step(self, app, event):
        """A stack or a move; a +1 stage card then asks for the action again."""
        if self.host.offer(event):
            turn = self.host.state["turn"]
            if turn["repeat"] and not turn["held"]:
                app.nav.push(ActionPick(self.host, turn["repeat_action"]))

    def key(self, app, k):
        if k in (UP, DOWN):
            self.sel = (self.sel + (1 if k == DOWN else -1)) % len(MANUAL)
        elif k == OK:
            self.manual(app, MANUAL[self.sel])
        else:
            game_key(app, self.host, k)

    def manual(self, app, what):
        if what.startswith("Stacked on"):
            self._step(app, {"t": "stack", "stage": 0 if what.endswith("low") else 1})
        elif what.startswith("Moved"):
            self._step(app, {"t": "move", "from": 0 if what.startswith("Moved low") else 1})
        elif what == "New stage card":
            app.nav.push(StageCardPick(self.host, None))
        elif what == "Dogs fell":
            app.nav.push(FallCount(self.host, app.now))
        else:
            self.done(app)

    def done(self, app):
        self.host.offer({"t": "done", "t_ms": app.now})  # the hold follows

    def player(self, app, seat, t_us):
        if seat == self.host.state["active"]:
            self.done(app)


class Hold(Screen):
    """The 5-second rule: a fall now still spoils the turn. Then the points count."""

    name = "circus-hold"
    live = True
    sensing = True
    tick_ms = 100

    def __init__(self, host, since):
        self.host = host
        self.since = since

    def draw(self, c, app):
        st = self.host.state
        widgets.title_bar(c, "Hold still", "+%d" % st["turn"]["points"])
        left = st["settings"]["grace_ms"] - diff(app.now, self.since)
        widgets.big_center(c, str(max(0, (left + 999) // 1000)), 16, 4)
        widgets.footer(c, "", "BACK: dogs fell")

    def tick(self, app, now_ms):
        st = self.host.state
        grace = st["settings"]["grace_ms"]
        if diff(now_ms, self.since) >= grace:
            # A change on the stages that began before the time ran out is reported
            # a little later (the load cells settle): it is waited for (4 s at most:
            # a hand resting on a stage cannot hold the game) and judged by when it
            # began.
            pending = app.out.stages_pending_since()
            if (pending is not None and diff(pending, add(self.since, grace)) < 0 and
                    diff(now_ms, pending) < SETTLE_MAX_MS):
                return
            self.host.offer({"t": "settled"})
            return
        app.nav.dirty = True

    def stage(self, app, event):
        fall_seen(app, self.host, event)

    def key(self, app, k):
        if k == BACK:
            app.nav.push(FallCount(self.host, app.now))
        elif k == UNDO:
            self.host.undo()


class FallCount(StepScreen):
    """How many dogs fell, and from which stage."""

    name = "circus-fall"
    sensing = True

    def __init__(self, host, t_ms, fix=None, before=None, event=None):
        self.host = host
        self.fix = fix  # the index of the fall being corrected, or None
        self.before = before
        self.t_ms = t_ms
        self.which = 1 if event is None else event["stage"]
        self.dogs = 1 if event is None else event["dogs"]
        self.field = 0

    def draw(self, c, app):
        widgets.title_bar(c, "Dogs fell" if self.fix is None else "Correct the fall")
        rows = [("Stage", STAGES[self.which]), ("Dogs", self.dogs), ("Save", None)]
        widgets.list_rows(c, rows, self.field, 0)

    def key(self, app, k):
        if k in (UP, DOWN):
            if self.field == 0:
                self.which = 1 - self.which
            elif self.field == 1:
                most = max(1, rules.dogs_on(self.st["stages"][self.which]))
                self.dogs = max(1, min(most, self.dogs + (1 if k == UP else -1)))
        elif k == OK:
            if self.field < 2:
                self.field += 1
                return
            event = {"t": "fall", "stage": self.which, "dogs": self.dogs, "t_ms": self.t_ms}
            if not corrected(self, app, event):
                self.host.offer(event)
        elif k in (BACK, UNDO):
            app.nav.pop()


class StageCardPick(StepScreen):
    """New Stage: which stage card was drawn; and, when both stages hold as many dogs,
    the players choose the stage it goes on (the box asks, unless the load cells saw
    where it went). With the pile used up there is nothing to draw (the rules let the
    turn go on without a card): the screen says so, OK and BACK go back, UP and DOWN
    do nothing."""

    name = "circus-stage-card"
    sensing = True

    def __init__(self, host, stage, fix=None, before=None, event=None):
        self.host = host
        self.fix = fix  # the index of the stage card being corrected, or None
        self.before = before
        self.cards = list(self.st["stage_cards"])
        self.sel = self.cards.index(event["card"]) if event and event["card"] in self.cards \
            else 0
        self.on = stage
        self.card = None  # chosen; then the stage is asked for

    def draw(self, c, app):
        if not self.cards:
            widgets.title_bar(c, "New stage card")
            widgets.message(c, ["No stage cards left:", "the turn goes on", "without one."])
            widgets.footer(c, "", "OK: back")
            return
        if self.card is None:
            widgets.title_bar(c, "Stage card drawn")
            widgets.list_rows(c, [(card, None) for card in self.cards], self.sel, 0)
            return
        st = self.st["stages"]
        widgets.title_bar(c, "Put it on")
        widgets.list_rows(c, [("%s stage" % STAGES[i], "%d dogs" % rules.dogs_on(st[i]))
                              for i in (0, 1)], self.sel, 0)
        widgets.footer(c, "as many: you choose", "")

    def key(self, app, k):
        if not self.cards:  # nothing to choose
            if k in (OK, BACK, UNDO):
                app.nav.pop()
            return
        n = len(self.cards) if self.card is None else 2
        if k in (UP, DOWN):
            self.sel = (self.sel + (1 if k == DOWN else -1)) % n
        elif k == OK:
            st = self.st["stages"]
            equal = rules.dogs_on(st[0]) == rules.dogs_on(st[1])
            if self.card is None:
                self.card = self.cards[self.sel]
                if equal and self.on is None:
                    self.sel = 1
                    return  # ask which stage
                stage = self.on if equal else None  # unequal: the rules say where
            else:
                stage = self.sel
            event = {"t": "new_stage", "card": self.card}
            if stage is not None:
                event["stage"] = stage
            if not corrected(self, app, event):
                self.host.offer(event)
        elif k in (BACK, UNDO):
            if self.card is not None:
                self.sel = self.cards.index(self.card)
                self.card = None
            else:
                app.nav.pop()


class StageFix(Screen):
    """A stack or a move corrected: which stage the dog went on (a move: came from)."""

    name = "circus-stage-fix"

    def __init__(self, host, fix, event):
        self.host = host
        self.fix = fix
        self.event = event
        self.key_name = "stage" if event["t"] == "stack" else "from"
        self.sel = event[self.key_name]

    def draw(self, c, app):
        widgets.title_bar(c, "Stacked on" if self.key_name == "stage" else "Moved from")
        widgets.list_rows(c, [("%s stage" % STAGES[i], None) for i in (0, 1)], self.sel, 0)
        widgets.footer(c, "", "OK: correct")

    def key(self, app, k):
        if k in (UP, DOWN):
            self.sel = 1 - self.sel
        elif k == OK:
            event = dict(self.event)
            event[self.key_name] = self.sel
            corrected(self, app, event)
        elif k in (BACK, UNDO):
            app.nav.pop()


FLOW = CircusPuppy()
