# The report's charts, drawn with matplotlib (the Agg backend: PNG files, no display).
# Each function draws one chart from what the box kept (boxdata.Box) into a PNG and
# returns its path, or None when the box holds nothing to draw it from. A seat that
# played by its colour is drawn in its button's colour; a person (who may have sat at
# any seat) in a colour of their own, none of them a button's (painter()). Text from
# the box (titles, game names, dates, names) is data: it is drawn as written, never
# read as mathtext (words(), _legend() and _save()).
# Each chart is written as SVG (its text as text, what the page shows) and as PNG. Its
# size keeps the page's promise (page.py, MIN_LABEL_PX): every text at least LABEL_PT,
# a chart of a column NARROW_IN wide, a chart across the page WIDE_IN wide and drawn a
# second time, NARROW_IN wide and laid out for it, as its narrow form.
import os
from collections import Counter

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import patheffects  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.text import Text  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from pawpad.core.colours import RGB  # noqa: E402
from pawpad.store.records.history import when  # noqa: E402
from report.boxdata import seat_names, title_of  # noqa: E402
from report.boxdata import text as box_text  # noqa: E402
from report.page import LABEL_PT, NARROW, NARROW_IN, TITLE_PT, WIDE_IN  # noqa: E402

INK = "#333333"
ANY = "#9a9a9a"  # a legend's sample of something drawn in every player's colour
LAST_GAMES = 8  # games in the chart of the last games' scores
LAST_SHEETS = 6  # finished games drawn round by round, a small panel each
PANELS_ACROSS = 3
DPI = 150  # the PNGs' (the SVGs are drawn in points)
# The people's colours, in the order the report lists them (at most 16 names): none a
# button's colour (core/colours.py), each apart from the others.
PEOPLE_INKS = ("#17becf", "#8c564b", "#1b9e77", "#7570b3", "#bcbd22", "#a6761d", "#7f7f7f",
               "#003f5c", "#9edae5", "#c49c94", "#dbdb8d", "#2f4b7c", "#a05195", "#556b2f",
               "#e9967a", "#222222")
PLAIN = {"text.parse_math": False}  # every text drawn as written: "$x$" is not math
plt.rcParams.update({"font.size": LABEL_PT, "axes.spines.top": False,
                     "axes.spines.right": False, "axes.edgecolor": INK,
                     "axes.titleweight": "bold", "axes.titlesize": TITLE_PT,
                     "figure.titlesize": TITLE_PT, "legend.fontsize": LABEL_PT,
                     "xtick.labelsize": LABEL_PT, "ytick.labelsize": LABEL_PT,
                     "svg.fonttype": "none", **PLAIN})  # SVG text as text, not paths


def words(value):
    """Text from the box (a title, a game's name, a date, a colour's name) as the
    charts draw it: a str, shown as written. No text of the charts is parsed as
    mathtext (PLAIN, and _save() makes sure of every one), so "$", "\\", "^" and "_"
    are characters; legends go through _legend()."""
    return box_text(value)


def _legend(where, handles, labels, **kw):
    """A legend (of an Axes or a Figure) whose entries read exactly `labels`:
    matplotlib leaves out an entry whose label starts with "_", so the entries are made
    under stand-in labels and then given their own text."""
    labels = [words(label) for label in labels]
    legend = where.legend(handles, ["-"] * len(labels), **kw)
    for text, label in zip(legend.get_texts(), labels):
        text.set_text(label)
        text.set_parse_math(False)
    return legend


def colour(name):
    """A button's colour (grey for a name that is not one)."""
    r, g, b = RGB.get(name, (128, 128, 128))
    return (r / 255, g / 255, b / 255)


def players_of(box):
    """Everyone the report draws, in its order: those with statistics (the people,
    then the colours), then anyone else who sat at a seat of a game it kept."""
    out = list(box.players())
    seated = [seat_names(g) for g in box.history] + ([box.game["names"]] if box.game else [])
    for names in seated:
        for name in names:
            if name not in out:
                out.append(name)
    return out


def painter(box):
    """paint(name): the colour a player is drawn in (see the top of this file)."""
    people = [p for p in players_of(box) if p not in RGB]

    def paint(name):
        if name in RGB or name not in people:
            return colour(name)
        ink = PEOPLE_INKS[people.index(name) % len(PEOPLE_INKS)]
        return tuple(int(ink[i:i + 2], 16) / 255 for i in (1, 3, 5))

    return paint


