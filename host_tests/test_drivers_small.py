# Buzzer, HX711, tilt switch and WS2812 lights against the fakes.
from pawpad.drivers.buzzer import Buzzer
from pawpad.drivers.hx711 import HX711, SensorError, signed24
from pawpad.drivers.pixels import Pixels
from pawpad.drivers.rp2_pwm import Slice
from pawpad.drivers.tilt import Tilt
from pawsim.fakes import PWM, Bitstream, HX711Chip, Pin
from support.skipping import only_micropython


def test_buzzer_melody_never_blocks():
    pwm = PWM(Pin(18))
    bz = Buzzer(pwm)
    bz.play(((440, 100), (0, 50), (880, 100)), now_ms=0)
    assert pwm.freq() == 440 and pwm.duty_u16() > 0  # sounds inside play()
    assert bz.update(50) == 50
    assert bz.update(100) == 50 and pwm.duty_u16() == 0  # the rest
    assert bz.update(150) == 100 and pwm.freq() == 880
    assert bz.update(260) is None and not bz.playing
    assert pwm.duty_u16() == 0


def test_buzzer_catches_up_after_a_late_update():
    pwm = PWM(Pin(18))
    bz = Buzzer(pwm)
    bz.play(((500, 10), (600, 10), (700, 100)), now_ms=0)
    assert bz.update(25) == 95
    assert pwm.freq() == 700


def test_buzzer_silent_when_disabled_or_volume_zero():
    pwm = PWM(Pin(18))
    bz = Buzzer(pwm)
    bz.enabled = False
    bz.play(((440, 100),), 0)
    assert pwm.duty_u16() == 0
    bz.enabled = True
    bz.volume = 0
    bz.tone(440)
    assert pwm.duty_u16() == 0
    bz.volume = 100
    bz.tone(440)
    assert pwm.duty_u16() == 32768


def hx_rig(**kw):
    dout = Pin(20, Pin.IN)
    sck = Pin(21, Pin.OUT)
    chip = HX711Chip(dout, sck)
    return chip, HX711(dout, sck, **kw)


def test_signed24():
    assert signed24(0x7FFFFF) == 8388607
    assert signed24(0x800000) == -8388608
    assert signed24(0xFFFFFF) == -1
    assert signed24(0) == 0


def test_hx711_reads_values_and_sets_gain():
    chip, hx = hx_rig()
    for v in (123456, -1, -8388608, 8388607, 0):
        chip.push(v)
    got = []
    t = 0
    while len(got) < 5 and t < 1000:
        r = hx.poll(t)
        if r is not None:
            got.append(r)
        t += 10
    assert got == [123456, -1, -8388608, 8388607, 0]
    hx.ready()  # let the chip see the read end
    assert chip.gain_pulses == 1


def test_hx711_gain_pulses():
    for channel, gain, pulses in (("A", 64, 3), ("B", 32, 2)):
        chip, hx = hx_rig(channel=channel, gain=gain)
        chip.push(5)
        assert hx.poll(0) == 5
        hx.ready()
        assert chip.gain_pulses == pulses
    try:
        hx_rig(channel="B", gain=128)
    except ValueError:
        return
    raise AssertionError("B at 128 accepted")


def test_hx711_not_answering_is_an_error_not_a_hang():
    chip, hx = hx_rig()
    chip.unplug()
    assert hx.poll(0) is None
    assert hx.poll(400) is None
    try:
        hx.poll(600)
    except SensorError as e:
        assert "not answering" in str(e)
        return
    raise AssertionError("silence was not reported")


def test_hx711_grams():
    chip, hx = hx_rig()
    hx.offset = 1000
    hx.per_gram = 50.0
    assert hx.grams(1500) == 10.0


def test_tilt_debounced():
    pin = Pin(28, Pin.IN, Pin.PULL_UP)
    tilt = Tilt(pin)
    assert tilt.tipped is False
    pin.drive(0)
    assert tilt.poll(100) is None
    pin.drive(1)  # rattle
    assert tilt.poll(120) is None
    pin.drive(0)
    assert tilt.poll(130) is None
    assert tilt.poll(170) is None
    assert tilt.poll(185) is True
    assert tilt.tipped is True
    assert tilt.poll(300) is None


