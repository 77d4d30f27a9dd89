# The Pico board: the one place that builds machine objects. Everything it builds is
# handed to the app through pawpad.hardware.Hardware; what is missing is
# reported in `problems` and left as None, and the device runs without it.
import asyncio
import time

import pins
from machine import (
    I2C,
    PWM,
    PWRON_RESET,
    WDT,
    WDT_RESET,
    Pin,
    bitstream,
    disable_irq,
    enable_irq,
    mem32,
    reset_cause,
)
from micropython import const

from pawpad.drivers.buttons import Buttons
from pawpad.drivers.buzzer import Buzzer
from pawpad.drivers.encoder import Encoder
from pawpad.drivers.hx711 import HX711
from pawpad.drivers.pixels import Pixels
from pawpad.drivers.ssd1306 import SSD1306
from pawpad.drivers.tilt import Tilt
from pawpad.hardware import Hardware

_CAUSES = {PWRON_RESET: "power on", WDT_RESET: "watchdog"}
WATCHDOG_MS = const(8000)  # the RP2040's longest is 8.3 s; the main loop feeds it every second


def read_levels():
    # One load of the SIO GPIO_IN register: every pin's level in the same instant.
    return mem32[pins.SIO_GPIO_IN]


def _inputs(gpios):
    return [Pin(g, Pin.IN, Pin.PULL_UP) for g in gpios]


def _bits(gpios):
    return [1 << g for g in gpios]


def open_display(freq=None):
    """The OLED, or None when nothing answers on the bus. freq: the I2C clock, by
    default pins.I2C_FREQ (400 kHz); many SSD1306 modules also take 1 MHz
    (pins.I2C_FAST_FREQ), which sends a frame in 9.3 ms instead of 23 ms."""
    try:
        i2c = I2C(pins.I2C_ID, sda=Pin(pins.I2C_SDA), scl=Pin(pins.I2C_SCL),
                  freq=freq or pins.I2C_FREQ)
        if pins.OLED_ADDR not in i2c.scan():
            return None
        return SSD1306(i2c, pins.OLED_ADDR)
    except OSError:
        return None


def _clock_bus(bus, fast):
    """The panel's I2C clocked at 1 MHz (fast) or 400 kHz: I2C(id, ...) on the rp2 port
    sets up again the one object the display already writes through."""
    bus[0] = pins.I2C_FAST_FREQ if fast else pins.I2C_FREQ
    I2C(pins.I2C_ID, sda=Pin(pins.I2C_SDA), scl=Pin(pins.I2C_SCL), freq=bus[0])


def cause_of_boot(words, hardware_cause):
    """Why the box is starting: "restart" when the computer's tools started it again
    (their mark, taken off: pins.RESTART_MARK), else the chip's own reset cause
    ("power on", "watchdog": only while the app's watchdog ran)."""
    armed = words[pins.WATCHDOG_SCRATCH1] == pins.ARMED_MARK
    words[pins.WATCHDOG_SCRATCH1] = 0
    if words[pins.WATCHDOG_SCRATCH0] == pins.RESTART_MARK:
        words[pins.WATCHDOG_SCRATCH0] = 0
        return "restart"
    cause = _CAUSES.get(hardware_cause(), "reset")
    # The chip keeps its last hard reset's cause through a soft reset: the watchdog's
    # only while it was running (pins.ARMED_MARK), else the REPL's soft reset.
    return "reset" if cause == "watchdog" and not armed else cause


def build(watchdog=True, levels=read_levels, i2c_freq=None):
    """watchdog=False and a `levels` function are for the on-device benchmark
    (tools/bench/bench_device.py), which presses buttons in software; i2c_freq: see
    open_display() (the app then sets the clock its "Panel bus" setting says)."""
    hw = Hardware("pico")
    hw.data_dir = "/data"
    hw.reset_cause = cause_of_boot(mem32, reset_cause)
    hw.flag = asyncio.ThreadSafeFlag()
    hw.players = Buttons(_inputs(pins.PLAYERS), _bits(pins.PLAYERS), levels,
                         time.ticks_us, hw.flag)
    hw.menu = Buttons(_inputs(pins.MENU), _bits(pins.MENU), levels, time.ticks_us,
                      hw.flag)
    if pins.ENCODER:
        hw.encoder = Encoder(_inputs(pins.ENCODER), _bits(pins.ENCODER), levels,
                             time.ticks_us, hw.flag)
    bus = [i2c_freq]  # the panel's clock now (None: pins.I2C_FREQ)
    hw.display = open_display(i2c_freq)
    hw.reinit_display = lambda: open_display(bus[0])
    hw.set_bus_fast = lambda fast: _clock_bus(bus, fast)
    if hw.display is None:
        hw.problems.append("Display not found")
    hw.buzzer = Buzzer(PWM(Pin(pins.BUZZER)), pins.BUZZER)
    hw.pixels = Pixels(Pin(pins.PIXELS, Pin.OUT), len(pins.PLAYERS), bitstream)
    for i, (dout, sck) in enumerate(pins.LOAD_CELLS):
        # DOUT pulled up: an unplugged cell reads "never ready", not random bits.
        hw.scales.append(HX711(Pin(dout, Pin.IN, Pin.PULL_UP), Pin(sck, Pin.OUT),
                               name="load cell %d" % (i + 1), disable_irq=disable_irq,
                               enable_irq=enable_irq))
    hw.tilt = Tilt(Pin(pins.TILT, Pin.IN, Pin.PULL_UP))
    # Started by the app's loop once the first screen is up (runner.input_loop): from
    # then a hang resets the box, which resumes the game (main.py counts the hang). A
    # REPL session never gets there, so mpremote is not raced, and main.py stops it
    # whenever the app ends.
    if watchdog:
        hw.start_watchdog = _watchdog
        hw.stop_watchdog = _stop_watchdog
    hw.restart = _restart
    return hw


def _restart():
    """machine.reset() after a crash, marked as the tools mark theirs: rp2 reports a
    machine.reset() as the watchdog's, and the next boot must not count a hang."""
    from machine import reset

    mem32[pins.WATCHDOG_SCRATCH0] = pins.RESTART_MARK
    reset()


def _watchdog():
    mem32[pins.WATCHDOG_SCRATCH1] = pins.ARMED_MARK  # a reset from now on is a hang
    return WDT(timeout=WATCHDOG_MS)


_WATCHDOG_CTRL = const(0x40058000)  # the RP2040's WATCHDOG CTRL register
_WATCHDOG_ENABLE = const(1 << 30)


def _stop_watchdog():
    """machine.WDT cannot be stopped; its register can. Stopped whenever the app ends
    (mpremote's Ctrl-C before a copy, a crash, the safe screen): a REPL left with a
    running watchdog resets the Pico within 8.3 s, in the middle of `make flash`."""
    mem32[_WATCHDOG_CTRL] = mem32[_WATCHDOG_CTRL] & ~_WATCHDOG_ENABLE
    mem32[pins.WATCHDOG_SCRATCH1] = 0
