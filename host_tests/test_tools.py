# cpython only: the host tools - simulator scripts, layer check, bench figures - and the
# fakes checked against the rp2 port's stubs.
import ast
import os
import subprocess
import sys
import sysconfig

from bench import bench
from checks import check_layers
from pawsim import fakes
from support.unix_port import ROOT, run_sim

TOUR = "1600 snap menu\n1700 down\n1800 down\n1900 down\n2000 down\n2100 ok\n2200 p3\n" \
       "2300 snap players\n2400 back\n2500 end\n"


def test_headless_sim_plays_a_script_and_writes_pngs(tmp_path):
    log, out = run_sim(tmp_path, TOUR)
    text = "\n".join(log)
    assert "  1500 screen menu" in text
    assert "  2100 screen players" in text
    assert "  2200 sound 1397 Hz" in text  # PRESS
    assert "  2500 screen menu" in text  # BACK acts when let go (80 ms + debounce)
    png = (out / "players.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    from PIL import Image

    with Image.open(out / "players.png") as im:
        im.load()
        assert im.size == ((128 + 8) * 3, (64 + 8) * 3)
        assert len(im.getcolors()) == 2  # lit and dark pixels, nothing else


def test_headless_sim_png_shows_the_panel(tmp_path):
    from PIL import Image

    log, out = run_sim(tmp_path, "1600 snap menu\n1700 end\n")
    with Image.open(out / "menu.png") as im:
        im = im.convert("L")
        # the title bar is lit across the top; the bottom right corner is dark
        assert im.getpixel((12 + 64 * 3, 12 + 3)) > 100
        assert im.getpixel((im.size[0] - 14, im.size[1] - 14)) < 50


def test_headless_sim_without_display_and_with_stuck_button(tmp_path):
    log, out = run_sim(tmp_path, "1600 end\n", "--no-display", "--hold", "2")
    assert any("screen notice" in line for line in log)


def test_headless_sim_rejects_a_bad_script(tmp_path):
    keys = tmp_path / "bad.keys"
    keys.write_text("100 jump\n")
    r = subprocess.run([os.path.join(os.path.dirname(sys.executable), "micropython"),
                        "tools/sim/sim.py", "--script", str(keys), "--out", str(tmp_path)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode != 0
    assert "unknown action: jump" in r.stdout + r.stderr


def test_layer_check_finds_a_rules_engine_touching_hardware(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    (games / "bad.py").write_text("import machine\nfrom pawpad.ui import canvas\n")
    (games / "good.py").write_text("from pawpad.core import lockout\nimport json\n")
    found = check_layers.breaches(str(tmp_path))
    assert len(found) == 2
    assert "bad.py:1" in found[0] and "bad.py:2" in found[1]


def test_layer_check_passes_the_firmware():
    assert check_layers.breaches(os.path.join(ROOT, "firmware", "pawpad")) == []


def test_bench_bus_figures():
    full, line = bench.bus_figures()
    assert full == 1038  # one transfer: address, window (12 bytes), control, 1024
    assert 20 < line < 200
    assert round(bench.ms(full, 400000), 2) == 23.36


def _stub_classes():
    site = sysconfig.get_paths()["purelib"]
    with open(os.path.join(site, "machine.pyi")) as f:
        tree = ast.parse(f.read())
    classes = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            methods = classes.setdefault(node.name, {})
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    args = item.args
                    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
                    methods.setdefault(item.name, set()).update(names)
    return classes


def test_fakes_only_use_what_the_rp2_port_has():
    stubs = _stub_classes()
    # The firmware calls these on machine objects; each fake must offer them with the
    # stub's argument names, and the stub must have them.
    used = {
        "Pin": ["value", "irq", "__call__"],
        "I2C": ["writeto", "writevto", "scan", "readfrom_into"],
        "PWM": ["freq", "duty_u16", "deinit"],
    }
    for cls, methods in used.items():
        fake = getattr(fakes, cls)
        for m in methods:
            assert m in stubs[cls], "%s.%s is not in the rp2 stubs" % (cls, m)
            params = [p for p in fake.__dict__[m].__code__.co_varnames[
                1:fake.__dict__[m].__code__.co_argcount]]
            for p in params:
                assert p in stubs[cls][m], "%s.%s(%s) not in the stubs" % (cls, m, p)
    for const in ("IN", "OUT", "PULL_UP", "PULL_DOWN", "IRQ_FALLING", "IRQ_RISING"):
        assert hasattr(fakes.Pin, const)


def test_the_layer_check_finds_an_import_circle_inside_a_layer(tmp_path):
    app = tmp_path / "pawpad" / "app" / "shell"
    app.mkdir(parents=True)
    (app / "a.py").write_text("from pawpad.app.shell import b\n")
    (app / "b.py").write_text("def f():\n    import pawpad.app.shell.c\n")  # deferred: counts
    (app / "c.py").write_text("x = __import__('pawpad.app.shell.a')\n")
    (app / "d.py").write_text("from pawpad.app.shell.a import thing\n")
    found = check_layers.circles(str(tmp_path / "pawpad"))
    assert found == ["app.shell: import circle a -> b -> c -> a"]
    (app / "c.py").write_text("x = 1\n")
    assert check_layers.circles(str(tmp_path / "pawpad")) == []
    assert check_layers.circles(os.path.join(ROOT, "firmware", "pawpad")) == []


def test_the_layer_check_keeps_the_kernel_below_the_screens_and_the_store_below_the_app(
        tmp_path):
    root = tmp_path / "pawpad"
    for sub, text in (("app/shell/nav.py", "from pawpad.app.menus.main import MainMenu\n"),
                      ("app/menus/main.py", "from pawpad.app.shell.nav import Navigator\n"),
                      ("app/flows/x/flow.py", "from pawpad.app.device import loop\n"),
                      ("store/session.py", "import time\nfrom pawpad.ui import widgets\n"),
                      ("app/device/loop.py",
                       "import machine\nfrom pawpad.app.flows.x import flow\n")):
        (root / sub).parent.mkdir(parents=True, exist_ok=True)
        (root / sub).write_text(text)
    found = sorted(line.split(": ", 1)[1] for line in check_layers.breaches(str(root)))
    assert found == ["app.device imports machine", "app.device imports pawpad.app.flows.x",
                     "app.flows imports pawpad.app.device",
                     "app.shell imports pawpad.app.menus.main",
                     "store imports pawpad.ui", "store imports time"], found
    assert check_layers.breaches(os.path.join(ROOT, "firmware", "pawpad")) == []


def test_the_layer_check_sees_code_loaded_by_name_and_keeps_the_registry_low(tmp_path):
    # pawpad.loader.load("pawpad.x") imports as much as an import statement does; the
    # registry (the games' rows) is below the kernel and names the flows only as text.
    root = tmp_path / "pawpad"
    for sub, text in (("store/resume.py", "from pawpad import loader\n"
                       "loader.load('pawpad.app.shell.game')\n"),
                      ("app/registry.py", "from pawpad.app.shell import flow\n"),
                      ("app/shell/game_start.py", "from pawpad.app.registry import prepare\n"),
                      ("games/x.py", "from pawpad.app import registry\n")):
        (root / sub).parent.mkdir(parents=True, exist_ok=True)
        (root / sub).write_text(text)
    found = sorted(line.split(": ", 1)[1] for line in check_layers.breaches(str(root)))
    assert found == ["app.registry imports pawpad.app.shell",  # one breach a line
                     "games imports pawpad.app.registry",
                     "store imports pawpad.app.shell.game"], found
