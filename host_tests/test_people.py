# Players are people (issue 25): the roster (players.json) read like every other file,
# names entered on the box with the letter picker, who sits where by each person's own
# button, and a game played with names: its log, its history and its statistics by
# person, across a change of seats. Both runtimes.
import json

from pawpad.app.shell import people as screens
from pawpad.store.catalogues import roster
from pawpad.store.files import Storage
from pawpad.store.log import codec, schema
from pawpad.store.records.history import read_history
from pawsim.script import parse
from support.device import fresh_dir, play
from support.games import whole_game


def test_the_names_the_box_keeps():
    for ok in ("Ann", "O'Neil", "Jo-Ann", "Dr. J", "ab 12", "Zz9"):
        assert roster.valid(ok), ok
    for bad in ("", "Sebastian", " Ann", "Ann ", "Ann\n", "Zoë", "red", "Yellow", 7, None,
                "a\x00b"):
        assert not roster.valid(bad), bad
    r = roster.Roster()
    assert r.add("Ann") is None and r.add("Ann") and r.add("Blue") and r.add("x" * 7)
    for i in range(roster.NAMES_MAX - 1):
        assert r.add("P%d" % i) is None
    assert r.add("Last") == "%d names at most" % roster.NAMES_MAX


def test_seats_move_a_person_and_a_colour_stays_a_colour():
    r = roster.Roster(["Ann", "Bob"])
    assert r.people(3) is None  # nobody seated: the game is by colour, as ever
    r.seat(2, "Ann")
    r.seat(0, "Bob")
    assert r.people(3) == ["Bob", None, "Ann"]
    r.seat(1, "Ann")  # Ann moves: her old seat is a colour again
    assert r.people(3) == ["Bob", "Ann", None]
    r.remove("Bob")
    assert r.people(3) == [None, "Ann", None] and r.names == ["Ann"]


DAMAGE = (
    b"not json",
    b"[1, 2]",
    b'{"names": "Ann"}',
    b'{"names": ["Ann", "Ann"]}',
    b'{"names": ["Sebastian"]}',
    b'{"names": ["Ann"], "seats": ["Bob"]}',
    b'{"names": ["Ann"], "seats": ["Ann", "Ann"]}',
    b'{"names": ["A\\u00ebn"]}',
    b'{"names": [' + b'"Ann",' * 3000 + b'"Bob"]}',  # far longer than a roster
    b"\xff\xfe\x00garbage",
    b'{"names": ["Ann"]',  # cut short
    b'{"names": ["Ann"], "short": ["An"]}',  # short names chosen: {name: form}
    b'{"names": ["Ann"], "short": {"Bob": "Bo"}}',  # Bob is not on the roster
    b'{"names": ["Annie"], "short": {"Annie": "Anni"}}',  # three letters at most
    b'{"names": ["Annie"], "short": {"Annie": " Ai"}}',
    b'{"names": ["Annie"], "short": {"Annie": ""}}',
    b'{"names": ["Annie"], "short": {"Annie": 7}}',
    b'{"names": ["Annie"], "short": {"Annie": "A\\u00ef"}}',
)


def damaged_box(bad):
    """A box's folder with a damaged players.json, for three players."""
    data = fresh_dir()
    with open(data + "/players.json", "wb") as f:
        f.write(bad)
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3, "timer_s": 15}')
    return data


def test_every_damage_is_set_aside_with_a_message():
    for bad in DAMAGE:
        said = []
        r = roster.load(Storage(damaged_box(bad)), said)
        assert r.names == [] and r.people(4) is None, bad
        assert len(said) == 1 and "players.json" in said[0] and "kept as" in said[0], (bad, said)


def test_a_damaged_roster_is_told_and_the_box_plays_by_colour():
    # one whole game is enough: every damage is the same reading (the test above)
    p = play("1500 end\n", damaged_box(DAMAGE[0]))
    assert p.dev.app.top.name == "notice" and "players.json" in " ".join(
        p.dev.app.top.lines)
    data = damaged_box(DAMAGE[0])  # the same again, read past the notice
    p = whole_game(data, before="1500 ok\n")
    games = read_history(Storage(data))
    assert "people" not in games[-1] and games[-1]["scores"] == [3, 4, 3]
    assert p.dev.app.stats["Blue"]["wins"] == 1


