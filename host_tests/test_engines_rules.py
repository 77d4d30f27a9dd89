# The rules fixes of issue 10 (engine side) and the house-rules tables of issue 8.
# Both runtimes.
from pawpad.games import circus_puppy as cp
from pawpad.games import pick_a_dog as pd
from pawpad.games import top_dog as tg
from pawpad.games import top_dogs as tds
from pawpad.games.common import Refused, checked_settings, defaults_of

D = cp.DOG


def refused(engine, state, event):
    try:
        engine.step(state, event)
    except Refused:
        return True
    return False


def run(engine, st, *events):
    for e in events:
        st = engine.step(st, e)
    return st


# --- Pick-a-Dog: a broken chain's cards leave the table ---

def test_broken_chains_leave_the_table_and_the_pile_follows():
    # The example: 4 players, two broken chains of 10 cards in round 1.
    st = pd.start(4)
    assert (st["pile"], st["table"]) == (62, 30)
    st = run(pd, st, {"t": "stop", "seat": 2},
             {"t": "result", "right": True, "collected": [10, 10, 3, 2], "broken": [0, 1]})
    # 25 collected + 1 bonus left the table; the broken players' 10 + captain each are
    # discarded, the others score theirs.
    assert st["discarded"] == 22
    assert st["scores"] == [0, 0, 5, 3]
    assert (st["pile"], st["table"]) == (62 - 4 - 26, 30)
    assert pd.cards_accounted(st) == 96
    assert not st["last_round"]
    st = run(pd, st, {"t": "stop", "seat": 3},
             {"t": "result", "right": True, "collected": [6, 6, 6, 6]})
    assert st["pile"] == 3  # the box showed 23 when the broken counts were dropped
    assert st["last_round"]  # 3 cards cannot give 4 captains next round
    assert pd.prompt(st) == "Round 3: GO (last round)"
    st = run(pd, st, {"t": "stop", "seat": None}, {"t": "result", "collected": [0, 0, 0, 0]})
    assert st["ended"] and pd.cards_accounted(st) == 96


def test_a_broken_chain_with_the_old_zero_count_leaves_the_pile_wrong():
    # What the app sent before: 0 for a broken player. The engine cannot know, so the
    # app must send the count (the difference is the 20 cards of the example).
    st = pd.start(4)
    st = run(pd, st, {"t": "stop", "seat": 2},
             {"t": "result", "right": True, "collected": [0, 0, 3, 2], "broken": [0, 1]})
    assert st["pile"] == 62 - 4 - 6


def test_broken_and_wrong_caller_both_discard():
    st = run(pd, pd.start(3), {"t": "stop", "seat": 0},
             {"t": "result", "right": False, "collected": [4, 5, 6], "broken": [2]})
    assert st["scores"] == [0, 6, 0]
    assert st["discarded"] == 5 + 7
    assert pd.cards_accounted(st) == 96


def test_result_fields_are_checked():
    st = run(pd, pd.start(3), {"t": "stop", "seat": 1})
    ok = {"t": "result", "right": True, "collected": [1, 2, 3], "broken": [0]}
    assert not refused(pd, st, ok)
    for change in ({"broken": [0, 0]}, {"broken": [3]}, {"broken": [True]}, {"broken": 0},
                   {"broken": [0.0]}, {"right": 1}, {"right": "yes"}, {"right": None},
                   {"collected": [1, 2]}, {"collected": [1, 2, 3.0]},
                   {"collected": [1, 2, -1]}, {"collected": [1, 2, 2 ** 64]},
                   {"collected": [10, 10, 11]}, {"extra": 1}):
        e = dict(ok)
        e.update(change)
        assert refused(pd, st, e), change
    e = dict(ok)
    del e["collected"]
    assert refused(pd, st, e)
    e = dict(ok)
    del e["broken"]  # nobody broke a chain
    assert not refused(pd, st, e)


