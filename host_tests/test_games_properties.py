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
from pawpad.games import top_dogs as tds
from pawpad.games.common import Refused, replay


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


class Run:
    """Feeds events to an engine, checking what every step must keep."""

    def __init__(self, engine, players, settings_, conserved):
        self.engine = engine
        self.players = players
        self.settings = settings_
        self.conserved = conserved
        self.state = engine.start(players, settings_)
        self.expect = conserved(self.state)
        self.accepted = []

    def feed(self, event):
        before = json.dumps(self.state, sort_keys=True)
        try:
            new = self.engine.step(self.state, event)
        except Refused:
            assert json.dumps(self.state, sort_keys=True) == before
            return False
        assert json.dumps(self.state, sort_keys=True) == before  # the old state untouched
        self.state = new
        self.accepted.append(event)
        assert self.conserved(new) == self.expect
        assert no_negatives({k: v for k, v in new.items() if k != "settings"})
        assert json.loads(json.dumps(new)) == new
        return True

    def finish(self):
        assert self.state["ended"]
        again = replay(self.engine, self.players, self.settings, self.accepted)
        assert again == self.state


@GAMES
@given(stg.data())
def test_top_dogs(data):
    players = data.draw(stg.integers(3, 5))
    rounds = data.draw(stg.integers(1, 12))
    run = Run(tds, players, {"rounds": rounds}, lambda s: None)
    card = stg.integers(0, 7)
    while not run.state["ended"]:
        teams = data.draw(stg.lists(stg.lists(card, min_size=3, max_size=3),
                                    min_size=players, max_size=players))
        run.feed({"t": "teams", "cards": teams})
        assert sum(run.state["cups"]) + run.state["lost"] == run.state["round"]
        assert len(run.accepted) <= rounds
    run.finish()


