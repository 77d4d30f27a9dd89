# cpython only: `make roster FROM=BGStatsExport.json` (tools/install/roster.py with
# install/bgstats.py) offers a BG Stats backup's players by their plays, puts the picked
# ones onto the box under names the box keeps, and links each to its BG Stats player in
# the box's bgstats.json (for make export). The crafted backups here have the shape of
# real ones (public repositories' BGStatsExport.json files; the test at the end reads
# them from /tmp/bgs when they are there).
import binascii
import glob
import io
import json
import os
import sys

from hypothesis import given, settings
from hypothesis import strategies as stg

from install import bgstats
from install import roster as tool
from pawpad.store.catalogues import roster as box_roster
from support.fake_repl import FakeRepl

UUIDS = {  # as the app writes them: lower case on Android, upper case on iOS
    "Alan Hussey": "27c30761-bc35-47e0-ac6d-bf552a6893a1",
    "Bea": "4E474D8E-40E1-44F4-86BE-2BDF0200F577",
    "Gosia Żurek": "12a6b547-53be-43ae-831c-7c668bf2b82e",
    "Anonymous player": "d84e0e24-2fe5-4d16-991b-930e35839d93",
    "Chris (LLU)": "0698e6a1-5835-41a4-84ed-fba5b6f5622f",
    "Cy ": "FEBBDF2F-B6F3-4863-9990-E5C0FD3167B0",
}


def player(pid, name, anonymous=False, uuid=None):
    return {"uuid": uuid or UUIDS.get(name) or "00000000-0000-4000-8000-%012d" % pid,
            "id": pid, "name": name, "isAnonymous": anonymous,
            "modificationDate": "2022-05-30 23:15:14", "bggUsername": "",
            "metaData": '{"bgaUsername":"","yucataUsername":"","isNpc":0}'}


def play(refs, ignored=False):
    return {"uuid": "e4e0cd09-4bac-430e-88c3-ae9a8a12cd%02x" % (len(refs) * 7 % 256),
            "playDate": "2022-02-27 10:00:00", "ignored": ignored, "manualWinner": False,
            "gameRefId": 1, "locationRefId": 1,
            "playerScores": [{"score": "10", "winner": False, "newPlayer": False,
                              "startPlayer": False, "playerRefId": r, "rank": 0,
                              "seatOrder": 0} for r in refs]}


def backup(players, plays):
    return {"tags": [], "groups": [], "players": players, "locations": [], "games": [],
            "plays": plays, "challenges": [], "deletedObjects": [],
            "userInfo": {"meRefId": 1, "bggUsername": "", "appVersion": "v6.14.2 (6140201)"}}


def group_file(tmp_path):
    """Alan: 3 plays (listed twice in one of them: one play); Gosia 2; Bea 1 (and an
    ignored one); Chris and Cy none; the anonymous player in most; a play naming a
    player the file does not have."""
    doc = backup(
        [player(1, "Bea"), player(2, "Alan Hussey"), player(3, "Anonymous player", True),
         player(4, "Gosia Żurek"), player(5, "Chris (LLU)"), player(6, "Cy ")],
        [play([2, 2, 3]), play([2, 4, 3]), play([2, 4, 1, 99]), play([1, 3], ignored=True),
         play([3, 3]), play([1])])
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return str(path)


def links_of(box):
    return json.loads((box / "bgstats.json").read_text())


def test_players_are_offered_most_plays_first_each_play_counted_once(tmp_path, capsys):
    source = group_file(tmp_path)
    group, why = bgstats.read_backup(source)
    assert why is None
    assert [(p.number, p.name, p.plays) for p in group.players] == [
        (1, "Alan Hussey", 3), (2, "Bea", 2), (3, "Gosia Żurek", 2), (4, "Chris (LLU)", 0),
        (5, "Cy ", 0)]  # the same plays: by name; the ignored play is not counted
    assert group.anonymous == 1
    box = tmp_path / "box"
    assert tool.main(["--data", str(box), "--from", source]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line[:1] == " "][1:]
    assert rows == [["1", "Alan", "Hussey", "3", "Alan"], ["2", "Bea", "2", "Bea"],
                    ["3", "Gosia", "Żurek", "2", "Gosia"], ["4", "Chris", "(LLU)", "0", "Chris"],
                    ["5", "Cy", "0", "Cy"]]
    assert "5 players in %s" % source in out and "Anonymous" not in out
    assert not box.exists() or os.listdir(box) == []  # only listed: nothing written


