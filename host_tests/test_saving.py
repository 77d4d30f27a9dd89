# What the screen shows is on flash within 300 ms: a STOP once it is decided, each
# step of a Circus Puppy turn as it is shown (the load cells need no pause in the
# writes). Both runtimes.
from pawsim.script import parse
from pawsim.scripts import GO_MS
from support.device import fresh_dir, play
from support.pick_a_dog import data_with, log_records, open_variant


def kinds(data):
    return [r["e"]["t"] for r in log_records(data)[1:] if "e" in r]


def test_a_stop_is_on_flash_within_300_ms():
    data = data_with('{"players": 3}')
    go = 1900 + GO_MS
    p = play(open_variant(0) + "1900 ok\n%d p2\n%d end" % (go + 100, go + 100 + 300), data)
    assert p.dev.app.top.name == "pad-stopped"
    assert kinds(data) == ["stop"]


def test_a_circus_puppy_turn_is_on_flash_as_it_is_shown():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 2}')
    # Circus Puppy (row 2), Start, Red starts; OK: the action (Dogee Show), OK:
    # performing; OK on "Stacked on low"; each checked 300 ms later
    p = play("1600 down\n1700 ok\n1800 ok\n1850 p1\n1900 ok\n2000 ok\n2300 end", data)
    assert p.dev.app.top.name == "circus-perform"
    assert kinds(data) == ["perform"]
    p.play(parse("2400 ok\n2700 end"))
    assert kinds(data) == ["perform", "stack"]
    p.play(parse("2800 p1\n3100 end"))  # the active player's button: done
    assert p.dev.app.top.name == "circus-hold"
    assert kinds(data) == ["perform", "stack", "done"]
