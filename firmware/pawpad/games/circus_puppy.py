# Circus Puppy: dogs stacked on two stages; points from the stage model, stage-card
# effects, falls and the 5-second rule, decks that pass around, the end at 30.
# docs/rules.md, "Circus Puppy". Stage 0 is the low stage (the box), 1 the high one (lid).
try:
    from micropython import const
except ImportError:  # plain CPython: the engines import anywhere (consts are ints)
    const = int  # type: ignore

from pawpad.games.common import (
    N,
    checked_settings,
    clone,
    defaults_of,
    dispatch,
    fields,
    is_count,
    need,
    ranking,
    win_prompt,
)
from pawpad.ticks import PERIOD, diff

DOG = "dog"
STAGE_CARDS = ("+1 repeat", "+2 supply", "+2 left", "+3 twos", "+3 right")
ACTIONS = ("acrobatics", "double trick", "helper", "double dog", "new stage", "dogee show")
TOTAL_DOGS = const(45)
WIN_POINTS = const(30)

# (key, label, default, kind, low, high, step): common.py, "house rules".
HOUSE_RULES = (
    # The stage card with dog ears: its effect is not printed.
    ("start_card", "Start card", "+1 repeat", "choice", STAGE_CARDS, None, None),
    # A fall this soon after the performance still spoils the turn.
    ("grace_ms", "Hold still", 5000, "int", 1000, 10000, 1000),
    # A helper keeps the first two fallen dogs, 1 point each.
    ("helper_takes", "Helper keeps", True, "bool", None, None, None),
    # "all": deck and face-up dogs cost a point at the end; "deck": the deck only.
    ("left_counts", "Penalty", "all", "choice", ("all", "deck"), None, None),
    # Score-track spaces: the rulebook does not print where they are.
    ("red", "Red spaces", [], "spaces", 1, 29, 1),
    ("star", "Star spaces", [], "spaces", 1, 29, 1),
    # The youngest player starts: the app asks before the game.
    ("first", None, 0, "seat", 0, 4, 1),
)
ASKED = ("first",)  # house rules the table answers as the game begins (who starts)
STARTS = "first"  # the house rule that names who took the first turn (the history keeps it)
DEFAULTS = defaults_of(HOUSE_RULES)
# How a choice reads on the house-rules screen (docs/rules.md's terms).
SHOWN = {"all": "deck+faceup", "deck": "deck only"}
# Readings of the rulebook that are settled, not settings: shown on the house-rules
# screen, in the words of docs/rules.md.
READINGS = (
    ("Penalty reading", "One point off per dog card left: deck+faceup counts the "
     "dogs in the deck and the face-up ones (the Overview's \"a point per dog card you "
     "have left\"); deck only, those in the deck (End of Game's words)."),
    ("Double Trick", "The next player's chosen action uses the drawn dog; the "
     "Acrobatics that must follow uses a second dog, from the deck, or a face-up one "
     "when the deck is empty; with neither, it is skipped."),
    ("Stage cards fall", "A stage card that falls with dogs goes back to the stage "
     "cards not yet drawn (a later New Stage can draw it); the dogs fall as in any "
     "fall. The high stage's start card is the stage: it never falls."),
)


def check_settings(settings):
    """Saved house rules checked: the full settings (defaults filled in), or ValueError."""
    return checked_settings(HOUSE_RULES, settings)


def card_points(card):
    return int(card[1])


def stack_points(stage):
    """Points for one dog placed on top of `stage` (the items before it goes on)."""
    k = 0
    for item in reversed(stage):
        if item != DOG:
            if k == 0:
                return card_points(item)
            return 2 if item == "+3 twos" else 1 + k
        k += 1
    return 1 + k if k else 0


def top_card_effect(stage):
    """The stage card a dog placed now would sit directly on, or None."""
    if stage and stage[-1] != DOG:
        return stage[-1]
    return None


