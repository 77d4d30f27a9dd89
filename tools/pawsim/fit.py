# Does every string the box shows fit? A canvas that draws as the real one and
# writes down each text's box; check() then names any text that leaves the panel,
# runs into another, or was cut short with "~". Used by the static fit test on every
# screen, drawn with the longest values its fields can take.
from pawpad.ui.canvas import HEIGHT, LINE_H, WIDTH, Canvas, text_width


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


def check(boxes):
    """What does not fit, as lines ("" for nothing)."""
    out = []
    for s, x, y, w, h in boxes:
        if x < 0 or y < 0 or x + w > WIDTH or y + h > HEIGHT:
            out.append("off the panel: %r at %d,%d" % (s, x, y))
        if len(s) > 1 and s.endswith("~"):
            out.append("cut short: %r" % s)
    for i in range(len(boxes)):
        a = boxes[i]
        for b in boxes[i + 1:]:
            if (a[1] < b[1] + b[3] and b[1] < a[1] + a[3] and
                    a[2] < b[2] + b[4] and b[2] < a[2] + a[4]):
                out.append("overlap: %r and %r" % (a[0], b[0]))
    return out
