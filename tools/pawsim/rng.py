# The one random-number generator of the host side: the robots' choices, the restless
# table, the damage sweeps, the long data sets, the stage traces and the tests' noise
# all draw from it. It is xorshift32, seeded: the same numbers on CPython and on the
# MicroPython unix port (whose `random` module differs, and is absent from some
# builds), so a failure seen on one runtime replays on the other from its seed.
import math

_MASK = 0xFFFFFFFF
_SPREAD = 2654435761  # Knuth's multiplier: seeds 1, 2, 3 start far apart


class Rng:
    def __init__(self, seed=1, mix=1):
        self.x = (seed * _SPREAD + mix) & _MASK or 1

    def next(self):
        """The next 32-bit number."""
        x = self.x
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.x = x
        return x

    def below(self, n):
        """0 <= k < n (0 when n is 0)."""
        return self.next() % n if n > 0 else 0

    def num(self, lo, hi):
        """lo <= k <= hi."""
        return lo + self.below(hi - lo + 1)

    def pick(self, options):
        """One of a sequence."""
        return options[self.below(len(options))]

    def weighted(self, pairs):
        """A name from [(name, weight)], as likely as its weight."""
        r = self.below(sum(w for _, w in pairs))
        for name, w in pairs:
            r -= w
            if r < 0:
                return name
        return pairs[-1][0]

    def coin(self):
        return self.next() & 1 == 1

    def bytes(self, n):
        out = bytearray(n)
        for i in range(n):
            out[i] = self.next() & 0xFF
        return bytes(out)

    def random(self):
        """0 <= r < 1, in steps of 2**-24."""
        return (self.next() >> 8) / 16777216.0

    def randint(self, a, b):
        """a <= k <= b, drawn as random() is (num() draws the low bits instead)."""
        return a + int(self.random() * (b - a + 1))

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def chance(self, p):
        return self.random() < p

    def gauss(self, sigma=1.0):
        """Normal, mean 0 (Box-Muller)."""
        u = 1.0 - self.random()
        return sigma * math.sqrt(-2.0 * math.log(u)) * math.cos(6.283185307 * self.random())
