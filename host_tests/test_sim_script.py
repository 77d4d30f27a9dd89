# The simulator's scripted mode: buttons pressed in the same instant ("p1+p3+p4"), held
# and let go together, played true to the rp2 port (every contact changes before the
# first interrupt runs, and the interrupts run in GPIO order). Both runtimes.
import pins

from pawsim.fakes import Pin, drive_together
from pawsim.script import button_gpios, parse
from pawsim.scripts import GO_MS
from support.device import play
from support.pick_a_dog import data_with, open_variant, state

GO = 1900 + GO_MS


def test_three_seats_in_one_instant_are_all_tied():
    data = data_with('{"players": 4}')  # tie window 0: only the same instant ties
    p = play(open_variant(0) + "1900 ok\n%d p1+p3+p4\n%d end" % (GO + 100, GO + 300), data)
    screen = p.dev.app.top
    assert screen.name == "pad-stopped" and screen.tied == [0, 2, 3]
    assert screen.caller is None
    # the tied press again: Green alone first settles it
    p.play(parse("%d p3\n%d end" % (GO + 600, GO + 900)))
    assert screen.caller == 2
    assert state(p)["phase"] == "exam" and state(p)["caller"] == 2


def test_held_together_and_let_go_together():
    data = data_with('{"players": 4}')
    p = play(open_variant(0) + "1900 ok\n%d hold p2+p4\n%d let p2+p4\n%d p2+p4\n%d end"
             % (GO + 100, GO + 400, GO + 700, GO + 900), data)
    screen = p.dev.app.top
    assert screen.tied == [1, 3] and screen.caller is None  # pressed again: tied again
    assert not p.hw.players.is_down(1) and not p.hw.players.is_down(3)


def test_a_press_a_moment_later_is_no_tie():
    data = data_with('{"players": 4}')
    p = play(open_variant(0) + "1900 ok\n%d p3\n%d p1\n%d end" % (GO + 100, GO + 110,
                                                                  GO + 300), data)
    assert p.dev.app.top.caller == 2


def test_button_names_and_their_pins():
    assert button_gpios("p1+p8") == [pins.PLAYERS[0], pins.PLAYERS[7]]
    assert button_gpios("ok+back") == [pins.MENU[2], pins.MENU[3]]
    assert button_gpios("push") == [pins.ENCODER[2]]
    for bad in ("p9", "p0", "left", "p1+"):
        try:
            button_gpios(bad)
        except ValueError:
            continue
        raise AssertionError(bad + " taken for a button")


def test_every_interrupt_sees_every_level_of_the_instant():
    seen = []
    gpios = (9, 6, 12)
    pins_ = [Pin(g, Pin.IN, Pin.PULL_UP) for g in gpios]

    def handler(pin):
        seen.append((pin.id, [p._v for p in pins_]))

    for p in pins_:
        p.irq(handler, Pin.IRQ_FALLING)
    drive_together(pins_, 0)
    assert seen == [(6, [0, 0, 0]), (9, [0, 0, 0]), (12, [0, 0, 0])]  # in GPIO order
    drive_together(pins_, 1)  # rising edges: no handler asked for them
    assert len(seen) == 3


def test_every_picture_script_of_the_readme_lands_on_its_screens():
    import os

    from pawpad.app.device.device import Device
    from pawsim import board as simboard
    from pawsim.script import Player, parse_lines
    from support.device import fresh_dir

    docs = (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/../docs"
    scripts = [n for n in os.listdir(docs) if n.endswith(".keys")]
    assert len(scripts) >= 4  # the tour and one a game
    for name in scripts:
        world = simboard.World(simboard.Clock(True))
        hw = simboard.build(world, fresh_dir())
        player = Player(world, hw, Device, fresh_dir())
        with open(docs + "/" + name) as f:
            player.play(parse_lines(f))  # a snap on another screen than it names raises
        with open(docs + "/" + name) as f:
            snaps = [line for line in f if " snap " in line]
        assert len(player.shots) == len(snaps) > 0, name
        assert all(len(line.split()) == 4 for line in snaps), name  # each names its screen


def test_a_snap_on_another_screen_than_it_names_stops_the_script():
    try:
        play("1600 snap menu pad-ready\n1700 end")
    except ValueError as e:
        assert "menu" in str(e) and "pad-ready" in str(e)
        return
    raise AssertionError("the script went on")


def test_goto_reaches_a_row_by_its_label_and_is_written_as_one_press():
    p = play("1600 goto About\n1700 ok\n1900 end")  # About: the last row, UP wraps there
    assert p.dev.app.screen_name() == "about"
    assert [line.split()[-1] for line in p.log if line.split()[1] in ("up", "down")] == ["up"]
    p = play("1600 goto Top Dogs\n1700 ok\n1900 end")  # three rows down: 200 ms later
    assert p.dev.app.screen_name() == "setup"  # its house rules
    assert p.later == 200 and sum(" down" in line for line in p.log) == 3


def test_goto_says_what_it_could_not_find():
    for script, said in (("1600 goto Chess\n", "has no such row"),
                         ("1500 ok\n1600 ok\n1800 goto Settings\n", "is not a list")):
        try:
            play(script + "2500 end")
        except ValueError as e:
            assert said in str(e), e
        else:
            raise AssertionError(script)
