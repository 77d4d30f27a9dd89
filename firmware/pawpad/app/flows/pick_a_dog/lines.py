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
    for n in (0, 3):
        line, count = "", 0
        for seat, ms in margins:
            name = app.colour(seat)
            item = "%s +%dms" % (name[:n] if n else name, ms)
            more = item if not line else line + " " + item
            if len(more) > widgets.COLS:
                break
            line, count = more, count + 1
        if count > shown:
            best, shown = line, count
    return best


def false_lines(app, seats, most=2):
    """Who made a false start, in their colours, on at most `most` lines: "Locked out"
    when the lock-out is on (they could not call this STOP), else "False start"; how
    many of them when their colours do not fit."""
    lock = app.settings["false_start_lock"]
    head = "Locked out: " if lock else "False start: "
    full = widgets.wrap([head + " ".join(app.colour(s) for s in seats)])
    short = widgets.wrap([head + ",".join(app.colour(s)[:3] for s in seats)])
    # One line leaves the next for the verdict's keys: short names on one line before
    # full names on two.
    for lines, n in ((full, 1), (short, 1), (full, 2), (short, 2)):
        if len(lines) <= min(n, most):
            return lines
    return ["%d %s" % (len(seats), "locked out" if lock else "false starts")]
