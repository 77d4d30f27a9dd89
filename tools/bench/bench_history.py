# History figures for `make bench`, run on the MicroPython unix port on a history.log of
# 300 finished games (tools/bench/bench_long_data.py's, made on the host by bench.py):
# the index made from it (what the boot does once for a history without one, with its
# bar), History opened and its first rows drawn, and a game ended onto it (the first
# end prunes it to the newest 50, copying them; the next ones append), each timed and
# with the bytes it read of history.log and history.idx. Unix-port timings: a Pico is
# 50-100 times slower.
# Usage: micropython tools/bench/bench_history.py FOLDER (history.log in it; a copy is
# worked on in FOLDER/work)
import os
import sys
import time

from pawpad.app.menus import history as history_menu
from pawpad.app.menus.history import History
from pawpad.store import files
from pawpad.store.files import Storage
from pawpad.store.log import lines
from pawpad.store.records import history as history_mod
from pawpad.store.records import history_index as hi
from pawpad.store.records.history import HISTORY, add_game
from pawpad.ui.canvas import Canvas
from pawsim import reads

MODULES = (hi, history_mod, lines, files, history_menu)


class App:
    class nav:
        dirty = False

    def __init__(self, store):
        self.store = store
        self.settings = {"colours": ["Red", "Blue", "Green", "Yellow", "White", "Purple",
                                     "Orange", "Pink"]}


def timed(label, fn):
    with reads.Counting(MODULES) as read:
        t = time.ticks_us()
        fn()
        us = time.ticks_diff(time.ticks_us(), t)
    print("  %-34s  %8.1f  %9d  %8d" % (label, us / 1000, read.get(HISTORY, 0),
                                        read.get(hi.INDEX, 0)))


def last_record(store):
    last = None
    for rec in history_mod.history(store):
        last = rec
    return last


def main(folder):
    work = folder + "/work"
    store = Storage(work)
    for name in os.listdir(work):
        os.remove(work + "/" + name)
    with open(folder + "/" + HISTORY, "rb") as src, open(store.path(HISTORY), "wb") as out:
        while True:
            data = src.read(4096)
            if not data:
                break
            out.write(data)
    games = len(list(history_mod.history(store)))
    size = store.size(HISTORY)
    new = last_record(store)
    app = App(store)
    print("history.log: %d games, %d KB" % (games, size // 1024))
    print("  step  ms (unix port)  history.log bytes read  history.idx bytes read")

    def opened():
        h = History()
        h.draw(Canvas(), app)

    timed("whole history read (History before)", lambda: list(history_mod.history(store)))
    timed("index made (once, at boot)", lambda: hi.current(store))
    timed("History opened, %d games" % games, opened)

    def end(i):
        def run():
            rec = dict(new)
            rec["id"] = "bench%d" % i
            add_game(store, rec)
        return run

    timed("game ended, %d games (pruned)" % games, end(1))
    n = len(list(history_mod.history(store)))
    timed("game ended, %d games" % n, end(2))
    timed("History opened, %d games" % (n + 1), opened)
    for name in os.listdir(work):
        os.remove(work + "/" + name)
    os.rmdir(work)


main(sys.argv[1])
