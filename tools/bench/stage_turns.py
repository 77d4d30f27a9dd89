# Circus Puppy's turns on the harsh table (issue 36): what the flow's expectation
# (Device.stages_expect -> StageSense.expect: Double Dog's two dogs at once) buys and
# what it risks. Each family is one action played turn after turn on both stages of
# stagetable.Table (its noise, 1/f wander, drift, torn reads, missed samples, hands),
# with harsher things between and inside the turns than the table's own script: hands
# hovering on a stage (a light touch held for a second, wandering), the table vibrating
# (a long ring), knocks. The same samples are fed twice to StageSense, as the box runs
# it: once told nothing ("without") and once told what the flow tells it ("with"): at
# the turn's start the action's expectation, taken back as the flow takes it back: at
# the screen's next tick (250 ms) after the stack is taken (a dog reported on either
# stage, or the players' answer). Done cannot end a turn with dogs in hand (the rules
# refuse it), and the performance says its expectation again at every tick. The player
# presses Done 0.5-2 s after the last dog settled, as a table does (its own generator:
# the table's samples are those it was before), and again a second after each refusal:
# a Done while the stage holds still at the expected pile takes it at once (hands off:
# Perform.done, StageSense.hands_off) and is one press; `hands_off=False` plays the
# same presses with the pile left to its accept_ms wait (the box before it).
# The families the table does as the action says, and ATTACKS: a table that does
# otherwise on a Double Dog turn (one dog and a finger resting on it, one dog on each
# stage, one dog and the second seconds later, a light hand before the pair, three dogs).
# Scored as bench_stage.score_table scores the harsh table: a report matched to what the
# table did, asked (the box asked and the players answered), or false (a decision that
# does not match what the table did: a change that never was, or a wrong count).
# Runs on CPython and on the MicroPython unix port (test_stage_turns.py holds it).
from array import array

from bench.bench_stage import ANSWER_MS, answer, pct, score_table
from bench.stagetable import Rest, Table
from bench.stagetrace import Ring, Step
from pawpad.core.stage.detector import UNSURE, ChangeDetector
from pawpad.core.stage.sense import StageSense
from pawpad.ticks import diff
from pawsim.rng import Rng

# A pile the game expects is taken once the stage has stayed at it for
# ChangeDetector.accept_ms (longer than a finger rests on a dog), or at the Done that
# comes first (hands off); without the Done model the press waits
# for it (the rules refuse Done with a dog in hand), and it is scored as found when
# reported within this of settling.
EXPECT_LATE_MS = ChangeDetector.accept_ms + 1500
FIXTURES = "host_tests/fixtures/stages"
TICK_MS = 250  # the performance's tick: when the flow says its expectation again
DONE_MS = 1000  # the player presses Done about this long after the last dog settled
DONE_RANGE = (500, 2000)  # in the turns played with Done: this long after it
AGAIN_MS = 1000  # a Done refused (a dog still in hand) is pressed again this much later


# --- harsher than the table's own script: between and inside turns ---
def hover(tb, t, stage):
    """A hand hovering over a stage, touching it: half a card to two and a half cards'
    weight held 0.5-2 s, never quite still; nothing put on."""
    rng = tb.rng
    r = Rest(rng, t, rng.uniform(500, 2000), rng.uniform(0.5, 2.5) * tb.card)
    stage.parts.append(r)
    return r.t1


def vibrate(tb, t):
    """The table vibrating (a leg knocked, a phone buzzing): both stages ring for a
    second or two, 0.3-3 g, no net change."""
    rng = tb.rng
    end = t
    for s in tb.stages:
        r = Ring(t + rng.uniform(0, 20), rng.uniform(0.3, 3.0), rng.uniform(5, 40),
                 rng.uniform(300, 800))
        s.parts.append(r)
        end = max(end, r.settled)
    return end


