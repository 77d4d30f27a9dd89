# Our SSD1306 driver on a fake bus, decoded by the panel model.
import sys

import micropython

from pawpad.drivers.ssd1306 import SSD1306
from pawsim.fakes import I2C
from pawsim.panel import HORIZONTAL, Panel
from pawsim.rng import Rng
from support.skipping import only_micropython


def rig():
    panel = Panel()
    bus = I2C(0, devices=[panel])
    return panel, bus, SSD1306(bus)


def test_init_turns_on_in_horizontal_mode():
    panel, bus, d = rig()
    assert panel.on and panel.mode == HORIZONTAL
    assert panel.contrast == 200


def test_full_frame_reaches_the_panel():
    panel, bus, d = rig()
    rnd = Rng(7).next
    for i in range(len(d.buffer)):
        d.buffer[i] = rnd() & 0xFF
    before = bus.bus_bytes
    assert d.show() == 1024
    assert panel.ram == d.buffer
    # one transaction: the address, the window (six commands after 0x80 each), the
    # data's control byte and the frame
    assert bus.bus_bytes - before == 1 + 13 + 1024


def test_unchanged_frame_sends_nothing():
    panel, bus, d = rig()
    d.show()
    before = bus.bus_bytes
    assert d.show() == 0
    assert bus.bus_bytes == before


def test_one_line_change_sends_only_its_columns():
    panel, bus, d = rig()
    d.show()
    before = bus.bus_bytes
    for x in range(10, 30):
        d.buffer[3 * 128 + x] = 0x7E
    assert d.show() == 24  # from column 8: every window starts at a four of columns
    assert panel.ram == d.buffer
    # one transaction: address, window (12), control, 24 columns
    assert bus.bus_bytes - before == 14 + 24
    assert d.bus_bytes == bus.bus_bytes


def test_changes_on_several_pages_and_back():
    panel, bus, d = rig()
    d.show()
    rnd = Rng(3).next
    for _ in range(50):
        for _ in range(rnd() % 40):
            d.buffer[rnd() % 1024] = rnd() & 0xFF
        d.show()
        assert panel.ram == d.buffer


def test_partial_runs_are_sent_in_fours_within_the_page():
    panel, bus, d = rig()
    d.show()
    d.buffer[127] = 0x81  # the last column: the run is widened leftwards
    d.buffer[2 * 128 + 10] = 1
    d.buffer[2 * 128 + 14] = 1  # 5 columns: 8 sent
    assert d.show() == 4 + 8
    assert panel.ram == d.buffer


def test_whole_pages_between_partial_ones():
    panel, bus, d = rig()
    d.show()
    for i in range(2 * 128, 4 * 128):
        d.buffer[i] = 0xFF  # pages 2 and 3 whole
    d.buffer[6 * 128 + 5] = 1  # one column of page 6 (sent as 4: views made once)
    assert d.show() == 260
    assert panel.ram == d.buffer


def test_invalidate_resends_everything():
    panel, bus, d = rig()
    d.show()
    panel.ram[:] = bytes(1024)
    panel.ram[5] = 1
    d.invalidate()
    assert d.show() == 1024
    assert panel.ram == d.buffer


def test_contrast_and_power():
    panel, bus, d = rig()
    d.contrast(10)
    assert panel.contrast == 10
    d.power(False)
    assert not panel.on and not d.is_on
    d.power(True)
    assert panel.on


def test_missing_display_raises_oserror():
    bus = I2C(0, devices=[])
    try:
        SSD1306(bus)
    except OSError:
        return
    raise AssertionError("no OSError without a display")


def _locked(fn):
    """Runs fn() with the heap locked (unix port): returns the MemoryError, or None."""
    micropython.heap_lock()
    try:
        fn()
        err = None
    except MemoryError as e:
        err = e
    finally:
        micropython.heap_unlock()
    return err


