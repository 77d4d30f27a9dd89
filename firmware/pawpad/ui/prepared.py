# Frames drawn before they are needed. While a Pick-a-Dog round is live every seat's
# STOP frame is known: drawn now, each is kept by the display driver as ready-to-send
# writes of only the pages that differ from the live frame (SSD1306.prepare), and the
# STOP puts the caller's name on the panel at once (SSD1306.send_prepared: no drawing,
# no comparing, nothing allocated), before the loop draws the same frame as usual, which
# then sends nothing.
from pawpad.ui.canvas import Canvas


def prepare_frames(disp, draw_base, draws, loose=0):
    """draw_base(canvas): the frame the panel will hold when one of these is needed;
    draws: {key: draw(canvas)}, each on a cleared canvas as the app draws a screen;
    loose: pages (a bit each) the panel may change meanwhile, never written by these.
    Returns {key: prepared writes} for disp.send_prepared(). About 3 ms a frame on a
    Pico; a STOP frame's writes take 150 to 350 bytes of heap."""
    c = Canvas()
    draw_base(c)
    base = bytes(c.buf)
    out = {}
    for key in draws:
        c.clear()
        draws[key](c)
        out[key] = disp.prepare(c.buf, base, loose)
    return out
