# Does every string the box shows fit? A canvas that draws as the real one and
# writes down each text's box; check() then names any text that leaves the panel,
# runs into another, touches the row above or below it (no blank pixel row between
# their inks), stands too close beside another to read apart, or was cut short with
# "~". Used by the static fit test on every screen, drawn with the longest values its
# fields can take.
from pawpad.ui import font5x8
from pawpad.ui.canvas import CHAR_W, HEIGHT, LINE_H, WIDTH, Canvas, text_width

# Two texts side by side on a line leave a glyph's width of blank columns (at the
# larger one's scale) between their glyph cells, where one text's glyphs leave one: two
# values read as two ("10" "10" "10", never "101010"), a name and a number as both.
APART = font5x8.WIDTH


class FitCanvas(Canvas):
    def __init__(self):
        Canvas.__init__(self)
        self.boxes = []  # (text, x, y, w, h)
        self.bars = []  # (x, y, w, h) of every highlight bar (an inverted box)

    def clear(self, c=0):
        Canvas.clear(self, c)
        self.boxes = []
        self.bars = []

    def text_bytes(self, b, x, y, c=1):
        return self.text(b.decode(), x, y, c)

    def invert_rect(self, x, y, w, h):
        self.bars.append((x, y, w, h))
        return Canvas.invert_rect(self, x, y, w, h)

    def cursor(self):
        """Is a row marked as the chosen one, on the panel: a highlight bar over a text,
        or a text drawn with the "> " mark?"""
        for s, x, y, _w, h in self.boxes:
            if s.startswith("> ") and 0 <= y and y + h <= HEIGHT:
                return True
            for bx, by, bw, bh in self.bars:
                if (0 <= by and by + bh <= HEIGHT and bx <= x < bx + bw
                        and by <= y and y + h <= by + bh + 1):
                    return True
        return False

    def text(self, s, x, y, c=1, scale=1):
        if s:
            self.boxes.append((s, x, y, text_width(s, scale) - scale, LINE_H * scale - scale))
        return Canvas.text(self, s, x, y, c, scale)


_INK = {}  # a glyph's ink: (first column, last column, top row, bottom row) or None


def _glyph_ink(ch):
    if ch not in _INK:
        o = ord(ch)
        if o < font5x8.FIRST or o > font5x8.LAST:
            o = 63  # drawn as "?"
        g = (o - font5x8.FIRST) * font5x8.WIDTH
        cols = [k for k in range(font5x8.WIDTH) if font5x8.GLYPHS[g + k]]
        rows = [r for r in range(LINE_H)
                if any(font5x8.GLYPHS[g + k] >> r & 1 for k in range(font5x8.WIDTH))]
        _INK[ch] = (cols[0], cols[-1], rows[0], rows[-1]) if cols else None
    return _INK[ch]


def ink(s, x, y, scale=1):
    """The box of the pixels `s` lights at x, y: (x0, y0, x1, y1), inclusive; None for
    a text of spaces."""
    x0 = y0 = 1 << 20
    x1 = y1 = -(1 << 20)
    for i, ch in enumerate(s):
        g = _glyph_ink(ch)
        if g is None:
            continue
        at = x + i * CHAR_W * scale
        x0, x1 = min(x0, at + g[0] * scale), max(x1, at + g[1] * scale + scale - 1)
        y0, y1 = min(y0, y + g[2] * scale), max(y1, y + g[3] * scale + scale - 1)
    return None if x1 < x0 else (x0, y0, x1, y1)


def _spacing(a, ia, b, ib):
    """What is wrong between the texts of boxes a and b, of inks ia and ib, or None:
    they touch (no blank pixel row between them, above, below or corner to corner), or
    stand on one line closer than APART."""
    if ia is None or ib is None or _continues(a, b) or _continues(b, a):
        return None
    sa, sb = _scale(a), _scale(b)
    if ia[1] <= ib[3] and ib[1] <= ia[3]:  # sharing a pixel row: on one line
        if ia[0] <= ib[2] and ib[0] <= ia[2]:
            return "inks overlap"
        # the blank columns between their glyph cells
        gap = max(b[1] - a[1] - text_width(a[0], sa), a[1] - b[1] - text_width(b[0], sb))
        if gap < APART * max(sa, sb):
            return "too close beside (%d px apart)" % gap
        return None
    blank = ib[1] - ia[3] - 1 if ib[1] > ia[3] else ia[1] - ib[3] - 1  # rows between
    if blank < 1 and ia[0] <= ib[2] + 1 and ib[0] <= ia[2] + 1:
        return "rows touch"
    return None


