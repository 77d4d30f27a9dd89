# Stage weight: turns calibrated load-cell samples into "dogs went on / came off".
# Pure and clock-free: the caller feeds (t_ms, grams) as the HX711 delivers them
# (10 to 80 per second). A settled change of weight is reported once, with the time it
# began, so the game can hold it against the 5-second rule.
#
# How: while the stage is quiet the detector learns its noise floor (the spread of
# short windows of samples) and follows slow drift. A sample far from the quiet level
# starts a change. The change is held until a window of samples is still *at that noise
# floor* (its spread and its trend both), and the still level is a whole number of cards
# away from where the stage was. A hand never holds still (it wanders and trembles), a
# knock rings and comes back, drift is followed while quiet: none of them is an event.
# Per sample the work is a few float operations; a window (at most 32 samples) is summed
# once per window while quiet, and about 20 times a second while a change is pending.
# Measured on the emulated Pico (tools/rp2emu, 80 SPS): 0.19 ms a sample while
# quiet, 0.6 ms while a change is pending; one detector holds about 0.5 KB. Nothing grows.
#
# Tunables are class attributes; tools/bench/bench_stage.py scores them on synthetic traces
# (tools/bench/stagetrace.py) and tools/bench/stage_replay.py on a table's own recordings.
from array import array

try:
    from micropython import const
except ImportError:  # plain CPython: the engines import anywhere (consts are ints)
    const = int  # type: ignore


from pawpad.ticks import diff

ADDED = "added"
REMOVED = "removed"
UNSURE = "unsure"  # something settled that the detector cannot name: the box asks

_INIT = const(0)  # learning the noise floor and the starting weight
_QUIET = const(1)  # at `base`, following drift
_MOVING = const(2)  # away from `base`: waiting for a still, whole-card level

_RING = const(32)  # samples kept: 400 ms at 80 SPS, 3 s at 10 SPS
_MASK = const(31)