@GAMES
@given(stg.data())
def test_pick_a_dog(data):
    variant = data.draw(stg.sampled_from(["dog", "pog", "solo"]))
    players = 1 if variant == "solo" else data.draw(stg.integers(2, 8))
    run = Run(pd, players, {"variant": variant}, pd.cards_accounted)
    steps = 0
    while not run.state["ended"]:
        steps += 1
        assert steps < 500
        st = run.state
        if st["phase"] == "ready" and variant != "solo":
            seat = data.draw(stg.one_of(stg.none(), stg.integers(-1, players)))
            run.feed({"t": "stop", "seat": seat})
            continue
        share = max(1, st["table"] // players)
        collected = data.draw(stg.lists(stg.integers(0, share + 1), min_size=players,
                                        max_size=players))
        broken = data.draw(stg.lists(stg.integers(0, players - 1), max_size=2))
        right = data.draw(stg.booleans())
        if not run.feed({"t": "result", "right": right, "collected": collected,
                         "broken": broken}):
            # a legal fallback so that the game moves on
            run.feed({"t": "result", "right": right, "collected": [min(1, st["table"])] +
                      [0] * (players - 1), "broken": []})
    run.finish()


@GAMES
@given(stg.data())
def test_top_dog(data):
    players = data.draw(stg.integers(2, 6))
    with_stats = data.draw(stg.booleans())
    run = Run(tg, players, None, tg.dogs_accounted)
    steps = 0
    stat = stg.lists(stg.integers(0, 9), min_size=4, max_size=4)
    while not run.state["ended"]:
        steps += 1
        assert steps < 400
        st = run.state
        if st["phase"] == "rescue":
            run.feed({"t": "rescued"})
        elif st["phase"] == "judge":
            won = {}
            for letter in tg.available(st):
                pick = data.draw(stg.one_of(stg.none(), stg.tuples(
                    stg.integers(0, players - 1), stg.sampled_from(["prev", "new"]))))
                won[letter] = list(pick) if pick else None
            if not run.feed({"t": "medals", "won": won}):
                run.feed({"t": "medals", "won": {m: None for m in tg.available(st)}})
        else:
            plays = []
            for seat in range(players):
                if st["hands"][seat] == 0:
                    continue
                how = data.draw(stg.sampled_from(["new", "breed"]))
                c = st["contestants"][seat]
                if data.draw(stg.integers(0, 9)) > 0:  # mostly legal choices
                    how = "new" if c["new"] is None and (c["prev"] is None or how == "new") \
                        else "breed"
                plays.append([seat, how, data.draw(stat) if with_stats else None])
            if not run.feed({"t": "play", "plays": plays}):
                fixed = []
                for seat in range(players):
                    if st["hands"][seat]:
                        how = "new" if st["contestants"][seat]["new"] is None else "breed"
                        fixed.append([seat, how, [0, 0, 0, 0] if with_stats else None])
                run.feed({"t": "play", "plays": fixed})
        # a game in which nobody wins keeps going while dogs come back from the Pound;
        # stop the draw of events there: the invariants were checked on every step
        if steps > 150 and not run.state["ended"]:
            return
    run.finish()


@GAMES
@given(stg.data())
def test_circus_puppy(data):
    players = data.draw(stg.integers(2, 5))
    s = {"red": [3, 9], "star": [6], "helper_takes": data.draw(stg.booleans()),
         "start_card": data.draw(stg.sampled_from(cp.STAGE_CARDS))}
    run = Run(cp, players, s, cp.dogs_accounted)
    t = 0
    steps = 0
    while not run.state["ended"]:
        steps += 1
        assert steps < 3000
        st = run.state
        t += data.draw(stg.integers(0, 7000))
        if st["phase"] == "turn":
            action = data.draw(stg.sampled_from(cp.ACTIONS))
            e = {"t": "perform", "action": action,
                 "from": "deck" if st["decks"][st["active"]] else "faceup",
                 "chosen": data.draw(stg.sampled_from(cp.ACTIONS)),
                 "helper": (st["active"] + 1) % players}
            if not run.feed(e):
                e.update(action="dogee show")
                assert run.feed(e)
        elif st["phase"] == "performing":
            turn = st["turn"]
            choice = data.draw(stg.integers(0, 9))
            if choice == 0:
                stage = data.draw(stg.integers(0, 1))
                n = data.draw(stg.integers(1, 3))
                run.feed({"t": "fall", "stage": stage, "dogs": n, "t_ms": t})
                continue
            if turn["stages"] < turn["need_stage"] and st["stage_cards"]:
                run.feed({"t": "new_stage", "card": data.draw(
                    stg.sampled_from(st["stage_cards"])), "stage": data.draw(
                    stg.integers(0, 1))})
                continue
            if turn["moves"] < turn["need_moves"] and run.feed(
                    {"t": "move", "from": data.draw(stg.integers(0, 1))}):
                continue
            if turn["held"]:
                run.feed({"t": "stack", "stage": data.draw(stg.integers(0, 1))})
            elif turn["repeat"]:
                run.feed({"t": "perform", "action": turn["repeat_action"],
                          "from": "deck", "chosen": "dogee show",
                          "helper": (st["active"] + 1) % players})
                if run.state is st:  # no dog left in the deck: try a face-up one
                    run.feed({"t": "perform", "action": turn["repeat_action"],
                              "from": "faceup", "chosen": "dogee show",
                              "helper": (st["active"] + 1) % players})
                if run.state is st:
                    run.feed({"t": "fall", "stage": 0, "dogs": 1, "t_ms": t})
            else:
                if not run.feed({"t": "done", "t_ms": t}):
                    run.feed({"t": "move", "from": 0}) or run.feed({"t": "move", "from": 1})
        else:
            if data.draw(stg.booleans()):
                run.feed({"t": "settled"})
            else:
                run.feed({"t": "fall", "stage": data.draw(stg.integers(0, 1)),
                          "dogs": 1, "t_ms": t})
    run.finish()
