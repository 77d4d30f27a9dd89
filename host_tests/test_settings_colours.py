# Settings refuse repeated colours (issue 33, 6): a settings.json giving two seats one
# colour is a bad file like any other (a message naming the colour, the file kept
# aside, fixed values in use), and the fixed colours are each a seat's own, so a game's
# statistics never merge two seats. Both runtimes.
import json
import os

from pawpad.core import settings
from pawpad.core.colours import NAMES
from pawpad.store.files import SETTINGS, Storage
from pawpad.store.records.history import read_history
from support.device import fresh_dir
from support.games import whole_game


def apart(colours):
    for i in range(len(colours)):
        if colours[i] in colours[:i]:
            return False
    return True


def test_a_repeated_colour_is_refused_with_its_name():
    twice = ["Red", "Red", "Green", "Yellow", "White", "Orange", "Purple", "Pink"]
    try:
        settings.check("colours", twice)
    except ValueError as e:
        assert str(e) == "colours has Red twice", str(e)
    else:
        raise AssertionError("two Red seats were taken")
    assert settings.check("colours", list(NAMES)) == list(NAMES)
    every = ["White"] * 8
    try:
        settings.check("colours", every)
    except ValueError as e:
        assert "White twice" in str(e)
    else:
        raise AssertionError("eight White seats were taken")


def test_the_fixed_colours_are_each_a_seat_s_own():
    cases = (
        ["Red", "Red", "Green", "Yellow", "White", "Orange", "Purple", "Pink"],
        ["White"] * 8,
        ["Pink", "Blue", "Pink", "Blue", "Pink", "Blue", "Pink", "Blue"],
        # what the Players screen leaves when the first seat takes the colour of a seat
        # out of play (White was the fifth seat's): the seats in play keep theirs
        ["White", "Blue", "Green", "Yellow", "White", "Orange", "Purple", "Pink"],
    )
    for colours in cases:
        values, problems = settings.from_json({"colours": colours, "volume": 30})
        assert len(problems) == 1 and "twice" in problems[0], problems
        fixed = values["colours"]
        assert apart(fixed) and sorted(fixed) == sorted(NAMES), fixed
        assert settings.check("colours", fixed) == fixed
        first = []  # the first seat to have a colour keeps it
        for seat, c in enumerate(colours):
            if c not in first:
                assert fixed[seat] == c, (colours, fixed)
            first.append(c)
        assert values["volume"] == 30  # the good values stay
    fixed = settings.from_json({"colours": cases[3]})[0]["colours"]
    assert fixed[:4] == ["White", "Blue", "Green", "Yellow"] and fixed[4] == "Red"
    # colours of another kind (a name that is none, too few) still give the defaults
    for bad in (["Red", "Red"], ["Red", "Red", "Green", "Yellow", "White", "Orange", "Mauve",
                                 "Pink"], "Red", None, [1] * 8):
        values, problems = settings.from_json({"colours": bad})
        assert values["colours"] == list(NAMES) and len(problems) == 1, (bad, problems)


def test_the_file_is_kept_aside_and_the_fixed_values_saved():
    data = fresh_dir()
    twice = ["Red", "Red", "Green", "Yellow", "White", "Orange", "Purple", "Pink"]
    with open(data + "/" + SETTINGS, "w") as f:
        f.write(json.dumps({"colours": twice, "players": 4}))
    values, messages = Storage(data).load_settings()
    assert messages[0] == "Settings file had errors:" and "colours has Red twice" in messages
    assert "fixed values in use." in messages
    assert apart(values["colours"]) and values["players"] == 4
    assert SETTINGS + ".bad" in os.listdir(data)
    with open(data + "/" + SETTINGS + ".bad") as f:
        assert json.loads(f.read())["colours"] == twice  # what was on flash, as it was
    again, messages = Storage(data).load_settings()  # the fixed file reads clean
    assert messages == [] and again["colours"] == values["colours"]


def test_a_game_after_a_file_of_repeated_colours_counts_each_seat():
    """The issue's case: every seat Red in settings.json, and one game of three counted
    as "Red games 3". Now the box says so at boot and each seat is its own player."""
    data = fresh_dir()
    with open(data + "/" + SETTINGS, "w") as f:
        f.write(json.dumps({"players": 3, "timer_s": 15, "colours": ["Red"] * 8}))
    p = whole_game(data, before="1500 ok\n")  # the boot's notice read
    rec = read_history(Storage(data))[-1]
    assert rec["colours"] == ["Red", "Blue", "Green"], rec["colours"]
    st = p.dev.app.stats
    for c in rec["colours"]:
        assert st[c]["games"] == 1, (c, st[c])
    assert sum(st[c]["wins"] for c in rec["colours"]) == len(rec["winners"]) == 1
