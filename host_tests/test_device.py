# The whole device on the simulated board, in virtual time: boot, menus, settings on
# flash, and everything that can go wrong with the hardware. Both runtimes.
import os

import pins

from pawsim.script import parse
from support.device import fresh_dir, play


def screens(p):
    return [line.split()[-1] for line in p.log if " screen " in line]


def test_boots_to_the_menu():
    p = play("1400 end")
    assert screens(p) == ["boot"]
    p = play("1600 end")
    assert screens(p) == ["boot", "menu"]
    assert p.world.panel.on and any(p.world.panel.ram)


def test_the_splash_is_up_before_the_app_and_the_app_sends_nothing_for_it():
    # main.py puts the name on the panel as soon as the board is built, before the
    # app's code is read: the panel then shows the boot screen's frame, and the app's
    # own first frame sends not a byte of it again.
    from pawpad.app.device.device import Device
    from pawpad.app.menus.splash import first_frame
    from pawsim import board as simboard

    world = simboard.World(simboard.Clock(True))
    hw = simboard.build(world, fresh_dir())
    first_frame(hw.display)
    early = bytes(world.panel.ram)
    assert any(early)
    dev = Device(hw, 0)
    before = world.panel.data_bytes
    dev.render(0)
    assert dev.app.top.name == "boot"
    assert bytes(world.panel.ram) == early  # the frame the boot screen draws
    assert world.panel.data_bytes == before  # ... and nothing of it sent twice
    # a panel that stops answering just then: no exception, and once it answers again
    # the app's first frame goes whole
    world = simboard.World(simboard.Clock(True))
    hw = simboard.build(world, fresh_dir())
    panel = world.i2c.devices.pop(pins.OLED_ADDR)
    first_frame(hw.display)
    world.i2c.devices[pins.OLED_ADDR] = panel
    dev = Device(hw, 0)
    dev.render(0)
    assert bytes(world.panel.ram) == early


# Any key on the splash goes straight on (issue 37): a menu key when it goes down (BACK
# too, which elsewhere acts when let go), the encoder's push, any player button fitted
# (p6: a seat beyond the 4 in the game). The press is eaten by the skip: held on, it
# neither repeats on the menu nor is BACK's hold, nor BACK when let go.
SPLASH_KEYS = ("ok", "up", "down", "back", "push", "p1", "p6")


def test_a_key_on_the_splash_goes_straight_to_the_menu_and_no_further():
    for key in SPLASH_KEYS:
        p = play("300 hold %s\n320 end" % key)
        assert screens(p) == ["boot", "menu"], key  # at 320 ms, not 1500
        p.play(parse("1400 let %s\n1600 end" % key))
        app = p.dev.app
        assert screens(p) == ["boot", "menu"] and app.top.name == "menu", (key, screens(p))
        assert app.top.sel == 0 and len(app.nav.stack) == 1, (key, app.top.sel)


def test_a_key_on_the_splash_goes_straight_to_the_resume_offer_and_no_further():
    from pawpad.store.files import Storage
    from pawpad.store.session import Session

    for key in ("back", "down"):
        data = fresh_dir()
        s = Session.new(Storage(data), "pick_a_dog", 4, None, None)
        assert s.offer({"t": "stop", "seat": 1}, 0) is None
        s.flush()
        p = play("300 hold %s\n600 end" % key, data)
        assert p.dev.app.top.name == "resume", (key, screens(p))  # read, then offered
        p.play(parse("1400 let %s\n1600 end" % key))
        offer = p.dev.app.top
        assert offer.name == "resume" and not offer.confirm, key  # BACK: "End it?"


def test_boot_melody_and_player_lights():
    p = play("100 end")
    assert "sound 988 Hz" in " ".join(p.log)
    assert p.hw.pixels.rgb[0] == (255, 0, 0)  # seat 1 red, 4 players by default
    assert p.hw.pixels.rgb[5] == (0, 0, 0)
    assert p.world.bitstream.sent  # the strip was written


def test_settings_change_is_saved_and_loaded_again():
    data = fresh_dir()
    # menu -> Settings (6th row) -> Volume -> up twice -> ok
    play("1600 down\n1700 down\n1800 down\n1900 down\n2000 down\n2100 ok\n"
         "2200 down\n2300 ok\n2400 up\n2500 up\n2600 ok\n", data)
    with open(data + "/settings.json") as f:
        text = f.read()
    assert '"volume": 80' in text
    p = play("100 end", data)
    assert p.dev.settings["volume"] == 80
    assert p.hw.buzzer.volume == 80


def test_bad_settings_file_gives_defaults_a_notice_and_is_kept():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 99, "volume": 30')
    p = play("1600 end", data)
    assert screens(p) == ["boot", "notice"]
    assert p.dev.settings["volume"] == 60  # not JSON at all: every default
    assert "settings.json.bad" in os.listdir(data)
    with open(data + "/settings.json.bad") as f:
        assert f.read() == '{"players": 99, "volume": 30'


