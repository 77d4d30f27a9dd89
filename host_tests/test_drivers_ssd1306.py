# Our SSD1306 driver on a fake bus, decoded by the panel model.
from pawpad.drivers.ssd1306 import SSD1306
from pawsim.fakes import I2C
from pawsim.panel import HORIZONTAL, Panel


class Lcg:
    def __init__(self, seed):
        self.x = seed

    def __call__(self):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return self.x >> 16


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
    rnd = Lcg(7)
    for i in range(len(d.buffer)):
        d.buffer[i] = rnd() & 0xFF
    before = bus.bus_bytes
    assert d.show() == 1024
    assert panel.ram == d.buffer
    # one window command (address, control, 6 bytes) and one data write: 8 + 1026
    assert bus.bus_bytes - before == 1034


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
    assert d.show() == 20
    assert panel.ram == d.buffer
    # window command (1 + 7) and data (1 + 1 + 20)
    assert bus.bus_bytes - before == 8 + 22
    assert d.bus_bytes == bus.bus_bytes


def test_changes_on_several_pages_and_back():
    panel, bus, d = rig()
    d.show()
    rnd = Lcg(3)
    for _ in range(50):
        for _ in range(rnd() % 40):
            d.buffer[rnd() % 1024] = rnd() & 0xFF
        d.show()
        assert panel.ram == d.buffer


def test_whole_pages_between_partial_ones():
    panel, bus, d = rig()
    d.show()
    for i in range(2 * 128, 4 * 128):
        d.buffer[i] = 0xFF  # pages 2 and 3 whole
    d.buffer[6 * 128 + 5] = 1  # one column of page 6
    assert d.show() == 257
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