def test_a_roster_saved_is_read_back():
    data = fresh_dir()
    store = Storage(data)
    r = roster.Roster(["Ann", "Bob", "O'Neil"])
    r.seat(1, "O'Neil")
    assert roster.save(store, r) is None
    back = roster.load(store)
    assert back.names == r.names and back.people(3) == [None, "O'Neil", None]


def keys_for(name):
    """The presses that type `name` on the letter picker from its start, and Done:
    a player's button jumps a row of keys on, UP/DOWN step, OK types."""
    at = 0
    out = []
    keys = "".join(screens.KEYS)
    for ch in list(name) + [None]:
        goal = keys.index(ch) if ch is not None else screens.DONE
        while True:  # jump rows while that leaves the goal ahead
            nxt = min(screens.DONE, (at // screens.ROW + 1) * screens.ROW)
            if at < screens.DONE and nxt <= goal:
                out.append("p1")
                at = nxt
            else:
                break
        n = screens.DEL + 1
        fwd = (goal - at) % n
        if fwd <= n - fwd:
            out += ["down"] * fwd
        else:
            out += ["up"] * (n - fwd)
        at = goal
        out.append("ok")
    return out


def test_a_name_entered_on_the_box_and_seated_by_its_button():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3}')
    # main menu: Players (row 4); Players: Names is row 5 with three seats
    t = 1600
    lines = []
    for k in ["down"] * 4 + ["ok"] + ["down"] * 5 + ["ok", "ok"]:
        lines.append("%d %s" % (t, k))
        t += 100
    typed = keys_for("Ann")
    for k in typed:
        lines.append("%d %s" % (t, k))
        t += 100
    p = play("\n".join(lines) + "\n%d end\n" % t, data)
    assert p.dev.app.roster.names == ["Ann"]
    assert p.dev.app.top.name == "names"
    # back to Players, then Who sits where (row 4): Ann is chosen; Green's button
    t += 100
    p.play(parse("%d back\n%d up\n%d ok\n%d p3\n%d ok\n%d end" % (
        t, t + 100, t + 200, t + 300, t + 400, t + 500)))
    assert p.dev.app.roster.people(3) == [None, None, "Ann"]
    with open(data + "/players.json") as f:
        assert json.load(f) == {"names": ["Ann"], "seats": [None, None, "Ann"]}


def test_every_kind_of_character_is_typed_on_the_box():
    # the longest name of every kind of key: capitals, small letters, digits, - ' . and
    # the space; seven keys more are refused (six at most)
    data = fresh_dir()
    t = 1600
    lines = []
    for k in ["down"] * 4 + ["ok"] + ["down"] * 10 + ["ok"]:  # 8 seats: Names is row 10
        lines.append("%d %s" % (t, k))
        t += 100
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 8}')
    for i, name in enumerate(("O'N.z9", "Jo-A 1")):
        # Names: "Add a name" is the row under the names there are
        for k in ["down"] * i + ["ok"] + keys_for(name):
            lines.append("%d %s" % (t, k))
            t += 100
    p = play("\n".join(lines) + "\n%d end\n" % t, data)
    assert p.dev.app.roster.names[:2] == ["O'N.z9", "Jo-A 1"], p.dev.app.roster.names


def seated(data, seats):
    with open(data + "/players.json", "w") as f:
        json.dump({"names": ["Ann", "Bob", "Cy"], "seats": seats}, f)
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3, "timer_s": 15}')


