# Fewer key presses, through the real menus in the simulator (virtual time): values that
# start where they most likely are, a player's own button, Top Dog's deck catalog. Each
# game is hand-counted against the rulebooks. Both runtimes.
import json

from pawpad.store.catalogues import dog_catalog
from pawpad.store.files import Storage
from pawsim.fit import TextCanvas
from pawsim.script import parse
from pawsim.scripts import GO_MS, timed
from support.device import play
from support.pick_a_dog import data_with, open_variant
from support.presses import state
from support.top_dog import OPEN as OPEN_TOP_DOG
from support.top_dog import two_players

OPEN_TOP_DOGS = "1600 down\n1700 down\n1800 down\n1900 ok\n2000 ok\n"


# --- Top Dogs ---

def test_top_dogs_cards_start_at_the_usual_first_card_and_follow_it():
    data = data_with('{"players": 3, "keypad": false}')  # own buttons
    # Round 1: every card starts at 5; the cards not reached follow the one being set.
    # Red: UP twice -> 7-7-7, then the third down by 5: 7-7-2 = 51. Blue: its own
    # button at once: 5-5-5 = 125. Green: DOWN once, OK, OK, UP three times: 4-4-7 = 23;
    # Green's last OK saves the round.
    names = ["ok", "up", "up", "ok", "ok"] + ["down"] * 5 + ["ok", "p2", "down", "ok",
                                                            "ok", "up", "up", "up", "ok"]
    script, t = timed(2100, names)
    p = play(OPEN_TOP_DOGS + script, data)
    assert p.dev.app.top.name == "top-dogs"
    assert p.dev.app.session.events()[-1]["cards"] == [[7, 7, 2], [5, 5, 5], [4, 4, 7]]
    assert state(p)["cups"] == [0, 1, 0]  # 125 beats 51 and 23
    # Round 2 starts at the first cards' mean: (7 + 5 + 4) / 3 = 5.33 -> 5
    p.play(parse("%d ok\n" % (p.t + 100)))
    assert p.dev.app.top.cards == [[5, 5, 5]] * 3


def test_top_dogs_own_button_on_another_team_only_jumps_there():
    data = data_with('{"players": 3, "keypad": false}')  # own buttons
    script, t = timed(2100, ["ok", "p3", "up", "p3"])  # Green's team, 6-6-6, entered
    p = play(OPEN_TOP_DOGS + script, data)
    entry = p.dev.app.top
    assert entry.name == "team-entry" and entry.seat == 0 and entry.entered == [False,
                                                                                False, True]
    assert entry.cards[2] == [6, 6, 6]


# --- Top Dog's deck catalog ---

def catalog_keys(t, dogs):
    """Game menu -> Dog catalog (5th row) -> Dog 1; each dog's P, A, W, S by UP from 0;
    BACK after the last (the next dog's edit), BACK out of the catalog."""
    names = ["back", "down", "down", "down", "down", "ok", "ok"]
    for stats in dogs:
        for v in stats:
            names += ["up"] * v + ["ok"]
    names += ["back", "back"]
    return timed(t, names)


def test_the_catalog_is_keyed_once_and_a_round_is_which_dog():
    data = two_players()
    script, t = catalog_keys(2000, [[5, 1, 1, 1], [1, 5, 1, 1]])
    p = play(OPEN_TOP_DOG + script, data)
    assert p.dev.app.top.name == "top-dog"
    dogs, problem = Storage(data).read_json(dog_catalog.FILE)
    assert problem is None and dogs["dogs"][:3] == [[5, 1, 1, 1], [1, 5, 1, 1], None]
    # OK; Red: UP to dog 1, OK; Blue: UP skips dog 1 (Red's) to dog 2, OK: judged
    script, t = timed(p.t + 100, ["ok", "up", "ok", "up", "ok"])
    p.play(parse(script))
    st = state(p)
    assert st["champions"] == [1, 1] and st["covered"] == "PA"  # P to Red, A to Blue
    assert st["last_round"]["champions"] == [[0, "new", [5, 1, 1, 1]],
                                             [1, "new", [1, 5, 1, 1]]]


