# The stage detector against recordings true to the stage's physics (tools/bench/stagetrace.py,
# issue 12), from both sides: every real step is found, with its count, soon after the
# stage settles; hands, knocks and drift never become events. Each trace that must stay
# silent also holds a real step that must be found, so silence cannot come from a
# detector that never settles. Both runtimes.
from bench.bench_stage import run, score
from bench.stagetrace import Trace
from pawpad.core.stage.detector import ChangeDetector

RATES = (10, 80)
# The latency goal for the 95th percentile, from the stage truly settled to the event;
# a single event may take a quarter longer (noise now and then spoils a window). 900 ms
# at 10 SPS since issue 24: an addition waits a sample past the window there (a light
# hand holds still for a window of four), for no phantom card.
LATENCY_MS = {10: 900, 80: 400}
ONE_EVENT = 1.25
# How far the reported start may sit from the hand's first touch: the HX711 needs a
# sample or two (and 80 ms of a hand's rise) before a change stands out of 0.25 g noise.
BEGIN_MS = {10: 350, 80: 150}


def table(sps, sigma=0.25, card=1.6, drift=0.0, length_s=14, seed=7):
    """A still stage with nothing scripted yet: the test adds what happens."""
    return Trace(seed, sps=sps, length_s=length_s, sigma=sigma, card=card, drift=drift,
                 actions=[])


def found_exactly(tr, det=None, latency=True):
    """Runs the trace; asserts every true step was reported, right, in time, and
    nothing else. Returns the score."""
    s = score(tr, run(tr, det))
    assert s["missed"] == [] and s["false"] == [], (tr.sps, s["missed"], s["false"])
    assert s["found"] == len(tr.truth) > 0
    for late in s["latency"] if latency else ():
        assert late <= ONE_EVENT * LATENCY_MS[tr.sps], (tr.sps, s["latency"])
    for err in s["begin_err"]:
        assert -50 <= err <= BEGIN_MS[tr.sps], (tr.sps, s["begin_err"])
    return s


def test_one_light_card_at_the_highest_noise_is_found():
    for sps in RATES:
        for seed in (1, 2, 3):
            tr = table(sps, sigma=0.25, card=1.6, seed=seed)
            # the lightest card there is, 5% under its weight, put on by a hand
            end = tr.place(3000, dur=400, force=8, weight=1.6 * 0.95)
            tr.lift(end + 4000)  # and taken off again
            found_exactly(tr)


def test_five_cards_falling_at_once_count_five():
    for sps in RATES:
        tr = table(sps, sigma=0.25, card=2.6)
        tr.stack = [2.6 * 1.05] * 6  # each 5% heavy: 5.25 cards' weight leaves
        tr.fall(4000, n=5)
        found_exactly(tr)


def test_a_hard_press_held_long_is_not_an_event():
    for sps in RATES:
        for seed in (1, 2, 3):
            tr = table(sps, seed=seed)
            tr.press(3000, force=40, dur=1200)  # 40 g, 1.2 s, trembling
            tr.press(6000, force=3, dur=1200)  # the lightest press there is
            tr.place(9000)  # ... and a real card after them: found
            s = found_exactly(tr)
            assert s["found"] == 1


def test_a_knock_is_not_an_event():
    for sps in RATES:
        tr = table(sps)
        tr.knock(3000, amp=30)
        tr.knock(6000, amp=12)
        tr.fall(9000, n=2)
        s = found_exactly(tr)
        assert s["found"] == 1


def test_a_card_placed_then_falling_is_two_events():
    for sps in RATES:
        tr = table(sps)
        end = tr.place(3000, dur=1200, force=25)
        tr.fall(end + 1000, n=3)  # the new card and two under it, a second later
        s = found_exactly(tr)
        assert s["found"] == 2


def test_drift_of_a_gram_a_minute_for_ten_minutes_is_not_an_event():
    for sps in RATES:
        for drift in (1.0, -1.0):
            tr = table(sps, sigma=0.03, card=1.6, drift=drift, length_s=610)
            tr.place(600000, dur=300)  # ten grams of drift later, a card: one card
            s = found_exactly(tr)
            assert s["found"] == 1


def test_noise_alone_is_learned_and_reports_nothing():
    for sps in RATES:
        for sigma in (0.03, 0.25):
            tr = table(sps, sigma=sigma, length_s=30)
            tr.place(25000)
            det = ChangeDetector(tr.card)
            events = []
            for t, g in tr.samples():
                if t > 20000 and not events:
                    # before the card: settled, quiet, its floor near the truth
                    assert det.quiet()
                    assert 0.7 * sigma <= det.sigma() <= 1.4 * sigma, (sps, det.sigma())
                    events.append(None)
                det.feed(t, g)
            assert events == [None]
            found_exactly(tr)


def test_many_seeds_both_rates():
    # a small benchmark that runs on both runtimes; make bench-stage runs the big one
    for sps in RATES:
        late = []
        for seed in range(101, 105):
            tr = Trace(seed, sps=sps, length_s=40)
            late += found_exactly(tr, latency=False)["latency"]
        assert len(late) > 20
        late.sort()
        assert late[len(late) * 95 // 100] <= LATENCY_MS[sps], (sps, late)
        assert late[-1] <= 1.5 * LATENCY_MS[sps], (sps, late)  # the tail, bounded


def test_start_time_across_the_tick_wrap():
    for sps in RATES:
        tr = Trace(5, sps=sps, length_s=40, t_start=(1 << 30) - 15000)
        found_exactly(tr, latency=False)


def test_a_card_bouncing_on_the_rim_on_its_way_off_is_one_removal():
    # The card leaves (the stage rings), lands back on the rim for 140 ms and slides
    # off: through the HX711's average the weight comes down in slices. Counted once,
    # from the start. (Seeds 3 and 11 at 10 SPS through a plain average are two where
    # a detector that forgets where the change began loses it.)
    from bench.stagetrace import REMOVED, Ring, Step

    for lag in ("boxcar", "sinc4", "exp"):
        for sps in RATES:
            for seed in (1, 2, 3, 11):
                tr = Trace(seed, sps=sps, length_s=12, sigma=0.24, card=2.4, drift=0.0,
                           actions=[], lag=lag)
                w = 2.4
                tr.parts.append(Step(5000, 20, -w))
                tr.parts.append(Ring(5010, 3.2, 28, 63))
                tr.parts.append(Step(5260, 20, 0.85 * w))
                tr.parts.append(Step(5400, 30, -0.85 * w))
                tr.truth.append((REMOVED, 5000, 1, 5430))
                found_exactly(tr, latency=False)
