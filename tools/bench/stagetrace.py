# Synthetic load-cell recordings of a Circus Puppy stage, true to the physics of issue 12,
# with the truth beside them: the steps a detector must report and when each began and
# settled. Plain Python drawing on the host side's one generator (pawsim/rng.py): the
# same traces on CPython and on the MicroPython unix port, so tests on both runtimes
# can use it.
#
# The physics:
# - the load: the cards on the stage (1.6-2.6 g each, +-5% card to card), hands pressing
#   3-40 g for 0.2-1.2 s with a wandering force and a tremor of 0.5-2 g at 3-12 Hz,
#   falls of 1-5 cards with the stage ringing after them, knocks ringing up to 30 g for a
#   few hundred ms with no net change, and slow drift (up to a gram a minute);
# - the HX711: its digital filter modelled as four cascaded boxcars, each one conversion
#   long, so its output settles in four conversions (400 ms at 10 SPS, 50 ms at 80 SPS)
#   and tremor and ringing are filtered as the chip filters them; sampled at its own
#   slightly-off rate (+-3%), stamped in whole ms with a little polling jitter; white
#   noise of sigma 0.03-0.25 g on the output.
import math

from pawsim.rng import Rng

ADDED = "added"
REMOVED = "removed"


def traces_rng(seed):
    """The traces' generator, seeded as when their hard cases were chosen (the tests
    hold the detector to those very traces)."""
    rng = Rng(seed, 0x9E3779B9)
    for _ in range(4):
        rng.next()
    return rng



def smooth(u):
    """0 -> 0, 1 -> 1, with flat ends."""
    if u <= 0:
        return 0.0
    if u >= 1:
        return 1.0
    return u * u * (3 - 2 * u)


class Step:
    """Cards arriving or leaving: the load moves by `delta` over `ramp` ms."""

    def __init__(self, t0, ramp, delta):
        self.t0, self.t1, self.delta = t0, t0 + ramp, delta

    def at(self, t):
        if t >= self.t1:
            return self.delta
        return self.delta * smooth((t - self.t0) / (self.t1 - self.t0))


class Press:
    """A hand on the stage: rises, wanders, trembles, lets go. Never still."""

    def __init__(self, rng, t0, dur, force):
        self.t0, self.t1, self.force = t0, t0 + dur, force
        self.rise = dur * rng.uniform(0.15, 0.35)
        self.fall = dur * rng.uniform(0.15, 0.35)
        self.wander = force * rng.uniform(0.08, 0.25)
        self.wf = rng.uniform(0.7, 2.5) / 1000
        self.wp = rng.uniform(0, 6.283)
        self.trem = rng.uniform(0.5, 2.0)
        self.tf = rng.uniform(3.0, 12.0) / 1000
        self.tp = rng.uniform(0, 6.283)

    def at(self, t):
        if t <= self.t0 or t >= self.t1:
            return 0.0
        env = smooth((t - self.t0) / self.rise) * smooth((self.t1 - t) / self.fall)
        w = self.wander * math.sin(6.283185 * self.wf * (t - self.t0) + self.wp)
        tr = self.trem * math.sin(6.283185 * self.tf * (t - self.t0) + self.tp)
        return env * (self.force + w) + min(1.0, 4 * env) * tr


class Ring:
    """The stage ringing after a knock or a fall: a damped sine, no net change."""

    def __init__(self, t0, amp, freq_hz, tau_ms):
        self.t0, self.amp, self.f, self.tau = t0, amp, freq_hz / 1000, tau_ms
        amp = abs(amp)
        self.t1 = t0 + tau_ms * math.log(max(2.0, amp / 0.005))  # down to 5 mg
        self.settled = t0 + tau_ms * math.log(max(1.0, amp / 0.02))  # within 20 mg

    def at(self, t):
        if t <= self.t0 or t >= self.t1:
            return 0.0
        dt = t - self.t0
        return self.amp * math.exp(-dt / self.tau) * math.sin(6.283185 * self.f * dt)


