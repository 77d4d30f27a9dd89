# The restless table as a benchmark-style run: `make restless GAMES=16 STEPS=1500`.
# Random play of every game through the real menus with undos, corrections, power cuts
# and watchdog resets; prints the figures and each failure. See pawsim/restless.py.
import sys

from pawsim import restless

sys.exit(restless.main(sys.argv))
