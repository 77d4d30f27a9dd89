# The rotary encoder (KY-040) against fake pins: the quadrature table, clicks each way,
# contact bounce and missed edges, the push button as OK, an interrupt that allocates
# nothing; and on the simulated box, the knob moving the menus as UP and DOWN do, and a
# box without one. Both runtimes.

import micropython
import pins

from pawpad.drivers.buttons import PRESS, RELEASE
from pawpad.drivers.encoder import _MOVE, DOWN, OK, UP, Encoder
from pawpad.hardware import Hardware
from pawsim import board as simboard
from pawsim.fakes import Pin
from support.buttons import Flag
from support.device import play
from support.skipping import only_micropython

A, B, SW = 2, 3, 19
CW = ((A, 0), (B, 0), (A, 1), (B, 1))  # A leads: 11 -> 01 -> 00 -> 10 -> 11
CCW = ((B, 0), (A, 0), (B, 1), (A, 1))


class Rig:
    def __init__(self, push=True):
        self.t = 1000
        self.pins = {g: Pin(g, Pin.IN, Pin.PULL_UP) for g in (A, B, SW)}
        self._levels = list(self.pins.items())  # a list: reading it allocates nothing
        self.flag = Flag()
        gpios = (A, B, SW) if push else (A, B)
        self.enc = Encoder([self.pins[g] for g in gpios], [1 << g for g in gpios],
                           self.levels, self.ticks, self.flag)

    def ticks(self):
        return self.t

    def levels(self):
        v = 0
        for g, p in self._levels:
            v |= p._v << g
        return v

    def edges(self, steps, bounce=0):
        """Drives the contacts through `steps`; each change bounces `bounce` times."""
        for gpio, level in steps:
            self.t += 300
            for _ in range(bounce):
                self.pins[gpio].drive(level)
                self.pins[gpio].drive(1 - level)
            self.pins[gpio].drive(level)

    def poll(self):
        self.t += 1000
        return self.enc.poll(self.t)


def state(a, b):
    return a << 1 | b


def test_the_table_counts_a_whole_cycle_each_way():
    cw = [(1, 1), (0, 1), (0, 0), (1, 0), (1, 1)]
    moves = [_MOVE[state(*cw[i]) << 2 | state(*cw[i + 1])] for i in range(4)]
    assert moves == [1, 1, 1, 1]
    back = cw[::-1]
    assert [_MOVE[state(*back[i]) << 2 | state(*back[i + 1])] for i in range(4)] == [-1] * 4
    for s in range(4):
        assert _MOVE[s << 2 | s] == 0  # no change
        assert _MOVE[s << 2 | (3 - s)] == 0  # both contacts at once: direction unknown


def test_a_click_clockwise_is_down_and_the_other_way_up():
    r = Rig()
    r.edges(CW)
    t = r.t
    assert r.poll() == [(DOWN, PRESS, t), (DOWN, RELEASE, t)]
    assert r.flag.count == 1
    r.edges(CCW)
    assert r.poll() == [(UP, PRESS, r.t - 1000), (UP, RELEASE, r.t - 1000)]
    assert r.poll() == []


def test_clicks_between_two_polls_all_count_net():
    r = Rig()
    r.edges(CW * 5 + CCW * 2)
    events = r.poll()
    assert [e[:2] for e in events] == [(DOWN, PRESS), (DOWN, RELEASE)] * 3


def test_bouncing_contacts_count_each_click_once():
    r = Rig()
    r.edges(CW * 3, bounce=4)
    assert [e[:2] for e in r.poll()] == [(DOWN, PRESS), (DOWN, RELEASE)] * 3
    r.edges(CCW, bounce=7)
    assert [e[:2] for e in r.poll()] == [(UP, PRESS), (UP, RELEASE)]


def test_a_contact_fluttering_at_rest_or_a_half_turn_back_is_no_click():
    r = Rig()
    for _ in range(5):  # A flutters while the knob rests in its detent
        r.pins[A].drive(0)
        r.pins[A].drive(1)
    r.edges(CW[:2] + ((B, 1), (A, 1)))  # halfway round, then back
    assert r.poll() == []
    assert r.flag.count == 6  # woken at each return to rest, to find nothing


def test_a_missed_edge_still_counts_the_click():
    r = Rig()
    # The interrupt for A's edge came too late: by then B had moved too (11 -> 00).
    r.pins[A]._v = 0
    r.pins[B].drive(0)
    r.edges(CW[2:])
    assert [e[:2] for e in r.poll()] == [(DOWN, PRESS), (DOWN, RELEASE)]


def test_the_push_is_ok_debounced():
    r = Rig()
    r.pins[SW].drive(0)
    t = r.t
    r.t += 300
    r.pins[SW].drive(1)  # a bounce, held on
    r.pins[SW].drive(0)
    assert r.poll() == [(OK, PRESS, t)]
    r.t += 100000
    r.pins[SW].drive(1)
    t = r.t
    assert r.enc.poll(r.t) == [] and r.enc.pending()  # let go: once it stays so
    r.t += 30000
    assert r.enc.poll(r.t) == [(OK, RELEASE, t)]
    assert not r.enc.pending()


def test_without_a_push_button_it_still_turns():
    r = Rig(push=False)
    r.edges(CW)
    assert len(r.poll()) == 2 and r.enc.debounce_ms == 0 and not r.enc.pending()


def test_interrupt_handler_allocates_nothing():
    only_micropython("heap_lock is the unix port's proof; CPython has nothing to lock")
    import asyncio

    r = Rig()
    r.enc._flag = asyncio.ThreadSafeFlag()
    levels = [(0, 1), (0, 0), (1, 0), (1, 1)] * 3  # three clicks, set before the lock
    micropython.heap_lock()
    try:
        for a, b in levels:
            r.pins[A]._v = a
            r.pins[B]._v = b
            r.enc.irq(None)
        err = None
    except MemoryError as e:
        err = e
    finally:
        micropython.heap_unlock()
    assert err is None, "the encoder's IRQ handler allocated"
    assert r.enc.clicks() == 3


# --- on the simulated box ---
def test_the_knob_moves_the_menu_and_the_push_opens_a_row():
    p = play("1600 end")
    assert p.hw.encoder is not None
    p.world.turn(3)
    p.run_until(1700)
    assert p.dev.app.top.sel == 3
    p.world.turn(-2)
    p.run_until(1800)
    assert p.dev.app.top.sel == 1  # Circus Puppy
    p.world.push(True)
    p.run_until(1900)
    p.world.push(False)
    p.run_until(2000)
    assert p.dev.app.top.name != "menu"


def test_a_script_turns_and_pushes_the_knob():
    p = play("1600 turn 4\n1700 turn -1\n1800 snap x\n1900 end")
    assert p.dev.app.top.sel == 3
    p = play("1600 turn 2\n1700 push\n2000 end")
    assert p.dev.app.top.name != "menu"


def test_a_box_without_an_encoder_works_as_before():
    world = simboard.World(simboard.Clock(True), encoder=False)
    from support.device import fresh_dir

    hw = simboard.build(world, fresh_dir())
    assert hw.encoder is None and pins.ENCODER[0] not in world.pins
    from pawpad.app.device.device import Device
    from pawsim.script import Player, parse

    player = Player(world, hw, Device, "/tmp")
    player.play(parse("1600 down\n1700 down\n1800 end"))
    assert player.dev.app.top.sel == 2
    assert Hardware("x").encoder is None  # every board starts without one