def test_solo_result_as_the_app_sends_it():
    st = pd.start(1, {"variant": "solo"})
    assert not refused(pd, st, {"t": "result", "collected": [5]})
    assert refused(pd, st, {"t": "result", "collected": [5], "broken": [0]})


# --- Pick-a-Dog: the stop event's statistics ---

def test_stop_takes_reaction_and_false_starts():
    st = pd.start(4)
    plain = pd.step(st, {"t": "stop", "seat": 2})
    full = pd.step(st, {"t": "stop", "seat": 2, "react_ms": 812, "false": [0, 3]})
    assert full == plain  # for statistics: the state does not keep them
    assert pd.step(st, {"t": "stop", "seat": 2, "react_ms": 0, "false": []}) == plain
    assert pd.step(st, {"t": "stop", "seat": None, "false": [1]})["caller"] is None
    for bad in ({"react_ms": -1}, {"react_ms": 1.5}, {"react_ms": True},
                {"react_ms": "812"}, {"react_ms": 2 ** 64}, {"false": [0, 0]},
                {"false": [4]}, {"false": [-1]}, {"false": 0}, {"false": [False]},
                {"false": None}, {"other": 1}):
        e = {"t": "stop", "seat": 2}
        e.update(bad)
        assert refused(pd, st, e), bad
    assert refused(pd, st, {"t": "stop", "seat": None, "react_ms": 500})
    assert refused(pd, st, {"t": "stop"})  # the seat (or None) is always given


# --- Circus Puppy: late falls ---

def after_one_turn(players=3):
    st = cp.start(players)
    return run(cp, st, {"t": "perform", "action": "dogee show"}, {"t": "stack", "stage": 0},
               {"t": "done", "t_ms": 1000}, {"t": "settled"})


def test_a_late_fall_between_turns_changes_the_stages_and_the_supply():
    st = after_one_turn()
    assert st["phase"] == "turn" and st["active"] == 1
    assert st["stages"][0] == [D, D, D]
    late = cp.step(st, {"t": "fall", "stage": 0, "dogs": 2, "t_ms": 9000})
    assert late["stages"][0] == [D]
    assert late["supply"] == st["supply"] + 2
    for key in ("scores", "decks", "faceup", "active", "phase", "last_turn"):
        assert late[key] == st[key], key
    assert cp.dogs_accounted(late) == cp.TOTAL_DOGS
    # From the game menu, without a time: the same.
    assert cp.step(st, {"t": "fall", "stage": 0, "dogs": 2}) == late
    # Only dogs fall: the high stage's card stays.
    assert refused(cp, st, {"t": "fall", "stage": 1, "dogs": 3})
    assert refused(cp, st, {"t": "fall", "stage": 0, "dogs": 4})


def test_a_late_fall_after_the_hold_keeps_the_points():
    st = cp.start(3)
    st = run(cp, st, {"t": "perform", "action": "dogee show"}, {"t": "stack", "stage": 0},
             {"t": "done", "t_ms": 1000})
    late = cp.step(st, {"t": "fall", "stage": 0, "dogs": 1, "t_ms": 6000})
    assert late["scores"][0] == 3 and late["active"] == 1 and late["phase"] == "turn"
    assert late["supply"] == st["supply"] + 1
    assert refused(cp, st, {"t": "fall", "stage": 0, "dogs": 1})  # when, in the hold?


# --- Circus Puppy: New Stage ---

def test_new_stage_with_as_many_dogs_on_each_the_players_choose():
    st = run(cp, cp.start(3), {"t": "perform", "action": "new stage"})
    assert cp.dogs_on(st["stages"][0]) == cp.dogs_on(st["stages"][1])
    assert refused(cp, st, {"t": "new_stage", "card": "+2 left"})
    low = cp.step(st, {"t": "new_stage", "card": "+2 left", "stage": 0})
    assert low["stages"][0] == [D, D, "+2 left"]
    high = cp.step(st, {"t": "new_stage", "card": "+2 left", "stage": 1})
    assert high["stages"][1] == ["+1 repeat", D, D, "+2 left"]