def test_one_bad_value_keeps_the_others():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 99, "volume": 30}')
    p = play("1600 end", data)
    assert p.dev.settings["volume"] == 30 and p.dev.settings["players"] == 4
    notice = p.dev.app.top
    assert "players must be a whole number from 1 to 8" in notice.lines


def test_no_display_device_keeps_working():
    p = play("1600 end", display=False)
    assert p.hw.display is None
    assert "Display not found" in p.dev.app.top.lines
    p.play(parse("1700 ok\n1800 down\n1900 down\n2000 down\n2100 down\n2200 ok\n2300 p2\n"))
    assert p.dev.app.top.name == "players"
    assert p.dev.app.top.sel == 2  # seat 2's button picked its row
    assert "  2300 sound 1397 Hz" in p.log  # PRESS


def test_display_unplugged_and_back():
    p = play("1600 unplug display\n1700 down\n1800 down\n3000 plug display\n"
             "3100 down\n5000 end")
    assert p.hw.display is not None
    # after the display came back, the whole frame was sent again and matches
    assert p.world.panel.ram == p.dev.panel.canvas.buf


def test_button_held_at_boot_is_reported_and_ignored():
    p = play("1600 end", held=(2,))
    notice = p.dev.app.top
    assert notice.name == "notice"
    assert "seat 3 ignored until" in notice.lines
    assert p.hw.players.stuck_list() == [2]


def test_a_box_without_load_cells_is_never_told_of_them():
    p = play("2500 end", cells=False)
    assert p.dev.app.top.name == "menu"
    # the hardware check (menu row 9: up twice) weighs them: shown missing, no notice
    p.play(parse("2600 up\n2700 up\n2800 ok\n9000 end"))
    assert p.dev.app.top.name == "hardware"
    assert p.dev.status()["stages"] == ["missing", "missing"]
    assert ("Stage 1", "missing") in p.dev.app.top.rows(p.dev.app)


def test_load_cells_unplugged_after_answering_are_reported_once_not_fatal():
    p = play("1600 up\n1700 up\n1800 ok\n2500 end")
    assert p.dev.app.top.name == "hardware" and p.dev.status()["stages"][0] != "missing"
    p.play(parse("2600 unplug cells\n9000 end"))
    lines = " ".join(p.dev.app.top.lines)
    assert lines.count("load cell 1 not answering") == 1
    p.play(parse("9100 ok\n9200 end"))
    assert p.dev.app.top.name == "hardware"
    assert p.dev.status()["stages"] == ["missing", "missing"]


def test_dogs_on_the_stage_become_stage_events():
    # Hardware screen: menu row 7
    # (the stages are tared when the screen starts weighing them: add after that)
    # Two dogs at once weigh like a dog and a resting finger: the box would ask in a
    # game; here it shows its guess and takes it (nobody plays), and goes on from it.
    p = play("1600 up\n1700 up\n1800 ok\n2500 add 1 1\n3500 add 2 2\n4500 end")
    assert p.dev.app.top.name == "hardware"
    assert p.dev.app.top.events == ["S1 added 1", "S2 ? +2"]
    p.play(parse("5000 add 2 1\n6500 end"))
    assert p.dev.app.top.events == ["S2 ? +2", "S2 added 1"]


def test_screen_dims_and_first_key_only_wakes_it():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"dim_after_s": 5}')
    p = play("1600 end", data)
    p.play(parse("7000 end"))
    assert p.dev.panel.dimmed and p.world.panel.contrast == 8
    p.play(parse("7500 down"))
    assert not p.dev.panel.dimmed and p.world.panel.contrast == 200
    assert p.dev.app.top.sel == 0  # the waking key did not move the menu


def test_screen_goes_dark_after_a_long_idle_and_wakes():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"dim_after_s": 5}')
    p = play("1600 end", data)
    p.play(parse("40000 end"))
    assert p.dev.panel.dimmed and not p.dev.panel.dark and p.world.panel.on
    p.play(parse("52000 end"))
    assert p.dev.panel.dark and not p.world.panel.on
    p.play(parse("52500 p1\n52700 end"))  # a player's button wakes it too
    assert p.world.panel.on and p.world.panel.contrast == 200 and not p.dev.panel.dimmed


def test_calibrating_the_load_cells():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"counts_per_gram": 300}')
    # Check hardware (up twice), its last row (up once), OK: weigh as it is; then five
    # dog cards; the simulated cell gives 420 counts a gram and a card is 4.0 g
    p = play("1600 up\n1700 up\n1800 ok\n2400 up\n2500 ok\n2700 ok\n4400 add 1 5\n"
             "5200 ok\n7000 end", data)
    screen = p.dev.app.top
    assert screen.name == "calibrate" and screen.value == 420
    p.play(parse("7100 ok\n7300 end"))
    assert p.dev.settings["counts_per_gram"] == 420
    with open(data + "/settings.json") as f:
        assert '"counts_per_gram": 420' in f.read()


