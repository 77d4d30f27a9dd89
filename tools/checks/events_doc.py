# docs/events.md, made from the engines themselves: the shared API (pawpad.games.common's
# opening comment), and for each game its players, house rules and every event it takes
# (its handlers' docstrings). Made, not written, so that it cannot drift from the code:
# host_tests/test_events_doc.py fails when the page is not what this prints.
#   python tools/checks/events_doc.py [--write]      prints the page, or writes it
import importlib
import inspect
import os
import sys

from pawpad.app import registry

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PAGE = os.path.join(ROOT, "docs", "events.md")

HEAD = """# The rules engines: what they take and give

<!-- Made by tools/checks/events_doc.py from the engines; do not edit by hand. -->

The four rules engines and the core are a package for CPython too: `pip install .` in
the repository's top folder installs `pawpad.games` (the engines), `pawpad.core` and
`pawpad.ticks`; the box's app, drivers and store stay on the box. Nothing in them reads
a clock or touches hardware. `examples/play_top_dogs.py` plays a game from a script.
How the box reads each rulebook, and why: [rules.md](rules.md).

## What every engine has

From `pawpad/games/common.py`:

```
%s
```

The box keeps a game as these events, a line each in its log (`game.log`), after a
header naming the game, the players and the settings; undo, redo and corrections are
records of their own there, and what they leave in force is what the engine replays.
"""


def common_api():
    """The opening comment of pawpad/games/common.py, without the comment marks."""
    with open(os.path.join(ROOT, "firmware", "pawpad", "games", "common.py")) as f:
        lines = []
        for line in f:
            if not line.startswith("#"):
                break
            lines.append(line[2:].rstrip())
    return "\n".join(lines)


def rule_row(row):
    key, label, default, kind, low, high, _step = row
    if kind == "int":
        allowed = "%s..%s" % (low, high)
    elif kind == "choice":
        allowed = " / ".join(low)
    elif kind == "spaces":
        allowed = "spaces %s..%s" % (low, high)
    elif kind == "seat":
        allowed = "a seat (0 is the first)"
    else:
        allowed = "true / false"
    return "| `%s` | %s | %s | `%r` |" % (key, label or "(set by the app)", allowed, default)


def game_section(gid, title, module):
    m = importlib.import_module(module)
    out = ["## %s (`%s`)" % (title, module), ""]
    low, high = getattr(m, "MIN_PLAYERS", None), getattr(m, "MAX_PLAYERS", None)
    if low is not None:
        out += ["Players: %d to %d. `start(players, settings)`." % (low, high), ""]
    if m.HOUSE_RULES:
        out += ["House rules (`settings`; what is left out takes its default):", "",
                "| key | on the box | values | default |", "|---|---|---|---|"]
        out += [rule_row(row) for row in m.HOUSE_RULES] + [""]
    out += ["Events (`step(state, event)`):", ""]
    for kind, fn in m._HANDLERS.items():
        doc = inspect.cleandoc(fn.__doc__ or "")
        out += ["### `%s`" % kind, "", doc, ""]
    return out


def page():

    out = [HEAD % common_api()]
    for g in registry.GAMES:
        out += game_section(g.id, g.title, g.engine)
    return "\n".join(out).rstrip() + "\n"


def main():
    text = page()
    if "--write" in sys.argv:
        with open(PAGE, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