def test_pixels_grb_and_brightness():
    bs = Bitstream()
    px = Pixels(Pin(22, Pin.OUT), 3, bs, brightness=255)
    px.set(0, (255, 0, 0))
    px.set(2, (0, 0, 255))
    px.show()
    assert bs.sent[-1] == bytes((0, 255, 0, 0, 0, 0, 0, 0, 255))
    px.brightness = 51
    px.fill((255, 255, 255))
    px.show()
    assert bs.sent[-1] == bytes([51] * 9)


def test_hx711_holds_interrupts_off_only_while_sck_is_high():
    log = []
    dout = Pin(20, Pin.IN)
    sck = Pin(21, Pin.OUT)
    chip = HX711Chip(dout, sck)
    plain = chip._clock

    def clock(level):
        log.append(("sck", level))
        plain(level)

    sck.on_write = clock
    hx = HX711(dout, sck, disable_irq=lambda: log.append("off") or 7,
               enable_irq=lambda state: log.append(("on", state)))
    chip.push(0x123456)
    log.clear()
    assert hx.poll(0) == 0x123456
    assert log[:4] == ["off", ("sck", 1), ("sck", 0), ("on", 7)]
    assert log.count("off") == 25  # 24 bits and one gain pulse
    for i, item in enumerate(log):
        if item == ("sck", 1):
            assert log[i - 1] == "off" and log[i + 2] == ("on", 7)