def test_a_numbered_dog_keyed_in_play_joins_the_catalog():
    data = two_players()
    Storage(data).write_text(dog_catalog.FILE, '{"dogs": [[9, 0, 0, 0]]}')
    # Red: dog 1 from the catalog. Blue: dog 2, not known yet: its stats asked, 0 9 0 0
    names = ["ok", "up", "ok", "up", "ok", "up", "ok"] + ["up"] * 10 + ["ok"] + \
        ["up", "ok", "up", "ok"]
    script, t = timed(2000, names)
    p = play(OPEN_TOP_DOG + script, data)
    st = state(p)
    assert st["last_medals"] == {"P": [0, "new"], "A": [1, "new"]}  # W and S tied 0-0
    dogs = dog_catalog.load(Storage(data))
    assert dogs[:3] == [[9, 0, 0, 0], [0, 9, 0, 0], None]


def test_a_damaged_catalog_forgets_only_what_is_wrong():
    data = two_players()
    store = Storage(data)
    store.write_text(dog_catalog.FILE, '{"dogs": [[1, 2, 3], "x", [1, 2, 3, 4], [1, 2, 3, -4],'
                                    ' [true, 0, 0, 0], [100, 0, 0, 0], [99, 0, 0, 0]]}')
    said = []
    dogs = dog_catalog.load(store, said)
    assert dogs[:7] == [None, None, [1, 2, 3, 4], None, None, None, [99, 0, 0, 0]]
    assert len(dogs) == 18 and said == []
    store.write_text(dog_catalog.FILE, '{"dogs": [[1, 2, 3, 4]')  # torn: not JSON
    dogs = dog_catalog.load(store, said)
    assert dogs == [None] * 18 and "kept as" in said[0]


def test_the_catalog_prints_as_one_line_the_box_reads_back():
    dogs = [None] * 18
    dogs[4] = [1, 2, 3, 4]
    assert dog_catalog.checked(__import__("json").loads(dog_catalog.text(dogs))) == dogs


# --- Pick-a-Dog's counts ---

def stop_and_verdict(t, seat):
    """GO (the board's OK, or the round before's result's), the STOP of `seat`
    (1-based), OK: right."""
    go = t + GO_MS
    return "%d ok\n%d p%d\n%d ok\n" % (t, go + 100, seat, go + 300), go + 500


def test_counts_start_at_the_player_before_then_at_the_usual_counts():
    data = data_with('{"players": 4}')
    keys, t = stop_and_verdict(1900, 1)  # Red's STOP, right
    # round 1: Red UP 3 (the others follow: 3), OK; Blue 3 as it shows, OK; Green DOWN
    # once: 2 (Yellow follows), OK; Yellow's OK saves
    more, t = timed(t, ["up", "up", "up", "ok", "ok", "down", "ok", "ok"])
    p = play(open_variant(0) + keys + more, data)
    st = state(p)
    # hand count: Red 3 + captain + bonus = 5, Blue 3 + 1, Green 2 + 1, Yellow 2 + 1
    assert st["scores"] == [5, 4, 3, 3]
    assert p.dev.app.top.name == "pad-result"
    # round 2 (the result's OK is GO): Blue's STOP; the counts open at 3 3 2 2; Red two
    # fewer, Blue one more
    keys, t = stop_and_verdict(p.t + 300, 2)
    more, t = timed(t, ["down", "down", "ok", "up", "ok", "ok", "ok"])
    p.play(parse(keys + more))
    assert p.dev.app.top.name == "pad-result"
    # Red 1 + 1, Blue 4 + 1 + 1, Green 2 + 1, Yellow 2 + 1
    assert state(p)["scores"] == [7, 10, 6, 6]
    # round 3: each count opens at the player's mean so far, halves up: Red (3 + 1) / 2,
    # Blue (3 + 4) / 2 (not the round before's 1 and 4)
    keys, t = stop_and_verdict(p.t + 300, 3)
    p.play(parse(keys + "%d end\n" % t))
    assert p.dev.app.top.name == "pad-counts" and p.dev.app.top.values == [2, 4, 2, 2]


