# The stage-weight change detector (docs/rules.md, "Stage weight"). Both runtimes.
from pawpad.core.stage.detector import ChangeDetector
from pawsim.rng import Rng

CARD = 4.0  # grams of one folded dog card



def run(det, profile, hz, noise_amp=0.3, seed=1):
    """profile(t_ms) -> grams; sampled at hz for the profile's length."""
    rng = Rng(seed)
    events = []
    step = 1000 // hz
    t = 0
    while t <= profile.end:
        events += det.feed(t, profile(t) + rng.uniform(-noise_amp, noise_amp))
        t += step
    return events


class Steps:
    def __init__(self, base, changes, end, push=None):
        self.base = base
        self.changes = changes  # [(t_ms, delta_grams)]
        self.end = end
        self.push = push  # (t0, t1, grams) a hand leaning on the stage

    def __call__(self, t):
        g = self.base
        for at, delta in self.changes:
            if t >= at:
                g += delta
        if self.push and self.push[0] <= t < self.push[1]:
            # A hand presses and lets go: a triangle, never steady.
            t0, t1, peak = self.push
            half = (t1 - t0) / 2
            g += peak * (1 - abs(t - t0 - half) / half)
        return g


def test_one_card_added_at_each_rate():
    for hz in (10, 20, 80):
        det = ChangeDetector(CARD)
        events = run(det, Steps(100.0, [(2000, CARD)], 5000), hz)
        assert len(events) == 1, (hz, events)
        kind, t, cards = events[0]
        assert kind == "added" and cards == 1
        assert 2000 <= t <= 2000 + 1000 // hz, (hz, t)


def test_two_cards_falling_off():
    det = ChangeDetector(CARD)
    events = run(det, Steps(120.0, [(1500, -2 * CARD)], 4000), 40)
    assert [(e[0], e[2]) for e in events] == [("removed", 2)]
    assert 1500 <= events[0][1] <= 1525


def test_a_push_of_the_hand_is_not_a_card():
    det = ChangeDetector(CARD)
    events = run(det, Steps(100.0, [], 5000, push=(1500, 2200, 60.0)), 40)
    assert events == []


def test_card_added_during_a_push_counts_once():
    det = ChangeDetector(CARD)
    events = run(det, Steps(100.0, [(1800, CARD)], 5000, push=(1500, 2000, 40.0)), 40)
    assert [(e[0], e[2]) for e in events] == [("added", 1)]
    assert 1500 <= events[0][1] <= 1800


def test_sequence_of_steps():
    det = ChangeDetector(CARD)
    profile = Steps(50.0, [(1000, CARD), (3000, CARD), (5000, -3 * CARD)], 7000)
    events = run(det, profile, 80)
    assert [(e[0], e[2]) for e in events] == [("added", 1), ("added", 1), ("removed", 3)]


def test_noise_alone_reports_nothing():
    det = ChangeDetector(CARD)
    # uniform noise of +-0.5 g (sigma 0.29 g): nothing for 10 s, but the detector has
    # settled on it (it is not silent for never settling), and a card after is found
    assert run(det, Steps(80.0, [], 10000), 80, noise_amp=0.5) == []
    assert det.quiet() and 0.2 < det.sigma() < 0.35, det.sigma()
    events = run(det, Steps(80.0, [(10500, CARD)], 12000), 80, noise_amp=0.5, seed=2)
    assert [(e[0], e[2]) for e in events] == [("added", 1)], events


def test_quiet_and_sigma_follow_the_state():
    det = ChangeDetector(CARD)
    assert det.sigma() is None and not det.quiet()  # still learning
    t = 0
    for i in range(40):
        det.feed(t, 10.0 + (0.05 if i % 2 else -0.05))
        t += 12
    assert det.quiet() and 0.02 <= det.sigma() < 0.1
    t += 12
    landed = t
    assert det.pending_since() is None
    det.feed(t, 10.0 + CARD)  # a card lands
    assert not det.quiet() and det.pending_since() == landed
    events = []
    for _ in range(40):
        t += 12
        events += det.feed(t, 10.0 + CARD)
    assert events == [("added", landed, 1)] and det.quiet() and det.pending_since() is None


