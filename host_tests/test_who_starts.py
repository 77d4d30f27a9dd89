# Opening a game through the menus (issue 36): a number of players the game does not
# take is said at once, before its house rules or who starts is asked; who starts names
# the seats as the game will (the people seated, else the colours), and DOWN goes to the
# next seat as in every list. Both runtimes.
import json

from pawsim import fit
from pawsim.script import parse
from support.device import fresh_dir, play

CIRCUS = "1600 down\n1700 ok\n"  # the main menu's second row: Circus Puppy, opened


def box(players, people=None):
    """A box's folder set for `players`; `people`: who sits at each seat (players.json)."""
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": %d}' % players)
    if people is not None:
        with open(data + "/players.json", "w") as f:
            json.dump({"names": [p for p in people if p], "seats": people}, f)
    return data


def shown(p):
    """The texts on the panel now, each checked to fit it."""
    c = fit.FitCanvas()
    p.dev.app.draw(c)
    assert not fit.check(c.boxes), fit.check(c.boxes)
    return [b[0] for b in c.boxes]


def test_circus_puppy_says_its_player_count_before_who_starts():
    for players in (1, 6, 7, 8):
        p = play(CIRCUS + "1800 end", box(players))
        app = p.dev.app
        # the notice right over the main menu: neither the house rules nor who starts
        assert [s.name for s in app.nav.stack] == ["menu", "notice"], (players, app.top.name)
        assert "Circus Puppy is for 2 to 5 players." in app.top.lines, app.top.lines
        shown(p)
        p.play(parse("1900 ok\n2000 end"))  # OK: back to the main menu, no game begun
        assert app.top.name == "menu" and app.session is None


def test_every_title_says_its_player_count_before_any_question():
    # the main menu's row (Pick-a-Dog through its variants: row 0, Pick-a-Dog), a
    # count the title does not take, what it says
    for keys, players, said in (("1600 ok\n1700 ok\n", 1, "Pick-a-Dog is for 2 to 8 players."),
                                (CIRCUS, 6, "Circus Puppy is for 2 to 5 players."),
                                ("1600 down\n1700 down\n1800 ok\n", 7,
                                 "Top Dog is for 2 to 6 players."),
                                ("1600 down\n1700 down\n1800 down\n1900 ok\n", 2,
                                 "Top Dogs is for 3 to 5 players.")):
        p = play(keys + "2000 end", box(players))
        app = p.dev.app
        assert [s.name for s in app.nav.stack] == ["menu", "notice"], (said, app.top.name)
        assert said in app.top.lines, (said, app.top.lines)


def test_who_starts_names_the_people_seated():
    # Isabel at Red's seat, nobody at Blue's, Tom at Green's
    p = play(CIRCUS + "1900 ok\n2000 end", box(3, ["Isabel", None, "Tom"]))
    assert p.dev.app.top.name == "who-starts"
    assert "OK: Isabel" in shown(p) and "OK: Red" not in shown(p), shown(p)
    p.play(parse("2100 down\n2200 end"))
    assert "OK: Blue" in shown(p), shown(p)
    p.play(parse("2300 down\n2400 end"))
    assert "OK: Tom" in shown(p), shown(p)
    # OK: the game begins with the one the OK line named, and says so by name
    p.play(parse("2500 ok\n2600 end"))
    app = p.dev.app
    assert app.top.name == "circus" and app.session.state["active"] == 2
    assert any(t.startswith("Tom") for t in shown(p)), shown(p)


def test_down_goes_to_the_next_seat_and_up_to_the_one_before():
    data = box(4)
    p = play(CIRCUS + "1900 ok\n2000 down\n2100 end", data)
    who = p.dev.app.top
    assert who.name == "who-starts" and who.sel == 1  # Red, then DOWN: Blue
    assert "OK: Blue" in shown(p), shown(p)
    p.play(parse("2200 down\n2300 down\n2400 down\n2500 end"))
    assert who.sel == 0  # after the last seat, round again to the first
    p.play(parse("2600 up\n2700 end"))
    assert who.sel == 3 and "OK: Yellow" in shown(p), shown(p)  # UP: the seat before
    p.play(parse("2800 down\n2900 down\n3000 ok\n3100 end"))
    assert p.dev.app.session.state["active"] == 1  # Yellow, DOWN twice: Blue starts