def _bars(ax, xs, heights, names, paint, horizontal=False, width=0.8, **kw):
    """Bars in the players' colours, outlined (a White player stays visible); across
    the chart, a row each, if `horizontal`."""
    bars = ax.barh if horizontal else ax.bar
    return bars(xs, heights, width, color=[paint(n) for n in names], edgecolor=INK,
                linewidth=0.8, **kw)


def _figure(height, width=NARROW_IN, **kw):
    """A figure of one chart, laid out as it is drawn (room for a legend beside or
    below it): NARROW_IN wide unless said."""
    return plt.subplots(figsize=(width, height), layout="constrained", **kw)


def _legend_below(fig, handles, labels, ncols=2):
    """The legend under the chart, across its width (none beside it: a narrow chart
    has no room to spare)."""
    return _legend(fig, handles, labels, frameon=False, loc="outside lower center",
                   ncols=ncols)


def _fit_titles(fig):
    """Titles broken into lines (at spaces) that fit inside the figure, each centred
    where it is (over its axes): a narrow chart's title, in TITLE_PT, may be longer than
    the chart is wide. The layout, done again as the figure is saved, keeps room for
    every line."""
    fig.canvas.draw()  # laid out: where each title is centred
    renderer = fig.canvas.get_renderer()
    titles = [ax.title for ax in fig.axes if ax.get_visible()] + (
        [fig._suptitle] if fig._suptitle is not None else [])
    for title in titles:
        box = title.get_window_extent(renderer)
        middle = (box.x0 + box.x1) / 2  # over its axes, or the figure's middle
        room = 2 * min(middle, fig.bbox.width - middle) * 0.96
        lines = []
        for line in title.get_text().split("\n"):
            now = ""
            for word in line.split(" "):
                title.set_text((now + " " + word) if now else word)
                if now and title.get_window_extent(renderer).width > room:
                    lines.append(now)
                    now = word
                else:
                    now = (now + " " + word) if now else word
            lines.append(now)
        title.set_text("\n".join(lines))


def _save(fig, folder, name):
    """Lays the figure out and writes it, as <name>.svg and <name>.png; returns the
    PNG's path. Every text in it is drawn as written, those made while drawing (tick
    labels) too. The SVG is the same from the same figure (no date; its ids made from
    the chart's name, not at random)."""
    path = os.path.join(folder, name + ".png")
    try:
        with matplotlib.rc_context({**PLAIN, "svg.hashsalt": name}):
            for text in fig.findobj(Text):
                text.set_parse_math(False)
            _fit_titles(fig)
            if fig.get_layout_engine() is None:
                fig.tight_layout()
            fig.savefig(path, dpi=DPI)
            fig.savefig(os.path.join(folder, name + ".svg"), format="svg",
                        metadata={"Date": None})
    finally:
        plt.close(fig)
    return path


def games_per_title(box, folder):
    """How many games of each title the history holds: played to the end, or ended
    early ("End game")."""
    if not box.history:
        return None
    titles = Counter(title_of(g) for g in box.history)
    early = Counter(title_of(g) for g in box.history if g.get("abandoned"))
    names = sorted(titles, key=lambda t: -titles[t])
    whole = [titles[t] - early[t] for t in names]
    fig, ax = _figure(0.5 * len(names) + 1.9)
    ys = range(len(names))  # a row a title (not a category axis: the titles are data)
    played = ax.barh(ys, whole, color="#4c72b0")
    ended = ax.barh(ys, [early[t] for t in names], left=whole, color="#c7c7c7")
    ax.set_yticks(list(ys), [words(t) for t in names])
    ax.invert_yaxis()
    ax.set_xlabel("games in the history")
    ax.set_title("Games played per title")
    ax.xaxis.get_major_locator().set_params(integer=True)
    _legend_below(fig, [played, ended], ["played to the end", "ended early"])
    return _save(fig, folder, "games-per-title")


def wins_per_player(box, folder):
    """Every player's games played and won (statistics: every game ever counted), a
    row a player."""
    players = box.players()
    if not players:
        return None
    fig, ax = _figure(0.45 * len(players) + 1.9)
    ys = range(len(players))
    games = [box.stats[p]["games"] for p in players]
    wins = [box.stats[p]["wins"] for p in players]
    ax.barh(ys, games, color="none", edgecolor=INK, linewidth=0.8, hatch="//")
    _bars(ax, ys, wins, players, painter(box), horizontal=True)
    for y, w, g in zip(ys, wins, games):
        ax.text(g, y, " %d of %d" % (w, g), ha="left", va="center", color=INK)
    _player_rows(ax, players, "games", "Wins per player")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlim(0, max(games) * 1.35 + 0.5)  # room for "3 of 6"
    _legend_below(fig, [Patch(facecolor="none", edgecolor=INK, hatch="//"),
                        Patch(facecolor=ANY, edgecolor=INK)], ["games played", "won"])
    return _save(fig, folder, "wins-per-player")


