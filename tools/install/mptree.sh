# MicroPython's source tree and the tools that build its rp2 port, for the two builds
# that need them: make emulator (tools/rp2emu/build.sh) and make firmware
# (tools/install/firmware.sh). Sourced by both, so the release they build from and the
# way they fetch it are said once. Needs: SAY (the prefix of what is said), MIRROR.
#
# The repositories come from local copies where there are some (MIRROR=<folder> with
# <owner>+<name>/repo bare copies, or <owner>+<name> clones), else from GitHub.
MP_TAG=${MP_TAG:-v1.28.0}
PICOTOOL_TAG=${PICOTOOL_TAG:-2.2.0}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
MIRROR=${MIRROR:-}
SAY=${SAY:-mptree}
say() { echo "$SAY: $*"; }

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

# The Debian packages the rp2 port and picotool build with that this machine lacks,
# one a line: an ARM compiler and its C library, cmake, a host C++ compiler (mpy-cross,
# picotool), libusb for picotool.
build_needs() {
  command -v arm-none-eabi-gcc >/dev/null || printf '%s\n' gcc-arm-none-eabi libnewlib-arm-none-eabi
  command -v cmake >/dev/null || echo cmake
  command -v g++ >/dev/null || echo build-essential
  [ -e /usr/include/libusb-1.0/libusb.h ] || printf '%s\n' libusb-1.0-0-dev pkg-config
  return 0
}

# apt_install PKG...: from apt-get where this machine lets us (root, or sudo); else what to
# run is said and the build stops.
apt_install() {
  [ $# -gt 0 ] || return 0
  local sudo=
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null && sudo=sudo
  fi
  if ! command -v apt-get >/dev/null || { [ "$(id -u)" != 0 ] && [ -z "$sudo" ]; }; then
    say "missing: $* (on Debian or Ubuntu: sudo apt-get install $*)"
    return 1
  fi
  say "installing $*"
  $sudo apt-get update -q && $sudo apt-get install -y -q "$@"
}

# micropython_tree DIR: MicroPython at MP_TAG in DIR, with the submodules its rp2 port
# builds the RPI_PICO with, at the commits the release names. What is there already
# at those commits is kept.
micropython_tree() {
  local mp=$1 spec sub name rev
  clone micropython/micropython "$mp" "$MP_TAG"
  for spec in lib/pico-sdk:raspberrypi/pico-sdk lib/tinyusb:hathach/tinyusb \
              lib/micropython-lib:micropython/micropython-lib lib/mbedtls:Mbed-TLS/mbedtls; do
    sub=${spec%%:*} name=${spec#*:}
    rev=$(git -C "$mp" ls-tree HEAD "$sub" | awk '{print $3}')
    if [ "$(git -C "$mp/$sub" rev-parse -q HEAD 2>/dev/null)" != "$rev" ]; then
      rm -rf "${mp:?}/$sub"
      clone "$name" "$mp/$sub" "$rev"
    fi
  done
}

# build_picotool DEST SDK: picotool at PICOTOOL_TAG, built against the pico-sdk SDK and
# installed in DEST/picotool-install (pico-sdk 2.x makes the UF2 with it; without one
# it would fetch and build its own from GitHub). Sets picotool_DIR for the rp2 build.
build_picotool() {
  local dest=$1 sdk=$2
  if [ ! -x "$dest/picotool-install/bin/picotool" ]; then
    clone raspberrypi/picotool "$dest/picotool" "$PICOTOOL_TAG"
    say "picotool $PICOTOOL_TAG"
    cmake -S "$dest/picotool" -B "$dest/picotool/build" -DPICO_SDK_PATH="$sdk" \
      -DCMAKE_INSTALL_PREFIX="$dest/picotool-install" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$dest/picotool/build" -j"$JOBS" >/dev/null
    cmake --install "$dest/picotool/build" >/dev/null
  fi
  export picotool_DIR=$dest/picotool-install/lib/cmake/picotool
}
