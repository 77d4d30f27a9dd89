# The first-press arbiter (docs/rules.md, "First press"). Runs on CPython and MicroPython.
from pawpad.core.stop.lockout import RoundClock, first_press, judge
from pawpad.ticks import PERIOD, add, diff
from pawsim.rng import Rng


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
    assert clock_of([(0, 900), (1, 1200), (0, 950)], 1000).false_starts() == [0]


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


# --- every seat of one instant is in the tie (issue 9) ---

def test_three_seats_in_one_instant_are_all_tied():
    # Seats 2, 6 and 8 (1, 5 and 7 counted from 0) down in one instant.
    presses = [(1, 5000), (5, 5000), (7, 5000)]
    assert first_press(presses, armed=1000) == ([1, 5, 7], 0)
    assert first_press(list(reversed(presses)), armed=1000) == ([1, 5, 7], 0)


def test_instant_tie_with_a_window_and_a_later_press():
    presses = [(7, 5000), (2, 5000), (5, 5000), (0, 5100), (4, 5300)]
    assert first_press(presses, 0) == ([2, 5, 7], 0)
    assert first_press(presses, 0, tie_us=100) == ([2, 5, 7, 0], 0)
    assert first_press(presses, 0, tie_us=99) == ([2, 5, 7], 0)


def clock_of(presses, armed=0):
    """A RoundClock from GO at `armed` with (seat, t_us) presses, in the order given."""
    clock = RoundClock(armed)
    for seat, t in presses:
        clock.press(seat, t)
    return clock


def test_judging_waits_until_the_instant_is_over():
    clock = clock_of([(1, 5000)])
    assert not clock.can_judge(5000)  # more presses of this instant may come
    clock.press(5, 5000)
    clock.press(7, 5000)
    assert clock.can_judge(5001)
    assert clock.result() == ([1, 5, 7], 0)
    assert not clock.can_judge(5300, tie_us=300)  # the window is still open
    assert clock.can_judge(5301, tie_us=300)
    assert not clock_of([]).can_judge(10 ** 6)
    assert not clock_of([(3, 900)], 1000).can_judge(10 ** 6)  # only a false start


def test_judging_a_tie_pressed_again_waits_for_its_own_instant():
    clock = clock_of([(1, 5000), (3, 5000)])
    since = 90000
    assert not clock.can_judge(95000, since=since)  # nobody pressed again yet
    clock.press(3, 95000)
    assert not clock.can_judge(95000, since=since)
    assert clock.can_judge(95001, since=since)


# --- tied players press again ---

def test_press_again_in_one_instant_is_a_new_tie():
    tied = [1, 5, 7]
    since = 90000
    again = [(5, 95000), (1, 95000)]
    assert clock_of(again).press_again(tied, since) == ([1, 5], 0)  # the lower seat does not win
    assert clock_of(list(reversed(again))).press_again(tied, since) == ([1, 5], 0)


def test_press_again_first_of_the_tied_wins():
    tied = [1, 5, 7]
    since = 90000
    presses = [(3, 91000), (7, 92000), (1, 92500), (5, 89000)]
    # Seat 3 was not in the tie; seat 5 pressed before the tie was announced.
    assert clock_of(presses).press_again(tied, since) == ([7], 500)
    assert clock_of([]).press_again(tied, since) == ([], None)
    assert clock_of([(0, 95000)]).press_again(tied, since) == ([], None)


def test_press_again_across_the_wrap():
    go = PERIOD - 1000
    clock = RoundClock(go)
    clock.update(add(go, 900))
    since = clock.since_go(add(go, 900))
    clock.press(2, add(go, 1200))
    clock.press(4, add(go, 950))
    assert clock.press_again([2, 4], since) == ([4], 250)


# --- what the STOP screen shows ---

def test_reaction_margins_and_false_starts():
    clock = clock_of([(6, -3000), (2, 351000), (0, 359000), (2, 355000), (4, 420000),
                      (6, -2000), (3, -5000)])
    assert clock.first_of(2) == 351000 and clock.first_of(6) is None
    assert clock.margins(2) == [(0, 8000), (4, 69000)]  # each seat's first, nearest first
    assert clock.false_starts() == [3, 6]  # in the order they pressed, each once


def test_locked_out_for_the_penalty_after_a_false_start():
    go = PERIOD - 50000  # across the wrap too
    clock = clock_of([(1, add(go, -100000))], armed=go)
    assert clock.locked(1, add(go, 149999), 250000)
    assert not clock.locked(1, add(go, 150000), 250000)
    assert not clock.locked(2, add(go, 0), 250000)  # no false start: never locked
    assert not clock_of([(1, 100)]).locked(1, 200, 250000)  # a press after GO is no lock


