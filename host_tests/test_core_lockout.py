# The first-press arbiter (RULES.md, "First press"). Runs on CPython and MicroPython.
from pawpad.core.lockout import false_starts, first_press
from pawpad.ticks import PERIOD, add, diff


def test_earliest_press_wins_with_margin():
    winners, margin = first_press([(2, 1500), (0, 1400), (5, 1700)], armed=1000)
    assert winners == [0]
    assert margin == 100


def test_presses_100us_apart_are_ordered():
    winners, margin = first_press([(3, 5100), (1, 5000)], armed=0)
    assert (winners, margin) == ([1], 100)


def test_nobody_pressed():
    assert first_press([], armed=0) == ([], None)


def test_single_press_has_no_margin():
    assert first_press([(4, 10)], armed=0) == ([4], None)


def test_false_start_is_ignored():
    winners, margin = first_press([(0, 900), (1, 1200), (2, 1300)], armed=1000)
    assert winners == [1]
    assert margin == 100
    assert false_starts([(0, 900), (1, 1200), (0, 950)], 1000) == [0]


def test_only_false_starts_means_nobody():
    assert first_press([(0, 1), (1, 2)], armed=10) == ([], None)


def test_press_exactly_at_arming_counts():
    assert first_press([(6, 1000)], armed=1000) == ([6], None)


def test_repeat_press_by_same_seat_does_not_count_as_margin():
    winners, margin = first_press([(0, 100), (0, 110), (1, 400)], armed=0)
    assert winners == [0]
    assert margin == 300


def test_exact_tie_without_window():
    winners, margin = first_press([(3, 500), (1, 500)], armed=0)
    assert winners == [1, 3]
    assert margin == 0


def test_tie_window():
    presses = [(0, 1000), (1, 1300), (2, 1600)]
    assert first_press(presses, 0, tie_us=300) == ([0, 1], 300)
    assert first_press(presses, 0, tie_us=299) == ([0], 300)


def test_eight_presses_in_one_instant():
    presses = [(seat, 777) for seat in (7, 6, 5, 4, 3, 2, 1, 0)]
    winners, margin = first_press(presses, armed=700)
    assert winners == [0, 1, 2, 3, 4, 5, 6, 7]
    assert margin == 0


def test_across_the_wrap_of_ticks_us():
    armed = PERIOD - 300
    late = add(armed, 500)  # 200 after the wrap: a small number
    early = add(armed, 100)  # still before the wrap: a large number
    assert late < early
    winners, margin = first_press([(1, late), (2, early)], armed)
    assert winners == [2]
    assert margin == 400
    # A press from before arming, on the far side of the wrap, is still a false start.
    assert first_press([(0, add(armed, -50)), (1, late)], armed) == ([1], None)


def test_ticks_diff_wraps():
    assert diff(5, PERIOD - 5) == 10
    assert diff(PERIOD - 5, 5) == -10
    assert add(PERIOD - 1, 2) == 1
