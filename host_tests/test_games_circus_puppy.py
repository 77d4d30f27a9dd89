# Circus Puppy: the stage model, every action, effects, falls and the 5-second rule,
# red and star spaces, decks, the end. Both runtimes.
import json

from pawpad.games import circus_puppy as cp
from pawpad.games.common import Refused

D = cp.DOG


def test_stack_points():
    assert cp.stack_points([]) == 0
    assert cp.stack_points([D]) == 2  # on one dog: 1 + 1
    assert cp.stack_points([D, D]) == 3
    assert cp.stack_points(["+2 supply"]) == 2  # on the card: its points
    assert cp.stack_points(["+1 repeat"]) == 1
    assert cp.stack_points(["+3 right", D]) == 2  # only dogs above the card count
    assert cp.stack_points([D, D, D, "+2 left", D, D]) == 3
    assert cp.stack_points(["+3 twos", D, D, D]) == 2  # above +3 twos: always 2
    assert cp.stack_points(["+3 twos"]) == 3
    assert cp.stack_points(["+3 twos", D, "+2 left", D]) == 2  # the topmost card rules


def test_setup():
    st = cp.start(3)
    assert st["stages"] == [[D, D], ["+1 repeat", D, D]]
    assert st["decks"] == [6, 6, 6] and st["supply"] == 45 - 18 - 4
    assert cp.dogs_accounted(st) == 45
    two = cp.start(2, {"start_card": "+3 twos"})
    assert two["decks"] == [12, 12] and two["stages"][1][0] == "+3 twos"
    assert "+3 twos" not in two["stage_cards"]


def run(st, *events):
    for e in events:
        st = cp.step(st, e)
        assert cp.dogs_accounted(st) == 45, e
    return st


def perform(action, **kw):
    e = {"t": "perform", "from": "deck", "action": action}
    e.update(kw)
    return e


def test_dogee_show_scores_on_settle():
    st = run(cp.start(3), perform("dogee show"), {"t": "stack", "stage": 0},
             {"t": "done", "t_ms": 1000})
    assert st["scores"] == [0, 0, 0] and st["phase"] == "after"
    st = run(st, {"t": "settled"})
    assert st["scores"] == [3, 0, 0]  # on two dogs
    assert st["active"] == 1 and st["decks"][0] == 5


def test_next_perform_settles_the_last_turn():
    st = run(cp.start(3), perform("dogee show"), {"t": "stack", "stage": 1},
             {"t": "done", "t_ms": 0}, perform("dogee show"))
    assert st["scores"][0] == 3 and st["active"] == 1


def test_acrobatics_scores_moved_then_drawn():
    st = run(cp.start(3), perform("acrobatics"))
    try:
        cp.step(st, {"t": "stack", "stage": 0})
    except Refused as e:
        assert "move" in str(e)
    else:
        raise AssertionError("stacked before the move")
    # the top dog of the high stage moves to the low stage (3 points: on two dogs),
    # then the drawn dog goes on the low stage too (4 points)
    st = run(st, {"t": "move", "from": 1}, {"t": "stack", "stage": 0},
             {"t": "done", "t_ms": 0}, {"t": "settled"})
    assert st["scores"][0] == 7
    assert st["stages"] == [[D, D, D, D], ["+1 repeat", D]]


def test_double_dog_lower_then_upper():
    st = run(cp.start(3), perform("double dog"), {"t": "stack", "stage": 0},
             {"t": "done", "t_ms": 0}, {"t": "settled"})
    assert st["scores"][0] == 3 + 4
    assert st["decks"][0] == 4


def test_new_stage_on_the_stage_with_more_dogs():
    st = run(cp.start(3), perform("dogee show"), {"t": "stack", "stage": 0},
             {"t": "done", "t_ms": 0}, {"t": "settled"})
    st = run(st, perform("new stage"))
    try:
        cp.step(st, {"t": "new_stage", "card": "+2 supply", "stage": 1})
    except Refused:
        pass
    else:
        raise AssertionError("card on the stage with fewer dogs")
    st = run(st, {"t": "new_stage", "card": "+2 supply"}, {"t": "stack", "stage": 0})
    # on the card: 2 points, and every player draws one dog from the supply face up
    assert st["faceup"] == [1, 1, 1]
    st = run(st, {"t": "done", "t_ms": 0}, {"t": "settled"})
    assert st["scores"][1] == 2


