# Circus Puppy's steps of a turn entered by hand (or corrected later): the action, the
# dogs that fell, the stage cards; and the fall the stages saw, counted. Each choice of
# a step not in the game yet is on flash as it is made (store/records/draft.py): a
# power cut brings the step back as it was chosen (kept_step()).
from pawpad.app.shell.scoreboard import corrected
from pawpad.games import circus_puppy as rules
from pawpad.store.records import draft
from pawpad.ticks import PERIOD
from pawpad.ui import widgets
from pawpad.ui.screen import BACK, DOWN, OK, UNDO, UP, Screen

STAGES = ("low", "high")


class StepScreen(Screen):
    """A step of a turn entered by hand, or corrected later (`before`: the game as it
    stood at that step; None while it is played)."""

    before = None
    game = None

    @property
    def st(self):
        return self.before or self.game.state

    kind = ""  # the step's name in its draft

    def kept(self):
        """The choices made so far, as the draft keeps them."""
        return {}

    fix = None  # the index of the step being corrected, or None

    def kept_shape(self):
        """The shape kept() has (games/shape.py's table), for a correction's draft."""
        return ()

    def _keep(self):
        """The choices so far, on flash (a correction's in its own draft)."""
        draft.save(self.game.session, self.kind, self.kept(), self.fix)

    def _leave(self, app):
        """BACK out of the step: its choices are not to come back after a cut."""
        draft.drop(self.game.session, self.fix)
        app.nav.pop()


class ActionPick(StepScreen):
    """The drawn dog's action (and for Double Trick the action the next player chose,
    for Helper the helper: the helper's own button picks them)."""

    name = "circus-action"
    sensing = True
    kind = "action"

    def __init__(self, game, repeat=None, fix=None, before=None, event=None):
        self.game = game
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
                          app.seat_name(self.st["active"]))
        rows = [("Action", rules.ACTIONS[self.action])]
        names = self.fields()
        if "chosen" in names:
            rows.append(("Chosen", rules.ACTIONS[self.chosen]))
        if "helper" in names:
            rows.append(("Helper", app.seat_name(self.helper)))
        if "source" in names:
            rows.append(("From", self.source))
        widgets.list_rows(c, rows, self.field, 0)
        widgets.footer(c, "UP/DOWN", "OK next")

    def key(self, app, k):
        names = self.fields()
        name = names[self.field]
        n = self.st["players"]
        if k in (UP, DOWN):
            delta = 1 if k == UP else -1
            if name == "action" and not self.repeat:
                self.action = (self.action + delta) % len(rules.ACTIONS)
            elif name == "chosen":
                self.chosen = (self.chosen + delta) % len(rules.ACTIONS)
                if self.chosen == 1:  # not double trick itself
                    self.chosen = (self.chosen + delta) % len(rules.ACTIONS)
            elif name == "helper":
                self.helper = (self.helper + delta) % n
                if self.helper == self.st["active"]:
                    self.helper = (self.helper + delta) % n
            elif name == "source":
                self.source = "faceup" if self.source == "deck" else "deck"
            self._keep()
        elif k == OK:
            if self.field < len(names) - 1:
                self.field += 1
                self._keep()
                return
            event = {"t": "perform", "action": rules.ACTIONS[self.action], "from": self.source,
                     "chosen": rules.ACTIONS[self.chosen], "helper": self.helper}
            if not corrected(self, app, event):
                self.game.offer(event)  # the performance follows from the state
        elif k in (BACK, UNDO):
            if self.field > 0:
                self.field -= 1
                self._keep()
            elif not self.repeat or self.fix is not None:
                self._leave(app)

    def player(self, app, seat, t_us):
        if "helper" in self.fields() and seat != self.st["active"]:
            self.helper = seat
            self._keep()

    def kept_shape(self):
        return ACTION_KEPT

    def kept(self):
        return {"action": self.action, "chosen": self.chosen, "helper": self.helper,
                "source": self.source, "field": self.field, "repeat": self.repeat}

    def restore(self, v):
        """The choices of a draft of ACTION_KEPT, if the screen could have held them
        (the +1's action unchanged, Double Trick not chosen by itself, the helper not
        the active player, the row on a row there is); False (nothing changed) if not."""
        active = self.st["active"]
        if (v["repeat"] != self.repeat or (self.repeat and v["action"] != self.action)
                or v["chosen"] == 1 or v["helper"] == active):
            return False
        self.action, self.chosen, self.helper = v["action"], v["chosen"], v["helper"]
        if v["source"] != self.source and "source" not in self.fields():
            return False
        self.source = v["source"]
        if v["field"] >= len(self.fields()):
            return False
        self.field = v["field"]
        return True


