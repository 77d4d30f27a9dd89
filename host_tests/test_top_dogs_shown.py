# What Top Dogs shows the table: points where points decide (a cup worth more than
# one), the cup winner's own team in the rounds list, and the last round's cup before
# the final standings. Through the menus. Both runtimes.
from pawsim import fit
from pawsim.script import parse
from support.device import play
from support.games import OPEN_TOP_DOGS, round_keys, three_players


def texts(app):
    c = fit.FitCanvas()
    app.draw(c)
    assert not fit.check(c.boxes), fit.check(c.boxes)
    return [b[0] for b in c.boxes]


def with_rules(rules):
    data = three_players()
    with open(data + "/setups.json", "w") as f:
        f.write('{"top_dogs": %s}' % rules)
    return data


def test_a_cup_worth_two_shows_points_and_the_last_cup_before_the_results():
    data = with_rules('{"rounds": 2, "cups": 10, "cup_points": 2}')
    keys, t = round_keys(2100, ups=(0, 4, 1))  # Blue's 9-9-9 takes the cup
    p = play(OPEN_TOP_DOGS + keys, data)
    app = p.dev.app
    assert app.top.name == "top-dogs" and app.session.state["points"] == [0, 2, 0]
    shown = texts(app)
    assert "2" in shown and "+2 Blue" in shown and "team 729" in shown, shown
    # the last round: Red 9-9-9 (the cards start at the usual first card, 7)
    keys, t = round_keys(t, ups=(2, 0, 0))
    p.play(parse(keys))
    assert app.session.state["ended"]
    assert app.top.name == "top-dogs-last", app.top.name  # the cup first
    shown = texts(app)
    assert "+2 Red" in shown and "team 729" in shown and "OK: results" in shown, \
        " | ".join(shown)
    p.play(parse("%d ok\n%d end" % (t, t + 100)))
    assert app.top.name == "results", app.top.name
    lines = app.game.flow.result_lines(app.session.state, app.game)
    assert lines[0].startswith("1. Red") and "2 points" in lines[0], lines
    assert lines[1].startswith("1. Blue") and "2 points" in lines[1], lines


def test_a_cup_worth_one_reads_in_cups_and_the_rounds_list_shows_the_winners_team():
    data = with_rules('{"rounds": 3, "cups": 10, "cup_points": 1}')
    # 5-5-5 = 125 twice (tied away), 6-6-6 = 216 takes the cup... as the highest
    keys, t = round_keys(2100, ups=(0, 0, 1))
    p = play(OPEN_TOP_DOGS + keys, data)
    app = p.dev.app
    rows = list(app.game.flow.round_rows(app.game))
    assert rows == [("R1 Green", 216, 0)], rows
    # a round where the highest team is tied: the cup goes to the next distinct value
    app.game.offer({"t": "teams", "cards": [[9, 9, 9], [9, 9, 9], [2, 3, 4]]})
    rows = list(app.game.flow.round_rows(app.game))
    assert rows[1] == ("R2 Green", 9, 1), rows  # Green's own 9, not the tied 729
    lines = app.game.flow.result_lines(app.session.state, app.game)
    assert lines[0] == "1. Green   2 cups", lines
