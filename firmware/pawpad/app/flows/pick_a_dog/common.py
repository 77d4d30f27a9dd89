# What Pick-a-Dog's screens share: its sounds, its variant's title, the players' lights
# and the live round's frame (the STOP's first frame is the same but for one word).
from pawpad import games
from pawpad.core.colours import OFF, RGB
from pawpad.core.timers import clock_text
from pawpad.ui import widgets

BEEP = ((880, 120),)
GO = ((1760, 350),)
STOP = ((2093, 250),)
FALSE = ((220, 180),)
LOCK_US = 250000  # the false-start penalty, when the setting is on


def variant(game):
    return game.state["settings"]["variant"]


def title(game):
    return games.title("pick_a_dog", variant(game))


def lights(app, game, seats, on):
    """Lights up `seats` in their colours (on) and puts out every other seat."""
    for seat in range(app.settings["players"]):
        app.box.light(seat, RGB[game.name(seat)] if on and seat in seats else OFF)


def stop_frame(c, app, game, big, footer=True):
    """The live screen, and the STOP's first frame: one word in large type between a
    title and a footer that do not change, so the STOP sends only those pages. "live"
    stands where the STOP screen's "OK: right" comes: only those columns change."""
    widgets.title_bar(c, title(game), "R%d" % (game.state["round"] + 1))
    widgets.big_center(c, big, 24, 3)
    if footer:
        limit = app.settings["round_limit_s"]
        widgets.footer(c, ("limit " + clock_text(limit * 1000)) if limit else "", "live")
