# The box's name and version: the first frame at power-on. main.py draws it as soon as
# the board is built, before the app's code is read (about a quarter of a second on a
# Pico), and the boot screen draws the same frame, so the panel then gets nothing more.
# Small on purpose: what it imports is all the early frame costs.
from pawpad.app.menus.version import version_line
from pawpad.ui import widgets


def name(c):
    """The name, large, at the top: the boot screen keeps it while it reads."""
    widgets.big_center(c, "PAWPAD", 8, 3)


def draw(c):
    """The whole splash: the name, what the box is, its version."""
    name(c)
    c.text_center("dog card referee", 34)
    c.text_center("v" + version_line().split(" ")[1], 48)


def first_frame(display):
    """The splash on the panel (its driver: drivers/ssd1306.py), before anything else
    is loaded. A panel that does not answer is left to the app, which says so."""
    from pawpad.ui.canvas import Canvas

    c = Canvas(display.buffer)
    c.clear()
    draw(c)
    try:
        display.show()
    except OSError:
        pass  # the app says so; its first frame goes whole (show() leaves it so)
