# Button driver against fake pins: IRQ ring, debounce, ties, stuck buttons, no allocation,
# and edges latched while a flash write masks the interrupts (taps, bounce, holds).

import micropython

from pawpad.drivers.buttons import PRESS, RELEASE, Buttons
from pawsim.fakes import Pin, mask_irqs, unmask_irqs
from support.buttons import Flag
from support.skipping import only_micropython


class Rig:
    """Eight active-low buttons on GPIO 6..13 and a clock the test moves by hand."""

    def __init__(self, held=()):
        self.t = 1000
        self.pins = [Pin(6 + i, Pin.IN, Pin.PULL_UP) for i in range(8)]
        for i in held:
            self.pins[i]._v = 0
        self.flag = Flag()
        self.b = Buttons(self.pins, [1 << (6 + i) for i in range(8)], self.levels,
                         self.ticks, flag=self.flag)

    def ticks(self):
        return self.t

    def levels(self):
        v = 0
        for p in self.pins:
            v |= p._v << p.id
        return v

    def press(self, i, at=None):
        if at is not None:
            self.t = at
        self.pins[i].drive(0)

    def release(self, i, at=None):
        if at is not None:
            self.t = at
        self.pins[i].drive(1)

    def poll(self, at=None):
        if at is not None:
            self.t = at
        return self.b.poll(self.t)

    def flash_write(self, edges, end):
        """A flash erase or program masks the interrupts: edges = [(i, level), ...]
        happen inside it, and the port's interrupt runs once it ends, at `end`."""
        mask_irqs()
        try:
            for i, level in edges:
                self.pins[i].drive(level)
            self.t = end
        finally:
            unmask_irqs()


def test_irq_registered_hard_on_both_edges():
    r = Rig()
    for p in r.pins:
        assert p.hard and p.trigger == Pin.IRQ_FALLING | Pin.IRQ_RISING


def test_press_and_release_with_times():
    r = Rig()
    r.press(3, at=5000)
    assert r.flag.count == 1
    assert r.poll(at=5100) == [(3, PRESS, 5000)]
    r.release(3, at=90000)
    assert r.poll(at=100000) == []  # not yet settled
    assert r.poll(at=110000) == [(3, RELEASE, 90000)]


def test_bouncing_press_counts_once():
    r = Rig()
    r.press(0, at=1000)
    r.release(0, at=1300)
    r.press(0, at=1700)
    r.release(0, at=2100)
    r.press(0, at=2500)
    assert r.poll(at=40000) == [(0, PRESS, 1000)]
    assert r.b.is_down(0)


def test_bouncing_release_counts_once():
    r = Rig()
    r.press(1, at=1000)
    r.poll(at=2000)
    r.release(1, at=200000)
    r.press(1, at=200400)
    r.release(1, at=200900)
    assert r.poll(at=210000) == []
    assert r.poll(at=221000) == [(1, RELEASE, 200900)]


def test_quick_second_press_after_real_release():
    r = Rig()
    r.press(2, at=1000)
    r.release(2, at=100000)
    r.press(2, at=150000)  # 50 ms later: a real second press
    assert r.poll(at=151000) == [(2, PRESS, 1000), (2, RELEASE, 100000), (2, PRESS, 150000)]


def test_same_instant_presses_share_the_time():
    r = Rig()
    # Two contacts close in the same instant: one interrupt sees both levels.
    r.pins[4]._v = 0
    r.press(5, at=7000)
    r.t = 7003
    r.pins[4].handler(r.pins[4])  # the second pin's interrupt, 3 us later
    events = r.poll(at=8000)
    assert (4, PRESS, 7000) in events and (5, PRESS, 7000) in events


def test_button_held_at_boot_is_ignored_until_released():
    r = Rig(held=(6,))
    assert r.b.stuck_list() == [6]
    r.press(0, at=2000)
    assert r.poll(at=3000) == [(0, PRESS, 2000)]
    r.release(6, at=50000)
    assert r.poll(at=80000) == []  # the release of a stuck button is not an event
    assert r.b.stuck_list() == []
    r.press(6, at=90000)
    assert r.poll(at=91000) == [(6, PRESS, 90000)]


def test_ring_overrun_is_counted_not_fatal():
    r = Rig()
    for k in range(100):
        r.t = 1000 + k * 10
        r.b.irq(None)
    assert r.b.overruns == 100 - 63
    r.poll(at=5000)
    r.press(0, at=6000)
    assert r.poll(at=7000) == [(0, PRESS, 6000)]


def test_custom_debounce():
    r = Rig()
    r.b = Buttons(r.pins, [1 << (6 + i) for i in range(8)], r.levels, r.ticks, debounce_ms=5)
    r.press(0, at=1000)
    r.release(0, at=2000)
    assert r.poll(at=7100) == [(0, PRESS, 1000), (0, RELEASE, 2000)]


