# A Circus Puppy table at its worst, as load-cell recordings of both stages with the
# truth beside them: harsher than any real table, so that a detector right on all of it
# is right at a table (issue 24). stagetrace.py's parts (steps, presses, rings) are the
# bricks; this puts more and worse of them on two stages, and a worse HX711 under each.
# Plain Python on the host side's one generator (pawsim/rng.py, seeded as stagetrace
# seeds it): the same traces on CPython and on the unix port.
#
# The ranges (RANGES; test_stage_table.py fails if the traces come out gentler):
# - noise 0.03-0.3 g a sample, white, plus a slow 1/f wander as large again; cards
#   1.5-2.7 g, each card its own weight (+-5%); drift up to +-1 g a minute; temperature
#   steps (a few tenths of a gram over a few seconds);
# - hands: presses of 3-40 g rising over 100-300 ms and held 0.2-1 s, with a tremor of
#   3-12 Hz, sometimes two at once; a finger resting on a card for seconds; a card slid
#   on rather than placed; two cards placed within 300 ms;
# - falls of one to five cards with a bounce of 2-10 g over 250 ms; a card placed, then
#   falling 0.8-3 s later; knocks on the table that move both stages at once; one card
#   moved from one stage to the other;
# - the HX711: settling after power-up (its first conversions climb from nothing), a
#   rate a few percent off, a wild sample now and then (a read torn by an interrupt: a
#   high bit wrong), a sample missed now and then.
# truth: [(kind, stage, began_ms, cards, settled_ms, action)] per change, stage 0 or 1.
import math

from bench.stagetrace import (
    ADDED,
    REMOVED,
    Boxcars,
    Load,
    Press,
    Ring,
    Step,
    falling,
    smooth,
    traces_rng,
)

RANGES = {
    "noise_g": (0.03, 0.3),
    "card_g": (1.5, 2.7),
    "card_spread": 0.05,
    "drift_g_per_min": 1.0,
    "press_g": (3.0, 40.0),
    "press_rise_ms": (100, 300),
    "press_hold_ms": (200, 1000),
    "tremor_hz": (3.0, 12.0),
    "rest_ms": (1500, 4000),  # a finger resting on a card
    "pair_ms": 300,  # two cards placed within this
    "fall_cards": (1, 5),
    "bounce_g": (2.0, 10.0),
    "bounce_ms": 250,
    "late_fall_ms": (800, 3000),
    "wild_every": 1500,  # samples, about (a torn read)
    "miss_every": 400,  # samples, about
}
PER_GRAM = 420.0  # HX711 counts a gram: a torn read's wrong bit is this many counts a gram


class Hand(Press):
    """A press as the issue has it: rising over 100-300 ms, held 0.2-1 s, a tremor of
    3-12 Hz, a force that wanders while held."""

    def __init__(self, rng, t0, force, hold=None, rise=None):
        lo, hi = RANGES["press_rise_ms"]
        rise = rng.uniform(lo, hi) if rise is None else rise
        lo, hi = RANGES["press_hold_ms"]
        hold = rng.uniform(lo, hi) if hold is None else hold
        fall = rng.uniform(80, 250)
        Press.__init__(self, rng, t0, rise + hold + fall, force)
        self.rise, self.fall = rise, fall
        lo, hi = RANGES["tremor_hz"]
        self.tf = rng.uniform(lo, hi) / 1000
        self.trem = rng.uniform(0.3, 0.12 * force + 0.5)


class Rest:
    """A finger resting on a card: a small force held for seconds, never quite still."""

    def __init__(self, rng, t0, dur, force):
        self.t0, self.t1, self.force = t0, t0 + dur, force
        self.rise = rng.uniform(80, 200)
        self.wander = force * rng.uniform(0.1, 0.3)
        self.wf = rng.uniform(0.3, 1.5) / 1000
        self.wp = rng.uniform(0, 6.283)

    def at(self, t):
        if t <= self.t0 or t >= self.t1:
            return 0.0
        env = smooth((t - self.t0) / self.rise) * smooth((self.t1 - t) / self.rise)
        w = self.wander * math.sin(6.283185 * self.wf * (t - self.t0) + self.wp)
        return env * (self.force + w)


