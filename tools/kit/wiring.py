# The maker's kit made from the pin map: docs/wiring.svg (the Pico's 40 pins, and what
# each used one goes to) and the wiring and parts tables of docs/build.md (between its
# "made by" markers), all from boards/pico/pins.py, so that no drawing or list can say
# another pin than the firmware drives. host_tests/test_kit.py fails when either file
# is not what this makes.
#   python tools/kit/wiring.py [--write]      prints what it would write, or writes it
import html
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SVG = os.path.join(ROOT, "docs", "wiring.svg")
BUILD = os.path.join(ROOT, "docs", "build.md")
BEGIN = "<!-- made by tools/kit/wiring.py from boards/pico/pins.py: begin -->"
END = "<!-- made by tools/kit/wiring.py: end -->"

# The Pico's (and Pico W's) header, physical pin 1..40: a GPIO number, or a name.
HEADER = (0, 1, "GND", 2, 3, 4, 5, "GND", 6, 7, 8, 9, "GND", 10, 11, 12, 13, "GND", 14, 15,
          16, 17, "GND", 18, 19, 20, 21, "GND", 22, "RUN", 26, 27, "AGND", 28, "ADC_VREF",
          "3V3(OUT)", "3V3_EN", "GND", "VSYS", "VBUS")
SEATS = ("Red", "Blue", "Green", "Yellow", "White", "Orange", "Purple", "Pink")


def load_pins():
    import pins  # boards/pico/pins.py, a module of the host package

    return pins


def physical(gpio):
    """The header pin (1..40) of a GPIO."""
    return HEADER.index(gpio) + 1


def connections(pins):
    """[(gpio, part, what the wire is)] for every pin the firmware uses."""
    out = []
    for seat, g in enumerate(pins.PLAYERS):
        out.append((g, "player button %d (%s)" % (seat + 1, SEATS[seat]), "to GND"))
    for name, g in zip(("UP", "DOWN", "OK", "BACK"), pins.MENU):
        out.append((g, "menu button %s" % name, "to GND"))
    out.append((pins.I2C_SDA, "OLED SDA", "I2C%d at %d kHz (%d kHz if it does not keep up), "
                "address 0x%02X; wires of a few cm" % (
                    pins.I2C_ID, pins.I2C_FAST_FREQ // 1000, pins.I2C_FREQ // 1000,
                    pins.OLED_ADDR)))
    out.append((pins.I2C_SCL, "OLED SCL", "I2C%d" % pins.I2C_ID))
    out.append((pins.BUZZER, "piezo buzzer", "other lead to GND"))
    out.append((pins.PIXELS, "WS2812 DIN", "through a 330 ohm resistor"))
    for stage, (dout, sck) in zip(("low", "high"), pins.LOAD_CELLS):
        out.append((dout, "HX711 %s stage DOUT" % stage, "its load cell: E+ E- A+ A-"))
        out.append((sck, "HX711 %s stage SCK" % stage, ""))
    out.append((pins.TILT, "tilt switch", "to GND"))
    if pins.ENCODER:
        for name, g in zip(("CLK", "DT", "SW"), pins.ENCODER):
            out.append((g, "encoder %s (optional)" % name, "to GND; + to 3V3(OUT)"))
    return out


POWER = (("3V3(OUT)", "OLED VCC, both HX711 VCC, encoder +"),
         ("VBUS", "WS2812 5V (USB power), 1000 uF across it"),
         ("GND", "every part's ground"))


def parts(pins):
    """[(quantity, part, what to buy)]: the bill of materials."""
    return [
        (1, "Raspberry Pi Pico (or Pico W)", "RP2040 board with headers; MicroPython 1.28"),
        (1, "OLED 0.96 in, 128x64, SSD1306, I2C", "4 pins (GND VCC SCL SDA), address "
            "0x%02X, 3.3 V" % pins.OLED_ADDR),
        (len(pins.PLAYERS), "arcade push button, 30 mm, momentary (NO)", "one per seat, "
            "in the seats' colours: " + ", ".join(SEATS[:len(pins.PLAYERS)])),
        (len(pins.MENU), "push button, 12 mm, momentary (NO)", "UP, DOWN, OK, BACK"),
        (1, "piezo buzzer, passive (not self-oscillating)", "driven by PWM at 220-2400 Hz"),
        (len(pins.PLAYERS), "WS2812B LED (a strip or single pixels), optional",
         "one light per seat, chained; 330 ohm resistor and 1000 uF capacitor"),
        (len(pins.LOAD_CELLS), "HX711 load cell amplifier board", "one per Circus Puppy "
            "stage, 3.3 V, 10 SPS (or 80 SPS with RATE high)"),
        (len(pins.LOAD_CELLS), "straight-bar load cell, 500 g (1 kg will do)",
         "a dog card weighs about 4 g: a 500 g cell reads it to a tenth of a gram"),
        (1, "tilt switch (SW-520D ball type)", "under the stages: a tipped stage is a fall"),
        (1, "rotary encoder KY-040, optional", "turns UP/DOWN, push is OK"),
        (1, "enclosure, about 220 x 140 x 60 mm", "room for the buttons on top, the two "
            "stages beside the screen"),
        (2, "stage platform, 100 x 70 mm, 3 mm acrylic or plywood", "a card's size and "
            "a little more, one per stage"),
        (1, "USB cable and 5 V supply", "the box runs from USB (VBUS)"),
    ]


