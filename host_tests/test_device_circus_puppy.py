# Circus Puppy played through the device in the simulator (virtual time), with the
# load cells watching the stages and with the menu buttons alone. Both runtimes.
from pawsim.script import parse
from pawsim.scripts import timed
from support.circus_puppy import state
from support.device import fresh_dir, play

# menu row 2, then Start on the house-rules screen, and who starts
OPEN = "1600 down\n1700 ok\n1900 ok\n2000 p1\n"  # Red starts: their own button


def three_players(extra=""):
    data = fresh_dir()
    with open(data + "/settings.json", "w") as f:
        f.write('{"players": 3%s}' % extra)
    return data


def test_a_stack_seen_by_the_load_cell_scores_after_the_hold():
    data = three_players()
    # OK: the action (Dogee Show), OK again: perform; a dog onto the low stage; Red's
    # button: done; five seconds of holding still
    p = play(OPEN + "2100 ok\n2300 ok\n2800 add 1 1\n3700 p1\n3800 end\n", data)
    assert p.dev.app.top.name == "circus-hold"
    assert state(p)["scores"] == [0, 0, 0]  # not yet
    p.play(parse("9000 end"))
    assert state(p)["scores"] == [3, 0, 0]
    assert state(p)["active"] == 1 and p.dev.app.top.name == "circus"


def test_a_fall_in_the_hold_spoils_the_turn():
    data = three_players()
    p = play(OPEN + "2100 ok\n2300 ok\n2800 add 1 1\n3700 p1\n5000 remove 1 2\n6000 end\n",
             data)
    st = state(p)
    assert st["scores"] == [0, 0, 0]
    assert st["faceup"][0] == 2  # drew two from the supply
    assert p.dev.app.top.name == "circus"


def test_a_fall_at_the_end_of_the_hold_reported_after_it_still_spoils_the_turn():
    data = three_players()
    # Done at 3700: the hold ends at 8700. Dogs leave the low stage at 8600: the load
    # cells report it a few hundred ms later, after the hold; the box waits for them
    # and judges the fall by when it began.
    p = play(OPEN + "2100 ok\n2300 ok\n2800 add 1 1\n3700 p1\n8600 remove 1 2\n"
             "11000 end\n", data)
    st = state(p)
    assert st["scores"] == [0, 0, 0]
    assert st["faceup"][0] == 2  # drew two from the supply: a spoiled turn
    assert p.dev.app.top.name == "circus"


def test_a_fall_after_the_hold_is_late_and_scores_the_turn():
    data = three_players()
    p = play(OPEN + "2100 ok\n2300 ok\n2800 add 1 1\n3700 p1\n9500 remove 1 1\n"
             "12000 end\n", data)
    st = state(p)
    assert st["scores"] == [3, 0, 0] and st["faceup"][0] == 0
    assert st["stages"][0] == ["dog", "dog"]  # the late fall moved a dog, nothing else


def test_acrobatics_seen_by_the_load_cells():
    data = three_players()
    # The actions: acrobatics, double trick, helper, double dog, new stage, dogee show;
    # from Dogee Show (the last), UP wraps round to Acrobatics.
    p = play(OPEN + "2100 ok\n2200 up\n2300 ok\n2800 remove 2 1\n3600 add 1 1\n"
             "4400 add 1 1\n5200 p1\n11000 end\n", data)
    st = state(p)
    # the high stage's top dog moved onto the low stage's two (3), then the drawn dog
    # on top of those three (4)
    assert st["scores"] == [7, 0, 0]
    assert st["stages"][0] == ["dog"] * 4


def test_played_with_the_buttons_alone():
    data = three_players()
    # no load cells: Perform's list -- "Stacked on high" (DOWN once, OK), "Done" (UP
    # twice from there: wraps to the last row)
    p = play(OPEN + "2100 ok\n2300 ok\n2500 down\n2600 ok\n2700 up\n2800 up\n2900 ok\n"
             "9000 end\n", data, cells=False)
    st = state(p)
    assert st["scores"] == [3, 0, 0]  # above the start card, on its two dogs: 1 + 2
    assert p.dev.app.top.name == "circus"


