# cpython only: `make export` (tools/report/export.py): a history of every game title
# becomes a BG Stats play file and a CSV, checked field by field against the format
# written in docs/export.md and against the history it came from (scores, winners, ranks,
# ties sharing a rank).
import csv
import json
import os
import re

from pawpad.store.log import codec
from report import export
from support.export import record
from support.unix_port import ROOT

TITLES = (("pick_a_dog", 4, None), ("circus_puppy", 3, {"first": 2}), ("top_dog", 4, None),
          ("top_dogs", 3, None), ("pick_a_dog", 3, {"variant": "pog"}))


def history():
    out = [record(n, p, s, seed=i + 1) for i, (n, p, s) in enumerate(TITLES)]
    # people at two of the seats; the third plays by its colour
    out.append(dict(record("top_dogs", 3, None, seed=9), people=["Ann", None, "Bob"]))
    # begun before the box's clock was set (mpremote set it mid-game): its end only
    late = record("top_dog", 2, None, seed=10)
    del late["start"]
    out.append(late)
    # a tie: two seats share the win (and the first place), the next is third
    out.append({"game": "pick_a_dog", "players": 3, "scores": [9, 9, 4], "winners": [0, 1],
                "places": [1, 1, 3], "title": "Pick-a-Dog", "colours": ["Red", "Blue", "Green"],
                "ms": 900000, "id": "0000tie1"})  # no date: the clock was never set
    # written before the box kept places: ranked by winners, then scores
    out.append({"game": "top_dogs", "players": 2, "scores": [3, 7], "winners": [1],
                "title": "Top Dogs", "colours": ["Red", "Blue"], "ms": 30000,
                "id": "0000old1", "date": "2026-11-29"})
    # what BG Stats takes as no play: an abandoned game and a solo one
    out.append({"game": "pick_a_dog", "players": 2, "scores": [1, 0], "winners": [],
                "abandoned": True, "colours": ["Red", "Blue"], "id": "0000gone"})
    out.append({"game": "pick_a_dog", "players": 1, "scores": [20], "winners": [0],
                "colours": ["Red"], "id": "0000solo"})
    return out


def documented_fields():
    """The backticked field names of docs/export.md's tables, by section."""
    text = open(os.path.join(ROOT, "docs", "export.md")).read()
    out, section = {}, None
    for line in text.split("\n"):
        if line.startswith("### "):
            section = line[4:].strip().split()[0].strip("`")
            out[section] = set()
        elif line.startswith("| `") and section:  # a row may name several fields
            out[section].update(re.findall(r"`([^`]+)`", line.split("|")[1]))
    return out


def test_every_title_exported_field_by_field():
    hist = history()
    doc = export.bgstats(hist, today="2026-12-01", ids={"Top Dog": 123})
    fields = documented_fields()
    assert set(doc) == fields["file"]
    for key in ("players", "locations", "games", "plays"):
        for item in doc[key]:
            assert set(item) <= fields[key], (key, set(item) - fields[key])
    assert set(doc["userInfo"]) == fields["userInfo"]
    for play in doc["plays"]:
        for ps in play["playerScores"]:
            assert set(ps) == fields["playerScores"], set(ps) ^ fields["playerScores"]
    finished = [r for r in hist if not r.get("abandoned") and r["players"] > 1]
    assert len(doc["plays"]) == len(finished) == 9
    games = {g["id"]: g for g in doc["games"]}
    people = {p["id"]: p["name"] for p in doc["players"]}
    assert [loc["name"] for loc in doc["locations"]] == ["Pawpad"]
    for play, rec in zip(doc["plays"], finished):
        assert games[play["gameRefId"]]["name"] == rec["title"]
        assert play["durationMin"] == round(rec["ms"] / 60000) or rec["ms"] < 60000
        assert play["locationRefId"] == 1
        scores = play["playerScores"]
        # a seat where nobody was named is BG Stats' anonymous player, not its colour
        who = rec.get("people") or [None] * rec["players"]
        assert [people[s["playerRefId"]] for s in scores] == [
            who[i] or "Anonymous player" for i in range(rec["players"])]
        assert [s["seatOrder"] for s in scores] == list(range(1, rec["players"] + 1))
        # the final score: Circus Puppy's points less its cards left
        left = rec.get("left") or [0] * rec["players"]
        assert [s["score"] for s in scores] == [
            str(v - n) for v, n in zip(rec["scores"], left)]
        assert [s["winner"] for s in scores] == [i in rec["winners"]
                                                for i in range(rec["players"])]
        if "places" in rec:
            assert [s["rank"] for s in scores] == rec["places"]
        # the start player: the seat that took the first turn, in Circus Puppy alone
        assert [s["startPlayer"] for s in scores] == [
            i == rec.get("first") for i in range(rec["players"])]
        for s in scores:  # a winner is first, and only a winner
            assert (s["rank"] == 1) == s["winner"] or not rec["winners"], (rec, s)
        # the comment: Circus Puppy's points before the cards left, and a date not the
        # clock's own
        said = play.get("comments", "")
        assert ("points before the cards left" in said) == (rec["game"] == "circus_puppy")
        if "start" in rec:  # when it began, to the second, as BG Stats keeps a play
            assert play["playDate"] == rec["start"] and "clock" not in said
        elif "end" in rec:
            assert play["playDate"] == rec["end"] and "clock" not in said
        elif "date" in rec:  # a record from before the box kept times: its day
            assert play["playDate"] == rec["date"] + " 00:00:00" and "clock" not in said
        else:
            assert play["playDate"] == "2026-12-01 00:00:00" and "clock" in said
    tie = doc["plays"][7]["playerScores"]
    assert [s["rank"] for s in tie] == [1, 1, 3] and [s["winner"] for s in tie] == [
        True, True, False]
    old = doc["plays"][8]["playerScores"]
    assert [s["rank"] for s in old] == [2, 1]
    # a BoardGameGeek id only where the user's table gives one; 0 (never left out) else
    assert [g["bggId"] for g in doc["games"]] == [
        123 if g["name"] == "Top Dog" else 0 for g in doc["games"]]
    # the same history exported again: the same uuids (one play, not two)
    again = export.bgstats(hist, today="2027-01-01", ids={})
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in doc["plays"]]
    json.dumps(doc)  # plain JSON


