# cpython only: docs/events.md is what the engines say of themselves (made by
# tools/checks/events_doc.py), and `pip install .` installs the engines as a package
# that plays a game from a script (examples/play_top_dogs.py) away from the sources.
import shutil
import subprocess
import sys

from checks import events_doc
from support.unix_port import ROOT


def test_the_events_page_is_made_from_the_engines():
    with open(events_doc.PAGE) as f:
        kept = f.read()
    assert kept == events_doc.page(), "docs/events.md is stale: python " \
        "tools/checks/events_doc.py --write"
    from pawpad import games
    from pawpad.app import registry

    for g in registry.GAMES:
        engine = games.engine_for(g.id)
        for kind in engine._HANDLERS:
            assert "### `%s`" % kind in kept, (g.id, kind)


def _copy_of_the_repository(dest):
    """The tree as a clone has it (no .venv, build, .git or node_modules)."""
    skip = shutil.ignore_patterns(".venv", "build", ".git", "node_modules", "__pycache__",
                                  "*.egg-info", ".pytest_cache", ".ruff_cache",
                                  ".mypy_cache", "sim_data")
    shutil.copytree(ROOT, dest, ignore=skip)


def test_pip_install_gives_the_engines_and_the_example_plays(tmp_path):
    src = tmp_path / "pawpad"
    _copy_of_the_repository(str(src))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = str(venv / "bin" / "python")
    got = subprocess.run([py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                          str(src)], capture_output=True, text=True)
    assert got.returncode == 0, got.stderr[-2000:]
    away = tmp_path / "elsewhere"  # not the sources: the installed package is what runs
    away.mkdir()
    run = subprocess.run([py, str(src / "examples" / "play_top_dogs.py"), "3"],
                         cwd=str(away), capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len([x for x in lines if x.startswith("round ")]) == 10
    assert lines[-1].startswith("winner(s): player ")
    where = subprocess.run([py, "-c", "import pawpad.games.top_dogs as t; print(t.__file__)"],
                           cwd=str(away), capture_output=True, text=True)
    assert "site-packages" in where.stdout, where.stdout + where.stderr
    for box_only in ("pawpad.app", "pawpad.drivers", "pawpad.store"):
        r = subprocess.run([py, "-c", "import " + box_only], cwd=str(away),
                           capture_output=True, text=True)
        assert r.returncode != 0, box_only + " was installed: it belongs on the box"