def test_tipped_stage_asks_how_many_fell():
    data = three_players()
    # a tip that no stage explains is held 2.5 s for the load cells, then asked about
    p = play(OPEN + "2100 ok\n2300 ok\n2500 tip\n4500 end\n", data)
    assert p.dev.app.top.name == "circus-perform"
    p.play(parse("5200 end\n"))
    assert p.dev.app.top.name == "circus-fall"
    p.play(parse("5300 level\n5400 ok\n5500 up\n5600 ok\n5700 ok\n6000 end"))
    st = state(p)
    assert st["stages"][1] == ["+1 repeat"]  # both dogs of the high stage fell
    assert st["faceup"][0] == 3  # the dog in hand, and two from the supply
    assert st["active"] == 1


def test_the_youngest_starts_with_their_own_button():
    data = three_players()
    # Start on the house rules, then Blue (the youngest) presses: Blue's turn first
    p = play("1600 down\n1700 ok\n1900 ok\n2000 end\n", data)
    assert p.dev.app.top.name == "who-starts"
    p.play(parse("2100 p2\n2200 end\n"))
    assert p.dev.app.top.name == "circus" and state(p)["active"] == 1
    # or chosen with DOWN (the next seat, as in every list) and OK: Green
    data = three_players()
    p = play("1600 down\n1700 ok\n1900 ok\n2000 down\n2100 down\n2200 ok\n2300 end\n", data)
    assert state(p)["active"] == 2 and state(p)["settings"]["first"] == 2


def test_red_spaces_set_before_the_game_send_a_dog_face_up():
    data = three_players()
    # house rules: Red spaces is row 5 (DOWN x5 from Start), OK opens the spaces; the
    # cursor on space 1, DOWN twice to space 3, OK marks it; BACK; UP x5 to Start, OK
    keys = ["1600 down", "1700 ok"]
    t = 1800
    for name in ["down"] * 5 + ["ok", "down", "down", "ok", "back"] + ["up"] * 5 + ["ok"]:
        keys.append("%d %s" % (t, name))
        t += 100
    keys += ["%d p1" % t, "%d ok" % (t + 100), "%d ok" % (t + 200), "%d add 1 1" % (t + 700),
             "%d p1" % (t + 1500), "%d end" % (t + 7500)]  # Red starts, then the turn
    p = play("\n".join(keys) + "\n", data)
    st = state(p)
    assert st["settings"]["red"] == [3]
    assert st["scores"][0] == 3
    assert st["faceup"][0] == 1 and st["decks"][0] == 4  # the red space: one face up


def test_new_stage_by_the_buttons():
    data = three_players()
    # the action: DOWN from Dogee Show to New Stage; perform; the list's "New stage
    # card" (DOWN x4), OK: the first card in the pile (+2 supply); both stages hold two
    # dogs: the box asks, OK on the high stage it offers; then "Stacked on high" (UP
    # x3), OK; then "Done" (DOWN x5), OK
    names = ["ok", "down", "ok"] + ["down"] * 4 + ["ok", "ok", "ok"] + ["up"] * 3 + ["ok"] + \
        ["down"] * 5 + ["ok"]
    script, t = timed(2100, names)
    p = play(OPEN + script + "%d end\n" % (t + 5500), data, cells=False)
    st = state(p)
    assert st["stages"][1] == ["+1 repeat", "dog", "dog", "+2 supply", "dog"]
    assert st["scores"] == [2, 0, 0]
    assert st["faceup"] == [1, 1, 1]  # the +2 card: everyone drew one from the supply