class FallCount(StepScreen):
    """How many dogs fell, from which stage, and how many stage cards fell with them
    (back to the pile: the engine's READINGS)."""

    name = "circus-fall"
    sensing = True
    kind = "fall"

    def __init__(self, game, t_ms, fix=None, before=None, event=None):
        self.game = game
        self.fix = fix  # the index of the fall being corrected, or None
        self.before = before
        self.t_ms = t_ms
        self.which = 1 if event is None else event["stage"]
        self.dogs = 1 if event is None else event["dogs"]
        self.cards = 0 if event is None else event.get("cards", 0)
        self.field = 0

    def cards_on(self):
        """Stage cards on the chosen stage that could fall (not the high stage's start
        card): their row is asked only when there is one."""
        items = rules.can_fall(self.st, self.which)
        return len(items) - rules.dogs_on(items)

    def fields(self):
        return ("stage", "dogs", "cards", "save") if self.cards_on() else ("stage", "dogs", "save")

    def draw(self, c, app):
        widgets.title_bar(c, "Dogs fell" if self.fix is None else "Correct the fall")
        rows = [("Stage", STAGES[self.which]), ("Dogs", self.dogs)]
        if self.cards_on():
            rows.append(("Stage cards too", self.cards))
        rows.append(("Save", None))
        widgets.list_rows(c, rows, self.field, 0)

    def key(self, app, k):
        fields = self.fields()
        what = fields[min(self.field, len(fields) - 1)]
        if k in (UP, DOWN):
            delta = 1 if k == UP else -1
            if what == "stage":
                self.which = 1 - self.which
                self.cards = min(self.cards, self.cards_on())
            elif what == "dogs":
                most = max(1, rules.dogs_on(self.st["stages"][self.which]))
                self.dogs = max(1, min(most, self.dogs + delta))
            elif what == "cards":
                self.cards = max(0, min(self.cards_on(), self.cards + delta))
            self._keep()
        elif k == OK:
            if what != "save":
                self.field += 1
                self._keep()
                return
            event = {"t": "fall", "stage": self.which, "dogs": self.dogs, "t_ms": self.t_ms}
            if self.cards:
                event["cards"] = self.cards
            if not corrected(self, app, event):
                self.game.offer(event)
        elif k in (BACK, UNDO):
            self._leave(app)

    def kept_shape(self):
        return FALL_KEPT

    def kept(self):
        return {"which": self.which, "dogs": self.dogs, "cards": self.cards,
                "field": self.field, "t_ms": self.t_ms}

    def restore(self, v):
        """The choices of a draft of FALL_KEPT, if they fit the stages as they are;
        False (nothing changed) if not."""
        self.which = v["which"]
        if (v["dogs"] > max(1, rules.dogs_on(self.st["stages"][self.which]))
                or v["cards"] > self.cards_on() or v["field"] >= len(self.fields())):
            return False
        self.dogs, self.cards, self.field = v["dogs"], v["cards"], v["field"]
        return True