def disturb(tb, t):
    """Before a turn: now and then a hand hovering, a vibration, a knock, a warm step."""
    rng = tb.rng
    r = rng.random()
    st = tb.stages[rng.randint(0, 1)]
    tb.doing = "between"
    if r < 0.25:
        t = hover(tb, t, st) + rng.uniform(800, 2000)
    elif r < 0.4:
        t = vibrate(tb, t) + rng.uniform(800, 2000)
    elif r < 0.55:
        t = tb.knock(t, st) + rng.uniform(800, 2000)
    elif r < 0.65:
        t = tb.warm(t, st)
    return t


def place_any(tb, t, st):
    """One dog onto a stage as hands do it: placed, slid on, or placed with a finger
    resting on it for seconds (a dog placed and a finger left on it)."""
    r = tb.rng.random()
    if r < 0.15:
        return tb.slide(t, st)
    if r < 0.3:
        return tb.rest(t, st)
    return tb.place(t, st)


def other(tb, st):
    return tb.stages[1 - st.index]


# --- the families: one action, as the table does it ---
def stack(tb, t, st):
    """Dogee Show: one dog stacked."""
    return place_any(tb, t, st)


def double_dog(tb, t, st):
    """Both dogs at once, in one stack (the pair: two landing within 300 ms under one
    hand), now and then a vibration of the table while the pair lands."""
    if tb.rng.chance(0.2):
        vibrate(tb, t + tb.rng.uniform(0, 400))
    return tb.pair(t, st)


def helper(tb, t, st):
    """Helper: the dog stacked while the helper steadies the other stage (their hand on
    it, pressing, or hovering)."""
    rng = tb.rng
    if rng.chance(0.5):
        tb.hand(other(tb, st), t + rng.uniform(-300, 300))
    else:
        hover(tb, t + rng.uniform(-300, 300), other(tb, st))
    return place_any(tb, t, st)


def new_stage(tb, t, st):
    """A stage card put on (it weighs a card), then the dog on it."""
    end = place_any(tb, t, st)
    return place_any(tb, end + tb.rng.uniform(800, 2500), st)


def acrobatics(tb, t, st):
    """The top dog of one stage onto the other, then the drawn dog stacked."""
    if not st.stack:
        st = other(tb, st)
    end = tb.move(t, st)
    return place_any(tb, end + tb.rng.uniform(800, 2500), tb.stages[tb.rng.randint(0, 1)])


def fall(tb, t, st):
    """A dog stacked, then two dogs falling in the hold, bouncing."""
    end = place_any(tb, t, st)
    return tb.fall(end + tb.rng.uniform(800, 3000), st, n=min(2, len(st.stack)))


# --- a Double Dog turn where the table does otherwise ---
def dd_finger(tb, t, st):
    """One dog put on and a finger left resting on it, weighing about a dog (0.7-1.3
    of one) for seconds: the pair's weight, with only one dog."""
    return tb.rest(t, st, (0.7, 1.3))


def dd_split(tb, t, st):
    """One dog on each stage, within a second."""
    end = tb.place(t, st)
    return max(end, tb.place(t + tb.rng.uniform(0, 1000), other(tb, st)))


def dd_one_then_one(tb, t, st):
    """One dog, then the other 1-4 s later on the same stage."""
    end = tb.place(t, st)
    return tb.place(end + tb.rng.uniform(1000, 4000), st)


def dd_hand_first(tb, t, st):
    """A light hand on the stage first (1.5-2.5 dogs' weight, held 0.9 s), the pair
    after: the hand weighs the pair for a moment."""
    rng = tb.rng
    h = tb.hand(st, t, force=rng.uniform(1.5, 2.5) * tb.card, hold=900)
    return tb.pair(h.t1 + rng.uniform(300, 1200), st)


def dd_three(tb, t, st):
    """The pair and a third dog with it (a dog of the hand dropped along)."""
    end = tb.pair(t, st)
    kind, s, began, cards, _, doing = tb.truth.pop()
    w = tb.card_weight()
    st.stack.append(w)
    st.parts.append(Step(t + tb.rng.uniform(100, 250), tb.rng.uniform(10, 40), w))
    tb.truth.append((kind, s, began, 3, end, doing))
    return end


