# cpython only: `make report` on what the simulated box keeps after an evening of
# Pick-a-Dog played through its buttons (tools/report/demo.py): the page is one
# self-contained file whose charts and tables show what the box recorded, which is what
# the rules engine says the games came to; and the box's files fetched over mpremote.
import json
import re
import subprocess
import sys

from pawpad.core.colours import NAMES
from pawpad.games import pick_a_dog
from pawpad.store.log import codec
from report import boxdata, charts, demo
from report import make_report as report
from support.fake_repl import FakeRepl
from support.unix_port import ROOT, run_mp

CHARTS = ("games-per-title", "wins-per-player", "last-games", "last-rounds", "rounds",
          "reactions", "margins", "stops")
WIDE = ("last-games", "last-rounds")  # across the page, with a narrow form for a phone


def _evening(tmp_path, games=2, left_rounds=2, seed=5, **people):
    """Plays the demo evening on the simulator; returns (script, the box's data folder).
    `people=True`: demo.PEOPLE on the box's roster, seated through its menus."""
    script = demo.evening(games, seed, left_rounds, **people)
    keys = tmp_path / "evening.keys"
    keys.write_text(script.text())
    data = tmp_path / "box"
    if people:
        data.mkdir()
        (data / "players.json").write_text(json.dumps({"names": list(demo.PEOPLE)}))
    # From source, not make report-demo's .mpy install: the compiler's room for each
    # module comes on top of the box's, so at 512k the run passed or failed by where the
    # heap's blocks happened to lie (a 17 KB module's parse needs contiguous blocks).
    r = run_mp(["tools/sim/sim.py", "--script", str(keys), "--out", str(tmp_path / "sim"),
                "--data", str(data)], heap="1m")
    assert r.returncode == 0, r.stdout + r.stderr
    return script, data


def _images(text):
    """The charts on the page: {name: [its SVGs (the wide form, then the narrow one
    where it has one)]}."""
    out = {}
    for name, body in re.findall(r'<figure[^>]* data-chart="([\w-]+)">(.*?)<figcaption>',
                                 text, re.S):
        out[name] = re.findall(r"<svg .*?</svg>", body, re.S)
    return out