def last_games(box, folder, n=LAST_GAMES):
    """The final scores of the last games, one group of bars per game; the winners'
    bars are marked with a star. Drawn across the page (a group a game, side by side),
    and in its narrow form a row a game."""
    games = box.history[-n:]
    if not games:
        return None
    path = _last_games(box, folder, games, wide=True)
    _last_games(box, folder, games, wide=False)
    return path


def _last_games(box, folder, games, wide):
    if wide:
        fig, ax = _figure(3.6, width=min(WIDE_IN, max(8, 1.1 * len(games) + 2)))
    else:
        fig, ax = _figure(0.75 * len(games) + 1.9)
    widest = max(g["players"] for g in games)
    width = 0.8 / widest
    seen = {}
    paint = painter(box)
    for i, g in enumerate(games):
        names = seat_names(g)
        for seat, score in enumerate(g["scores"]):
            x = i - 0.4 + width * (seat + 0.5)
            bar = _bars(ax, [x], [score], [names[seat]], paint, width=width,
                        horizontal=not wide)
            seen.setdefault(names[seat], bar)
            if seat in g.get("winners", ()):
                ax.plot(*((x, score) if wide else (score, x)), marker="*", color=INK,
                        markersize=9, clip_on=False, zorder=3, linestyle="none")
    labels = [_game_label(len(box.history) - len(games) + i + 1, g, day_over_time=wide)
              for i, g in enumerate(games)]
    if wide:
        ax.set_xticks(range(len(games)), labels)
        ax.axhline(0, color=INK, linewidth=0.8)
        ax.set_ylabel("final score")
    else:
        ax.set_yticks(range(len(games)), labels)
        ax.set_ylim(-0.6, len(games) - 0.4)
        ax.invert_yaxis()  # the oldest on top, as the wide form reads left to right
        ax.axvline(0, color=INK, linewidth=0.8)
        ax.set_xlabel("final score")
    ax.set_title("Scores of the last %d games (* won)" % len(games))
    if wide:
        _legend(fig, list(seen.values()), list(seen), frameon=False, loc="outside right upper")
    else:
        _legend_below(fig, list(seen.values()), list(seen), ncols=min(4, len(seen)))
    return _save(fig, folder, "last-games" + ("" if wide else NARROW))


def _game_label(number, g, day_over_time=False):
    """"#3 Pick-a-Dog", and on the lines below when it was played (the day over the
    time, if asked: a label under a bar is narrow) and whether it ended early."""
    label = "#%d %s" % (number, title_of(g))
    if when(g):
        label += "\n" + (words(when(g)).replace(" ", "\n", 1) if day_over_time
                         else words(when(g)))
    if g.get("abandoned"):
        label += "\n(ended early)"
    return label


def _score_lines(ax, xs, rows, names, paint, marker_size=6, linewidth=2):
    """Every seat's score after each row, a line in the player's colour; returns
    {name: line} for a legend."""
    lines = {}
    for seat, name in enumerate(names):
        pale = sum(paint(name)) > 2.4  # White: its line outlined to be seen at all
        lines[name], = ax.plot(xs, [r[seat] for r in rows], marker="o", color=paint(name),
                               markeredgecolor=INK, markersize=marker_size,
                               linewidth=linewidth, label=name, path_effects=[
                                   patheffects.Stroke(linewidth=linewidth + 1.2,
                                                      foreground=INK),
                                   patheffects.Normal()] if pale else None)
    whole_ticks(ax)
    return lines


def whole_ticks(ax):
    """Ticks at whole numbers only, on both axes: rounds and scores are counts. One
    tick is enough (a game of one round; scores all equal): matplotlib's own integer
    locator falls back to fractions (0.6 ... 1.4) when it cannot find two."""
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))


def _by(unit):
    """"round by round", "turn by turn"."""
    unit = words(unit).lower()  # a history record's sheet says its unit
    return "%s by %s" % (unit, unit)


