# The terminal simulator's frames for a key script, for the browser test to compare
# with the page's: runs on the MicroPython unix port with tools/pawsim's board and
# prints one frame a line (web/py/webscript.py says the format).
#   micropython tools/web/web_frames.py SCRIPT DATA_DIR [--events]
# DATA_DIR: an empty folder (the box's flash). --events: after the frames, a line
# "event <n> <t_ms> <action> [args]" per event of the script: n frames had been drawn
# when it came.
import sys

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
for _p in ("/../../web/py", "/../../boards/pico", "/../../firmware", "/..", ""):
    sys.path.insert(0, _HERE + _p)

import webscript  # noqa: E402

import pawsim.board as simboard  # noqa: E402


def main():
    script, data = sys.argv[1], sys.argv[2]
    with open(script) as f:
        text = f.read()
    world = simboard.World(simboard.Clock(True))
    hw = simboard.build(world, data)
    player = webscript.play(world, hw, text)
    for frame in player.frames:
        print(frame)
    if "--events" in sys.argv:
        for n, (t, action, args) in zip(player.before, player.events):
            print("event %d %d %s" % (n, t, " ".join([action] + args)))


main()