# (name, script, what the flow expects: dogs at once, None for either stage)
FAMILIES = (
    ("stack", stack, 0),
    ("double dog", double_dog, 2),
    ("helper", helper, 0),
    ("new stage", new_stage, 0),
    ("acrobatics", acrobatics, 0),
    ("fall", fall, 0),
)
ATTACKS = (
    ("DD: 1 dog + finger", dd_finger, 2),
    ("DD: 1 on each stage", dd_split, 2),
    ("DD: 1, then 1", dd_one_then_one, 2),
    ("DD: a hand, then 2", dd_hand_first, 2),
    ("DD: 3 dogs", dd_three, 2),
)


def table(seed, sps, script, turns=6, sigma=None, wait=0):
    """A table playing `turns` turns of one family; (the table, [(start, end)]). `wait`:
    ms more before Done (the box taking an expected pile, or the players answering)."""
    tb = Table(seed, sps=sps, sigma=sigma, length_s=20 + 16 * turns, actions=[])
    rng = tb.rng
    t = rng.uniform(2000, 3500)
    spans = []
    for _ in range(turns):
        t = disturb(tb, t)
        st = tb.stages[rng.randint(0, 1)]
        tb.doing = script.__name__
        t0 = t
        t = script(tb, t, st)
        spans.append((t0, t))
        t += DONE_MS + wait + rng.uniform(1500, 3500)
    tb.length = int(t) + 3000
    return tb, spans


def done_times(seed, sps, spans):
    """When the player first presses Done in each turn (ms from the table's start): 0.5-2 s
    after the last dog settled, from a generator of its own."""
    rng = Rng(seed * 131 + sps, 0x5DEECE66)
    return [end + rng.uniform(*DONE_RANGE) for _t0, end in spans]


def run(tb, spans, expect, samples=None, dones=None, hands_off=True, presses=None):
    """Both stages through StageSense as the box runs them, told `expect` at each turn's
    start (0: told nothing) and taken back as the flow does; the players answer what it
    asks. `dones`: when Done is first pressed in each turn (pressed again AGAIN_MS after
    a refusal while the expected pile is not taken); with `hands_off` a Done takes the
    pile the stage holds still at, as Perform.done does. `presses`: a list the count of
    Done presses is added to. [(stage, kind, began, cards, at)], fell and moved as
    removed and added."""
    sense = StageSense(tb.card, 2)
    out = []
    asked = []
    t0 = tb.t_start
    k = 0  # the next turn to start
    told = None  # when the expectation is taken back (the flow's next tick)
    on = False  # the expectation told and not yet taken back
    press = None  # the next Done press of this turn (ms from the start), while on
    n_press = 0
    for stage, t, g in samples or tb.samples():
        rel = diff(t, t0)
        if expect and k < len(spans) and rel >= spans[k][0]:
            sense.expect(None, expect)
            on = True
            press = dones[k] if dones else None
            k += 1
        if told is not None and diff(t, told) >= 0:
            sense.expect(None, 0)
            told = None
            on = False
        if press is not None and rel >= press:
            n_press += 1
            press = None
            if on and told is None:
                took = []
                if hands_off:
                    s = sense.pair_ready()
                    if s is not None:
                        took = sense.hands_off(s)
                for kind, s, cards, began in took:
                    out.append((s, kind, began, cards, t))
                if took:  # the stack, and the Done right after it: nothing expected
                    sense.expect(None, 0)
                    on = False
                else:
                    press = rel + AGAIN_MS  # refused: a dog still in hand
        if press is not None and not on:
            press = None  # the pile was taken (waited for, or answered): Done is taken
            n_press += 1
        while asked and diff(t, asked[0][0]) >= 0:
            _when, s, cards = asked.pop(0)
            sense.told(s, cards)
            if told is None and on:
                told = t + TICK_MS  # the answer stacks the dogs: the flow's next tick
        for kind, s, cards, began in sense.feed(stage, t, g) + sense.poll(t):
            kind = {"fell": "removed", "moved": "added"}.get(kind, kind)
            out.append((s, kind, began, cards, t))
            if kind == UNSURE:
                asked.append((t + ANSWER_MS, s, answer(tb, s, t)))
            elif kind == "added" and told is None and on:
                told = t + TICK_MS  # a stack taken: the next tick says 0
    if presses is not None:
        presses.append(n_press)
    return out


