# The report as one self-contained HTML page: the charts embedded (base64 PNG), the
# players' figures and the last games as tables, and what the box does not keep, said
# plainly rather than drawn from nothing. Every text from the box goes in through
# _h(): the box's words are data, shown as written, never markup.
import html
import os
import re

from pawpad.app.flows.pick_a_dog.tally import STOPS_KEPT
from pawpad.store.records.history import when
from report.boxdata import seat_names, text, title_of

# The page's layout in CSS px, and the promise it makes of every chart label: at least
# MIN_LABEL_PX tall as shown, down to a phone's width (PHONE_PX). Each chart is drawn
# (charts.py) in points, every text of it at least LABEL_PT, and shown scaled to its
# column: a text of LABEL_PT pt in a chart W_in inches wide shown at w px is LABEL_PT *
# w / (72 * W_in) px tall. So a chart of a column is at most NARROW_IN wide (its labels
# >= MIN_LABEL_PX at the phone's column, chart_px(PHONE_PX)); a chart across the page is
# WIDE_IN wide where the page is at least WIDE_FROM_PX, and NARROW_IN (a form of its own,
# drawn for the width) where it is narrower.
MIN_LABEL_PX = 11
PHONE_PX = 390  # a phone's screen, CSS px
PHONE_UP_TO_PX = 480  # the page's phone layout: screens this wide or narrower
LABEL_PT = 10  # the smallest text of a chart
TITLE_PT = 12
MAX_PX = 960  # the page's text column at most
PAD_PX, PHONE_PAD_PX = 16, 10  # the page's side margin
FIG_PAD_PX, PHONE_FIG_PAD_PX, BORDER_PX = 9, 4, 1  # a figure's inner margin and border
HEADROOM = 0.97  # a little to spare (a browser rounds a layout's widths)


def chart_px(screen):
    """The width, in CSS px, a chart is shown at across a page `screen` px wide."""
    pad, fig = (PHONE_PAD_PX, PHONE_FIG_PAD_PX) if screen <= PHONE_UP_TO_PX else (
        PAD_PX, FIG_PAD_PX)
    return min(screen - 2 * pad, MAX_PX) - 2 * (fig + BORDER_PX)


def label_px(width_in, shown_px, pt=LABEL_PT):
    """How tall a text of `pt` points is, in CSS px, in a chart `width_in` inches wide
    shown `shown_px` wide."""
    return pt * shown_px / (72.0 * width_in)


NARROW_IN = round(HEADROOM * LABEL_PT * chart_px(PHONE_PX) / (72.0 * MIN_LABEL_PX), 2)
WIDE_IN = 10.0
# the narrowest page where a chart WIDE_IN wide keeps its labels: its column is
# MIN_LABEL_PX / LABEL_PT * 72 * WIDE_IN px, and the page's margins beside it
WIDE_FROM_PX = int(MIN_LABEL_PX * 72 * WIDE_IN / LABEL_PT / HEADROOM) + 1 + 2 * (
    PAD_PX + FIG_PAD_PX + BORDER_PX)
NARROW_MAX_PX = 560  # a chart of a column is shown at most this wide (its text ~ 18 px)
CLOSE_TABLES_UP_TO_PX = 720  # narrower, the tables are close-set (the players' needs
# about 650 px set wide, 370 close)

STYLE = """
body { font-family: system-ui, sans-serif; color: #222; max-width: %(max)dpx; margin: 2em auto;
       padding: 0 %(pad)dpx; line-height: 1.45; }
h1 { margin-bottom: 0.1em; } .sub { color: #666; margin-top: 0; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(26em, 100%%), 1fr));
          gap: 1.2em; }
figure { margin: 0; border: %(border)dpx solid #ddd; border-radius: 6px; padding: %(fig)dpx;
         min-width: 0; }
figure svg { display: block; width: 100%%; height: auto; max-width: %(narrow)dpx;
             margin: 0 auto; }
figure .wide-form svg { max-width: none; }
figure .narrow-form { display: none; }
@media (max-width: %(wide_below)dpx) {  /* too narrow for a chart across the page */
  figure .wide-form { display: none; }
  figure .narrow-form { display: block; }
}
figure.wide { grid-column: 1 / -1; }
figcaption { color: #555; font-size: 0.9em; margin-top: 0.3em; }
.table { overflow-x: auto; }  /* never wider than the page: at worst it scrolls in its place */
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { padding: 0.25em 0.8em; border-bottom: 1px solid #ddd; text-align: right;
         vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
td:first-child { white-space: nowrap; }
td { overflow-wrap: break-word; }  /* a name too long for the screen, at worst */
.games th { text-align: left; }
.games td:nth-child(2) { text-align: left; }
.games td:nth-child(3) { text-align: left; min-width: 7em; }
td span, .games .at { white-space: nowrap; }
.games .at { display: block; color: #666; font-size: 0.9em; }
.chip { display: inline-block; width: 0.8em; height: 0.8em; border: 1px solid #333;
        border-radius: 50%%; margin-right: 0.4em; vertical-align: -0.05em; }
.win { font-weight: bold; }
.missing { background: #fff8e1; border-left: 4px solid #f0b400; padding: 0.5em 1em; }
.problems { background: #fdecea; border-left: 4px solid #d93025; padding: 0.5em 1em; }
@media (max-width: %(phone)dpx) {  /* a phone: the page's width is the screen's */
  body { margin: 1em auto; padding: 0 %(phone_pad)dpx; }
  h1 { font-size: 1.6em; }
  figure { padding: %(phone_fig)dpx; }
}
@media (max-width: %(tables)dpx) {  /* tables close-set: whole on the screen, not scrolled */
  table { font-size: 0.9em; }
  th, td { padding: 0.2em 0.3em; }
}
""" % {"max": MAX_PX, "pad": PAD_PX, "border": BORDER_PX, "fig": FIG_PAD_PX,
       "narrow": NARROW_MAX_PX, "wide_below": WIDE_FROM_PX - 1, "phone": PHONE_UP_TO_PX,
       "phone_pad": PHONE_PAD_PX, "phone_fig": PHONE_FIG_PAD_PX,
       "tables": CLOSE_TABLES_UP_TO_PX}

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


