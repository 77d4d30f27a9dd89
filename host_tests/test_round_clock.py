# Pick-a-Dog's round limit counts down on the live screen ("0:15 left" 15 s into a 30 s
# round), drawn and sent as a patch of the footer's page, which is what a whole frame
# of the screen would show; the STOP frames made before GO still go out at once over
# it. Both runtimes.
from pawpad.ui.canvas import Canvas
from pawsim import fit
from pawsim.script import parse
from pawsim.scripts import GO_MS
from support.device import play
from support.pick_a_dog import data_with, open_variant

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


def test_the_game_menu_and_its_timer_are_reached_from_the_examination():
    # BACK is "wrong" on the examination: DOWN opens the game menu, whose timer then
    # shows in the examination's corner while it runs
    p = play(open_variant(0) + "1900 ok\n%d p2\n%d end" % (GO + 100, GO + 2600), data_with())
    app = p.dev.app
    assert app.top.name == "pad-stopped"
    p.play(parse("%d ok\n%d back\n%d end" % (GO + 2700, GO + 2800, GO + 2900)))
    assert app.top.name == "pad-exam", app.top.name  # the verdict again, from the counts
    p.play(parse("%d down\n%d end" % (GO + 3000, GO + 3100)))
    assert app.top.name == "game-menu", app.top.name
    app.game.new_timer().start(app.now)
    p.play(parse("%d back\n%d end" % (GO + 3200, GO + 3400)))
    assert app.top.name == "pad-exam"
    c = fit.FitCanvas()
    app.draw(c)
    assert any(b[0].startswith("0:") or b[0].startswith("1:") for b in c.boxes if b[2] < 8), \
        [b[0] for b in c.boxes]
