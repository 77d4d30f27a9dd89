# What Pick-a-Dog's screens share: its sounds, titles and the players' lights.
from pawpad.core.colours import OFF, RGB

BEEP = ((880, 120),)
GO = ((1760, 350),)
STOP = ((2093, 250),)
FALSE = ((220, 180),)
TITLES = {"dog": "Pick-a-Dog", "pog": "Pick-a-Pog", "solo": "Solo"}


def variant(host):
    return host.state["settings"]["variant"]


def title(host):
    return TITLES[variant(host)]


def lights(app, host, seats, on):
    """Lights up `seats` in their colours (on) and puts out every other seat."""
    for seat in range(app.settings["players"]):
        app.out.light(seat, RGB[host.name(seat)] if on and seat in seats else OFF)
