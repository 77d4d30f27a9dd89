# The game in progress and the game menu on the device: refusals said on screen, ending a
# game early, the timer's pause, a saved game that cannot be read, a game for more
# players than the box is set for. Both runtimes.
from pawpad.app.shell.game import Game
from pawpad.store.files import Storage
from pawpad.store.records.history import read_history
from pawpad.store.session import LOG, Session
from pawsim.gallery import quiet_app
from pawsim.script import parse
from support.device import fresh_dir, play
from support.games import OPEN_TOP_DOGS, three_players


def test_a_refused_entry_is_said_and_changes_nothing():
    from pawpad.core import settings

    app = quiet_app(settings.defaults())
    game = Game(app, Session.new(None, "top_dogs", 3))
    before = game.state
    assert game.offer({"t": "teams", "cards": [[1, 2, 3]]}) is False
    assert app.toast_text == "One team of three cards for every player"
    assert game.state is before


def test_ending_a_game_early_puts_it_in_the_history():
    data = three_players()
    # the game menu's last row: End game (UP twice from Back to game, past Rules
    # here), OK; OK again to confirm
    p = play(OPEN_TOP_DOGS + "2100 back\n2200 up\n2300 up\n2400 ok\n2500 ok\n2600 end\n",
             data)
    assert p.dev.app.top.name == "menu" and p.dev.app.session is None
    games = read_history(Storage(data))
    assert games[-1]["abandoned"] is True and games[-1]["events"] == 0


def test_the_timer_pauses_and_keeps_its_time():
    data = three_players()
    # game menu -> Timer (row 6, after the score sheet) -> OK: start; 3 s later OK: pause
    p = play(OPEN_TOP_DOGS + "2100 back\n2200 down\n2300 down\n2400 down\n2500 down\n"
             "2600 down\n2700 ok\n2800 ok\n5800 ok\n9000 end\n", data)
    timer = p.dev.app.top.game.timer
    assert not timer.running
    assert timer.remaining(p.dev.app.now) == 15000 - 3000
    p.play(parse("9100 back\n9300 end"))  # back to the game: the timer in the corner
    assert p.dev.app.top.name == "top-dogs"


def test_a_saved_game_that_cannot_be_read_is_said_and_kept():
    data = fresh_dir()
    Storage(data).write_text(LOG, "garbage\n")
    p = play("1600 end", data)
    assert p.dev.app.top.name == "resume"
    assert p.dev.app.top.session is None
    p.play(parse("1700 ok\n1800 end"))
    assert p.dev.app.top.name == "menu"
    assert Storage(data).exists(LOG + ".bad")


def test_too_many_players_for_a_game_is_said():
    # said as the game is opened, before its house rules are asked
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 7}')
    p = play("1600 down\n1700 down\n1800 down\n1900 ok\n2100 end", data)
    assert p.dev.app.top.name == "notice"
    assert "Top Dogs is for 3 to 5 players." in p.dev.app.top.lines
    assert p.dev.app.session is None


def test_a_variant_for_other_counts_is_said_in_its_own_name():
    # One player chooses Pick-a-Dog (or Pick-a-Pog): the notice names the variant as
    # the menu does, never by the setting's value (Solo is one player's at any count).
    for players, row, said in ((1, 0, "Pick-a-Dog is for 2 to 8 players."),
                               (1, 1, "Pick-a-Pog is for 2 to 8 players.")):
        data = fresh_dir()
        with open(data + "/settings.json", "w") as f:
            f.write('{"players": %d}' % players)
        keys = "1500 ok\n" + "".join("%d down\n" % (1600 + 100 * i) for i in range(row))
        p = play(keys + "1800 ok\n2100 end", data)
        top = p.dev.app.top
        assert top.name == "notice" and said in top.lines, (said, getattr(top, "lines", top.name))
        assert p.dev.app.session is None