def test_the_anonymous_player_is_never_offered_nor_picked(tmp_path, capsys):
    doc = backup([player(1, "Anonymous player", True), player(2, "Ann"),
                  player(3, "Anonymous player", True, uuid="second"),
                  player(4, "Anonymous player", uuid="00000000-0000-4000-8000-000000000004")],
                 # a person who calls themself that (isAnonymous false): a person
                 [play([1, 2, 3])])
    doc["deletedObjects"] = [{"uuid": UUIDS["Anonymous player"], "objectType": "Play"}]
    source = tmp_path / "b.json"
    source.write_text(json.dumps(doc))
    group, _ = bgstats.read_backup(str(source))
    assert [p.name for p in group.players] == ["Ann", "Anonymous player"]
    assert group.players[1].uuid == "00000000-0000-4000-8000-000000000004"
    box = tmp_path / "box"
    assert tool.main(["--data", str(box), "--from", str(source), "--pick", "1,2"]) == 0
    assert [e["uuid"] for e in links_of(box)["players"]] == [
        "00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000004"]
    # a player BG Stats deleted is not offered either
    doc["deletedObjects"].append({"uuid": "00000000-0000-4000-8000-000000000004",
                                  "objectType": "Player"})
    source.write_text(json.dumps(doc))
    assert [p.name for p in bgstats.read_backup(str(source))[0].players] == ["Ann"]


