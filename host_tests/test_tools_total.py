# cpython only: the computer's tools are total (issue 33, 5). Crafted history.log
# records (every field of a record given each wrong kind of value: text, lists,
# objects, null, NaN and 1e400, huge and negative numbers, nesting 100,000 deep, bytes
# that are not UTF-8, a megabyte line), crafted players.json files (the same, and a
# folder in its place), crafted statistics and a crafted sheet.log go through
# `make export`, `make report` and `make roster`'s readings: no traceback, a message
# naming each record passed over or read otherwise, the good records exported with
# their scores as the history keeps them, and no CSV cell a spreadsheet would read as a
# formula.
import csv
import json
import os
import re
import subprocess

from install import roster as roster_tool
from pawpad.store.catalogues import roster as box_roster
from pawpad.store.files import Storage
from pawpad.store.log import codec, schema
from pawpad.store.records.history import read_history
from report import boxdata, export, make_report
from support.export import record
from support.fake_repl import FakeRepl
from support.unix_port import micropython

FORMULA = ("=", "+", "-", "@", "\t", "\r")  # OWASP: a cell starting so is a formula

DEEP = 100000
# Each wrong kind of value a JSON field can hold (json.dumps writes NaN and Infinity,
# and CPython's json reads them back; 10**400 is a whole number of 401 digits).
VALUES = ("x", "", "=1+1", "-2", "+1", "@SUM(A1)", "\t=1", "\r=1", "'q", "\ud800", "a" * 40,
          [], [1, 2], ["=1", None], [[[]]], {}, {"a": 1}, {"variant": "=cmd"},
          {"variant": ["x"]}, None, True, False, 0, -1, 1, 2, 3, 7, 10 ** 30, -(10 ** 30),
          10 ** 400, -(10 ** 400), float("nan"), float("inf"), float("-inf"), 1.5,
          "2026-11-30 20:00:0x", "2026-02-30", "9999-12-31 23:59:59")
# A record of every field the tools read, each good.
BASE = {"game": "pick_a_dog", "players": 3, "scores": [5, -3, 1], "winners": [0],
        "places": [1, 3, 2], "title": "Pick-a-Dog", "colours": ["Red", "Blue", "Green"],
        "people": ["Ann", None, "-Bo"], "ms": 600000, "events": 12, "id": "crafted1",
        "start": "2026-11-30 20:00:00", "end": "2026-11-30 20:10:00", "date": "2026-11-30",
        "first": 0, "abandoned": False, "unfinished": False, "settings": {"variant": "dog"},
        "stops": [[0, 350, 20, True], [1, 400, -1, False]],
        "sheet": {"unit": "Round", "rows": [[1, [1, 0, 0]], [2, [5, -3, 1]]]}}
FIELDS = sorted(BASE) + ["other"]


def line_of(rec):
    return codec.encode(rec).encode("utf-8", "surrogatepass")


def checked_line(text):
    """A line of the log with a good checksum around any JSON text."""
    return (text + "|%08x\n" % codec.crc_of(text)).encode()


def crafted():
    """(what, line bytes): every field of BASE given every value, records that are not
    objects, and lines the reader must pass over whatever their checksum."""
    out = []
    for field in FIELDS:
        for v in VALUES:
            rec = dict(BASE)
            rec[field] = v
            out.append(("%s=%r" % (field, v), line_of(rec)))
        rec = dict(BASE)
        if field in rec:
            del rec[field]
            out.append(("no " + field, line_of(rec)))
        # nested 100,000 deep in this field, with a good checksum
        head = json.dumps(dict(BASE, **{field: 0}))
        text = head.replace('"%s": 0' % field, '"%s": %s0%s' % (field, "[" * DEEP, "]" * DEEP))
        out.append(("%s nested" % field, checked_line(text)))
    for v in VALUES[:12] + ([], None, 5):
        out.append(("record=%r" % (v,), line_of(v)))
    good = line_of(BASE)
    out += [("not UTF-8", good[:20] + b"\xff\xfe\xc3" + good[20:]),
            ("a megabyte", checked_line(json.dumps(dict(BASE, title="M" * (1 << 20))))),
            ("a megabyte of brackets", b"[" * (1 << 20) + b"\n"),
            ("a bad checksum", good[:-3] + b"00\n"), ("NUL bytes", b"\x00" * 40 + b"\n"),
            ("an empty line", b"\n"), ("no checksum", json.dumps(BASE).encode() + b"\n")]
    return out


