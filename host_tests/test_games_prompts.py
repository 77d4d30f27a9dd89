# What each game asks of the players now. Both runtimes.
from pawpad.games import circus_puppy as cp
from pawpad.games import pick_a_dog as pd
from pawpad.games import top_dog as tg
from pawpad.games import top_dogs as tds


def test_top_dogs_prompts():
    st = tds.start(3, {"rounds": 1})
    assert tds.prompt(st) == "Round 1: lay teams"
    st = tds.step(st, {"t": "teams", "cards": [[1, 2, 3], [1, 2, 4], [1, 2, 3]]})
    assert tds.prompt(st) == "Seat 2 wins"


def test_pick_a_dog_prompts():
    st = pd.start(2)
    assert pd.prompt(st) == "Round 1: GO"
    st = pd.step(st, {"t": "stop", "seat": 1})
    assert pd.prompt(st) == "Was seat 2 right?"
    solo = pd.start(1, {"variant": "solo"})
    assert pd.prompt(solo) == "Round 1 of 3: collect"


def test_top_dog_prompts():
    st = tg.start(2)
    assert tg.prompt(st) == "Round 1: play dogs"
    st = tg.step(st, {"t": "play", "plays": [[0, "new", None], [1, "new", None]]})
    assert tg.prompt(st) == "Judge medals PAWS"


def test_circus_puppy_prompts():
    st = cp.start(2)
    assert cp.prompt(st) == "Seat 1: perform"
    st = cp.step(st, {"t": "perform", "action": "acrobatics"})
    assert cp.prompt(st) == "Seat 1: move a dog"
    st = cp.step(st, {"t": "move", "from": 0})
    assert cp.prompt(st) == "Seat 1: stack"
    st = cp.step(st, {"t": "stack", "stage": 0})
    assert cp.prompt(st) == "Seat 1: done?"
    st = cp.step(st, {"t": "done", "t_ms": 5})
    assert cp.prompt(st) == "Seat 1: hold still"