def test_new_stage_on_equal_stages_goes_where_the_players_choose():
    data = three_players()
    # as above, but UP on the question: the low stage
    names = ["ok", "down", "ok"] + ["down"] * 4 + ["ok", "ok", "up", "ok"]
    script, t = timed(2100, names)
    p = play(OPEN + script + "%d end\n" % (t + 500), data, cells=False)
    st = state(p)
    assert st["stages"][0] == ["dog", "dog", "+2 supply"]
    assert st["stages"][1] == ["+1 repeat", "dog", "dog"]


def test_helper_picked_by_their_button_keeps_the_first_two_fallen():
    data = three_players()
    # the action: DOWN x3 to Helper; OK to the helper row; Green's own button picks
    # Green; OK: perform; "Stacked on low" (the first row), OK; "Dogs fell" (DOWN x5),
    # OK: the stage row (high) UP to low, OK; the dogs row UP to 2, OK; Save
    names = ["ok", "down", "down", "down", "ok", "p3", "ok", "ok"] + ["down"] * 5 + \
        ["ok", "up", "ok", "up", "ok", "ok"]
    script, t = timed(2100, names)
    p = play(OPEN + script + "%d end\n" % (t + 500), data, cells=False)
    st = state(p)
    assert st["scores"] == [0, 0, 2]  # the helper's two points
    assert st["faceup"] == [0, 0, 2]
    assert st["stages"][0] == ["dog"]  # two of the three fell
    assert st["active"] == 1


def test_plus_one_asks_for_the_same_action_again():
    data = three_players()
    # The +1 card fires when a dog goes straight onto it: a game whose high stage
    # holds only its card (its two dogs taken off before the game is resumed).
    from pawpad.store.files import Storage
    from pawpad.store.session import Session

    st0 = Storage(data)
    s = Session.new(st0, "circus_puppy", 3)
    s.flush()
    p = play("1600 ok\n1800 end\n", data, cells=False)  # resume it
    assert p.dev.app.top.name == "circus"
    game = p.dev.app.session
    game.state["supply"] += 2
    game.state["stages"][1] = ["+1 repeat"]
    names = ["ok", "ok", "down", "ok"]  # Dogee Show; perform; "Stacked on high"
    script, t = timed(2000, names)
    p.play(parse(script))
    assert p.dev.app.top.name == "circus-action"  # +1: the same action again
    assert p.dev.app.top.repeat == "dogee show"
    script, t = timed(p.t + 100, ["ok", "ok"])  # perform; "Stacked on high" still chosen
    p.play(parse(script))
    assert game.state["turn"]["points"] == 1 + 2


def test_reaching_30_ends_the_game_with_the_final_standings():
    data = three_players()
    from pawpad.store.files import Storage
    from pawpad.store.records.history import read_history
    from pawpad.store.session import Session
    s = Session.new(Storage(data), "circus_puppy", 3)
    s.flush()
    p = play("1600 ok\n1800 end\n", data, cells=False)  # resume it
    game = p.dev.app.session
    game.state["scores"] = [28, 10, 5]
    # Dogee Show, perform, "Stacked on low" (3 points), Done (UP once), hold 5 s
    script, t = timed(2000, ["ok", "ok", "ok", "up", "ok"])
    p.play(parse(script + "%d end\n" % (t + 5500)))
    assert p.dev.app.top.name == "results"
    lines = p.dev.app.top.game.flow.result_lines(game.state, p.dev.app.game)
    assert lines[0].startswith("1. Red") and "31-5=26" in lines[0], lines
    p.play(parse("%d ok\n%d end\n" % (t + 5600, t + 5800)))
    games = read_history(Storage(data))
    assert games[-1]["game"] == "circus_puppy" and games[-1]["winners"] == [0]
    assert games[-1]["scores"] == [31, 10, 5]


