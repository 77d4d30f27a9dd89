# The STOP screen's lines under and over the caller's name: the time after GO, who
# pressed after and by how much, who made a false start; each cut to fit the panel.
from pawpad.ui import widgets


def reaction_line(ms):
    """"3383 ms after GO" (over the caller's name); past 10 s in tenths of a second."""
    if ms is None:
        return "STOP"
    if ms < 10000:
        return "%d ms after GO" % ms
    return "%d.%d s after GO" % (ms // 1000, ms % 1000 // 100)


def margins_line(app, margins):
    """Who pressed after the caller, by how much, on one line: the nearest first, as
    many as fit, in short colour names when that fits more of them."""
    best, shown = "", 0
    for short in (False, True):
        line, count = "", 0
        for seat, ms in margins:
            name = app.seat_short(seat) if short else app.seat_name(seat)
            # the same instant (a tie, settled): tied, not "+0ms"
            item = ("%s tied" % name) if ms == 0 else ("%s +%dms" % (name, ms))
            more = item if not line else line + " " + item
            if len(more) > widgets.COLS:
                break
            line, count = more, count + 1
        if count > shown:
            best, shown = line, count
    return best


def false_lines(app, locked, early, most=2):
    """Who made a false start, in their colours, on at most `most` lines: "Locked out"
    for the seats whose lock-out (the setting) ran past GO, so they could not have
    called this STOP; "False start" for the others (the caller among them: a lock that
    ran out before GO kept nobody from anything). How many, when colours do not fit."""
    groups = [g for g in (("Locked out: ", "locked out", locked),
                          ("False start: ", "false starts", early)) if g[2]]
    if len(groups) == 2 and most < 2:  # one line for both: what they all did
        groups = [("False start: ", "false starts", list(locked) + list(early))]
    if len(groups) == 2:
        return [_fitted(app, g, 1)[0] for g in groups]
    return _fitted(app, groups[0], most) if groups else []


def _fitted(app, group, most):
    """One group's lines, at most `most`: full names on one line, short names on one,
    full names on two, short on two; else how many."""
    head, count, seats = group
    full = widgets.wrap([head + " ".join(app.seat_name(s) for s in seats)])
    short = widgets.wrap([head + ",".join(app.seat_short(s) for s in seats)])
    # One line leaves the next for the verdict's keys: short names on one line before
    # full names on two.
    for lines, n in ((full, 1), (short, 1), (full, 2), (short, 2)):
        if len(lines) <= min(n, most):
            return lines
    return ["%d %s" % (len(seats), count)]