def test_a_game_with_names_then_seats_swapped_statistics_by_person():
    data = fresh_dir()
    seated(data, ["Ann", "Bob", None])  # Green's seat plays by its colour
    p = whole_game(data)
    games = read_history(Storage(data))
    assert games[-1]["people"] == ["Ann", "Bob", None]
    assert games[-1]["winners"] == [1]  # seat 2 won: Bob
    with open(data + "/history.log") as f:
        assert all(schema.check_summary(codec.decode(line.rstrip("\n"))) is None
                   for line in f)
    st = p.dev.app.stats
    assert st["Bob"]["wins"] == 1 and st["Ann"]["games"] == 1 and st["Green"]["games"] == 1
    assert "Red" not in st and "Blue" not in st  # nobody played as a colour there
    # next game: Ann and Bob swap seats; the same rounds make seat 2 win again: Ann now
    seated(data, ["Bob", "Ann", None])
    p = whole_game(data)
    games = read_history(Storage(data))
    assert games[-1]["people"] == ["Bob", "Ann", None]
    st = p.dev.app.stats
    assert st["Ann"]["games"] == 2 and st["Ann"]["wins"] == 1
    assert st["Bob"]["games"] == 2 and st["Bob"]["wins"] == 1
    assert st["Green"]["games"] == 2 and st["Green"]["wins"] == 0


def test_the_screens_say_the_person():
    from pawsim import fit

    data = fresh_dir()
    seated(data, ["Ann", "Bob", "Cy"])
    # Top Dogs opened: its board names the people, the lights keep the seats' colours
    p = play("1600 down\n1700 down\n1800 down\n1900 ok\n2000 ok\n2200 end", data)
    app = p.dev.app
    assert app.session.header["people"] == ["Ann", "Bob", "Cy"]
    assert [app.seat_name(s) for s in range(3)] == ["Ann", "Bob", "Cy"]
    assert [app.seat_colour(s) for s in range(3)] == ["Red", "Blue", "Green"]
    c = fit.FitCanvas()
    app.draw(c)
    shown = " ".join(b[0] for b in c.boxes)
    assert "Ann" in shown and "Bob" in shown and "Cy" in shown, shown
    assert "Red" not in shown and "Blue" not in shown, shown


def test_who_sits_where_from_a_game_s_start():
    # Top Dogs' house rules: UP from Start is "Who sits where"; Ann and Bob swap with
    # their buttons, OK, and Start: the game has them swapped (5 presses for the swap)
    data = fresh_dir()
    seated(data, ["Ann", "Bob", None])
    p = play("1600 down\n1700 down\n1800 down\n1900 ok\n2000 up\n2100 ok\n2200 end", data)
    assert p.dev.app.top.name == "seating"
    p.play(parse("2300 p2\n2400 p1\n2500 ok\n2600 down\n2700 ok\n2900 end"))
    assert p.dev.app.session.header["people"] == ["Bob", "Ann", None]


def test_names_differ_in_more_than_case():
    r = roster.Roster()
    assert r.add("Ann") is None
    assert r.add("ann") == "Ann is there already" and r.add("ANN") == "Ann is there already"
    assert r.add("Anna") is None and r.names == ["Ann", "Anna"]
    assert roster.check({"names": ["Ann", "aNN"]}) == "has a bad name"  # a file the box
    assert roster.check({"names": ["Ann", "Anna"], "seats": ["Anna"]}) is None  # keeps


COLOURS = ["Red", "Blue", "Green", "Yellow", "White", "Orange", "Purple", "Pink"]