class QuietBus:
    """A bus that takes the bytes and keeps nothing (the fake bus copies what it is
    sent, which allocates: not the driver's doing)."""

    addr = 0x3C

    def __init__(self):
        self.count = 0

    def scan(self):
        return [0x3C]

    def writeto(self, addr, buf, stop=True):
        self.count += len(buf)

    def writevto(self, addr, vector, stop=True):
        for v in vector:
            self.count += len(v)


def test_show_and_commands_allocate_nothing():
    only_micropython("heap_lock is the unix port's proof; CPython has nothing to lock")
    bus = QuietBus()
    d = SSD1306(bus)
    rnd = Rng(5).next
    changes = []
    for _ in range(30):
        changes.append([(rnd() % 1024, rnd() & 0xFF) for _ in range(rnd() % 20)])
    whole = bytearray(1024)
    for i in range(1024):
        whole[i] = rnd() & 0xFF

    def work():
        d.show()  # the first frame: every page
        d.show()  # unchanged: nothing
        for batch in changes:
            for at, v in batch:
                d.buffer[at] = v
            d.show()
        for i in range(256, 768):  # whole pages 2..5 at once
            d.buffer[i] = whole[i]
        d.show()
        d.invalidate()
        d.show()
        d.contrast(30)
        d.power(False)
        d.power(True)
        d.command(0xA6)

    assert _locked(work) is None, "the display path allocated"
    assert bus.count > 2048


def test_prepared_frame_is_sent_at_once_and_allocates_nothing():
    panel, bus, d = rig()
    for i in range(128):
        d.buffer[i] = 0xFF  # a title bar
    d.show()
    frame = bytearray(d.buffer)
    for x in range(40, 80):
        frame[3 * 128 + x] = 0x3C
        frame[4 * 128 + x] = 0x18
    prep = d.prepare(frame)
    assert len(prep.cmds) == 2
    quiet = QuietBus()
    real = d.i2c
    if sys.implementation.name == "micropython":
        d.i2c = quiet  # under heap_lock: a bus that keeps nothing
        sent = [0]

        def go():
            sent[0] = d.send_prepared(prep)

        assert _locked(go) is None, "send_prepared allocated"
        d.i2c = real
        assert sent[0] == 80
        d._shown[:] = d.buffer  # undo, and send again to the panel model
        d._valid = True
    before = bus.bus_bytes
    assert d.send_prepared(prep) == 80
    assert bus.bus_bytes - before == prep.nbytes
    assert panel.ram == frame
    d.buffer[:] = frame  # the app draws the same frame: nothing more to send
    assert d.show() == 0


def test_prepared_frame_not_sent_over_another_frame():
    panel, bus, d = rig()
    d.show()
    frame = bytearray(1024)
    frame[500] = 1
    prep = d.prepare(frame)
    d.buffer[7] = 0x80  # the panel moved on
    d.show()
    before = bus.bus_bytes
    assert d.send_prepared(prep) == -1
    assert bus.bus_bytes == before


def test_prepared_from_a_given_base():
    panel, bus, d = rig()
    base = bytearray(1024)
    base[0] = 0xFF
    frame = bytearray(base)
    frame[900] = 0x0F
    prep = d.prepare(frame, bytes(base))
    d.show()
    assert d.send_prepared(prep) == -1  # the panel is blank, not base
    d.buffer[:] = base
    d.show()
    assert d.send_prepared(prep) == 1
    assert panel.ram == frame


def test_prepared_frame_goes_over_a_loose_page_that_moved():
    # the live round's clock page may change after the STOP frames are made: it is
    # never compared nor written; any other page that moved still refuses them
    panel, bus, d = rig()
    d.show()
    frame = bytearray(1024)
    frame[500] = 1  # page 3: the name
    frame[1000] = 7  # page 7 differs too, but it is loose: not written
    prep = d.prepare(frame, loose=1 << 7)
    d.buffer[900] = 0x3C  # the clock moved on page 7
    d.show()
    assert d.send_prepared(prep) == 1  # one byte: the name's, none of page 7
    assert panel.ram[500] == 1 and panel.ram[900] == 0x3C and panel.ram[1000] == 0
    d.buffer[7] = 0x80  # page 0 moved: not the frame they were made from
    d.show()
    assert d.send_prepared(d.prepare(frame, bytes(1024), loose=1 << 7)) == -1


