#!/usr/bin/env bash
# make firmware: the Pico's UF2 with Pawpad frozen in (boards/$BOARD/manifest.py), in one
# command on a fresh machine. Without MICROPY it builds in the tree make emulator uses,
# $DEST/micropython: MicroPython at the release tools/install/mptree.sh pins, with the
# submodules its rp2 port needs, and picotool, fetched as make emulator fetches them
# (MIRROR=<folder> of local copies, else GitHub); what is there already is kept. With
# MICROPY=<a MicroPython tree> it builds in that tree as it is. Either way the ARM
# toolchain and cmake come from apt-get where they are missing and may be installed.
# About 5 minutes on two cores the first time (with the fetching), seconds after.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DEST=${DEST:-$ROOT/build/rp2emu}
BOARD=${BOARD:-pico}
MPBOARD=${MPBOARD:-RPI_PICO}
MICROPY=${MICROPY:-}
FWBUILD=${FWBUILD:-$ROOT/build/firmware-$MPBOARD}  # the build, kept for the next
OUT=${OUT:-$ROOT/build/pawpad-$BOARD.uf2}
SAY="make firmware"
# shellcheck source=mptree.sh
. "$ROOT/tools/install/mptree.sh"

mapfile -t need < <(build_needs)
apt_install "${need[@]}"

if [ -z "$MICROPY" ]; then
  mkdir -p "$DEST"
  MICROPY=$DEST/micropython
  micropython_tree "$MICROPY"
  build_picotool "$DEST" "$MICROPY/lib/pico-sdk"
elif [ ! -f "$MICROPY/ports/rp2/Makefile" ]; then
  say "$MICROPY: not a MicroPython tree"
  exit 2
fi

say "MicroPython $(git -C "$MICROPY" describe --tags 2>/dev/null || echo '(no tag)') for $MPBOARD," \
  "from $MICROPY"
make -C "$MICROPY/mpy-cross" -j"$JOBS"
make -C "$MICROPY/ports/rp2" -j"$JOBS" BOARD="$MPBOARD" BUILD="$FWBUILD" \
  FROZEN_MANIFEST="$ROOT/boards/$BOARD/manifest.py"
mkdir -p "$(dirname "$OUT")"
cp "$FWBUILD/firmware.uf2" "$OUT"

say "built ${OUT#"$ROOT"/} ($(stat -c %s "$OUT") bytes)"
say "onto the Pico: hold its BOOTSEL button while plugging it in; copy the file onto the" \
  "drive that appears (RPI-RP2), and the Pico restarts with it. Then: make flash FROZEN=1" \
  "(main.py, board.py and pins.py; PORT=/dev/ttyACM0 if mpremote does not find it)"
