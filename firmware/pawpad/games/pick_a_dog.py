# Pick-a-Dog, Pick-a-Pog and the solo game. docs/rules.md, "Pick-a-Dog".
# A card is a tuple of binary attributes: (size, colour, arms, sunglasses, popcorn),
# and species for Pick-a-Pog. The device cannot see the cards, so the game state keeps
# counts: the draw pile, the table, the winning piles, the discards.
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
    seat_list,
)

ATTRIBUTES = ("size", "colour", "arms", "sunglasses", "popcorn")
POG_ATTRIBUTES = ATTRIBUTES + ("species",)

VARIANTS = {
    # deck, table, bonus, players
    "dog": {"deck": 96, "table": 30, "bonus": 1, "min": 2, "max": 8, "title": "Pick-a-Dog"},
    "pog": {"deck": 192, "table": 49, "bonus": 2, "min": 2, "max": 8, "title": "Pick-a-Pog"},
    "solo": {"deck": 96, "table": 32, "bonus": 0, "min": 1, "max": 1, "title": "Solo"},
}
SOLO_ROUNDS = const(3)
MAX_MS = const(1000000000)  # a reaction time beyond 11 days is junk, not a slow player
MARGIN_MAX_MS = const(60000)  # presses this long after a STOP are not a race for it
# (key, label, default, kind, low, high, step): common.py, "house rules". The variant
# is chosen from the menu (Pick-a-Dog, Pick-a-Pog, Solo), not on the setup screen.
HOUSE_RULES = (
    ("variant", None, "dog", "choice", ("dog", "pog", "solo"), None, None),
)
DEFAULTS = defaults_of(HOUSE_RULES)
SHOWN = {}  # how a choice reads on the house-rules screen: as it is named
READINGS = ()  # settled readings shown there: none beyond docs/rules.md's


def check_settings(settings):
    """Saved house rules checked: the full settings (defaults filled in), or ValueError."""
    return checked_settings(HOUSE_RULES, settings)


def differences(a, b):
    """How many attributes two cards differ in."""
    if len(a) != len(b):
        raise ValueError("cards of different games")
    n = 0
    for i in range(len(a)):
        if a[i] != b[i]:
            n += 1
    return n


def chain_ok(captain, members):
    """Each member differs from the card before it (the captain for the first) in at
    most one attribute."""
    prev = captain
    for card in members:
        if differences(prev, card) > 1:
            return False
        prev = card
    return True


def can_continue(last, table):
    """Is there a card on the table that may follow `last`?"""
    for card in table:
        if differences(last, card) <= 1:
            return True
    return False


def all_cards(pog=False):
    """The distinct cards: 32 (2**5), or 64 for Pick-a-Pog (2**6)."""
    n = len(POG_ATTRIBUTES if pog else ATTRIBUTES)
    return [tuple((i >> (n - 1 - k)) & 1 for k in range(n)) for i in range(1 << n)]


def full_deck(pog=False):
    """Three sets of every distinct card: 96, or 192 for Pick-a-Pog."""
    return all_cards(pog) * 3


# --- the game ---
# Phases: "ready" (dealt, waiting for GO and a STOP), "exam" (STOP called, waiting for
# the examination's result), "over". Solo has no STOP: "ready" takes the result.

def players_text(variant):
    """"Pick-a-Pog is for 2 to 8 players", "Solo is for 1 player": in the variant's
    title, the rulebook's (the registry's menu rows show the same: test_registry)."""
    v = VARIANTS[variant]
    if v["min"] == v["max"]:
        n = v["min"]
        return "%s is for %d player%s" % (v["title"], n, "" if n == 1 else "s")
    return "%s is for %d to %d players" % (v["title"], v["min"], v["max"])


def start(players, settings=None):
    s = check_settings(settings)
    v = VARIANTS[s["variant"]]
    if not is_count(players, v["min"], v["max"]):
        raise ValueError(players_text(s["variant"]))
    state = {
        "game": "pick_a_dog",
        "players": players,
        "settings": s,
        "pile": v["deck"],
        "table": 0,
        "captains": 0,  # face down in front of the players this round
        "scores": [0] * players,  # cards in each winning pile (solo: cards set aside)
        "discarded": 0,
        "set_aside": 0,  # solo: cards left on the table at a round's end
        "round": 0,  # rounds finished
        "caller": None,
        "phase": "ready",
        "last_round": False,
        "ended": False,
        "last_stop": None,  # [caller or None, right] of the round just examined
    }
    return _deal(state)


def variant(state):
    return VARIANTS[state["settings"]["variant"]]


