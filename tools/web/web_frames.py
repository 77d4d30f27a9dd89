# The terminal simulator's frames for a key script, for the browser test to compare
# with the page's: runs on the MicroPython unix port with tools/pawsim's board and
# prints one frame a line (web/py/webscript.py says the format).
#   micropython tools/web/web_frames.py SCRIPT DATA_DIR [--events]
# DATA_DIR: an empty folder (the box's flash). --events: after the frames, a line
# "event <n> <t_ms> <action> [args]" per event of the script: n frames had been drawn
# when it came.
# The firmware, pawsim, the pins and the page's own script reader (web/py/webscript.py)
# come from MICROPYPATH: web_test.py passes tools/sim/unixport.py's with web/py added.
import sys

import webscript

import pawsim.board as simboard


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