def test_a_damaged_file_or_one_that_is_no_backup_changes_nothing(tmp_path, capsys,
                                                                   monkeypatch):
    box = tmp_path / "box"
    assert tool.main(["--data", str(box), "--from", group_file(tmp_path), "--pick", "1"]) == 0
    before = {n: (box / n).read_bytes() for n in os.listdir(box)}
    capsys.readouterr()
    whole = (tmp_path / "BGStatsExport.json").read_bytes()
    bad = {"cut.json": whole[:len(whole) // 2], "empty.json": b"", "text.json": b"hello",
           "list.json": b"[1, 2]", "binary.json": b"\xff\xfe\x00\x81",
           "deep.json": b"[" * 100000, "no-plays.json": b'{"players": []}',
           "players-not-a-list.json": b'{"players": {"a": 1}, "plays": []}',
           "export.bgsplay.json": json.dumps({"about": "x", "plays": []}).encode()}
    for name, raw in bad.items():
        (tmp_path / name).write_bytes(raw)
    (tmp_path / "a-folder.json").mkdir()
    for name in list(bad) + ["a-folder.json", "missing.json"]:
        code = tool.main(["--data", str(box), "--from", str(tmp_path / name), "--pick", "1",
                          "--add", "Zed", "--remove", "Alan"])
        out = capsys.readouterr().out
        assert code == 1, name
        assert out.count("\n") == 1 and name in out and "nothing changed" in out, out
        assert "Traceback" not in out
        assert {n: (box / n).read_bytes() for n in os.listdir(box)} == before, name
    # over mpremote the box is not even asked

    def run(cmd, **kw):
        raise AssertionError("the box was asked")

    monkeypatch.setattr(tool.subprocess, "run", run)
    assert tool.main(["--port", "/dev/null", "--from", str(tmp_path / "cut.json")]) == 1
    # and PICK without FROM is said, not guessed at
    assert tool.main(["--port", "/dev/null", "--pick", "1"]) == 1
    assert "give FROM=" in capsys.readouterr().out


def test_a_player_of_the_wrong_shape_is_left_out_and_said(tmp_path, capsys):
    doc = backup([player(1, "Ann"), "Bob", {"name": "Cy"}, {"name": 7, "uuid": "u"},
                  player(5, "  ")], [play([1, "1", None]), "x", {"playerScores": 3}])
    source = tmp_path / "b.json"
    source.write_text(json.dumps(doc))
    group, why = bgstats.read_backup(str(source))
    assert why is None and [(p.name, p.plays) for p in group.players] == [("Ann", 1)]
    assert group.left_out == 4
    assert tool.main(["--data", str(tmp_path / "box"), "--from", str(source)]) == 0
    assert "left out: 4 entries that are no player" in capsys.readouterr().out


def check_names(chosen, taken=()):
    names = [n for n, _ in chosen.values()]
    assert all(box_roster.valid(n) for n in names), names
    assert len({n.lower() for n in names}) == len(names), names
    for n, state in chosen.values():
        on_box = n.lower() in {t.lower() for t in taken}
        assert on_box == (state != bgstats.NEW), (n, state)
    return names


def fake_group(names):
    players = [bgstats.Player(n, "uuid-%d" % i, len(names) - i, i)
               for i, n in enumerate(names)]
    return bgstats.Group(players)


def test_every_box_name_made_is_valid_and_unique(tmp_path):
    odd = ["李明", "🤖", "()", "---", "...", "'", "Red", "red", "Blue Smith", "Yellow",
           "Alan Hussey", "Alan Hussey ", "alan hussey", "Madrileña", "Jørgen ",
           "Sława Żurek", "Bobae ,(Llu)", "Andy (Yohan's Cousin)", "-A1", "=SUM(A1)",
           "Jo Ann", "Mr. T", "Game2 🤖", "Ørjan", "ß", " ", "Player", "Player Two"]
    chris = ["Chris %s" % s for s in "ABCDEFGHIJKLMNOPQRST"]
    for names in (odd, chris, odd + chris + chris):
        group = fake_group(names)
        for taken in ([], ["Chris", "Player", "Alan", "ChrisA", "Red2"]):
            chosen = bgstats.box_names(group.players, taken, [])
            made = check_names(chosen, taken)
            assert len(made) == len(names)
    chosen = bgstats.box_names(fake_group(odd).players, [], [])
    got = {p: chosen["uuid-%d" % i][0] for i, p in enumerate(odd)}
    assert got["李明"] == "Player" and got["🤖"] == "Playe2"  # no letter the box has
    assert got["Red"] == "Red2" and got["Blue Smith"] == "BlueS" and got["Yellow"] == "Yello2"
    assert got["Alan Hussey"] == "Alan" and got["Alan Hussey "] == "AlanH"
    assert got["Madrileña"] == "Madril" and got["Jørgen "] == "Jorgen"
    assert got["Sława Żurek"] == "Slawa" and got["Ørjan"] == "Orjan"
    assert got["Jo Ann"] == "Jo Ann" and got["Mr. T"] == "Mr. T"  # whole, as they are
    assert got["-A1"] == "A1" and got["=SUM(A1)"] == "SUMA1"  # no name begins like a formula
    chosen = bgstats.box_names(fake_group(chris).players, ["Chris"], [])
    assert [n for n, _ in chosen.values()][:3] == ["Chris", "ChrisB", "ChrisC"]
    assert chosen["uuid-0"][1] == bgstats.UNLINKED  # the box's Chris: linked, not doubled


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(stg.lists(stg.text(max_size=30), min_size=1, max_size=40),
       stg.lists(stg.sampled_from(["Ann", "Bob", "Chris", "Player", "Al", "x1"]),
                 unique=True))
def test_box_names_of_any_names_are_valid_and_unique(names, taken):
    chosen = bgstats.box_names(fake_group(names).players, taken, [])
    assert len(check_names(chosen, taken)) == len(names)


def test_pick_by_number_by_name_and_with_a_box_name_of_one_s_own(tmp_path, capsys):
    source = group_file(tmp_path)
    box = tmp_path / "box"
    args = ["--data", str(box), "--from", source]
    assert tool.main(args + ["--pick", "2, alan hussey ,Gosia Żurek=Gosi"]) == 0
    assert json.loads((box / "players.json").read_text())["names"] == ["Bea", "Alan", "Gosi"]
    assert links_of(box) == {"players": [
        {"name": "Bea", "bgstats": "Bea", "uuid": UUIDS["Bea"]},
        {"name": "Alan", "bgstats": "Alan Hussey", "uuid": UUIDS["Alan Hussey"]},
        {"name": "Gosi", "bgstats": "Gosia Żurek", "uuid": UUIDS["Gosia Żurek"]}]}
    out = capsys.readouterr().out
    assert "Alan Hussey is Alan on the box" in out and "Gosia Żurek is Gosi on the box" in out
    # what cannot be picked is said, and the rest goes on
    assert tool.main(args + ["--pick", "9,Nobody,Cy=Red,Chris (LLU)=Sebastian,5=,"
                                       "Chris (LLU)=Ch"]) == 1
    out = capsys.readouterr().out
    assert "no player number 9 (the list has 5)" in out
    assert "no player called Nobody" in out
    assert "Cy=Red: Not a name the box can keep" in out
    assert "Chris (LLU)=Sebastian: Not a name" in out and "5=: no box name after =" in out
    assert "Chris (LLU) is picked twice (as Sebastian and as Ch): the first is taken" in out
    assert json.loads((box / "players.json").read_text())["names"] == ["Bea", "Alan", "Gosi"]
    # a name asked for that is another's
    assert tool.main(args + ["--pick", "Cy =Alan"]) == 1
    assert "Cy=Alan: Alan is on the box as Alan Hussey of BG Stats" in \
        capsys.readouterr().out
    assert tool.main(args + ["--pick", "1=Al"]) == 1  # Alan Hussey is Alan already
    assert "REMOVE=Alan first" in capsys.readouterr().out
    # the listing says who is on the box
    assert tool.main(args) == 0
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()
            if line[:2] == "  "}
    assert rows["1"].endswith("Alan    on the box") and rows["5"].rstrip().endswith("Cy")