def svg_of(path, name):
    """A chart's SVG file as an element of the page: its own ids (every chart's
    numbered alike by matplotlib) made the chart's, no XML prologue or metadata, sized
    by the page (its viewBox keeps its shape). The box's text in it is escaped as the
    SVG writer escapes it: characters, never markup."""
    with open(path, encoding="utf-8") as f:
        svg = f.read()
    svg = svg[svg.index("<svg"):].strip()
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.S)
    svg = re.sub(r"<[^>]*>", lambda tag: re.sub(  # in its tags only, never its text
        r'(\bid="|href="#|url\(#)', lambda m: m.group(1) + name + "-", tag.group(0)), svg)
    return re.sub(r'<svg ([^>]*?)width="[^"]*" height="[^"]*" ',
                  lambda m: '<svg role="img" aria-label="%s" %s' % (_h(name), m.group(1)), svg,
                  count=1)


def narrow_form(path):
    """The path of a wide chart's narrow form (drawn for a phone's width), if it has one."""
    base = os.path.splitext(path)[0]
    return base + NARROW + ".svg" if os.path.exists(base + NARROW + ".svg") else None


NARROW = "-narrow"  # a chart's narrow form: OUT/<name>-narrow.svg beside OUT/<name>.svg


def _img(path):
    """A chart as a figure: its SVG (from the PNG's path, beside it), and where it has a
    narrow form, both: the page shows the one that keeps its labels at the page's width."""
    name = os.path.splitext(os.path.basename(path))[0]
    svg = svg_of(os.path.splitext(path)[0] + ".svg", name)
    narrow = narrow_form(path)
    if narrow:
        svg = "<div class='wide-form'>%s</div><div class='narrow-form'>%s</div>" % (
            svg, svg_of(narrow, name + NARROW))
    return ('<figure%s data-chart="%s">%s<figcaption>%s</figcaption></figure>' % (
        ' class="wide"' if name in WIDE else "", _h(name), svg, _h(CAPTIONS.get(name, ""))))


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
    """The last games, the newest first: who won first (on a phone's width the table
    fits the screen, and the winners are what a reader looks for), then the game (its
    number, title, when and how long), then every seat's final score."""
    from report.charts import painter

    paint = painter(box)
    rows = []
    first = len(box.history) - len(box.history[-n:])
    for i, g in enumerate(box.history[-n:]):
        names = seat_names(g)
        won = list(g.get("winners", ()))  # seats (the reader checked them)
        scores = ", ".join('<span class="%s">%s %d</span>' % (
            "win" if s in won else "", _chip(names[s], paint), v)
            for s, v in enumerate(g["scores"]))
        at = [_h(when(g) or "when not known")] + ([_duration(g.get("ms"))]
                                                 if g.get("ms") else [])
        rows.append("<tr><td>%s</td><td>#%d %s<span class='at'>%s</span></td><td>%s</td>"
                    "</tr>" % ("<br>".join(_chip(names[s], paint) for s in won) or "nobody",
                               first + i + 1, _h(title_of(g)) + (
                                   " (ended early)" if g.get("abandoned") else ""),
                               ", ".join(at), scores))
    if not rows:
        return "<p>No finished games yet.</p>"
    return ("<div class='table'><table class='games'><tr><th>won</th><th>game</th>"
            "<th>final scores</th></tr>%s</table></div>" % "".join(reversed(rows)))


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