def test_a_late_fall_from_the_game_menu_moves_the_dogs_and_scores_nothing():
    data = three_players()
    # a stack on low and Done; after the hold, the game menu's "Dogs fell" (row 5,
    # after "Correct a turn"): the high stage, 1 dog, Save
    names = ["ok", "ok", "ok"] + ["down"] * 6 + ["ok"]
    script, t = timed(2100, names)
    p = play(OPEN + script + "%d end\n" % (t + 6000), data, cells=False)
    st = state(p)
    assert st["phase"] != "after" and st["scores"][0] == 3
    before = dict(supply=st["supply"], scores=list(st["scores"]))
    script, t = timed(p.t + 100, ["back", "down", "down", "down", "down", "ok", "ok", "ok",
                                  "ok"])
    p.play(parse(script))
    st = state(p)
    assert p.dev.app.top.name == "circus"
    assert st["stages"][1] == ["+1 repeat", "dog"]
    assert st["supply"] == before["supply"] + 1 and st["scores"] == before["scores"]


def test_an_undone_acrobatics_move_says_what_to_put_back_and_weighs_afresh():
    data = three_players()
    # acrobatics (UP from Dogee Show), the high stage's top dog moved onto the low one
    p = play(OPEN + "2100 ok\n2200 up\n2300 ok\n2800 remove 2 1\n3600 add 1 1\n4400 end\n",
             data)
    assert state(p)["stages"][0] == ["dog"] * 3
    p.play(parse("4500 hold back\n5400 let back\n5500 end\n"))  # BACK held: undo
    top = p.dev.app.top
    assert top.name == "notice" and top.title == "Undone"
    assert top.lines[:2] == ["Take off low: 1 dog", "Put on high: 1 dog"], top.lines
    assert state(p)["stages"][0] == ["dog"] * 2  # the state as before the move
    assert not top.sensing  # the stages are not weighed while the table puts it back
    # the table moves the dog back, then OK: the stages are weighed afresh, and the
    # dog moved back is no step of the turn
    p.play(parse("6000 remove 1 1\n6800 add 2 1\n8000 ok\n9500 end\n"))
    assert p.dev.app.top.name == "circus-perform"
    assert state(p)["stages"][0] == ["dog"] * 2 and state(p)["turn"]["moves"] == 0
    # redone from the game menu: the other way round
    p.dev.app.game.redo()
    assert p.dev.app.top.lines[:2] == ["Take off high: 1 dog", "Put on low: 1 dog"]


def test_a_finger_resting_on_the_dog_is_asked_about_and_its_lifting_is_no_fall():
    data = three_players()
    # a dog onto the low stage with a finger on it that weighs another dog (4 g): the
    # stage settles at two dogs' weight, and the box asks rather than guess
    p = play(OPEN + "2100 ok\n2300 ok\n2800 add 1 1\n2800 rest 1 4.0\n6000 end\n", data)
    assert p.dev.app.top.name == "circus-ask"
    assert p.dev.app.top.cards == 2  # its guess
    # one dog (DOWN from two), OK: the stack is taken as if the stage had seen it
    p.play(parse("6100 down\n6200 ok\n6300 end\n"))
    assert p.dev.app.top.name == "circus-perform"
    assert state(p)["stages"][0] == ["dog", "dog", "dog"]  # on the start card's two
    # the finger lifts: no dog fell; Red's button: done; the hold passes clean
    p.play(parse("7000 rest 1 0\n9000 p1\n16000 end\n"))
    st = state(p)
    assert st["scores"] == [3, 0, 0] and st["faceup"][0] == 0, st
    assert p.dev.app.top.name == "circus"


