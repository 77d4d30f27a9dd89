# The Pico's firmware with Pawpad frozen in: `make firmware` (tools/install/firmware.sh)
# runs  make -C <MicroPython>/ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=<this file>.
# Then only main.py, board.py and pins.py go on the Pico's flash (make flash FROZEN=1):
# the board's wiring stays unfrozen, so a rewired box needs no new UF2.
# Frozen, the modules' bytecode stays in flash, so the whole heap is the games': more
# heap free in a game, a quicker first screen and boot than the .mpy files on flash
# (figures: docs/benchmarks.md, written by make bench-device). The viper modules
# (pawpad/*/_fast.py) freeze as machine code; no @micropython.native method is frozen
# (mpy-tool aligns its code to 2 bytes only, and the Cortex-M0+ faults reading it).
#
# The firmware's manifest comes first: its metadata (the version) is this build's.
include("../../firmware/manifest.py")
include("$(PORT_DIR)/boards/manifest.py")
