# Pick-a-Dog's round limit counts down on the live screen ("0:15 left" 15 s into a 30 s
# round), drawn and sent as a patch of the footer's page, which is what a whole frame
# of the screen would show; the STOP frames made before GO still go out at once over
# it. Both runtimes.
from test_device import play
from test_device_pick_a_dog import data_with, open_variant

from pawpad.ui.canvas import Canvas
from pawsim import fit
from pawsim.script import parse
from pawsim.scripts import GO_MS

GO = 1900 + GO_MS
LIMIT = '{"players": 4, "round_limit_s": 30}'


def footer(app):
    c = fit.FitCanvas()
    app.draw(c)
    line = sorted((b for b in c.boxes if b[2] == 56), key=lambda b: b[1])
    return "".join(b[0] for b in line)


def test_the_round_limit_counts_down_on_the_live_screen():
    p = play(open_variant(0) + "1900 ok\n%d end" % (GO + 200), data_with(LIMIT))
    app = p.dev.app
    assert app.top.name == "pad-live"
    assert footer(app).startswith("0:30 left"), footer(app)
    for at, said in ((GO + 15200, "0:15 left"), (GO + 28500, "0:02 left")):
        p.play(parse("%d end" % at))
        assert app.top.name == "pad-live"
        c = Canvas()
        app.draw(c)  # a whole frame now: the panel holds the same (the patch was it)
        assert p.world.panel.ram == c.buf, at
        assert footer(app).startswith(said), (at, footer(app))
    # a STOP now: the frame made before GO goes out over the moved clock at once
    p.play(parse("%d p3\n%d end" % (GO + 28600, GO + 28700)))
    top = app.top
    assert top.name == "pad-stopped" and top.caller == 2 and top.details


def test_no_limit_no_clock():
    p = play(open_variant(0) + "1900 ok\n%d end" % (GO + 200), data_with())
    assert "left" not in footer(p.dev.app)