def test_interrupt_handler_allocates_nothing():
    only_micropython("heap_lock is the unix port's proof; CPython has nothing to lock")
    import asyncio

    r = Rig()
    r.b._flag = asyncio.ThreadSafeFlag()
    micropython.heap_lock()
    try:
        for k in range(40):
            r.t = 1000 + k
            r.b.irq(None)
        err = None
    except MemoryError as e:
        err = e
    finally:
        micropython.heap_unlock()
    assert err is None, "the IRQ handler allocated"
    assert r.b.overruns == 0


class QuietPWM:
    """machine.PWM's calls, keeping only the last values (the fake PWM keeps a log,
    which allocates: not the interrupt's doing)."""

    def __init__(self):
        self.f = 0
        self.d = 0
        self.writes = 0

    def freq(self, value=None):
        if value is None:
            return self.f
        self.f = value
        self.writes += 1
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self.d
        self.d = value
        self.writes += 1
        return None


def armed_rig(held=()):
    from pawpad.drivers.buzzer import Buzzer

    r = Rig(held)
    bz = Buzzer(QuietPWM())
    return r, bz


def test_armed_press_starts_the_tone_in_the_interrupt():
    r, bz = armed_rig()
    r.b.arm(bz.arm(2093))
    assert bz.pwm.d == 0
    r.press(3, at=5000)  # the interrupt runs inside drive()
    assert bz.pwm.f == 2093 and bz.pwm.d > 0 and bz.hz == 2093
    assert not r.b.armed()
    writes = bz.pwm.writes
    bz.play(((2093, 250),), 5)  # the loop's STOP sound carries the tone on
    assert bz.pwm.writes == writes and bz.playing
    assert r.poll(at=6000) == [(3, PRESS, 5000)]
    r.release(3, at=7000)
    r.press(4, at=7100)  # armed once only
    assert bz.pwm.writes == writes


def test_arm_leaves_out_held_and_unarmed_seats():
    r, bz = armed_rig(held=(1,))
    r.b.arm(bz.arm(2093), seats=(0, 1, 2))
    r.press(5, at=2000)  # not armed
    r.release(5, at=2100)
    assert bz.pwm.d == 0
    r.press(2, at=2200)  # another edge while seat 2 (held since boot) is still closed
    assert bz.pwm.d > 0


def test_arm_with_sound_off_stays_silent():
    r, bz = armed_rig()
    bz.enabled = False
    r.b.arm(bz.arm(2093))
    r.press(0, at=3000)
    assert bz.pwm.d == 0


def test_disarmed_press_does_nothing_in_the_interrupt():
    r, bz = armed_rig()
    r.b.arm(bz.arm(2093))
    r.b.disarm()
    r.press(0, at=3000)
    assert bz.pwm.d == 0


def test_armed_interrupt_allocates_nothing():
    only_micropython("heap_lock is the unix port's proof; CPython has nothing to lock")
    import asyncio

    r, bz = armed_rig()
    r.b._flag = asyncio.ThreadSafeFlag()
    r.b.arm(bz.arm(2093))
    r.pins[0]._v = 0  # seat 1's contact closes: the next interrupt fires the tone
    micropython.heap_lock()
    try:
        r.b.irq(None)
        err = None
    except MemoryError as e:
        err = e
    finally:
        micropython.heap_unlock()
    assert err is None, "the armed IRQ handler allocated"
    assert bz.pwm.d > 0 and bz.pwm.f == 2093


def test_armed_tone_frequency_is_set_ahead_so_the_interrupt_writes_a_duty():
    r, bz = armed_rig()
    fire = bz.arm(2093)
    assert bz.pwm.f == 2093 and bz.pwm.d == 0  # set now: nothing sounds
    r.b.arm(fire)
    writes = bz.pwm.writes
    r.press(0, at=3000)
    assert bz.pwm.writes == writes + 1 and bz.pwm.d > 0


def test_armed_during_a_melody_the_interrupt_sets_the_frequency_too():
    r, bz = armed_rig()
    bz.play(((1760, 350),), 0)  # GO still sounding
    fire = bz.arm(2093)
    assert bz.pwm.f == 1760
    r.b.arm(fire)
    r.press(0, at=3000)
    assert bz.pwm.f == 2093 and bz.pwm.d > 0


def test_armed_after_a_melody_ends_the_frequency_is_set_then():
    r, bz = armed_rig()
    bz.play(((1760, 350),), 0)
    bz.arm(2093)
    assert bz.update(400) is None  # the melody is over
    assert bz.pwm.f == 2093 and bz.pwm.d == 0
    bz.tone(880)  # another sound meanwhile: the armed frequency is set again after
    bz.off()
    assert bz.pwm.f == 2093


# --- a flash write masks the interrupts (rp2_flash.c): edges latched, served after ---