def _scale(box):
    return max(1, box[4] // 7)  # a box is 7 rows of the glyphs at each scale


def _continues(a, b):
    """Is b drawn on from where a, one glyph, ends (one text in parts: a clock drawn a
    glyph at a time, and " left" after it)?"""
    return (len(a[0]) == 1 and a[2] == b[2] and a[4] == b[4]
            and b[1] == a[1] + CHAR_W * _scale(a))


def check(boxes):
    """What does not fit, as lines ("" for nothing)."""
    out = []
    inks = []
    for box in boxes:
        s, x, y, w, h = box
        lit = ink(s, x, y, _scale(box))
        inks.append(lit)
        if x < 0 or y < 0 or x + w > WIDTH or y + h > HEIGHT:
            out.append("off the panel: %r at %d,%d" % (s, x, y))
        elif lit is not None and (lit[2] >= WIDTH or lit[3] >= HEIGHT):
            out.append("glyphs clipped by the panel's edge: %r" % s)  # a descender
        if len(s) > 1 and s.endswith("~"):
            out.append("cut short: %r" % s)
    for i in range(len(boxes)):
        a = boxes[i]
        for j in range(i + 1, len(boxes)):
            b = boxes[j]
            if (a[1] < b[1] + b[3] and b[1] < a[1] + a[3] and
                    a[2] < b[2] + b[4] and b[2] < a[2] + a[4]):
                out.append("overlap: %r and %r" % (a[0], b[0]))
                continue
            why = _spacing(a, inks[i], b, inks[j])
            if why:
                out.append("%s: %r and %r" % (why, a[0], b[0]))
    return out


class TextCanvas(FitCanvas):
    """Writes down each text and where it goes, and draws nothing: a screen drawn over
    and over (told_apart) costs its texts, not their pixels."""

    def text(self, s, x, y, c=1, scale=1):
        if s:
            self.boxes.append((s, x, y, scale))
        return x + text_width(s, scale) + (1 if s else 0)

    def clear(self, c=0):
        self.boxes = []

    def _none(self, *args):
        pass

    pixel = hline = vline = rect = fill_rect = line = invert_rect = _none


def _texts(app, screen, game):
    c = TextCanvas()
    app.nav.stack = [screen() if callable(screen) else screen]
    app.game = game
    app.draw(c)
    return c.boxes


def _swap(game, i, j):
    for seats in (game.people, game.colours, game.short):
        seats[i], seats[j] = seats[j], seats[i]


def told_apart(app, screen, game, pairs):
    """The pairs of seats of `pairs` that `screen` draws alike: [(i, j, text)], none
    when it tells every pair apart. Two seats are drawn alike in a text when the text
    names either (it changes when that seat's person is another: a name no one has,
    with a short name no one has) but stays the same with the two seats' people (their
    names, short names and colours) swapped. Nothing of the game's state moves, so a
    text that says who did what says it of the other person then. `screen`: a screen,
    or a function making it (a screen that reads the names once, as it opens)."""
    people = game.people
    game.people = list(people) if people is not None else [None] * len(game.colours)
    game.colours, colours = list(game.colours), game.colours
    short = getattr(game, "short", None)
    game.short = list(short) if short is not None else [None] * len(game.people)
    try:
        base = _texts(app, screen, game)
        out = []
        for i, j in pairs:
            _swap(game, i, j)
            swapped = _texts(app, screen, game)
            _swap(game, i, j)
            if len(swapped) != len(base):
                continue  # drawn otherwise: told apart
            same = [k for k in range(len(base)) if swapped[k] == base[k]]
            if not same:
                continue
            for seat in (i, j):
                other = _renamed(app, screen, game, seat)
                if len(other) != len(base):
                    continue  # (the swap kept the layout: a name drawn otherwise did this)
                named = [k for k in same if other[k] != base[k]]
                if named:
                    out.append((i, j, base[named[0]][0]))
                    break
        return out
    finally:
        game.people, game.colours, game.short = people, colours, short


def _renamed(app, screen, game, seat):
    """The screen's texts with another person at `seat`, of a name and a short name as
    long as the seat's (what fits stays as it fits)."""
    was = game.people[seat], game.short[seat]
    game.people[seat] = "Q" * len(game.name(seat))
    game.short[seat] = "Q" * len(game.short_name(seat))
    try:
        return _texts(app, screen, game)
    finally:
        game.people[seat], game.short[seat] = was
