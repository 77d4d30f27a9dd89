# The building blocks every screen is drawn with: a title bar, a scrolling list with a
# highlighted row, a block of message lines, big centred numbers.
from pawpad.ui.canvas import CHAR_W, HEIGHT, LINE_H, WIDTH, text_width

ROW_H = LINE_H + 1  # a list row: a line of text and a blank pixel row under it
LIST_Y = LINE_H + 3  # the first list row, a gap under the title bar
ROWS = (HEIGHT - LIST_Y + 1) // ROW_H  # list rows under the title bar: 6
COLS = WIDTH // CHAR_W  # characters on one line: 21


def title_bar(c, title, right=""):
    """White bar with black text across the top line."""
    c.fill_rect(0, 0, WIDTH, LINE_H + 1, 1)
    c.text(clip(title, COLS - len(right) - (1 if right else 0)), 2, 1, 0)
    if right:
        c.text_right(right, WIDTH - 2, 1, 0)


def clip(s, n):
    return s if len(s) <= n else s[:max(0, n - 1)] + "~"


def invert_row(c, shown):
    """The bar of the `shown`-th list row on the screen: the blank row above its text,
    the text and its descenders, nothing of the rows around it (inverted again, it
    is gone)."""
    c.invert_rect(0, LIST_Y + shown * ROW_H - 1, WIDTH - 2, ROW_H)


def list_rows(c, rows, selected, top, editing=False, clear=False):
    """rows: [(label, value)]; draws ROWS of them from `top`, `selected` highlighted.
    While editing, the value of the selected row is shown between arrows. `clear`:
    what was drawn under the title bar goes first (the rows drawn again over a list's
    frame; the title stays)."""
    if clear:
        c.fill_rect(0, LIST_Y - 1, WIDTH, HEIGHT - LIST_Y + 1, 0)
    for i in range(top, min(len(rows), top + ROWS)):
        list_row(c, rows[i], i - top, i == selected, editing)
    scroll_bar(c, top, len(rows))


def list_row(c, row, shown, selected, editing=False):
    """One (label, value) row as the `shown`-th list row on the screen."""
    y = LIST_Y + shown * ROW_H
    label, value = row
    value = "" if value is None else str(value)
    if editing and selected:
        value = "<" + value + ">"
    c.text(clip(label, COLS - len(value) - 1), 2, y)
    if value:
        c.text_right(value, WIDTH - 3, y)
    if selected:
        invert_row(c, shown)


