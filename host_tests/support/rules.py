# The steps every title can show, each the key of its page in the rules file
# (test_rules_here, test_rules_file).
import os

from pawpad.app import registry
from pawpad.ui.screen import Screen


def steps():
    """{game id: [screen names]}: every screen each title's flow can show (its
    package's Screen classes that have a name of their own), and its results."""
    out = {}
    for g in registry.GAMES:
        if not g.flow.startswith("pawpad.app.flows."):
            continue  # a test's own game (the fifth game's coin toss)
        pkg = g.flow.rpartition(".")[0]
        where = __import__(g.flow, None, None, ["FLOW"]).__file__.rpartition("/")[0]
        names = []
        for f in sorted(os.listdir(where)):
            if not (f.endswith(".py") or f.endswith(".mpy")) or f.startswith("__"):
                continue
            m = __import__(pkg + "." + f.rpartition(".")[0], None, None, ["x"])
            for a in dir(m):
                o = getattr(m, a)
                if isinstance(o, type) and issubclass(o, Screen) and o.name != "screen" \
                        and o.name not in names:
                    names.append(o.name)
        names.append("results")  # the shell's screen every game ends on
        out[g.id] = names
    return out


def every_key():
    return ["%s/%s" % (game, name) for game, names in steps().items() for name in names]