def tables(pins):
    lines = ["### Wiring", "", "| Pico pin | GPIO | goes to | notes |", "|---|---|---|---|"]
    for g, part, note in sorted(connections(pins), key=lambda c: physical(c[0])):
        lines.append("| %d | GP%d | %s | %s |" % (physical(g), g, part, note))
    for name, what in POWER:
        pin = ", ".join(str(i + 1) for i, n in enumerate(HEADER) if n == name)
        lines.append("| %s | %s | %s | |" % (pin, name, what))
    lines += ["", "### Parts", "", "| qty | part | what to buy |", "|---|---|---|"]
    lines += ["| %d | %s | %s |" % row for row in parts(pins)]
    return "\n".join(lines)


def svg(pins):
    """The Pico from above, USB at the top: its 40 pins, each used one wired to a label."""
    used = {}
    for g, part, _note in connections(pins):
        used[physical(g)] = part
    for name, what in POWER[:2]:
        used[HEADER.index(name) + 1] = what.split(",")[0] if name == "VBUS" else "OLED, HX711"
    w, h, top, pitch = 900, 560, 50, 24
    left, right = 380, 520  # the board's edges
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">' % (w, h, w, h),
           '<rect width="%d" height="%d" fill="white"/>' % (w, h),
           '<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#2e7d32"/>' % (
               left, top - 20, right - left, 20 * pitch + 20),
           '<rect x="%d" y="%d" width="40" height="22" fill="#9e9e9e"/>' % (
               (left + right) // 2 - 20, top - 30),
           '<text x="%d" y="%d" text-anchor="middle" fill="white" font-size="14">'
           'Pico</text>' % ((left + right) // 2, top + 10 * pitch)]
    for pin in range(1, 41):
        name = HEADER[pin - 1]
        label = "GP%d" % name if isinstance(name, int) else name
        on_left = pin <= 20
        y = top + ((pin - 1) if on_left else (40 - pin)) * pitch
        x = left if on_left else right
        out.append('<circle cx="%d" cy="%d" r="5" fill="#ffd54f" stroke="#333"/>' % (x, y))
        tx = x + 10 if on_left else x - 10
        out.append('<text x="%d" y="%d" text-anchor="%s" fill="white" font-size="10">'
                   '%d %s</text>' % (tx, y + 4, "start" if on_left else "end", pin,
                                     html.escape(label)))
        part = used.get(pin)
        if part:
            end = 40 if on_left else w - 40
            colour = "#1565c0" if "button" in part else "#c62828"
            out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" '
                       'stroke-width="2"/>' % (x, y, end, y, colour))
            out.append('<text x="%d" y="%d" text-anchor="%s">%s</text>' % (
                end if on_left else end, y - 4, "start" if on_left else "end",
                html.escape(part)))
    out.append('<text x="%d" y="%d" text-anchor="middle" font-size="11" fill="#555">'
               'Every switch goes to GND (the Pico pulls its pin up). Drawn from '
               'boards/pico/pins.py.</text>' % (w // 2, h - 12))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def build_page(text, pins):
    """docs/build.md with its made part replaced."""
    a, b = text.index(BEGIN), text.index(END)
    return text[:a + len(BEGIN)] + "\n" + tables(pins) + "\n" + text[b:]


def main():
    pins = load_pins()
    with open(BUILD) as f:
        page = build_page(f.read(), pins)
    if "--write" in sys.argv:
        with open(SVG, "w") as f:
            f.write(svg(pins))
        with open(BUILD, "w") as f:
            f.write(page)
    else:
        sys.stdout.write(page)


if __name__ == "__main__":
    main()