class ChangeDetector:
    # The still window: long enough to see a hand's wander and tremor at 80 SPS, short
    # enough to answer within 800 ms of the stage settling at 10 SPS (the HX711 itself
    # takes 400 ms of that).
    window_ms = 300
    min_samples = 4
    # Noise floor: never believed below 20 mg (quantisation, the float of the Pico) nor
    # above 0.3 g (a stage that noisy cannot tell a card anyway).
    sigma_min = 0.02
    sigma_max = 0.3
    # A sample this many sigmas from the quiet level starts a change...
    depart_k = 4.5
    # ...and a window is still when its variance is within what noise gives (a chi-square
    # bound of about 3 standard deviations) and its two halves agree within trend_k
    # standard errors.
    var_z = 3.0
    trend_k = 3.5
    # How far from whole cards a still level may sit: the cards vary +-5% each.
    whole_tol = 0.22
    whole_per_card = 0.05
    whole_most = 0.45
    # A hand places or lifts one card at a time; more cards arriving at once are held
    # until the level has been still for multi_ms more (a press is off again within
    # 1.2 s, and wanders before that), and then asked about: two cards placed together
    # and one card with a finger resting on it weigh the same. Falls (many cards
    # leaving) are not held.
    max_added = 1
    multi_ms = 600
    # A card comes on still for good; a light hand (3 g is a card and a half) may hold
    # still for the few samples of a window at 10 SPS. An addition is taken when the
    # stage has been still for add_samples samples at least: at 10 SPS that is the
    # window and one sample more (100 ms); at 80 SPS the window is longer already.
    add_samples = 5
    # A level still this long between whole cards is asked about (UNSURE, the nearest
    # whole number of cards): something rests on the stage that no rule here can name.
    # Longer than a finger rests on a card (it lifts, and the card alone is reported).
    accept_ms = 5000
    # An UNSURE waits this long for told() (the players' answer) before the level it
    # settled at is taken as the stage's: meanwhile nothing more is reported.
    ask_ms = 30000
    # A change pending this long, on windows flat by their own spread, means the floor
    # was learned too low (no hand, knock or bounce lasts 3 s).
    stuck_ms = 3000
    # Samples of a still stage that give the first noise floor: as many as init_ms gives
    # (a window at least, init_samples at most); the first windows after refine it.
    init_samples = 24
    init_ms = 500
    # After a return to less than half a card from the base, the old base counts for
    # this long still (a change may come in slices).
    linger_ms = 1500
    # Drift is followed with this time constant while quiet.
    follow_ms = 2000
    # A sample this far from the last is a torn read, unless the next one agrees.
    wild_g = 200.0

    def __init__(self, card_grams):
        if not card_grams > 0:
            raise ValueError("card weight must be positive")
        self.card = float(card_grams)
        self._v = array("f", [0.0] * _RING)  # grams - ref
        self._t = array("i", [0] * _RING)
        self._n = 0  # samples fed
        self._ref = None  # keeps the stored values small for single-precision floats
        self._last_t = None
        self.period = 0.0  # ms between samples, learned from the ring
        self._win = self.min_samples  # samples in the still window, from the period
        self.state = _INIT
        self.base = None  # the quiet weight
        self.var = 0.0  # noise variance (grams^2), learned while quiet
        self._thr = 0.0  # how far from base a sample starts a change
        self.left_at = None  # time the pending change began
        self._left_n = 0  # samples fed when it began
        self._block = 0  # samples since the last window was looked at
        self._windows = 0  # windows learned from
        self._still_since = None  # MOVING: when the present still level began
        self._origin = None  # the base before a return to less than half a card away
        self._origin_left = None  # and when that excursion began
        self._origin_t = 0
        self._asked = None  # UNSURE said: the base before it, until told() or ask_ms
        self._asked_at = 0.0  # and the level it asked about
        self._asked_t = 0
        self._hush = None  # a level told() answered for, while it stays
        self._hush_t = 0
        self._wild = None  # a sample far from the last, waiting for the next to agree
        self._expect = 0  # cards the game says may come on at once (0: nothing said)
        self._pair_at = None  # MOVING: when the stage first held still at that many

    # --- queries for the app ---
    def quiet(self):
        """True when nothing is pending: the stage is at a settled weight."""
        return self.state == _QUIET

    def pending_since(self):
        """When the change now pending began (a hand on the stage, cards still moving),
        or None when quiet. The 5-second rule waits for this to clear: a fall that
        began inside the grace time is reported only once it has settled."""
        if self.state != _MOVING:
            return None
        return self.left_at

    def still(self):
        """The stage holds still now, by this detector's own test: quiet, or a change
        pending whose last window was at the noise floor (it may sit between whole
        cards: still, only not named yet). False while the floor is learned, and while
        anything moves. The calibration averages only what is still."""
        state = self.state
        return state == _QUIET or (state == _MOVING and self._still_since is not None)

    def asking(self):
        """An UNSURE is waiting for told()."""
        return self._asked is not None

    def told(self, cards):
        """The players' answer to an UNSURE: `cards` came on (negative: came off) since
        the weight before it. The stage is then expected at that weight, and whatever
        sits on it beyond (a finger still resting) is a change pending like any other:
        when it lifts, nothing is reported."""
        origin = self._asked
        if origin is None:
            return
        self._asked = None
        self._hush = self._asked_at  # that level is answered for: not asked about again
        self._hush_t = self._t[(self._n - 1) & _MASK]
        self.base = origin + cards * self.card
        self.state = _MOVING
        self._pair_at = None
        self.left_at = self._t[(self._n - 1) & _MASK]
        self._left_n = self._n
        self._still_since = None
        self._origin = None
        self._block = 0

    def expect(self, cards):
        """The game says what the turn makes likely: `cards` cards coming on at once
        (Double Dog: 2) are taken without the question a pile arriving otherwise gets,
        once the stage has held still at that many for accept_ms (a finger resting on
        one card, a hand holding still, weigh the pair for a while: not that long),
        whatever wandered between, or at once when the players say their hands are off
        (hands_off()); 0 says nothing is expected. Taken once: an arrival of that many
        clears it. A level between whole cards is asked about as ever."""
        self._expect = cards if cards > self.max_added else 0
        self._pair_at = None

    def pair_ready(self):
        """The stage holds still now at exactly the pile the game expects (Double Dog's
        pair), on its way to being taken once it has stayed so for accept_ms; nothing
        asked or answered for is pending. What hands_off() would take now."""
        return self._pair_now() is not None

    def hands_off(self):
        """The players say their hands are off the stage (the active player's Done):
        an expected pile the stage holds still at now (pair_ready) is taken at once,
        without the accept_ms wait, and reported as feed() reports it. Whatever rested
        on it (a finger) is then part of what was taken: its lifting is a change like
        any other (in the 5-second hold, a fall). Anything else is left as it is: []."""
        mean = self._pair_now()
        if mean is None:
            return []
        return self._settle(mean, ADDED, self._expect)

    def _pair_now(self):
        """The mean of the still window now, when it is at the expected pile; else None."""
        expect = self._expect
        if (self.state != _MOVING or not expect or self._pair_at is None
                or self._still_since is None or self._asked is not None
                or self._hush is not None):
            return None
        n = self._win
        mean, var, trend = self._stats(n)
        if not self._still(n, var, trend):
            return None
        q = (mean - self.base) / self.card
        cards = int(q + 0.5)
        if q <= 0 or cards != expect:
            return None
        if abs(q - cards) > self._tolerance(cards):
            return None
        t = self._t[(self._n - 1) & _MASK]
        if diff(t, self._still_since) < (self.add_samples - n - 0.5) * self.period:
            return None
        return mean

    def _tolerance(self, cards):
        """How far from `cards` whole cards a still level may sit and be that many:
        the cards vary +-5% each, up to whole_most."""
        tol = self.whole_tol + self.whole_per_card * cards
        return self.whole_most if tol > self.whole_most else tol

    def sigma(self):
        """The learned noise floor in grams (None while still learning)."""
        if self.state == _INIT:
            return None
        return self.var ** 0.5

    # --- samples ---
    def feed(self, t_ms, grams):
        """Add one sample; returns a list of (kind, t_ms, cards) events, usually empty."""
        last = self._last_t
        if last is not None and diff(t_ms, last) <= 0:
            return []  # a repeated or out-of-order stamp: not a new sample
        self._last_t = t_ms
        ref = self._ref
        if ref is None:
            ref = self._ref = grams
        x = grams - ref
        # A read torn by an interrupt has a high bit wrong: hundreds of grams or more in
        # one sample, which no hand or card makes. It is dropped; if the next sample
        # agrees, something heavy really came, and the samples count from that one.
        if self._n and abs(x - self._v[(self._n - 1) & _MASK]) > self.wild_g:
            wild = self._wild
            self._wild = grams
            if wild is None or abs(grams - wild) > self.wild_g:
                return []
        self._wild = None
        if x > 1000 or x < -1000:
            self._rebase_ref(grams)
            x = 0.0
        i = self._n & _MASK
        self._v[i] = x
        self._t[i] = t_ms
        self._n += 1
        state = self.state
        if state == _QUIET:
            d = x - self.base
            if d > self._thr or d < -self._thr:
                self._depart()
                return []
            self._block += 1
            if self._block >= self._win:
                self._learn()
            return []
        if state == _MOVING:
            return self._moving(t_ms)
        self._init()
        return []

    def _rebase_ref(self, grams):
        shift = self._ref - grams
        for i in range(_RING):
            self._v[i] += shift
        if self.base is not None:
            self.base += shift
        if self._origin is not None:
            self._origin += shift
        if self._asked is not None:
            self._asked += shift
        self._asked_at += shift
        if self._hush is not None:
            self._hush += shift
        self._ref = grams

    def _learn_period(self, n):
        """The sample period from the last n stamps, and the still window it gives."""
        if self._n < n:
            return
        end = self._n - 1
        p = diff(self._t[end & _MASK], self._t[(end - n + 1) & _MASK]) / (n - 1)
        self.period = p
        w = int(self.window_ms / p + 1.5) if p > 0 else self.min_samples
        self._win = self.min_samples if w < self.min_samples else _RING if w > _RING else w

    def window(self):
        """How many samples make the still window at the present rate."""
        return self._win

    def _stats(self, n):
        """Mean, variance and the difference of the two halves' means of the last n
        (summed from the oldest of them: small numbers, right in single precision)."""
        v = self._v
        end = self._n
        k0 = end - n
        first = v[k0 & _MASK]
        h = n // 2
        s_old = 0.0
        q = 0.0
        for k in range(k0, k0 + h):
            d = v[k & _MASK] - first
            s_old += d
            q += d * d
        s_new = 0.0
        for k in range(k0 + h, end):
            d = v[k & _MASK] - first
            s_new += d
            q += d * d
        s = s_old + s_new
        var = (q - s * s / n) / (n - 1)
        return first + s / n, (var if var > 0 else 0.0), s_new / (n - h) - s_old / h

    def _still(self, n, var, trend):
        """Is a window of n samples with this variance and trend only noise?"""
        sv = self.var
        if var > sv * (1 + self.var_z * (2 / (n - 1)) ** 0.5):
            return False
        k = self.trend_k
        return trend * trend <= k * k * sv * (4 / n)

    def _set_var(self, var):
        lo, hi = self.sigma_min * self.sigma_min, self.sigma_max * self.sigma_max
        var = lo if var < lo else hi if var > hi else var
        self.var = var
        thr = self.depart_k * var ** 0.5
        self._thr = thr if thr > 0.1 else 0.1

    # --- learning the floor ---
    def _init(self):
        """The first still stretch (init_samples, and a window at least) gives the floor
        and the starting weight."""
        if self._n < 4:
            return
        self._learn_period(4)
        m = int(self.init_ms / self.period) if self.period > 0 else self.init_samples
        m = self.init_samples if m > self.init_samples else m
        m = self._win if m < self._win else m
        if self._n < m:
            return
        mean, var, trend = self._stats(m)
        if var > self.sigma_max * self.sigma_max:
            return  # moving: try again with the next sample
        if trend * trend > self.trend_k * self.trend_k * var * (4 / m):
            return
        # Few samples may show the noise smaller than it is: start from the estimate
        # plus one standard error (the windows that follow soon bring it to the truth).
        self._set_var(var * (1 + (2 / (m - 1)) ** 0.5))
        self.base = mean
        self.state = _QUIET
        self._block = 0

    def _learn(self):
        """Once a window while quiet: the floor follows what the windows show (a window
        counts at most four times the floor, so a touch too small to start a change
        cannot blow it up, while an underestimate still recovers within a few windows);
        the base follows drift."""
        self._block = 0
        n = self._win
        if self._origin is not None and diff(self._t[(self._n - 1) & _MASK],
                                             self._origin_t) > self.linger_ms:
            self._origin = None  # long enough at the new level: it is the level
        self._learn_period(n)
        mean, var, trend = self._stats(n)
        sv = self.var
        if var > 4 * sv:
            var = 4 * sv
        # the first windows are averaged (the start saw few samples), then a running mean
        c = self._windows = self._windows + 1
        self._set_var(sv + (var - sv) / (c + 1 if c < 11 else 12))
        a = n * self.period / self.follow_ms
        self.base += (mean - self.base) * (a if a < 1 else 1)

    # --- quiet ---
    def _depart(self):
        self.state = _MOVING
        self._pair_at = None
        self.left_at = self._began()
        if self._origin is not None:
            self.base = self._origin  # a second slice of the same change
            self.left_at = self._origin_left
            self._origin = None
        self._left_n = self._n
        self._still_since = None
        self._block = 0

    def _began(self):
        """The first sample of the present excursion from `base` (beyond 2 sigma)."""
        v, t = self._v, self._t
        near = 2 * self.var ** 0.5
        base = self.base
        end = self._n
        first = end - 1
        k = end - 2
        stop = end - _RING if end > _RING else 0
        while k >= stop and abs(v[k & _MASK] - base) > near:
            first = k
            k -= 1
        return t[first & _MASK]

    # --- a change pending ---
    def _stuck(self, t_ms, n, var, trend):
        """Pending for longer than any hand or knock lasts, on a window that is flat by
        its own spread: the floor was learned too low. Raise it to what is seen."""
        if diff(t_ms, self.left_at) < self.stuck_ms or var > self.sigma_max * self.sigma_max:
            return False
        if trend * trend > self.trend_k * self.trend_k * var * (4 / n):
            return False
        self._set_var(var)
        return True

    def _back(self, mean, n, var, trend):
        """Flat by its own spread and where it started: the floor was learned too low
        and noise looked like a change. Back to quiet, the floor raised a little."""
        if self._n - self._left_n < n or abs(mean - self.base) > self.whole_tol * self.card:
            return False  # the window still holds samples from before the departure
        sv = self.var
        if var > 4 * sv or var > self.sigma_max * self.sigma_max:
            return False
        if trend * trend > self.trend_k * self.trend_k * var * (4 / n):
            return False
        self._set_var(sv + (var - sv) / 4)
        self.state = _QUIET
        self.base = mean
        self._block = 0
        return True

    def _moving(self, t_ms):
        n = self._win
        # Look at the window about 20 times a second (every 3rd sample at 80 SPS).
        self._block += 1
        if self._block < (n >> 3 or 1):
            return []
        self._block = 0
        mean, var, trend = self._stats(n)
        if not self._still(n, var, trend):
            if self._back(mean, n, var, trend):
                return []
            if not self._stuck(t_ms, n, var, trend):
                self._still_since = None
                return []
        if self._still_since is None:
            self._still_since = t_ms
        hush = self._hush
        if hush is not None:
            if abs(mean - hush) > self.whole_tol * self.card:
                self._hush = None  # it has gone: the stage is judged as it is now
            elif diff(t_ms, self._hush_t) >= self.ask_ms:
                # it stayed for good (a cup): part of the stage now, and never asked again
                self._hush = None
                self.state = _QUIET
                self.base = mean
                self._block = 0
                return []
        base = self.base
        q = (mean - base) / self.card
        cards = int(abs(q) + 0.5)
        off = abs(abs(q) - cards)
        tol = self._tolerance(cards)
        held = diff(t_ms, self._still_since)
        if cards == 0:
            # Back where it was (a hand, a knock, a wobble), or near it: a settled
            # level less than half a card away is no event; it is the new base. The old
            # base lingers a while: a change that comes in slices (a card bouncing on
            # the rim on its way off) is measured, and dated, from where it began.
            if (mean - base) ** 2 <= 4 * self.var:
                self._origin = None  # a clean return: nothing moved
            else:
                if self._origin is None:
                    self._origin = base
                    self._origin_left = self.left_at
                self._origin_t = t_ms
            self.state = _QUIET
            self.base = mean
            self._block = 0
            return []
        if off > tol and held < self.accept_ms:
            return []  # still, but between whole cards: something rests on it yet
        multi = q > 0 and cards > self.max_added
        if multi and cards == self._expect and off <= tol:
            # What the game expects (Double Dog's pair) is taken without a question,
            # once the stage has been at that many cards for as long as a level
            # between whole cards is waited for (the windows between may wander): a
            # finger resting on one card weighs the pair too, and a hand may hold
            # still at it for a moment; both have lifted by then, and the level
            # judged anew is what stays (tools/bench/stage_turns.py measures it).
            if self._pair_at is None:
                self._pair_at = t_ms
            if diff(t_ms, self._pair_at) < self.accept_ms:
                return []
            multi = False
        else:
            self._pair_at = None  # still at another count: judged as it is
            if multi and held < self.multi_ms:
                return []  # many cards at once: rather a hand pressing; wait and see
        if q > 0 and held < (self.add_samples - n - 0.5) * self.period:
            return []  # still for a window of few samples: a light hand holds still so long
        kind = UNSURE if multi or off > tol else ADDED if q > 0 else REMOVED
        if self._hush is not None:
            return []  # what the players answered for (a finger, a cup) is still there
        return self._settle(mean, kind, cards if q > 0 else -cards, t_ms)

    def _settle(self, mean, kind, cards, t_ms=None):
        """The stage settled at `mean`: quiet there, and the change reported (kind,
        cards: signed), unless the players are being asked."""
        if t_ms is None:
            t_ms = self._t[(self._n - 1) & _MASK]
        origin = self.base
        self.state = _QUIET
        self.base = mean
        self._block = 0
        self._origin = None
        if self._asked is not None:
            if diff(t_ms, self._asked_t) < self.ask_ms:
                return []  # the players are being asked: their answer will tell
            self._asked = None
        if kind == UNSURE:
            self._asked = origin
            self._asked_at = mean
            self._asked_t = t_ms
            return [(UNSURE, self.left_at, cards)]
        if cards < 0:
            cards = -cards
        if kind == ADDED and cards == self._expect:
            self._expect = 0  # what was expected came: the next pile is asked about
        return [(kind, self.left_at, cards)]