def final_standings(scores, cards_left):
    """Seats best first: final score = score - cards left; ties go to fewer cards left;
    seats still equal keep seat order (and share the place)."""
    keys = [(-(scores[s] - cards_left[s]), cards_left[s], s) for s in range(len(scores))]
    keys.sort()
    return [k[2] for k in keys]


def deck_size(players):
    return 12 if players == 2 else 6


# --- the game ---
# Phases: "turn" (the active player is to perform), "performing", "after" (the
# performance is done; its points wait out the grace time), "over".

def start(players, settings=None):
    s = check_settings(settings)
    if not is_count(players, 2, 5):
        raise ValueError("Circus Puppy is for 2 to 5 players")
    if s["first"] >= players:
        raise ValueError("first: a seat 1 to %d" % players)
    each = deck_size(players)
    st = {
        "game": "circus_puppy",
        "players": players,
        "settings": s,
        "stages": [[DOG, DOG], [s["start_card"], DOG, DOG]],
        "stage_cards": [c for c in STAGE_CARDS if c != s["start_card"]],
        "decks": [each] * players,
        "faceup": [0] * players,
        "supply": TOTAL_DOGS - each * players - 4,
        "scores": [0] * players,
        "active": s["first"],
        "turn": None,
        "phase": "turn",
        "ended": False,
        "last_turn": None,  # [seat, points, fell] of the turn that ended last
    }
    return _next_player(st, st["active"])


def can_play(st, seat):
    return st["decks"][seat] > 0 or st["faceup"][seat] > 0


def _next_player(st, seat):
    """Make `seat`, or the next one round the table who can play, active."""
    n = st["players"]
    for d in range(n):
        s = (seat + d) % n
        if can_play(st, s):
            st["active"] = s
            st["phase"] = "turn"
            st["turn"] = None
            return st
    return _end(st)


def _end(st):
    st["ended"] = True
    st["phase"] = "over"
    st["turn"] = None
    return st


def step(state, event):
    """The state after `event`; `state` itself is left as it was."""
    return apply(clone(state), event)


def apply(st, event):
    """Applies `event` to `st` in place and returns it (for replay; see top_dogs)."""
    return dispatch(st, event, _HANDLERS, "Circus Puppy")


def _take_dog(st, seat, source):
    if source == "faceup":
        need(st["faceup"][seat] > 0, "no face-up dog to play")
        st["faceup"][seat] -= 1
    else:
        need(st["decks"][seat] > 0, "the deck is empty")
        st["decks"][seat] -= 1


def _take_any(st, seat):
    """Another dog for the same performance: from the deck, else a face-up one."""
    if st["decks"][seat] > 0:
        st["decks"][seat] -= 1
        return 1
    if st["faceup"][seat] > 0:
        st["faceup"][seat] -= 1
        return 1
    return 0


def _stage_no(v):
    need(is_count(v, 0, 1), "stage 0 (low) or 1 (high)")
    return v


def _time(v, what):
    need(is_count(v, 0, PERIOD - 1), what + ": a time on the ms clock")
    return v


def _perform(st, event):
    """{"t": "perform", "from": "deck" | "faceup", "action": A, ...}
    Double trick adds "chosen": the action the next player picked; helper adds
    "helper": a seat. A stage card's +1 makes the player perform the same action again
    within the turn. "from" may be left out (the deck); "chosen" and "helper" may come
    with any action (the app sends its choices every time) but must be valid: an
    action (or None) and a seat (or None)."""
    fields(event, ("action",), ("from", "chosen", "helper"))
    action = event["action"]
    need(type(action) is str and action in ACTIONS, "no such action")
    source = event.get("from", "deck")
    need(type(source) is str and source in ("deck", "faceup"), "a dog from the deck or face up")
    chosen = event.get("chosen")
    need(chosen is None or (type(chosen) is str and chosen in ACTIONS), "no such action")
    helper = event.get("helper")
    need(helper is None or is_count(helper, 0, st["players"] - 1), "no such seat")
    if st["phase"] == "after":
        _settle(st)  # the next player starts: the last turn's points stand
        if st["ended"]:
            return st
    seat = st["active"]
    turn = st["turn"]
    if st["phase"] == "performing":
        need(turn["repeat"] > 0, "finish the performance first")
        need(action == turn["repeat_action"], "the +1 repeats " + turn["repeat_action"])
        turn["repeat"] -= 1
    else:
        need(st["phase"] == "turn", "it is not time to perform")
        turn = st["turn"] = {"points": 0, "held": 0, "moves": 0, "stages": 0,
                             "need_moves": 0, "need_stage": 0, "helper": None,
                             "repeat": 0, "repeat_action": None, "done_at": None,
                             "action": action, "pair": False}
        st["phase"] = "performing"
    _take_dog(st, seat, source)
    turn["held"] += 1
    turn["last_action"] = action
    _require(st, turn, seat, action, event)
    return st