def test_tied_stages_need_a_choice():
    st = run(cp.start(3), perform("new stage"))
    try:
        cp.step(st, {"t": "new_stage", "card": "+2 left"})
    except Refused as e:
        assert "which" in str(e)
    else:
        raise AssertionError("no stage chosen")
    st = run(st, {"t": "new_stage", "card": "+2 left", "stage": 1}, {"t": "stack", "stage": 1})
    assert st["decks"] == [6, 5, 6]  # seat 0's deck (5) went left, to seat 1


def test_decks_pass_right():
    st = cp.start(3, {"start_card": "+3 right"})
    st["stages"][1] = ["+3 right"]
    st["supply"] += 2
    st = run(st, perform("dogee show"), {"t": "stack", "stage": 1})
    assert st["decks"] == [6, 6, 5]  # seat 0's went right, to seat 2
    assert st["turn"]["points"] == 3


def test_plus_one_repeats_the_action():
    st = cp.start(3)
    st["stages"][1] = ["+1 repeat"]
    st["supply"] += 2
    st = run(st, perform("dogee show"), {"t": "stack", "stage": 1})
    try:
        cp.step(st, {"t": "done", "t_ms": 0})
    except Refused as e:
        assert "repeat" in str(e)
    else:
        raise AssertionError("the repeat was skipped")
    st = run(st, perform("dogee show"), {"t": "stack", "stage": 1},
             {"t": "done", "t_ms": 0}, {"t": "settled"})
    assert st["scores"][0] == 1 + 2


def test_twos_above_the_card():
    st = cp.start(2, {"start_card": "+3 twos"})
    st = run(st, perform("double dog"), {"t": "stack", "stage": 1},
             {"t": "done", "t_ms": 0}, {"t": "settled"})
    assert st["scores"][0] == 4


def test_fall_during_performance_spoils_the_turn():
    st = run(cp.start(3), perform("dogee show"), {"t": "stack", "stage": 0},
             {"t": "fall", "stage": 0, "dogs": 2, "t_ms": 500})
    assert st["scores"] == [0, 0, 0]
    assert st["faceup"][0] == 2  # drew 2 from the supply
    assert st["stages"][0] == [D]
    assert st["active"] == 1


def test_five_second_rule():
    base = run(cp.start(3), perform("dogee show"), {"t": "stack", "stage": 0},
               {"t": "done", "t_ms": 10000})
    soon = run(base, {"t": "fall", "stage": 0, "dogs": 1, "t_ms": 14999})
    assert soon["scores"][0] == 0 and soon["faceup"][0] == 2
    late = run(base, {"t": "fall", "stage": 0, "dogs": 1, "t_ms": 15000})
    assert late["scores"][0] == 3 and late["faceup"][0] == 0
    assert late["supply"] == base["supply"] + 1


def test_grace_time_setting():
    base = run(cp.start(3, {"grace_ms": 2000}), perform("dogee show"),
               {"t": "stack", "stage": 0}, {"t": "done", "t_ms": 0})
    assert run(base, {"t": "fall", "stage": 0, "dogs": 1, "t_ms": 2500})["scores"][0] == 3


def test_fall_after_the_turn_moved_on():
    st = run(cp.start(3), perform("dogee show"), {"t": "stack", "stage": 0},
             {"t": "done", "t_ms": 0}, {"t": "settled"},
             {"t": "fall", "stage": 1, "dogs": 1, "t_ms": 99999})
    assert st["scores"][0] == 3 and st["active"] == 1
    assert st["faceup"] == [0, 0, 0]


def test_helper_takes_the_first_two_fallen():
    base = run(cp.start(3), perform("helper", helper=2), {"t": "stack", "stage": 0})
    st = run(base, {"t": "fall", "stage": 0, "dogs": 3, "t_ms": 0})
    assert st["scores"] == [0, 0, 2]
    assert st["faceup"] == [1, 0, 2]


def test_helper_setting_off_uses_the_plain_fall():
    st = cp.start(3, {"helper_takes": False})
    st = run(st, perform("helper", helper=1), {"t": "stack", "stage": 0},
             {"t": "fall", "stage": 0, "dogs": 3, "t_ms": 0})
    assert st["scores"] == [0, 2, 0]
    assert st["faceup"] == [2, 0, 0]


def test_helper_must_be_another_player():
    try:
        cp.step(cp.start(3), perform("helper", helper=0))
    except Refused:
        return
    raise AssertionError("helped oneself")


