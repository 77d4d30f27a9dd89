# The default wiring of a Raspberry Pi Pico or Pico W (GPIO numbers).
# Shared by board.py and the simulator, so the simulated board is wired the same way.
from micropython import const

PLAYERS = (6, 7, 8, 9, 10, 11, 12, 13)  # player buttons, seat 1..8, to GND
MENU = (14, 15, 16, 17)  # UP, DOWN, OK, BACK, to GND
I2C_ID = const(0)
I2C_SDA = const(4)  # I2C0 SDA, OLED
I2C_SCL = const(5)  # I2C0 SCL
I2C_FREQ = const(400000)  # every SSD1306 module takes this
I2C_FAST_FREQ = const(1000000)  # Fast-mode Plus: most modules keep up (hardware check)
OLED_ADDR = const(0x3C)
# GP18 is PWM slice 1 channel A; the only other pins on slice 1 (GP2, GP3, GP19) are
# not used for PWM (the encoder's inputs), so the buzzer's frequency is its own.
BUZZER = const(18)
PIXELS = const(22)  # WS2812 data in, through a 330 ohm resistor; free on the Pico W too
LOAD_CELLS = ((20, 21), (26, 27))  # HX711 (DOUT, SCK): low stage, high stage
TILT = const(28)  # tilt switch to GND
# Optional KY-040 rotary encoder: CLK (A), DT (B), SW (push = OK), to GND. Without one
# the pull-ups keep the pins high and nothing happens; None frees the pins.
ENCODER = (2, 3, 19)
SIO_GPIO_IN = const(0xD0000004)  # RP2040 and RP2350: all GPIO input levels in one read
# A restart the computer's tools asked for (tools/install/boxlink.py): they leave this
# mark in the RP2040 watchdog's first scratch register (free for programs; a soft reset
# and a watchdog reset keep it, a power-on clears it) before a soft reset, which keeps
# the chip's reset cause: without the mark, a box once reset by its watchdog would say
# after every `make report` that it had hung.
WATCHDOG_SCRATCH0 = const(0x4005800C)
RESTART_MARK = const(0x50617770)
# While the app's watchdog runs, this word in the next scratch register says so: a reset
# the chip calls its watchdog's is a hang only with it (a soft reset at the REPL after
# the app stopped keeps the chip's last cause, and must not count as one).
WATCHDOG_SCRATCH1 = const(0x40058010)
ARMED_MARK = const(0x57617463)
