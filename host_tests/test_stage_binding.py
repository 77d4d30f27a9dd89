# The stage tests bind the detector: each tunable pushed too far one way or the other,
# or a part of the algorithm switched off, makes at least one of them fail. (Issue 12:
# the old tests still passed with the stillness tolerance cut to a sixth.) Both runtimes.
import test_stage_physics as phys

from pawpad.core.stage.detector import ChangeDetector


def fails(changes, *tests):
    """Runs the tests with ChangeDetector's class attributes changed; True if one fails."""
    old = {}
    for name in changes:
        old[name] = getattr(ChangeDetector, name)
        setattr(ChangeDetector, name, changes[name])
    try:
        for test in tests:
            try:
                test()
            except AssertionError:
                return True
        return False
    finally:
        for name in old:
            setattr(ChangeDetector, name, old[name])


def test_the_tests_pass_as_the_detector_is():
    assert not fails({}, phys.test_one_light_card_at_the_highest_noise_is_found,
                     phys.test_a_hard_press_held_long_is_not_an_event)


def test_stillness_too_strict_is_caught():
    # still only well inside the noise: real steps come late or never
    assert fails({"var_z": 0.2, "trend_k": 1.0},
                 phys.test_one_light_card_at_the_highest_noise_is_found)


def test_stillness_too_loose_is_caught():
    # anything counts as still: a hand's press becomes cards
    assert fails({"var_z": 40.0, "trend_k": 40.0},
                 phys.test_a_hard_press_held_long_is_not_an_event)


def test_a_blind_departure_is_caught():
    assert fails({"depart_k": 60.0}, phys.test_one_light_card_at_the_highest_noise_is_found)


def test_a_floor_that_is_not_learned_is_caught():
    # the noise floor pinned to 20 mg: nothing at 0.25 g noise is ever still in time
    assert fails({"sigma_max": 0.02}, phys.test_one_light_card_at_the_highest_noise_is_found)


def test_whole_cards_too_strict_is_caught():
    # five cards 5% heavy are 5.25 cards: they must still count five, at once
    assert fails({"whole_tol": 0.05, "whole_per_card": 0.0},
                 phys.test_five_cards_falling_at_once_count_five)


def test_whole_cards_not_asked_is_caught():
    # any still level taken at once, whole or not
    assert fails({"accept_ms": 0, "max_added": 99, "multi_ms": 0},
                 phys.test_a_hard_press_held_long_is_not_an_event)


def test_many_cards_from_a_hand_not_held_is_caught():
    assert fails({"max_added": 99, "multi_ms": 0},
                 phys.test_a_hard_press_held_long_is_not_an_event)


def test_forgetting_where_a_sliced_change_began_is_caught():
    assert fails({"linger_ms": 0},
                 phys.test_a_card_bouncing_on_the_rim_on_its_way_off_is_one_removal)


# --- the harsh table (issue 24) binds what asks and what listens to the answer ---
import test_stage_harsh as harsh  # noqa: E402

HARSH = (harsh.test_the_harsh_table_at_the_highest_noise_of_the_goals,
         harsh.test_the_harsh_table_at_low_noise)


def test_the_harsh_table_passes_as_the_detector_is():
    assert not fails({}, *HARSH)


def test_guessing_many_cards_instead_of_asking_is_caught():
    # a finger resting on a card weighs a second card: taken as one, and its lifting
    # as a fall
    assert fails({"max_added": 99}, *HARSH)


def test_not_waiting_for_the_answer_is_caught():
    assert fails({"ask_ms": 0}, *HARSH)


def test_asking_before_a_hand_has_gone_is_caught():
    assert fails({"multi_ms": 0}, *HARSH)


import test_stage_fixtures as fixtures  # noqa: E402


def test_a_light_hand_taken_at_the_first_still_window_is_caught():
    # at 10 SPS a window is four samples: a hand of 3 g holds as still as that
    recorded = fixtures.test_every_recorded_hard_case_is_decided_as_it_happened
    assert not fails({}, recorded)
    assert fails({"add_samples": 0}, recorded)
