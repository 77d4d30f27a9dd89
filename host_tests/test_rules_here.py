# Rules here: the game menu's first row shows the step under it, what the rulebook says
# and how the box reads it, from the rules file (firmware/rules.bin, made from
# docs/rules.md) a screen at a time. Every step of every title has its page; the page
# opens from the game menu in every title, scrolls with UP/DOWN, fits the panel, and
# BACK returns to the step as it was; a missing or damaged file says so. Both runtimes.
import os

from pawpad.app.shell.rules_here import SHOWN, RulesHere
from pawpad.store import rules_book
from pawpad.ui.screen import DOWN, UP
from pawpad.ui.widgets import COLS
from pawsim import fit
from pawsim.board import rules_file
from pawsim.script import parse
from pawsim.scripts import GO_MS, timed
from support.device import fresh_dir, play
from support.pick_a_dog import data_with, open_variant
from support.rules import every_key, steps

RULES = rules_file()
OPEN_RULES = ["back", "up", "ok"]  # the game menu opens on Back to game: UP is Rules here


class _Game:
    """What RulesHere needs of a game drawn alone."""


def pages_of(key, path=RULES):
    """Each page of the entry as drawn: [(corner, [lines])], DOWN after DOWN."""
    from pawsim import gallery

    app = gallery.quiet_app(gallery.settings.defaults())
    screen = RulesHere(_Game(), key, path)
    app.nav.stack = [app.nav.stack[0], screen]
    out = []
    for _ in range(40):
        c = fit.FitCanvas()
        app.nav.stack[-1].draw(c, app)
        found = fit.check(c.boxes)
        assert not found, (key, screen.top, found)
        out.append(list(screen.lines or []))
        before = screen.top
        screen.key(app, DOWN)
        if screen.top == before:
            return screen, out
    raise AssertionError(key + ": DOWN never reaches the end")


def test_every_step_of_every_title_has_its_page():
    found = steps()
    assert sorted(found) == ["circus_puppy", "pick_a_dog", "top_dog", "top_dogs"]
    assert "pad-exam" in found["pick_a_dog"] and "team-entry" in found["top_dogs"]
    assert sum(len(v) for v in found.values()) >= 27
    assert RULES is not None
    for key in every_key():
        e = rules_book.find(RULES, key)  # Unreadable (a failure) when it has none
        assert e.title and e.lines >= 3, key
        text = rules_book.page(RULES, e, 0, e.lines)
        assert len(text) == e.lines
        # the three parts: what the step is, the rulebook's sense, the box's reading
        heads = [line.split(":")[0] for line in text if line.endswith(":") or ": " in line]
        for part in ("Step", "Rulebook", "Box"):
            assert part in heads, (key, part)


def test_a_step_the_file_does_not_know_says_so():
    try:
        rules_book.find(RULES, "top_dogs/no-such-screen")
    except rules_book.Unreadable as e:
        assert "No rules for this step" in e.args[0]
    else:
        raise AssertionError("found a step that is not there")


def test_every_page_fits_the_panel_and_down_reaches_the_last_line():
    for key in every_key():
        screen, pages = pages_of(key)
        shown = []
        for page in pages:
            assert 0 < len(page) <= SHOWN, key
            for line in page:
                assert len(line) <= COLS, (key, line)
            shown += page if not shown else page[1:]  # a page's first line ends the last
        whole = rules_book.page(RULES, screen.entry, 0, screen.entry.lines)
        assert shown == whole, key
        # and UP from the last page comes back page by page to the first
        from pawsim import gallery

        app = gallery.quiet_app(gallery.settings.defaults())
        app.nav.stack = [app.nav.stack[0], screen]
        back = []
        for _ in range(len(pages)):
            screen.draw(fit.FitCanvas(), app)
            back.append(screen.lines)
            screen.key(app, UP)
        assert back == list(reversed(pages)), key


def open_rules_over(p):
    """BACK, UP, OK from the step on show: the rules' screen over it. Returns what the
    game and its screens were before, to compare with after BACK."""
    app = p.dev.app
    before = (list(app.nav.stack), app.top, dict(app.session.state),
              len(app.session.events()))
    script, _ = timed(p.t + 200, OPEN_RULES)
    p.play(parse(script + "%d end\n" % (p.t + 900)))
    return before


def back_is_the_same_step(p, before):
    app = p.dev.app
    p.play(parse("%d back\n%d end\n" % (p.t + 200, p.t + 500)))
    stack, top, state, events = before
    assert app.top is top and app.nav.stack == stack  # the same screen, not a new one
    assert app.session.state == state and len(app.session.events()) == events


def check_the_rules_of(p, name):
    app = p.dev.app
    assert app.top.name == name
    game = app.game
    from pawpad.app.shell.game_menu import GameMenu

    assert GameMenu(game).items[0] == "Rules here"
    before = open_rules_over(p)
    rules = app.top
    assert rules.name == "rules-here", rules.name
    assert rules.step == "%s/%s" % (game.flow.id, name) and rules.why is None
    c = fit.FitCanvas()
    app.draw(c)
    first = list(rules.lines)
    assert first and first[0].startswith("Step:"), first
    assert not fit.check(c.boxes)
    p.play(parse("%d down\n%d end\n" % (p.t + 200, p.t + 400)))
    app.draw(fit.FitCanvas())
    assert rules.lines != first and rules.lines[0] == first[-1]  # the next screen
    p.play(parse("%d up\n%d end\n" % (p.t + 200, p.t + 400)))
    app.draw(fit.FitCanvas())
    assert rules.lines == first
    back_is_the_same_step(p, before)