def falling(rng, stack, t, n):
    """n cards off the top of `stack` at t: the step down and the stage springing back
    and ringing. Returns (their weight, the ramp's ms, [step, ring], when it settles)."""
    w = 0.0
    for _ in range(n):
        w += stack.pop()
    ramp = rng.uniform(10, 80)
    ring = Ring(t + ramp * 0.5, w * rng.uniform(0.3, 2.0), rng.uniform(8, 30),
                rng.uniform(30, 100))
    return w, ramp, [Step(t, ramp, -w), ring], max(t + ramp, ring.settled)


class Load:
    """What a stage carries as time goes on: `static`, what has landed for good (the
    parts of the kinds `lasting`, once over), and `active`, the parts acting now."""

    def __init__(self, parts, static, lasting=None):
        self.parts = sorted(parts, key=lambda p: p.t0)
        self.static = static
        self.lasting = lasting or (Step,)
        self.active = []
        self._next = 0

    def advance(self, t):
        """The parts acting at t (static updated for those that are over)."""
        parts, active = self.parts, self.active
        while self._next < len(parts) and parts[self._next].t0 <= t:
            active.append(parts[self._next])
            self._next += 1
        if active and t >= min(p.t1 for p in active):
            keep = []
            for p in active:
                if t < p.t1:
                    keep.append(p)
                elif isinstance(p, self.lasting):
                    self.static += p.delta  # landed for good
            self.active = active = keep
        return active


class Boxcars:
    """The HX711's digital filter: `stages` boxcars of n points each, in cascade."""

    def __init__(self, n, stages=4):
        self.n, self.stages = n, stages
        self.boxes = [[0.0] * n for _ in range(stages)]
        self.sums = [0.0] * stages
        self.k = 0

    def feed(self, x):
        i = self.k % self.n
        for b in range(self.stages):
            box = self.boxes[b]
            self.sums[b] += x - box[i]
            box[i] = x
            x = self.sums[b] / self.n
        self.k += 1
        return x