# --- rounds of any length ---

def run_round(go, press_after_us, step_us=1000000, others=()):
    """A round from GO at tick `go`, the loop updating the clock every `step_us`, and a
    press `press_after_us` after GO (others: (seat, us) pressed too)."""
    clock = RoundClock(go)
    events = [(press_after_us, 0)] + [(us, seat) for seat, us in others]
    events.sort()
    now = 0
    for us, seat in events:
        while now + step_us < us:
            now += step_us
            clock.update(add(go, now))
        clock.press(seat, add(go, us))
    return clock


def test_long_round_stop_between_537_and_1073_s():
    for s in (536, 537, 600, 900, 1073, 1074):
        clock = run_round(12345, s * 1000000)
        winners, margin = clock.result()
        assert winners == [0], s
        assert clock.presses == [(0, s * 1000000)], s


def test_long_round_stop_after_20_minutes_and_beyond():
    for us in (1080 * 1000000, 20 * 60 * 1000000 + 17, 3 * 3600 * 1000000 + 5):
        clock = run_round(PERIOD - 777, us, others=((3, us + 250),))
        assert clock.result() == ([0], 250)
        assert clock.since_go(add(PERIOD - 777, us)) == us  # within 1 s of an update


def test_long_round_updated_from_an_irregular_loop():
    go = 1000
    clock = RoundClock(go)
    t = 0
    for step in (1, 999999, 3000, 250000, 999999, 1, 0) * 400:
        t += step
        clock.update(add(go, t))
        assert clock.elapsed == t
    clock.update(add(go, t - 5000))  # an older time changes nothing
    assert clock.elapsed == t
    assert clock.press(6, add(go, t - 20)) == t - 20  # pressed just before the update
    assert clock.press(2, add(go, t + 40)) == t + 40
    assert clock.result() == ([6], 60)


def test_long_round_false_start_stays_a_false_start():
    go = 500
    clock = RoundClock(go)
    clock.press(4, add(go, -3000))  # pressed during the countdown
    t = 0
    for _ in range(1500):  # 25 minutes of loop cycles
        t += 1000000
        clock.update(add(go, t))
    clock.press(1, add(go, t + 10))
    assert clock.false_starts() == [4]
    assert clock.result() == ([1], None)


def test_long_round_instant_tie():
    clock = run_round(0, 700 * 1000000, others=((6, 700 * 1000000), (5, 700 * 1000000)))
    assert clock.result() == ([0, 5, 6], 0)


def test_judge_takes_offsets_of_any_size():
    big = 10 ** 12
    assert judge([(1, big + 5), (0, big), (2, -1)]) == ([0], 5)
    assert clock_of([(1, big), (2, -7), (3, -9), (2, -1)]).false_starts() == [3, 2]


def test_a_press_of_the_countdown_is_a_false_start_whatever_its_tick():
    # GO's own loop cycle can hand the countdown a press whose tick is GO's, or later:
    # it was pressed before GO was given, so it is a false start, never the STOP.
    go = PERIOD - 10  # across the wrap too
    for t in (add(go, -5000), go, add(go, 30)):
        clock = RoundClock(go)
        clock.false_start(3, t)
        assert clock.false_starts() == [3] and clock.first_of(3) is None
        assert clock.result() == ([], None) and not clock.can_judge(add(go, 10 ** 6))
        assert clock.locked(3, add(go, 100000), 250000)
        clock.press(3, add(go, 400000))  # its first real press after the lock
        assert clock.result() == ([3], None) and clock.first_of(3) == 400000


def test_sole_names_the_one_winner_result_names_or_none():
    # RoundClock.sole is the STOP's own question (no list made): it must agree with
    # result() on every table, ties, false starts, a seat pressing twice and all.
    from pawpad.core.stop.lockout import RoundClock

    rng = Rng(12345)
    for case in range(400):
        clock = RoundClock(1000)
        for _ in range(case % 9):
            seat = rng.below(5)
            us = rng.below(3000) - 500  # some before GO: false starts
            if us < 0:
                clock.false_start(seat, 1000 + us)
            else:
                clock.press(seat, 1000 + us)
        for tie in (0, 100, 1000):
            winners, _ = clock.result(tie)
            want = winners[0] if len(winners) == 1 else None
            assert clock.sole(tie) == want, (clock.presses, tie, winners)