def test_rules_here_opens_from_the_game_menu_in_every_title():
    # Pick-a-Dog between rounds, and at the STOP's examination (DOWN opens its menu:
    # BACK is the verdict there)
    data = data_with('{"players": 2}')
    p = play(open_variant(0) + "1900 end\n", data)
    check_the_rules_of(p, "pad-ready")
    # Blue calls STOP; BACK on the STOP: wrong; BACK on the counts: the examination
    go = p.t + 200 + GO_MS
    p.play(parse("%d ok\n%d p2\n%d back\n%d back\n%d end\n" % (
        p.t + 200, go + 100, go + 300, go + 500, go + 700)))
    assert p.dev.app.top.name == "pad-exam"
    app = p.dev.app
    before = (list(app.nav.stack), app.top, dict(app.session.state),
              len(app.session.events()))
    script, _ = timed(p.t + 200, ["down", "up", "ok"])
    p.play(parse(script + "%d end\n" % (p.t + 900)))
    assert app.top.name == "rules-here" and app.top.step == "pick_a_dog/pad-exam"
    back_is_the_same_step(p, before)
    # Pick-a-Pog and solo play the same steps
    p = play(open_variant(1) + "1900 end\n", data_with('{"players": 2}'))
    check_the_rules_of(p, "pad-ready")
    # Circus Puppy's turn, Top Dog's show, Top Dogs' cups
    p = play("1600 down\n1700 ok\n1900 ok\n2000 p1\n2100 end\n", data_with('{"players": 3}'))
    check_the_rules_of(p, "circus")
    p = play("1600 down\n1700 down\n1800 ok\n2100 end\n", data_with('{"players": 2}'))
    check_the_rules_of(p, "top-dog")
    p = play("1600 down\n1700 down\n1800 down\n1900 ok\n2000 ok\n2100 end\n",
             data_with('{"players": 3}'))
    check_the_rules_of(p, "top-dogs")


def test_with_no_rules_file_the_box_says_so_and_back_returns():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3}')
    p = play("1600 down\n1700 down\n1800 down\n1900 ok\n2000 ok\n2100 end\n", data)
    p.dev.rules_file = data + "/no-rules.bin"
    before = open_rules_over(p)
    rules = p.dev.app.top
    assert rules.name == "rules-here" and rules.entry is None
    c = fit.FitCanvas()
    p.dev.app.draw(c)
    assert not fit.check(c.boxes)
    assert "No rules file on the box" in " ".join(b[0] for b in c.boxes)
    p.play(parse("%d down\n%d up\n%d end\n" % (p.t + 200, p.t + 300, p.t + 400)))
    back_is_the_same_step(p, before)


def damaged(tmp, data, name):
    path = tmp + "/" + name
    with open(path, "wb") as f:
        f.write(data)
    return path


def shown(key, path):
    """The screen's lines for `key` drawn from `path`, DOWN to the end and back: no
    exception, whatever the file holds."""
    app = quiet()
    screen = RulesHere(_Game(), key, path)
    app.nav.stack = [app.nav.stack[0], screen]
    for keys in ((), (DOWN, DOWN), (UP,)):
        for k in keys:
            screen.key(app, k)
        c = fit.FitCanvas()
        screen.draw(c, app)
        assert not fit.check(c.boxes), (key, c.boxes)
    return screen, [b[0] for b in c.boxes]


_APP = []


def quiet():
    """An app over a box with nothing behind it, made once."""
    if not _APP:
        from pawsim import gallery

        _APP.append(gallery.quiet_app(gallery.settings.defaults()))
    return _APP[0]


def test_a_damaged_rules_file_gets_a_message_never_an_exception():
    tmp = fresh_dir()
    with open(RULES, "rb") as f:
        good = f.read()
    key = "top_dogs/team-entry"
    entry = rules_book.find(RULES, key)
    ok, _ = shown(key, RULES)
    assert ok.entry is not None
    # cut short anywhere, and empty
    for n in list(range(0, 80, 13)) + [len(good) // 3, len(good) // 2, len(good) - 1]:
        screen, lines = shown(key, damaged(tmp, good[:n], "cut.bin"))
        if n < entry.start + entry.length:
            assert screen.entry is None and "rules file" in " ".join(lines), n
    # a flipped byte: in the header or the index, every step's page says so; in this
    # step's own text, this page does; in another step's text, this page shows
    index_end = rules_book.HEAD + rules_book.RECORD * good[5]
    flips = list(range(rules_book.HEAD)) + list(range(rules_book.HEAD, index_end, 23)) + \
        list(range(entry.start, entry.start + entry.length, 29)) + [entry.start + entry.length - 1]
    other = rules_book.find(RULES, "circus_puppy/circus")
    flips += [other.start + 3, other.start + other.length - 1]
    for at in flips:
        bad = bytearray(good)
        bad[at] ^= 0x41
        screen, lines = shown(key, damaged(tmp, bytes(bad), "flip.bin"))
        if at < index_end or entry.start <= at < entry.start + entry.length:
            assert screen.entry is None, at
            assert "rules file" in " ".join(lines).replace("  ", " "), (at, lines)
        else:
            assert screen.entry is not None and screen.why is None, at
    # another file altogether, or a folder in its place
    for junk in (b"PWRL", b"\xff" * 4096, b"PWRL\x02" + good[5:], b"# a text file\n" * 40):
        screen, lines = shown(key, damaged(tmp, junk, "junk.bin"))
        assert screen.entry is None and "rules file" in " ".join(lines)
    os.mkdir(tmp + "/folder.bin")
    screen, lines = shown(key, tmp + "/folder.bin")
    assert screen.entry is None
