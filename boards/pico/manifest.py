# Freezes the firmware into a custom UF2 (for those who build MicroPython):
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/boards/pico/manifest.py
# Then copy main.py, board.py and pins.py to the Pico's flash. The board's wiring stays
# unfrozen, so a rewired box needs no new UF2, only a new board.py and pins.py.
include("$(PORT_DIR)/boards/manifest.py")
package("pawpad", base_path="../../firmware", opt=3)
