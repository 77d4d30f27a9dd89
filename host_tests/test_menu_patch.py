# A menu step is drawn as a patch of the frame as it stands (ListScreen._step, App.draw):
# the old row's bar off and the new one's on, so the panel is sent only those rows. The
# patched frame must be the frame a whole drawing makes, pixel for pixel: through the
# main menu's rows and back, with scrolling, wrapping, two steps in one turn, a toast
# over the screen and other keys between. Both runtimes.
from pawpad.ui.canvas import Canvas
from pawpad.ui.screen import DOWN, UP
from pawsim.script import parse
from support.device import fresh_dir, play


def whole(app):
    """The frame a whole drawing of the screen makes now."""
    c = Canvas()
    top = app.top
    keep, drawn = top.patched, app._drawn
    top.patched = None
    app.draw(c)
    top.patched, app._drawn = keep, drawn
    return bytes(c.buf)


def test_a_menu_step_patched_is_the_whole_frame():
    p = play("1600 end\n", fresh_dir())
    app = p.dev.app
    assert app.top.name == "menu"
    assert app.top.row_count(app) == len(app.top.rows(app))  # its count, without the rows
    c = p.dev.panel.canvas
    app.draw(c)
    steps = [DOWN] * 13 + [UP] * 15 + [DOWN, DOWN, UP] + [DOWN] * 4
    patched = jumps = 0
    for i, k in enumerate(steps):
        app.key(k, 2000 + i)
        if i % 5 == 4:
            app.key(k, 2000 + i)  # two steps before the frame is drawn
        if i % 7 == 2:  # there and back, then on again, in one turn
            app.key(UP if k == DOWN else DOWN, 2000 + i)
            app.key(k, 2000 + i)
        if i == 20:
            app.toast("Hello")  # a toast over the screen: the next frame is whole
        if i == 21:
            app.tick(app.now + 60000)  # and the toast gone in the turn of a step
        want = whole(app)
        if app.top.patched is not None and app._drawn == (app.top, c):
            patched += 1  # drawn as a patch, if the toast allows
            jumps += len(app.top.patched) == 1  # round the list: its rows, not the title
        app.draw(c)
        assert bytes(c.buf) == want, (i, k, app.top.sel)
    assert patched > 10  # most steps were patches, not whole frames
    assert jumps >= 2, jumps  # DOWN on the last row, UP on the first


def test_a_menu_step_sends_the_panel_two_rows_only():
    p = play("1600 end\n", fresh_dir())
    dev = p.dev
    assert dev.app.top.name == "menu"
    disp = dev.hw.display
    before = disp.bus_bytes
    p.play(parse("%d down\n" % (p.t + 100)))
    sent = disp.bus_bytes - before
    # the two rows' bars straddle three pages of 128 columns, with their windows
    assert 0 < sent <= 3 * (128 + 2) + 3 * 8, sent