def test_fake_pin_latches_both_edges_while_masked_as_the_rp2_port():
    r = Rig()
    seen = []
    r.pins[0].irq(handler=lambda p: seen.append(p.irq().flags()),
                  trigger=Pin.IRQ_FALLING | Pin.IRQ_RISING, hard=True)
    r.flash_write([(0, 0), (0, 1)], end=50000)
    assert seen == [Pin.IRQ_FALLING | Pin.IRQ_RISING]  # one call, both edges
    r.flash_write([(0, 0)], end=60000)
    assert seen[-1] == Pin.IRQ_FALLING  # flags() is the current call's, not a sum
    r.pins[0].drive(1)
    assert seen[-1] == Pin.IRQ_RISING and len(seen) == 3


def test_tap_within_a_flash_write_is_one_press_and_one_release():
    r = Rig()
    r.flash_write([(2, 0), (2, 1)], end=46000)  # pressed and let go, unseen
    assert r.flag.count == 1
    # the interrupt's time: the end of the window, the best known
    assert r.poll(at=46100) == [(2, PRESS, 46000)]
    assert r.poll(at=46000 + 20000) == [(2, RELEASE, 46000)]
    assert r.poll(at=200000) == []
    assert not r.b.is_down(2)


def test_tap_after_a_real_release_counts_even_before_it_is_polled():
    r = Rig()
    r.press(1, at=1000)
    r.release(1, at=10000)
    r.flash_write([(1, 0), (1, 1)], end=60000)  # a second tap, 50 ms after
    assert r.poll(at=60100) == [(1, PRESS, 1000), (1, RELEASE, 10000), (1, PRESS, 60000)]
    assert r.poll(at=90000) == [(1, RELEASE, 60000)]


def test_bouncing_press_and_release_across_a_flash_write_is_one_press():
    r = Rig()
    r.press(0, at=1000)  # seen
    r.release(0, at=1200)  # bounce, seen
    r.flash_write([(0, 0), (0, 1), (0, 0), (0, 1)], end=1900)  # more bounce, masked
    r.press(0, at=2100)  # bounce, seen
    r.release(0, at=90000)  # let go
    r.flash_write([(0, 0), (0, 1)], end=90400)  # release bounce, masked
    r.press(0, at=90600)
    r.release(0, at=90700)
    assert r.poll(at=95000) == [(0, PRESS, 1000)]
    assert r.poll(at=90700 + 19999) == []
    assert r.poll(at=90700 + 20000) == [(0, RELEASE, 90700)]
    assert not r.b.is_down(0)


def test_release_bounce_latched_right_after_release_restarts_its_debounce():
    r = Rig()
    r.press(3, at=1000)
    r.release(3, at=50000)
    r.flash_write([(3, 0), (3, 1)], end=60000)  # 10 ms after: bounce, not a tap
    assert r.poll(at=75000) == [(3, PRESS, 1000)]  # 25 ms after the release: not yet
    assert r.poll(at=80000) == [(3, RELEASE, 60000)]  # open since the window at least


def test_held_button_across_a_flash_write_stays_one_press():
    r = Rig()
    r.press(4, at=1000)
    r.flash_write([], end=50000)  # nothing moves
    r.flash_write([(4, 1), (4, 0)], end=100000)  # a rattle of the held contact
    assert r.poll(at=120000) == [(4, PRESS, 1000)]
    assert r.b.is_down(4)
    r.release(4, at=300000)
    assert r.poll(at=330000) == [(4, RELEASE, 300000)]


def test_press_held_past_a_flash_write_is_its_press():
    r = Rig()
    r.flash_write([(5, 0)], end=46000)  # the falling edge only: levels show it
    assert r.poll(at=47000) == [(5, PRESS, 46000)]
    assert r.b.is_down(5)


def test_taps_of_two_buttons_in_one_flash_write_are_both_counted():
    r = Rig()
    r.flash_write([(6, 0), (1, 0), (6, 1), (1, 1)], end=46000)
    assert r.poll(at=47000) == [(1, PRESS, 46000), (6, PRESS, 46000)]


def test_armed_tap_within_a_flash_write_starts_the_tone():
    r, bz = armed_rig()
    r.b.arm(bz.arm(2093))
    r.flash_write([(3, 0), (3, 1)], end=46000)
    assert bz.pwm.f == 2093 and bz.pwm.d > 0
    assert not r.b.armed()
    assert r.poll(at=47000) == [(3, PRESS, 46000)]


def test_latched_tap_interrupt_allocates_nothing():
    only_micropython("heap_lock is the unix port's proof; CPython has nothing to lock")
    import asyncio

    r, bz = armed_rig()
    r.b._flag = asyncio.ThreadSafeFlag()
    r.b.arm(bz.arm(2093))
    pin = r.pins[2]
    pin._intr = (Pin.IRQ_FALLING | Pin.IRQ_RISING) << 4  # as the port leaves it: a tap
    micropython.heap_lock()
    try:
        r.b.irq(pin)
        err = None
    except MemoryError as e:
        err = e
    finally:
        micropython.heap_unlock()
    assert err is None, "the IRQ handler allocated on a latched tap"
    assert bz.pwm.d > 0
    assert r.poll(at=5000) == [(2, PRESS, 1000)]
