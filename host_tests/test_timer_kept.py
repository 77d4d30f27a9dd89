# The game menu's countdown survives a power cut: it comes back paused where it was
# last kept (within TIMER_KEEP_MS of the cut), with a word on the screen; the length
# chosen on the timer screen is in settings.json for the next game. A damaged or
# another game's timer file is never taken. Both runtimes.
import json

from pawpad.app.shell.game import TIMER_KEEP_MS
from pawpad.store.files import Storage
from pawpad.store.records import game_timer
from support.device import fresh_dir, play
from support.games import OPEN_TOP_DOGS

# the board -> BACK: the game menu -> Timer (row 6) -> OK
TO_TIMER = "2100 back\n2200 down\n2300 down\n2400 down\n2500 down\n2600 down\n2700 ok\n"


def top_dogs(timer_s=60):
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3, "timer_s": %d}' % timer_s)
    return data


def test_the_length_chosen_is_kept_in_the_settings():
    data = top_dogs(60)
    p = play(OPEN_TOP_DOGS + TO_TIMER + "2800 down\n2900 down\n3000 down\n3100 back\n3200 end",
             data)
    assert p.dev.app.settings["timer_s"] == 15
    with open(data + "/settings.json") as f:
        assert json.load(f)["timer_s"] == 15  # on flash, for the next game


def test_a_running_countdown_comes_back_paused_after_a_power_cut():
    data = top_dogs(60)
    # started at 2800; the power goes 7.3 s later, at 55 s or so left on the board
    p = play(OPEN_TOP_DOGS + TO_TIMER + "2800 ok\n10100 end", data)
    assert p.dev.app.game.timer.running
    p = play("1600 ok\n1700 end", data)  # the resume offer, OK
    t = p.dev.app.game.timer
    assert t is not None and not t.running
    left = t.remaining(p.dev.app.now)
    ran = 60000 - left
    assert 7300 - TIMER_KEEP_MS <= ran <= 7300, ran  # as kept, never more than it ran
    assert p.dev.app.toast_text.startswith("Timer paused 0:5"), p.dev.app.toast_text
    # started again, it goes on from there
    p.play(parse_timer_start())
    assert p.dev.app.game.timer.running


def parse_timer_start():
    from pawsim.script import parse

    return parse(TO_TIMER.replace("2100", "1800") + "2800 ok\n3000 end")


def test_a_paused_countdown_comes_back_as_it_was():
    data = top_dogs(60)
    p = play(OPEN_TOP_DOGS + TO_TIMER + "2800 ok\n4800 ok\n5000 end", data)  # 2 s run
    left = p.dev.app.game.timer.remaining(p.dev.app.now)
    p = play("1600 ok\n1700 end", data)
    t = p.dev.app.game.timer
    assert not t.running and t.remaining(p.dev.app.now) == left
    assert p.dev.app.toast_text is None or "Timer" not in p.dev.app.toast_text


def test_a_damaged_or_another_games_timer_file_is_not_taken():
    data = top_dogs(60)
    play(OPEN_TOP_DOGS + TO_TIMER + "2800 ok\n10100 end", data)
    store = Storage(data)
    good = json.loads(store.read_text(game_timer.TIMER))
    bad = ["", "{", "[]", "\xff", json.dumps(dict(good, id="x")),
           json.dumps(dict(good, left=good["ms"] + 1)), json.dumps(dict(good, left=-1)),
           json.dumps(dict(good, ms=0)), json.dumps(dict(good, ms=10 ** 9)),
           json.dumps(dict(good, running=1)), json.dumps(dict(good, left=True))]
    for text in bad:
        with open(store.path(game_timer.TIMER), "w") as f:
            f.write(text)
        p = play("1600 ok\n1700 end", data)
        assert p.dev.app.top.name == "top-dogs", text
        t = p.dev.app.game.timer
        assert t is None, text