def _solo(state):
    return state["settings"]["variant"] == "solo"


def _deal(st):
    """Start of a round: captains from the pile, then the gaps on the table filled with
    what the pile still has. Ends the game when the pile cannot give every captain."""
    v = variant(st)
    n = st["players"]
    if _solo(st):
        if st["round"] >= SOLO_ROUNDS or st["pile"] == 0:
            return _end(st)
        st["table"] = min(v["table"], st["pile"])
        st["pile"] -= st["table"]
        st["last_round"] = st["round"] == SOLO_ROUNDS - 1 or st["pile"] == 0
    else:
        if st["pile"] < n:
            return _end(st)
        st["pile"] -= n
        st["captains"] = n
        fill = min(v["table"] - st["table"], st["pile"])
        st["table"] += fill
        st["pile"] -= fill
        st["last_round"] = st["pile"] < n
    st["phase"] = "ready"
    st["caller"] = None
    return st


def _end(st):
    st["phase"] = "over"
    st["ended"] = True
    st["last_round"] = False
    return st


def step(state, event):
    """The state after `event`; `state` itself is left as it was."""
    return apply(clone(state), event)


def apply(st, event):
    """Applies `event` to `st` in place and returns it (for replay; see top_dogs)."""
    return dispatch(st, event, _HANDLERS, "Pick-a-Dog")


def _stop(st, event):
    """{"t": "stop", "seat": s}: the first STOP press; seat None when the round's time
    ran out with nobody calling. Optional, for statistics (the state does not keep
    them): "react_ms", the caller's reaction after GO (whole ms from 0), and "false",
    the distinct seats that made a false start this round."""
    need(not _solo(st), "the solo game has no STOP")
    need(st["phase"] == "ready", "no round is being played")
    fields(event, ("seat",), ("react_ms", "false"))
    seat = event["seat"]
    need(seat is None or is_count(seat, 0, st["players"] - 1), "no such seat")
    if "react_ms" in event:
        react = event["react_ms"]
        need(seat is not None or react is None, "nobody called STOP: no reaction time")
        need(react is None or is_count(react, 0, MAX_MS), "a reaction is whole ms from 0")
    if "false" in event:
        seat_list(event["false"], st["players"], "false starts")
    st["caller"] = seat
    st["phase"] = "exam"
    return st


def _result(st, event):
    """{"t": "result", "right": bool, "collected": [cards per seat], "broken": [seats]}
    The examination: was the caller right, how many member cards each player took
    (captain not counted), and whose chain is broken. The count is given for every
    player, a broken chain's too: its cards leave the table (to the discards, with the
    captain), so the draw pile refills the table for them. "right" is needed when a
    STOP was called (None or absent otherwise); "broken" may be left out (nobody).
    "margin_ms" (optional, with a STOP called): by how much the caller beat the next
    player to press, kept for the statistics; the rules do not read it.
    Solo: {"t": "result", "collected": [cards]}."""
    solo = _solo(st)
    need(st["phase"] == ("ready" if solo else "exam"),
         "call STOP first" if not solo else "no round is being played")
    fields(event, ("collected",), ("right", "broken", "margin_ms"))
    n = st["players"]
    collected = event["collected"]
    need(isinstance(collected, list) and len(collected) == n, "a count for every player")
    for c in collected:
        need(is_count(c, 0, st["table"]), "counts are whole numbers from 0")
    total = sum(collected)
    need(total <= st["table"], "more cards collected than the table held")
    broken = event.get("broken")
    broken = [] if broken is None else seat_list(broken, n, "broken chains")
    right = event.get("right")
    need(right is None or right is True or right is False, "right is yes or no")
    if solo:
        need(not broken, "the solo game has no broken chains to mark")
        need(total >= 1 or st["table"] == 0, "the solo game starts from a table card")
        left = st["table"] - total
        st["scores"][0] += left
        st["set_aside"] += left
        st["discarded"] += total  # collected solo cards leave the game too
        st["table"] = 0
        st["round"] += 1
        st["last_stop"] = [None, True]
        return _deal(st)
    caller = st["caller"]
    if caller is not None:
        need(right is not None, "say whether the STOP was right")
    if "margin_ms" in event:
        need(caller is not None and is_count(event["margin_ms"], 0, MARGIN_MAX_MS),
             "a margin is whole ms after a STOP")
    st["table"] -= total
    bonus = 0
    if caller is not None and right:
        bonus = min(variant(st)["bonus"], st["table"])
        st["table"] -= bonus
    for seat in range(n):
        cards = collected[seat] + 1 + (bonus if seat == caller else 0)
        wrong_caller = seat == caller and right is False
        if wrong_caller or seat in broken:
            st["discarded"] += cards
        else:
            st["scores"][seat] += cards
    st["captains"] = 0
    st["round"] += 1
    st["last_stop"] = [caller, bool(right) if caller is not None else None]
    return _deal(st)


