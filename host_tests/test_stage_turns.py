# What the flow's expectation (issue 36: Double Dog's two dogs at once, told the stages'
# detectors) buys and what it must not cost, on Circus Puppy's turns on the harsh table
# (tools/bench/stage_turns.py: noise, 1/f wander, drift, torn reads, hands pressing,
# hovering and resting, vibration, knocks, bounces) and on the recorded hard cases of
# host_tests/fixtures/stages. With the expectation, a Double Dog turn played as the
# action says asks nothing; on every family, what the table does as the action says and
# what a table does otherwise on a Double Dog turn (one dog and a finger, one dog on
# each stage, a hand first, three dogs), it asks no more and decides no more falsely
# than without it; the player's Done, 0.5-2 s after the last dog, takes the pair at once.
# Fails if the expectation is not told, or is taken at the first still moment at two
# dogs' weight (a finger on one dog), or if Done waits for the 5 s. Both runtimes.
from bench import stage_turns as st

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
SEEDS = range(1, 4)


def test_turns_ask_nothing_with_the_expectation_and_decide_no_worse():
    res = st.measure(st.FAMILIES + st.ATTACKS, SEEDS)
    for name in res:
        r = res[name]
        without, with_ = r["without"], r["with"]
        assert with_["false"] <= without["false"], (name, r)
        assert with_["missed"] <= without["missed"], (name, r)
        assert with_["asked"] <= without["asked"], (name, r)
    dd = res["double dog"]
    assert dd["turns"] == 36
    # without the expectation every pair is asked about; with it, none
    assert dd["without"]["asked"] >= 30, dd
    assert dd["with"]["asked"] == 0, dd
    # one dog and a finger weighing about a dog: the pair's weight, not the pair
    finger = res["DD: 1 dog + finger"]
    assert finger["with"]["asked"] == 0, finger
    # Done 0.5-2 s after the pair is the table's hands off: the pair taken at it, one
    # press in nearly every turn (waiting out the 5 s took five or six)
    for name in ("double dog", "DD: a hand, then 2"):
        r = res[name]
        assert sum(r["presses"]) <= 1.3 * r["turns"], (name, r["presses"])


def test_recorded_hard_cases_are_decided_no_worse_with_the_expectation():
    rows = st.fixture_rows(HERE + "/fixtures/stages")
    assert len(rows) >= 9
    for r in rows:
        name, asks, falses, missed = r[0], r[1:4], r[4:7], r[7:10]
        # with it told at the start, and told again after every report
        assert falses[1] <= falses[0] and falses[2] <= falses[0], (name, r)
        assert missed[1] <= missed[0] and missed[2] <= missed[0], (name, r)
        assert asks[1] <= asks[0] and asks[2] <= asks[0], (name, r)
    pair = [r for r in rows if r[0] == "pair_80sps"][0]
    assert pair[1] == 1 and pair[2] == 0, pair  # the recorded pair: asked only without


def test_the_expectation_waits_out_a_finger_weighing_a_dog():
    # one dog and a finger of one dog's weight held for 2-4 s on a Double Dog turn:
    # never taken as the pair, and the dog is found when the finger lifts
    res = st.measure([f for f in st.ATTACKS if f[0] == "DD: 1 dog + finger"], SEEDS,
                     sps_list=(10,), turns=4, sigma=0.05)
    r = res["DD: 1 dog + finger"]
    assert r["with"]["false"] == 0 and r["with"]["missed"] == 0, r