def test_two_players_alike_but_for_case_are_picked_by_number(tmp_path, capsys):
    doc = backup([player(1, "Hayden Tank"), player(2, "Hayden Tank "),
                  player(3, "hayden tank")], [play([1, 2]), play([1])])
    source = tmp_path / "b.json"
    source.write_text(json.dumps(doc))
    box = tmp_path / "box"
    args = ["--data", str(box), "--from", str(source)]
    assert tool.main(args + ["--pick", "HAYDEN TANK"]) == 1
    assert "HAYDEN TANK is 3 players of the file (numbers 1, 2, 3): pick one by its " \
        "number" in capsys.readouterr().out
    assert not box.exists() or not os.listdir(box)
    assert tool.main(args + ["--pick", "Hayden Tank,2,3"]) == 0  # the exact name is one
    assert json.loads((box / "players.json").read_text())["names"] == [
        "Hayden", "HaydeT", "hayde2"]
    assert [e["bgstats"] for e in links_of(box)["players"]] == [
        "Hayden Tank", "Hayden Tank ", "hayden tank"]  # exactly as the file has them


def test_the_link_file_is_written_whole_and_read_back(tmp_path):
    source = group_file(tmp_path)
    box = tmp_path / "box"
    assert tool.main(["--data", str(box), "--from", source, "--pick", "1,Cy "]) == 0
    raw = (box / "bgstats.json").read_bytes()
    assert raw == (b'{"players": [{"name": "Alan", "bgstats": "Alan Hussey", "uuid": '
                   b'"27c30761-bc35-47e0-ac6d-bf552a6893a1"}, {"name": "Cy", "bgstats": '
                   b'"Cy ", "uuid": "FEBBDF2F-B6F3-4863-9990-E5C0FD3167B0"}]}')
    links, why = bgstats.read_links(raw)
    assert why is None and [link.as_json() for link in links] == json.loads(raw)["players"]
    assert sorted(os.listdir(box)) == ["bgstats.json", "players.json"]  # no .tmp left
    # the box's own reader takes the roster beside it
    assert box_roster.check(json.loads((box / "players.json").read_text())) is None


