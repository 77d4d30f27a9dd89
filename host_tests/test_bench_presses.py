# cpython only
# The press-count benchmark (tools/bench_presses.py) plays a typical round of each game
# through the real menus; its figures are held here so that a change that adds presses
# is seen. Each round it plays is checked against the rules engine by the benchmark.
import bench_presses


def means(tmp_path):
    out = {}
    for i, row in enumerate(bench_presses.GAMES):
        data = tmp_path / str(i)
        data.mkdir()
        counts, once = bench_presses.measure(str(data), row, 10)
        out[row[1]] = (sum(counts) / len(counts), row[5], once)
    return out


def test_typical_rounds_take_far_fewer_presses(tmp_path):
    m = means(tmp_path)
    mean, before, once = m["Top Dog, 3P, dog catalog"]
    assert mean <= before / 2 and 0 < once < 300  # the catalog: keyed once
    mean, before, _ = m["Top Dogs, 3 players"]
    assert mean <= before / 2
    mean, before, _ = m["Pick-a-Pog, 8 players"]
    assert mean <= before / 2
    mean, before, _ = m["Pick-a-Dog, 4 players"]
    assert mean <= before * 0.53  # a round's 7 fixed presses for 4 players: see README
    mean, before, _ = m["Top Dog, 3 players, stats"]  # no catalog: as before, or fewer
    assert mean <= before
