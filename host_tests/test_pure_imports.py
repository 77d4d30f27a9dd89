# cpython only: the engines, the core services and the tick arithmetic import on a plain
# CPython with nothing but firmware/ on the path (no test shims, no micropython module):
# anyone can use the rules engines as a library.
import os
import subprocess
import sys

from support.unix_port import ROOT

PURE = ("pawpad.ticks", "pawpad.core.colours", "pawpad.store.log.codec", "pawpad.core.stop.lockout",
        "pawpad.store.log.pages", "pawpad.store.log.timeline", "pawpad.core.settings",
        "pawpad.core.stage.detector", "pawpad.core.stage.recording",
        "pawpad.core.stage.sense", "pawpad.core.timers",
        "pawpad.games.common", "pawpad.games.shape", "pawpad.games.pick_a_dog",
        "pawpad.games.circus_puppy", "pawpad.games.top_dog", "pawpad.games.top_dogs")


def test_pure_modules_import_on_plain_cpython():
    code = ("import sys; sys.path[:] = [p for p in sys.path if 'shims' not in p and "
            "'host_tests' not in p and 'tools' not in p]; sys.path.insert(0, %r)\n"
            "for m in %r: __import__(m)\n"
            "import pawpad.games.top_dogs as t; print(t.team_value([5, 5, 2]))"
            % (os.path.join(ROOT, "firmware"), PURE))
    r = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                       cwd="/", env={"PATH": os.environ.get("PATH", "")})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "27"
    listed = set(PURE)
    for layer in ("core", "games"):
        folder = os.path.join(ROOT, "firmware", "pawpad", layer)
        for name in os.listdir(folder):
            if name.endswith(".py") and name != "__init__.py":
                mod = "pawpad.%s.%s" % (layer, name[:-3])
                assert mod in listed, mod + " is pure: list it here"
