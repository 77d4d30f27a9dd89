# cpython only: the maker's kit says what the firmware drives. docs/wiring.svg and the
# wiring and parts tables of docs/build.md are made from boards/pico/pins.py
# (tools/kit/wiring.py); here they are read back and checked against the pin map and
# the Pico's own header, written out again independently.
import re

from kit import wiring

# The Pico's header by side, from its datasheet: left pins 1..20 from the USB end,
# right pins 21..40 from the far end.
LEFT = ["GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7", "GP8", "GP9",
        "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15"]
RIGHT = ["GP16", "GP17", "GND", "GP18", "GP19", "GP20", "GP21", "GND", "GP22", "RUN",
         "GP26", "GP27", "AGND", "GP28", "ADC_VREF", "3V3(OUT)", "3V3_EN", "GND", "VSYS",
         "VBUS"]
PIN_OF = {name: i + 1 for i, name in enumerate(LEFT + RIGHT) if name.startswith("GP")}


def used(pins):
    """{gpio: what pins.py calls it}, every pin the firmware drives or reads."""
    out = {}

    def add(g, what):
        assert g not in out, "GP%d is both %s and %s" % (g, out[g], what)
        out[g] = what

    for i, g in enumerate(pins.PLAYERS):
        add(g, "player %d" % (i + 1))
    for i, g in enumerate(pins.MENU):
        add(g, "menu %d" % i)
    add(pins.I2C_SDA, "SDA")
    add(pins.I2C_SCL, "SCL")
    add(pins.BUZZER, "buzzer")
    add(pins.PIXELS, "lights")
    for i, (dout, sck) in enumerate(pins.LOAD_CELLS):
        add(dout, "DOUT %d" % i)
        add(sck, "SCK %d" % i)
    add(pins.TILT, "tilt")
    for i, g in enumerate(pins.ENCODER or ()):
        add(g, "encoder %d" % i)
    return out


def test_the_drawing_and_the_page_are_made_from_the_pin_map():
    pins = wiring.load_pins()
    with open(wiring.SVG) as f:
        assert f.read() == wiring.svg(pins), "python tools/kit/wiring.py --write"
    with open(wiring.BUILD) as f:
        page = f.read()
    assert page == wiring.build_page(page, pins), "python tools/kit/wiring.py --write"


def test_the_wiring_table_and_drawing_agree_with_pins_py_and_the_header():
    pins = wiring.load_pins()
    with open(wiring.BUILD) as f:
        page = f.read()
    rows = re.findall(r"^\| (\d+) \| GP(\d+) \| ([^|]+) \|", page, re.M)
    table = {int(g): (int(pin), part.strip()) for pin, g, part in rows}
    with open(wiring.SVG) as f:
        drawing = f.read()
    for g, what in used(pins).items():
        assert g in table, "GP%d (%s) is not in docs/build.md's wiring" % (g, what)
        assert table[g][0] == PIN_OF["GP%d" % g], (g, table[g])
        assert ">%d GP%d<" % (PIN_OF["GP%d" % g], g) in drawing
        assert ">%s<" % table[g][1] in drawing, table[g][1]
    assert set(table) == set(used(pins)), "a row for a pin the firmware does not use"
    seats = [table[g][1] for g in pins.PLAYERS]
    assert seats == ["player button %d (%s)" % (i + 1, c) for i, c in enumerate(
        ("Red", "Blue", "Green", "Yellow", "White", "Orange", "Purple", "Pink")[:len(seats)])]
    assert table[pins.LOAD_CELLS[0][0]][1].startswith("HX711 low stage")
    assert table[pins.LOAD_CELLS[1][0]][1].startswith("HX711 high stage")


def test_the_parts_list_counts_what_pins_py_wires():
    pins = wiring.load_pins()
    with open(wiring.BUILD) as f:
        page = f.read()
    parts = re.findall(r"^\| (\d+) \| ([^|]+) \|", page.split("### Parts")[1], re.M)
    qty = {name.strip(): int(n) for n, name in parts}

    def count(word):
        return [n for name, n in qty.items() if word in name]

    assert count("arcade push button") == [len(pins.PLAYERS)]
    assert count("push button, 12 mm") == [len(pins.MENU)]
    assert count("HX711") == [len(pins.LOAD_CELLS)]
    assert count("load cell,") == [len(pins.LOAD_CELLS)]
    assert count("WS2812") == [len(pins.PLAYERS)]  # one light per seat
    assert count("SSD1306") == [1] and count("tilt switch") == [1]
    assert count("Raspberry Pi Pico") == [1] and count("piezo") == [1]
