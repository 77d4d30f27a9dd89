# Buzzer, HX711, tilt switch and WS2812 lights against the fakes.
from pawpad.drivers.buzzer import Buzzer
from pawpad.drivers.hx711 import HX711, SensorError, signed24
from pawpad.drivers.pixels import Pixels
from pawpad.drivers.tilt import Tilt
from pawsim.fakes import PWM, Bitstream, HX711Chip, Pin


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


class Slice:
    """An RP2040 PWM slice's TOP and CC as the chip double-buffers them: what is
    written takes effect when the counter wraps, the count after it equals the TOP in
    effect. Its registers by offset: CTR 8, TOP 16 (as machine.mem32 gives them)."""

    CTR, TOP = 8, 16

    def __init__(self):
        self.top = self.top_now = 0xFFFF
        self.duty = self.duty_now = 0

    # the PWM object the driver writes through
    def freq(self, hz=None):
        self.top = 125000000 // hz - 1 if hz else self.top

    def duty_u16(self, value=None):
        if value is not None:
            self.duty = value

    # machine.mem32, for the two registers the driver touches
    def __getitem__(self, addr):
        return self.top if addr == self.TOP else 0

    def __setitem__(self, addr, value):
        if addr == self.CTR and value == self.top_now:  # wraps at the next count
            self.top_now, self.duty_now = self.top, self.duty

    def sounding(self):
        return self.duty_now > 0 and self.top_now == self.top


def test_buzzer_tone_takes_effect_at_once_on_the_chip():
    # On the RP2040 a duty written waits for the counter's wrap (up to a period): the
    # driver sets the counter to the TOP in effect so the next count wraps. A melody's
    # other frequency sounding when the STOP comes is the hard case (TOP changes too).
    pwm = Slice()
    bz = Buzzer(pwm)
    bz._counter = (pwm, Slice.CTR, Slice.TOP)  # as _rp2040_counter gives them on a Pico
    bz._top_now = pwm.top_now
    bz.tone(1760)
    assert pwm.sounding() and pwm.top_now == 125000000 // 1760 - 1
    bz.arm(2093)  # the GO tone still sounds: the STOP's frequency waits for fire()
    bz.fire()
    assert pwm.sounding() and pwm.top_now == 125000000 // 2093 - 1
    bz.off()
    assert pwm.duty_now == 0  # silence at once too
    bz.arm(2093)  # now silent: the frequency is set ahead, fire() writes the duty
    bz.fire()
    assert pwm.sounding() and pwm.top_now == 125000000 // 2093 - 1
    bz.play(((440, 100), (0, 50), (880, 100)), now_ms=0)
    assert pwm.sounding() and pwm.top_now == 125000000 // 440 - 1
    bz.update(100)
    assert pwm.duty_now == 0
    bz.update(150)
    assert pwm.sounding() and pwm.top_now == 125000000 // 880 - 1


def test_buzzer_leaves_the_counter_alone_off_the_rp2040():
    # The unix port (and CPython) have no PWM registers: nothing is written to memory.
    bz = Buzzer(PWM(Pin(18)), 18)
    assert bz._counter is None
    bz.tone(440)