def test_own_button_again_marks_a_broken_chain_and_keeps_its_count():
    data = data_with('{"players": 3}')
    keys, t = stop_and_verdict(1900, 1)
    # Red 4 (all follow), OK; Blue 4, OK (the line is Green's); Green's button twice in
    # a row: Green's chain broke
    more, t = timed(t, ["up", "up", "up", "up", "ok", "ok", "p3", "p3"])
    p = play(open_variant(0) + keys + more, data)
    counts = p.dev.app.top
    assert counts.name == "pad-counts" and counts.broken == [2] and counts.values == [4, 4, 4]
    t = p.t + 100
    p.play(parse("%d p3\n" % t))  # ... a third time: it did not
    assert counts.broken == []
    p.play(parse("%d p3\n%d ok\n" % (t + 200, t + 300)))  # Green's OK saves
    st = state(p)
    # Red 4 + 1 + 1 bonus; Blue 4 + 1; Green's 4 cards and captain discarded
    assert st["scores"] == [6, 5, 0] and st["discarded"] == 5


def test_top_dogs_a_card_already_reached_no_longer_follows():
    data = data_with('{"players": 3}')
    # Red: UP to 6 (6-6-6), OK; DOWN: 6-5-5, OK; BACK to the second card, UP: 6-6-5
    script, t = timed(2100, ["ok", "up", "ok", "down", "ok", "back", "up"])
    p = play(OPEN_TOP_DOGS + script, data)
    assert p.dev.app.top.cards[0] == [6, 6, 5]


def test_the_catalog_is_printed_from_its_last_row():
    data = two_players()
    Storage(data).write_text(dog_catalog.FILE, '{"dogs": [[9, 0, 0, 0]]}')
    # game menu -> Dog catalog; UP from the first row: the last, "Print to console"
    script, t = timed(2000, ["back", "down", "down", "down", "down", "ok", "up", "ok"])
    p = play(OPEN_TOP_DOG + script, data)
    assert p.dev.app.top.name == "dog-catalog"
    assert p.dev.app.toast_text == "Printed on the serial console"
    assert p.dev.app.top.rows(p.dev.app)[0] == ("Dog 1", " 9  0  0  0")


def test_usual_counts_are_the_means_so_far_and_fit_the_table():
    from pawpad.app.flows.pick_a_dog.exam import usual_counts

    assert usual_counts([{"t": "stop", "seat": 0}], 30) is None  # no count yet
    results = [{"t": "result", "collected": [4, 1, 2]},
               {"t": "stop", "seat": 1},
               {"t": "result", "collected": [5, 2, -1]}]  # an old broken chain: 0
    assert usual_counts(results, 30) == [5, 2, 1]  # 4.5, 1.5 and 1, halves up
    # the last round's table holds only 6: the biggest give way first
    assert usual_counts(results, 6) == [3, 2, 1]


def test_a_new_games_counts_start_at_what_each_player_collected_before():
    data = data_with('{"players": 3}')
    # game 1, one round: Red 4 (all follow), Blue 2, Green 2 (as it shows)
    keys, t = stop_and_verdict(1900, 1)
    more, t = timed(t, ["up", "up", "up", "up", "ok", "down", "down", "ok", "ok"])
    p = play(open_variant(0) + keys + more, data)
    assert state(p)["scores"] == [6, 3, 3]
    # the result -> the board -> game menu -> End game (last row), yes: into the
    # statistics
    end, t = timed(p.t + 100, ["back", "back", "up", "up", "ok", "ok"])
    p.play(parse(end))
    assert p.dev.app.top.name == "menu" and p.dev.app.stats["Red"]["cards_dog"] == 4
    # game 2: the first counts open at each player's usual count
    keys, t = stop_and_verdict(p.t + 300, 2)
    p.play(parse("%d ok\n%d ok\n" % (p.t + 100, p.t + 200) + keys + "%d end\n" % t))
    counts = p.dev.app.top
    assert counts.name == "pad-counts" and counts.values == [4, 2, 2] and not counts.follow


