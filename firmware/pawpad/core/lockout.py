# The first-press arbiter: who slapped STOP first. Pure: the presses arrive with the
# times the button interrupt took, and nothing here reads a clock.
from pawpad.ticks import diff


def first_press(presses, armed, tie_us=0):
    """presses: [(seat, t_us)] in any order; armed: t_us the round went live.

    Returns (winners, margin_us): the seats whose first valid press is within tie_us of
    the earliest valid press (earliest first, seat order among equal times), and the gap
    from the first press to the next valid press by another seat (None if nobody else).
    A press before `armed` is a false start and does not count.
    """
    # Each seat's earliest valid press, as an offset from `armed` so that sorting is
    # safe across the wrap of the tick counter.
    best = {}
    for seat, t in presses:
        off = diff(t, armed)
        if off < 0:
            continue
        old = best.get(seat)
        if old is None or off < old:
            best[seat] = off
    if not best:
        return [], None
    order = sorted(best.items(), key=_by_time_then_seat)
    first = order[0][1]
    winners = [seat for seat, off in order if off - first <= tie_us]
    margin = order[1][1] - first if len(order) > 1 else None
    return winners, margin


def _by_time_then_seat(item):
    return (item[1], item[0])


def false_starts(presses, armed):
    """Seats that pressed before `armed`, each once, in the order they pressed."""
    early = [(diff(t, armed), seat) for seat, t in presses]
    early.sort()
    seats = []
    for off, seat in early:
        if off < 0 and seat not in seats:
            seats.append(seat)
    return seats
