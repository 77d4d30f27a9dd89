# The report as one self-contained HTML page: the charts embedded (base64 PNG), the
# players' figures and the last games as tables, and what the box does not keep, said
# plainly rather than drawn from nothing. Every text from the box goes in through
# _h(): the box's words are data, shown as written, never markup.
import base64
import html
import os

from pawpad.app.flows.pick_a_dog.tally import STOPS_KEPT
from pawpad.store.records.history import when
from report.boxdata import seat_names, text, title_of

STYLE = """
body { font-family: system-ui, sans-serif; color: #222; max-width: 60em; margin: 2em auto;
       padding: 0 1em; line-height: 1.45; }
h1 { margin-bottom: 0.1em; } .sub { color: #666; margin-top: 0; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(26em, 100%), 1fr));
          gap: 1.2em; }
.table { overflow-x: auto; }  /* a wide table scrolls in its place, not the page */
td:first-child, .games td:nth-child(-n+4), td span { white-space: nowrap; }
.games td:last-child { min-width: 12em; }  /* "Red 24, Blue 27, ...": lines, not a column */
@media (max-width: 30em) {  /* a phone: the page's width is the screen's */
  body { margin: 1em auto; padding: 0 0.6em; }
  h1 { font-size: 1.6em; }
  th, td { padding: 0.2em 0.4em; }
  figure { padding: 0.3em; }
}
figure { margin: 0; border: 1px solid #ddd; border-radius: 6px; padding: 0.6em; }
figure img { width: 100%; height: auto; }
figure.wide { grid-column: 1 / -1; }
figcaption { color: #555; font-size: 0.9em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { padding: 0.25em 0.8em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.chip { display: inline-block; width: 0.8em; height: 0.8em; border: 1px solid #333;
        border-radius: 50%; margin-right: 0.4em; vertical-align: -0.05em; }
.win { font-weight: bold; }
.missing { background: #fff8e1; border-left: 4px solid #f0b400; padding: 0.5em 1em; }
.problems { background: #fdecea; border-left: 4px solid #d93025; padding: 0.5em 1em; }
"""

WIDE = ("last-games", "last-rounds")  # charts across the page
CAPTIONS = {
    "games-per-title": "The finished games in the box's history (it keeps the last 50).",
    "wins-per-player": "Games played and won by each player (a person, across every seat "
                       "they sat at; a seat nobody named, by its colour), over every game "
                       "the box has counted.",
    "last-games": "Final scores of the last games in the history.",
    "last-rounds": "The last finished games round by round (turn by turn in Circus "
                   "Puppy), from the score sheet each game's history record keeps: every "
                   "round of a game, or for a long one every few and always the last.",
    "rounds": "The game in progress, round by round (from its log).",
    "reactions": "Dots: each STOP of the games the history keeps and of the game in "
                 "progress, ms after GO. Diamond: the player's fastest STOP, of those dots "
                 "and of every game the statistics counted.",
    "margins": "Each STOP a player won, by the ms to the next player's press (STOPs "
               "nobody else pressed after are left out); the bar is the median, with the "
               "count of STOPs it is the middle of.",
    "stops": "Every STOP called, right or wrong, and false starts (before GO), over every "
             "game counted.",
}

MISSING = (
    "A finished game's STOPs before its last %d, and a long game's every round: a "
    "game's log goes once the game is in the history, whose record keeps the final "
    "scores, the STOPs (caller, reaction, margin, verdict) and the scores after every "
    "round, thinned to every few rounds when they would not fit its line." % STOPS_KEPT,
)


def missing(box):
    """What the box does not keep, for this box's history."""
    out = list(MISSING)
    old = box.without_sheet()
    if old:
        out.append("The rounds of %d finished game%s: %s from before the box kept score "
                   "sheets in its history (final scores only), so the round-by-round chart "
                   "leaves %s out." % (old, "" if old == 1 else "s",
                                       "it is" if old == 1 else "they are",
                                       "it" if old == 1 else "them"))
    return out


def _h(value):
    """Text as HTML: escaped ("<b>" reads <b>), whatever it is (a damaged record's
    field may not be a string)."""
    return html.escape(text(value))


