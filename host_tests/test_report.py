# cpython only: `make report` on what the simulated box keeps after an evening of
# Pick-a-Dog played through its buttons (tools/report/demo.py): the page is one
# self-contained file whose charts and tables show what the box recorded, which is what
# the rules engine says the games came to; and the box's files fetched over mpremote.
import base64
import io
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
    r = run_mp(["tools/sim/sim.py", "--script", str(keys), "--out", str(tmp_path / "sim"),
                "--data", str(data)], heap="512k")
    assert r.returncode == 0, r.stdout + r.stderr
    return script, data


def _images(text):
    """The PNGs embedded in the page, decoded."""
    from PIL import Image

    out = {}
    for alt, b64 in re.findall(r'<img alt="([\w-]+)" src="data:image/png;base64,([^"]+)"',
                               text):
        with Image.open(io.BytesIO(base64.b64decode(b64))) as im:
            im.load()
            out[alt] = im.size
    return out


def test_the_report_shows_what_the_box_kept_of_an_evening(tmp_path):
    script, data = _evening(tmp_path)
    out = tmp_path / "report"
    report.main(["--data", str(data), "--out", str(out)])
    text = (out / "report.html").read_text()

    # one file: every image is inside it, nothing is fetched from elsewhere
    assert re.findall(r'(?:src|href)="(?!data:)', text) == []
    images = _images(text)
    assert sorted(images) == sorted(CHARTS)
    for name in CHARTS:
        assert (out / (name + ".png")).read_bytes().startswith(b"\x89PNG")
        assert images[name][0] >= 600  # drawn, not an empty stub

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
    titles = [t for t, _ in drawn["last-rounds"]]
    for number, s in enumerate(SPECIAL[-charts.LAST_SHEETS:],
                               len(SPECIAL) - charts.LAST_SHEETS + 1):
        assert "#%d %s, %s" % (number, s, s) + (", (ended early)" if (number - 1) % 3 == 0
                                                else "") in titles, (s, titles)
    # the page: every one escaped, none as markup
    import html

    for s in shown[-10:]:
        assert "<td>%s</td>" % html.escape(s) in text or \
            "<td>%s (ended early)</td>" % html.escape(s) in text, s
    assert "<b>" not in text and "<i>" not in text


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