def _require(st, turn, seat, action, event):
    """What the performance must still do for `action`: moves, a stage card, dogs."""
    if action == "double trick":
        chosen = event.get("chosen")
        need(chosen in ACTIONS and chosen != "double trick",
             "the next player chooses one of the two actions shown")
        _require(st, turn, seat, chosen, event)  # the drawn dog does the chosen action,
        # then Acrobatics with a second dog, from the deck (or face up when the deck is
        # empty); with neither, the Acrobatics is skipped.
        if _take_any(st, seat):
            turn["held"] += 1
            turn["need_moves"] += 1
    elif action == "acrobatics":
        turn["need_moves"] += 1
    elif action == "double dog":
        got = _take_any(st, seat)
        turn["held"] += got
        turn["pair"] = bool(got)  # both go on at once, in one stack
    elif action == "new stage":
        turn["need_stage"] += 1
    elif action == "helper":
        helper = event.get("helper")
        need(is_count(helper, 0, st["players"] - 1) and helper != seat,
             "choose another player to help")
        turn["helper"] = helper


def _place(st, stage_i, count):
    """Dogs go onto a stage one by one; returns the points and fires card effects."""
    stage = st["stages"][stage_i]
    points = 0
    for _ in range(count):
        card = top_card_effect(stage)
        points += stack_points(stage)
        stage.append(DOG)
        if card is not None:
            _effect(st, card)
    return points


def _effect(st, card):
    n = st["players"]
    seat = st["active"]
    turn = st["turn"]
    if card == "+1 repeat":
        turn["repeat"] += 1
        turn["repeat_action"] = turn["last_action"]
    elif card == "+2 supply":
        for d in range(n):
            if st["supply"] == 0:
                break
            st["supply"] -= 1
            st["faceup"][(seat + d) % n] += 1
    elif card == "+2 left":
        st["decks"] = [st["decks"][(i - 1) % n] for i in range(n)]
    elif card == "+3 right":
        st["decks"] = [st["decks"][(i + 1) % n] for i in range(n)]


def _stack(st, event):
    """{"t": "stack", "stage": 0 | 1}: the held dog (both, for Double Dog) goes on."""
    need(st["phase"] == "performing", "nobody is performing")
    fields(event, ("stage",))
    turn = st["turn"]
    stage = _stage_no(event["stage"])
    need(turn["held"] > 0, "no dog in hand to stack")
    need(turn["stages"] >= turn["need_stage"] or not st["stage_cards"],
         "place the new stage card first")
    pending = turn["need_moves"] - turn["moves"]
    # Acrobatics moves a dog before the drawn one goes on (its points come first).
    need(pending <= 0 or turn["held"] > pending or not _any_dog_on_top(st),
         "move a dog to the other stage first")
    count = 2 if turn["pair"] and turn["held"] >= 2 else 1
    turn["pair"] = False
    turn["held"] -= count
    turn["points"] += _place(st, stage, count)
    return st


def _move(st, event):
    """{"t": "move", "from": 0 | 1}: Acrobatics moves the top dog to the other stage."""
    need(st["phase"] == "performing", "nobody is performing")
    turn = st["turn"]
    fields(event, ("from",))
    need(turn["moves"] < turn["need_moves"], "this performance has no move left")
    src = _stage_no(event["from"])
    stage = st["stages"][src]
    need(stage and stage[-1] == DOG, "no dog on top of that stage to move")
    stage.pop()
    turn["moves"] += 1
    turn["points"] += _place(st, 1 - src, 1)
    return st


