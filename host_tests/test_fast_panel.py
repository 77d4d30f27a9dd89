# The panel's bus at 1 MHz: the "Panel bus" setting clocks it, and the hardware check
# sends a whole frame at 1 MHz to show whether the panel keeps up. The simulated board
# has no clock to change: the board's hook is played by a fake that clocks the
# simulated bus. Both runtimes.
from pawpad.app.menus.hardware import HardwareCheck
from pawsim.script import parse
from support.device import play


class Clock:
    """board.set_bus_fast: the I2C's clock, and a panel that may not take 1 MHz."""

    def __init__(self, i2c, keeps_up=True):
        self.i2c = i2c
        self.calls = []
        self.keeps_up = keeps_up
        self.fast = False
        self.frames_fast = 0  # bytes written while at 1 MHz
        write = i2c.writeto
        writev = i2c.writevto

        def writeto(addr, buf, stop=True):
            self._check(len(buf))
            return write(addr, buf, stop)

        def writevto(addr, vec, stop=True):
            self._check(sum(len(v) for v in vec))
            return writev(addr, vec, stop)

        i2c.writeto = writeto
        i2c.writevto = writevto

    def _check(self, n):
        if self.fast:
            if not self.keeps_up:
                raise OSError(5)  # no acknowledge
            self.frames_fast += n

    def __call__(self, fast):
        self.calls.append(fast)
        self.fast = fast


def rig(keeps_up=True):
    p = play("1600 end")  # at the menu
    clock = Clock(p.world.i2c, keeps_up)
    p.hw.set_bus_fast = clock
    return p, clock


def test_the_setting_clocks_the_bus_when_it_changes():
    p, clock = rig()
    s = dict(p.dev.settings)
    p.dev.apply_settings(s)
    assert clock.calls == [True]  # the first time: the setting's clock (1 MHz as shipped)
    p.dev.apply_settings(s)
    assert clock.calls == [True]  # unchanged: left alone
    s["fast_panel"] = False
    p.dev.apply_settings(s)
    assert clock.calls == [True, False]


def test_the_check_sends_a_whole_frame_at_1_mhz_then_goes_back():
    p, clock = rig()
    p.dev.apply_settings(dict(p.dev.settings))
    said = p.dev.check_fast_panel()
    assert said.startswith("ok")
    assert clock.frames_fast >= 1024  # the whole frame, at 1 MHz
    assert clock.calls == [True, True, True]  # back on the setting's clock
    s = dict(p.dev.settings)
    s["fast_panel"] = False
    p.dev.apply_settings(s)
    p.dev.check_fast_panel()
    assert clock.calls[-3:] == [False, True, False]
    assert p.world.panel.ram == p.hw.display.buffer


def test_a_panel_that_does_not_keep_up_is_told_and_redrawn_at_400_khz():
    p, clock = rig(keeps_up=False)
    p.dev.apply_settings(dict(p.dev.settings))
    assert p.dev.check_fast_panel() == "no answer"
    assert clock.calls[-1] is False and p.hw.display is not None
    before = p.world.i2c.bus_bytes
    p.play(parse("1700 end"))  # the next loop cycle
    assert p.world.i2c.bus_bytes - before > 1024  # the whole frame again, at 400 kHz
    assert p.world.panel.ram == p.hw.display.buffer


def test_a_panel_silent_at_1_mhz_goes_on_at_400_khz_by_itself():
    # The box as it ships clocks the panel at 1 MHz; a module that does not keep up
    # (the SSD1306 is rated for 400 kHz) would otherwise be a box without a screen.
    p, clock = rig(keeps_up=False)
    s = dict(p.dev.settings)
    assert s["fast_panel"] is True
    p.dev.apply_settings(s)
    assert clock.calls == [True]
    p.hw.display.invalidate()  # the next frame goes whole, as the boot's first does
    p.dev.app.dirty = True
    p.play(parse("1700 end"))
    assert clock.calls == [True, False]  # back to 400 kHz, at the first frame
    assert p.hw.display is not None  # not taken for a loose cable
    assert p.world.panel.ram == p.hw.display.buffer  # the frame whole, at 400 kHz
    p.dev.apply_settings(s)
    assert clock.calls == [True, False]  # the setting does not push it back to 1 MHz
    clock.keeps_up = True
    assert p.dev.check_fast_panel().startswith("ok")  # it keeps up now: the setting
    assert clock.calls[-1] is True


def test_the_hardware_check_shows_what_it_found():
    p, clock = rig()
    screen = HardwareCheck()
    app = p.dev.app
    app.nav.push(screen)
    rows = [label for label, _ in screen.rows(app)]
    i = rows.index("Panel 1 MHz")
    assert screen.rows(app)[i][1] == "OK"  # not checked yet: OK checks
    screen.choose(app, i)
    assert screen.rows(app)[i][1].startswith("ok")
    clock.keeps_up = False
    screen.choose(app, i)
    assert screen.rows(app)[i][1] == "no answer"
    assert p.dev.check_fast_panel() == "no answer"


def test_no_hook_no_check():
    p = play("1600 end")
    assert p.hw.set_bus_fast is None  # the simulated board
    assert p.dev.check_fast_panel() == "-"