CHUNK = 1024  # samples a chunk


class Samples:
    """A table's samples kept to be fed twice: packed (a list of tuples of a 2-minute
    table at 80 SPS does not fit the unix port's test heap), in chunks of CHUNK, so no
    block larger than a chunk is ever asked for (one array grown by appending needs
    a contiguous block of twice its size: whether a heap that earlier test files left
    has one is luck)."""

    def __init__(self, tb):
        self.chunks = []
        n = CHUNK
        for stage, t, g in tb.samples():
            if n == CHUNK:
                zeros = bytes(4 * CHUNK)
                s, ts, gs = bytearray(CHUNK), array("i", zeros), array("f", zeros)
                self.chunks.append((s, ts, gs))
                n = 0
            s[n], ts[n], gs[n] = stage, t, g
            n += 1
        self.last = n  # samples in the last chunk

    def __iter__(self):
        last = len(self.chunks) - 1
        for k, (s, t, g) in enumerate(self.chunks):
            for i in range(self.last if k == last else CHUNK):
                yield s[i], t[i], g[i]


def measure(families, seeds, sps_list=(10, 80), turns=6, sigma=None, done=True,
            hands_off=True):
    """{name: {"turns", "without": totals, "with": totals, "presses"}}; totals: asked
    (questions), false (decisions that do not match the table), missed; presses: Done
    presses in the turns with the expectation (`done`: the player presses Done, 0.5-2 s
    after the last dog, again after a refusal; `hands_off`: such a Done takes the pile)."""
    res = {}
    for name, script, expect in families:
        row = {"turns": 0, "without": {"asked": 0, "false": 0, "missed": 0, "latency": []},
               "with": {"asked": 0, "false": 0, "missed": 0, "latency": []}, "cases": [],
               "presses": []}
        for sps in sps_list:
            for seed in seeds:
                tb, spans = table(seed, sps, script, turns, sigma,
                                  EXPECT_LATE_MS if expect else 0)
                samples = Samples(tb)
                dones = done_times(seed, sps, spans) if done else None
                row["turns"] += len(spans)
                for which, e in (("without", 0), ("with", expect)):
                    events = run(tb, spans, e, samples, dones, hands_off,
                                 row["presses"] if e else None)
                    s = score_table(tb, events, EXPECT_LATE_MS)
                    tot = row[which]
                    asks = sum(1 for ev in events if ev[1] == UNSURE)
                    tot["asked"] += asks
                    tot["false"] += len(s["false"])
                    tot["missed"] += len(s["missed"])
                    tot["latency"] += s["latency"]
                    if s["false"] or s["missed"]:
                        row["cases"].append((which, sps, seed, s["false"], s["missed"]))
        res[name] = row
    return res


def rows(res):
    """[name, turns, asks/turn without, with, false without, with, missed w/o, with,
    latency p95 w/o, with]: the latency of what was found, from the stage settling."""
    out = []
    for name in res:
        r = res[name]
        n = r["turns"] or 1
        out.append([name, r["turns"], "%.2f" % (r["without"]["asked"] / n),
                    "%.2f" % (r["with"]["asked"] / n), r["without"]["false"],
                    r["with"]["false"], r["without"]["missed"], r["with"]["missed"],
                    pct(r["without"]["latency"], 95), pct(r["with"]["latency"], 95),
                    "%.2f" % (sum(r["presses"]) / n) if r["presses"] else "-"])
    return out


def lines(table_rows):
    out = ["%-22s %5s %9s %5s %6s %5s %7s %5s %9s %5s %6s" % (
        "action", "turns", "asks w/o", "with", "false", "with", "missed", "with",
        "p95 ms", "with", "Dones")]
    for r in table_rows:
        out.append("%-22s %5d %9s %5s %6d %5d %7d %5d %9d %5d %6s" % tuple(r))
    return out