def scroll_bar(c, top, count):
    """The scroll bar on the right edge, for a list of `count` rows shown from `top`
    (none when they all fit)."""
    if count > ROWS:
        span = HEIGHT - LIST_Y
        h = max(4, span * ROWS // count)
        y = LIST_Y + (span - h) * top // (count - ROWS)
        c.vline(WIDTH - 1, y, h, 1)


def scroll_rows(c, row, shown, top, count):
    """A list drawn from top - 1 or top + 1 made one drawn from `top` as it stands:
    its rows moved one row's height, the row that comes in (`row`, the `shown`-th,
    the first or the last) drawn highlighted, the bar moved off the row it leaves
    (the selection moves with the scroll) and the scroll bar redrawn. Only the new
    row is drawn (the transfers, most of a row's bytes a page, are then most of a step)."""
    down = shown > 0  # the list moved up: its new row at the bottom
    c.shift_rows(LIST_Y - 1, HEIGHT, -ROW_H if down else ROW_H)
    invert_row(c, shown - 1 if down else 1)  # the row that had the bar
    list_row(c, row, shown, True)
    c.fill_rect(WIDTH - 1, LIST_Y - 1, 1, HEIGHT - LIST_Y + 1, 0)
    scroll_bar(c, top, count)


def scroll_top(selected, top, count, shown=ROWS):
    """The first visible row that keeps `selected` on screen, `shown` rows at a time
    (a list's ROWS, or fewer under other lines)."""
    if selected < top:
        return selected
    if selected >= top + shown:
        return selected - shown + 1
    return max(0, min(top, count - shown)) if count > shown else 0


# Words that lead into the next: a line never ends on one, so a phrase stays whole
# ("Rescue 4" / "from the Pound", not "Rescue 4 from the" / "Pound").
LEADING = ("a", "an", "and", "at", "by", "for", "from", "in", "into", "of", "on", "or",
           "the", "to", "with")


def wrap(lines, width=COLS):
    """Lines folded at spaces to fit `width` characters (a long word is cut), never
    after a word of LEADING while the line can break before it."""
    out = []
    for line in lines:
        while len(line) > width:
            cut = line.rfind(" ", 0, width + 1)
            while cut > 0:
                before = line.rfind(" ", 0, cut)
                if before <= 0 or line[before + 1:cut].lower() not in LEADING:
                    break
                cut = before
            if cut <= 0:
                cut = width
            out.append(line[:cut])
            line = line[cut:].lstrip(" ")
        out.append(line)
    return out


def message(c, lines, y=LIST_Y):
    """Lines a list row apart from where list rows start: six of them end on the
    panel's bottom row, descenders and all."""
    for line in lines:
        c.text(clip(line, COLS), 2, y)
        y += LINE_H + 1


def big_center(c, s, y, scale=3):
    """Large text, centred; shrinks to fit the width."""
    while scale > 1 and text_width(s, scale) > WIDTH:
        scale -= 1
    c.text_center(s, y, 1, scale)


def toast(c, text):
    """An inverted band across the bottom of the screen: one line, or two when the
    message needs them."""
    lines = wrap([text])[:2]
    y = HEIGHT - len(lines) * (LINE_H + 1)
    c.fill_rect(0, y - 1, WIDTH, HEIGHT - y + 1, 1)
    for line in lines:
        c.text_center(line, y, 0)
        y += LINE_H + 1


# The line under a full score grid (four rows, the last one's descenders at 45) and
# over the footer, a blank pixel row from each: its own descenders end at 54.
UNDER_GRID = LIST_Y + 4 * ROW_H


def score_grid(c, items, y=LINE_H + 3, highlight=None, short=None):
    """[(name, value)] in two columns of four rows: every seat's score at a glance.
    The entry at index `highlight` (whose turn it is) is drawn inverted. `short(i)`:
    the short name of entry i's seat (app.seat_short), for a name too long beside its
    value (None: its first three letters). One entry (a solo game) has the whole width."""
    half = WIDTH // 2 if len(items) > 1 else WIDTH
    # a name too long beside its value goes short, and then every name does, as colours
    # do elsewhere ("Yel"): a whole name is never another's short name ("Yel" beside
    # Yellow's seat)
    # (nine columns of a cell's ten hold a name and its value a glyph's width apart:
    # "Yellow 29/5", never "Yellow29/5")
    cut = False
    room = half // CHAR_W - 1  # the columns of a cell's glyphs, the gap's one included
    for name, value in items[:8]:
        if len(name) > room - len(str(value)):
            cut = True
    for i, (name, value) in enumerate(items[:8]):
        x = (i % 2) * half
        yy = y + (i // 2) * (LINE_H + 1)
        if cut:
            name = name[:3] if short is None else short(i)
        c.text(name, x + 2, yy)
        v = str(value)
        c.text_right(v, x + half - 3, yy)
        if i == highlight:
            c.invert_rect(x, yy - 1, half - 1, LINE_H + 1)


_DIGITS = tuple(bytes((0x30 + d,)) for d in range(10))  # made once: a clock makes no text
_COLON = b":"


def clock_at(c, s, x, y):
    """`s` whole seconds as M:SS at x, y (core.timers.shown_seconds gives them, as
    clock_text writes them), a glyph at a time from bytes made once: drawn in a live
    round, it makes nothing. Returns the x after it."""
    m = s // 60
    if m >= 10:
        c.text_bytes(_DIGITS[m // 10 % 10], x, y)
        x += CHAR_W
    c.text_bytes(_DIGITS[m % 10], x, y)
    c.text_bytes(_COLON, x + CHAR_W, y)
    c.text_bytes(_DIGITS[s % 60 // 10], x + 2 * CHAR_W, y)
    c.text_bytes(_DIGITS[s % 10], x + 3 * CHAR_W, y)
    return x + 4 * CHAR_W


def footer(c, left="", right=""):
    """Hints for the menu buttons on the bottom line."""
    y = HEIGHT - LINE_H
    if left:
        c.text(left, 0, y)
    if right:
        c.text_right(right, WIDTH - 1, y)
