# Freezes the firmware into a custom UF2 (for those who build MicroPython):
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/boards/pico/manifest.py
# Then copy main.py, board.py and pins.py to the Pico's flash. The board's wiring stays
# unfrozen, so a rewired box needs no new UF2, only a new board.py and pins.py.
# Measured on the emulated Pico (make bench-device, frozen vs .mpy on flash): heap free
# at the menu 194 KB vs 150 KB, and during a whole Pick-a-Dog game 163 KB vs 102 KB; a
# game's first screen after OK 42-58 ms vs 86-197 ms; the app's imports at boot 23 ms
# vs 211 ms. The viper modules (pawpad/*/_fast.py) freeze as machine code.
include("$(PORT_DIR)/boards/manifest.py")
package("pawpad", base_path="../../firmware", opt=3)