def test_new_stage_goes_on_the_stage_with_more_dogs():
    st = after_one_turn()  # 3 dogs low, 2 high
    st = run(cp, st, {"t": "perform", "action": "new stage"})
    auto = cp.step(st, {"t": "new_stage", "card": "+2 left"})
    assert auto["stages"][0] == [D, D, D, "+2 left"]
    assert cp.step(st, {"t": "new_stage", "card": "+2 left", "stage": 0}) == auto
    assert refused(cp, st, {"t": "new_stage", "card": "+2 left", "stage": 1})
    assert refused(cp, st, {"t": "new_stage", "card": "+1 repeat"})  # not in the pile


# --- Circus Puppy: Double Trick's second dog ---

def double_trick(decks, faceup, source):
    st = cp.start(3)
    st["decks"][0] = decks
    st["faceup"][0] = faceup
    return cp.step(st, {"t": "perform", "action": "double trick", "from": source,
                        "chosen": "dogee show"})


def test_double_trick_second_dog_from_the_deck():
    st = double_trick(3, 1, "deck")
    assert (st["decks"][0], st["faceup"][0]) == (1, 1)
    assert st["turn"]["held"] == 2 and st["turn"]["need_moves"] == 1


def test_double_trick_second_dog_face_up_when_the_deck_is_empty():
    st = double_trick(1, 1, "deck")
    assert (st["decks"][0], st["faceup"][0]) == (0, 0)
    assert st["turn"]["held"] == 2 and st["turn"]["need_moves"] == 1
    st = double_trick(0, 2, "faceup")
    assert st["faceup"][0] == 0 and st["turn"]["held"] == 2


def test_double_trick_without_a_second_dog_skips_the_acrobatics():
    st = double_trick(1, 0, "deck")
    assert st["turn"]["held"] == 1 and st["turn"]["need_moves"] == 0
    st = run(cp, st, {"t": "stack", "stage": 0})  # the chosen action: 3 points
    assert refused(cp, st, {"t": "move", "from": 0})  # no Acrobatics to do
    st = run(cp, st, {"t": "done", "t_ms": 0}, {"t": "settled"})
    assert st["scores"][0] == 3


def test_double_trick_with_a_second_dog_needs_the_move():
    st = double_trick(3, 0, "deck")
    st = run(cp, st, {"t": "stack", "stage": 0})
    assert refused(cp, st, {"t": "done", "t_ms": 0})  # a dog in hand, a move to do
    st = run(cp, st, {"t": "move", "from": 1}, {"t": "stack", "stage": 1},
             {"t": "done", "t_ms": 0}, {"t": "settled"})
    assert st["scores"][0] == 3 + 4 + 2


# --- Circus Puppy: the end-of-game penalty ---

def test_left_counts_all_or_deck_decides_the_winner():
    for setting, first in (("all", 1), ("deck", 0)):
        st = cp.start(2, {"left_counts": setting})
        st["scores"] = [30, 28]
        st["decks"] = [1, 1]
        st["faceup"] = [3, 0]
        assert cp.cards_left(st, 0) == (4 if setting == "all" else 1)
        assert cp.standings(st)[0] == first, setting


# --- Top Dog: the last judged round ---