class Warm:
    """A temperature step: the cell's zero moves a few tenths of a gram, slowly."""

    def __init__(self, t0, dur, delta):
        self.t0, self.t1, self.delta = t0, t0 + dur, delta

    def at(self, t):
        return self.delta * smooth((t - self.t0) / (self.t1 - self.t0))


class Stage:
    """What lies on one stage and what touches it."""

    def __init__(self, table, index):
        self.table = table
        self.index = index
        self.parts = []
        self.stack = [table.card_weight() for _ in range(table.rng.randint(1, 4))]
        self.start_weight = sum(self.stack)
        self.base = 150.0 + table.rng.uniform(-40, 40)  # the stage and its start card


class Table:
    """Two stages under one script. `samples()` yields (stage, t_ms, grams) in time
    order, as the box's two HX711s deliver them."""

    def __init__(self, seed, sps=80, length_s=90, sigma=None, card=None, drift=None,
                 t_start=0, actions=None):
        rng = self.rng = traces_rng(seed * 7919 + 13)
        self.seed = seed
        self.sps = sps
        lo, hi = RANGES["noise_g"]
        self.sigma = rng.uniform(lo, hi) if sigma is None else sigma
        lo, hi = RANGES["card_g"]
        self.card = rng.uniform(lo, hi) if card is None else card
        d = RANGES["drift_g_per_min"]
        self.drift = [rng.uniform(-d, d) if drift is None else drift for _ in range(2)]
        self.t_start = t_start
        self.length = length_s * 1000
        self.stages = [Stage(self, 0), Stage(self, 1)]
        self.truth = []
        self.kinds = {}
        self.doing = None
        self.script(actions)

    def card_weight(self):
        s = RANGES["card_spread"]
        return self.card * self.rng.uniform(1 - s, 1 + s)

    # --- the play ---
    KINDS = (("place", 22), ("lift", 10), ("press", 10), ("two_hands", 4), ("rest", 6),
             ("slide", 6), ("pair", 5), ("fall", 10), ("late_fall", 6), ("knock", 9),
             ("move", 7), ("warm", 5))

    def script(self, actions):
        rng = self.rng
        t = rng.uniform(2000, 3500)  # the box watches still stages first
        total = sum(w for _, w in self.KINDS)
        i = 0
        while t < self.length - 7000:
            if actions is None:
                r = rng.random() * total
                k = 0
                while r >= self.KINDS[k][1] and k < len(self.KINDS) - 1:
                    r -= self.KINDS[k][1]
                    k += 1
                kind = self.KINDS[k][0]
            elif i < len(actions):
                kind = actions[i]
            else:
                break
            i += 1
            self.kinds[kind] = self.kinds.get(kind, 0) + 1
            stage = self.stages[rng.randint(0, 1)]
            self.doing = kind
            t = getattr(self, kind)(t, stage)
            t += rng.uniform(1500, 4500)

    def _true(self, kind, stage, t, cards, end):
        self.truth.append((kind, stage.index, t, cards, end, self.doing))

    def hand(self, stage, t, force=None, hold=None):
        lo, hi = RANGES["press_g"]
        h = Hand(self.rng, t, self.rng.uniform(lo, hi) if force is None else force, hold)
        stage.parts.append(h)
        return h

    def press(self, t, stage, force=None):
        return self.hand(stage, t, force).t1

    def two_hands(self, t, stage):
        a = self.hand(stage, t)
        b = self.hand(stage, t + self.rng.uniform(50, 400))
        return max(a.t1, b.t1)

    def place(self, t, stage, weight=None, ramp=None, force=None):
        rng = self.rng
        h = self.hand(stage, t, force)
        w = self.card_weight() if weight is None else weight
        stage.stack.append(w)
        land = t + (h.t1 - t) * rng.uniform(0.1, 0.8)  # it touches down under the hand
        step = Step(land, rng.uniform(10, 40) if ramp is None else ramp, w)
        stage.parts.append(step)
        end = max(h.t1, step.t1)
        self._true(ADDED, stage, t, 1, end)
        return end

    def slide(self, t, stage):
        """A card slid on from the edge: its weight comes over a third of a second or
        more, a fingertip behind it."""
        rng = self.rng
        w = self.card_weight()
        stage.stack.append(w)
        ramp = rng.uniform(300, 900)
        stage.parts.append(Step(t, ramp, w))
        push = Rest(rng, t, ramp + rng.uniform(100, 300), rng.uniform(0.5, 3.0))
        stage.parts.append(push)
        end = max(t + ramp, push.t1)
        self._true(ADDED, stage, t, 1, end)
        return end

    def rest(self, t, stage, weighs=(0.3, 1.5)):
        """A card placed, and the finger left on it for seconds, weighing `weighs`
        (least, most) of a card; returns when it lifts."""
        rng = self.rng
        end = self.place(t, stage)
        lo, hi = RANGES["rest_ms"]
        r = Rest(rng, end - 50, rng.uniform(lo, hi), rng.uniform(*weighs) * self.card)
        stage.parts.append(r)
        kind, s, began, cards, _, doing = self.truth.pop()
        self.truth.append((kind, s, began, cards, r.t1, doing))
        return r.t1

    def pair(self, t, stage):
        """Two cards placed within 300 ms: one change of two cards."""
        rng = self.rng
        h = self.hand(stage, t, hold=rng.uniform(400, 1000))
        end = h.t1
        land = t + rng.uniform(100, 300)
        for k in range(2):
            w = self.card_weight()
            stage.stack.append(w)
            step = Step(land + k * rng.uniform(50, RANGES["pair_ms"] - 60), rng.uniform(10, 40), w)
            stage.parts.append(step)
            end = max(end, step.t1)
        self._true(ADDED, stage, t, 2, end)
        return end

    def lift(self, t, stage):
        if not stage.stack:
            return self.place(t, stage)
        rng = self.rng
        h = self.hand(stage, t)
        w = stage.stack.pop()
        off = t + (h.t1 - t) * rng.uniform(0.3, 0.9)  # gripped, then lifted clear
        step = Step(off, rng.uniform(20, 80), -w)
        stage.parts.append(step)
        end = max(h.t1, step.t1)
        self._true(REMOVED, stage, t, 1, end)
        return end

    def fall(self, t, stage, n=None):
        rng = self.rng
        if not stage.stack:
            return self.place(t, stage)
        lo, hi = RANGES["fall_cards"]
        n = rng.randint(lo, min(hi, len(stage.stack))) if n is None else n
        w, ramp, parts, end = falling(rng, stage.stack, t, n)
        stage.parts += parts
        # the bounce: 2-10 g, dying within 250 ms
        lo, hi = RANGES["bounce_g"]
        amp = rng.uniform(lo, hi)
        bt = t + ramp + rng.uniform(20, 120)
        tau = RANGES["bounce_ms"] / math.log(amp / 0.02)
        bounce = Ring(bt, amp, rng.uniform(8, 30), tau)
        bounce.bounce = True
        stage.parts.append(bounce)
        end = max(end, bounce.settled)
        if rng.chance(0.35):
            # a card lands back on the rim and slides off again
            bt = bounce.t0 + rng.uniform(40, 250)
            back = Step(bt, rng.uniform(10, 30), w / n * rng.uniform(0.5, 1.2))
            gone = Step(back.t1 + rng.uniform(30, 200), rng.uniform(10, 40), -back.delta)
            stage.parts.append(back)
            stage.parts.append(gone)
            end = max(end, gone.t1)
        self._true(REMOVED, stage, t, n, end)
        return end

    def late_fall(self, t, stage):
        """A card placed, then falling 0.8-3 s after it settled."""
        end = self.place(t, stage)
        lo, hi = RANGES["late_fall_ms"]
        return self.fall(end + self.rng.uniform(lo, hi), stage, n=1)

    def knock(self, t, stage):
        """A knock on the table: both stages ring, nothing moves."""
        rng = self.rng
        amp = rng.uniform(2, 30)
        end = t
        for s in self.stages:
            sign = 1 if rng.chance(0.5) else -1
            r = Ring(t + rng.uniform(0, 5), amp * rng.uniform(0.5, 1.0) * sign,
                     rng.uniform(8, 50), rng.uniform(30, 150))
            s.parts.append(r)
            end = max(end, r.settled)
        return end

    def move(self, t, stage):
        """One card lifted off one stage and put on the other."""
        other = self.stages[1 - stage.index]
        if not stage.stack:
            stage, other = other, stage
        if not stage.stack:
            return self.place(t, stage)
        w = stage.stack[-1]  # the card the hand takes
        end = self.lift(t, stage)
        return self.place(end + self.rng.uniform(300, 2500), other, weight=w)

    def warm(self, t, stage):
        rng = self.rng
        dur = rng.uniform(2000, 8000)
        stage.parts.append(Warm(t, dur, rng.uniform(0.1, 0.5) * (1 if rng.chance(0.5) else -1)))
        return t + rng.uniform(500, 2000)  # play goes on while it warms

    # --- the HX711s ---
    def samples(self):
        """(stage, t_ms, grams) of both stages, in time order."""
        streams = [self._samples(s) for s in self.stages]
        heads = [next(it, None) for it in streams]
        while True:
            k = -1
            for i, h in enumerate(heads):
                if h is not None and (k < 0 or h[0] < heads[k][0]):
                    k = i
            if k < 0:
                return
            t, g = heads[k]
            yield k, (self.t_start + int(t)) & 0x3FFFFFFF, g
            heads[k] = next(streams[k], None)

    def _samples(self, stage):
        rng = traces_rng(self.seed * 31 + stage.index * 977 + 5)
        settle = 400.0 if self.sps <= 10 else 50.0  # four conversions
        conv = settle / 4
        n_box = 20 if self.sps <= 10 else 5
        dt = conv / n_box
        filt = Boxcars(n_box)  # power-up: it starts empty, its first conversions climb
        load = Load(stage.parts, stage.base + stage.start_weight, (Step, Warm))
        period = 1000.0 / self.sps * rng.uniform(0.96, 1.04)
        drift = self.drift[stage.index] / 60000.0
        # 1/f wander: three first-order processes a decade apart, as large as the noise
        pink = [0.0, 0.0, 0.0]
        taus = (300.0, 3000.0, 30000.0)
        amp = self.sigma * rng.uniform(0.6, 1.0) / math.sqrt(3)
        wild_p = 1.0 / RANGES["wild_every"]
        miss_p = 1.0 / RANGES["miss_every"]
        t = 0.0
        next_sample = rng.uniform(0, period)
        while t <= self.length:
            active = load.advance(t)
            x = load.static + drift * t
            for p in active:
                x += p.at(t)
            x = filt.feed(x)
            t += dt
            if t >= next_sample:
                for j in range(3):
                    a = period / taus[j]
                    pink[j] += (rng.gauss(amp * math.sqrt(2 * a)) - a * pink[j])
                y = x + rng.gauss(self.sigma) + pink[0] + pink[1] + pink[2]
                if rng.chance(miss_p):
                    pass  # the loop was busy: this one was never read
                else:
                    if rng.chance(wild_p):
                        bit = rng.randint(10, 23)
                        y += (1 << bit) / PER_GRAM * (1 if rng.chance(0.5) else -1)
                    yield t + rng.randint(0, 2), y
                next_sample += period


def to_csv(table, path):
    """The hardware check's recording format: t_ms,stage1,stage2, a stage a line."""
    with open(path, "w") as f:
        f.write("t_ms,stage1,stage2\n")
        for stage, t, g in table.samples():
            f.write("%d,%s\n" % (t, ("%.3f," % g) if stage == 0 else (",%.3f" % g)))