GOOD = [record("top_dog", 4, None, seed=1), record("circus_puppy", 3, {"first": 2}, seed=2)]


def write_history(folder, lines):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "history.log"), "wb") as f:
        f.write(line_of(GOOD[0]))
        for line in lines:
            f.write(line)
        f.write(line_of(GOOD[1]))


def box_takes(folder, line):
    """The record as the box's reader takes it from a history of this one line, or
    None."""
    os.makedirs(folder)
    with open(os.path.join(folder, "history.log"), "wb") as f:
        f.write(line)
    got = read_history(Storage(folder))
    return got[0] if got else None


def is_formula(value):
    """A cell a spreadsheet would read as a formula (a whole number is a number)."""
    return value.startswith(FORMULA) and not re.fullmatch(r"-[0-9]+", value)


def exported(out):
    """(the play file, the CSV's rows) that export.main wrote into `out`."""
    with open(os.path.join(out, "pawpad.bgsplay"), encoding="utf-8") as f:
        doc = json.load(f)
    with open(os.path.join(out, "pawpad-plays.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    for row in rows:
        for value in row:
            assert not is_formula(value), row
    return doc, [dict(zip(rows[0], row)) for row in rows[1:]]


def scores_by_id(rows):
    out = {}
    for r in rows:
        pid = r["pawpad_id"][1:] if r["pawpad_id"].startswith("'") else r["pawpad_id"]
        out.setdefault(pid, []).append(int(r["score"]))
    return out


def test_every_crafted_record_through_the_export(tmp_path, capsys):
    cases = crafted()
    assert len(cases) > 500
    kinds = {"taken": 0, "refused": 0, "changed": 0}
    for n, (what, line) in enumerate(cases):
        data, out = str(tmp_path / ("box%d" % n)), str(tmp_path / ("out%d" % n))
        write_history(data, [line])
        export.main(["--data", data, "--out", out])
        said = capsys.readouterr().out
        doc, rows = exported(out)
        by_id = scores_by_id(rows)
        for g in GOOD:  # the good records, their final scores as kept
            final = [v - n for v, n in zip(g["scores"], g.get("left") or [0] * g["players"])]
            assert by_id[g["id"]] == final, (what, by_id)
        rec = box_takes(str(tmp_path / ("alone%d" % n)), line)
        usable = boxdata.usable(rec) if rec is not None else (None, " refused")
        if usable[1]:  # passed over or read otherwise: said, naming the record
            assert "history.log record 2" in said, (what, said)
            kinds["refused" if rec is None or usable[0] is None else "changed"] += 1
        else:
            kinds["taken"] += 1
            assert "record 2" not in said, (what, said)
        rec = usable[0]
        played = (rec is not None and not rec.get("abandoned") and
                  not rec.get("unfinished") and rec["players"] > 1)
        mine = [k for k in by_id if k not in (GOOD[0]["id"], GOOD[1]["id"])]
        assert len(doc["plays"]) == 2 + played and len(mine) == played, (what, mine)
        if played:  # no silent change to a score
            assert by_id[mine[0]] == rec["scores"], (what, by_id[mine[0]])
            assert len(rows) == sum(g["players"] for g in GOOD) + rec["players"]
    assert min(kinds.values()) > 10, kinds  # each way a record can go, tried


def test_no_cell_starts_a_formula_and_a_quote_gives_the_text_back(tmp_path):
    rec = dict(BASE, title="=HYPERLINK(\"http://x\",\"y\")", id="+cmd|' /C calc'!A0",
               people=["-Ann", "'Bo", ".Cy"], scores=[-4, 0, 12], settings={"variant": "-v"})
    assert schema.check_summary(rec) is None
    path = str(tmp_path / "plays.csv")
    assert export.write_csv(path, [rec]) == 3
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["player"] for r in rows] == ["'-Ann", "''Bo", ".Cy"]
    assert {r["game"] for r in rows} == {"'" + rec["title"]}
    assert {r["pawpad_id"] for r in rows} == {"'" + rec["id"]}
    assert {r["variant"] for r in rows} == {"'-v"}
    assert [r["score"] for r in rows] == ["-4", "0", "12"]  # a number stays a number
    for r in rows:
        for value in r.values():
            assert not is_formula(value), r
    # one quote off a cell that starts with one: the text as the history keeps it
    assert [r["player"][1:] for r in rows[:2]] == rec["people"][:2]
    for text in ("=", "+", "-", "@", "\t", "\r", "'", "a", "", "-1", "=1+1", "\ud800x"):
        cell = export.cell(text)
        assert not is_formula(cell) and (cell == text or cell == "'" + text or
                                         "\ud800" in text), (text, cell)
    assert export.cell(-5) == -5 and export.cell(True) == "True"
    # the play file keeps the names as they are (it is no spreadsheet)
    doc = export.bgstats([rec], ids={})
    assert [p["name"] for p in doc["players"]] == rec["people"]


def test_crafted_records_statistics_and_sheets_through_the_report(tmp_path, capsys):
    cases = crafted()
    chunk = 45  # the tools read the newest 55 records
    stats = {"Ann": {"games": 10 ** 400, "wins": -1, "stops": "x", "fastest_ms": 1e400},
             "=cmd": {"games": 2, "wins": 1}, "\ud800": {"games": 1}, "Red": [],
             "merged": {"a": 1}, "solo_best": "=1"}
    for i in range(0, len(cases), chunk):
        data, out = str(tmp_path / ("box%d" % i)), str(tmp_path / ("report%d" % i))
        write_history(data, [line for _what, line in cases[i:i + chunk]])
        with open(os.path.join(data, "stats.json"), "w") as f:
            f.write(json.dumps(stats))
        with open(os.path.join(data, "sheet.log"), "wb") as f:
            f.write(b"\xff" * 100 + b"\n" + b"[" * DEEP)
        make_report.main(["--data", data, "--out", out])
        said = capsys.readouterr().out
        assert "report.html" in said
        with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
            page = f.read()
        assert "What could not be read" in page
        assert "history.log record" in page
        box = boxdata.read(os.path.join(out, "data"))
        assert [g["scores"] for g in box.history[:1] + box.history[-1:]] == [
            GOOD[0]["scores"], GOOD[1]["scores"]]


def roster_files():
    """(what, players.json's bytes) of every damage."""
    good = {"names": ["Ann", "-Bo"], "seats": ["-Bo", None, "Ann"]}
    out = []
    for field in ("names", "seats", "other"):
        for v in VALUES:
            out.append(("%s=%r" % (field, v), json.dumps(dict(good, **{field: v}))))
        out.append(("%s nested" % field,
                    '{"%s": %s0%s}' % (field, "[" * DEEP, "]" * DEEP)))
        out.append(("%s of a name each" % field,
                    json.dumps(dict(good, **{field: [v for v in VALUES if v is not None]}))))
    for v in VALUES:
        out.append(("file=%r" % (v,), json.dumps(v)))
    out = [(w, t.encode("utf-8", "surrogatepass")) for w, t in out]
    text = json.dumps(good).encode()
    out += [("not UTF-8", text[:5] + b"\xff" + text[5:]), ("a megabyte", b" " * (1 << 20)),
            ("a megabyte of brackets", b"[" * (1 << 20)), ("empty", b""),
            ("17 names", json.dumps({"names": ["N%d" % i for i in range(17)]}).encode()),
            ("a name twice", json.dumps({"names": ["Ann", "Ann"]}).encode())]
    return out


def taken(raw):
    """players.json's object if the box takes it as its roster."""
    try:
        data = json.loads(raw.decode())
    except (ValueError, RecursionError):
        return None
    return data if len(raw) <= box_roster.LIMIT and box_roster.check(data) is None else None


def salvaged(raw, added):
    """The names a damaged roster's new one keeps (each a name the box takes, once but
    for case, at most NAMES_MAX), then `added` where there is room."""
    try:
        data = json.loads(raw.decode())
    except (ValueError, RecursionError):
        data = None
    names = data.get("names") if isinstance(data, dict) else None
    kept = []
    for n in (names if isinstance(names, list) else []) + [added]:
        if box_roster.valid(n) and n.lower() not in [k.lower() for k in kept] and \
                len(kept) < box_roster.NAMES_MAX:
            kept.append(n)
    return kept


def test_every_crafted_roster_through_make_roster(tmp_path, capsys):
    refused = 0
    for n, (what, raw) in enumerate(roster_files()):
        data = tmp_path / ("box%d" % n)
        data.mkdir()
        (data / "players.json").write_bytes(raw)
        code = roster_tool.main(["--data", str(data)])  # only read: nothing changes
        said = capsys.readouterr().out
        assert (data / "players.json").read_bytes() == raw and os.listdir(data) == [
            "players.json"], what
        good = taken(raw)
        if good is None:
            refused += 1
            assert code == 1 and "players.json" in said and "reads no names" in said, (
                what, said)
        else:
            assert code == 0, (what, said)
            assert said.strip().endswith(", ".join(good.get("names", [])) or "by colour)"), (
                what, said)
        code = roster_tool.main(["--data", str(data), "--add", "Di"])
        said = capsys.readouterr().out
        now = json.loads((data / "players.json").read_text())
        assert box_roster.check(now) is None
        if good is None:  # a new roster of its good names, the damaged one kept aside
            assert now == {"names": salvaged(raw, "Di"), "seats": []}, (what, now)
            assert (data / "players.json.bad").read_bytes() == raw, what
            assert "kept as players.json.bad" in said, said
        else:
            assert now["names"] == list(good.get("names", [])) + ["Di"], (what, now)
    assert refused > 100


def test_a_folder_in_place_of_players_json(tmp_path, capsys, monkeypatch):
    data = tmp_path / "box"
    (data / "players.json").mkdir(parents=True)
    (data / "players.json" / "keep").write_text("mine")
    assert roster_tool.main(["--data", str(data)]) == 1
    assert "players.json is a folder" in capsys.readouterr().out
    assert roster_tool.main(["--data", str(data), "--add", "Ann"]) == 1
    said = capsys.readouterr().out
    assert "nothing written" in said
    assert sorted(os.listdir(data)) == ["players.json"]
    assert (data / "players.json" / "keep").read_text() == "mine"
    # a full disk: said, and the folder as it was
    (data / "players.json" / "keep").unlink()
    (data / "players.json").rmdir()

    def full(self, name, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(roster_tool.Storage, "write_text", full)
    assert roster_tool.main(["--data", str(data), "--add", "Ann"]) == 1
    assert "players.json not written" in capsys.readouterr().out
    assert os.listdir(data) == []
    monkeypatch.undo()
    (data / "players.json").mkdir()
    # the report and the export read it as the box does: said, and the games go on
    box = boxdata.read(str(data))
    assert box.names == [] and box.problems
    # a file where the folder should be
    afile = tmp_path / "file"
    afile.write_text("x")
    assert roster_tool.main(["--data", str(afile), "--add", "Ann"]) == 1
    assert afile.read_text() == "x"


def test_the_box_s_players_json_read_over_mpremote(tmp_path, monkeypatch):
    """The probe make roster runs on the box, run on the MicroPython unix port with the
    box's folder here: a file of any bytes, a big one, a folder, none."""
    device = tmp_path / "device"
    device.mkdir()
    monkeypatch.setattr(roster_tool, "DEVICE_DIR", str(device))
    copied = []
    real_run = subprocess.run  # monkeypatch swaps the module's own

    class Ran:
        returncode = 0
        stderr = ""

    def run(cmd, **kw):
        done = Ran()
        done.stdout = ""
        if "PAWPAD-CLOCK" in " ".join(cmd) or any(a.endswith("/history.log") for a in cmd):
            return done  # the history dated first (install/dating.py): test_dating's
        if "cp" in cmd:  # what runs on the box first (the old file set aside), then the copy
            r = real_run([micropython(), "-c", cmd[4]],  # the firmware: MICROPYPATH
                               capture_output=True, timeout=60)
            assert r.returncode == 0, r.stderr
            copied.append((cmd[4], open(cmd[cmd.index("cp") + 1]).read()))
        elif len(cmd) > 4 and "roster:" in cmd[4]:
            r = real_run([micropython(), "-c", cmd[4]], capture_output=True, timeout=60)
            assert r.returncode == 0, r.stderr
            done.stdout = r.stdout.decode("utf-8", "replace")
        return done

    monkeypatch.setattr(roster_tool.subprocess, "run", run)
    repl = FakeRepl()
    target = device / "players.json"
    try:
        for what, raw in [("good", b'{"names": ["Ann"]}')] + roster_files()[::7]:
            target.write_bytes(raw)
            got = roster_tool.read_device("mp", repl.path)
            if len(raw) > box_roster.LIMIT:
                assert got == (None, "is too big (%d bytes)" % len(raw)), what
            else:
                assert got == (raw, None), what
            data, why = roster_tool.read(got[0]) if got[1] is None else (None, got[1])
            assert (why is None) == (taken(raw) is not None), (what, why)
        target.unlink()
        assert roster_tool.read_device("mp", repl.path) == (None, None)
        target.mkdir()
        assert roster_tool.read_device("mp", repl.path) == (None, roster_tool.FOLDER)
        assert roster_tool.main(["--port", repl.path, "--mpremote", "mp", "--add", "Ann"]) == 1
        assert copied == []  # nothing copied onto a folder
        target.rmdir()
        target.write_bytes(b"[" * 3000)  # damaged: kept aside on the box, then the new one
        assert roster_tool.main(["--port", repl.path, "--mpremote", "mp", "--add", "Ann"]) == 1
        (script, text), = copied
        assert "keep_aside" in script and json.loads(text) == {"names": ["Ann"], "seats": []}
        assert (device / "players.json.bad").read_bytes() == b"[" * 3000  # kept by the box
    finally:
        repl.close()



def test_a_board_that_fails_or_no_mpremote_is_a_message(tmp_path, monkeypatch):
    import pytest

    for fails in ("answer", "copy", "missing"):
        def run(cmd, fails=fails, **kw):
            if fails == "missing":
                raise FileNotFoundError(2, "No such file or directory", cmd[0])

            class Done:
                returncode = 1 if fails == "answer" or "cp" in cmd else 0
                stdout = "roster: none"
                stderr = "mpremote: no device found"
            return Done()

        monkeypatch.setattr(roster_tool.subprocess, "run", run)
        with pytest.raises(SystemExit) as e:
            roster_tool.main(["--port", "/dev/none", "--mpremote", "mp", "--add", "Ann"])
        assert str(e.value).startswith("roster: "), (fails, e.value)


def test_a_damaged_game_in_progress_through_the_report_s_reading(tmp_path):
    """Every title's log of a game in progress, damaged in each way the box's own sweeps
    damage it (tools/pawsim/damage.py: records of another shape, lying snapshots and
    checkpoints, cuts, flipped bits), beside a good history: the reading and the page
    end, and the history's games are all there."""
    from pawpad.store.session import LOG
    from pawsim import damage
    from report import page

    for game in ("pick_a_dog", "top_dog", "top_dogs", "circus_puppy"):
        store = Storage(str(tmp_path / game))
        damage.long_log(store, game, 60, 3)
        data = damage.read_log(store)
        lines = damage.lines_of(data)
        rng = damage.Rng(5)
        cases = (damage.event_damage(data, lines, rng, None) +
                 damage.snapshot_damage(data, lines, rng, 20) +
                 damage.checkpoint_damage(data, lines, rng, 20) +
                 damage.truncations(data, lines, rng)[:20] + damage.bit_flips(data, lines, rng, 30))
        assert len(cases) > 60
        for n, case in enumerate(cases):
            folder = str(tmp_path / ("%s-%d" % (game, n)))
            write_history(folder, [])
            with open(os.path.join(folder, LOG), "wb") as f:
                f.write(case[1]() if callable(case[1]) else case[1])
            box = boxdata.read(folder)
            assert [g["id"] for g in box.history] == [g["id"] for g in GOOD], case[0]
            page.page(box, [], folder)