def test_top_dog_keeps_a_summary_of_the_last_round():
    st = tg.start(2)
    assert st["last_round"] is None
    st = tg.step(st, {"t": "play", "plays": [[0, "new", [5, 1, 1, 1]],
                                             [1, "new", [1, 5, 1, 1]]]})
    assert st["last_round"] == {"round": 1, "medals": {"P": [0, "new"], "A": [1, "new"]},
                                "champions": [[0, "new", [5, 1, 1, 1]],
                                              [1, "new", [1, 5, 1, 1]]],
                                "pound": 0, "to_pound": [0, 0]}
    assert st["phase"] == "rescue"  # the 4 dogs the Pound started with
    st = tg.step(st, {"t": "rescued"})
    assert st["last_round"]["round"] == 1  # a rescue judges nothing
    st = tg.step(st, {"t": "play", "plays": [[0, "new", [0, 0, 5, 5]],
                                             [1, "new", [0, 0, 1, 1]]]})
    assert st["last_round"] == {"round": 2, "medals": {"W": [0, "new"], "S": [0, "new"]},
                                "champions": [[0, "new", [0, 0, 5, 5]]], "pound": 0,
                                "to_pound": [0, 0]}
    assert st["contestants"][1]["prev"] == [[0, 0, 1, 1]]
    pound = st["pound"]
    st = tg.step(st, {"t": "play", "plays": [[0, "new", [9, 9, 9, 9]],
                                             [1, "breed", [1, 1, 1, 1]]]})
    # Seat 0 wins all four; seat 1's bred contestant (2 dogs) goes to the Pound.
    assert st["last_round"] == {
        "round": 3, "medals": {m: [0, "new"] for m in "PAWS"},
        "champions": [[0, "new", [9, 9, 9, 9]]], "pound": 2, "to_pound": [0, 2]}
    assert st["pound"] == pound + 2
    assert st["ended"] and st["winner"] == 0


def test_top_dog_summary_when_the_players_judge():
    st = tg.step(tg.start(3), {"t": "play", "plays": [[0, "new", None], [1, "new", None],
                                                      [2, "new", None]]})
    st = tg.step(st, {"t": "medals", "won": {"P": [2, "new"], "A": None, "W": [2, "new"],
                                             "S": [0, "new"]}})
    assert st["last_round"] == {"round": 1, "medals": {"P": [2, "new"], "W": [2, "new"],
                                                       "S": [0, "new"]},
                                "champions": [[0, "new", None], [2, "new", None]],
                                "pound": 0, "to_pound": [0, 0, 0]}


def test_top_dog_state_never_shares_the_event_stats():
    stats = [5, 1, 1, 1]
    st = tg.step(tg.start(2), {"t": "play", "plays": [[0, "new", None],
                                                      [1, "new", stats]]})
    stats[0] = 99
    assert st["contestants"][1]["new"] == [[5, 1, 1, 1]]


# --- house rules: one table per engine ---

def test_house_rules_tables_give_the_defaults():
    for engine in (pd, cp, tg, tds):
        keys = [row[0] for row in engine.HOUSE_RULES]
        assert len(set(keys)) == len(keys)
        assert engine.DEFAULTS == defaults_of(engine.HOUSE_RULES)
        assert engine.check_settings(None) == engine.DEFAULTS
        assert engine.check_settings({}) == engine.DEFAULTS
        for row in engine.HOUSE_RULES:
            assert len(row) == 7
            key, label, default, kind, low, high, step = row
            assert kind in ("int", "bool", "choice", "spaces", "seat"), key
            assert label is None or isinstance(label, str)
            assert engine.check_settings({key: default}) == engine.DEFAULTS
    assert pd.DEFAULTS == {"variant": "dog"}
    assert cp.DEFAULTS == {"start_card": "+1 repeat", "grace_ms": 5000,
                           "helper_takes": True, "red": [], "star": [],
                           "left_counts": "all", "first": 0}
    assert tg.DEFAULTS == {"first": None}
    assert tds.DEFAULTS == {"rounds": 10, "cups": 10, "cup_points": 1}


def test_the_setup_screen_rows():
    shown = [(row[0], row[1]) for row in cp.HOUSE_RULES if row[1] is not None]
    assert shown == [("start_card", "Start card"), ("grace_ms", "Hold still"),
                     ("helper_takes", "Helper keeps"), ("left_counts", "Penalty"),
                     ("red", "Red spaces"), ("star", "Star spaces")]
    assert [row[1] for row in tds.HOUSE_RULES] == ["Rounds", "Cup cards", "Cup worth"]
    assert [row[1] for row in pd.HOUSE_RULES] == [None]
    assert [row[1] for row in tg.HOUSE_RULES] == [None]


