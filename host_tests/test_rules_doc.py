# cpython only
# docs/rules.md, the readings of the rulebooks the box plays by, stays the engines'
# own: every house rule of every engine and every settled reading the setup screen
# shows is named in it, and every engine function it names exists.
import os
import re

from pawpad import games
from pawpad.core.stage import detector
from pawpad.core.stop import lockout
from pawpad.games import engine_for

DOC = os.path.join(os.path.dirname(__file__), "..", "docs", "rules.md")


def text():
    with open(DOC, encoding="utf-8") as f:
        return f.read()


def test_every_house_rule_and_reading_is_in_the_rules_document():
    doc = text()
    for gid in games.IDS:
        engine = engine_for(gid)
        assert "`pawpad.games.%s`" % gid in doc, gid
        for row in engine.HOUSE_RULES:
            assert "`%s`" % row[0] in doc, (gid, row[0])
        for label, _text in engine.READINGS:
            assert '"%s"' % label in doc, (gid, label)


def test_every_function_the_document_names_exists():
    doc = text()
    modules = [engine_for(gid) for gid in games.IDS] + [lockout, detector]
    named = set(re.findall(r"`([a-z_]+)\(", doc)) | set(re.findall(r"`([A-Z][A-Za-z]+)\(", doc))
    assert len(named) >= 12, named
    for name in named:
        if name in ("step", "start", "check_state", "ticks_diff", "ticks_us"):
            continue  # engine.step(...) and the like: every engine's, or MicroPython's
        assert any(hasattr(m, name) for m in modules), name
    for m in [engine_for(gid) for gid in games.IDS]:
        for name in ("start", "step", "check_state"):
            assert hasattr(m, name), (m.__name__, name)