class Trace:
    """One recording. `truth` is [(kind, began_ms, cards, settled_ms)]; `samples()`
    yields (t_ms, grams). Times start at `t_start` (device ticks wrap at 2**30)."""

    def __init__(self, seed, sps=80, length_s=90, sigma=None, card=None, drift=None,
                 t_start=0, actions=None, lag="sinc4", hand="wander"):
        rng = self.rng = traces_rng(seed)
        self.seed = seed
        # Other models, to see that the detector does not lean on this one's details:
        # lag "exp" (first order, tau a quarter of the settling time) or "boxcar" (one
        # average over the settling time); hand "flat" (a steady force and its tremor).
        self.lag = lag
        self.hand = hand
        self.sps = sps
        self.sigma = rng.uniform(0.03, 0.25) if sigma is None else sigma
        self.card = rng.uniform(1.6, 2.6) if card is None else card
        self.drift = rng.uniform(-1.0, 1.0) if drift is None else drift  # g a minute
        self.t_start = t_start
        self.length = length_s * 1000
        self.base = 150.0 + rng.uniform(-40, 40)  # the stage, the start card: tared out
        self.stack = [self.card_weight() for _ in range(rng.randint(1, 4))]
        self.start_weight = sum(self.stack)
        self.parts = []
        self.truth = []
        self.script(actions)

    def card_weight(self):
        return self.card * self.rng.uniform(0.95, 1.05)

    # --- the table's play ---
    def script(self, actions):
        rng = self.rng
        t = rng.uniform(1500, 3000)  # the box watches a still stage first
        kinds = actions
        i = 0
        while t < self.length - 6000:
            if kinds is None:
                r = rng.random()
                kind = ("place" if r < 0.35 else "lift" if r < 0.5 else "press" if r < 0.62
                        else "knock" if r < 0.72 else "fall" if r < 0.86 else "place_fall")
            elif i < len(kinds):
                kind = kinds[i]
            else:
                break
            i += 1
            t = getattr(self, kind)(t)
            t += rng.uniform(1500, 5000)

    def press(self, t, force=None, dur=None):
        rng = self.rng
        dur = rng.uniform(200, 1200) if dur is None else dur
        force = rng.uniform(3, 40) if force is None else force
        p = Press(rng, t, dur, force)
        if self.hand == "flat":
            p.wander = 0.0
        self.parts.append(p)
        return t + dur

    def place(self, t, dur=None, force=None, weight=None):
        rng = self.rng
        dur = rng.uniform(200, 1200) if dur is None else dur
        w = self.card_weight() if weight is None else weight
        self.stack.append(w)
        land = t + dur * rng.uniform(0.05, 0.95)  # the card touches down under the hand
        step = Step(land, rng.uniform(10, 40), w)
        self.parts.append(step)
        end = max(self.press(t, force=force, dur=dur), step.t1)
        self.truth.append((ADDED, t, 1, end))
        return end

    def lift(self, t):
        if not self.stack:
            return self.place(t)
        rng = self.rng
        dur = rng.uniform(200, 1200)
        w = self.stack.pop()
        off = t + dur * rng.uniform(0.3, 0.95)  # gripped, then lifted clear
        step = Step(off, rng.uniform(20, 80), -w)
        self.parts.append(step)
        end = max(self.press(t, dur=dur), step.t1)
        self.truth.append((REMOVED, t, 1, end))
        return end

    def knock(self, t, amp=None):
        rng = self.rng
        amp = rng.uniform(2, 30) if amp is None else amp
        ring = Ring(t, amp * (1 if rng.chance(0.5) else -1),
                    rng.uniform(8, 50), rng.uniform(30, 150))
        self.parts.append(ring)
        return ring.settled

    def fall(self, t, most=5, n=None):
        rng = self.rng
        if not self.stack:
            return self.place(t)
        n = rng.randint(1, min(most, len(self.stack))) if n is None else n
        # the stage springs back and rings; a card may bounce on the rim on its way off
        w, ramp, parts, end = falling(rng, self.stack, t, n)
        self.parts += parts
        r = rng.random()
        if r < 0.3:
            bt = t + ramp + rng.uniform(30, 150)
            bounce = Ring(bt, rng.uniform(1, 6), rng.uniform(10, 30), rng.uniform(20, 60))
            self.parts.append(bounce)
            end = max(end, bounce.settled)
        elif r < 0.6:
            # a card bounces back onto the stage's rim and off again
            bt = t + ramp + rng.uniform(40, 250)
            back = Step(bt, rng.uniform(10, 30), w / n * rng.uniform(0.5, 1.5))
            gone = Step(back.t1 + rng.uniform(30, 150), rng.uniform(10, 40), -back.delta)
            self.parts.append(back)
            self.parts.append(gone)
            end = max(end, gone.t1)
        self.truth.append((REMOVED, t, n, end))
        return end

    def place_fall(self, t):
        end = self.place(t)
        return self.fall(end + self.rng.uniform(1000, 2000))

    # --- the HX711 ---
    def load(self, t, active):
        g = 0.0
        for p in active:
            g += p.at(t)
        return g

    def samples(self):
        rng = traces_rng(self.seed ^ 0x5A5A5A5)  # the chip's own noise: the same at every replay
        settle = 400.0 if self.sps <= 10 else 50.0  # four conversions
        conv = settle / 4
        n_box = 20 if self.sps <= 10 else 5
        dt = conv / n_box
        stages = 4
        if self.lag == "boxcar":
            n_box, stages = n_box * 4, 1
        elif self.lag == "exp":
            stages = 0
        y = None
        period = 1000.0 / self.sps * rng.uniform(0.97, 1.03)
        filt = Boxcars(n_box, stages)
        stage = Load(self.parts, self.base + self.start_weight)
        t = -settle * 2  # fill the filter before the first sample
        next_sample = 0.0
        drift = self.drift / 60000.0
        while t <= self.length:
            active = stage.advance(t)
            x = stage.static + self.load(t, active) + drift * t
            if stages == 0:
                y = x if y is None else y + (x - y) * dt / conv
                x = y
            x = filt.feed(x)
            t += dt
            if t >= next_sample and next_sample <= self.length:
                jitter = rng.randint(0, 2)
                at = (self.t_start + int(next_sample) + jitter) & 0x3FFFFFFF
                yield at, x + rng.gauss(self.sigma)
                next_sample += period


def to_csv(trace, path):
    with open(path, "w") as f:
        f.write("t_ms,grams\n")
        for t, g in trace.samples():
            f.write("%d,%.3f\n" % (t, g))