def test_the_report_shows_what_the_box_kept_of_an_evening(tmp_path):
    script, data = _evening(tmp_path)
    out = tmp_path / "report"
    report.main(["--data", str(data), "--out", str(out)])
    text = (out / "report.html").read_text()

    # one file: every chart is inside it, nothing is fetched from elsewhere (an SVG's
    # references are to its own parts, by ids of its own)
    assert re.findall(r'(?:src|href)="(?!data:|#)', text) == []
    images = _images(text)
    assert sorted(images) == sorted(CHARTS)
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))
    for ref in set(re.findall(r'(?:href="#|url\(#)([^")]+)', text)):
        assert ref in ids, ref
    for name in CHARTS:
        forms = images[name]
        assert len(forms) == (2 if name in WIDE else 1), name
        for svg in forms:  # drawn, not an empty stub
            assert svg.count("<text") >= 5 and svg.count("<path") >= 5, name
        from PIL import Image

        with Image.open(out / (name + ".png")) as im:  # and beside the page as a PNG
            assert im.format == "PNG" and im.size[0] >= 600, (name, im.size)
        assert (out / (name + ".svg")).exists()

    box = boxdata.read(str(out / "data"))
    assert box.problems == []
    # the history holds the two games as the rules engine scored them
    assert [g["scores"] for g in box.history] == [
        [pick_a_dog.score(st, s) for s in range(4)] for st in script.finished]
    assert all(g["title"] == "Pick-a-Dog" and not g.get("abandoned") for g in box.history)
    # statistics: every game counted for every player; the wins are the history's
    for colour in ("Red", "Blue", "Green", "Yellow"):
        assert box.stats[colour]["games"] == 2
    assert sum(box.stats[c]["wins"] for c in box.players()) == sum(
        len(g["winners"]) for g in box.history)
    # each finished game round by round, from its record's score sheet: a row a round
    # of the engine's game, rising to the final scores
    sheets = box.sheets(charts.LAST_SHEETS)
    assert [sh["number"] for sh in sheets] == [1, 2]
    for sheet, st in zip(sheets, script.finished):
        assert sheet["unit"] == "Round"
        assert [n for n, _ in sheet["rows"]] == list(range(1, st["round"] + 1))
        assert sheet["rows"][-1][1] == sheet["game"]["scores"]
        for (_, before), (_, after) in zip(sheet["rows"], sheet["rows"][1:]):
            assert all(a >= b for a, b in zip(after, before))  # cards are only won
    # the game in progress: its rounds and its STOPs, the reactions the players made
    game = box.game
    assert len(game["rounds"]) == 2 and len(game["stops"]) == 2
    pressed = script.stops[-2:]
    for stop, (caller, react, _) in zip(game["stops"], pressed):
        assert stop["seat"] == caller
        assert abs(stop["react_ms"] - react) <= 20  # the simulator's 10 ms steps
    # every STOP the script pressed is kept, finished games' too (in the history), with
    # the margin by which it was won when another player pressed close behind
    kept = box.all_stops()
    assert len(kept) == len(script.stops)
    margins = [(s["margin_ms"], m) for s, (_, _, m) in zip(kept, script.stops)]
    assert any(m is not None for _, m in margins)
    for got, want in margins:
        assert (got is None) if want is None else abs(got - want) <= 20, (got, want)
    # the page's tables say the same
    for colour in box.players():
        f = box.stats[colour]
        if f["stops"]:
            assert "%d of %d" % (f["right"], f["stops"]) in text
        if f.get("fastest_ms"):
            assert "%d ms" % f["fastest_ms"] in text
    assert "2 games in the history; Pick-a-Dog in progress (2 STOPs, 2 rounds)" in text
    # and what the box does not record is said, not drawn
    assert "a long game&#x27;s every round" in text
    assert "before the box kept score sheets" not in text  # every game here kept one


def test_the_report_by_person_across_a_change_of_seats(tmp_path):
    # Ann, Bob and Cy sit at seats 1-3 through the box's menus, Yellow's seat stays a
    # colour; after the first game Ann and Bob swap seats
    script, data = _evening(tmp_path, games=2, left_rounds=1, seed=17, people=True,
                            swap_after=1)
    out = tmp_path / "report"
    report.main(["--data", str(data), "--out", str(out)])
    box = boxdata.read(str(out / "data"))
    assert box.problems == []
    assert [g["people"] for g in box.history] == [["Ann", "Bob", "Cy", None],
                                                 ["Bob", "Ann", "Cy", None]]
    assert script.seating[:2] == [g["people"] for g in box.history]
    # statistics by person across both seats (in the roster's order); the unnamed seat
    # by its colour
    assert box.names == ["Ann", "Bob", "Cy"]
    assert box.players() == ["Ann", "Bob", "Cy", "Yellow"]
    for who in box.players():
        won = sum(1 for g in box.history for s in g["winners"]
                  if boxdata.seat_names(g)[s] == who)
        assert box.stats[who]["games"] == 2 and box.stats[who]["wins"] == won, who
    assert "Red" not in box.stats and "Blue" not in box.stats
    # every STOP is its caller's, whichever seat they sat at that game
    assert [s["player"] for s in box.all_stops()] == script.callers
    rounds = script.finished[0]["round"]  # Ann and Bob called from both their seats
    assert {"Ann", "Bob"} <= set(script.callers[:rounds]) & set(script.callers[rounds:-1])
    # each person drawn in a colour of their own, none a button's; the colour seat in its
    # button's
    paint = charts.painter(box)
    inks = [paint(p) for p in box.players()]
    assert len(set(inks)) == 4 and inks[3] == charts.colour("Yellow")
    assert not {charts.colour(c) for c in NAMES} & set(inks[:3])
    text = (out / "report.html").read_text()
    assert sorted(_images(text)) == sorted(CHARTS)
    for who in ("Ann", "Bob", "Cy"):
        assert "</span>%s</td>" % who in text  # a row of the players' table each