def rounds(box, folder):
    """The game in progress: every player's score after each round (turn)."""
    game = box.game
    if not game or not game["rounds"]:
        return None
    fig, ax = _figure(3.6)
    xs = range(1, len(game["rounds"]) + 1)
    lines = _score_lines(ax, xs, game["rounds"], game["names"], painter(box))
    ax.set_xlabel("after %s" % game["unit"].lower())
    ax.set_ylabel("score")
    ax.set_title("Scores %s: %s in progress" % (_by(game["unit"]), words(game["title"])))
    _legend_below(fig, list(lines.values()), list(lines), ncols=min(4, len(lines)))
    return _save(fig, folder, "rounds")


def last_rounds(box, folder, n=LAST_SHEETS):
    """The last finished games round by round (turn by turn in Circus Puppy), a small
    panel each, from the score sheets their history records keep: a long game's sheet
    keeps every few rows (the x axis says which), always the last. Records from before
    the box kept sheets are left out."""
    sheets = box.sheets(n)
    if not sheets:
        return None
    path = _last_rounds(box, folder, sheets, wide=True)
    _last_rounds(box, folder, sheets, wide=False)
    return path


def _last_rounds(box, folder, sheets, wide):
    """Across the page (WIDE_IN wide) PANELS_ACROSS panels a row; in the narrow form,
    one."""
    across = min(PANELS_ACROSS if wide else 1, len(sheets))
    down = (len(sheets) + across - 1) // across
    fig, axes = plt.subplots(down, across, figsize=(WIDE_IN if wide else NARROW_IN,
                                                    (2.7 if wide else 2.5) * down + 1.0),
                             squeeze=False, layout="constrained")
    seen = {}
    paint = painter(box)
    for ax, sheet in zip(axes.flat, sheets):
        g = sheet["game"]
        xs = [number for number, _ in sheet["rows"]]
        thin = len(xs) > 24
        seen.update(_score_lines(ax, xs, [totals for _, totals in sheet["rows"]],
                                 seat_names(g), paint,
                                 marker_size=2.5 if thin else 5, linewidth=1.6))
        ax.set_xlim(0.5 if xs[0] == 1 else 0, xs[-1] + 0.5)
        kept = "" if xs == list(range(1, len(xs) + 1)) else " (%d of %d kept)" % (
            len(xs), xs[-1])
        ax.set_xlabel("after %s%s" % (words(sheet["unit"]).lower(), kept))
        # the game, and under it when (a panel is narrow)
        head, *rest = _game_label(sheet["number"], g).split("\n")
        ax.set_title("\n".join([head] + ([", ".join(rest)] if rest else [])),
                     fontsize=LABEL_PT, fontweight="bold")
        if not wide or ax in axes[:, 0]:
            ax.set_ylabel("score")
    for ax in list(axes.flat)[len(sheets):]:
        ax.set_visible(False)
    fig.suptitle("Scores %s: the last %s" % (
        " and ".join(sorted(set(_by(sheet["unit"]) for sheet in sheets))),
        "finished game" if len(sheets) == 1 else "%d finished games" % len(sheets)),
        fontweight="bold")
    if wide:
        _legend(fig, list(seen.values()), list(seen), frameon=False,
                loc="outside right center")
    else:
        _legend_below(fig, list(seen.values()), list(seen), ncols=min(4, len(seen)))
    return _save(fig, folder, "last-rounds" + ("" if wide else NARROW))


def _per_player(box, key):
    """{player: [values]} of every STOP the box kept that knows `key`."""
    out = {}
    for s in box.all_stops():
        if s[key] is not None:
            out.setdefault(s["player"], []).append(s[key])
    return out


def median(values):
    """The middle of `values`: of an even count, the mean of the two middle ones (the
    median of 200 and 300 is 250, not 300)."""
    ms = sorted(values)
    n = len(ms)
    return ms[n // 2] if n % 2 else (ms[n // 2 - 1] + ms[n // 2]) / 2


def fastest_stops(box, times_of):
    """{player: ms} of each player's fastest STOP: of the games the statistics counted
    and of the dots drawn beside it (the history's games and the game in progress), so
    the diamond is never slower than a dot."""
    out = {p: box.stats[p].get("fastest_ms") for p in box.players()
           if box.stats[p].get("fastest_ms")}
    for p, times in times_of.items():
        if times:
            out[p] = min(times) if p not in out else min(out[p], min(times))
    return out


def _player_rows(ax, players, xlabel, title):
    """A row a player, the first on top."""
    ax.set_yticks(range(len(players)), [words(p) for p in players])
    ax.set_ylim(-0.6, len(players) - 0.4)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title)