def dogs_on(stage):
    return sum(1 for item in stage if item == DOG)


def can_fall(state, stage_i):
    """What lies on a stage that can fall, bottom to top: all of it but the high
    stage's start card, which is the stage itself (READINGS)."""
    return state["stages"][stage_i][1 if stage_i == 1 else 0:]


def _new_stage(st, event):
    """{"t": "new_stage", "card": name, "stage": 0 | 1}: the card goes on the stage with
    more dogs ("stage" may be left out, or must name that stage); when both hold as
    many, the players choose and "stage" is required (the app asks)."""
    need(st["phase"] == "performing", "nobody is performing")
    fields(event, ("card",), ("stage",))
    turn = st["turn"]
    need(turn["stages"] < turn["need_stage"], "no stage card to place now")
    card = event["card"]
    need(type(card) is str and card in st["stage_cards"], "that stage card is not in the pile")
    given = event.get("stage")
    if given is not None:
        _stage_no(given)
    low, high = dogs_on(st["stages"][0]), dogs_on(st["stages"][1])
    if low != high:
        stage = 0 if low > high else 1
        need(given is None or given == stage, "it goes on the stage with more dogs")
    else:
        stage = given
        need(stage is not None, "both stages hold as many dogs: the players say which")
    st["stage_cards"].remove(card)
    st["stages"][stage].append(card)
    turn["stages"] += 1
    return st


def _done(st, event):
    """{"t": "done", "t_ms": T}: the performance is over. Its points wait for the grace
    time ("settled", or the next player's perform) before they count."""
    need(st["phase"] == "performing", "nobody is performing")
    fields(event, ("t_ms",))
    _time(event["t_ms"], "the time the performance ended")
    turn = st["turn"]
    if not st["stage_cards"]:
        turn["need_stage"] = turn["stages"]  # no stage card left to draw
    need(turn["held"] == 0, "a dog is still in hand")
    need(turn["repeat"] == 0, "the +1 repeat is still to perform")
    need(turn["moves"] >= turn["need_moves"] or not _any_dog_on_top(st),
         "the Acrobatics move is missing")
    need(turn["stages"] >= turn["need_stage"], "the new stage card is missing")
    turn["done_at"] = event["t_ms"]
    st["phase"] = "after"
    return st


def _any_dog_on_top(st):
    return any(s and s[-1] == DOG for s in st["stages"])


def _settled(st, event):
    """{"t": "settled"}: the grace time has passed without a fall."""
    need(st["phase"] == "after", "no performance is waiting")
    fields(event, ())
    return _settle(st)


def _settle(st):
    seat = st["active"]
    points = st["turn"]["points"]
    st["last_turn"] = [seat, points, False]
    _score(st, seat, points)
    if st["ended"]:
        return st
    return _next_player(st, (seat + 1) % st["players"])


def _score(st, seat, points):
    if points <= 0:
        return
    st["scores"][seat] += points
    pos = st["scores"][seat]
    s = st["settings"]
    if pos in s["red"] and st["decks"][seat] > 0:
        st["decks"][seat] -= 1
        st["faceup"][seat] += 1
    elif pos in s["star"] and st["decks"][seat] > 0:
        st["decks"][seat] -= 1
        st["supply"] += 1
    if pos >= WIN_POINTS:
        _end(st)


