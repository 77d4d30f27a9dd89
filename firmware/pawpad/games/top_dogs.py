# Top Dogs: every round each player lays a team of three dog cards; the highest team
# value wins the cup, with the tie cascade of the rulebook. docs/rules.md, "Top Dogs".
try:
    from micropython import const
except ImportError:  # plain CPython: the engines import anywhere (consts are ints)
    const = int  # type: ignore

from pawpad.games.common import (
    N,
    Refused,
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

# (key, label, default, kind, low, high, step): common.py, "house rules".
HOUSE_RULES = (
    ("rounds", "Rounds", 10, "int", 1, 30, 1),  # the rulebook's 10 rounds
    # Cards in the cup deck: the game also ends when it runs out.
    ("cups", "Cup cards", 10, "int", 1, 30, 1),
    ("cup_points", "Cup worth", 1, "int", 1, 10, 1),  # the rulebook prints no value
)
DEFAULTS = defaults_of(HOUSE_RULES)
SHOWN = {}  # how a choice reads on the house-rules screen: as it is named
READINGS = ()  # settled readings shown there: none beyond docs/rules.md's
CARD_MAX = const(99)  # a card's value is a small number: anything larger is junk
MIN_PLAYERS = const(3)
MAX_PLAYERS = const(5)


def team_value(cards):
    """All different: the sum. Two equal: their product plus the third. Three equal:
    the product of all three. Anything but three positive integers: ValueError."""
    if not isinstance(cards, (list, tuple)) or len(cards) != 3:
        raise ValueError("a team is three cards")
    for c in cards:
        if not is_count(c, 1):
            raise ValueError("card values are positive whole numbers")
    a, b, c = sorted(cards)
    if a == b == c:
        return a * b * c
    if a == b:
        return a * b + c
    if b == c:
        return b * c + a
    return a + b + c


def cup_winner(values):
    """The seat whose value is the only one at the highest distinct value; if that is
    shared, the second-highest, then the third. None: the cup is lost."""
    distinct = sorted(set(values), reverse=True)
    for v in distinct[:3]:
        holders = [seat for seat in range(len(values)) if values[seat] == v]
        if len(holders) == 1:
            return holders[0]
    return None


def check_settings(settings):
    """Saved house rules checked: the full settings (defaults filled in), or ValueError."""
    return checked_settings(HOUSE_RULES, settings)


# --- the game ---

def start(players, settings=None):
    s = check_settings(settings)
    if not is_count(players, MIN_PLAYERS, MAX_PLAYERS):
        raise ValueError("Top Dogs is for 3 to 5 players")
    return {
        "game": "top_dogs",
        "players": players,
        "settings": s,
        "round": 0,  # rounds played
        "cups": [0] * players,
        "points": [0] * players,
        "lost": 0,  # cups nobody won
        # The last round's team values and winner (the whole story is the event log).
        "last": None,
        "phase": "teams",
        "ended": False,
    }


def rounds_in_game(state):
    s = state["settings"]
    return min(s["rounds"], s["cups"])


def step(state, event):
    """The state after `event`; `state` itself is left as it was."""
    return apply(clone(state), event)


def apply(st, event):
    """Applies `event` to `st` in place and returns it (a refused event may leave `st`
    half changed: replay uses this on states of its own, play uses step)."""
    return dispatch(st, event, _HANDLERS, "Top Dogs")


def _teams(st, event):
    """{"t": "teams", "cards": [[v, v, v], ...]}, one team per seat; a card's value is
    a whole number 1..CARD_MAX."""
    fields(event, ("cards",))
    teams = event["cards"]
    need(isinstance(teams, list) and len(teams) == st["players"],
         "one team of three cards for every player")
    values = []
    for seat in range(len(teams)):
        team = teams[seat]
        need(not isinstance(team, (list, tuple)) or
             all(not is_count(v) or v <= CARD_MAX for v in team),
             "seat %d: a card is worth at most %d" % (seat + 1, CARD_MAX))
        try:
            values.append(team_value(teams[seat]))
        except ValueError as e:
            raise Refused("seat %d: %s" % (seat + 1, e))
    winner = cup_winner(values)
    if winner is None:
        st["lost"] += 1
    else:
        st["cups"][winner] += 1
        st["points"][winner] += st["settings"]["cup_points"]
    st["last"] = {"values": values, "winner": winner}
    st["round"] += 1
    if st["round"] >= rounds_in_game(st):
        st["ended"] = True
        st["phase"] = "over"
    return st


_HANDLERS = {"teams": _teams}


def standings(state):
    """[(place, seat)] by points; equal points share the place (a shared win)."""
    return ranking(state["points"])


def winners(state):
    return [seat for place, seat in standings(state) if place == 1] if state["ended"] else []


def prompt(state):
    """What the players must do now, in a few words (seats counted from 1)."""
    if state["ended"]:
        return win_prompt(winners(state))
    return "Round %d: lay teams" % (state["round"] + 1)


# --- a saved state, checked (common.py, "the shape of a state") ---
_MOST = const(30)  # rounds (and cups) the settings allow at most
_SHAPE = (
    ("game", ("str", ("top_dogs",))),
    ("players", ("int", MIN_PLAYERS, MAX_PLAYERS)),
    ("settings", ("rules", HOUSE_RULES)),
    ("round", ("int", 0, _MOST)),
    ("cups", ("list", N, ("int", 0, _MOST))),
    ("points", ("list", N, ("int", 0, _MOST * 10))),
    ("lost", ("int", 0, _MOST)),
    ("last", ("opt", ("dict", (("values", ("list", N, ("int", 1, CARD_MAX ** 3))),
                               ("winner", ("opt", ("seat",))))))),
    ("phase", ("str", ("teams", "over"))),
    ("ended", ("bool",)),
)


def check_state(state):
    """None when `state` (any value) is a state start() and apply() could have made:
    every field there, of its type and range, the cups adding up; else what is wrong,
    in a few words. It never raises."""
    from pawpad.games.shape import state_problem  # loaded only for a resume

    why = state_problem(state, _SHAPE)
    if why:
        return why
    st = state
    rounds = rounds_in_game(st)
    worth = st["settings"]["cup_points"]
    last = st["last"]
    for ok, why in (
        (st["round"] <= rounds, "round is past the game's %d" % rounds),
        (st["ended"] == (st["round"] == rounds), "ended is wrong for the round"),
        (st["ended"] == (st["phase"] == "over"), "ended is wrong for the phase"),
        (sum(st["cups"]) + st["lost"] == st["round"], "the cups do not add up to the rounds"),
        (st["points"] == [c * worth for c in st["cups"]], "points are not the cups' worth"),
        ((last is None) == (st["round"] == 0), "last is wrong for the round"),
        (last is None or last["winner"] == cup_winner(last["values"]),
         "last winner is not the cup's"),
    ):
        if not ok:
            return why
    return None
