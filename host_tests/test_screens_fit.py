# Nothing the box shows is cut off: every screen, drawn with the longest values its
# fields can take (eight players with the longest colour names, 5-digit times, every
# setting at its widest), and every message a toast can carry, must keep each text
# on the panel, apart from the others, and whole (no "~"). Both runtimes.
from pawpad.app.screen import Screen
from pawsim import fit, gallery

TOASTS = ("load cell 2 not answering", "History not saved (Flash full)",
          "The rules say nothing to undo", "Yellow's team next", "Best solo game yet!",
          "Settings not saved (Flash error 5)", "Corrected", "Time!")


def problems(app, items):
    out = []
    for name, screen in items:
        c = fit.FitCanvas()
        app.nav.stack = [screen]
        app.draw(c)
        out += ["%s: %s" % (name, p) for p in fit.check(c.boxes)]
    return out


def test_every_screen_fits_with_the_longest_values():
    app, items = gallery.worst_screens()
    assert len(items) > 40
    found = problems(app, items)
    assert not found, "\n".join(found)


def test_every_screen_of_the_gallery_fits():
    app, items = gallery.screens()
    found = problems(app, items)
    assert not found, "\n".join(found)


def test_toasts_wrap_instead_of_being_cut():
    app, _ = gallery.screens()
    for text in TOASTS:
        app.toast(text)
        c = fit.FitCanvas()
        app.nav.stack = [Screen()]
        app.draw(c)
        found = fit.check(c.boxes)
        assert not found, (text, found)
        assert " ".join(b[0] for b in c.boxes) == text


def test_the_checker_finds_what_does_not_fit():
    c = fit.FitCanvas()
    c.text("STOP 99999 ms after GO", -2, 28)
    c.text("Tie sett~", 2, 40)
    c.text("over", 4, 40)
    found = fit.check(c.boxes)
    assert len(found) == 3 and found[0].startswith("off the panel")
