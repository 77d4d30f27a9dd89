# The restless table as a benchmark-style run: `make restless GAMES=16 STEPS=1500`.
# Random play of every game through the real menus with undos, corrections, power cuts
# and watchdog resets; prints the figures and each failure. See pawsim/restless.py.
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "tools")
sys.path.insert(0, "boards/pico")

from pawsim import restless  # noqa: E402

sys.exit(restless.main(sys.argv))
