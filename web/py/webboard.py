# The board in a web page: the terminal simulator's board (tools/pawsim/board.py), wired
# the same way (boards/pico/pins.py), with three parts made to show in the page: the
# panel tells the page when the driver wrote to it (the page draws the panel model's
# display RAM on a canvas), the buzzer's PWM tells it each frequency and duty (Web
# Audio plays them), and the lights' bitstream hands it the bytes sent to the strip.
# The box in the page also keeps its flash folder in the browser (webflash.py).
# `page` is the JavaScript side: the module `pawpage` that web/pawpad.js registers.
from binascii import hexlify

import pins
import uctypes
import webflash

import pawsim.board as simboard
from pawpad.drivers.buzzer import Buzzer
from pawpad.drivers.pixels import Pixels
from pawsim.fakes import PWM, Bitstream
from pawsim.panel import Panel

DATA = "/data"  # the box's flash: the page keeps this folder in the browser
# An HX711 sleeps when its clock pin stays high 60 us. In a browser, ticks_us() moves in
# steps of up to 100 us (performance.now() is coarsened) and a bit clocked out by Python
# on the WebAssembly port takes tens of us, so the model's 60 us would put the chips to
# sleep in the middle of a read. The driver's deliberate sleep (power_down) lasts until
# power_up, far longer than this: it still sleeps the chips.
SLEEP_US = 5000


class ShownPanel(Panel):
    """The panel model; after each I2C transaction the page is told where its display
    RAM is and how it is lit, and redraws once the loop's turn is over."""

    def __init__(self, page, addr):
        super().__init__(addr)
        self.view = page
        # The page reads the RAM where it lies in the port's memory: made once, it never
        # moves (MicroPython's heap does not compact).
        self.addr_ram = uctypes.addressof(self.ram)

    def write(self, buf):
        super().write(buf)
        self.view.panel(self.addr_ram, 1 if self.on else 0, self.contrast,
                        1 if self.inverted else 0)


class Speaker(PWM):
    """The buzzer's PWM channel, heard: every change of frequency or duty goes to the
    page (duty 0 is silence, as on the piezo)."""

    def __init__(self, page, pin):
        super().__init__(pin)
        self.view = page

    def _note(self):
        self.view.tone(self._freq, self._duty)


class Strip(Bitstream):
    """machine.bitstream to the WS2812 strip: the page gets the GRB bytes as hex."""

    def __init__(self, page):
        super().__init__()
        self.view = page

    def __call__(self, pin, encoding, timing, buf):
        super().__call__(pin, encoding, timing, buf)
        self.view.lights(hexlify(buf).decode())


class World(simboard.World):
    """The table around the box, with the panel the page shows."""

    def __init__(self, page, clock, display=True, load_cells=True):
        super().__init__(clock, display, load_cells)
        self.panel = ShownPanel(page, pins.OLED_ADDR)
        if display:
            self.i2c.devices[pins.OLED_ADDR] = self.panel


def make(page, clock, data_dir=DATA):
    """(world, hw): the simulator's board with the buzzer and lights the page shows."""
    world = World(page, clock)
    hw = simboard.build(world, data_dir)
    hw.name = "web page"
    hw.buzzer = Buzzer(Speaker(page, world.pins[pins.BUZZER]))
    hw.pixels = Pixels(world.pins[pins.PIXELS], len(pins.PLAYERS), Strip(page))
    for stage in world.stages:
        stage.chip.POWER_DOWN_US = SLEEP_US
    return world, hw


WORLD = None  # the table of the running box, for the page's hands


def build():
    """firmware/main.py's `board.build()`: the box in the page, on real time."""
    global WORLD
    import pawpage  # registered by web/pawpad.js

    webflash.install(pawpage.keep, DATA)  # what the box writes is kept in the browser
    WORLD, hw = make(pawpage, simboard.Clock(False))
    return hw