def test_running_again_changes_nothing(tmp_path, capsys):
    source = group_file(tmp_path)
    box = tmp_path / "box"
    args = ["--data", str(box), "--from", source, "--pick", "1,2,3"]
    assert tool.main(args) == 0
    first = {n: (box / n).read_bytes() for n in os.listdir(box)}
    capsys.readouterr()
    assert tool.main(args) == 0
    assert capsys.readouterr().out.count("on the box already") == 3
    assert {n: (box / n).read_bytes() for n in os.listdir(box)} == first
    assert tool.main(args[:4] + ["--pick", "Alan Hussey,alan hussey,1"]) == 0
    assert {n: (box / n).read_bytes() for n in os.listdir(box)} == first


def test_a_name_on_the_box_already_is_linked_not_doubled(tmp_path, capsys):
    source = group_file(tmp_path)
    box = tmp_path / "box"
    assert tool.main(["--data", str(box), "--add", "Alan,gosia,Bob"]) == 0
    assert tool.main(["--data", str(box), "--from", source]) == 0
    out = capsys.readouterr().out
    assert "Alan    on the box, not linked yet" in out
    assert "gosia   on the box, not linked yet" in out  # the box's spelling
    assert tool.main(["--data", str(box), "--from", source, "--pick", "1,3,Bea=Bob"]) == 0
    assert "Alan Hussey is Alan on the box, linked" in capsys.readouterr().out
    assert json.loads((box / "players.json").read_text())["names"] == ["Alan", "gosia", "Bob"]
    assert [(e["name"], e["bgstats"]) for e in links_of(box)["players"]] == [
        ("Alan", "Alan Hussey"), ("gosia", "Gosia Żurek"), ("Bob", "Bea")]


def test_a_full_roster_says_so(tmp_path, capsys):
    source = group_file(tmp_path)
    box = tmp_path / "box"
    sixteen = ["N%d" % i for i in range(15)] + ["Bea"]
    assert tool.main(["--data", str(box), "--add", ",".join(sixteen)]) == 0
    before = (box / "players.json").read_bytes()
    assert tool.main(["--data", str(box), "--from", source]) == 0
    assert "the box has 16 names, the most it keeps" in capsys.readouterr().out
    assert tool.main(["--data", str(box), "--from", source, "--pick", "1,2"]) == 1
    out = capsys.readouterr().out
    assert "Alan Hussey not put on as Alan: 16 names at most (REMOVE= one first)" in out
    assert "Bea is Bea on the box, linked" in out  # a name there already: linked all the same
    assert (box / "players.json").read_bytes() == before
    assert [e["name"] for e in links_of(box)["players"]] == ["Bea"]


def test_remove_takes_the_link_with_the_name(tmp_path):
    source = group_file(tmp_path)
    box = tmp_path / "box"
    assert tool.main(["--data", str(box), "--from", source, "--pick", "1,2"]) == 0
    assert tool.main(["--data", str(box), "--remove", "Alan"]) == 0
    assert json.loads((box / "players.json").read_text())["names"] == ["Bea"]
    assert [e["name"] for e in links_of(box)["players"]] == ["Bea"]
    # added again under the same name: a new link, to the same player
    assert tool.main(["--data", str(box), "--add", "Alan"]) == 0
    assert tool.main(["--data", str(box), "--from", source, "--pick", "1"]) == 0
    assert [e["uuid"] for e in links_of(box)["players"]] == [UUIDS["Bea"],
                                                             UUIDS["Alan Hussey"]]