def test_nothing_said_of_an_odd_weight_leaves_the_turn_as_it_was():
    data = three_players()
    # something of a dog and a half put down (a cup): between whole dogs, the box waits
    # (a finger lifts within seconds), then asks; the players say "nothing"
    p = play(OPEN + "2100 ok\n2300 ok\n2800 rest 1 6.0\n6000 end\n", data)
    assert p.dev.app.top.name == "circus-perform"  # waiting yet
    p.play(parse("9500 end\n"))
    assert p.dev.app.top.name == "circus-ask"
    guess = p.dev.app.top.cards
    assert guess in (1, 2)  # the nearest whole dogs, on
    p.play(parse("".join("%d down\n" % (9600 + 50 * i) for i in range(guess)) +
                 "9800 ok\n9900 end\n"))
    assert p.dev.app.top.name == "circus-perform"
    assert state(p)["stages"][0] == ["dog", "dog"]
    # it is taken away again: nothing fell either
    p.play(parse("10500 rest 1 0\n13000 end\n"))
    assert state(p)["stages"][0] == ["dog", "dog"] and p.dev.app.top.name == "circus-perform"


def test_back_on_the_question_and_the_dog_is_seen_when_the_finger_lifts():
    data = three_players()
    p = play(OPEN + "2100 ok\n2300 ok\n2800 add 1 1\n2800 rest 1 4.0\n6000 end\n", data)
    assert p.dev.app.top.name == "circus-ask"
    # BACK: no answer; the finger lifts: the dog under it is the stack
    p.play(parse("6100 back\n6500 rest 1 0\n9000 end\n"))
    assert p.dev.app.top.name == "circus-perform"
    assert state(p)["stages"][0] == ["dog", "dog", "dog"]


# Expectation from the flow (issue 36, 1): the action says what goes on at once. From
# Dogee Show, DOWN x2 is Double Dog, DOWN once New Stage, DOWN x3 Helper.
DOUBLE_DOG = "2100 ok\n2300 down\n2500 down\n2700 ok\n"


def test_double_dog_two_dogs_at_once_are_taken_without_a_question():
    data = three_players()
    # taken once the stage has stayed at two dogs as long as a finger rests (5 s)
    p = play(OPEN + DOUBLE_DOG + "3000 add 1 2\n9000 end\n", data)
    assert p.dev.app.top.name == "circus-perform"  # nothing asked
    assert state(p)["stages"][0] == ["dog"] * 4  # both on the start card's two
    p.play(parse("9500 p1\n16000 end\n"))
    st = state(p)
    assert st["scores"][0] > 0 and st["faceup"][0] == 0, st


def test_done_pressed_before_the_pair_is_taken_does_not_start_its_wait_again():
    data = three_players()
    # the pair at 3 s, a hand touching it (never still) at 4.2-4.8 s; Done at 4.5 s
    # is refused (two dogs in hand: the stage is not still at the pair) and leaves
    # what is expected alone: the pair is taken 5 s after the stage came to rest at it
    p = play(OPEN + DOUBLE_DOG + "3000 add 1 2\n" + wandering(1, 4200, 4500, (0.3, 1.2)) +
             "4500 p1\n4550 end\n", data)
    assert p.dev.app.toast_text == "A dog is still in hand"
    assert state(p)["turn"]["held"] == 2
    p.play(parse(wandering(1, 4600, 4800, (0.3, 1.2)) + "4800 rest 1 0\n9000 end\n"))
    assert p.dev.sensors._expect == (None, 0)  # taken: the stack made, nothing expected
    assert state(p)["stages"][0] == ["dog"] * 4


def test_what_double_dog_expected_ends_when_the_performance_is_left():
    data = three_players()
    p = play(OPEN + DOUBLE_DOG + "3500 end\n", data)
    assert p.dev.app.top.name == "circus-perform"
    assert p.dev.sensors._expect == (None, 2)
    p.play(parse("3600 back\n4500 end\n"))  # the game menu (an undo is a row of it)
    assert not p.dev.app.top.sensing, p.dev.app.top.name
    assert p.dev.sensors._expect == (None, 0)


def test_double_dog_one_dog_and_a_finger_is_still_asked():
    data = three_players()
    # one dog with a finger of a dog and a half: between whole dogs, the action does
    # not explain it: asked once the finger has rested past the wait
    p = play(OPEN + DOUBLE_DOG + "3000 add 1 1\n3000 rest 1 2.0\n10000 end\n", data)
    assert p.dev.app.top.name == "circus-ask"


