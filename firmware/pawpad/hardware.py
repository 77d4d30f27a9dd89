# What a board hands the app: the drivers it could build, and what it could not.
# Boards (boards/<name>/board.py and the simulator's) fill one of these in; any device
# may be None when it is missing, and `problems` says why in words for the screen.
from pawpad import loader


class Hardware:
    def __init__(self, name):
        self.name = name
        self.display = None  # SSD1306
        self.players = None  # Buttons, one per seat
        self.menu = None  # Buttons: UP, DOWN, OK, BACK
        self.encoder = None  # Encoder (optional): its clicks are UP/DOWN, its push OK
        self.buzzer = None  # Buzzer
        self.pixels = None  # Pixels, one per seat
        self.scales = []  # HX711 per stage (low, high); None where missing
        self.tilt = None  # Tilt
        self.flag = None  # set by the button interrupts; the input task waits on it
        self.data_dir = "/data"
        self.rules_file = "/rules.bin"  # Rules here's pages: the install puts it by main.py
        self.reset_cause = "?"
        self.problems = []
        self.reinit_display = None  # callable that tries the display again
        self.set_bus_fast = None  # callable(fast): the panel's I2C at 1 MHz or 400 kHz
        self.watchdog = None  # machine.WDT: feed() it, or the box resets
        self.start_watchdog = None  # makes the WDT, once the app has a screen up
        self.stop_watchdog = None  # stops it: the REPL or a safe screen takes over
        self.restart = None  # starts the box again, marked as its own restart

    def free_ram(self):
        return loader.free()
