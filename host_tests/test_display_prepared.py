# STOP frames drawn ahead: pawpad.ui.prepared with the SSD1306 driver and the panel model.
from pawpad.drivers.ssd1306 import SSD1306
from pawpad.ui import widgets
from pawpad.ui.canvas import Canvas
from pawpad.ui.prepared import prepare_frames
from pawsim.fakes import I2C
from pawsim.panel import Panel

NAMES = ("RED", "BLUE", "GREEN", "YELLOW")


def live(big):
    def draw(c):
        widgets.title_bar(c, "Pick-a-Dog", "R1")
        widgets.big_center(c, big, 24, 3)
        widgets.footer(c, "live", "")
    return draw


def rig():
    panel = Panel()
    bus = I2C(0, devices=[panel])
    d = SSD1306(bus)
    c = Canvas(d.buffer)
    live("GO!")(c)
    d.show()
    return panel, bus, d, c


def test_a_prepared_stop_frame_is_the_frame_the_app_draws():
    panel, bus, d, c = rig()
    prepared = prepare_frames(d, live("GO!"), {i: live(n) for i, n in enumerate(NAMES)})
    for i in range(len(NAMES)):
        p = prepared[i]
        assert 0 < p.nbytes < 400  # only the big line's pages, not a frame
    before = bus.bus_bytes
    assert d.send_prepared(prepared[1]) > 0
    assert bus.bus_bytes - before == prepared[1].nbytes
    c.clear()
    live("BLUE")(c)  # the loop then draws the STOP frame as usual
    assert panel.ram == d.buffer
    assert d.show() == 0  # already on the panel


def test_prepared_frames_are_refused_over_another_screen():
    panel, bus, d, c = rig()
    prepared = prepare_frames(d, live("GO!"), {0: live("RED")})
    c.clear()
    live("3")(c)  # the panel shows something else (a toast, a countdown)
    d.show()
    assert d.send_prepared(prepared[0]) == -1
    c.clear()
    live("RED")(c)
    d.show()
    assert panel.ram == d.buffer


def test_the_frame_a_prepared_one_makes_is_drawn_without_allocating():
    import sys

    _, _, d, _ = rig()
    prepared = prepare_frames(d, live("GO!"), {0: live("YELLOW")})
    buf = bytearray(1024)
    if sys.implementation.name == "micropython":  # heap_lock: the unix port's proof
        import micropython

        micropython.heap_lock()
        try:
            prepared[0].frame_into(buf)
        finally:
            micropython.heap_unlock()
    else:
        prepared[0].frame_into(buf)
    c = Canvas()
    live("YELLOW")(c)
    assert buf == c.buf
