# What Pick-a-Dog's screens share: its sounds, its variant's title, the players' lights
# and the live round's frame (the STOP's first frame is the same but for one word).
from pawpad.app import registry
from pawpad.core.colours import OFF, RGB
from pawpad.core.timers import shown_seconds
from pawpad.ui import widgets
from pawpad.ui.canvas import HEIGHT, LINE_H, text_width

BEEP = ((880, 120),)
GO = ((1760, 350),)
STOP = ((2093, 250),)
FALSE = ((220, 180),)
LOCK_US = 250000  # the false-start penalty, when the setting is on
# The live round's clock is on the footer's page, which the frames made before GO leave
# free (the STOP writes only the name's pages): it counts down with the round.
CLOCK_PAGE = (HEIGHT - LINE_H) // 8
LOOSE = 1 << CLOCK_PAGE
CLOCK_W = text_width("10:00 left") + 1
_LEFT = b" left"


def variant(game):
    return game.state["settings"]["variant"]


def title(game):
    return registry.title("pick_a_dog", variant(game))


def lights(app, game, seats, on):
    """Lights up `seats` in their colours (on) and puts out every other seat."""
    for seat in range(app.settings["players"]):
        app.box.light(seat, RGB[game.colour(seat)] if on and seat in seats else OFF)


def stop_frame(c, app, game, big, footer=True):
    """The live screen, and the STOP's first frame: one word in large type between a
    title and a footer that do not change, so the STOP sends only those pages. "live"
    stands where the STOP screen's "OK: right" comes: only those columns change."""
    widgets.title_bar(c, title(game), "R%d" % (game.state["round"] + 1))
    widgets.big_center(c, big, 24, 3)
    if footer:
        widgets.footer(c, "", "live")
        draw_round_clock(c, round_left(app, game))


def round_left(app, game):
    """ms left on the clock a live round shows: its own limit (the whole of it before
    GO), else the game menu's countdown while it runs; None: no clock. Makes nothing."""
    if game.alarm is not None:
        return game.alarm[0].remaining(app.now)
    limit = app.settings["round_limit_s"]
    if limit:
        return limit * 1000
    t = game.timer
    if t is not None and t.running:
        return t.remaining(app.now)
    return None


def draw_round_clock(c, left):
    """"0:29 left" at the footer's left (blank for no clock), over what was there."""
    y = HEIGHT - LINE_H
    c.fill_rect(0, y, CLOCK_W, LINE_H, 0)
    if left is not None:
        c.text_bytes(_LEFT, widgets.clock_at(c, shown_seconds(left), 0, y), y)
