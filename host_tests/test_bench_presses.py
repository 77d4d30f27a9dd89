# cpython only
# The press-count benchmark (tools/bench/bench_presses.py) plays a typical round of each game
# through the real menus; its figures are held here so that a change that adds presses
# is seen. Each round it plays is checked against the rules engine by the benchmark.
from bench import bench_presses

_MEANS = {}  # measured once for the tests of this file (a minute or two of play)


def means():
    if not _MEANS:
        for row in bench_presses.GAMES:
            counts, once = bench_presses.measure(row, bench_presses.ROUNDS)
            turns = getattr(row[4], "turns", bench_presses.ROUNDS)  # Circus Puppy's rows
            assert len(counts) == min(turns, bench_presses.ROUNDS), row[1]
            _MEANS[row[1]] = (sum(counts) / len(counts), row[5], once, counts)
    return _MEANS


def test_typical_rounds_take_half_the_presses_or_fewer():
    m = means()
    mean, before, once, _ = m["Top Dog, 3P, dog catalog"]
    assert mean <= before / 2 and 0 < once < 300  # the catalog: keyed once
    for game in ("Top Dogs, 3 players", "Pick-a-Pog, 8 players", "Pick-a-Dog, 4 players"):
        mean, before, _, _ = m[game]
        assert mean <= before / 2, (game, mean, before)
    # as the box ships (the Keypad on): issue 36's goals
    assert m["Top Dogs, 3 players"][0] <= 14, m["Top Dogs, 3 players"]
    assert m["Top Dog, 3 players, stats"][0] <= 16, m["Top Dog, 3 players, stats"]
    mean, before, _, _ = m["Top Dog, 3P, stats, own buttons"]  # no catalog: as before, or fewer
    assert mean <= before
    # the keypad: half the presses again of the same rounds keyed with own buttons
    for keys, plain in (("Top Dogs, 3 players", "Top Dogs, 3P, own buttons"),
                        ("Top Dog, 3 players, stats", "Top Dog, 3P, stats, own buttons")):
        assert m[keys][0] <= m[plain][0] / 2, (keys, m[keys][0], m[plain][0])


def test_circus_puppy_has_a_row_per_action_and_the_load_cells_save_presses():
    m = means()
    rows = [r[1] for r in bench_presses.GAMES if r[0] == "circus_puppy"]
    for name in ("stack", "Double Dog", "Helper", "New Stage", "Acrobatics", "a fall"):
        cells, menus = "Circus Puppy, " + name, "Circus Puppy, %s, menus" % name
        assert cells in rows and menus in rows, name
        # every turn keyed and checked against the engine by the benchmark; with the
        # load cells the stages are the table's hands: fewer presses than the list's
        assert all(c > 0 for c in m[cells][3] + m[menus][3]), name
        assert m[cells][0] < m[menus][0], (name, m[cells][0], m[menus][0])
    # a stack weighed: the board's OK, the action's OK, the active player's button
    assert m["Circus Puppy, stack"][3] == [3] * len(m["Circus Puppy, stack"][3])
