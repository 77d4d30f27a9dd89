# Pick-a-Dog, Pick-a-Pog and solo. Both runtimes.
import json

from pawpad.games import pick_a_dog as pd
from pawpad.games.common import Refused


def test_differences_and_chains():
    a = (0, 0, 0, 0, 0)
    b = (1, 0, 0, 0, 0)
    c = (1, 1, 0, 0, 0)
    d = (0, 1, 1, 0, 0)
    assert pd.differences(a, a) == 0
    assert pd.differences(a, b) == 1
    assert pd.differences(a, c) == 2
    assert pd.chain_ok(a, [])
    assert pd.chain_ok(a, [a, b, c])
    assert not pd.chain_ok(a, [c])
    assert not pd.chain_ok(a, [b, d])
    assert pd.can_continue(a, [c, b])
    assert not pd.can_continue(a, [c, d])
    assert not pd.can_continue(a, [])


def test_decks():
    assert len(pd.all_cards()) == 32 and len(set(pd.all_cards())) == 32
    assert len(pd.all_cards(pog=True)) == 64 and len(pd.all_cards(True)[0]) == 6
    assert len(pd.full_deck()) == 96 and len(pd.full_deck(pog=True)) == 192


def test_first_deal():
    st = pd.start(4)
    assert st["table"] == 30 and st["captains"] == 4 and st["pile"] == 96 - 34
    assert st["phase"] == "ready"
    pog = pd.start(8, {"variant": "pog"})
    assert pog["table"] == 49 and pog["pile"] == 192 - 57


def test_right_stop_takes_the_bonus():
    st = pd.start(3)
    st = pd.step(st, {"t": "stop", "seat": 1})
    st = pd.step(st, {"t": "result", "right": True, "collected": [3, 4, 2], "broken": []})
    assert st["scores"] == [4, 6, 3]  # captain + members, + 1 bonus for the caller
    assert st["round"] == 1
    assert pd.cards_accounted(st) == 96
    # next round dealt: captains again, table refilled to 30
    assert st["table"] == 30 and st["captains"] == 3


def test_pog_bonus_is_two():
    st = pd.start(2, {"variant": "pog"})
    st = pd.step(st, {"t": "stop", "seat": 0})
    st = pd.step(st, {"t": "result", "right": True, "collected": [1, 1]})
    assert st["scores"] == [4, 2]


def test_wrong_stop_discards_the_callers_cards():
    st = pd.start(3)
    st = pd.step(st, {"t": "stop", "seat": 2})
    st = pd.step(st, {"t": "result", "right": False, "collected": [3, 4, 5], "broken": [0]})
    assert st["scores"] == [0, 5, 0]
    assert st["discarded"] == 4 + 6
    assert pd.cards_accounted(st) == 96


def test_time_up_without_a_stop():
    st = pd.start(2)
    st = pd.step(st, {"t": "stop", "seat": None})
    st = pd.step(st, {"t": "result", "collected": [2, 2]})
    assert st["scores"] == [3, 3]


def test_examination_needs_a_stop_and_sane_counts():
    st = pd.start(2)
    for bad in ({"t": "result", "right": True, "collected": [1, 1]},):
        try:
            pd.step(st, bad)
        except Refused as e:
            assert "STOP" in str(e)
    st = pd.step(st, {"t": "stop", "seat": 0})
    for bad in ({"t": "result", "right": True, "collected": [20, 20]},
                {"t": "result", "right": True, "collected": [1]},
                {"t": "result", "collected": [1, 1]},
                {"t": "result", "right": True, "collected": [1, -1]},
                {"t": "result", "right": True, "collected": [1, 1], "broken": [5]},
                {"t": "stop", "seat": 1}):
        before = json.dumps(st)
        try:
            pd.step(st, bad)
        except Refused:
            pass
        else:
            raise AssertionError("accepted %r" % bad)
        assert json.dumps(st) == before


def play_out(st, collected):
    rounds = 0
    while not st["ended"]:
        st = pd.step(st, {"t": "stop", "seat": 0})
        got = [min(collected, st["table"] // st["players"])] * st["players"]
        st = pd.step(st, {"t": "result", "right": True, "collected": got})
        assert pd.cards_accounted(st) == pd.variant(st)["deck"]
        rounds += 1
        assert rounds < 100
    return st, rounds


def test_game_ends_when_captains_run_out():
    st, rounds = play_out(pd.start(4), 5)
    assert st["phase"] == "over"
    assert st["pile"] < 4
    # 96: the first deal takes 34 (62 left); each later deal 4 captains + 21 for the
    # gaps (20 collected, 1 bonus): 37, 12, then 8 fills only part of the table, and
    # the fourth round is played with 17 cards; then no captains are left.
    assert rounds == 4


def test_last_round_is_announced():
    st = pd.start(8)
    seen = []
    while not st["ended"]:
        seen.append(st["last_round"])
        st = pd.step(st, {"t": "stop", "seat": 0})
        st = pd.step(st, {"t": "result", "right": False, "collected": [1] * 8})
    assert seen[-1] is True and seen[0] is False
    assert seen.count(True) == 1


def test_short_pile_plays_with_what_is_there():
    st = pd.start(2)
    st["pile"] = 5  # at the next deal: 2 captains, then only 3 for the gaps
    st = pd.step(st, {"t": "stop", "seat": 1})
    st = pd.step(st, {"t": "result", "right": True, "collected": [10, 10]})
    assert st["pile"] == 0 and st["table"] == 9 + 3
    assert st["last_round"]


def test_solo_three_rounds_negative_points():
    st = pd.start(1, {"variant": "solo"})
    assert st["table"] == 32 and st["pile"] == 64
    for got in (20, 25, 30):
        try:
            pd.step(st, {"t": "stop", "seat": 0})
        except Refused:
            pass
        else:
            raise AssertionError("solo took a STOP")
        st = pd.step(st, {"t": "result", "collected": [got]})
        assert pd.cards_accounted(st) == 96
    assert st["ended"]
    assert pd.score(st, 0) == -(12 + 7 + 2)


def test_players_per_variant():
    for variant, bad in (("dog", 1), ("dog", 9), ("solo", 2), ("pog", 9)):
        try:
            pd.start(bad, {"variant": variant})
        except ValueError:
            continue
        raise AssertionError((variant, bad))
