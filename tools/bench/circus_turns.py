# Circus Puppy's turns for the press-count benchmark (bench_presses.py): a table that
# plays every turn with one action, through the real menus of the device, with the load
# cells watching the stages (the dogs put on and taken off are the table's hands, not
# presses) or with the menu buttons alone (Perform's list, the fall's count). Each turn
# is counted from the board to the board again, and checked against the rules engine:
# the events the table meant, applied by the engine, give the device's stages and scores.
from pawpad.app.flows.circus_puppy.perform import MANUAL
from pawpad.games import circus_puppy as cp
from pawsim.script import parse

SETTLE_MS = 1000  # a dog put on or taken off, seen by the load cells (about 0.8 s)
PAIR_MS = 8000  # Double Dog's pair, taken once the stage has stayed at it 5 s: the longest wait
# Turns a row counts: a row plays one action, so its turns differ only by the stages
# and the hands (a +1 repeat, a face-up dog to choose from); the load cells cost
# virtual seconds to simulate, and 10 turns say what 100 would.
TURNS = 10
# The actions a turn is played with, as ActionPick lists them, and the fall: a Dogee
# Show whose two top dogs fall in the 5-second hold (the turn spoiled).
KINDS = ("dogee show", "double dog", "helper", "new stage", "acrobatics", "fall")


def act(u, line):
    """The table's hands: `line` of a key script ("add 1 1"), then the stages settle."""
    u.p.play(parse("%d %s\n" % (u.p.t + 20, line)))
    u.wait(SETTLE_MS)


def stage_of(c, st):
    """The stage the table puts the dog on: either, the one with fewer dogs as often."""
    low, high = cp.dogs_on(st["stages"][0]), cp.dogs_on(st["stages"][1])
    return c.num(0, 1) if low == high or c.coin() else (0 if low < high else 1)


def list_to(u, sel, i, n, down="down"):
    """To row i of a wrapping list of n rows, the shorter way (DOWN goes down it)."""
    u.toward(sel, i, 0, n - 1, True, more=down)


def pick_action(u, c, action, meant):
    """The board's OK, then the action the dog says (ActionPick: UP adds one, wraps),
    its helper (their own button), the source as it shows: OK on each row."""
    e = u.top
    u.expect("circus-action")
    st = u.state
    if not e.repeat:
        u.toward(lambda: e.action, cp.ACTIONS.index(action), 0, len(cp.ACTIONS) - 1)
    helper = None
    for f in e.fields():
        if f == "helper":
            others = [s for s in range(st["players"]) if s != st["active"]]
            helper = others[c.num(0, len(others) - 1)]
            if e.helper != helper:
                u.seat(helper)
        u.press("ok")
    event = {"t": "perform", "action": action, "from": e.source}
    if helper is not None:
        event["helper"] = helper
    meant.append(event)


def manual(u, what):
    """A row of Perform's list of steps (the menu-only way), and its OK."""
    e = u.top
    u.expect("circus-perform")
    list_to(u, lambda: e.sel, MANUAL.index(what), len(MANUAL))
    u.press("ok")