class StageCardPick(StepScreen):
    """New Stage: which stage card was drawn; and, when both stages hold as many dogs,
    the players choose the stage it goes on (the box asks, unless the load cells saw
    where it went). With the pile used up there is nothing to draw (the rules let the
    turn go on without a card): the screen says so, OK and BACK go back, UP and DOWN
    do nothing."""

    name = "circus-stage-card"
    sensing = True
    kind = "stage_card"

    def __init__(self, game, stage, fix=None, before=None, event=None):
        self.game = game
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
            self._keep()
        elif k == OK:
            st = self.st["stages"]
            equal = rules.dogs_on(st[0]) == rules.dogs_on(st[1])
            if self.card is None:
                self.card = self.cards[self.sel]
                if equal and self.on is None:
                    self.sel = 1
                    self._keep()
                    return  # ask which stage
                stage = self.on if equal else None  # unequal: the rules say where
            else:
                stage = self.sel
            event = {"t": "new_stage", "card": self.card}
            if stage is not None:
                event["stage"] = stage
            if not corrected(self, app, event):
                self.game.offer(event)
        elif k in (BACK, UNDO):
            if self.card is not None:
                self.sel = self.cards.index(self.card)
                self.card = None
                self._keep()
            else:
                self._leave(app)

    def kept_shape(self):
        return CARD_KEPT

    def kept(self):
        return {"sel": self.sel, "card": self.card, "on": self.on}

    def restore(self, v):
        """The card and stage of a draft of CARD_KEPT, if the pile holds that card (and
        the stage is asked only where the stages hold as many dogs); False if not."""
        st = self.st["stages"]
        equal = rules.dogs_on(st[0]) == rules.dogs_on(st[1])
        card = v["card"]
        if not self.cards or (card is not None and (card not in self.cards or not equal or
                                                     v["on"] is not None)):
            return False
        if v["sel"] >= (len(self.cards) if card is None else 2):
            return False
        self.sel, self.card, self.on = v["sel"], card, v["on"]
        return True


class StageFix(StepScreen):
    """A stack or a move corrected: which stage the dog went on (a move: came from)."""

    name = "circus-stage-fix"
    kind = "stage"

    def __init__(self, game, fix, event):
        self.game = game
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
            self._keep()
        elif k == OK:
            event = dict(self.event)
            event[self.key_name] = self.sel
            corrected(self, app, event)
        elif k in (BACK, UNDO):
            self._leave(app)

    def kept_shape(self):
        return STAGE_KEPT

    def kept(self):
        return {"sel": self.sel}

    def restore(self, v):
        self.sel = v["sel"]
        return True


def fall_event(state, stage, count, t_ms):
    """The fall of `count` cards the load cells saw leave a stage: the top ones, dogs
    and any stage cards among them (those go back to the pile: the engine's READINGS);
    never the high stage's start card, which is the stage."""
    items = rules.can_fall(state, stage)
    top = items[max(0, len(items) - count):]
    dogs = rules.dogs_on(top)
    event = {"t": "fall", "stage": stage, "dogs": max(1, dogs), "t_ms": t_ms}
    if len(top) > dogs and dogs:
        event["cards"] = len(top) - dogs
    return event


class StageAsk(StepScreen):
    """A stage settled at a weight the box cannot name: a finger resting on a dog weighs
    like a second dog, two dogs put on at once like a dog and a hand. The players say
    what happened (the box's guess first); their answer goes on as if the stage had seen
    it, and the stage's detector takes it as the weight it should read."""

    name = "circus-ask"
    sensing = True
    kind = "ask"

    def __init__(self, game, event):
        self.game = game
        _kind, self.which, self.cards, self.began = event
        self.asked = self.cards  # the box's guess, kept with the answer
        top = len(self.game.state["stages"][self.which])
        self.most = max(2, abs(self.cards), top)

    def said(self):
        n = self.cards
        if n > 0:
            return "%d dog%s put on" % (n, "" if n == 1 else "s")
        if n < 0:
            return "%d dog%s fell" % (-n, "" if n == -1 else "s")
        return "nothing (a hand)"

    def draw(self, c, app):
        widgets.title_bar(c, "The %s stage?" % STAGES[self.which])
        widgets.message(c, ["It weighs oddly: a", "finger on a dog? What", "happened?"])
        # the answer on the list's fifth row, between arrows: UP and DOWN change it
        y = widgets.LIST_Y + 4 * widgets.ROW_H
        c.text(widgets.clip("<" + self.said() + ">", widgets.COLS), 2, y)
        widgets.invert_row(c, 4)
        widgets.footer(c, "OK: save", "UP/DOWN")

    def key(self, app, k):
        if k in (UP, DOWN):
            self.cards = max(-self.most, min(self.most, self.cards + (1 if k == UP else -1)))
            self._keep()
        elif k == OK:
            n = self.cards
            app.box.stages_told(self.which, n)
            app.nav.pop()
            if n:  # to the screen below, as the stage would have said it
                app.stage(("added" if n > 0 else "removed", self.which, abs(n), self.began),
                          app.now)
            draft.done(self.game.session)  # answered: not asked again after a cut
        elif k in (BACK, UNDO):
            # no answer is "nothing of ours": the stage is expected as it was, what sits
            # on it now is not asked about again while it stays, and a change after it
            # is seen as any other (a resting finger lifts: the dog under it is seen)
            app.box.stages_told(self.which, 0)
            self._leave(app)

    def kept(self):
        return {"which": self.which, "asked": self.asked, "cards": self.cards,
                "began": self.began}

    def restore(self, v):
        """The answer chosen before a power cut (a draft of ASK_KEPT), if the screen
        could have shown it; False if not."""
        if abs(v["cards"]) > self.most:
            return False
        self.cards = v["cards"]
        return True