def main(argv):
    verbose = "--verbose" in argv
    hands_off = "--no-hands-off" not in argv
    argv = [a for a in argv if not a.startswith("--")]
    seeds = range(1, 1 + (int(argv[0]) if argv else 6))
    print("Circus Puppy turns on the harsh table (tools/bench/stage_turns.py): %d tables "
          "of 6 turns an action at 10 and 80 SPS; the expectation told (with) or not "
          "(without); Done pressed 0.5-2 s after the last dog, again a second after a "
          "refusal (Dones: presses a turn, with)%s:"
          % (len(seeds), "" if hands_off else "; a Done takes nothing (--no-hands-off)"))
    res = measure(FAMILIES + ATTACKS, seeds, hands_off=hands_off)
    for line in lines(rows(res)):
        print(line)
    if verbose:
        for name in res:
            for case in res[name]["cases"]:
                print(name, case)
    print("The recorded hard cases (host_tests/fixtures/stages) as in a Double Dog turn: "
          "asks, false and missed without the expectation, with it (told at the start, "
          "taken back when a dog is taken), and held (told again after every report):")
    print("%-26s %s" % ("recording", "asks w/o with held | false w/o with held | "
                        "missed w/o with held"))
    for r in fixture_rows(FIXTURES):
        print("%-26s %4d %4d %4d | %9d %4d %4d | %10d %4d %4d" % tuple(r))


# --- the recorded hard cases (host_tests/fixtures/stages), as in a Double Dog turn ---
def fixture_wants(lines):
    """(card grams, [(stage, kind, cards, askable)]) from a recording's comment lines."""
    card, want = None, []
    for line in lines:
        if not line.startswith("#"):
            break
        words = line[1:].split()
        if words[:1] == ["card:"]:
            card = float(words[1])
        elif words[:1] == ["expect:"]:
            want.append((int(words[2]) - 1, words[3], int(words[4]),
                         words[5:7] == ["or", "asked"]))
    return card, want


def replay_fixture(lines, expect=0, again=False):
    """A recording through StageSense, told `expect` at its start and taken back at the
    next tick after a dog is reported (as a Double Dog turn's flow does), or told it
    again after every report (`again`: every dog the recording brings could be the
    pair). The players answer from its "# expect:" lines. (asks, false, missed)."""
    from bench.stage_replay import read_samples

    lines = list(lines)
    card, want = fixture_wants(lines)
    open_ = [w for w in want if w[3]]
    sense = StageSense(card, 2)
    if expect:
        sense.expect(None, expect)
    told = None
    got = []
    for stage, t, g in read_samples(lines):
        if stage > 1:
            continue
        if told is not None and diff(t, told) >= 0:
            sense.expect(None, expect if again else 0)
            told = None
        for kind, s, cards, _began in sense.feed(stage, t, g) + sense.poll(t):
            kind = {"fell": "removed", "moved": "added"}.get(kind, kind)
            got.append((s, kind, cards))
            if kind == UNSURE:
                said = 0
                for w in open_:
                    if w[0] == s:
                        open_.remove(w)
                        said = w[2] if w[1] == "added" else -w[2]
                        break
                sense.told(s, said)
            if expect and kind in ("added", UNSURE) and told is None:
                told = t + TICK_MS
    asks = sum(1 for g in got if g[1] == UNSURE)
    missed = 0
    for stage, kind, cards, askable in want:
        if (stage, kind, cards) in got:
            got.remove((stage, kind, cards))
            continue
        asked = [g for g in got if g[0] == stage and g[1] == UNSURE]
        if askable and asked:
            got.remove(asked[0])
        else:
            missed += 1
    false = sum(1 for g in got if g[1] != UNSURE)
    return asks, false, missed


def fixture_rows(folder):
    """[name, asks without, with, held, false without, with, held, missed ...]."""
    import os

    out = []
    for name in sorted(n for n in os.listdir(folder) if n.endswith(".csv")):
        with open(folder + "/" + name) as f:
            lines = f.readlines()
        r = [replay_fixture(lines), replay_fixture(lines, 2), replay_fixture(lines, 2, True)]
        out.append([name[:-4]] + [x[0] for x in r] + [x[1] for x in r] + [x[2] for x in r])
    return out


FIXTURE_HEAD = ["recording", "asks without", "with", "with, held", "false without", "with",
                "with, held", "missed without", "with", "with, held"]


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
