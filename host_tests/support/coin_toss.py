# A toy fifth game's rules engine, for test_fifth_game.py: a coin is tossed each round
# off the box and the seat that called it right presses their button; the first to
# "wins" tosses won takes the game. Written as an engine of pawpad/games/ is, against
# the same shared helpers, so the test proves what a new game needs of the box.
from pawpad.games.common import (
    checked_settings,
    clone,
    defaults_of,
    dispatch,
    is_count,
    need,
    ranking,
    win_prompt,
)

HOUSE_RULES = (("wins", "Tosses to win", 2, "int", 1, 9, 1),)
DEFAULTS = defaults_of(HOUSE_RULES)
SHOWN = {}
READINGS = ()


def check_settings(settings):
    return checked_settings(HOUSE_RULES, settings)


def start(players, settings=None):
    s = check_settings(settings)
    if not is_count(players, 2, 8):
        raise ValueError("Coin Toss is for 2 to 8 players")
    return {"game": "coin_toss", "players": players, "settings": s, "round": 0,
            "won": [0] * players, "phase": "toss", "ended": False}


def step(state, event):
    return apply(clone(state), event)


def apply(st, event):
    return dispatch(st, event, _HANDLERS, "Coin Toss")


def _toss(st, event):
    seat = event.get("seat")
    need(is_count(seat, 0, st["players"] - 1), "no such seat")
    st["won"][seat] += 1
    st["round"] += 1
    if st["won"][seat] >= st["settings"]["wins"]:
        st["ended"] = True
        st["phase"] = "over"
    return st


_HANDLERS = {"toss": _toss}


def winners(state):
    return [s for p, s in ranking(state["won"]) if p == 1] if state["ended"] else []


def prompt(state):
    if state["ended"]:
        return win_prompt(winners(state))
    return "Toss %d: who called it?" % (state["round"] + 1)


def check_state(state):
    """None for a state start() and apply() could make, else what is wrong."""
    if not isinstance(state, dict) or state.get("game") != "coin_toss":
        return "not a coin toss"
    won = state.get("won")
    if not isinstance(won, list) or len(won) != state.get("players"):
        return "won is wrong"
    if sum(won) != state.get("round"):
        return "the tosses do not add up"
    return None