def test_short_names_are_unique_at_the_table():
    # the first three letters where no one else seated begins with them; else the
    # first two and the letter where the name parts from the others
    assert roster.shorts(["Anna", "Annie"], COLOURS) == ["Ana", "Ani"]
    assert roster.shorts(["Mark", None, "Marcus"], COLOURS) == ["Mak", None, "Mac"]
    assert roster.shorts(["Anna", "Bob", "Cyrus"], COLOURS) == ["Ann", "Bob", "Cyr"]
    # a name of three letters or fewer is its own, even beside one that begins with it
    assert roster.shorts(["Ann", "Anna"], COLOURS) == ["Ann", "Ana"]
    assert roster.shorts(["Al", "Alma", "Alan"], COLOURS) == ["Al", "Alm", "Ala"]
    # but for case: ANNa and Annie begin alike
    assert roster.shorts(["ANNa", "Annie"], COLOURS) == ["ANa", "Ani"]
    # a name that is another's short name keeps it, and the other finds another
    assert roster.shorts(["Anna", "Annie", "Ana"], COLOURS) == ["An2", "Ani", "Ana"]
    # four alike: where each parts from all the others
    assert roster.shorts(["Anna", "Anne", "Annie", "Annika"], COLOURS) == [
        "Ana", "Ane", "Ani", "Ank"]
    # a colour seated without a name keeps its own ("Yel"): no one else has it
    assert roster.shorts([None, "Yel", "Yelena"], ["Yellow", "Red", "Blue"]) == [
        None, "Ye2", "Yee"]
    assert roster.shorts(["Yel", "Blu"], ["Yellow", "Red"]) == ["Yel", "Blu"]
    # one's own, when no one else has it; else as if none was chosen
    own = {"Annie": "Ai", "Anna": "Ann", "Bob": "Ai"}
    assert roster.shorts(["Anna", "Annie", "Bob"], COLOURS, own) == ["Ann", "Ai", "Bob"]
    assert roster.shorts(["Ann", "Anna"], COLOURS, {"Anna": "ANN"}) == ["Ann", "Ana"]


def test_short_names_come_from_the_names_not_the_seats():
    # every table of eight of these, in every order of a sample: each person's short
    # name is the same wherever they sit, and no two are alike but for case, nor a
    # colour's of a seat without a name
    pool = ["Ann", "Anna", "ANNE", "annie", "Annika", "Ana", "Ani", "AnnaB", "An2",
            "Mark", "Marcus", "Mac", "Yel", "Yelena", "Jo-A 1", "Jo-A 2", "A", "MMMMMM"]
    for start in range(len(pool)):
        table = [pool[(start + k * 5) % len(pool)] for k in range(8)]
        table[start % 8] = None  # a colour there
        forms = roster.shorts(table, COLOURS)
        low = [f.lower() for f in forms if f is not None]
        low.append(COLOURS[start % 8][:3].lower())
        assert len(set(low)) == len(low), (table, forms)
        assert all(f is None or roster.short_ok(f) for f in forms), forms
        turned = table[3:] + table[:3]
        again = roster.shorts(turned, COLOURS[3:] + COLOURS[:3])
        assert again == forms[3:] + forms[:3], (table, forms, again)


def test_a_short_name_chosen_is_kept_in_the_roster():
    data = fresh_dir()
    store = Storage(data)
    r = roster.Roster(["Anna", "Annie", "Bob"])
    assert r.choose_short("Annie", "Ai") is None and r.choose_short("Anna", "Anna") is not None
    assert r.choose_short("Bob", " B") is not None and r.short == {"Annie": "Ai"}
    assert roster.save(store, r) is None
    back = roster.load(store)
    assert back.short == {"Annie": "Ai"} and back.names == r.names
    r.seat(0, "Anna")
    r.seat(1, "Annie")
    assert r.shorts(3, COLOURS) == ["Ana", "Ai", None]
    r.remove("Annie")
    assert r.short == {} and r.as_json() == {"names": ["Anna", "Bob"], "seats": ["Anna", None]}
    assert roster.check({"names": ["Anna"], "short": {}}) is None  # a file of before too


def test_a_header_keeps_the_short_names_and_checks_them():
    head = schema.header("top_dogs", 3, {}, COLOURS[:3], "ab", ["Anna", "Annie", None],
                         None, ["Ana", "Ani", None])
    assert schema.check_head(head) is None and head["short"] == ["Ana", "Ani", None]
    for bad in (["Ana", "Ani"], ["Ana", "ANA", None], ["Ana", "Ani", "Gre"], ["Ana", None, None],
                ["Anna", "Ani", None], ["Ana", " A", None], "Ana", ["Ana", 7, None]):
        head["short"] = bad
        assert schema.check_head(head) == "has bad short names", bad
    del head["people"]
    head["short"] = [None, None, None]
    assert schema.check_head(head) == "has bad short names"