def test_span_and_copy_agree_with_plain_slices_at_every_alignment():
    # The display path's byte loops (viper on MicroPython, word by word where both runs
    # are aligned) against slices, at every start and length alignment, with the first
    # and last differing byte anywhere in a word.
    from pawpad.drivers import ssd1306

    rnd = Rng(7).next
    for trial in range(400):
        n = 1 + rnd() % 140 if trial % 3 else 4 * (1 + rnd() % 32)
        sa, sb = rnd() % 8, rnd() % 8 if trial % 2 else 0
        a = bytearray(rnd() & 0xFF for _ in range(sa + n + 8))
        b = bytearray(a)
        b[sa:sa + n] = a[sa:sa + n]  # the same run; then differ in a few places
        diffs = sorted(set(rnd() % n for _ in range(rnd() % 3)))
        for d in diffs:
            b[sa + d] ^= 1 + rnd() % 255
        got = ssd1306._span(a, b, sa, n)
        want = -1 if not diffs else (diffs[0] << 8) | diffs[-1]
        assert got == want, (trial, sa, n, diffs, got)
        dst = bytearray(sb + n + 8)
        ssd1306._copy(dst, sb, a, sa, n)
        assert dst[sb:sb + n] == a[sa:sa + n] and not any(dst[:sb]) and not any(
            dst[sb + n:]), (trial, sa, sb, n)


def test_a_page_changed_at_both_ends_goes_as_two_windows():
    # A scrolled list: the row's text on the left, its value and the scroll bar on the
    # right, blank between: the blank is not sent.
    panel, bus, d = rig()
    d.show()
    before = bus.bus_bytes
    for x in list(range(2, 40)) + [120, 121, 127]:
        d.buffer[4 * 128 + x] = 0x3C
    assert d.show() == 40 + 8  # columns 2-41 and 120-127, each widened to fours
    assert panel.ram == d.buffer
    assert bus.bus_bytes - before == (14 + 40) + (14 + 8)
    # a gap narrower than a window's cost is sent across
    d.buffer[5 * 128 + 10] = 1
    d.buffer[5 * 128 + 44] = 1
    assert d.show() == 40
    assert panel.ram == d.buffer


def test_the_viper_loops_agree_with_their_plain_twins():
    # plan() (the windows a frame goes in) and stage() (a window put in the buffer it
    # is sent from) against _plain.py's, on frames changed a little and a lot, the
    # ends of pages included; span() at every alignment is the test above.
    only_micropython("the viper loops run on MicroPython only; CPython has the twins")
    from pawpad.drivers import _fast, _plain

    rnd = Rng(11).next
    for trial in range(200):
        b = bytearray(rnd() & 0xFF for _ in range(1024))
        a = bytearray(b)
        for _ in range(rnd() % (4 if trial % 3 else 200)):
            a[rnd() % 1024] ^= 1 + rnd() % 255
        if trial % 5 == 0:
            a[128 * (rnd() % 8) + 127] ^= 0x80  # the last column of a page
            a[128 * (rnd() % 8)] ^= 1  # the first of one
        valid = trial % 17 != 0
        got, want = bytearray(64), bytearray(64)
        n = _fast.plan(a, b, valid, got, 40)
        assert n == _plain.plan(a, b, valid, want, 40) and got == want, trial
        for i in range(0, 4 * n, 4):
            p0, p1, c0, cols = got[i:i + 4]
            txa, txb = bytearray(16 + 1024), bytearray(16 + 1024)
            sa, sb = bytearray(b), bytearray(b)
            assert _fast.stage(txa, a, sa, got, i) == _plain.stage(txb, a, sb, got, i) \
                == cols * (p1 + 1 - p0)
            assert txa == txb and sa == sb, (trial, p0, p1, c0, cols)
