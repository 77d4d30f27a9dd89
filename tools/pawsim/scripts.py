# Scripts of whole games for the headless simulator, played through the real menus:
# the benchmark finds the smallest heap each needs, and the power-cut test plays one.
GO_MS = 3000  # Pick-a-Dog's countdown


def top_dogs_game(rounds=10, players=3):
    """Boot, open Top Dogs (menu row 4), start it with its house rules as they are,
    enter `rounds` rounds (the last team's OK saves each), and once the game is over
    (its 10 rounds) pass the last cup; confirm the results."""
    lines = ["1600 down", "1700 down", "1800 down", "1900 ok", "2000 ok"]
    t = 2100
    for r in range(rounds):
        lines.append("%d ok" % t)
        t += 100
        for seat in range(players):
            for _ in range((r + seat) % 4):
                lines.append("%d up" % t)
                t += 100
            for _ in range(3):
                lines.append("%d ok" % t)
                t += 100
        t += 100
    if rounds >= 10:
        lines.append("%d ok" % (t + 100))  # the last round's cup, over the results
    lines.append("%d ok" % (t + 300))  # the results, when the game is over
    lines.append("%d end" % (t + 600))
    return "\n".join(lines) + "\n"


def timed(t, names):
    """Script text for the actions `names`, 100 ms apart from t; and the time after."""
    out = []
    for name in names:
        out.append("%d %s" % (t, name))
        t += 100
    return "\n".join(out) + "\n", t


def counts_keys(t, values, start=None):
    """The counts screen: each seat's count by UP (or DOWN) from where it starts (the
    players' usual counts: `start`; in the first round the count the seat before was
    given, 0 for the first), then OK (the last seat's saves the round); a negative
    value -n is a broken chain of n - 1 cards (DOWN below 0, then UP). Returns (lines,
    next time)."""
    out = []
    before = 0
    for seat, v in enumerate(values):
        s = start[seat] if start else before
        before = v if v >= 0 else -v - 1
        if v >= 0:
            names = ["up"] * (v - s) if v >= s else ["down"] * (s - v)
        else:
            names = ["down"] * (s + 1) + ["up"] * (-v - 1)
        for name in names:
            out.append("%d %s" % (t, name))
            t += 100
        out.append("%d ok" % t)
        t += 100
    return out, t


def pick_a_dog_game(players=8, rounds=4):
    """Boot, open Pick-a-Dog, play `rounds` rounds (each seat in turn calls a right
    STOP, everyone collects one card), and back to the board (or the results, when
    the game is over). Each round's GO is the OK of the board, then of the round
    before's result."""
    lines = ["1500 ok", "1800 ok"]
    t = 1900
    for r in range(rounds):
        go = t + GO_MS
        lines += ["%d ok" % t, "%d p%d" % (go + 100, 1 + r % players), "%d ok" % (go + 300)]
        keys, t = counts_keys(go + 500, [1] * players, [1] * players if r else None)
        lines += keys
        t += 200
    lines += ["%d back" % (t + 300), "%d end" % (t + 600)]
    return "\n".join(lines) + "\n"