class Chip:
    """One RP2040 PWM slice as the chip and the rp2 port's PWM drive it: the PWM
    object's freq() and duty_u16() as ports/rp2/machine_pwm.c works them out (its
    helpers transcribed, not the driver's sums), and machine.mem32 over the slice's
    registers: CC and TOP double-buffered (they take effect when the counter wraps,
    and the count after a CTR store of the TOP in effect wraps), DIV at once. The PWM
    object keeps its duty_u16 and stores it again at each freq(): a CC stored straight
    to the register is not known there."""

    SYS_HZ = 125000000

    def __init__(self, gpio=18):
        base = 0x40050000 + ((gpio >> 1) & 7) * 0x14
        self.DIV, self.CTR, self.CC, self.TOP = base + 4, base + 8, base + 12, base + 16
        self.div = 16  # in effect at once
        self.top = self.top_now = 0xFFFF  # stored, and in effect
        self.u16 = 0
        self.cc = self.cc_now = 0  # this channel (A), stored and in effect
        self.cc_b = 0  # the other channel's half of CC
        self.stores = []  # the registers stored, in order

    def slice(self, gpio=18):
        return Slice(self, gpio, self.SYS_HZ)

    def _hz(self, offset, div16):  # get_slice_hz()
        return (16 * self.SYS_HZ + offset) // div16

    # the PWM object the driver writes through
    def freq(self, hz=None):
        if hz is None:
            return self._hz((self.div * (self.top + 1)) // 2, self.div * (self.top + 1))
        if (self.SYS_HZ + hz // 2) // hz < 65534:
            self.div, self.top = 16, (self.SYS_HZ + hz // 2) // hz - 1
        else:
            self.div = self._hz(65534 * hz - 1, 65534 * hz)  # get_slice_hz_ceil
            self.top = self._hz(self.div * hz // 2, self.div * hz) - 1  # _round
        self.duty_u16(self.u16)

    def duty_u16(self, value=None):
        if value is not None:
            self.u16 = value
            self.cc = (value * (self.top + 1) + 65535 // 2) // 65535

    # machine.mem32, for the slice's registers
    def __getitem__(self, addr):
        if addr == self.DIV:
            return self.div
        if addr == self.TOP:
            return self.top
        return self.cc | self.cc_b << 16 if addr == self.CC else 0

    def __setitem__(self, addr, value):
        if self.stores is not None:  # None: nothing noted (allocates nothing)
            self.stores.append(addr)
        if addr == self.CC:
            self.cc, self.cc_b = value & 0xFFFF, value >> 16
        elif addr == self.TOP:
            self.top = value
        elif addr == self.DIV:
            self.div = value
        elif addr == self.CTR and value == self.top_now:  # wraps at the next count
            self.top_now, self.cc_now = self.top, self.cc

    def sounding(self, hz):
        """Does the pin carry hz now, at the duty the port would have set for it?"""
        top = self.top_now
        return (self.cc_now > 0 and self.cc_now == self.cc
                and abs(16 * self.SYS_HZ // (self.div * (top + 1)) - hz) <= hz // 100)


def chip_buzzer(chip=None):
    chip = chip or Chip()
    return chip, Buzzer(chip, slice_=chip.slice())


def test_slice_sums_are_the_ports():
    # What the driver works out for a tone is what PWM.freq() would store, from 20 Hz
    # up (the divider below 1907 Hz, and 1 above), and the level duty_u16() rounds to.
    chip = Chip()
    s = chip.slice()
    for hz in list(range(20, 400, 7)) + list(range(400, 20000, 113)) + [1907, 1908, 2093]:
        chip.freq(hz)
        assert s.registers(hz) == (chip.div, chip.top), hz
        for duty in (0, 1, 19660, 32768, 65535):
            chip.duty_u16(duty)
            assert s.cc_value(duty, chip.top) & 0xFFFF == chip.cc, (hz, duty)


def test_buzzer_tone_takes_effect_at_once_on_the_chip():
    # On the RP2040 a duty written waits for the counter's wrap (up to a period): the
    # driver sets the counter to the TOP in effect so the next count wraps. A melody's
    # other frequency sounding when the STOP comes is the hard case (TOP changes too).
    chip, bz = chip_buzzer()
    assert bz._sums_hold
    bz.play(((1760, 350),), now_ms=0)
    assert chip.sounding(1760)
    fire = bz.arm(2093)  # the GO tone still sounds (below 1907 Hz: another divider)
    del chip.stores[:]
    fire()
    # the divider at once, then TOP and CC, then the counter: no call into the PWM
    assert chip.stores == [chip.DIV, chip.TOP, chip.CC, chip.CTR]
    assert chip.sounding(2093)
    bz.play(((2093, 50),), now_ms=0)  # the STOP's sound carries the fired tone on
    assert chip.sounding(2093) and len(chip.stores) == 4
    bz.off()
    assert chip.cc_now == 0  # silence at once too
    fire = bz.arm(2093)  # now silent: the frequency is set ahead, fire() writes the duty
    del chip.stores[:]
    fire()
    assert chip.stores == [chip.CC, chip.CTR]
    assert chip.sounding(2093)
    bz.play(((440, 100), (0, 50), (880, 100)), now_ms=0)  # the PWM's stale duty mended
    assert chip.sounding(440)
    bz.update(100)
    assert chip.cc_now == 0
    bz.update(150)
    assert chip.sounding(880)


def test_buzzer_fire_keeps_the_other_channel():
    # The slice's other half of CC (a second output on the same slice) is left as it is.
    chip = Chip()
    chip.cc_b = 0x1234
    chip, bz = chip_buzzer(chip)
    for playing in (False, True):
        if playing:
            bz.play(((1000, 100),), now_ms=0)
        bz.arm(2093)()
        assert chip.cc_b == 0x1234 and chip.sounding(2093)
        bz.off()


def test_chip_fire_allocates_nothing():
    only_micropython("heap_lock is the unix port's proof; CPython has nothing to lock")
    import micropython

    for playing in (False, True):
        chip, bz = chip_buzzer()
        if playing:
            bz.play(((1760, 350),), now_ms=0)
        fire = bz.arm(2093)
        chip.stores = None
        micropython.heap_lock()
        try:
            fire()
            err = None
        except MemoryError as e:
            err = e
        finally:
            micropython.heap_unlock()
        assert err is None, "the armed tone's stores allocated"
        assert chip.sounding(2093)


def test_buzzer_calls_the_pwm_when_its_sums_do_not_hold():
    # A port whose PWM stores other registers than the slice works out (another
    # release): fire() sets the tone through the PWM object, as it would off the chip.
    chip = Chip()
    chip.SYS_HZ = 133000000  # the slice believes 125 MHz
    bz = Buzzer(chip, slice_=Slice(chip, 18, 125000000))
    assert not bz._sums_hold
    bz.play(((1000, 100),), now_ms=0)
    fire = bz.arm(2093)
    assert fire == bz.fire  # the PWM object's way
    fire()
    assert chip.sounding(2093)


def test_buzzer_leaves_the_counter_alone_off_the_rp2040():
    # The unix port (and CPython) have no PWM registers: nothing is written to memory.
    bz = Buzzer(PWM(Pin(18)), 18)
    assert bz._slice is None
    bz.tone(440)