def _chip(name, paint):
    """The player's name after a square of the colour the charts draw them in."""
    r, g, b = (int(round(v * 255)) for v in paint(name))
    return '<span class="chip" style="background:#%02x%02x%02x"></span>%s' % (
        r, g, b, _h(name))


def _img(path):
    with open(path, "rb") as f:
        data = base64.b64encode(f.read()).decode()
    name = os.path.splitext(os.path.basename(path))[0]
    return ('<figure%s><img alt="%s" src="data:image/png;base64,%s"><figcaption>%s'
            '</figcaption></figure>' % (' class="wide"' if name in WIDE else "", _h(name), data,
                                        _h(CAPTIONS.get(name, ""))))


def _fast(ms):
    return "" if not ms else "%d ms" % ms if ms < 10000 else "%.1f s" % (ms / 1000)


def _duration(ms):
    """A game's time, to the second under a minute, else to the minute (whole numbers
    all through: a damaged record's time may be any size)."""
    if not ms:
        return ""
    return "%d s" % ((ms + 500) // 1000) if ms < 60000 else "%d min" % ((ms + 30000) // 60000)


def players_table(box):
    from report.charts import painter

    paint = painter(box)
    rows = []
    for p in box.players():
        f = box.stats[p]
        rows.append("<tr><td>%s</td><td>%d</td><td>%d</td><td>%s</td><td>%d</td><td>%s</td>"
                    "</tr>" % (_chip(p, paint), f["games"], f["wins"],
                               "%d of %d" % (f["right"], f["stops"]) if f["stops"] else "",
                               f["false"], _fast(f.get("fastest_ms"))))
    if not rows:
        return "<p>No statistics yet.</p>"
    return ("<div class='table'><table><tr><th>player</th><th>games</th><th>won</th>"
            "<th>STOPs right</th><th>false starts</th><th>fastest STOP</th></tr>%s</table>"
            "</div>" % "".join(rows))


def games_table(box, n=10):
    from report.charts import painter

    paint = painter(box)
    rows = []
    first = len(box.history) - len(box.history[-n:])
    for i, g in enumerate(box.history[-n:]):
        names = seat_names(g)
        scores = ", ".join('<span class="%s">%s %d</span>' % (
            "win" if s in g.get("winners", ()) else "", _chip(names[s], paint), v)
            for s, v in enumerate(g["scores"]))
        minutes = _duration(g.get("ms"))
        rows.append("<tr><td>#%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
            first + i + 1, _h(when(g) or "not known"),
            _h(title_of(g)) + (" (ended early)" if g.get("abandoned") else ""),
            minutes, scores))
    if not rows:
        return "<p>No finished games yet.</p>"
    return ("<div class='table'><table class='games'><tr><th>game</th><th>when</th><th>title</th>"
            "<th>played</th><th>final scores (bold: won)</th></tr>%s</table></div>"
            % "".join(reversed(rows)))


def page(box, images, source):
    early = sum(1 for g in box.history if g.get("abandoned"))
    n = len(box.history)
    summary = "%d game%s in the history%s" % (n, "" if n == 1 else "s",
                                              " (%d ended early)" % early if early else "")
    if box.game:
        summary += "; %s in progress (%d STOPs, %d %ss)" % (
            box.game["title"], len(box.game["stops"]), len(box.game["rounds"]),
            box.game["unit"].lower())
    parts = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
             "<meta name='viewport' content='width=device-width, initial-scale=1'>",
             "<title>Pawpad: the box's games</title><style>%s</style></head><body>" % STYLE,
             "<h1>Pawpad: the box's games</h1>",
             "<p class='sub'>%s. Read from %s.</p>" % (_h(summary),
                                                     _h(source))]
    if box.problems:
        parts.append("<div class='problems'><p>What could not be read:</p><ul>%s</ul></div>"
                     % "".join("<li>%s</li>" % _h(p) for p in box.problems))
    parts.append("<div class='charts'>%s</div>" % "".join(_img(p) for p in images))
    parts.append("<h2>Players</h2>" + players_table(box))
    parts.append("<h2>The last games</h2>" + games_table(box))
    parts.append("<h2>What the box does not keep</h2><div class='missing'>%s</div>"
                 % "".join("<p>%s</p>" % _h(m) for m in missing(box)))
    parts.append("</body></html>\n")
    return "\n".join(parts)