def ask_stage(app, game, event):
    """An "unsure" from the stages: the players are asked (and after a power cut, asked
    again: the detector starts afresh from what lies on the stage, so the change it
    was unsure of would otherwise go unseen)."""
    screen = StageAsk(game, event)
    screen._keep()
    app.nav.push(screen)


def fall_seen(app, game, event):
    """Dogs seen coming off a stage, outside a performance: a fall (the engine tells a
    late one from one in the 5-second hold by when it began); a tip no stage explained
    asks how many fell; a weight the stages cannot name is asked about."""
    kind, stage, cards, began = event
    if kind == "unsure":
        ask_stage(app, game, event)
    elif kind in ("removed", "fell"):
        game.offer(fall_event(game.state, stage, cards, began))
    elif kind == "tilt" and cards:
        app.nav.push(FallCount(game, began))


def fallen(game):
    return FallCount(game, game.app.now)


# What each step's draft keeps (games/shape.py's tables), by the step's kind
_ACTION = ("int", 0, len(rules.ACTIONS) - 1)
ACTION_KEPT = (("action", _ACTION), ("chosen", _ACTION), ("helper", ("seat",)),
               ("source", ("str", ("deck", "faceup"))), ("field", ("int", 0, 3)),
               ("repeat", ("opt", ("str", rules.ACTIONS))))
FALL_KEPT = (("which", ("int", 0, 1)), ("dogs", ("int", 1, rules.TOTAL_DOGS)),
             ("cards", ("int", 0, len(rules.STAGE_CARDS))), ("field", ("int", 0, 3)),
             ("t_ms", ("int", 0, PERIOD - 1)))
CARD_KEPT = (("sel", ("int", 0, len(rules.STAGE_CARDS) - 1)),
             ("card", ("opt", ("str", rules.STAGE_CARDS))), ("on", ("opt", ("int", 0, 1))))
STAGE_KEPT = (("sel", ("int", 0, 1)),)
_MOST = rules.TOTAL_DOGS + len(rules.STAGE_CARDS)  # a stage's cards, the most an answer says
_ITEMS = ("int", -_MOST, _MOST)
ASK_KEPT = (("which", ("int", 0, 1)), ("asked", _ITEMS), ("cards", _ITEMS),
            ("began", ("int", 0, PERIOD - 1)))


def kept_step(game):
    """The step a power cut came in, with the choices it had taken (its draft), over
    the state's screen; None when there is none that fits the state."""
    st = game.state
    kind = None if st["ended"] else draft.kind(game.session)
    if kind == "ask":  # an odd weight: asked again, with the answer chosen
        v = draft.read(game.session, kind, ASK_KEPT, st["players"])
        if v is None:
            return None
        screen = StageAsk(game, ("unsure", v["which"], v["asked"], v["began"]))
        return screen if screen.restore(v) else None
    turn = st["turn"]
    # a +1 stage card fired: its action is asked again, chosen or not before the cut
    repeat = st["phase"] == "performing" and turn["repeat"] and not turn["held"]
    if repeat and kind != "action":
        return ActionPick(game, turn["repeat_action"])
    if kind == "action":
        if st["phase"] == "turn":
            screen = ActionPick(game)
        elif repeat:
            screen = ActionPick(game, turn["repeat_action"])
        else:
            return None
    elif kind == "fall":
        screen = FallCount(game, 0)
    elif kind == "stage_card" and st["phase"] == "performing":
        screen = StageCardPick(game, None)
    else:
        return None
    v = draft.read(game.session, kind, screen.kept_shape(), st["players"])
    if v is None:
        return screen if repeat else None
    if kind == "fall":
        screen.t_ms = v["t_ms"]
    if screen.restore(v):
        return screen
    return ActionPick(game, turn["repeat_action"]) if repeat else None