def test_players_come_in_the_rosters_order_then_those_no_longer_on_it_then_colours():
    figures = {"games": 1, "wins": 0, "stops": 0, "right": 0, "wrong": 0, "false": 0}
    stats = {k: dict(figures) for k in ("Blue", "amy", "Zed", "Bob", "Red", "Cy")}
    box = boxdata.Box([], stats, None, [], names=["Zed", "Cy", "Nobody"])
    # Nobody has no figures; Bob and amy left the roster (by name, whatever the case)
    assert box.players() == ["Zed", "Cy", "amy", "Bob", "Red", "Blue"]


def test_a_damaged_roster_is_said_and_the_report_goes_on_by_name(tmp_path):
    _, data = _evening(tmp_path, games=1, left_rounds=0)
    (data / "players.json").write_text('{"names": ["Ann", "Ann"]}')
    out = tmp_path / "report"
    report.main(["--data", str(data), "--out", str(out)])
    box = boxdata.read(str(out / "data"))
    assert box.names == [] and len(box.history) == 1
    text = (out / "report.html").read_text()
    assert "players.json" in text and "What could not be read" in text
    assert (data / "players.json").read_text() == '{"names": ["Ann", "Ann"]}'  # left alone


def test_games_recorded_before_score_sheets_are_left_out_of_the_rounds_and_said(tmp_path):
    _, data = _evening(tmp_path, games=2, left_rounds=0)
    lines = (data / "history.log").read_text().splitlines(True)
    older = codec.decode(lines[0].rstrip("\n"))
    del older["sheet"]  # as a box before score sheets wrote it
    (data / "history.log").write_text(codec.encode(older) + lines[1])
    out = tmp_path / "report"
    report.main(["--data", str(data), "--out", str(out)])
    text = (out / "report.html").read_text()
    box = boxdata.read(str(out / "data"))
    assert box.problems == [] and len(box.history) == 2
    assert [sh["number"] for sh in box.sheets(charts.LAST_SHEETS)] == [2]
    assert "last-rounds" in _images(text)
    assert "The rounds of 1 finished game: it is from before the box kept score sheets" in text


def test_a_damaged_score_sheet_is_passed_over():
    good = {"unit": "Turn", "rows": [[2, [1, 0]], [4, [3, 5]]]}
    assert boxdata._sheet_rows(good, 2) == [(2, [1, 0]), (4, [3, 5])]
    for bad in ({"rows": good["rows"]}, {"unit": "Turn", "rows": [[4, [3, 5]], [2, [1, 0]]]},
                {"unit": "Turn", "rows": [[1, [3]]]}, {"unit": "Turn", "rows": [[0, [1, 1]]]},
                {"unit": "Turn", "rows": [[1, [1, "2"]]]}, {"unit": "Turn", "rows": "1"}):
        assert boxdata._sheet_rows(bad, 2) == [], bad


def test_the_report_of_a_new_box_says_there_is_nothing_yet(tmp_path):
    data = tmp_path / "empty"
    data.mkdir()
    out = tmp_path / "report"
    report.main(["--data", str(data), "--out", str(out)])
    text = (out / "report.html").read_text()
    assert _images(text) == {}
    assert "No finished games yet." in text and "No statistics yet." in text
    assert "0 games in the history" in text


def test_the_report_passes_over_a_damaged_history_record_and_says_so(tmp_path):
    _, data = _evening(tmp_path, games=2, left_rounds=0)
    lines = (data / "history.log").read_text().splitlines(True)
    (data / "history.log").write_text(lines[0].replace('"scores"', '"scorez"') + lines[1])
    out = tmp_path / "report"
    report.main(["--data", str(data), "--out", str(out)])
    text = (out / "report.html").read_text()
    assert "history.log record 1 is damaged: passed over" in text
    assert "1 game in the history" in text
    assert (data / "history.log").read_text().count("\n") == 2  # the source left alone


