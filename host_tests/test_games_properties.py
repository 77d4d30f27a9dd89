# cpython only
# Property tests with hypothesis. Random event sequences, legal and not,
# for every game: refused events change nothing, cards are conserved, no count goes
# negative, every game ends, replaying the accepted events gives the live state, and
# the state survives a JSON round trip.
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as stg

from pawpad.games import circus_puppy as cp
from pawpad.games import pick_a_dog as pd
from pawpad.games import top_dog as tg
from pawpad.games.common import Refused, replay
from pawsim import robots

# Whole games are long inputs by nature; the same examples every run keep CI steady.
GAMES = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.large_base_example,
                                        HealthCheck.data_too_large, HealthCheck.too_slow])


def no_negatives(value):
    if isinstance(value, dict):
        return all(no_negatives(v) for v in value.values())
    if isinstance(value, list):
        return all(no_negatives(v) for v in value)
    if isinstance(value, bool) or not isinstance(value, int):
        return True
    return value >= 0


class Draw:
    """The robots' chooser, drawing every decision from hypothesis."""

    def __init__(self, data, stats=True):
        self.data = data
        self.stats = stats
        self.t = 0

    def num(self, lo, hi):
        return self.data.draw(stg.integers(lo, hi))

    def pick(self, options):
        return self.data.draw(stg.sampled_from(options))

    def coin(self):
        return self.data.draw(stg.booleans())

    def tick(self, lo, hi):
        self.t += self.num(lo, hi)
        return self.t


class Checked:
    """An engine wrapped with the checks every step must pass: the old state is never
    touched, a refused event changes nothing, cards are conserved, no count goes
    negative, and the new state survives a JSON round trip."""

    def __init__(self, engine, conserved):
        self.engine = engine
        self.conserved = conserved
        self.expect = None
        self.refused = 0

    def start(self, players, settings_):
        st = self.engine.start(players, settings_)
        if self.conserved:
            self.expect = self.conserved(st)
        return st

    def step(self, before, event):
        snapshot = json.dumps(before, sort_keys=True)
        try:
            after = self.engine.step(before, event)
        except Refused:
            assert json.dumps(before, sort_keys=True) == snapshot, event
            self.refused += 1
            raise
        assert json.dumps(before, sort_keys=True) == snapshot, event
        if self.conserved:
            assert self.conserved(after) == self.expect, event
        assert no_negatives({k: v for k, v in after.items() if k != "settings"}), event
        assert json.loads(json.dumps(after)) == after
        return after


def check_game(name, players, settings_, chooser, conserved=None, max_turns=2000):
    """Plays a robot game through the checks; replay must give the live state."""
    engine = Checked(robots.ENGINES[name], conserved)
    state, accepted = robots.play(name, players, settings_, chooser, max_turns, engine)
    assert replay(robots.ENGINES[name], players, settings_, accepted) == state
    return state, accepted


@GAMES
@given(stg.data())
def test_top_dogs(data):
    players = data.draw(stg.integers(3, 5))
    rounds = data.draw(stg.integers(1, 12))
    state, accepted = check_game("top_dogs", players, {"rounds": rounds}, Draw(data))
    assert state["ended"] and len(accepted) == min(rounds, 10)
    assert sum(state["cups"]) + state["lost"] == state["round"]


@GAMES
@given(stg.data())
def test_pick_a_dog(data):
    variant = data.draw(stg.sampled_from(["dog", "pog", "solo"]))
    players = 1 if variant == "solo" else data.draw(stg.integers(2, 8))
    state, _ = check_game("pick_a_dog", players, {"variant": variant}, Draw(data),
                          pd.cards_accounted)
    assert state["ended"]


@GAMES
@given(stg.data())
def test_top_dog(data):
    players = data.draw(stg.integers(2, 6))
    chooser = Draw(data, stats=data.draw(stg.booleans()))
    state, accepted = check_game("top_dog", players, None, chooser, tg.dogs_accounted,
                                 max_turns=150)
    # Robots that never win keep rescuing dogs for ever; the invariants held throughout.
    assert state["ended"] or len(accepted) >= 100


@GAMES
@given(stg.data())
def test_circus_puppy(data):
    players = data.draw(stg.integers(2, 5))
    s = {"red": [3, 9], "star": [6], "helper_takes": data.draw(stg.booleans()),
         "start_card": data.draw(stg.sampled_from(cp.STAGE_CARDS))}
    state, _ = check_game("circus_puppy", players, s, Draw(data), cp.dogs_accounted)
    assert state["ended"]
