# Each person's statistics over the finished games (a seat's colour where nobody had a
# name).
from pawpad.store.records import stats
from pawpad.ui import widgets
from pawpad.ui.screen import Screen


def lines(data, colours):
    """Lines per player of `colours` (people or colours) that has any figures in the
    statistics `data`: the games, then (Pick-a-Dog) the STOPs right of called, the
    false starts, the cards a round and the fastest; the best solo result last."""
    out = []
    for c in colours:
        if not isinstance(data.get(c), dict):
            continue
        p = stats.player(data, c)
        if not p["stops"] and not p["false"] and not p["games"]:
            continue
        out.append("%s won %d of %d" % (c, p["wins"], p["games"]))
        if p["stops"]:
            out.append(" STOPs right %d/%d" % (p["right"], p["stops"]))
        if p["false"]:
            out.append(" false starts %d" % p["false"])
        for variant, head in (("dog", " cards/round"), ("pog", " Pog cards/round")):
            rounds = stats.count(p.get("rounds_" + variant))
            if rounds:
                tenths = (10 * stats.count(p.get("cards_" + variant)) + rounds // 2) // rounds
                out.append("%s %d.%d" % (head, tenths // 10, tenths % 10))
        fast = p.get("fastest_ms")
        if fast:
            out.append(" fastest %s" % (("%d ms" % fast) if fast < 10000
                                        else "%d.%d s" % (fast // 1000, fast % 1000 // 100)))
    best = data.get(stats.SOLO_BEST)
    if isinstance(best, dict) and isinstance(best.get("score"), int):
        out.append("Solo best %d" % best["score"])
    return out or ["No games yet."]


class Statistics(Screen):
    """Each colour's STOPs right of called, false starts, games and fastest STOP, over
    the finished games. UP/DOWN scroll."""

    name = "statistics"

    def __init__(self):
        self.first = 0

    def lines(self, app):
        return lines(app.stats, stats.people(app.stats, app.roster.names +
                                             list(app.settings["colours"])))

    def draw(self, c, app):
        lines = self.lines(app)
        widgets.title_bar(c, "Statistics")
        widgets.message(c, lines[self.first:self.first + 6])

    def key(self, app, k):
        if k == "down" and self.first + 6 < len(self.lines(app)):
            self.first += 1
        elif k == "up" and self.first > 0:
            self.first -= 1
        else:
            Screen.key(self, app, k)
