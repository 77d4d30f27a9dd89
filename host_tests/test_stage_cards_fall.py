# A stage card that falls with dogs (the engine's READINGS: it goes back to the stage
# cards not yet drawn; the dogs fall as in any fall; the high stage's start card is
# the stage and never falls): the engine takes the fall, the load cells' count of
# cards that left a stage becomes it, and the menu's fall asks for the cards only when
# a stage card could have fallen. Both runtimes.
from pawpad.app.flows.circus_puppy.steps import fall_event
from pawpad.games import circus_puppy as cp
from pawpad.games.common import Refused

D = cp.DOG


def with_card_on_low():
    st = cp.start(3)
    st["stages"][0] = [D, D, "+2 left", D]
    st["stage_cards"].remove("+2 left")
    st["supply"] -= 1  # the third dog on low came from the supply
    assert cp.check_state(st) is None, cp.check_state(st)
    return st


def refused(st, event):
    try:
        cp.step(st, event)
    except Refused:
        return True
    return False


def test_a_stage_card_falls_with_dogs_and_goes_back_to_the_pile():
    st = with_card_on_low()
    after = cp.step(st, {"t": "fall", "stage": 0, "dogs": 2, "cards": 1})
    assert after["stages"][0] == [D]
    assert "+2 left" in after["stage_cards"] and after["supply"] == st["supply"] + 2
    assert cp.check_state(after) is None, cp.check_state(after)
    # the dogs alone, with the card among them: refused, as the box is told otherwise
    assert refused(st, {"t": "fall", "stage": 0, "dogs": 2})
    assert not refused(st, {"t": "fall", "stage": 0, "dogs": 1, "cards": 1})  # top dog, card
    assert refused(st, {"t": "fall", "stage": 0, "dogs": 1, "cards": 2})  # one card there
    assert not refused(st, {"t": "fall", "stage": 0, "dogs": 1})  # only the top dog


def test_the_high_stages_start_card_never_falls():
    st = cp.start(3)  # high: the start card and two dogs
    assert refused(st, {"t": "fall", "stage": 1, "dogs": 2, "cards": 1})
    after = cp.step(st, {"t": "fall", "stage": 1, "dogs": 2})
    assert after["stages"][1] == [st["settings"]["start_card"]]


def test_the_load_cells_count_becomes_dogs_and_stage_cards():
    st = with_card_on_low()
    assert fall_event(st, 0, 3, 100) == {"t": "fall", "stage": 0, "dogs": 2, "cards": 1,
                                         "t_ms": 100}
    assert fall_event(st, 0, 1, 100) == {"t": "fall", "stage": 0, "dogs": 1, "t_ms": 100}
    # the whole high stage seen leaving: its start card stays
    assert fall_event(cp.start(3), 1, 3, 5) == {"t": "fall", "stage": 1, "dogs": 2, "t_ms": 5}
