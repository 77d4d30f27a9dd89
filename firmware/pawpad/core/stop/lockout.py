# The first-press arbiter: who slapped STOP first. Pure: the presses arrive with the
# times the button interrupt took, and nothing here reads a clock.
#
# Press times come from time.ticks_us(), which wraps at 2**30 us (about 1073 s), and a
# difference of two ticks is right only while they are less than 2**29 us (about
# 537 s) apart. first_press() compares presses with the time the round went live, so it
# is right for rounds shorter than that. RoundClock carries a round of any length: the
# app updates it from its loop (at least once a second) and turns each press time into
# microseconds since GO, an int that never wraps, as the press comes in.
from pawpad.ticks import diff


def first_press(presses, armed, tie_us=0):
    """presses: [(seat, t_us)] in any order; armed: t_us the round went live.

    Returns (winners, margin_us): every seat whose first valid press is within tie_us
    of the earliest valid press (earliest first, seat order among equal times: all the
    seats of one instant are in the tie), and the gap from the first press to the next
    valid press by another seat (None if nobody else). A press before `armed` is a
    false start and does not count.
    """
    return judge([(seat, diff(t, armed)) for seat, t in presses], tie_us)


def judge(offsets, tie_us=0):
    """first_press() on presses already given as (seat, us since GO): ints of any size,
    negative for a false start (RoundClock.since_go gives them)."""
    best = {}
    for seat, off in offsets:
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


