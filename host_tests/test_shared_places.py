# Equal places are shared at every game's end (docs/rules.md: "seats still equal ... share
# the place"): the engines' places, the winners the history counts, and the results
# screen's place numbers. Both runtimes.
from pawpad.app.flows.circus_puppy.flow import FLOW as CIRCUS
from pawpad.app.flows.top_dog.flow import FLOW as TOP_DOG
from pawpad.games import circus_puppy as cp
from pawpad.games import top_dog as tg


class Named:
    def name(self, seat):
        return ("Red", "Blue", "Green", "Yellow", "White")[seat]


def circus_end(scores, decks):
    st = cp.start(len(scores))
    st["scores"] = list(scores)
    st["decks"] = list(decks)
    st["faceup"] = [0] * len(scores)
    st["ended"] = True
    return st


def test_circus_puppy_seats_equal_in_score_and_cards_share_the_place():
    st = circus_end([30, 28, 30], [2, 0, 2])  # 28, 28, 28: Blue has fewer cards left
    assert cp.places(st) == [(1, 1), (2, 0), (2, 2)]
    assert cp.winners(st) == [1] and CIRCUS.winners(st) == [1]
    st = circus_end([30, 30, 25], [1, 1, 0])  # Red and Blue: 29 with 1 card each
    assert cp.places(st) == [(1, 0), (1, 1), (3, 2)]
    assert CIRCUS.winners(st) == [0, 1]  # a shared win: both count it
    assert cp.prompt(st) == "Shared win: 1, 2"
    lines = CIRCUS.result_lines(st, Named())
    assert lines[0].startswith("1. Red") and lines[1].startswith("1. Blue"), lines
    assert lines[2].startswith("3. Green"), lines
    assert cp.final_standings(st["scores"], [1, 1, 0]) == [0, 1, 2]  # the order stays


def test_circus_puppy_sole_winner_is_said_as_before():
    st = circus_end([30, 20], [0, 0])
    assert cp.winners(st) == [0] and cp.prompt(st) == "Seat 1 wins"
    st["ended"] = False
    assert cp.winners(st) == []  # nobody has won a game still on


def test_top_dog_results_share_places_by_champions():
    st = tg.start(4)
    st["champions"] = [1, 3, 1, 0]
    lines = TOP_DOG.result_lines(st, Named())
    assert [x[:2] for x in lines] == ["1.", "2.", "2.", "4."], lines
    assert lines[0].startswith("1. Blue") and "3 champs" in lines[0], lines