def test_the_csv_holds_the_same_plays(tmp_path):
    hist = history()
    path = tmp_path / "plays.csv"
    rows = export.write_csv(str(path), hist, today="2026-12-01")
    with open(path, newline="") as f:
        table = list(csv.DictReader(f))
    assert len(table) == rows == sum(r["players"] for r in hist
                                     if not r.get("abandoned") and r["players"] > 1)
    doc = export.bgstats(hist, today="2026-12-01", ids={})
    people = {p["id"]: p["name"] for p in doc["players"]}
    # a seat where nobody was named: its colour in the sheet, anonymous in BG Stats
    finished = [r for r in hist if not r.get("abandoned") and r["players"] > 1]
    flat = [(people[s["playerRefId"]] if people[s["playerRefId"]] != "Anonymous player"
             else rec["colours"][i], s["score"], s["rank"], s["winner"])
            for p, rec in zip(doc["plays"], finished)
            for i, s in enumerate(p["playerScores"])]
    assert [(r["player"], r["score"], int(r["rank"]), r["winner"] == "yes")
            for r in table] == flat
    assert {r["date_known"] for r in table if r["pawpad_id"] == "0000tie1"} == {"no"}
    assert set(table[0]) == set(export.CSV_FIELDS)


def box_folder(tmp_path):
    """A box's folder (the simulator's flash) holding history()."""
    data = tmp_path / "box"
    data.mkdir()
    with open(data / "history.log", "w") as f:
        for rec in history():
            f.write(codec.encode(rec))
    return data


def test_make_export_from_a_folder(tmp_path):
    data = box_folder(tmp_path)
    out = tmp_path / "out"
    export.main(["--data", str(data), "--out", str(out)])
    doc = json.loads((out / "pawpad.bgsplay").read_text())
    assert len(doc["plays"]) == 9
    assert "Ann" in [p["name"] for p in doc["players"]]
    assert (out / "pawpad-plays.csv").read_text().count("\n") == 1 + sum(
        len(p["playerScores"]) for p in doc["plays"])


def test_people_linked_to_bg_stats_players_are_exported_as_those_players(tmp_path):
    # make roster FROM=BGStatsExport.json keeps the link on the box (bgstats.json): the
    # export then names the person as BG Stats does, under that player's uuid, so BG
    # Stats takes them for the player it has, not a new one
    data = box_folder(tmp_path)
    uid = "27C30761-BC35-47E0-AC6D-BF552A6893A1"
    (data / "bgstats.json").write_text(json.dumps({"players": [
        {"name": "Ann", "bgstats": "Ann Hussey", "uuid": uid},
        {"name": "Bob", "bgstats": "Bob", "uuid": "not a uuid"},  # damaged: passed over
        {"name": "Nobody", "bgstats": "N", "uuid": uid.lower()}]}))  # never played
    out = tmp_path / "out"
    export.main(["--data", str(data), "--out", str(out)])
    doc = json.loads((out / "pawpad.bgsplay").read_text())
    by_name = {p["name"]: p for p in doc["players"]}
    assert by_name["Ann Hussey"]["uuid"] == uid and "Ann" not in by_name
    assert by_name["Bob"]["uuid"] == export.stable_uuid("player", "Bob")
    # a file that is not one: said, and everyone gets Pawpad's own uuids
    (data / "bgstats.json").write_text("[1, 2")
    export.main(["--data", str(data), "--out", str(out)])
    doc = json.loads((out / "pawpad.bgsplay").read_text())
    assert "Ann" in {p["name"] for p in doc["players"]}