class RoundClock:
    """Microseconds since GO for a live round of any length.

    clock = RoundClock(go_us)       at GO, with the ticks_us of GO
    clock.update(now_us)            from the loop, at least once a second
    clock.since_go(t_us)            a press time as us since GO: an int that never
                                    wraps (negative before GO)
    clock.press(seat, t_us)         records a press, converted as it comes in
    clock.false_start(seat, t_us)   records a press of the countdown: before GO
    clock.put(seat, us)             records a press given in us since GO
    clock.can_judge(now_us, tie_us) may the STOP be decided now?
    clock.result(tie_us)            (winners, margin_us) as first_press
    clock.sole(tie_us)              the one winner of result(), or None
    clock.press_again(tied, since)  the same for a tie pressed again
    clock.first_of(seat)            the seat's first press after GO
    clock.margins(seat)             who pressed after the seat, by how much
    clock.false_starts()            seats that pressed before GO
    clock.locked(seat, t_us, us)    is the seat still locked out by its false start?
    clock.locked_past_go(seat, us)  did a false start of the seat lock it out after GO?

    since_go() is right for a t_us within 2**29 us (537 s) of the last update, before
    or after it: the presses the loop hands over are milliseconds old. The presses are
    kept in a list made at GO, room for ROOM of them (seat and us since GO, side by
    side), so that taking one and deciding the STOP allocate nothing; it grows only
    beyond that. Nothing here reads a clock.
    """

    ROOM = 64  # presses; 8 seats pressing 8 times each in one round is a rough table

    def __init__(self, go_us):
        self.at = go_us  # ticks_us of the last update
        self.elapsed = 0  # us from GO to the last update: grows without bound
        self._p = [0] * (2 * self.ROOM)  # seat, us since GO; seat, us since GO; ...
        self._n = 0  # presses in it

    @property
    def presses(self):
        """[(seat, us since GO)] in the order they came."""
        p = self._p
        return [(p[2 * i], p[2 * i + 1]) for i in range(self._n)]

    def update(self, now_us):
        """The loop's clock now; a time before the last update changes nothing."""
        d = diff(now_us, self.at)
        if d > 0:
            self.elapsed += d
            self.at = now_us

    def since_go(self, t_us):
        return self.elapsed + diff(t_us, self.at)

    def _add(self, seat, off):
        i = 2 * self._n
        p = self._p
        if i == len(p):
            p.extend([0] * len(p))  # a table past ROOM presses: the list doubles
        p[i] = seat
        p[i + 1] = off
        self._n += 1

    def press(self, seat, t_us):
        off = self.since_go(t_us)
        self._add(seat, off)
        return off

    def put(self, seat, off):
        """A press already in us since GO: a tie brought back from flash."""
        self._add(seat, off)

    def false_start(self, seat, t_us):
        """A press taken before GO was given (the countdown's): a false start, even
        when its tick is GO's own or later (a press in GO's loop cycle can carry it)."""
        self._add(seat, min(self.since_go(t_us), -1))

    def first(self, since=0):
        """The first press at or after `since` (us since GO), in us since GO, or None."""
        best = None
        p = self._p
        for i in range(1, 2 * self._n, 2):
            off = p[i]
            if off >= since and (best is None or off < best):
                best = off
        return best

    def can_judge(self, now_us, tie_us=0, since=0):
        """May the STOP (or a tie pressed again since `since`) be judged at `now_us`?
        Only once the clock has moved on more than tie_us past the first press: every
        press of that instant (and of the window) has been taken by then, so none of
        them is left out of the tie. Call it with the loop's clock after all the
        presses the interrupt took are in."""
        first = self.first(since)
        return first is not None and self.since_go(now_us) - first > tie_us

    def result(self, tie_us=0):
        """(winners, margin_us) as first_press: the STOP."""
        return judge(self.presses, tie_us)

    def sole(self, tie_us=0):
        """The seat result() names alone, or None (a tie, or nobody pressed): the
        STOP's own question, answered without a list made."""
        p = self._p
        seat = first = None
        for i in range(0, 2 * self._n, 2):
            off = p[i + 1]
            if off >= 0 and (first is None or off < first):
                seat, first = p[i], off
        if first is None:
            return None
        for i in range(0, 2 * self._n, 2):
            off = p[i + 1]
            if p[i] != seat and 0 <= off and off - first <= tie_us:
                return None  # another seat within the window: a tie
        return seat

    def press_again(self, tied, since, tie_us=0):
        """A tie settled by pressing again: `tied` are the seats of the tie, `since` the
        us since GO the tie was announced; others' presses and presses before it do not
        count. (winners, margin_us) as first_press: one winner settles the tie; several
        (every tied seat that pressed in the first instant, never only the lowest) are
        tied again; none: nobody pressed."""
        return judge([(seat, off - since) for seat, off in self.presses
                      if seat in tied and off >= since], tie_us)

    def first_of(self, seat):
        """The seat's first press after GO, in us since GO, or None."""
        best = None
        p = self._p
        for i in range(0, 2 * self._n, 2):
            off = p[i + 1]
            if p[i] == seat and off >= 0 and (best is None or off < best):
                best = off
        return best

    def margins(self, seat):
        """[(other seat, us)]: every other seat's first press after GO, as us after the
        seat's first, nearest first."""
        first = {}
        for s, off in self.presses:
            if off >= 0 and (s not in first or off < first[s]):
                first[s] = off
        t0 = first.get(seat, 0)
        out = [(s, off - t0) for s, off in first.items() if s != seat]
        out.sort(key=_by_time_then_seat)
        return out

    def false_starts(self):
        """Seats that pressed before GO, each once, in the order they pressed."""
        early = [(off, seat) for seat, off in self.presses if off < 0]
        early.sort()
        seats = []
        for _off, seat in early:
            if seat not in seats:
                seats.append(seat)
        return seats

    def locked(self, seat, t_us, lock_us):
        """Is a press of `seat` at t_us within lock_us after one of its false starts?"""
        at = self.since_go(t_us)
        p = self._p
        for i in range(0, 2 * self._n, 2):
            off = p[i + 1]
            if p[i] == seat and off < 0 and 0 <= at - off < lock_us:
                return True
        return False

    def locked_past_go(self, seat, lock_us):
        """Did a false start of `seat` lock it out for a while after GO (one less than
        lock_us before GO)? A lock that ran out before GO kept it from nothing."""
        p = self._p
        for i in range(0, 2 * self._n, 2):
            off = p[i + 1]
            if p[i] == seat and off < 0 and off + lock_us > 0:
                return True
        return False