# --- the keypad setting ---

def test_the_keypad_is_on_as_the_box_ships():
    data = data_with('{"players": 3}')  # Keypad not named: the box's default
    script, t = timed(2100, ["ok", "p6", "p2", "p8"])  # Red: 6, 2, 8 keyed; Blue next
    p = play(OPEN_TOP_DOGS + script, data)
    entry = p.dev.app.top
    assert p.dev.app.settings["keypad"] is True
    assert entry.name == "team-entry" and entry.seat == 1 and entry.cards[0] == [6, 2, 8]


def test_top_dogs_keypad_a_press_a_card_and_a_slip_fixed_with_back():
    data = data_with('{"players": 3, "keypad": true}')
    # OK from the board; Red: 6, OK (the 6 follows), 2; Blue: 8, 8, 7 (a slip), BACK
    # (the entry is on Green's first card: back to Blue's third), 8; Green: 1, 1, 1
    names = ["ok", "p6", "ok", "p2", "p8", "p8", "p7", "back", "p8", "p1", "p1", "p1"]
    script, t = timed(2100, names)
    p = play(OPEN_TOP_DOGS + script, data)
    assert p.dev.app.top.name == "top-dogs"
    assert p.dev.app.session.events()[-1]["cards"] == [[6, 6, 2], [8, 8, 8], [1, 1, 1]]


def test_without_the_keypad_a_button_beyond_the_seats_does_nothing():
    data = data_with('{"players": 3, "keypad": false}')  # own buttons
    script, t = timed(2100, ["ok", "p8"])
    p = play(OPEN_TOP_DOGS + script, data)
    entry = p.dev.app.top
    assert entry.name == "team-entry" and entry.seat == 0 and entry.field == 0
    assert entry.cards[0] == [5, 5, 5]


def test_top_dog_keypad_keys_the_stats():
    data = data_with('{"players": 2, "keypad": true}')
    # OK; Red's dog: P 5 (button 6), A 1, W 1, S 1 (button 2 each); Blue's: 1, 5, 1, 1
    names = ["ok", "p6", "p2", "p2", "p2", "p2", "p6", "p2", "p2"]
    script, t = timed(2000, names)
    p = play(OPEN_TOP_DOG + script, data)
    st = state(p)
    assert st["champions"] == [1, 1] and st["covered"] == "PA"  # P to Red, A to Blue
    assert st["last_round"]["champions"] == [[0, "new", [5, 1, 1, 1]],
                                             [1, "new", [1, 5, 1, 1]]]


# --- a box with fewer player buttons than the keypad needs: each player's own button ---

def texts(p):
    """The texts the top screen draws."""
    c = TextCanvas()
    p.dev.app.top.draw(c, p.dev.app)
    return [box[0] for box in c.boxes]


def test_on_a_box_of_three_buttons_the_keypad_gives_way_to_the_own_buttons():
    # Keypad on as the box ships, but the board has buttons for 3 seats only: 2 and 3
    # are Blue's and Green's buttons, not the values 2 and 3. Green's own button jumps
    # to Green's team, UP makes it 6-6-6, Green's button enters it as it shows.
    data = data_with('{"players": 3}')
    script, t = timed(2100, ["ok", "p3", "up", "p3"])
    p = play(OPEN_TOP_DOGS + script, data, seats=3)
    entry = p.dev.app.top
    assert p.dev.app.settings["keypad"] is True and p.dev.player_keys == 3
    assert entry.name == "team-entry" and entry.keypad == 0
    assert entry.seat == 0 and entry.entered == [False, False, True]
    assert entry.cards == [[5, 5, 5], [5, 5, 5], [6, 6, 6]]
    shown = texts(p)
    assert "OK next" in shown and "keys" not in " ".join(shown)  # no key that is not there
    assert not [t for t in shown if "button" in t]  # nor a hint of one


