# The rotary encoder's cost on the device: its RAM and its interrupt handler's time per
# edge, with the levels read from the RP2040's GPIO_IN as the board reads them. Runs on
# the Pico after `make flash` (or on the emulated Pico of tools/rp2emu):
#   .venv/bin/mpremote connect PORT run tools/bench/bench_encoder_run.py
# The contacts are driven as outputs (the input register follows the pad), and the
# handler is called from Python: an empty handler called the same way is printed too.
# Its figures: docs/benchmarks.md ("The rotary encoder on the device").
import gc
import time

import pins
from machine import Pin, mem32

from pawpad.drivers.encoder import Encoder

A, B, SW = pins.ENCODER
CLICK = ((0, 1), (0, 0), (1, 0), (1, 1))  # (A, B) through one click clockwise
ROUNDS = 50


def levels():
    return mem32[pins.SIO_GPIO_IN]


class Empty:
    def irq(self, _pin):
        pass


def call_us(handler, n=200):
    t = time.ticks_us()
    for _ in range(n):
        handler.irq(None)
    return time.ticks_diff(time.ticks_us(), t) / n


def main():
    gc.collect()
    free = gc.mem_free()
    enc = Encoder([Pin(g, Pin.IN, Pin.PULL_UP) for g in (A, B, SW)],
                  [1 << A, 1 << B, 1 << SW], levels, time.ticks_us)
    gc.collect()
    print("encoder: %d bytes of heap" % (free - gc.mem_free()))
    a, b = Pin(A, Pin.OUT, value=1), Pin(B, Pin.OUT, value=1)
    worst = total = 0
    for _ in range(ROUNDS):
        for va, vb in CLICK:
            a.value(va)
            b.value(vb)
            t = time.ticks_us()
            enc.irq(None)
            d = time.ticks_diff(time.ticks_us(), t)
            worst = max(worst, d)
            total += d
    clicks = enc.clicks()
    Pin(A, Pin.IN, Pin.PULL_UP)
    Pin(B, Pin.IN, Pin.PULL_UP)
    print("an edge: %.1f us mean, %d us worst; an edge of no change %.1f us; "
          "an empty handler %.1f us" % (total / (4 * ROUNDS), worst, call_us(enc),
                                        call_us(Empty())))
    print("clicks decoded: %d of %d" % (clicks, ROUNDS))


main()
