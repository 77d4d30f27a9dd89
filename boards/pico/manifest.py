# The Pico's firmware with Pawpad frozen in: `make firmware MICROPY=<a MicroPython tree>`
# runs  make -C $MICROPY/ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=<this file>.
# Then only main.py, board.py and pins.py go on the Pico's flash (make flash FROZEN=1):
# the board's wiring stays unfrozen, so a rewired box needs no new UF2.
# What the frozen build gains over .mpy files on flash (the heap, a game's first
# screen, the boot): docs/benchmarks.md, from make bench-device with and without
# FROZEN=1. The viper modules (pawpad/*/_fast.py) freeze as machine code; no
# @micropython.native method is frozen (mpy-tool aligns its code to 2 bytes only, and
# the Cortex-M0+ faults reading it).
#
# The firmware's manifest comes first: its metadata (the version) is this build's.
include("../../firmware/manifest.py")
include("$(PORT_DIR)/boards/manifest.py")
