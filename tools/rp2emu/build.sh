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
MP_TAG=${MP_TAG:-v1.28.0}
PICOTOOL_TAG=${PICOTOOL_TAG:-2.2.0}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
MIRROR=${MIRROR:-}
mkdir -p "$DEST"
say() { echo "make emulator: $*"; }

# where a repository comes from: a local copy if there is one, else GitHub
source_of() {
  local name=$1 m
  if [ -n "$MIRROR" ]; then
    for m in "$MIRROR/${name/\//+}/repo" "$MIRROR/${name/\//+}"; do
      if git --git-dir="$m" rev-parse -q --verify HEAD >/dev/null 2>&1 ||
         git -C "$m" rev-parse -q --verify HEAD >/dev/null 2>&1; then
        echo "$m"; return
      fi
    done
  fi
  echo "https://github.com/$name"
}
clone() { # clone NAME DIR [REV]: a work tree at REV (a local copy is shared, not copied)
  local src; src=$(source_of "$1")
  if [ ! -e "$2/.git" ]; then
    say "$1 from $src"
    case $src in
      https://*) git clone -q -n "$src" "$2" ;;
      *) git clone -q --shared -n "$src" "$2" ;;
    esac
  fi
  # A local copy may lack a few large files no build here reads (test data): the
  # checkout then stops short, and what is missing is marked as not wanted.
  git -C "$2" checkout -q "${3:-HEAD}" 2>/dev/null || say "$1: some files are not in the copy"
  git -C "$2" ls-files -d -z | xargs -0 -r git -C "$2" update-index --skip-worktree
}

# 1. the tools: an ARM compiler, cmake, libusb for picotool; node for rp2040js
need=()
command -v arm-none-eabi-gcc >/dev/null || need+=(gcc-arm-none-eabi libnewlib-arm-none-eabi)
command -v cmake >/dev/null || need+=(cmake)
command -v g++ >/dev/null || need+=(build-essential)
[ -e /usr/include/libusb-1.0/libusb.h ] || need+=(libusb-1.0-0-dev pkg-config)
command -v node >/dev/null || need+=(nodejs npm)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -q && $SUDO apt-get install -y -q "${need[@]}"
fi

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
clone micropython/micropython "$MP" "$MP_TAG"
for spec in lib/pico-sdk:raspberrypi/pico-sdk lib/tinyusb:hathach/tinyusb \
            lib/micropython-lib:micropython/micropython-lib lib/mbedtls:Mbed-TLS/mbedtls; do
  sub=${spec%%:*} name=${spec#*:}
  rev=$(git -C "$MP" ls-tree HEAD "$sub" | awk '{print $3}')
  if [ "$(git -C "$MP/$sub" rev-parse -q HEAD 2>/dev/null)" != "$rev" ]; then
    rm -rf "${MP:?}/$sub"
    clone "$name" "$MP/$sub" "$rev"
  fi
done

# 5. picotool, which pico-sdk 2.x makes the UF2 with
if [ ! -x "$DEST/picotool-install/bin/picotool" ]; then
  clone raspberrypi/picotool "$DEST/picotool" "$PICOTOOL_TAG"
  say "picotool $PICOTOOL_TAG"
  cmake -S "$DEST/picotool" -B "$DEST/picotool/build" -DPICO_SDK_PATH="$MP/lib/pico-sdk" \
    -DCMAKE_INSTALL_PREFIX="$DEST/picotool-install" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$DEST/picotool/build" -j"$JOBS" >/dev/null
  cmake --install "$DEST/picotool/build" >/dev/null
fi
export picotool_DIR=$DEST/picotool-install/lib/cmake/picotool

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
