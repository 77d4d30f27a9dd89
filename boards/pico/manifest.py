# The Pico's firmware with Pawpad frozen in: `make firmware MICROPY=<a MicroPython tree>`
# runs  make -C $MICROPY/ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=<this file>.
# Then only main.py, board.py and pins.py go on the Pico's flash (make flash FROZEN=1):
# the board's wiring stays unfrozen, so a rewired box needs no new UF2.
# Measured on the emulated Pico (make bench-device, frozen vs .mpy on flash): heap free
# at the menu 194 KB vs 150 KB, and during a whole Pick-a-Dog game 163 KB vs 102 KB; a
# game's first screen after OK 42-58 ms vs 86-197 ms; the app's imports at boot 23 ms
# vs 211 ms. The viper modules (pawpad/*/_fast.py) freeze as machine code.
#
# The firmware's manifest comes first: its metadata (the version) is this build's.
include("../../firmware/manifest.py")
include("$(PORT_DIR)/boards/manifest.py")