def test_double_dog_one_dog_and_a_finger_weighing_a_dog_is_not_the_pair():
    data = three_players()
    # one dog with a finger of a dog's weight resting on it for 2.5 s: the pair's
    # weight, held still. Taken as the pair, the finger lifting would be a fall that
    # spoils the turn; it is waited out: the dog under it is the stack, the second dog
    # follows, nothing is asked and nothing fell
    p = play(OPEN + DOUBLE_DOG + "3000 add 1 1\n3000 rest 1 4.0\n5500 rest 1 0\n"
             "7000 end\n", data)
    assert p.dev.app.top.name == "circus-perform"
    assert state(p)["turn"]["held"] == 0
    p.play(parse("7500 add 1 1\n9000 p1\n16000 end\n"))
    st = state(p)
    assert p.dev.app.top.name == "circus", p.dev.app.top.name
    assert st["stages"][0] == ["dog"] * 4 and st["scores"][0] > 0, st


def test_a_new_stage_turn_with_the_load_cells_asks_nothing():
    data = three_players()
    # New Stage: a stage card onto the high stage (it weighs a card), the pick, then
    # the drawn dog on top of it
    p = play(OPEN + "2100 ok\n2300 down\n2500 ok\n3000 add 2 1\n5000 end\n", data)
    assert p.dev.app.top.name == "circus-stage-card"
    p.play(parse("5100 ok\n5300 add 2 1\n7000 end\n"))
    assert p.dev.app.top.name == "circus-perform"
    assert state(p)["turn"]["held"] == 0 and state(p)["turn"]["stages"] == 1
    p.play(parse("7500 p1\n14000 end\n"))
    assert p.dev.app.top.name == "circus"


def test_a_dog_onto_the_other_stage_soon_after_a_fall_is_a_stack_not_a_move():
    data = three_players()
    # Red's stack on low, done; a dog falls off low in the hold (the turn spoiled);
    # Blue's turn at once: Dogee Show, its dog onto the high stage within the stages'
    # move time of the fall. No Acrobatics to make: it is Blue's stack.
    p = play(OPEN + "2100 ok\n2300 ok\n2800 add 1 1\n3700 p1\n4500 remove 1 1\n"
             "6000 ok\n6200 ok\n6800 add 2 1\n8500 end\n", data)
    st = state(p)
    assert st["active"] == 1 and st["phase"] == "performing"
    assert st["stages"][1] == ["+1 repeat", "dog", "dog", "dog"]
    assert st["turn"]["held"] == 0 and st["turn"]["points"] > 0


# Done is the table saying its hands are off the stages: on a Double Dog turn, a stage
# holding still at exactly the pair when Done is pressed is the stack, and the Done
# follows it, as one press (the 5 s wait above is for a pair that no Done confirms).
def wandering(stage, t0, t1, grams=(3.0, 4.6, 3.4, 5.0, 2.8)):
    """A finger on a stage that never holds still: its weight changing every 100 ms."""
    return "".join("%d rest %d %.1f\n" % (t, stage, grams[i % len(grams)])
                   for i, t in enumerate(range(t0, t1, 100)))


def test_double_dog_pair_and_done_a_second_later_is_one_press():
    data = three_players()
    p = play(OPEN + DOUBLE_DOG + "3000 add 1 2\n4000 p1\n4300 end\n", data)
    st = state(p)
    assert p.dev.app.top.name == "circus-hold", p.dev.app.top.name  # nothing asked
    assert p.dev.app.toast_text is None or "hand" not in p.dev.app.toast_text
    assert [e["t"] for e in p.dev.app.session.events()][-2:] == ["stack", "done"]
    assert st["stages"][0] == ["dog"] * 4 and st["turn"]["done_at"] == 4000, st
    assert p.dev.sensors._expect == (None, 0)
    p.play(parse("9500 end\n"))  # the hold ran its 5 s: the points count
    st = state(p)
    assert st["scores"][0] > 0 and st["faceup"][0] == 0 and st["active"] == 1, st
    assert p.dev.app.top.name == "circus"


