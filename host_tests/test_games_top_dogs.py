# Top Dogs: team values, the tie cascade, rounds and cups. Both runtimes.
import json

from pawpad.games import top_dogs as td
from pawpad.games.common import Refused, replay


def raises(fn, *args):
    try:
        fn(*args)
    except ValueError:
        return True
    return False


def test_team_values_from_the_rulebook():
    assert td.team_value([5, 6, 2]) == 13
    assert td.team_value([5, 5, 2]) == 27
    assert td.team_value([6, 6, 6]) == 216
    assert td.team_value((2, 5, 5)) == 27  # order does not matter
    assert td.team_value([5, 2, 5]) == 27
    assert td.team_value([1, 1, 9]) == 10


def test_bad_teams_raise():
    for bad in ([5, 6], [5, 6, 2, 1], [0, 1, 2], [-1, 2, 3], [1.5, 2, 3], [True, 2, 3],
                "562", None, [5, "6", 2]):
        assert raises(td.team_value, bad), bad


def test_cup_winner_highest_unique():
    assert td.cup_winner([13, 27, 10]) == 1


def test_cup_winner_tie_cascade():
    assert td.cup_winner([27, 27, 13, 10]) == 2  # second-highest is unique
    assert td.cup_winner([27, 27, 13, 13, 10]) == 4  # third-highest
    assert td.cup_winner([27, 27, 13, 13, 10, 10]) is None  # nobody: the cup is lost
    assert td.cup_winner([27, 27, 13, 13, 10, 10, 5]) is None  # only three levels count
    assert td.cup_winner([9, 9, 9]) is None


def teams(*values):
    """Teams whose values are the given sums (three different cards)."""
    out = []
    for v in values:
        out.append([1, 2, v - 3])
    return out


def test_a_game_of_ten_rounds():
    st = td.start(3)
    for r in range(10):
        assert not st["ended"]
        st = td.step(st, {"t": "teams", "cards": teams(10, 20 + r % 2, 12)})
    assert st["ended"] and st["round"] == 10
    assert st["cups"] == [0, 10, 0]
    assert td.winners(st) == [1]
    try:
        td.step(st, {"t": "teams", "cards": teams(10, 20, 12)})
    except Refused as e:
        assert "over" in str(e)
    else:
        raise AssertionError("a round after the end was accepted")


def test_short_cup_deck_ends_early_and_points_setting():
    st = td.start(4, {"cups": 3, "cup_points": 2})
    for _ in range(3):
        st = td.step(st, {"t": "teams", "cards": teams(10, 20, 12, 11)})
    assert st["ended"] and st["points"][1] == 6


def test_rounds_setting_both_ways():
    assert td.rounds_in_game(td.start(3)) == 10
    assert td.rounds_in_game(td.start(3, {"rounds": 4})) == 4


def test_lost_cup_and_shared_win():
    st = td.start(3, {"rounds": 3})
    st = td.step(st, {"t": "teams", "cards": teams(20, 20, 12)})  # 12 unique: seat 2
    st = td.step(st, {"t": "teams", "cards": teams(20, 20, 20)})  # lost
    st = td.step(st, {"t": "teams", "cards": teams(21, 12, 12)})
    assert st["lost"] == 1
    assert st["cups"] == [1, 0, 1]
    assert td.winners(st) == [0, 2]
    assert td.standings(st) == [(1, 0), (1, 2), (3, 1)]


def test_bad_round_is_refused_and_changes_nothing():
    st = td.start(3)
    before = json.dumps(st)
    for bad in ({"t": "teams", "cards": teams(10, 11)},
                {"t": "teams", "cards": [[1, 2, 3], [1, 2, 0], [4, 5, 6]]},
                {"t": "cups"}):
        try:
            td.step(st, bad)
        except Refused:
            pass
        else:
            raise AssertionError("accepted %r" % bad)
    assert json.dumps(st) == before


def test_players_three_to_five():
    assert raises(td.start, 2) and raises(td.start, 6)
    td.start(5)


def test_replay_and_json_round_trip():
    events = [{"t": "teams", "cards": teams(10 + i, 14, 12)} for i in range(5)]
    st = replay(td, 3, None, events)
    assert json.loads(json.dumps(st)) == st
    assert st["round"] == 5