def test_on_a_box_of_two_buttons_top_dog_keys_stats_by_up_and_down():
    data = data_with('{"players": 2}')  # Keypad on, as the box ships; 2 buttons
    # OK; Red's P: UP from ? to 5; Blue's button on Red's A is Blue's dog (not the
    # stat 1), where UP makes Blue's P 0
    names = ["ok"] + ["up"] * 6 + ["p2", "up"]
    script, t = timed(2000, names)
    p = play(OPEN_TOP_DOG + script, data, seats=2)
    entry = p.dev.app.top
    assert entry.name == "top-dog-play" and entry.keypad == 0
    assert entry.seat() == 1 and entry.field == 1
    assert entry.entries[0][1:] == [5, -1, -1, -1] and entry.entries[1][1:] == [0, -1, -1, -1]


def test_a_box_of_eight_buttons_keeps_the_keypad_a_box_of_five_does_not():
    for seats, keys in ((8, 8), (6, 6), (5, 0)):
        data = data_with('{"players": 3}')
        p = play(OPEN_TOP_DOGS + "2100 ok\n", data, seats=seats)
        assert p.dev.app.top.name == "team-entry" and p.dev.app.top.keypad == keys, seats


# --- the keypad's hint: what the buttons do, until a value is keyed with one ---

def settings_on_flash(data):
    with open(data + "/settings.json") as f:
        return json.load(f)


def test_the_top_dogs_hint_shows_until_a_card_is_keyed_with_a_button_then_never():
    data = data_with('{"players": 3}')  # as the box ships: Keypad on, the hints to come
    p = play(OPEN_TOP_DOGS + "2100 ok\n2200 up\n", data)
    shown = texts(p)
    assert "button 1-8 = card 1-8" in shown and "team 216" not in shown  # in its place
    # UP/DOWN leave it: only a value keyed with a button says the table has seen it
    names = ["p6", "p2", "p8"] + ["p1"] * 6  # Red 6-2-8; Blue and Green 1-1-1
    script, t = timed(p.t + 100, names)
    p.play(parse(script))
    assert p.dev.app.top.name == "top-dogs" and p.dev.app.settings["hint_top_dogs"] is False
    assert settings_on_flash(data)["hint_top_dogs"] is False  # kept: never shown again
    assert settings_on_flash(data)["hint_top_dog"] is True  # Top Dog's buttons are k - 1
    p.play(parse("%d ok\n" % (p.t + 100)))  # the next round's entry
    shown = texts(p)
    assert p.dev.app.top.name == "team-entry" and "team 27" in shown  # 3-3-3 (the usual)
    assert not [t for t in shown if "button" in t]


def test_the_top_dog_hint_shows_on_the_stats_until_one_is_keyed_with_a_button():
    data = data_with('{"players": 2, "hint_top_dogs": false}')
    p = play(OPEN_TOP_DOG + "2000 ok\n", data)
    assert "button 1-8 = stat 0-7" in texts(p)
    p.play(parse("%d p6\n" % (p.t + 100)))  # Red's P: 5, on to A
    entry = p.dev.app.top
    assert entry.entries[0][1] == 5 and entry.field == 2
    assert not [t for t in texts(p) if "button" in t]
    assert settings_on_flash(data)["hint_top_dog"] is False


def test_the_settings_list_the_keypad_only_where_the_buttons_are_enough():
    # On a box of 5 buttons the Keypad would read "on" and do nothing: not listed.
    from pawpad.app.menus.settings import SettingsScreen

    for seats, listed in ((8, True), (6, True), (5, False), (2, False)):
        p = play("1600 end\n", data_with('{"players": 2}'), seats=seats)
        app = p.dev.app
        screen = SettingsScreen()
        labels = [label for label, _ in screen.rows(app)]
        assert ("Keypad" in labels) is listed, (seats, labels)
        assert "Panel bus" in labels and labels[-1] == "Set aside"
        i = labels.index("Panel bus")
        assert screen.fields[i][0] == "fast_panel"  # each row edits its own setting
        assert screen.editable(i) and not screen.editable(len(labels) - 1)