def reactions(box, folder):
    """Pick-a-Dog: each player's STOP reaction times after GO, of every game the
    history keeps and the game in progress (a dot per STOP, and the spread), with the
    fastest STOP of all of them and of the games the statistics counted as a diamond."""
    times_of = _per_player(box, "react_ms")
    fastest = fastest_stops(box, times_of)
    if not times_of and not fastest:
        return None
    players = [p for p in players_of(box) if p in fastest or p in times_of]
    paint = painter(box)
    fig, ax = _figure(0.6 * len(players) + 2.3)
    for y, p in enumerate(players):
        times = times_of.get(p, [])
        if len(times) > 1:
            ax.plot([min(times), max(times)], [y, y], color=paint(p), linewidth=6,
                    alpha=0.35, solid_capstyle="round")
        ax.plot(times, [y] * len(times), "o", color=paint(p), markeredgecolor=INK,
                markersize=8)
        if p in fastest:
            ax.plot([fastest[p]], [y], "D", color="white", markeredgecolor=INK, markersize=7)
            ax.annotate("%d ms" % fastest[p], (fastest[p], y), textcoords="offset points",
                        xytext=(0, 8), ha="center", color=INK)
    _player_rows(ax, players, "ms from GO to the STOP", "Pick-a-Dog: STOP reaction times")
    _legend_below(fig, [Line2D([], [], marker="o", color=ANY, markeredgecolor=INK,
                               linestyle="none"),
                        Line2D([], [], marker="D", color="white", markeredgecolor=INK,
                               linestyle="none")],
                  ["a STOP (games kept)", "fastest STOP of all games and this one"], ncols=1)
    return _save(fig, folder, "reactions")


def stops(box, folder):
    """Pick-a-Dog: every player's STOPs, right and wrong, and false starts (statistics:
    every game counted)."""
    players = [p for p in box.players() if box.stats[p]["stops"] or box.stats[p]["false"]]
    if not players:
        return None
    fig, ax = _figure(0.6 * len(players) + 2.1)
    ys = list(range(len(players)))
    right = [box.stats[p]["right"] for p in players]
    wrong = [box.stats[p]["wrong"] for p in players]
    false = [box.stats[p]["false"] for p in players]
    _bars(ax, [y - 0.2 for y in ys], right, players, painter(box), horizontal=True, width=0.4)
    ax.barh([y - 0.2 for y in ys], wrong, 0.4, left=right, color="white", edgecolor=INK,
            hatch="xx")
    ax.barh([y + 0.2 for y in ys], false, 0.4, color="#555555", edgecolor=INK)
    _player_rows(ax, players, "count", "Pick-a-Dog: STOPs and false starts")
    ax.xaxis.get_major_locator().set_params(integer=True)
    _legend_below(fig, [Patch(facecolor=ANY, edgecolor=INK),
                        Patch(facecolor="white", edgecolor=INK, hatch="xx"),
                        Patch(facecolor="#555555", edgecolor=INK)],
                  ["STOPs right", "STOPs wrong", "false starts"], ncols=3)
    return _save(fig, folder, "stops")


def margins(box, folder):
    """Pick-a-Dog: by how much each player's STOPs were won (ms to the next player's
    press; a STOP nobody else pressed after has none), with the median."""
    won_by = _per_player(box, "margin_ms")
    if not won_by:
        return None
    players = [p for p in players_of(box) if p in won_by]
    paint = painter(box)
    fig, ax = _figure(0.6 * len(players) + 1.9)
    for y, p in enumerate(players):
        ms = sorted(won_by[p])
        ax.plot(ms, [y] * len(ms), "o", color=paint(p), markeredgecolor=INK, markersize=8,
                alpha=0.8)
        mid = median(ms)
        ax.plot([mid, mid], [y - 0.3, y + 0.3], color=INK, linewidth=2)
        ax.annotate("median %g ms of %d" % (mid, len(ms)), (mid, y), textcoords="offset points",
                    xytext=(0, 9), ha="center", color=INK)
    _player_rows(ax, players, "ms from the STOP to the next player's press",
                 "Pick-a-Dog: by how much STOPs were won")
    return _save(fig, folder, "margins")


ALL = (games_per_title, wins_per_player, last_games, last_rounds, rounds, reactions, margins,
       stops)