def test_a_damaged_link_file_is_kept_aside_and_its_good_links_go_on(tmp_path, capsys):
    source = group_file(tmp_path)
    box = tmp_path / "box"
    assert tool.main(["--data", str(box), "--from", source, "--pick", "1,2"]) == 0
    damaged = json.dumps({"players": [{"name": "Alan", "bgstats": "Alan Hussey",
                                       "uuid": UUIDS["Alan Hussey"]}, 7, {"name": "Bea"},
                                      {"name": "Gone", "bgstats": "G", "uuid": "g"}]})
    (box / "bgstats.json").write_text(damaged)
    assert tool.main(["--data", str(box)]) == 1  # only read: said, left as it is
    assert "bgstats.json has 2 entries that are no link" in capsys.readouterr().out
    assert (box / "bgstats.json").read_text() == damaged
    assert tool.main(["--data", str(box), "--from", source, "--pick", "2"]) == 1
    assert "kept as bgstats.json.bad" in capsys.readouterr().out
    assert (box / "bgstats.json.bad").read_text() == damaged
    assert [e["name"] for e in links_of(box)["players"]] == ["Alan", "Bea"]
    for raw in (b"{not json", b"\xff", b"[]", b'{"players": 3}', b"x" * 20000):
        (box / "bgstats.json").write_bytes(raw)
        assert tool.main(["--data", str(box), "--from", source, "--pick", "1"]) == 1
        assert "Traceback" not in capsys.readouterr().out
        assert links_of(box)["players"][0]["name"] == "Alan"
    # a folder in its place: nothing written, neither file
    (box / "bgstats.json").unlink()
    (box / "bgstats.json").mkdir()
    names = (box / "players.json").read_bytes()
    assert tool.main(["--data", str(box), "--from", source, "--pick", "3"]) == 1
    assert "move the folder away first" in capsys.readouterr().out
    assert (box / "players.json").read_bytes() == names and not os.listdir(box / "bgstats.json")


def test_over_mpremote_both_files_are_read_and_written_whole(tmp_path, monkeypatch):
    source = group_file(tmp_path)
    device = tmp_path / "device"
    device.mkdir()
    monkeypatch.setattr(tool, "DEVICE_DIR", str(device))
    (device / "players.json").write_text('{"names": ["Alan"], "seats": ["Alan"]}')
    calls = []

    class Done:
        returncode = 0
        stderr = ""

    def run(cmd, **kw):
        done = Done()
        done.stdout = ""
        if "PAWPAD-CLOCK" in " ".join(cmd) or any(a.endswith("/history.log") for a in cmd):
            return done  # the history dated first (install/dating.py): test_dating's
        calls.append(cmd)
        if "cp" not in cmd:  # the probe: what the box says of its two files
            for name, tag in tool.TAGS.items():
                p = device / name
                done.stdout += "%s %s\n" % (tag, "hex " + binascii.hexlify(
                    p.read_bytes()).decode() if p.exists() else "none")
            return done
        steps = " ".join(cmd).split(" + ")
        for i, a in enumerate(cmd):
            if a == "cp":  # onto name.tmp: renamed by the exec that follows
                assert cmd[i + 2].endswith(".tmp")
                (device / os.path.basename(cmd[i + 2][1:])).write_bytes(
                    open(cmd[i + 1], "rb").read())
        rename = cmd[cmd.index("exec", cmd.index("cp")) + 1]
        assert "os.rename" in rename and any(s.startswith("exec import os") for s in steps)
        exec(rename, {})  # the same renames, here
        return done

    monkeypatch.setattr(tool.subprocess, "run", run)
    repl = FakeRepl()
    try:
        port = ["--port", repl.path, "--mpremote", "mp"]
        assert tool.main(port + ["--from", source, "--pick", "1,2"]) == 0
        assert sorted(os.listdir(device)) == ["bgstats.json", "players.json"]
        assert json.loads((device / "players.json").read_text()) == {
            "names": ["Alan", "Bea"], "seats": ["Alan"]}
        assert [e["name"] for e in json.loads((device / "bgstats.json").read_text())[
            "players"]] == ["Alan", "Bea"]
        assert calls[1][-2:] == ["rtc", "--set"] and repl.started == 1
        del calls[:]
        assert tool.main(port + ["--from", source, "--pick", "1,2"]) == 0
        assert len(calls) == 1  # nothing to change: only read
        assert tool.main(port + ["--remove", "Bea"]) == 0
        cp = calls[-1]
        assert [cp[i + 2] for i, a in enumerate(cp) if a == "cp"] == [
            ":%s/players.json.tmp" % device, ":%s/bgstats.json.tmp" % device]
        assert [e["name"] for e in json.loads((device / "bgstats.json").read_text())[
            "players"]] == ["Alan"]
    finally:
        repl.close()


