# The simulated board: the Pico's wiring (boards/pico/pins.py) built from the fakes, so
# the real drivers run against it. The `World` is the table around the box: hands on
# the buttons, dogs on the stages, the panel showing what the driver sent.
import time

import pins

from pawpad.drivers.buttons import Buttons
from pawpad.drivers.buzzer import Buzzer
from pawpad.drivers.encoder import Encoder
from pawpad.drivers.hx711 import HX711
from pawpad.drivers.pixels import Pixels
from pawpad.drivers.ssd1306 import SSD1306
from pawpad.drivers.tilt import Tilt
from pawpad.hardware import Hardware
from pawpad.ticks import PERIOD
from pawsim.fakes import I2C, PWM, Bitstream, HX711Chip, Pin, drive_together
from pawsim.panel import Panel

_MASK = PERIOD - 1
CARD_GRAMS = 4.0
STAGE_GRAMS = 180.0  # the box or its lid, on the load cell
COUNTS_PER_GRAM = 420


class Clock:
    """Device ticks (wrapping at 2**30). Real time for the terminal; virtual time, moved
    by the script, for the headless mode."""

    def __init__(self, virtual=False, start_ms=0):
        self.virtual = virtual
        self.t_us = start_ms * 1000

    def us(self):
        if self.virtual:
            return self.t_us & _MASK
        return time.ticks_us() & _MASK

    def ms(self):
        if self.virtual:
            return (self.t_us // 1000) & _MASK
        return time.ticks_ms() & _MASK

    def advance_to(self, t_ms):
        self.t_us = t_ms * 1000


class Stage:
    """A load cell under a stage: dogs on it, noise, and whether it is plugged in."""

    def __init__(self, dout, sck, dogs, clock_us=None):
        self.chip = HX711Chip(dout, sck, clock_us)
        self.dogs = dogs
        self.extra = 0.0  # grams of what is not a dog: a finger resting on the stage
        self.plugged = True
        self._n = 0
        self.chip.dout.on_read = self._looked

    def grams(self):
        return STAGE_GRAMS + self.dogs * CARD_GRAMS + self.extra

    def _looked(self):
        # Converting all the time, as the chip does: a fresh sample whenever it is asked.
        if self.plugged and not self.chip.samples and self.chip._bits is None:
            self._n = (self._n * 75 + 74) % 65537
            noise = (self._n % 41) - 20  # +-20 counts: about 0.05 g
            self.chip.samples.append(int(self.grams() * COUNTS_PER_GRAM + noise) & 0xFFFFFF)
        HX711Chip._looked(self.chip)


# The encoder's contacts (A, B) through one click, from rest (both open) back to rest:
# clockwise A closes first (A leads), the other way B does.
_CLICK_CW = ((0, 0), (1, 0), (0, 1), (1, 1))  # (contact, level) in order
_CLICK_CCW = ((1, 0), (0, 0), (1, 1), (0, 1))


class World:
    def __init__(self, clock, display=True, load_cells=True, encoder=True):
        self.clock = clock
        self.encoder = encoder  # a KY-040 is fitted
        self.pins = {}
        self._levels = []  # (gpio, pin), a list: reading it allocates nothing (IRQ-safe)
        self.panel = Panel(pins.OLED_ADDR)
        self.i2c = I2C(pins.I2C_ID, devices=[self.panel] if display else [])
        self.bitstream = Bitstream()
        self.stages = []
        self.load_cells = load_cells
        self.held_at_boot = ()

    def pin(self, gpio, mode=-1, pull=-1):
        p = Pin(gpio, mode, pull)
        if gpio in self.held_at_boot:
            p._v = 0
        self.pins[gpio] = p
        self._levels.append((gpio, p))
        return p

    def levels(self):
        """Every pin's level in one number, as the SIO GPIO_IN register gives them."""
        v = 0
        for g, p in self._levels:
            v |= p._v << g
        return v

    # --- hands ---
    def player(self, seat, down):
        self.pins[pins.PLAYERS[seat]].drive(0 if down else 1)

    def menu(self, i, down):
        self.pins[pins.MENU[i]].drive(0 if down else 1)

    def together(self, gpios, down):
        """Buttons (by GPIO) pressed or let go in the same instant: every contact
        changes before the first interrupt runs, as two hands slapping at once."""
        drive_together([self.pins[g] for g in gpios], 0 if down else 1)

    def turn(self, clicks):
        """Turns the encoder's knob `clicks` clicks, clockwise if positive: each click
        moves the contacts through a whole quadrature cycle, one edge at a time."""
        ab = [self.pins[g] for g in pins.ENCODER[:2]]
        for _ in range(abs(clicks)):
            for contact, level in _CLICK_CW if clicks > 0 else _CLICK_CCW:
                ab[contact].drive(level)

    def push(self, down):
        """The encoder's push button."""
        self.pins[pins.ENCODER[2]].drive(0 if down else 1)

    def tip(self, tipped):
        self.pins[pins.TILT]._v = 0 if tipped else 1

    def tipped(self):
        return self.pins[pins.TILT]._v == 0


class Watchdog:
    """machine.WDT's face: counts the feeds."""

    def __init__(self):
        self.feeds = 0

    def feed(self):
        self.feeds += 1


def rules_file():
    """The firmware's rules file (firmware/rules.bin): the Pico has it at its root, the
    simulator where the firmware's sources are (on the module path, or beside the
    pawpad package); None when neither has it."""
    import os
    import sys

    import pawpad

    places = [pawpad.__file__.rsplit("/", 2)[0]]
    places += [d for d in sys.path if d and d != ".frozen"]
    for d in places:
        path = d + "/rules.bin"
        try:
            os.stat(path)
            return path
        except OSError:
            pass
    return None


def build(world, data_dir, reset_cause="power on", seats=None):
    """The simulated board; `seats`: the player buttons fitted, the first ones of
    pins.PLAYERS (all 8 when None), as on a box built for fewer players."""
    hw = Hardware("simulator")
    hw.data_dir = data_dir
    hw.rules_file = rules_file()
    hw.reset_cause = reset_cause
    hw.watchdog = Watchdog()
    try:
        import asyncio

        hw.flag = asyncio.ThreadSafeFlag()
    except (ImportError, AttributeError):
        hw.flag = None

    def inputs(gpios):
        return [world.pin(g, Pin.IN, Pin.PULL_UP) for g in gpios]

    fitted = pins.PLAYERS if seats is None else pins.PLAYERS[:seats]
    hw.players = Buttons(inputs(fitted), [1 << g for g in fitted], world.levels,
                         world.clock.us, hw.flag)
    hw.menu = Buttons(inputs(pins.MENU), [1 << g for g in pins.MENU], world.levels,
                      world.clock.us, hw.flag)
    if world.encoder and pins.ENCODER:
        hw.encoder = Encoder(inputs(pins.ENCODER), [1 << g for g in pins.ENCODER],
                             world.levels, world.clock.us, hw.flag)

    def open_display():
        try:
            return SSD1306(world.i2c, pins.OLED_ADDR)
        except OSError:
            return None

    hw.display = open_display()
    hw.reinit_display = open_display
    if hw.display is None:
        hw.problems.append("Display not found")
    hw.buzzer = Buzzer(PWM(world.pin(pins.BUZZER, Pin.OUT)))
    hw.pixels = Pixels(world.pin(pins.PIXELS, Pin.OUT), len(pins.PLAYERS), world.bitstream)
    for i, (dout, sck) in enumerate(pins.LOAD_CELLS):
        stage = Stage(world.pin(dout, Pin.IN, Pin.PULL_UP), world.pin(sck, Pin.OUT), 2,
                      world.clock.us)
        stage.plugged = world.load_cells
        if not world.load_cells:
            stage.chip.unplug()
        world.stages.append(stage)
        hw.scales.append(HX711(stage.chip.dout, stage.chip.sck, name="load cell %d" % (i + 1)))
    hw.tilt = Tilt(world.pin(pins.TILT, Pin.IN, Pin.PULL_UP))
    return hw
