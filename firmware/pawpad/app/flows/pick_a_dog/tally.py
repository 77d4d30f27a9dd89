# What a Pick-a-Dog game adds to the statistics and keeps in the history, from its
# events in force (an undone STOP was never called): each seat's STOPs, verdicts,
# fastest STOP and false starts, and the member cards collected (where the usual
# counts of the next game's first round start).
from micropython import const

STOPS_KEPT = const(60)  # STOPs a game keeps in the history (a line of about 1 KB at most)


def stops(events):
    """(stop event, its verdict's result event) of every STOP in force; the result is
    None when nobody called it (time up) or no verdict came yet."""
    stop = None
    for e in events:
        if e["t"] == "stop":
            if stop is not None:
                yield stop, None
            stop = e
        elif e["t"] == "result" and stop is not None:
            called = stop.get("seat") is not None and "right" in e
            yield stop, e if called else None
            stop = None
    if stop is not None:
        yield stop, None


def cards_collected(events):
    """(each seat's member cards over the counted rounds of `events`, broken chains'
    too; how many rounds), or (None, 0) before the first count."""
    totals, rounds = None, 0
    for e in events:
        if e["t"] == "result":
            got = e["collected"]
            if totals is None:
                totals = [0] * len(got)
            for seat, v in enumerate(got):
                totals[seat] += max(0, v)
            rounds += 1
    return totals, rounds


def figures(events, variant=None):
    """{seat: {figure: n}}: STOPs called, right and wrong, the fastest, and false
    starts; with the game's variant, also each player's member cards collected and
    rounds played in it (a broken chain's cards too: the player's usual haul)."""
    out = {}
    if variant in ("dog", "pog"):
        totals, rounds = cards_collected(events)
        for seat, cards in enumerate(totals or ()):
            f = _seat(out, seat)
            f["cards_" + variant] = cards
            f["rounds_" + variant] = rounds
    for stop, result in stops(events):
        for seat in stop.get("false", ()):
            _seat(out, seat)["false"] += 1
        if result is not None:
            f = _seat(out, stop["seat"])
            f["stops"] += 1
            f["right" if result["right"] else "wrong"] += 1
            react = stop.get("react_ms")
            if isinstance(react, int) and (f.get("fastest_ms") is None or
                                           react < f["fastest_ms"]):
                f["fastest_ms"] = react
    return out


def _seat(out, seat):
    """The seat's figures in `out`, made at zero on first use."""
    f = out.get(seat)
    if f is None:
        f = out[seat] = {"stops": 0, "right": 0, "wrong": 0, "false": 0}
    return f


def history_stops(events):
    """{"stops": [[caller, reaction ms, margin ms, right], ...]} of the STOPs with a
    verdict (-1: not known), the last STOPS_KEPT of them; {} without one."""
    out = []
    for stop, result in stops(events):
        if result is not None:
            react = stop.get("react_ms")
            out.append([stop["seat"], react if isinstance(react, int) else -1,
                        result.get("margin_ms", -1), result["right"]])
    return {"stops": out[-STOPS_KEPT:]} if out else {}