def _fall(st, event):
    """{"t": "fall", "stage": s, "dogs": n, "cards": k, "t_ms": T}: dogs fell off a
    stage, and with them k stage cards (optional, 0) that lay among them: those go
    back to the stage-card pile (READINGS; the high stage's start card is the stage
    itself and never falls). "t_ms", the time the fall began, is needed while a
    performance waits out the hold; between turns (phase "turn") a fall is late: the
    stages change and the fallen dogs go under the supply, nothing is scored or drawn."""
    fields(event, ("stage", "dogs"), ("t_ms", "cards"))
    stage_i = _stage_no(event["stage"])
    n = event["dogs"]
    k = event.get("cards", 0)
    t = event.get("t_ms")
    if t is not None or st["phase"] == "after":
        _time(t, "the time of the fall")
    stage = st["stages"][stage_i]
    need(is_count(n, 1, len(stage)), "how many dogs fell")
    need(is_count(k, 0, len(stage)) and n + k <= len(can_fall(st, stage_i)),
         "more fell than the stage holds")
    top = stage[len(stage) - n - k:]
    need(dogs_on(top) == n, "only %d dogs and %d stage cards fell" % (n, k))
    del stage[len(stage) - n - k:]
    st["stage_cards"] += [item for item in top if item != DOG]  # back to the pile
    seat = st["active"]
    turn = st["turn"]
    late = st["phase"] == "turn"
    if st["phase"] == "after":
        late = diff(t, turn["done_at"]) >= st["settings"]["grace_ms"]
        if late:
            st = _settle(st)  # the points had been earned
    if late:
        st["supply"] += n  # only under the supply
        return st
    # A fall during the performance or in the grace time: nothing scores this turn.
    st["faceup"][seat] += turn["held"]  # dogs not yet stacked stay with the player
    helper = turn["helper"]
    if helper is not None and st["settings"]["helper_takes"]:
        kept = min(2, n)
        st["faceup"][helper] += kept
        st["faceup"][seat] += n - kept
        st["last_turn"] = [seat, 0, True]
        _score(st, helper, kept)
    else:
        st["supply"] += n
        drawn = min(2, st["supply"])
        st["supply"] -= drawn
        st["faceup"][seat] += drawn
        st["last_turn"] = [seat, 0, True]
        if helper is not None:
            _score(st, helper, min(2, n))
    if st["ended"]:
        return st
    return _next_player(st, (seat + 1) % st["players"])


_HANDLERS = {
    "perform": _perform,
    "stack": _stack,
    "move": _move,
    "new_stage": _new_stage,
    "done": _done,
    "settled": _settled,
    "fall": _fall,
}


def cards_left(state, seat):
    left = state["decks"][seat]
    if state["settings"]["left_counts"] == "all":
        left += state["faceup"][seat]
    return left


def standings(state):
    n = state["players"]
    return final_standings(state["scores"], [cards_left(state, s) for s in range(n)])


def places(state):
    """[(place, seat)] best first, as final_standings orders them: seats equal in final
    score and in cards left share the place (a shared win when it is the first)."""
    n = state["players"]
    left = [cards_left(state, s) for s in range(n)]
    return ranking([state["scores"][s] - left[s] for s in range(n)], left)


def winners(state):
    """The seats of the first place once the game is over (several: a shared win)."""
    return [seat for place, seat in places(state) if place == 1] if state["ended"] else []


def dogs_accounted(state):
    """Decks, face-up dogs, the supply, the stages and dogs in hand: always 45."""
    held = state["turn"]["held"] if state["turn"] else 0
    on_stages = dogs_on(state["stages"][0]) + dogs_on(state["stages"][1])
    return sum(state["decks"]) + sum(state["faceup"]) + state["supply"] + on_stages + held


def prompt(state):
    """What the players must do now, in a few words (seats counted from 1)."""
    if state["ended"]:
        return win_prompt(winners(state))
    seat = state["active"] + 1
    if state["phase"] == "turn":
        return "Seat %d: perform" % seat
    if state["phase"] == "after":
        return "Seat %d: hold still" % seat
    turn = state["turn"]
    if turn["repeat"]:
        return "Seat %d: +1 repeat" % seat
    if turn["stages"] < turn["need_stage"] and state["stage_cards"]:
        return "Seat %d: new stage" % seat
    if turn["moves"] < turn["need_moves"]:
        return "Seat %d: move a dog" % seat
    if turn["held"]:
        return "Seat %d: stack" % seat
    return "Seat %d: done?" % seat


