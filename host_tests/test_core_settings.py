# Settings: defaults, checking, and what a bad file gives. Both runtimes.
from pawpad.core import settings


def test_defaults_are_valid():
    d = settings.defaults()
    for name in d:
        assert settings.check(name, d[name]) == d[name]
    assert d["debounce_ms"] == 20


def test_good_file_round_trips():
    d = settings.defaults()
    d["players"] = 6
    d["sound"] = False
    loaded, problems = settings.parse(settings.dump(d))
    assert problems == []
    assert loaded == d


def test_not_json_gives_defaults_and_a_message():
    loaded, problems = settings.parse("{players: 3")
    assert loaded == settings.defaults()
    assert problems == ["settings file is not valid JSON"]


def test_not_an_object():
    loaded, problems = settings.parse("[1, 2]")
    assert loaded == settings.defaults()
    assert len(problems) == 1


def test_bad_values_fall_back_one_by_one():
    text = '{"players": 12, "volume": 30, "sound": "yes", "colours": ["Red"], "nope": 1}'
    loaded, problems = settings.parse(text)
    assert loaded["players"] == settings.defaults()["players"]
    assert loaded["volume"] == 30
    assert loaded["sound"] is True
    assert loaded["colours"] == list(settings.COLOURS)
    assert len(problems) == 4
    assert "players must be a whole number from 1 to 8" in problems


def test_bool_is_not_a_number():
    loaded, problems = settings.parse('{"volume": true}')
    assert loaded["volume"] == 60 and len(problems) == 1


def test_the_settings_screen_is_made_from_the_table():
    from pawpad.app.menus.settings import SettingsScreen
    from pawsim.gallery import quiet_app

    app = quiet_app(settings.defaults())
    app.box.player_keys = 8  # every row: a box of fewer buttons lists no Keypad
    screen = SettingsScreen()
    rows = screen.rows(app)
    shown = [r for r in settings.FIELDS if r[5] is not None]
    # the table's rows first, in its order (a row below them, such as what the box set
    # aside, is no setting)
    assert [label for label, _ in rows[:len(shown)]] == [r[5] for r in shown]
    assert rows[1] == ("Volume", "60%") and rows[len(shown) - 3] == ("Round limit", "off")
    for i, row in enumerate(shown):  # every row steps within its bounds, both ways
        for step in (1, -1) * 3:
            screen.change(app, i, step)
            name = row[0]
            assert settings.check(name, app.settings[name]) == app.settings[name]
    assert sorted(r[0] for r in settings.FIELDS) == sorted(settings.SCHEMA)


def test_keypad_is_on_as_the_box_ships_and_a_file_that_says_off_stays_off():
    # settings.json holds every value once anything is saved; a file of a firmware
    # from before the Keypad names no keypad, and gets the box's default: on
    assert settings.defaults()["keypad"] is True
    loaded, problems = settings.parse('{"players": 3, "volume": 40}')
    assert problems == [] and loaded["keypad"] is True
    loaded, problems = settings.parse('{"players": 3, "keypad": false}')
    assert problems == [] and loaded["keypad"] is False  # chosen: kept


def test_the_keypad_hints_are_to_come_until_a_file_says_they_were_seen():
    loaded, problems = settings.parse('{"players": 3, "keypad": true}')  # from before them
    assert problems == [] and loaded["hint_top_dogs"] is True and loaded["hint_top_dog"] is True
    loaded, problems = settings.parse('{"hint_top_dogs": false, "hint_top_dog": false}')
    assert problems == [] and not loaded["hint_top_dogs"] and not loaded["hint_top_dog"]
    # set by the entries, not on the settings screen
    assert "hint_top_dogs" not in [row[0] for row in settings.screen_rows()]