def test_double_dog_done_while_a_finger_still_moves_is_refused_as_before():
    data = three_players()
    # one dog and a finger that never holds still: Done at 4 s is refused (a dog in
    # hand) and takes nothing; the finger lifts as the second dog comes, and a Done a
    # second after it is the one press
    p = play(OPEN + DOUBLE_DOG + "3000 add 1 1\n" + wandering(1, 3000, 4000) +
             "4000 p1\n4050 end\n", data)
    assert p.dev.app.top.name == "circus-perform"
    assert p.dev.app.toast_text == "A dog is still in hand"
    assert state(p)["turn"]["held"] == 2 and state(p)["stages"][0] == ["dog"] * 2
    p.play(parse(wandering(1, 4100, 4600) + "4600 rest 1 0\n4600 add 1 1\n5600 p1\n"
                 "5900 end\n"))
    st = state(p)
    assert p.dev.app.top.name == "circus-hold", p.dev.app.top.name
    assert st["stages"][0] == ["dog"] * 4 and st["turn"]["done_at"] == 5600, st


def test_double_dog_done_with_nothing_on_the_stages_is_refused_as_before():
    data = three_players()
    p = play(OPEN + DOUBLE_DOG + "3500 p1\n3600 end\n", data)
    assert p.dev.app.top.name == "circus-perform"
    assert p.dev.app.toast_text == "A dog is still in hand"
    assert state(p)["turn"]["held"] == 2
    assert p.dev.sensors._expect == (None, 2)  # still expected: the pair to come
    p.play(parse("4000 add 2 2\n5000 p1\n5300 end\n"))
    st = state(p)
    assert p.dev.app.top.name == "circus-hold", p.dev.app.top.name
    assert st["stages"][1] == ["+1 repeat"] + ["dog"] * 4, st


def test_a_finger_taken_with_the_pair_at_done_that_lifts_in_the_hold_is_a_fall():
    data = three_players()
    # one dog and a finger weighing a dog, held still: at Done the hands are off by
    # the rulebook, so the stage is taken as the pair; the finger lifting in the hold
    # is a dog leaving the stage there: the turn is spoiled
    p = play(OPEN + DOUBLE_DOG + "3000 add 1 1\n3000 rest 1 4.0\n4000 p1\n4300 end\n",
             data)
    assert p.dev.app.top.name == "circus-hold", p.dev.app.top.name
    p.play(parse("5000 rest 1 0\n11000 end\n"))
    st = state(p)
    assert [e["t"] for e in p.dev.app.session.events()][-3:] == ["stack", "done", "fall"]
    assert st["scores"][0] == 0 and st["active"] == 1, st
    assert p.dev.app.top.name == "circus"


def test_double_dog_pair_and_done_then_a_power_cut_in_the_hold():
    data = three_players()
    p = play(OPEN + DOUBLE_DOG + "3000 add 1 2\n4000 p1\n5000 end\n", data)
    assert p.dev.app.top.name == "circus-hold"
    # the power comes back (the same flash): the game as its log says, the stack and
    # the done in, the hold again
    p = play("1600 ok\n1700 end", data)
    st = state(p)
    assert [e["t"] for e in p.dev.app.session.events()][-3:] == ["perform", "stack", "done"]
    assert st["phase"] == "after" and st["turn"]["done_at"] == 4000, st
    assert st["stages"][0] == ["dog"] * 4 and st["turn"]["held"] == 0, st
    assert p.dev.app.top.name == "circus-hold", p.dev.app.top.name
    p.play(parse("8000 end\n"))
    st = state(p)
    assert st["scores"][0] > 0 and st["active"] == 1 and p.dev.app.top.name == "circus", st