def test_still_is_the_stage_holding_still_whatever_it_weighs():
    # The calibration waits on still(): it must say so of a stage at rest between whole
    # cards too (weighed with a wrong calibration, five cards are no whole number),
    # and never while the floor is learned or while anything moves.
    det = ChangeDetector(CARD)
    rng = Rng(3)
    t = 0
    seen = []

    def feed(grams, ms):
        nonlocal t
        end = t + ms
        while t < end:
            det.feed(t, grams + rng.uniform(-0.05, 0.05))
            seen.append(det.still())
            t += 12

    feed(10.0, 120)
    assert not any(seen)  # learning the floor: nothing known yet
    feed(10.0, 900)
    assert det.quiet() and det.still()
    del seen[:]
    for i in range(60):  # a hand setting cards down: it wanders and trembles
        feed(10.0 + 3.5 * CARD * (i + 1) / 60 + (0.8 if i % 2 else -0.8), 12)
    assert not any(seen)
    feed(10.0 + 3.5 * CARD, 1000)  # settled halfway between two whole cards
    assert det.still() and not det.quiet()
    feed(10.0 + 3.5 * CARD + 2.0, 60)  # a knock: looked at within three samples
    assert not det.still()


def test_repeated_stamps_are_not_new_samples():
    det = ChangeDetector(CARD)
    assert run(det, Steps(100.0, [], 2000), 40) == []
    n = det._n
    assert det.feed(2000, 500.0) == [] and det._n == n  # the same stamp again: ignored
    assert det.feed(1990, 500.0) == [] and det._n == n  # older: ignored


def test_a_stage_far_from_zero_and_a_big_jump():
    # a calibrated stage reading 5 kg (a hand leaning on the box at tare) and a jump of
    # more than 1 kg: the stored values are moved, not broken
    # more than 1 kg: the stored values are moved, not broken. 375 cards' weight at once
    # is no play of the game: the box asks, the players say "nothing of ours" (told(0)),
    # and when it is taken away, leaving one card behind, that card is the change.
    det = ChangeDetector(CARD)
    profile = Steps(5000.0, [(2000, 1500.0), (6000, -1500.0 + CARD)], 9000)
    rng = Rng(1)
    events = []
    for t in range(0, 9001, 25):
        if t == 4000:
            assert [(e[0], e[2]) for e in events] == [("unsure", 375)], events
            assert det.asking()
            det.told(0)
            assert not det.asking()
        events += det.feed(t, profile(t) + rng.uniform(-0.3, 0.3))
    assert [(e[0], e[2]) for e in events] == [("unsure", 375), ("added", 1)], events
    assert 2000 <= events[1][1] <= 6100  # dated from the answer at the latest


def test_times_across_the_tick_wrap():
    det = ChangeDetector(CARD)
    start = (1 << 30) - 1500
    events = []
    for i in range(300):
        t = (start + i * 20) & ((1 << 30) - 1)
        g = 50.0 + (CARD if i >= 150 else 0.0) + (0.1 if i % 3 == 0 else -0.05)
        events += det.feed(t, g)
    assert [(e[0], e[2]) for e in events] == [("added", 1)]
    assert events[0][1] == (start + 150 * 20) & ((1 << 30) - 1)


def test_card_weight_must_be_positive():
    try:
        ChangeDetector(0)
    except ValueError:
        return
    raise AssertionError("a zero card weight was accepted")


def test_a_torn_read_is_dropped_and_a_heavy_change_is_not():
    det = ChangeDetector(CARD)
    rng = Rng(2)
    t = 0
    while t < 3000:
        assert det.feed(t, 120.0 + rng.uniform(-0.05, 0.05)) == []
        t += 25
    assert det.quiet()
    n = det._n
    assert det.feed(t, 120.0 + 8388608 / 420.0) == []  # bit 23 wrong: 20 kg for a sample
    assert det.quiet() and det._n == n  # not even kept
    t += 25
    assert det.feed(t, 120.0 + rng.uniform(-0.05, 0.05)) == [] and det.quiet()
    # something of 300 g put down for real: two samples agree, and it is a change
    t += 25
    det.feed(t, 420.0)
    t += 25
    det.feed(t, 420.0 + rng.uniform(-0.05, 0.05))
    assert not det.quiet()


def test_what_the_players_said_is_not_theirs_is_never_asked_about_again():
    # a cup of 1.6 cards put on the stage: asked about after accept_ms, the
    # players say nothing of the game (told 0); it stays a minute: no second question,
    # no event; then a card is put on beside it: that card is the change
    det = ChangeDetector(CARD)
    profile = Steps(100.0, [(2000, 1.6 * CARD), (70000, CARD)], 75000)
    rng = Rng(3)
    events = []
    told = False
    for t in range(0, 75001, 25):
        events += det.feed(t, profile(t) + rng.uniform(-0.1, 0.1))
        if not told and det.asking():
            told = True
            det.told(0)
    assert [(e[0], e[2]) for e in events] == [("unsure", 2), ("added", 1)], events
    assert events[1][1] >= 70000
