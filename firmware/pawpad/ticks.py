# Tick arithmetic of the rp2 port, done by hand so that it is the same on every runtime.
# It sits below every layer: drivers stamp times with it, core and games compare them.
# On the Pico ticks_us() and ticks_ms() wrap at 2**30; the unix port wraps at 2**62, and
# CPython has no ticks at all. Times handed to core code are always device ticks, so the
# period is fixed here rather than borrowed from whichever `time` module is running.
try:
    from micropython import const
except ImportError:  # plain CPython: the engines import anywhere (consts are ints)
    const = int  # type: ignore


PERIOD = const(0x40000000)  # 2**30
_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


def diff(a, b):
    """Signed a - b on the wrapping clock; right while the two are < 2**29 apart."""
    return ((a - b + _HALF) & _MASK) - _HALF


def add(t, delta):
    """t + delta on the wrapping clock."""
    return (t + delta) & _MASK