def test_check_settings_cleans_what_it_keeps():
    s = cp.check_settings({"red": [9, 3], "grace_ms": 3000, "helper_takes": False})
    assert s["red"] == [3, 9] and s["grace_ms"] == 3000 and s["helper_takes"] is False
    assert s["star"] == [] and s["start_card"] == "+1 repeat"
    mine = [4]
    s = cp.check_settings({"star": mine})
    mine.append(5)
    assert s["star"] == [4]
    assert cp.start(3, {"red": [9, 3]})["settings"]["red"] == [3, 9]
    assert tg.check_settings({"first": 5}) == {"first": 5}
    assert tg.check_settings({"first": None}) == {"first": None}
    assert tds.check_settings({"rounds": 30})["rounds"] == 30


def test_check_settings_messages_say_what_is_wrong():
    cases = ((cp, {"grace_ms": 0}, "grace_ms: a whole number 1000 to 10000"),
             (cp, {"red": [3, 3]}, "red: distinct spaces 1 to 29"),
             (cp, {"helper_takes": 1}, "helper_takes: on or off"),
             (cp, {"left_counts": "x"}, "left_counts: one of all, deck"),
             (pd, {"variant": "cat"}, "variant: one of dog, pog, solo"),
             (tg, {"first": 6}, "first: a seat 1 to 6 or none"),
             (tds, {"nope": 1}, "unknown setting 'nope'"),
             (tds, [], "house rules are a table of settings"))
    for engine, settings, message in cases:
        try:
            engine.check_settings(settings)
        except Refused:
            raise AssertionError("a plain ValueError")
        except ValueError as e:
            assert str(e) == message, (str(e), message)
        else:
            raise AssertionError(settings)


def test_a_seat_setting_is_checked_against_the_players():
    assert cp.start(2, {"first": 1})["active"] == 1
    for engine, players, settings in ((cp, 2, {"first": 2}), (tg, 3, {"first": 3})):
        try:
            engine.start(players, settings)
        except ValueError as e:
            assert str(e).startswith("first:")
        else:
            raise AssertionError(settings)


def test_checked_settings_on_its_own():
    rules = (("n", "N", 3, "int", 1, 5, 1), ("k", None, "a", "choice", ("a", "b"), None, None))
    assert checked_settings(rules, {"n": 5}) == {"n": 5, "k": "a"}
    for bad in ({"n": 6}, {"k": "c"}, {"n": "3"}, {3: 1}, 7):
        try:
            checked_settings(rules, bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_top_dog_summary_of_a_breed_that_wins():
    st = tg.start(3)
    st = run(tg, st, {"t": "play", "plays": [[0, "new", [1, 1, 1, 1]], [1, "new", [2, 2, 2, 2]],
                                             [2, "new", [3, 3, 3, 3]]]})
    assert st["last_round"]["champions"] == [[2, "new", [3, 3, 3, 3]]]
    if st["phase"] == "rescue":
        st = tg.step(st, {"t": "rescued"})
    # Round 2 (P, A, W, S all covered: uncovered again): seat 0 breeds onto its
    # previous contestant and wins with the sum; the dog bred on top goes to the Pound.
    pound = st["pound"]
    st = run(tg, st, {"t": "play", "plays": [[0, "breed", [9, 9, 9, 9]],
                                             [1, "new", [0, 0, 0, 0]],
                                             [2, "new", [0, 0, 0, 0]]]})
    last = st["last_round"]
    assert last["champions"] == [[0, "prev", [1, 1, 1, 1]]]
    # Seat 0's bred dog (1) and seat 1's previous contestant (1) go to the Pound.
    assert last["to_pound"] == [1, 1, 0] and last["pound"] == 2
    assert st["pound"] == pound + 2
    assert tg.dogs_accounted(st) == tg.DOGS