FAKE = r'''#!%(python)s
import os, shutil, sys
board, calls = %(board)r, %(calls)r
with open(calls, "a") as f:
    f.write(" ".join(sys.argv[1:]).replace("\n", "|") + "\n")
args = sys.argv[3:]
if args[0] == "exec":
    print(" ".join(sorted(os.listdir(os.path.join(board, "data")))))
    sys.exit(0)
step = []
for a in args + ["+"]:
    if a != "+":
        step.append(a)
        continue
    if step[0] == "cp":
        shutil.copy(os.path.join(board, step[1].lstrip(":/")), step[2])
    step = []
'''


def test_the_report_fetches_the_box_files_over_mpremote_and_restarts_the_box(tmp_path):
    board = tmp_path / "board"
    (board / "data").mkdir(parents=True)
    (board / "data" / "stats.json").write_text('{"Red": {"games": 1, "wins": 1}}')
    (board / "data" / "settings.json").write_text("{}")  # not the report's
    calls = tmp_path / "calls.txt"
    fake = tmp_path / "mpremote"
    fake.write_text(FAKE % {"python": sys.executable, "board": str(board),
                            "calls": str(calls)})
    fake.chmod(0o755)
    out = tmp_path / "report"
    repl = FakeRepl()  # the board's REPL, where the box is started again
    try:
        r = subprocess.run([sys.executable, "tools/report/make_report.py", "--port", repl.path,
                            "--mpremote", str(fake), "--out", str(out)], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
    finally:
        repl.close()
    assert r.returncode == 0, r.stderr
    assert "from the Pico on %s: stats.json" % repl.path in r.stdout
    text = calls.read_text()
    assert text.index("mem32[0x40058000]") < text.index(" cp ")  # the watchdog stopped first
    made = text.splitlines()
    assert made[-1].startswith("connect %s cp :/data/stats.json" % repl.path)
    # its clock set from this computer's, and the box started again keeping it
    assert made[-1].endswith("rtc --set") and "reset" not in text
    assert repl.started == 1
    assert not (out / "data" / "settings.json").exists()
    assert "<td>1</td><td>1</td>" in (out / "report.html").read_text()


# Text from the box is data: titles, game names and dates with what matplotlib would
# read as mathtext ('$'), its escapes, HTML and a leading underscore (matplotlib's mark
# of an artist left out of a legend), and a title that is not a string at all.
SPECIAL = ("$$", "$x^2$", "\\", "<b>", "_a_", "a $5 and $6 b", "\\$", "%d {}", "$\\frac{1}{0}$",
           "50% & <i>x</i>")


def _special_history(data):
    recs = []
    for i, s in enumerate(SPECIAL):
        recs.append({"game": "pick_a_dog", "title": s, "players": 2, "scores": [i, 1],
                     "winners": [0], "colours": ["Red", "Blue"], "date": s, "id": "g%d" % i,
                     "abandoned": i % 3 == 0,
                     "sheet": {"unit": "Round", "rows": [[1, [0, 1]], [2, [i, 1]]]}})
    recs.append({"game": "$_{game}$", "players": 2, "scores": [1, 2], "winners": [1],
                 "id": "untitled"})  # no title: its game's name is shown
    recs.append({"game": "pick_a_dog", "title": 7, "players": 1, "scores": [3],
                 "winners": [0], "id": "numbered"})  # not text: its game's, as on the box
    data.mkdir()
    (data / "history.log").write_text("".join(codec.encode(r) for r in recs))
    return list(SPECIAL) + ["$_{game}$", "Pick-a-Dog"]


def test_the_box_text_is_drawn_and_written_as_it_is(tmp_path, monkeypatch):
    from matplotlib.text import Text

    data = tmp_path / "box"
    shown = _special_history(data)
    drawn = {}
    save = charts._save

    def keep_texts(fig, folder, name):
        fig.canvas.draw()  # every tick label made, every text laid out
        texts = {id(t): t for t in fig.findobj(Text) if t.get_visible() and t.get_text()}
        drawn[name] = [(t.get_text(), t.get_parse_math()) for t in texts.values()]
        return save(fig, folder, name)

    monkeypatch.setattr(charts, "_save", keep_texts)
    out = tmp_path / "report"
    report.main(["--data", str(data), "--out", str(out)])
    text = (out / "report.html").read_text()
    box = boxdata.read(str(out / "data"))
    assert box.problems == ["history.log record 12 (game numbered): its title is not text "
                            "(shown as Pick-a-Dog)"]
    assert len(box.history) == len(shown)

    assert {"games-per-title", "last-games", "last-rounds"} <= set(_images(text))
    for name, texts in drawn.items():
        assert all(parse is False for _, parse in texts), (name, texts)
    # every title as a tick label of the games per title, exactly as written
    assert sorted(t for t, _ in drawn["games-per-title"] if t in shown) == sorted(shown)
    labels = [t for t, _ in drawn["last-games"]]
    for number, s in enumerate(shown[-charts.LAST_GAMES:], len(shown) - charts.LAST_GAMES + 1):
        assert any(t.startswith("#%d %s" % (number, s)) for t in labels), (s, labels)
    for form in ("last-rounds", "last-rounds-narrow"):
        titles = [t for t, _ in drawn[form]]
        for number, s in enumerate(SPECIAL[-charts.LAST_SHEETS:],
                                   len(SPECIAL) - charts.LAST_SHEETS + 1):
            assert "#%d %s\n%s" % (number, s, s) + (", (ended early)" if (number - 1) % 3 == 0
                                                    else "") in titles, (s, titles)
    # the page: every one escaped, none as markup
    import html

    for number, s in enumerate(shown[-10:], len(shown) - 9):
        assert "<td>#%d %s<span" % (number, html.escape(s)) in text or \
            "<td>#%d %s (ended early)<span" % (number, html.escape(s)) in text, s
    assert "<b>" not in text and "<i>" not in text
    for name, forms in _images(text).items():  # in the charts, as SVG text
        for svg in forms:
            assert "<b>" not in svg and "<i>" not in svg, name


def test_a_one_round_game_is_charted_on_whole_numbers():
    # A game of one round, and scores all equal: the round and score axes still tick
    # at whole numbers only (matplotlib's own integer locator fell back to 0.6 ... 1.4).
    import matplotlib.pyplot as plt

    for rows in ([[3, 5, 0]], [[0, 0, 0]], [[1, 2, 3], [4, 9, 6]]):
        fig, ax = plt.subplots()
        try:
            charts._score_lines(ax, range(1, len(rows) + 1), rows, ["Red", "Blue", "Green"],
                                charts.colour)
            fig.canvas.draw()
            for ticks, (low, high) in ((ax.get_xticks(), ax.get_xlim()),
                                       (ax.get_yticks(), ax.get_ylim())):
                shown = [t for t in ticks if low <= t <= high]
                assert shown and all(float(t).is_integer() for t in shown), (rows, shown)
        finally:
            plt.close(fig)


def test_the_median_of_an_even_count_is_the_mean_of_the_two_middle_ones():
    assert charts.median([300, 200]) == 250  # not the larger one
    assert charts.median([5]) == 5 and charts.median([9, 1, 5]) == 5
    assert charts.median([100, 400, 200, 300]) == 250


def test_the_fastest_stop_is_never_slower_than_a_dot_beside_it():
    class Box:  # the statistics' fastest (finished games) and the players they know
        stats = {"Ann": {"fastest_ms": 400}, "Bob": {"fastest_ms": 300}, "Cy": {}}

        def players(self):
            return ["Ann", "Bob", "Cy"]

    # the game in progress: Ann's 350 ms is faster than any finished game's; Cy has
    # only the game in progress
    dots = {"Ann": [500, 350], "Bob": [320], "Cy": [610]}
    assert charts.fastest_stops(Box(), dots) == {"Ann": 350, "Bob": 300, "Cy": 610}


# At a phone's width (390 CSS px) every table fits the screen, the winners first, and
# every chart label is at least 11 px tall as shown (issue 35, 9). The figures come
# from the page's own CSS, read here as a browser would apply it at a given width, and
# from each chart's SVG: a text of font-size f in a viewBox v wide, shown w px wide, is
# f * w / v px tall. tools/web/web_test.py measures the same in Chromium.
PHONE = 390


def _css(width):
    """{selector: {property: value}} of the page's style at a screen `width` px wide:
    its rules, then those of each @media (max-width: N px) block that applies, later
    ones over earlier ones."""
    from report import page

    style = re.sub(r"/\*.*?\*/", "", page.STYLE, flags=re.S)
    blocks = [(None, style)]
    for most, body in re.findall(r"@media \(max-width: (\d+)px\) \{(.*?)\n\}", style, re.S):
        blocks.append((int(most), body))
    blocks[0] = (None, re.sub(r"@media [^{]*\{.*?\n\}", "", style, flags=re.S))
    out = {}
    for most, body in blocks:
        if most is not None and width > most:
            continue
        for selectors, decls in re.findall(r"([^{}]+)\{([^{}]*)\}", body):
            for selector in selectors.split(","):
                rule = out.setdefault(" ".join(selector.split()), {})
                for decl in decls.split(";"):
                    if ":" in decl:
                        k, v = decl.split(":", 1)
                        rule[k.strip()] = v.strip()
    return out


def _px(value, side=1):
    """A CSS length in px (`side`: which of a shorthand's values, 1 for the left and
    right of "0 10px"); "none" is None."""
    if value == "none":
        return None
    parts = value.split()
    v = parts[side] if len(parts) > side else parts[0]
    assert v == "0" or v.endswith("px"), value  # the page's layout is in px
    return float(v[:-2]) if v != "0" else 0.0


def _shown_px(width, wide, narrow_form):
    """How wide a chart is shown on a screen `width` px wide, by the page's CSS: a
    figure spans the page's text column at a phone's width (one column: the grid's
    are at least 26em), a wide figure at any width."""
    css = _css(width)
    column = width - 2 * _px(css["body"]["padding"])
    if "max-width" in css["body"]:
        column = min(column, _px(css["body"]["max-width"]))
    inner = column - 2 * (_px(css["figure"]["padding"]) + _px(css["figure"]["border"], 0))
    most = _px(css["figure svg"]["max-width"])
    if wide and not narrow_form:
        most = _px(css["figure .wide-form svg"]["max-width"])
    return inner if most is None else min(inner, most)


def _form_shown(width):
    """Which form of a chart drawn in two the page shows at `width`: "narrow" or
    "wide"."""
    css = _css(width)
    assert (css["figure .narrow-form"]["display"] == "none") != (
        css.get("figure .wide-form", {}).get("display") == "none")  # one of them
    return "wide" if css["figure .narrow-form"]["display"] == "none" else "narrow"


def _labels(svg):
    """(viewBox width, [(font-size, text)]) of an SVG of the page: nothing in it scaled
    (its transforms move and turn), so a text is as tall as its font-size in the
    viewBox's units."""
    view = float(re.search(r'viewBox="0 0 ([\d.]+) [\d.]+"', svg).group(1))
    for transform in re.findall(r'transform="([^"]*)"', svg):
        assert re.fullmatch(r"((translate|rotate)\([-\d. ]*\) ?)+", transform), transform
    texts = re.findall(r"<text ([^>]*)>([^<]*)</text>", svg)
    assert texts and len(texts) == svg.count("<text")
    return view, [(float(re.search(r"font-size: ([\d.]+)px", attrs).group(1)), words)
                  for attrs, words in texts]


def _figures(text):
    """[(chart name, wide, {"wide": svg, "narrow": svg} or {"one": svg})] on the page."""
    out = []
    for attrs, name, body in re.findall(
            r'<figure([^>]*) data-chart="([\w-]+)">(.*?)<figcaption>', text, re.S):
        forms = re.findall(r"<div class='(wide|narrow)-form'>(<svg .*?</svg>)</div>", body,
                           re.S)
        out.append((name, 'class="wide"' in attrs,
                    dict(forms) if forms else {"one": re.search(r"<svg .*?</svg>", body,
                                                                re.S).group(0)}))
    return out


def test_at_a_phones_width_every_chart_label_is_11_px_tall_or_more(tmp_path):
    _, data = _evening(tmp_path, games=2, left_rounds=2, people=True)
    out = tmp_path / "report"
    report.main(["--data", str(data), "--out", str(out)])
    figures = _figures((out / "report.html").read_text())
    assert sorted(name for name, _, _ in figures) == sorted(CHARTS)
    assert _form_shown(PHONE) == "narrow"
    wide_from = min(w for w in range(PHONE, 2000) if _form_shown(w) == "wide")
    smallest = {}
    for name, wide, forms in figures:
        assert wide == (name in WIDE) and sorted(forms) == (
            ["narrow", "wide"] if wide else ["one"]), name
        # at a phone's width; and a wide chart's wide form where the page first shows it
        for screen, form in ((PHONE, "narrow" if wide else "one"), (wide_from, "wide")):
            if form not in forms:
                continue
            view, sizes = _labels(forms[form])
            scale = _shown_px(screen, wide, form == "narrow") / view
            size, words = min(sizes)
            smallest[name, screen] = size * scale
            assert size * scale >= 11, (name, screen, form, words, size * scale)
    # the same promise the page makes (page.label_px), here from the CSS and the SVGs
    assert min(smallest.values()) >= 11
    # a phone's figures are the charts' narrowest: a page as wide as 480 px shows them
    # at least as wide, labels no smaller
    for name, wide, forms in figures:
        view, sizes = _labels(forms["narrow" if wide else "one"])
        assert min(sizes)[0] * _shown_px(480, wide, wide) / view >= smallest[name, PHONE]


def test_every_chart_text_is_inside_its_chart(tmp_path, monkeypatch):
    # a narrow chart's long title is broken into lines that fit (none cut at the edge)
    _, data = _evening(tmp_path, games=2, left_rounds=2, people=True)
    save, outside = charts._save, {}

    def check(fig, folder, name):
        path = save(fig, folder, name)  # laid out and written as the page has it
        FigureCanvasAgg(fig).draw()  # (closed: drawn again, as it was laid out)
        renderer, frame = fig.canvas.get_renderer(), fig.bbox
        unshown = set()  # tick labels of ticks past an axis' ends: kept, not drawn
        for ax in fig.axes:
            for axis in (ax.xaxis, ax.yaxis):
                low, high = sorted(axis.get_view_interval())
                for tick in axis.get_major_ticks():
                    if not low - 1e-9 <= tick.get_loc() <= high + 1e-9:
                        unshown.update((id(tick.label1), id(tick.label2)))
        for t in fig.findobj(Text):
            if t.get_visible() and t.get_text().strip() and id(t) not in unshown:
                box = t.get_window_extent(renderer)
                if box.x0 < frame.x0 - 1 or box.x1 > frame.x1 + 1 or box.y1 > frame.y1 + 1:
                    outside.setdefault(name, []).append(t.get_text())
        return path

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    monkeypatch.setattr(charts, "_save", check)
    out = tmp_path / "report"
    report.main(["--data", str(data), "--out", str(out)])
    assert len(list(out.glob("*.svg"))) == len(CHARTS) + len(WIDE)
    assert outside == {}


def test_the_last_games_table_says_who_won_first():
    g = {"game": "pick_a_dog", "title": "Pick-a-Dog", "players": 3, "scores": [5, 9, 9],
         "colours": ["Red", "Blue", "Green"], "people": ["Ann", None, "Cy"]}
    history = [dict(g, winners=[1]), dict(g, winners=[1, 2]),
               dict(g, winners=[], abandoned=True, scores=[0, 0, 0])]
    box = boxdata.Box(history, {}, None, [])
    from report import page

    table = page.games_table(box)
    heads = re.findall(r"<th>(.*?)</th>", table)
    assert heads[0] == "won" and heads == ["won", "game", "final scores"]
    firsts = [re.sub(r"<[^>]+>", " ", cell).split()
              for cell in re.findall(r"<tr><td>(.*?)</td>", table)]
    # newest first: nobody won the game ended early; a tie names both
    assert firsts == [["nobody"], ["Blue", "Cy"], ["Blue"]]
    assert table.count("<tr><td>") == 3