def test_a_game_keeps_the_short_names_it_began_with():
    # decided at the start, from the roster (Annie's own); a resume after a power cut
    # has them though the roster changed since; a log of before them is given them
    # the same way
    from pawpad.app.shell.game import Game
    from pawpad.store.resume import resume
    from pawsim import gallery

    data = fresh_dir()
    with open(data + "/players.json", "w") as f:
        json.dump({"names": ["Anna", "Annie", "Bob"], "seats": ["Anna", "Annie", "Bob"],
                   "short": {"Annie": "Ai"}}, f)
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3, "timer_s": 15}')
    # Top Dogs (main menu row 3), Start
    p = play("1600 down\n1700 down\n1800 down\n1900 ok\n2000 ok\n2200 end", data)
    app = p.dev.app
    assert app.session.header["short"] == ["Ana", "Ai", "Bob"]
    assert [app.seat_short(s) for s in range(3)] == ["Ana", "Ai", "Bob"]
    app.session.flush()
    store = Storage(data)
    r = roster.load(store)
    r.choose_short("Annie", None)
    r.choose_short("Bob", "B")
    assert roster.save(store, r) is None
    session, _ = resume(store)
    assert session.header["short"] == ["Ana", "Ai", "Bob"]
    app = gallery.quiet_app(dict(app.settings))
    game = Game(app, session)
    assert [game.short_name(s) for s in range(3)] == ["Ana", "Ai", "Bob"]
    del session.header["short"]  # a log written before short names
    game = Game(app, session)
    assert [game.short_name(s) for s in range(3)] == ["Ana", "Ani", "Bob"]


def test_who_sits_where_shows_the_short_names():
    from pawpad.app.shell.people import Seating
    from pawsim import fit, gallery

    app = gallery.quiet_app(dict(gallery.settings.defaults(), players=4))
    app.roster = roster.Roster(["Anna", "Annie", "Bob", "Al"], ["Anna", None, "Annie", "Al"])
    rows = Seating().rows(app)
    assert rows == [("Anna (Ana)", "1 Red"), ("Annie (Ani)", "3 Green"), ("Bob", "-"),
                    ("Al", "4 Yellow"), ("a colour", None)], rows
    c = fit.FitCanvas()
    app.nav.stack = [Seating()]
    app.draw(c)
    assert not fit.check(c.boxes) and "Annie (Ani)" in [b[0] for b in c.boxes]


def test_a_short_name_typed_on_the_box_and_a_name_taken_off():
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3}')
    with open(data + "/players.json", "w") as f:
        json.dump({"names": ["Anna", "Annie"], "seats": ["Anna", "Annie"]}, f)
    # main menu: Players (row 4); Players: Names (row 5 with three seats); Annie: her
    # Short name, typed
    keys = ["down"] * 4 + ["ok"] + ["down"] * 5 + ["ok"] + ["down", "ok", "ok"]
    keys += keys_for("Aie")
    t = 1600
    lines = []
    for k in keys:
        lines.append("%d %s" % (t, k))
        t += 100
    p = play("\n".join(lines) + "\n%d end\n" % t, data)
    app = p.dev.app
    assert app.top.name == "person" and app.roster.short == {"Annie": "Aie"}, app.roster.short
    with open(data + "/players.json") as f:
        assert json.load(f)["short"] == {"Annie": "Aie"}
    assert app.roster.shorts(3, COLOURS) == ["Ana", "Aie", None]
    # Take off (OK, and OK again): Annie is gone, her short name with her
    p.play(parse("%d down\n%d ok\n%d ok\n%d end" % (t, t + 100, t + 200, t + 300)))
    assert app.top.name == "names" and app.roster.names == ["Anna"] and app.roster.short == {}
    # three letters at most; none typed: the box's own again
    entry = screens.NameEntry("Anna")
    for _ in range(4):
        entry.key(app, screens.OK)
    assert entry.text == "AAA"
    app.roster.short["Anna"] = "Aa"
    entry.text = ""
    entry.done(app)
    assert app.roster.short == {}