def stack(u, c, cells, meant):
    stage = stage_of(c, u.state)
    n = 2 if u.state["turn"]["pair"] else 1
    if cells:
        act(u, "add %d %d" % (stage + 1, n))  # Double Dog's two at once
        for _ in range(PAIR_MS // 200):  # the pair is taken once it has stayed 5 s
            if not u.state["turn"]["held"]:
                break
            u.wait(200)
    else:
        manual(u, "Stacked on " + ("low", "high")[stage])
    meant.append({"t": "stack", "stage": stage})


def move(u, c, cells, meant):
    """Acrobatics: the top dog of a stage with one on top onto the other stage."""
    st = u.state
    tops = [i for i in (0, 1) if st["stages"][i] and st["stages"][i][-1] == cp.DOG]
    if not tops:
        return  # no dog to move: the rules let the turn go on without it
    src = tops[c.num(0, len(tops) - 1)]
    if cells:
        act(u, "remove %d 1" % (src + 1))
        act(u, "add %d 1" % (2 - src))
    else:
        manual(u, "Moved " + ("low>high", "high>low")[src])
    meant.append({"t": "move", "from": src})


def new_stage(u, c, cells, meant):
    """The stage card drawn (the pile as the box lists it), on the stage with more
    dogs (as many: the table's choice)."""
    st = u.state
    if not st["stage_cards"]:
        return  # the pile is used up: the turn goes on without a card
    card = st["stage_cards"][c.num(0, len(st["stage_cards"]) - 1)]
    low, high = cp.dogs_on(st["stages"][0]), cp.dogs_on(st["stages"][1])
    stage = (0 if low > high else 1) if low != high else c.num(0, 1)
    if cells:
        act(u, "add %d 1" % (stage + 1))  # it weighs a card: the box asks which
    else:
        manual(u, "New stage card")
    e = u.top
    u.expect("circus-stage-card")
    list_to(u, lambda: e.sel, e.cards.index(card), len(e.cards))
    u.press("ok")
    if u.top is e and e.card is not None:  # as many dogs on both: which stage
        list_to(u, lambda: e.sel, stage, 2)
        u.press("ok")
    meant.append({"t": "new_stage", "card": card, "stage": stage})


def perform(u, c, kind, cells, meant):
    """One performance of the action (again for each +1 repeat it meets)."""
    action = "dogee show" if kind == "fall" else kind
    while True:
        pick_action(u, c, action, meant)
        if action == "acrobatics":
            move(u, c, cells, meant)
        elif action == "new stage":
            new_stage(u, c, cells, meant)
        while u.state["turn"]["held"]:
            stack(u, c, cells, meant)
        if u.top.name != "circus-action":  # a +1 repeat asks for the action again
            return


def fall(u, c, cells, meant):
    """Two dogs (or what there is) off the top of the stage last stacked, in the hold."""
    stage = meant[-1]["stage"] if meant[-1]["t"] == "stack" else 0
    items = cp.can_fall(u.state, stage)
    count = min(2, len(items))
    if not count:
        return
    top = items[len(items) - count:]
    dogs = max(1, cp.dogs_on(top))
    event = {"t": "fall", "stage": stage, "dogs": dogs, "t_ms": 1000}
    if len(top) > cp.dogs_on(top) and cp.dogs_on(top):
        event["cards"] = len(top) - cp.dogs_on(top)
    if cells:
        act(u, "remove %d %d" % (stage + 1, count))
    else:
        u.expect("circus-hold")
        u.press("back")  # "BACK: dogs fell"
        e = u.top
        u.expect("circus-fall")
        for f in e.fields():
            if f == "stage" and e.which != stage:
                u.press("up")
            elif f == "dogs":
                u.toward(lambda: e.dogs, dogs, 1, 99, False)
            elif f == "cards":
                u.toward(lambda: e.cards, event.get("cards", 0), 0, 99, False)
            u.press("ok")
    meant.append(event)


def turn(u, c, kind, cells):
    """From the board: a turn of `kind`, the hold waited out; the events meant."""
    meant = []
    u.expect("circus")
    u.press("ok")
    perform(u, c, kind, cells, meant)
    if cells:
        u.seat(u.state["active"])  # the active player's button: done
    else:
        manual(u, "Done")
    meant.append({"t": "done", "t_ms": 0})
    if kind == "fall":
        fall(u, c, cells, meant)
    for _ in range(100):  # the 5-second hold
        if u.top.name != "circus-hold":
            break
        u.wait(200)
    if meant[-1]["t"] == "done":  # no fall: the points stand
        meant.append({"t": "settled"})
    return meant


def play_circus(kind, cells):
    """A row's player: every turn of `kind`, `cells` or the menus alone."""

    def player(u, c, rounds):
        counts = []
        if u.top.name == "who-starts":  # who starts: Red (not counted)
            u.p.play(parse("%d p1\n" % (u.p.t + 20)))
            u.wait(200)
        for _ in range(rounds):
            if u.state["ended"]:
                break
            st = u.state
            before = u.presses
            meant = turn(u, c, kind, cells)
            for event in meant:
                st = cp.step(st, event)
            assert u.state["stages"] == st["stages"], (kind, u.state["stages"], st["stages"])
            assert u.state["scores"] == st["scores"], (kind, u.state["scores"], st["scores"])
            counts.append(u.presses - before)
        return counts

    player.cells = cells
    player.turns = TURNS
    return player