def test_load_cells_sleep_while_no_screen_weighs():
    p = play("1600 end")
    chips = [s.chip for s in p.world.stages]
    assert all(c.sck._v == 1 for c in chips)  # SCK held high: asleep
    # the hardware check wakes them and weighs
    p.play(parse("1700 up\n1800 up\n1900 ok\n3000 end"))
    assert all(c.sck._v == 0 and c.power_downs == 1 for c in chips)
    assert p.dev.status()["stages"] == ["0g", "0g"]
    p.play(parse("3100 back\n3500 end"))
    assert all(c.sck._v == 1 for c in chips)


def test_players_and_colours_are_set_and_kept():
    data = fresh_dir()
    # Players (menu row 5): OK on the count, UP twice (4 -> 6), OK; seat 2's colour
    # (DOWN twice to its row), OK, UP: Blue -> the next colour nobody has (Purple)
    p = play("1600 down\n1700 down\n1800 down\n1900 down\n2000 ok\n2100 ok\n2200 up\n"
             "2300 up\n2400 ok\n2500 down\n2600 down\n2700 ok\n2800 up\n2900 ok\n3000 end",
             data)
    s = p.dev.settings
    assert s["players"] == 6 and s["colours"][1] == "Purple"
    assert len(set(s["colours"][:6])) == 6  # still one colour a player
    assert p.hw.pixels.rgb[1] == (140, 0, 255) and p.hw.pixels.rgb[5] != (0, 0, 0)
    with open(data + "/settings.json") as f:
        text = f.read()
    assert '"players": 6' in text and '"Red", "Purple", "Green"' in text


def test_flash_that_cannot_be_used_is_said_and_the_box_plays_on():
    p = play("1600 end", data="/proc/pawpad-cannot-be-made")
    app = p.dev.app
    assert app.store is None and app.top.name == "notice"
    assert any(line.startswith("Flash not usable") for line in app.top.lines)
    # a game still starts; it just is not saved
    p.play(parse("1700 ok\n1800 ok\n1900 ok\n2000 end"))
    assert app.session is not None and not app.session.saving


def test_a_circus_puppy_game_without_load_cells_is_never_interrupted():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 2}')
    # Circus Puppy, Start, Red starts, the action: the performance, by hand for 7 s
    p = play("1600 down\n1700 ok\n1800 ok\n1850 p1\n1900 ok\n2000 ok\n9000 end", data,
             cells=False)
    assert p.dev.app.top.name == "circus-perform"
    assert p.dev.app.toast_text is None
    assert not [line for line in p.log if "notice" in line or "answering" in line]


def test_up_and_down_held_repeat_faster_and_faster():
    data = fresh_dir()
    # Settings (6th row) -> Volume -> edit; DOWN held for 1.5 s from 100 %
    with open(data + "/settings.json", "w") as f:
        f.write('{"volume": 100, "dim_after_s": 60}')
    p = play("1600 down\n1700 down\n1800 down\n1900 down\n2000 down\n2100 ok\n"
             "2200 down\n2300 ok\n2400 hold down\n3900 let down\n4200 end\n", data)
    # one step at the press, then repeats at 400, 700, 925, ... ms: ten 10 % steps
    # reach 0 within 1.5 s (a press a step would need ten presses)
    assert p.dev.settings["volume"] == 0
    p.play(parse("4300 up\n4600 end"))
    assert p.dev.settings["volume"] == 10  # a tap is one step


def test_the_hardware_check_records_the_stages_to_csv():
    data = fresh_dir()
    # Hardware (menu row 9: up twice); "Record stages" is the row before "Calibrate",
    # the last while no stage event is listed (UP twice from the first); OK starts; a
    # dog on; OK stops (the stage event is listed under the rows, which stay put)
    p = play("1600 up\n1700 up\n1800 ok\n1900 up\n2000 up\n2100 ok\n3000 add 1 1\n"
             "4000 ok\n4200 end\n", data)
    assert p.dev.app.top.name == "hardware" and p.dev.recording() is None
    with open(data + "/stages-1.csv") as f:
        lines = f.read().split("\n")
    assert lines[0] == "t_ms,stage1,stage2"
    rows = [r.split(",") for r in lines[1:] if r]
    assert len(rows) > 80  # every sample of both stages for about 2 s (the fake: 25 a second)
    low = [float(r[1]) for r in rows if r[1]]
    assert low[0] < 1 and low[-1] > 3  # tared at the start, then the dog card