def test_double_trick_chosen_action_then_acrobatics():
    st = run(cp.start(3), perform("double trick", chosen="dogee show"),
             {"t": "stack", "stage": 0})  # the chosen action: 3 points
    try:
        cp.step(st, {"t": "stack", "stage": 0})
    except Refused:
        pass
    else:
        raise AssertionError("acrobatics without its move")
    st = run(st, {"t": "move", "from": 1}, {"t": "stack", "stage": 1},
             {"t": "done", "t_ms": 0}, {"t": "settled"})
    # move: the high stage's top dog onto the low stage's 3 dogs (4); drawn dog on the
    # high stage's card + 1 dog (2)
    assert st["scores"][0] == 3 + 4 + 2
    assert st["decks"][0] == 4


def red_star(red, star):
    st = cp.start(3, {"red": red, "star": star})
    return run(st, perform("dogee show"), {"t": "stack", "stage": 0},
               {"t": "done", "t_ms": 0}, {"t": "settled"})


def test_red_and_star_spaces_in_both_positions():
    plain = red_star([], [])
    assert plain["faceup"][0] == 0 and plain["decks"][0] == 5
    red = red_star([3], [])
    assert red["faceup"][0] == 1 and red["decks"][0] == 4
    star = red_star([], [3])
    assert star["faceup"][0] == 0 and star["decks"][0] == 4
    assert star["supply"] == plain["supply"] + 1


def test_the_game_ends_at_30():
    st = cp.start(3)
    st["scores"][0] = 28
    st = run(st, perform("dogee show"), {"t": "stack", "stage": 0},
             {"t": "done", "t_ms": 0}, {"t": "settled"})
    assert st["ended"] and st["scores"][0] == 31
    try:
        cp.step(st, perform("dogee show"))
    except Refused:
        return
    raise AssertionError("played after the end")


def test_players_without_dogs_skip_and_nobody_can_play_ends():
    st = cp.start(3)
    st["supply"] += st["decks"][1] + st["decks"][2] + 4
    st["decks"] = [2, 0, 0]
    st = run(st, perform("dogee show"), {"t": "stack", "stage": 0},
             {"t": "done", "t_ms": 0}, {"t": "settled"})
    assert st["active"] == 0 and not st["ended"]  # seats 1 and 2 have nothing: skipped
    st = run(st, perform("dogee show"), {"t": "stack", "stage": 0},
             {"t": "done", "t_ms": 0}, {"t": "settled"})
    assert st["ended"] and st["phase"] == "over"  # nobody can play
    assert cp.standings(st)[0] == 0


def test_final_standings():
    assert cp.final_standings([30, 25, 20], [0, 0, 0]) == [0, 1, 2]
    assert cp.final_standings([30, 25, 20], [10, 0, 0]) == [1, 2, 0]
    assert cp.final_standings([20, 21, 20], [0, 1, 0]) == [0, 2, 1]  # 20-0, 20-0, 20-1
    assert cp.final_standings([20, 20], [3, 3]) == [0, 1]


def test_cards_left_setting_both_ways():
    st = cp.start(3)
    st["faceup"][1] = 2
    assert cp.cards_left(st, 1) == 8
    st2 = cp.start(3, {"left_counts": "deck"})
    st2["faceup"][1] = 2
    assert cp.cards_left(st2, 1) == 6


def test_refused_events_change_nothing():
    st = cp.start(3)
    before = json.dumps(st)
    for bad in ({"t": "stack", "stage": 0}, {"t": "done", "t_ms": 0}, {"t": "settled"},
                {"t": "fall", "stage": 0, "dogs": 5, "t_ms": 0},
                {"t": "fall", "stage": 1, "dogs": 3, "t_ms": 0},  # the card does not fall
                perform("juggle"), {"t": "bow"}):
        try:
            cp.step(st, bad)
        except Refused:
            continue
        raise AssertionError("accepted %r" % bad)
    assert json.dumps(st) == before


def test_five_second_rule_across_the_wrap_of_ticks_ms():
    from pawpad.ticks import PERIOD, add

    done = PERIOD - 1000
    base = run(cp.start(3), perform("dogee show"), {"t": "stack", "stage": 0},
               {"t": "done", "t_ms": done})
    soon = run(base, {"t": "fall", "stage": 0, "dogs": 1, "t_ms": add(done, 4000)})
    assert soon["scores"][0] == 0
    late = run(base, {"t": "fall", "stage": 0, "dogs": 1, "t_ms": add(done, 6000)})
    assert late["scores"][0] == 3


def test_a_game_never_shares_its_settings_with_the_defaults():
    st = cp.start(3)
    st["settings"]["red"].append(7)
    assert cp.DEFAULTS["red"] == []
    mine = [5]
    st = cp.start(3, {"red": mine})
    mine.append(6)
    assert st["settings"]["red"] == [5]
