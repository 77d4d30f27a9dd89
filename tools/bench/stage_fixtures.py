# Writes host_tests/fixtures/stages/: recordings of the hard cases of issue 24 in the
# format the hardware check records (t_ms,stage1,stage2), made by the harsh table
# (stagetable.py) with each case scripted, and the truth on "# expect:" lines:
#   # expect: stage 1 added 1            a change the box must report
#   # expect: stage 2 added 2 or asked   one it may ask the players about instead
# test_stage_fixtures.py replays each one as the box would (stage_replay.py) and holds
# it to its lines; a table's own recording of a case the box got wrong joins them with
# its own "# expect:" lines. Usage: python tools/bench/stage_fixtures.py [FOLDER]
import sys

from bench.stagetable import Table  # noqa: E402

ASKABLE = ("rest", "pair")  # a finger on a dog and two dogs at once weigh alike


def light_presses(tb):
    """Four light hands (3-3.5 g: a heavy card and a bit) held still 0.9 s each, then a
    dog placed: only the dog happened."""
    st = tb.stages[0]
    tb.doing = "press"
    t = 3000
    for k in range(4):
        t = tb.hand(st, t, force=3.0 + 0.15 * k, hold=900).t1 + 1500
    tb.doing = "place"
    tb.place(t, st)


def five_fall(tb):
    """Six dogs on the low stage, five of them falling at once, bouncing; then one
    placed."""
    st = tb.stages[0]
    st.stack = [tb.card_weight() for _ in range(6)]
    st.start_weight = sum(st.stack)
    tb.doing = "fall"
    end = tb.fall(4000, st, n=5)
    tb.doing = "place"
    tb.place(end + 4000, st)


# (name, seed, sps, noise, actions, card): each a case the issue names; the actions are
# the table's own script, or a function that scripts the table itself
CASES = (
    ("finger_resting_10sps", 2, 10, 0.25, ["rest", "rest"], 1.8),
    ("pair_80sps", 4, 80, 0.15, ["pair"], 2.0),
    ("light_presses_10sps", 3, 10, 0.1, light_presses, 2.66),
    ("slid_card_10sps", 5, 10, 0.25, ["slide", "slide", "lift"], 1.6),
    ("late_fall_10sps", 6, 10, 0.2, ["late_fall", "late_fall"], 2.2),
    ("knock_both_stages_80sps", 7, 80, 0.1, ["knock", "place", "knock"], 1.7),
    ("moved_10sps", 8, 10, 0.25, ["move", "move"], 2.4),
    ("five_fall_bounce_80sps", 9, 80, 0.25, five_fall, 1.5),
    ("warm_and_hands_10sps", 10, 10, 0.3, ["warm", "two_hands", "place", "lift"], 2.7),
)


def write(folder, name, seed, sps, noise, actions, card):
    scripted = callable(actions)
    tb = Table(seed, sps=sps, sigma=noise, card=card,
               length_s=24 if scripted else 8 + 7 * len(actions),
               actions=[] if scripted else actions)
    if scripted:
        actions(tb)
    with open("%s/%s.csv" % (folder, name), "w") as f:
        f.write("# %s: the harsh table (tools/bench/stage_fixtures.py), seed %d, %d SPS, "
                "noise %.2f g, card %.2f g\n" % (name, seed, sps, noise, card))
        f.write("# card: %.2f\n" % card)
        for kind, stage, began, cards, settled, doing in tb.truth:
            f.write("# expect: stage %d %s %d%s  (%s, %d-%d ms)\n"
                    % (stage + 1, kind, cards, " or asked" if doing in ASKABLE else "",
                       doing, began, settled))
        f.write("t_ms,stage1,stage2\n")
        for stage, t, g in tb.samples():
            f.write("%d,%s\n" % (t, ("%.3f," % g) if stage == 0 else (",%.3f" % g)))


def main(argv):
    folder = argv[0] if argv else "host_tests/fixtures/stages"
    for case in CASES:
        write(folder, *case)
        print("wrote %s/%s.csv" % (folder, case[0]))


if __name__ == "__main__":
    main(sys.argv[1:])