def test_a_name_the_terminal_cannot_show_is_printed_all_the_same(tmp_path, monkeypatch):
    doc = backup([player(1, "Game2 🤖"), player(2, "Ørjan")], [play([1, 2])])
    source = tmp_path / "b.json"
    source.write_text(json.dumps(doc))
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", out)
    assert tool.main(["--data", str(tmp_path / "box"), "--from", str(source)]) == 0
    out.flush()
    text = out.buffer.getvalue().decode("ascii")
    assert "Game2 ?" in text and "?rjan" in text and "Orjan" in text


REAL = sorted(glob.glob("/tmp/bgs/*.json"))


def test_real_backups(tmp_path, capsys):
    """Every real backup there is (public repositories' BGStatsExport.json files, kept
    out of this repository: their groups' own data): its players offered as an
    independent count has them, and sixteen of them put on and linked exactly."""
    if not REAL:
        import pytest
        pytest.skip("no real BG Stats backups in /tmp/bgs")
    for path in REAL:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        group, why = bgstats.read_backup(path)
        assert why is None, (path, why)
        people = {p["id"]: p for p in doc["players"] if not p["isAnonymous"]}
        plays = {i: 0 for i in people}
        for pl in doc["plays"]:
            if not pl.get("ignored"):
                for ref in {s["playerRefId"] for s in pl["playerScores"]}:
                    if ref in plays:
                        plays[ref] += 1
        assert sorted((p.uuid, p.plays) for p in group.players) == sorted(
            (people[i]["uuid"], n) for i, n in plays.items()), path
        assert [p.plays for p in group.players] == sorted(plays.values(), reverse=True)
        assert all(not p.name.lower().startswith("anonymous player") or p.uuid in
                   {q["uuid"] for q in people.values()} for p in group.players)
        check_names(bgstats.box_names(group.players, [], []))
        box = tmp_path / os.path.basename(path)
        assert tool.main(["--data", str(box), "--from", path]) == 0
        assert "Traceback" not in capsys.readouterr().out
        pick = ",".join(str(n) for n in range(1, 17))
        assert tool.main(["--data", str(box), "--from", path, "--pick", pick]) == 0
        names = json.loads((box / "players.json").read_text())["names"]
        assert len(names) == 16 and box_roster.check({"names": names}) is None
        links = links_of(box)["players"]
        assert [e["name"] for e in links] == names
        assert [(e["bgstats"], e["uuid"]) for e in links] == [
            (p.name, p.uuid) for p in group.players[:16]]
        first = (box / "bgstats.json").read_bytes()
        assert tool.main(["--data", str(box), "--from", path, "--pick", pick]) == 0
        assert (box / "bgstats.json").read_bytes() == first
        if len(group.players) > 16:
            assert tool.main(["--data", str(box), "--from", path, "--pick", "17"]) == 1
            assert "16 names at most" in capsys.readouterr().out


def test_a_damaged_roster_is_written_anew_with_its_good_names_and_the_picked(tmp_path,
                                                                             capsys):
    source = group_file(tmp_path)
    box = tmp_path / "box"
    box.mkdir()
    bad = json.dumps({"names": ["Ann", "Red", "Ann"], "seats": ["Zed"]})
    (box / "players.json").write_text(bad)
    assert tool.main(["--data", str(box), "--from", source, "--pick", "1"]) == 1
    out = capsys.readouterr().out
    assert "a new one with its good names, Ann" in out and "kept as players.json.bad" in out
    assert json.loads((box / "players.json").read_text()) == {"names": ["Ann", "Alan"],
                                                              "seats": []}
    assert (box / "players.json.bad").read_text() == bad
    assert [e["name"] for e in links_of(box)["players"]] == ["Alan"]
