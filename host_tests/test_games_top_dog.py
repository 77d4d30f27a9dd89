# Top Dog: deal, medals (rule 4.1), champions, the Pound and the rescue. Both runtimes.
import json

from pawpad.games import top_dog as tg
from pawpad.games.common import Refused


def test_deal_counts():
    assert [tg.deal_count(n) for n in (2, 3, 4, 5, 6)] == [
        (7, 4), (5, 3), (4, 2), (3, 3), (3, 0)]
    for bad in (1, 7, 0):
        try:
            tg.deal_count(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_highest_stat_wins_each_medal():
    won = tg.award_medals("PAWS", [(0, "new", (5, 1, 1, 1)), (1, "new", (1, 5, 1, 1))])
    assert won == {"P": (0, "new"), "A": (1, "new")}  # W and S tied across seats


def test_rule_4_1_a_winner_still_blocks_a_later_medal():
    bulldog = (1, 9, 7, 1)
    spaniel = (1, 2, 7, 1)
    won = tg.award_medals("PAWS", [(0, "prev", bulldog), (1, "new", spaniel)])
    assert won["A"] == (0, "prev")
    assert "W" not in won  # the Bulldog, already a winner, ties the Spaniel on W


def test_only_available_medals():
    won = tg.award_medals("WS", [(0, "new", (9, 9, 9, 9)), (1, "new", (1, 1, 1, 1))])
    assert won == {"W": (0, "new"), "S": (0, "new")}
    assert tg.award_medals("PAWS", []) == {}


def test_own_tie_goes_to_the_previous_contestant():
    won = tg.award_medals("P", [(2, "new", (6, 0, 0, 0)), (2, "prev", (6, 1, 1, 1)),
                                (0, "new", (5, 0, 0, 0))])
    assert won == {"P": (2, "prev")}
    won = tg.award_medals("P", [(2, "new", (7, 0, 0, 0)), (2, "prev", (6, 1, 1, 1))])
    assert won == {"P": (2, "new")}


def test_one_contestant_can_win_several():
    won = tg.award_medals("PAWS", [(0, "new", (9, 9, 9, 9)), (1, "new", (1, 1, 1, 1))])
    assert len(won) == 4 and set(won.values()) == {(0, "new")}


def test_rescue_fewest_points_first():
    # seat 2 leads; seats 0 and 3 have 0 points: walking left from seat 2, seat 3 first
    assert tg.rescue_order([0, 1, 2, 0], 4) == [3, 0, 1, 2]
    assert tg.rescue_order([0, 1, 2, 0], 6) == [3, 0, 1, 2, 3, 0]
    assert tg.rescue_order([0, 1, 2, 0], 2) == [3, 0]


def test_rescue_all_tied_asks_who_walked_a_dog():
    assert tg.rescue_order([1, 1, 1], 4, first=2) == [2, 0, 1, 2]
    assert tg.rescue_order([1, 1, 1], 3, first=1) == [1, 2, 0]


def test_rescue_group_turn_goes_left():
    # leader seat 0; tied pair at seats 1 and 4 (5 players): from 0, seat 1 is first
    assert tg.rescue_order([3, 0, 1, 1, 0], 5) == [1, 4, 2, 3, 0]
    # leader seat 3: walking left from 3, seat 4 comes before seat 1, and seat 0
    # before seat 2
    assert tg.rescue_order([1, 0, 1, 3, 0], 5) == [4, 1, 0, 2, 3]


def test_leader():
    assert tg.leader([3, 2, 0]) == 0
    assert tg.leader([3, 3, 0]) is None
    assert tg.leader([2, 1]) is None
    assert tg.leader([4, 3, 1]) == 0


def plays(*rows):
    return {"t": "play", "plays": [list(r) for r in rows]}


def test_round_with_stats():
    st = tg.start(2)  # 7 each, 4 in the Pound
    st = tg.step(st, plays((0, "new", [5, 1, 1, 1]), (1, "new", [1, 5, 1, 1])))
    assert st["champions"] == [1, 1]
    assert st["covered"] == "PA"
    # the Pound held 4: rescue, fewest points first (tied: seat 1 is left of leader 0)
    assert st["phase"] == "rescue"
    assert st["rescue"] == [1, 0, 1, 0]
    st = tg.step(st, {"t": "rescued"})
    assert st["hands"] == [8, 8] and st["pound"] == 0
    assert tg.dogs_accounted(st) == 18


def test_losing_new_contestant_becomes_previous_then_pound():
    st = tg.start(3)  # 5 each, 3 in the Pound
    st = tg.step(st, plays((0, "new", [9, 9, 9, 9]), (1, "new", [1, 1, 1, 1]),
                           (2, "new", [2, 2, 2, 2])))
    assert st["champions"] == [1, 0, 0]
    assert st["contestants"][1]["prev"] == [[1, 1, 1, 1]]
    assert st["phase"] == "play" and st["pound"] == 3
    # next round seat 1 breeds on its previous contestant; seat 2's old one goes to Pound
    st = tg.step(st, plays((0, "new", [0, 0, 0, 0]), (1, "breed", [8, 8, 8, 8]),
                           (2, "new", [1, 1, 1, 1])))
    # all four medals were covered, so all four were uncovered for this round; the
    # breed (1 + 8 in every stat) wins them as seat 1's previous contestant
    assert st["champions"] == [1, 1, 0]
    assert st["pound"] == 3 + 1 + 1  # seat 1's bred dog, seat 2's previous contestant
    assert st["phase"] == "rescue"
    assert tg.dogs_accounted(st) == 18


def test_medals_uncover_only_when_all_four_are_covered():
    st = tg.start(2)
    st = tg.step(st, plays((0, "new", [5, 1, 1, 1]), (1, "new", [1, 5, 1, 1])))
    st = tg.step(st, {"t": "rescued"})
    assert tg.available(st) == "WS"
    st = tg.step(st, plays((0, "new", [9, 9, 9, 9]), (1, "new", [1, 1, 1, 1])))
    assert st["last_medals"] == {"W": [0, "new"], "S": [0, "new"]}
    assert tg.available(st) == ""
    st = tg.step(st, plays((0, "new", [9, 9, 9, 9]), (1, "breed", [1, 1, 1, 1])))
    assert set(st["last_medals"]) == {"P", "A", "W", "S"}


def test_judging_by_decision_without_stats():
    st = tg.start(2)
    st = tg.step(st, plays((0, "new", None), (1, "new", None)))
    assert st["phase"] == "judge"
    before = json.dumps(st)
    for bad in ({"t": "medals", "won": {"P": [0, "new"]}},  # A, W, S missing
                {"t": "medals", "won": {"P": [0, "prev"], "A": None, "W": None, "S": None}},
                {"t": "play", "plays": [[0, "new", None]]}):
        try:
            tg.step(st, bad)
        except Refused:
            pass
        else:
            raise AssertionError(bad)
    assert json.dumps(st) == before
    st = tg.step(st, {"t": "medals", "won": {"P": [0, "new"], "A": [0, "new"],
                                             "W": None, "S": [1, "new"]}})
    assert st["champions"] == [1, 1]


def test_three_champions_and_the_lead_win():
    st = tg.start(2)
    rnd = 0
    while not st["ended"]:
        if st["phase"] == "rescue":
            st = tg.step(st, {"t": "rescued"})
            continue
        c = st["contestants"]
        how0 = "new" if c[0]["new"] is None else "breed"
        how1 = "new" if c[1]["prev"] is None else "breed"
        st = tg.step(st, plays((0, how0, [9, 9, 9, 9]), (1, how1, [0, 0, 0, 0])))
        rnd += 1
        assert rnd < 20
    assert st["winner"] == 0 and st["champions"][0] == 3


def test_must_play_while_holding_dogs():
    st = tg.start(2)
    try:
        tg.step(st, plays((0, "new", None)))
    except Refused as e:
        assert "seat 2" in str(e)
    else:
        raise AssertionError("a player holding dogs skipped")
    try:
        tg.step(st, plays((0, "breed", None), (1, "new", None)))
    except Refused as e:
        assert "breed" in str(e)
    else:
        raise AssertionError("bred with no contestant")


def test_robot_games_end_for_every_player_count_and_both_ways_of_judging():
    # (Dogs that tie in every stat for ever would never end a game, as at the table;
    # the property tests check the invariants of such games; these must end.)
    from pawsim import robots

    for players in (2, 3, 4, 5, 6):
        for seed in range(1, 11):
            chooser = robots.Chooser(seed * 7 + players)
            chooser.stats = seed % 2 == 0
            st, events = robots.play("top_dog", players, None, chooser, 2000)
            assert st["ended"], (players, seed)
            assert tg.dogs_accounted(st) == 18
            w = st["winner"]
            assert w is None or st["champions"][w] >= 3


def test_rescue_asks_who_walked_a_dog_only_when_all_are_tied():
    st = tg.start(2)
    st = tg.step(st, plays((0, "new", [5, 1, 1, 1]), (1, "new", [1, 5, 1, 1])))
    assert st["phase"] == "rescue" and tg.rescue_needs_first(st)  # 1 champion each
    st = tg.step(st, {"t": "rescued", "first": 0})
    assert st["hands"] == [8, 8]
    st3 = tg.start(3)
    st3 = tg.step(st3, plays((0, "new", [9, 9, 9, 9]), (1, "new", [1, 1, 1, 1]),
                             (2, "new", [2, 2, 2, 2])))
    st3["pound"] = 4
    st3["phase"] = "rescue"
    assert not tg.rescue_needs_first(st3)