_HANDLERS = {"stop": _stop, "result": _result}


def score(state, seat):
    """Points: cards in the winning pile; solo, the negative of the cards set aside."""
    return -state["scores"][seat] if _solo(state) else state["scores"][seat]


def standings(state):
    return ranking([score(state, seat) for seat in range(state["players"])])


def cards_accounted(state):
    """Every card is somewhere: this equals the deck size at all times."""
    return (state["pile"] + state["table"] + state["captains"] + state["discarded"]
            + (state["set_aside"] if _solo(state) else sum(state["scores"])))


def prompt(state):
    """What the players must do now, in a few words (seats counted from 1)."""
    if state["ended"]:
        return "Game over"
    last = " (last round)" if state["last_round"] else ""
    if _solo(state):
        return "Round %d of %d: collect%s" % (state["round"] + 1, SOLO_ROUNDS, last)
    if state["phase"] == "ready":
        return "Round %d: GO%s" % (state["round"] + 1, last)
    if state["caller"] is None:
        return "Time up: count cards"
    return "Was seat %d right?" % (state["caller"] + 1)


# --- a saved state, checked (common.py, "the shape of a state") ---
_CARDS = const(192)  # the largest deck (Pick-a-Pog)
_SHAPE = (
    ("game", ("str", ("pick_a_dog",))),
    ("players", ("int", 1, 8)),
    ("settings", ("rules", HOUSE_RULES)),
    ("pile", ("int", 0, _CARDS)),
    ("table", ("int", 0, 49)),
    ("captains", ("int", 0, 8)),
    ("scores", ("list", N, ("int", 0, _CARDS))),
    ("discarded", ("int", 0, _CARDS)),
    ("set_aside", ("int", 0, _CARDS)),
    ("round", ("int", 0, _CARDS)),
    ("caller", ("opt", ("seat",))),
    ("phase", ("str", ("ready", "exam", "over"))),
    ("last_round", ("bool",)),
    ("ended", ("bool",)),
    ("last_stop", ("opt", ("items", (("opt", ("seat",)), ("opt", ("bool",)))))),
)


def check_state(state):
    """None when `state` (any value) is a state start() and apply() could have made:
    every field there, of its type and range, every card somewhere; else what is wrong,
    in a few words. It never raises."""
    from pawpad.games.shape import state_problem  # loaded only for a resume

    why = state_problem(state, _SHAPE)
    if why:
        return why
    st = state
    v = variant(st)
    n = st["players"]
    solo = _solo(st)
    ended = st["ended"]
    stop = st["last_stop"]
    # The game ends at a deal that finds the pile (solo: or the rounds) run out, and
    # the deal before it says it is the last round.
    if solo:
        end = st["round"] >= SOLO_ROUNDS or st["pile"] == 0
        near = st["round"] == SOLO_ROUNDS - 1 or st["pile"] == 0
    else:
        end = near = st["pile"] < n
    for ok, why in (
        (v["min"] <= n <= v["max"], "players: " + players_text(st["settings"]["variant"])),
        (st["table"] <= v["table"], "the table holds more than %d cards" % v["table"]),
        (cards_accounted(st) == v["deck"], "the cards do not add up to %d" % v["deck"]),
        (ended == (st["phase"] == "over"), "ended is wrong for the phase"),
        (end or not ended, "over with cards for another round"),
        (st["last_round"] == (near and not ended), "last_round is wrong for the pile"),
        (not solo or (st["phase"] != "exam" and (st["round"] < SOLO_ROUNDS or
                                                 ended and st["round"] == SOLO_ROUNDS)),
         "the solo game has no STOP and %d rounds" % SOLO_ROUNDS),
        (st["captains"] == (0 if solo or ended else n), "captains are not one a player"),
        (st["caller"] is None or st["phase"] != "ready", "caller before the STOP"),
        (st["set_aside"] == (st["scores"][0] if solo else 0), "set_aside is not the solo score"),
        ((stop is None) == (st["round"] == 0), "last_stop is wrong for the round"),
        (stop is None or (stop == [None, True] if solo else
                          (stop[0] is None) == (stop[1] is None)),
         "last_stop is not a STOP and its verdict"),
    ):
        if not ok:
            return why
    return None