# --- a saved state, checked (common.py, "the shape of a state") ---
_POINTS = const(10000)  # far beyond what a turn can score (45 dogs, each 1 + those below)
_COUNT = ("int", 0, 2 * TOTAL_DOGS)  # a turn's dogs, moves, stage cards (2 a dog at most)
_ACTION = ("str", ACTIONS)
_SHAPE = (
    ("game", ("str", ("circus_puppy",))),
    ("players", ("int", 2, 5)),
    ("settings", ("rules", HOUSE_RULES)),
    ("stages", ("list", 2, ("list", (0, TOTAL_DOGS + len(STAGE_CARDS)),
                            ("str", (DOG,) + STAGE_CARDS)))),
    ("stage_cards", ("list", (0, len(STAGE_CARDS)), ("str", STAGE_CARDS))),
    ("decks", ("list", N, ("int", 0, 12))),
    ("faceup", ("list", N, ("int", 0, TOTAL_DOGS))),
    ("supply", ("int", 0, TOTAL_DOGS)),
    ("scores", ("list", N, ("int", 0, _POINTS))),
    ("active", ("seat",)),
    ("turn", ("opt", ("dict", (
        ("points", ("int", 0, _POINTS)),
        ("held", _COUNT), ("moves", _COUNT), ("stages", _COUNT),
        ("need_moves", _COUNT), ("need_stage", _COUNT),
        ("helper", ("opt", ("seat",))),
        ("repeat", _COUNT),
        ("repeat_action", ("opt", _ACTION)),
        ("done_at", ("opt", ("int", 0, PERIOD - 1))),
        ("action", _ACTION),
        ("pair", ("bool",)),
        ("last_action", _ACTION))))),
    ("phase", ("str", ("turn", "performing", "after", "over"))),
    ("ended", ("bool",)),
    ("last_turn", ("opt", ("items", (("seat",), ("int", 0, _POINTS), ("bool",))))),
)


def check_state(state):
    """None when `state` (any value) is a state start() and apply() could have made:
    every field there, of its type and range, the 45 dogs and the stage cards accounted
    for; else what is wrong, in a few words. It never raises."""
    from pawpad.games.shape import state_problem  # loaded only for a resume

    why = state_problem(state, _SHAPE)
    if why:
        return why
    st = state
    phase = st["phase"]
    turn = st["turn"]
    stages = st["stages"]
    cards = [c for stage in stages for c in stage if c != DOG] + st["stage_cards"]
    for ok, why in (
        (sorted(cards) == sorted(STAGE_CARDS), "the stage cards are not each in one place"),
        (stages[1][:1] == [st["settings"]["start_card"]],
         "the high stage is not on its start card"),
        (dogs_accounted(st) == TOTAL_DOGS, "the dogs do not add up to %d" % TOTAL_DOGS),
        (max(st["decks"]) <= deck_size(st["players"]), "a deck holds more than was dealt"),
        (st["ended"] == (phase == "over"), "ended is wrong for the phase"),
        (st["ended"] or max(st["scores"]) < WIN_POINTS, "a score is %d and the game goes on"
         % WIN_POINTS),
        ((turn is None) == (phase in ("turn", "over")), "turn is wrong for the phase"),
        (phase != "turn" or can_play(st, st["active"]), "the active player cannot play"),
    ):
        if not ok:
            return why
    if turn is None:
        return None
    for ok, why in (
        (turn["moves"] <= turn["need_moves"] and turn["stages"] <= turn["need_stage"],
         "turn: more done than the actions need"),
        ((turn["done_at"] is None) == (phase == "performing"),
         "turn.done_at is wrong for the phase"),
        (phase == "performing" or turn["held"] == turn["repeat"] == 0,
         "turn: dogs or a repeat left after the performance"),
        (turn["repeat"] == 0 or turn["repeat_action"] is not None,
         "turn: a repeat of no action"),
        (turn["helper"] != st["active"], "turn: the player helps themself"),
    ):
        if not ok:
            return why
    return None
