#!/usr/bin/env bash
# make emulator: the emulated Pico of tools/rp2emu, built into build/rp2emu/:
#   node_modules (rp2040js, from npm), bootrom.mjs (the RP2040's B1 boot ROM, from the
#   rp2040js repository), micropython/ (MicroPython v1.28.0 with the submodules its rp2
#   port needs, at the commits the release names), picotool/ (pico-sdk 2.x makes the UF2
#   with it) and firmware.uf2 (the stock RPI_PICO firmware: the .mpy install's).
# The repositories come from local copies where there are some (MIRROR=<folder> with
# <owner>+<name>/repo bare copies, or <owner>+<name> clones), else from GitHub.
# Takes 5-10 minutes on two cores; a second run rebuilds nothing that is there.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/tools/rp2emu
DEST=${DEST:-$ROOT/build/rp2emu}
mkdir -p "$DEST"
SAY="make emulator"
# shellcheck source=../install/mptree.sh
. "$ROOT/tools/install/mptree.sh"

# 1. the tools: an ARM compiler, cmake, libusb for picotool; node for rp2040js
mapfile -t need < <(build_needs)
command -v node >/dev/null || need+=(nodejs npm)
apt_install "${need[@]}"

# 2. rp2040js, at the version package-lock.json pins
if [ ! -d "$HERE/node_modules/rp2040js" ]; then
  say "rp2040js (npm)"
  (cd "$HERE" && npm ci --no-audit --no-fund --silent)
fi

# 3. the boot ROM: rp2040js's demo keeps it as a JavaScript module
if [ ! -s "$DEST/bootrom.mjs" ]; then
  clone wokwi/rp2040js "$DEST/rp2040js"
  cp "$DEST/rp2040js/demo/bootrom.ts" "$DEST/bootrom.mjs"
fi

# 4. MicroPython and the submodules the rp2 port builds with
MP=$DEST/micropython
micropython_tree "$MP"

# 5. picotool, which pico-sdk 2.x makes the UF2 with
build_picotool "$DEST" "$MP/lib/pico-sdk"

# 6. the stock firmware (make firmware builds the frozen one in the same tree)
if [ ! -s "$DEST/firmware.uf2" ]; then
  say "MicroPython $MP_TAG for RPI_PICO"
  env -u FROZEN_MANIFEST make -C "$MP/mpy-cross" -j"$JOBS" >/dev/null
  env -u FROZEN_MANIFEST make -C "$MP/ports/rp2" BOARD=RPI_PICO BUILD="$DEST/build-RPI_PICO" \
    -j"$JOBS" >/dev/null
  cp "$DEST/build-RPI_PICO/firmware.uf2" "$DEST/firmware.uf2"
fi

# 7. it runs: the version and the heap, from the emulated chip
node "$HERE/pico.mjs" --quiet --timeout 120 \
  --exec "import sys, gc; print('make emulator:', sys.implementation._machine, sys.version, gc.mem_free(), 'B free')"
say "done. Run it: make emulator-run (serial socket://127.0.0.1:47001, control port 47002)"
